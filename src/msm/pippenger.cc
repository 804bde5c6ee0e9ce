// SPDX-License-Identifier: Apache-2.0 OR MIT
// Pippenger's bucket method ("On the evaluation of powers and related problems", FOCS 1976; the
// form of Bernstein et al., "Faster batch forgery identification", eprint 2012/549, Sec. 4) with
// signed digits: each c-bit window digit is taken in [-2^(c-1), 2^(c-1)], so a window needs only
// 2^(c-1) buckets and a negative digit subtracts the (affine, free to negate) base.
//   1. Split the scalars into trivial (0: skip; 1: the base joins a batch-affine pairwise sum,
//      AffineSummer) and the rest, copying the rest's bases. When a sample finds at most 10%
//      trivial scalars, skip the split: every scalar takes step 2 on the caller's bases
//      (DenseMsm).
//   2. Each thread takes a range of windows of a contiguous slice of the rest (SplitFor: with
//      few threads, all points and a share of the windows) and, per window from the bottom,
//      fills the buckets (keeping one carry byte per point for the signed digits; the carry
//      into the range's first window comes from one comparison, CarryIntoWindow), then folds them
//      with the running-sum trick (sum_b b * B_b = sum of suffix sums, 2 additions per bucket;
//      from 2^11 affine buckets on, run on segments side by side so that those additions too
//      share inversions, FoldAffineBuckets).
//      Wide windows fill affine buckets in batches that share one field inversion (Montgomery's
//      trick; the "batch affine" method of gnark-crypto and of Aranha et al., eprint
//      2022/1396): ~6 multiplications per addition instead of 11 for a mixed Jacobian
//      addition; windows of fewer than 2^7 buckets use Jacobian buckets. The carry window above
//      the top digit is skipped when nothing carries into it.
//   3. The window sums of all slices are combined by Horner's rule and the trivial sum added.
// The batch inversions run in variable time (Bernstein-Yang, ff/modinv.h, ~9x faster than
// Fermat): the bases are public parameters and the scalars a Filecoin witness, which a PoRep or
// PoSt proof does not hide.
#include "msm/pippenger.h"

#include <algorithm>
#include <array>
#include <span>
#include <type_traits>
#include <vector>

#include "base/parallel.h"
#include "msm/batch_affine.h"

namespace cuzk::msm {
namespace {

using detail::AffineBatchSize;
using detail::AffineBuckets;
using detail::AffineSummer;
using detail::FoldAffineBuckets;
using detail::FoldBuckets;
using detail::kSegmentedFoldMinBuckets;

using Scalar = ff::Limbs<4>;  // canonical little-endian
constexpr unsigned kScalarBits = 255;

// Returns bits [w c, w c + c) of the scalar.
inline uint64_t WindowBitsOf(const Scalar& k, unsigned c, size_t w) {
  size_t bit = w * c;
  if (bit >= 256) return 0;
  size_t limb = bit / 64, shift = bit % 64;
  uint64_t raw = k[limb] >> shift;
  if (shift + c > 64 && limb + 1 < 4) raw |= k[limb + 1] << (64 - shift);
  return raw & ((uint64_t{1} << c) - 1);
}

// Windows with at least this many buckets may use affine buckets (WindowBits weighs them); with
// fewer, a batch large enough to amortize its inversion would keep colliding with itself.
// Lowered from 2^13 to 2^9 on measurement (2^16 points 424 -> 325 ms, 2^20 points with 90%
// scalars 0/1 810 -> 654 ms), and to 2^7 with batches from 32 once inversions became ~7x
// cheaper (InverseVartime): 2^16 points 236 -> 230 ms, G2 2^16 695 -> 673 ms.
constexpr size_t kAffineMinBuckets = 1 << 7;

// Returns the estimated cost of one c-bit window over a slice of n points, in
// Fp-multiplication equivalents calibrated on the 2-core EPYC VM (perf: the multiplications are
// ~75% of the time):
//   n * (per addition + 0.5 per point for its digit) + buckets * per bucket to fold,
// an addition costing ~8.5 in an affine bucket plus its share of the batch's inversion (~70),
// or ~12 in a Jacobian one; folding ~14.5 per bucket in segments, else ~27. Above c = 16 the
// buckets (2^(c-1) affine points per thread) outgrow the caches: on 2^21 points per thread,
// c = 15-16 took 15.5-16 s against 17.5 s for c = 18. The choices of WindowBits, measured:
// 2^15 random points per thread c = 13 (12: +8%, 14: +4%); 3,300 points c = 10 (9, Jacobian:
// +17%).
double WindowCost(size_t n, unsigned c) {
  size_t buckets = size_t{1} << (c - 1);
  bool affine = buckets >= kAffineMinBuckets;
  double per_addition = affine ? 8.5 + 70.0 / static_cast<double>(AffineBatchSize(buckets)) : 12;
  double per_bucket = affine && buckets >= kSegmentedFoldMinBuckets ? 14.5 : 27;
  return static_cast<double>(n) * (per_addition + 0.5) + static_cast<double>(buckets) * per_bucket;
}

// Whether the signed-digit recoding of a scalar carries into window w (digits in
// [-2^(c-1) + 1, 2^(c-1)], as PippengerWindows makes them). The digits below w represent
// L = k mod 2^(w c) as S + carry 2^(w c) with S between -(2^(c-1) - 1) M and 2^(c-1) M,
// M = (2^(w c) - 1) / (2^c - 1); those two ranges, shifted by the carry, do not overlap, so the
// carry is 1 iff L > 2^(c-1) M = sum_{j<w} 2^(j c + c - 1). A thread that starts at window w
// thus needs no pass over the windows below.
class CarryIntoWindow {
 public:
  CarryIntoWindow(unsigned c, size_t w) {
    size_t bits = w * c;  // < 256: w is below the carry window
    for (size_t i = 0; i < bits; ++i) mask_[i / 64] |= uint64_t{1} << (i % 64);
    for (size_t j = 0; j < w; ++j) {
      size_t bit = j * c + c - 1;
      threshold_[bit / 64] |= uint64_t{1} << (bit % 64);
    }
  }
  // Returns the carry of scalar k into the window.
  bool operator()(const Scalar& k) const {
    for (size_t i = 4; i-- > 0;) {
      uint64_t low = k[i] & mask_[i];
      if (low != threshold_[i]) return low > threshold_[i];
    }
    return false;
  }

 private:
  Scalar mask_{}, threshold_{};
};

// Sums the windows [first, end) of one slice: window_sums[w - first] = sum over the slice of
// digit_w(k_i) * P_i, without the 2^(w c) weight. `end` = ScalarWindows(c) includes the carry
// window (usually empty).
template <typename Curve>
void PippengerWindows(std::span<const ec::Affine<Curve>> bases, std::span<const Scalar> scalars,
                      unsigned c, size_t first, size_t end,
                      std::span<ec::Jacobian<Curve>> window_sums) {
  using Point = ec::Jacobian<Curve>;
  size_t bucket_count = size_t{1} << (c - 1);
  std::vector<Point> jacobian(bucket_count);
  AffineBuckets<Curve> batched(bucket_count >= kAffineMinBuckets ? bucket_count : 0);
  // Windows are summed from the bottom so each point needs only its signed-digit carry (one
  // byte) instead of all its digits.
  std::vector<uint8_t> carry(scalars.size(), 0);
  uint8_t any_carry = 0;  // whether some point carries into window w
  if (first > 0) {
    CarryIntoWindow carry_into(c, first);
    for (size_t i = 0; i < scalars.size(); ++i) {
      carry[i] = carry_into(scalars[i]);
      any_carry |= carry[i];
    }
  }
  const int64_t half = int64_t{1} << (c - 1);
  for (size_t w = first; w < end; ++w) {
    Point& window_sum = window_sums[w - first];
    // The top windows see only the scalars' last few bits (plus a carry), hence few distinct
    // buckets: batches there would collide with themselves, so they stay Jacobian.
    size_t bits_left = kScalarBits > w * c ? kScalarBits - w * c : 0;
    if (bits_left == 0 && !any_carry) continue;  // the carry window, empty
    any_carry = 0;
    size_t used_buckets = bits_left >= c ? bucket_count : (size_t{1} << bits_left) + 1;
    bool affine = used_buckets >= kAffineMinBuckets;
    if (affine) {
      batched.Reset();
    } else {
      std::fill(jacobian.begin(), jacobian.end(), Point::Identity());
    }
    constexpr size_t kAhead = 16;  // points between a bucket's prefetch and its Add
    for (size_t i = 0; i < scalars.size(); ++i) {
      if (affine && i + kAhead < scalars.size()) {
        // The carry into this window of point i + kAhead is already known.
        int64_t ahead =
            static_cast<int64_t>(WindowBitsOf(scalars[i + kAhead], c, w)) + carry[i + kAhead];
        if (ahead > half) ahead -= int64_t{1} << c;
        if (ahead != 0) batched.Prefetch(static_cast<uint32_t>((ahead > 0 ? ahead : -ahead) - 1));
      }
      int64_t d = static_cast<int64_t>(WindowBitsOf(scalars[i], c, w)) + carry[i];
      carry[i] = d > half;
      any_carry |= carry[i];
      if (carry[i]) d -= int64_t{1} << c;
      if (d == 0) continue;
      uint32_t b = static_cast<uint32_t>((d > 0 ? d : -d) - 1);
      const ec::Affine<Curve> p = d > 0 ? bases[i] : -bases[i];
      if (affine) {
        batched.Add(b, p);
      } else {
        jacobian[b] += p;
      }
    }
    if (affine) {
      batched.Flush();
      window_sum = batched.buckets().size() >= kSegmentedFoldMinBuckets
                       ? FoldAffineBuckets<Curve>(batched.buckets())
                       : FoldBuckets<Curve>(batched.buckets());
    } else {
      window_sum = FoldBuckets<Curve>(jacobian);
    }
  }
}

// Returns how many c-bit windows a scalar below 2^255 has, plus one for the final carry.
inline size_t ScalarWindows(unsigned c) { return (kScalarBits + c - 1) / c + 1; }

// How the threads share an MSM: `slices` contiguous slices of the points times `groups` ranges of
// windows, one task each.
struct Split {
  unsigned c;
  size_t slices, groups;
};

// Returns the split of n points over `threads` tasks that minimizes the slowest task's
// estimated cost. Splitting the windows instead of the points leaves each bucket set (and its
// fold) to one thread: for 2 threads and 2^20 random points the folds go from ~9% of the time to
// half that.
Split SplitFor(size_t n, size_t threads) {
  Split best{WindowBits(n), 1, 1};
  double best_cost = -1;
  for (size_t slices = 1; slices <= std::max<size_t>(threads, 1); ++slices) {
    size_t slice = (n + slices - 1) / slices;
    unsigned c = WindowBits(slice);
    size_t windows = ScalarWindows(c) - 1;  // the carry window is almost always empty
    size_t groups = std::min(windows, std::max<size_t>(threads / slices, 1));
    double cost = static_cast<double>((windows + groups - 1) / groups) * WindowCost(slice, c);
    if (best_cost < 0 || cost < best_cost) {
      best_cost = cost;
      best = {c, slices, groups};
    }
  }
  return best;
}

// Returns sum scalars[i] * bases[i] by Pippenger, split over `threads` tasks (SplitFor).
template <typename Curve>
ec::Jacobian<Curve> PippengerParallel(std::span<const ec::Affine<Curve>> bases,
                                      std::span<const Scalar> scalars, size_t threads) {
  using Point = ec::Jacobian<Curve>;
  size_t m = scalars.size();
  Split split = SplitFor(m, threads);
  size_t windows = ScalarWindows(split.c), main_windows = windows - 1;
  size_t slice = (m + split.slices - 1) / split.slices;
  // sums[s * windows + w]: slice s's sum of window w.
  std::vector<Point> sums(split.slices * windows);
  size_t tasks = split.slices * split.groups;
  ParallelFor(tasks, tasks, [&](size_t t0, size_t t1) {
    for (size_t t = t0; t < t1; ++t) {
      size_t s = t / split.groups, g = t % split.groups;
      size_t begin = std::min(m, s * slice), end = std::min(m, begin + slice);
      size_t first = g * main_windows / split.groups;
      size_t last = g + 1 == split.groups ? windows : (g + 1) * main_windows / split.groups;
      if (begin == end || first == last) continue;
      PippengerWindows<Curve>(bases.subspan(begin, end - begin),
                              scalars.subspan(begin, end - begin), split.c, first, last,
                              std::span(sums).subspan(s * windows + first, last - first));
    }
  });
  // Horner's rule over the windows, from the top.
  Point acc;
  for (size_t w = windows; w-- > 0;) {
    for (unsigned i = 0; i < split.c; ++i) acc = acc.Double();
    for (size_t s = 0; s < split.slices; ++s) acc += sums[s * windows + w];
  }
  return acc;
}

// Scalars 0 and 1 up to this share of all take Pippenger's path with the rest (DenseMsm).
constexpr size_t kDenseMaxTrivialPercent = 10;

// Returns true iff scalar k with base p costs nothing or one addition (0, 1, or the identity).
template <typename Affine>
inline bool IsTrivial(const Fr& k, const Affine& p) {
  return k.IsZero() || k.IsOne() || p.infinity;
}

// MSM of mostly non-trivial scalars (the H query's, random benchmarks): Pippenger straight on
// the caller's bases, with zeros (and identity bases) as zero digits and ones as digit 1. This
// skips copying the bases (104 B each: 436 MB and the page faults for them at 2^22 points).
// The canonical scalars go into `out`, which may be `scalars` itself: each Fr's storage is its
// one member, a Limbs<4> (ff::MontField::FromMontgomery takes raw limbs), so the converted array
// is read back as an array of Scalar.
template <typename Curve>
ec::Jacobian<Curve> DenseMsm(std::span<const ec::Affine<Curve>> bases, std::span<const Fr> scalars,
                             std::span<Fr> out, size_t threads) {
  static_assert(sizeof(Fr) == sizeof(Scalar) && std::is_standard_layout_v<Fr>);
  size_t n = scalars.size();
  ParallelFor(
      n, threads,
      [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i)
          out[i] = Fr::FromMontgomery(bases[i].infinity ? Scalar{} : scalars[i].ToCanonical());
      },
      size_t{1} << 14);
  const Scalar* raw = &out.data()->montgomery();
  return PippengerParallel<Curve>(bases, std::span(raw, n), threads);
}

template <typename Curve>
ec::Jacobian<Curve> Msm(std::span<const ec::Affine<Curve>> bases, std::span<const Fr> scalars,
                        size_t threads) {
  using Point = ec::Jacobian<Curve>;
  using Affine = ec::Affine<Curve>;
  if (threads == 0) threads = HardwareThreads();
  size_t n = std::min(bases.size(), scalars.size());
  bases = bases.first(n);
  scalars = scalars.first(n);
  // 0. Few trivial scalars: no split (a sample of 1024 decides; Filecoin witnesses are either
  //    mostly bits or, for H, all field elements).
  size_t sample = std::min<size_t>(n, 1024), trivial = 0;
  for (size_t i = 0; i < sample; ++i) {
    size_t at = i * n / sample;
    trivial += IsTrivial(scalars[at], bases[at]);
  }
  if (n > 0 && trivial * 100 <= sample * kDenseMaxTrivialPercent) {
    std::vector<Fr> canonical(n);
    return DenseMsm<Curve>(bases, scalars, canonical, threads);
  }
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
      AffineSummer<Curve> ones;
      for (size_t i = begin; i < end; ++i) {
        if (scalars[i].IsZero() || bases[i].infinity) continue;
        if (scalars[i].IsOne()) {
          ones.Add(bases[i]);
        } else {
          rest_index[t].push_back(i);
        }
      }
      ones_sums[t] = ones.Sum();
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
  // 2. Pippenger on slices of the rest; 3. combined.
  return total + PippengerParallel<Curve>(rest_bases, rest_scalars, threads);
}

}  // namespace

unsigned WindowBits(size_t n) {
  double best_cost = 0;
  unsigned best = 2;
  for (unsigned c = 2; c <= 16; ++c) {
    double cost = static_cast<double>(ScalarWindows(c) - 1) * WindowCost(n, c);
    if (c == 2 || cost < best_cost) {
      best_cost = cost;
      best = c;
    }
  }
  return best;
}

ec::G1 MsmG1(std::span<const ec::G1Affine> bases, std::span<const Fr> scalars, size_t threads) {
  return Msm<ec::G1Curve>(bases, scalars, threads);
}

ec::G1 MsmG1DenseInPlace(std::span<const ec::G1Affine> bases, std::span<Fr> scalars,
                         size_t threads) {
  if (threads == 0) threads = HardwareThreads();
  size_t n = std::min(bases.size(), scalars.size());
  if (n == 0) return ec::G1();
  return DenseMsm<ec::G1Curve>(bases.first(n), scalars.first(n), scalars.first(n), threads);
}

ec::G2 MsmG2(std::span<const ec::G2Affine> bases, std::span<const Fr> scalars, size_t threads) {
  return Msm<ec::G2Curve>(bases, scalars, threads);
}

}  // namespace cuzk::msm
