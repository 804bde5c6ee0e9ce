// SPDX-License-Identifier: Apache-2.0 OR MIT
// Pippenger's bucket method ("On the evaluation of powers and related problems", FOCS 1976; the
// form of Bernstein et al., "Faster batch forgery identification", eprint 2012/549, Sec. 4) with
// signed digits: each c-bit window digit is taken in [-2^(c-1), 2^(c-1)], so a window needs only
// 2^(c-1) buckets and a negative digit subtracts the (affine, free to negate) base.
//   1. Split the scalars into trivial (0: skip; 1: add the base to a running sum) and the rest.
//   2. Each thread takes a contiguous slice of the rest and, per window from the top, fills the
//      buckets with mixed additions, then folds them with the running-sum trick
//      (sum_b b * B_b = sum of suffix sums, 2 additions per bucket).
//   3. Slices' results and the trivial sum are added.
#include "msm/pippenger.h"

#include <algorithm>
#include <array>
#include <vector>

#include "base/parallel.h"

namespace cuzk::msm {
namespace {

using Scalar = ff::Limbs<4>;  // canonical little-endian
constexpr unsigned kScalarBits = 255;

// Signed digits of a scalar in base 2^c, least significant first; `out` needs ceil(256/c)+1 slots.
void SignedDigits(const Scalar& k, unsigned c, int32_t* out, size_t windows) {
  int64_t carry = 0;
  for (size_t w = 0; w < windows; ++w) {
    size_t bit = w * c;
    uint64_t raw = 0;
    if (bit < 256) {
      size_t limb = bit / 64, shift = bit % 64;
      raw = k[limb] >> shift;
      if (shift + c > 64 && limb + 1 < 4) raw |= k[limb + 1] << (64 - shift);
      raw &= (uint64_t{1} << c) - 1;
    }
    int64_t digit = static_cast<int64_t>(raw) + carry;
    carry = 0;
    if (digit > (int64_t{1} << (c - 1))) {
      digit -= int64_t{1} << c;
      carry = 1;
    }
    out[w] = static_cast<int32_t>(digit);
  }
}

template <typename Curve>
ec::Jacobian<Curve> PippengerSlice(std::span<const ec::Affine<Curve>> bases,
                                   std::span<const Scalar> scalars, unsigned c) {
  using Point = ec::Jacobian<Curve>;
  size_t windows = (kScalarBits + c - 1) / c + 1;  // +1 for the final carry
  std::vector<int32_t> digits(scalars.size() * windows);
  for (size_t i = 0; i < scalars.size(); ++i) SignedDigits(scalars[i], c, &digits[i * windows], windows);
  std::vector<Point> buckets(size_t{1} << (c - 1));
  Point acc;
  for (size_t w = windows; w-- > 0;) {
    for (unsigned i = 0; i < c; ++i) acc = acc.Double();
    std::fill(buckets.begin(), buckets.end(), Point::Identity());
    for (size_t i = 0; i < scalars.size(); ++i) {
      int32_t d = digits[i * windows + w];
      if (d > 0) buckets[d - 1] += bases[i];
      if (d < 0) buckets[-d - 1] += -bases[i];
    }
    Point running, window_sum;
    for (size_t b = buckets.size(); b-- > 0;) {
      running += buckets[b];
      window_sum += running;
    }
    acc += window_sum;
  }
  return acc;
}

template <typename Curve>
ec::Jacobian<Curve> Msm(std::span<const ec::Affine<Curve>> bases, std::span<const Fr> scalars,
                        size_t threads) {
  using Point = ec::Jacobian<Curve>;
  using Affine = ec::Affine<Curve>;
  if (threads == 0) threads = HardwareThreads();
  size_t n = std::min(bases.size(), scalars.size());
  // 1. Canonical scalars; ones summed per thread, zeros dropped.
  std::vector<Scalar> rest_scalars;
  std::vector<Affine> rest_bases;
  rest_scalars.reserve(n);
  rest_bases.reserve(n);
  std::vector<Point> ones_sums(threads);
  std::vector<std::vector<size_t>> rest_index(threads);
  size_t chunk = (n + threads - 1) / std::max<size_t>(threads, 1);
  ParallelFor(threads, threads, [&](size_t t0, size_t t1) {
    for (size_t t = t0; t < t1; ++t) {
      size_t begin = std::min(n, t * chunk), end = std::min(n, begin + chunk);
      for (size_t i = begin; i < end; ++i) {
        if (scalars[i].IsZero() || bases[i].infinity) continue;
        if (scalars[i].IsOne()) {
          ones_sums[t] += bases[i];
        } else {
          rest_index[t].push_back(i);
        }
      }
    }
  });
  for (const auto& idx : rest_index) {
    for (size_t i : idx) {
      rest_scalars.push_back(scalars[i].ToCanonical());
      rest_bases.push_back(bases[i]);
    }
  }
  Point total;
  for (const Point& p : ones_sums) total += p;
  if (rest_scalars.empty()) return total;
  // 2. Pippenger on slices of the rest.
  unsigned c = WindowBits(rest_scalars.size() / threads + 1);
  std::vector<Point> partial(threads);
  size_t m = rest_scalars.size();
  size_t slice = (m + threads - 1) / threads;
  ParallelFor(threads, threads, [&](size_t t0, size_t t1) {
    for (size_t t = t0; t < t1; ++t) {
      size_t begin = std::min(m, t * slice), end = std::min(m, begin + slice);
      if (begin == end) continue;
      partial[t] = PippengerSlice<Curve>(std::span(rest_bases).subspan(begin, end - begin),
                                         std::span(rest_scalars).subspan(begin, end - begin), c);
    }
  });
  // 3. Combine.
  for (const Point& p : partial) total += p;
  return total;
}

}  // namespace

unsigned WindowBits(size_t n) {
  // Cost per slice ~ (256/c) (n + 2^c): the minimum sits near c = log2(n) - 3.
  unsigned log_n = 0;
  while ((size_t{1} << (log_n + 1)) <= n) ++log_n;
  return std::clamp<unsigned>(log_n > 3 ? log_n - 3 : 1, 2, 18);
}

ec::G1 MsmG1(std::span<const ec::G1Affine> bases, std::span<const Fr> scalars, size_t threads) {
  return Msm<ec::G1Curve>(bases, scalars, threads);
}

ec::G2 MsmG2(std::span<const ec::G2Affine> bases, std::span<const Fr> scalars, size_t threads) {
  return Msm<ec::G2Curve>(bases, scalars, threads);
}

}  // namespace cuzk::msm
