// SPDX-License-Identifier: Apache-2.0 OR MIT
// Pippenger's bucket method ("On the evaluation of powers and related problems", FOCS 1976; the
// form of Bernstein et al., "Faster batch forgery identification", eprint 2012/549, Sec. 4) with
// signed digits: each c-bit window digit is taken in [-2^(c-1), 2^(c-1)], so a window needs only
// 2^(c-1) buckets and a negative digit subtracts the (affine, free to negate) base.
//   1. Split the scalars into trivial (0: skip; 1: the base joins a batch-affine pairwise sum,
//      AffineSummer) and the rest, copying the rest's bases. When a sample finds at most 10%
//      trivial scalars, skip the split: every scalar takes step 2 on the caller's bases
//      (DenseMsm). Each scalar k above (r - 1)/2 becomes r - k with its base negated
//      (SignedScalar), so every scalar has at most 254 bits and a c-bit window count of
//      floor(254/c) + 1 never carries out of its top window (c = 17: 15 windows, not 16).
//   2. The windows x points work is cut into one run of equal length per thread (SplitWork):
//      whole windows over all points, plus at a run's ends part of a window's points. Per piece
//      and per window from the bottom, a thread fills the buckets (keeping one carry byte per
//      point for the signed digits; the carry into the piece's first window comes from one
//      comparison, CarryIntoWindow), then folds them with the running-sum trick
//      (sum_b b * B_b = sum of suffix sums, 2 additions per bucket; from 2^11 affine buckets
//      on, run on segments side by side so that those additions too share inversions,
//      FoldAffineBuckets).
//      Wide windows fill affine buckets in batches that share one field inversion (Montgomery's
//      trick; the "batch affine" method of gnark-crypto and of Aranha et al., eprint
//      2022/1396): ~6 multiplications per addition instead of 11 for a mixed Jacobian
//      addition; windows of fewer than 2^7 buckets use Jacobian buckets.
//   3. The window sums of all pieces are combined by Horner's rule and the trivial sum added.
// The batch-affine additions (buckets, the ones' sum, the segmented fold) run eight at a time on
// AVX-512 IFMA Fp lanes where the CPU has them (msm/affine_lanes.h; G2's Fp2 on pairs of them),
// with the same results.
// The batch inversions run in variable time (Bernstein-Yang, ff/modinv.h, ~9x faster than
// Fermat): the bases are public parameters and the scalars a Filecoin witness, which a PoRep or
// PoSt proof does not hide.
#include "msm/pippenger.h"

#include <algorithm>
#include <array>
#include <span>
#include <type_traits>
#include <vector>

#include "base/fill_later_vector.h"
#include "base/parallel.h"
#include "ff/fp_x8_ifma.h"
#include "msm/batch_affine.h"

namespace cuzk::msm {
namespace {

using detail::AffineBatchSize;
using detail::AffineBuckets;
using detail::AffineSummer;
using detail::FoldAffineBuckets;
using detail::FoldBuckets;
using detail::kSegmentedFoldMinBuckets;
using detail::MergeBucketCopies;
using ff::ifma::FpX8Kernels;

// Returns the lane kernels `kernel` asks for, or null for scalar arithmetic.
const FpX8Kernels* LanesFor(MsmKernel kernel) {
  switch (kernel) {
    case MsmKernel::kAuto:
      return ff::ifma::CheckedIfmaFpKernels();
    case MsmKernel::kEightLanePortable:
      return &ff::ifma::emulated::FpKernels();
    case MsmKernel::kScalar:
      break;
  }
  return nullptr;
}

// A scalar as Pippenger reads it (SignedScalar): a canonical little-endian magnitude below 2^254
// in bits 0..253 and, in bit 255, whether its base is to be negated.
using Scalar = ff::Limbs<4>;
constexpr unsigned kMagnitudeBits = 254;
constexpr uint64_t kNegateBit = uint64_t{1} << 63;  // bit 255: in the top limb

// (r - 1) / 2: a canonical scalar above it has a smaller negative, r - k < 2^254.
constexpr Scalar kHalfModulus = [] {
  Scalar h = ff::FrConfig::kModulus;
  ff::ShiftRight1(h);
  return h;
}();

// Returns k as a magnitude and a sign: k itself when k <= (r - 1)/2, else r - k with the negate
// bit (k P = (r - k)(-P)).
inline Scalar SignedScalar(const Fr& k) {
  Scalar v = k.ToCanonical();
  if (!ff::LessThan(kHalfModulus, v)) return v;
  Scalar m = ff::FrConfig::kModulus;
  ff::SubInPlace(m, v);
  m[3] |= kNegateBit;
  return m;
}

// Whether SignedScalar negated the base of k.
inline bool Negated(const Scalar& k) { return (k[3] & kNegateBit) != 0; }

// Returns bits [w c, w c + c) of the scalar's magnitude.
inline uint64_t WindowBitsOf(const Scalar& k, unsigned c, size_t w) {
  size_t bit = w * c;
  if (bit >= kMagnitudeBits) return 0;
  uint64_t raw = ff::BitField(k, bit, c);
  // The top window would read the negate bit too: keep only magnitude bits.
  if (bit + c > kMagnitudeBits) raw &= (uint64_t{1} << (kMagnitudeBits - bit)) - 1;
  return raw;
}

// Returns how many c-bit windows a magnitude below 2^254 takes: floor(254/c) + 1, so the top
// window holds at most c - 1 bits and its digit plus a carry stays <= 2^(c-1): nothing carries
// out of it (ceil(254/c) windows would need one more for that carry when c divides 254).
inline size_t ScalarWindows(unsigned c) { return kMagnitudeBits / c + 1; }

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
// or ~12 in a Jacobian one; folding ~14.5 per bucket in segments, else ~27. The model knows no
// caches, so WindowBits stops at c = 17: there the 15 windows of a 254-bit magnitude replace
// the 16 of c = 16 and took 3-6% less time on 2^22 random points (2 threads, 8 interleaved
// runs; the same within noise at 2^20), while before signed scalars c = 18 took 17.5 s against
// 15.5-16 s for c = 15-16 on 2^21 points per thread. Other choices, measured: 2^15 random points
// per thread c = 13 (12: +8%, 14: +4%); 3,300 points c = 10 (9, Jacobian: +17%).
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
// thus needs no pass over the windows below. (w c <= 254: the negate bit is never read.)
class CarryIntoWindow {
 public:
  CarryIntoWindow(unsigned c, size_t w) {
    size_t bits = w * c;
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

// Adds the windows [first, end) of one slice of the points: window_sums[w - first] += sum over the
// slice of digit_w(k_i) * P_i, without the 2^(w c) weight.
template <typename Curve>
void PippengerWindows(std::span<const ec::Affine<Curve>> bases, std::span<const Scalar> scalars,
                      unsigned c, size_t first, size_t end,
                      std::span<ec::Jacobian<Curve>> window_sums, const CancelFlag* cancel,
                      const FpX8Kernels* lanes) {
  using Point = ec::Jacobian<Curve>;
  size_t bucket_count = size_t{1} << (c - 1);
  std::vector<Point> jacobian(bucket_count);
  AffineBuckets<Curve> batched(bucket_count >= kAffineMinBuckets ? bucket_count : 0, lanes);
  // Windows are summed from the bottom so each point needs only its signed-digit carry (one
  // byte) instead of all its digits.
  std::vector<uint8_t> carry(scalars.size(), 0);
  if (first > 0) {
    CarryIntoWindow carry_into(c, first);
    for (size_t i = 0; i < scalars.size(); ++i) carry[i] = carry_into(scalars[i]);
  }
  const int64_t half = int64_t{1} << (c - 1);
  for (size_t w = first; w < end; ++w) {
    Point& window_sum = window_sums[w - first];
    // The top window sees only the scalars' last few bits (plus a carry), hence few distinct
    // buckets: it spreads its points over copies of them (point i into copy i mod copies), so
    // that a batch finds as many distinct buckets as in a full window, and the copies are added
    // together before the fold (MergeBucketCopies). With 129 buckets (c = 13, 2^16 points) the
    // batches collided so often that the window took 2.2x as long as a full one; windows of 5
    // or 17 buckets (c = 12, 10) were Jacobian: ~11 scalar products per mixed addition, against
    // ~6 lane products per affine one.
    size_t bits_left = kMagnitudeBits - w * c;  // w < ScalarWindows(c): w c <= 254
    size_t used_buckets = bits_left >= c ? bucket_count : (size_t{1} << bits_left) + 1;
    bool affine = bucket_count >= kAffineMinBuckets;
    size_t copies = affine ? std::max<size_t>(1, bucket_count / used_buckets) : 1;
    auto bucket_of = [&](int64_t digit, size_t i) {
      size_t b = static_cast<size_t>((digit > 0 ? digit : -digit) - 1);
      return static_cast<uint32_t>(copies > 1 ? b + used_buckets * (i % copies) : b);
    };
    if (affine) {
      batched.Reset();
    } else {
      std::fill(jacobian.begin(), jacobian.end(), Point::Identity());
    }
    constexpr size_t kAhead = 16;  // points between a bucket's prefetch and its Add
    for (size_t i = 0; i < scalars.size(); ++i) {
      if (CancelledAt(i, cancel)) return;
      if (affine && i + kAhead < scalars.size()) {
        // The carry into this window of point i + kAhead is already known.
        int64_t ahead =
            static_cast<int64_t>(WindowBitsOf(scalars[i + kAhead], c, w)) + carry[i + kAhead];
        if (ahead > half) ahead -= int64_t{1} << c;
        if (ahead != 0) batched.Prefetch(bucket_of(ahead, i + kAhead));
      }
      int64_t d = static_cast<int64_t>(WindowBitsOf(scalars[i], c, w)) + carry[i];
      carry[i] = d > half;
      if (carry[i]) d -= int64_t{1} << c;
      if (d == 0) continue;
      // Adds -P for a negative digit or a negated scalar, not both.
      bool negate = (d > 0) == Negated(scalars[i]);
      if (affine) {
        batched.Add(bucket_of(d, i), bases[i], negate);
      } else {
        jacobian[bucket_of(d, i)] += negate ? -bases[i] : bases[i];
      }
    }
    if (affine) {
      batched.Flush();
      std::span<const ec::Affine<Curve>> folded = batched.buckets();
      if (copies > 1) {
        folded = folded.first(
            MergeBucketCopies<Curve>(batched.mutable_buckets(), used_buckets, copies, lanes));
      }
      window_sum += folded.size() >= kSegmentedFoldMinBuckets
                        ? FoldAffineBuckets<Curve>(folded, lanes)
                        : FoldBuckets<Curve, ec::Affine<Curve>>(folded);
    } else {
      window_sum += FoldBuckets<Curve, Point>(jacobian);
    }
  }
}

// A share of one thread: windows [first, last) over the points [begin, end).
struct Piece {
  size_t begin, end, first, last;
};

// Cuts the work of `windows` windows over n points, laid out window after window, into `tasks`
// runs of equal length: each run is a tail of one window's points, whole windows, and a head of
// another window's points (at most three pieces). Only a window cut by a run boundary has more
// than one bucket set to fill and fold, so the work is balanced for any thread count at the
// price of tasks - 1 extra folds (whole windows per thread leave a thread idle when the thread
// count does not divide the window count: 15 windows on 2 threads take as long as 16).
std::vector<std::vector<Piece>> SplitWork(size_t n, size_t windows, size_t tasks) {
  std::vector<std::vector<Piece>> split(tasks);
  size_t total = n * windows;
  for (size_t t = 0; t < tasks; ++t) {
    size_t at = total * t / tasks, stop = total * (t + 1) / tasks;
    while (at < stop) {
      size_t w = at / n, begin = at % n;
      if (begin == 0 && stop - at >= n) {
        size_t whole = (stop - at) / n;
        split[t].push_back({0, n, w, w + whole});
        at += whole * n;
      } else {
        size_t end = std::min(n, begin + (stop - at));
        split[t].push_back({begin, end, w, w + 1});
        at += end - begin;
      }
    }
  }
  return split;
}

// Below this many (point, window) pairs per task, fewer tasks take the work: each piece
// allocates its own buckets and folds them.
constexpr size_t kMinPointWindowsPerTask = size_t{1} << 10;

// Returns sum scalars[i] * bases[i] by Pippenger, split over `threads` tasks (SplitWork).
template <typename Curve>
ec::Jacobian<Curve> PippengerParallel(std::span<const ec::Affine<Curve>> bases,
                                      std::span<const Scalar> scalars, size_t threads,
                                      const CancelFlag* cancel, const FpX8Kernels* lanes) {
  using Point = ec::Jacobian<Curve>;
  size_t n = scalars.size();
  if (n == 0) return Point();
  unsigned c = WindowBits(n);
  size_t windows = ScalarWindows(c);
  size_t tasks = std::clamp<size_t>(n * windows / kMinPointWindowsPerTask, 1, threads);
  auto split = SplitWork(n, windows, tasks);
  // sums[t * windows + w]: task t's share of window w.
  std::vector<Point> sums(tasks * windows);
  ParallelFor(tasks, tasks, [&](size_t t0, size_t t1) {
    for (size_t t = t0; t < t1; ++t) {
      for (const Piece& piece : split[t]) {
        size_t count = piece.end - piece.begin;
        PippengerWindows<Curve>(
            bases.subspan(piece.begin, count), scalars.subspan(piece.begin, count), c, piece.first,
            piece.last,
            std::span(sums).subspan(t * windows + piece.first, piece.last - piece.first), cancel,
            lanes);
      }
    }
  });
  // Horner's rule over the windows, from the top.
  Point acc;
  for (size_t w = windows; w-- > 0;) {
    for (unsigned i = 0; i < c; ++i) acc = acc.Double();
    for (size_t t = 0; t < tasks; ++t) acc += sums[t * windows + w];
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
// The signed scalars (SignedScalar) go into `out`, which may be `scalars` itself: each Fr's
// storage is its one member, a Limbs<4> (ff::MontField::FromMontgomery takes raw limbs), so the
// converted array is read back as an array of Scalar.
template <typename Curve>
ec::Jacobian<Curve> DenseMsm(std::span<const ec::Affine<Curve>> bases, std::span<const Fr> scalars,
                             std::span<Fr> out, size_t threads, const CancelFlag* cancel,
                             const FpX8Kernels* lanes) {
  static_assert(sizeof(Fr) == sizeof(Scalar) && std::is_standard_layout_v<Fr>);
  size_t n = scalars.size();
  ParallelFor(
      n, threads,
      [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i)
          out[i] = Fr::FromMontgomery(bases[i].infinity ? Scalar{} : SignedScalar(scalars[i]));
      },
      size_t{1} << 14);
  const Scalar* raw = &out.data()->montgomery();
  return PippengerParallel<Curve>(bases, std::span(raw, n), threads, cancel, lanes);
}

template <typename Curve>
ec::Jacobian<Curve> Msm(std::span<const ec::Affine<Curve>> bases, std::span<const Fr> scalars,
                        size_t threads, const CancelFlag* cancel, const FpX8Kernels* lanes) {
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
    FillLaterVector<Fr> signed_scalars(n);  // filled by DenseMsm on every thread
    return DenseMsm<Curve>(bases, scalars, signed_scalars, threads, cancel, lanes);
  }
  // 1. Signed scalars; ones summed per thread, zeros dropped.
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
      AffineSummer<Curve> ones(lanes);
      for (size_t i = begin; i < end; ++i) {
        if (CancelledAt(i - begin, cancel)) break;
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
      rest_scalars.push_back(SignedScalar(scalars[i]));
      rest_bases.push_back(bases[i]);
    }
  }
  Point total;
  for (const Point& p : ones_sums) total += p;
  if (rest_scalars.empty() || IsCancelled(cancel)) return total;
  // 2. Pippenger on slices of the rest; 3. combined.
  return total + PippengerParallel<Curve>(rest_bases, rest_scalars, threads, cancel, lanes);
}

}  // namespace

unsigned WindowBits(size_t n) {
  double best_cost = 0;
  unsigned best = 2;
  for (unsigned c = 2; c <= 17; ++c) {
    double cost = static_cast<double>(ScalarWindows(c)) * WindowCost(n, c);
    if (c == 2 || cost < best_cost) {
      best_cost = cost;
      best = c;
    }
  }
  return best;
}

ec::G1 MsmG1(std::span<const ec::G1Affine> bases, std::span<const Fr> scalars, size_t threads,
             const CancelFlag* cancel, MsmKernel kernel) {
  return Msm<ec::G1Curve>(bases, scalars, threads, cancel, LanesFor(kernel));
}

ec::G1 MsmG1DenseInPlace(std::span<const ec::G1Affine> bases, std::span<Fr> scalars, size_t threads,
                         const CancelFlag* cancel, MsmKernel kernel) {
  if (threads == 0) threads = HardwareThreads();
  size_t n = std::min(bases.size(), scalars.size());
  if (n == 0) return ec::G1();
  return DenseMsm<ec::G1Curve>(bases.first(n), scalars.first(n), scalars.first(n), threads, cancel,
                               LanesFor(kernel));
}

ec::G2 MsmG2(std::span<const ec::G2Affine> bases, std::span<const Fr> scalars, size_t threads,
             const CancelFlag* cancel, MsmKernel kernel) {
  return Msm<ec::G2Curve>(bases, scalars, threads, cancel, LanesFor(kernel));
}

}  // namespace cuzk::msm
