// SPDX-License-Identifier: Apache-2.0 OR MIT
// The steps of the device MSM (Pippenger's bucket method with signed c-bit digits, as the CPU's
// msm/pippenger.cc), each a function one device thread runs and a host test can run in a loop:
//   1. DigitsOf: a scalar's magnitude (k, or r - k with its base negated when k > (r-1)/2, so
//      at most 254 bits) is cut into WindowCount(c) signed digits in [-2^(c-1)+1, 2^(c-1)]. The
//      scalars 0 and 1 are first left out (the driver compacts the indices of the others, so the
//      sort sees only them); the bases of the scalars 1 are summed apart, as on the CPU, since a
//      Filecoin witness is mostly bits and would pile into one bucket.
//   2. The (window, |digit|) keys are sorted with the point indices (sign in bit 31) as values,
//      and BucketRanges marks where each key's run starts and ends.
//   3. AccumulateBucket: one thread per bucket sums its run of (negated where signed) bases.
//   4. FoldSegment and MergeSegmentRuns: sum_b b S_b per window by the running-sum trick (sum of
//      the suffix sums), cut into segments of L buckets folded side by side:
//        sum_b b S_b = sum_s acc_s + L sum_s s total_s,
//      acc_s = sum_{b in s} (b - s L) S_b and total_s = sum_{b in s} S_b, the segments' pairs
//      then merged level by level in a tree.
//   5. The host folds the window sums by Horner's rule: sum_w 2^(c w) W_w.
#pragma once

#include "gpu/g1_xyzz.h"

namespace cuzk::gpu {

// Bits of a scalar's magnitude after the sign trick.
inline constexpr unsigned kMagnitudeBits = 254;
// Bit 31 of a sorted value: the base is negated.
inline constexpr uint32_t kNegativeBit = 0x80000000u;

// Returns the number of c-bit windows of a 254-bit magnitude, floor(254/c) + 1, so that the top
// digit's carry never leaves the top window (as msm/pippenger.cc's ScalarWindows).
CUZK_HD unsigned WindowCount(unsigned c) { return kMagnitudeBits / c + 1; }

// How one scalar enters the MSM.
enum class ScalarClass : uint8_t { kZero, kOne, kOther };

// A canonical scalar below 2^254 and whether its base is negated.
struct SignedMagnitude {
  uint64_t m[4];
  bool negate;
};

// Returns the class of a scalar in Montgomery form, read from its limbs: 0 is 0, and 1 is R mod r
// (values are kept below r), so no product is needed.
CUZK_HD ScalarClass ClassOf(const DevFr& k_mont) {
  if (k_mont.IsZero()) return ScalarClass::kZero;
  return k_mont == DevFr::One() ? ScalarClass::kOne : ScalarClass::kOther;
}

// Returns the class of a scalar in Montgomery form and, for kOther, its signed magnitude.
CUZK_HD ScalarClass ClassifyScalar(const DevFr& k_mont, SignedMagnitude& out) {
  if (ScalarClass c = ClassOf(k_mont); c != ScalarClass::kOther) return c;
  DevFr k = k_mont.FromMontgomeryForm();
  constexpr Limbs<4> half = FrParams::HalfModulus();
  // k > (r-1)/2 iff (r-1)/2 - k borrows.
  uint64_t borrow = 0;
  CUZK_UNROLL
  for (int i = 0; i < 4; ++i) SubBorrow(half.v[i], k.l[i], borrow);
  out.negate = borrow != 0;
  if (out.negate) {
    constexpr Limbs<4> r = FrParams::Modulus();
    uint64_t b = 0;
    CUZK_UNROLL
    for (int i = 0; i < 4; ++i) out.m[i] = SubBorrow(r.v[i], k.l[i], b);
  } else {
    CUZK_UNROLL
    for (int i = 0; i < 4; ++i) out.m[i] = k.l[i];
  }
  return ScalarClass::kOther;
}

// Returns bits [pos, pos + c) of a 256-bit magnitude (c <= 32).
CUZK_HD uint32_t BitsAt(const uint64_t m[4], unsigned pos, unsigned c) {
  unsigned limb = pos / 64, shift = pos % 64;
  if (limb >= 4) return 0;
  uint64_t v = m[limb] >> shift;
  if (shift + c > 64 && limb + 1 < 4) v |= m[limb + 1] << (64 - shift);
  return static_cast<uint32_t>(v & ((uint64_t{1} << c) - 1));
}

// Calls emit(w, digit) for each of the WindowCount(c) signed digits of a magnitude, from window 0
// up (digit w weighs 2^(c w)), stopping after window `last` (the carry into a window depends on
// every window below it); the magnitude's negate flag is not applied here.
template <typename Emit>
CUZK_HD void ForEachDigit(const uint64_t m[4], unsigned c, unsigned last, Emit&& emit) {
  int32_t half = int32_t{1} << (c - 1);
  uint32_t carry = 0;
  for (unsigned w = 0; w <= last; ++w) {
    int32_t d = static_cast<int32_t>(BitsAt(m, w * c, c) + carry);
    carry = d > half ? 1 : 0;
    emit(w, d - static_cast<int32_t>(carry << c));
  }
}

// Writes the WindowCount(c) signed digits of a magnitude into digits[].
CUZK_HD void DigitsOf(const uint64_t m[4], unsigned c, int32_t* digits) {
  ForEachDigit(m, c, WindowCount(c) - 1, [digits](unsigned w, int32_t d) { digits[w] = d; });
}

// Returns the sort key of a digit: (window within the pass << c) | |digit|; 0 digits get bucket 0,
// which nothing reads.
CUZK_HD uint32_t BucketKey(unsigned window_in_pass, int32_t digit, unsigned c) {
  uint32_t magnitude = static_cast<uint32_t>(digit < 0 ? -digit : digit);
  return (static_cast<uint32_t>(window_in_pass) << c) | magnitude;
}

// Returns the sorted value of point `index` whose digit is `digit`, with `negate` from its
// scalar's sign trick: the index, and bit 31 when the base enters negated.
CUZK_HD uint32_t BucketValue(uint32_t index, int32_t digit, bool negate) {
  bool negative = (digit < 0) != negate;
  return index | (negative ? kNegativeBit : 0u);
}

// Records where the run of sorted_keys[i] starts and ends in `start`/`end` (indexed by key; both
// zero-initialised, so an empty bucket has an empty range).
CUZK_HD void BucketRanges(const uint32_t* sorted_keys, size_t count, size_t i, uint32_t* start,
                          uint32_t* end) {
  uint32_t k = sorted_keys[i];
  if (i == 0 || sorted_keys[i - 1] != k) start[k] = static_cast<uint32_t>(i);
  if (i + 1 == count || sorted_keys[i + 1] != k) end[k] = static_cast<uint32_t>(i + 1);
}

// Returns the sum of the bases that sorted_values[begin, end) name, negated where bit 31 says.
CUZK_HD G1Xyzz AccumulateBucket(const G1AffineDev* bases, const uint32_t* sorted_values,
                                uint32_t begin, uint32_t end) {
  G1Xyzz acc = G1Xyzz::Infinity();
  for (uint32_t i = begin; i < end; ++i) {
    uint32_t v = sorted_values[i];
    G1AffineDev p = bases[v & ~kNegativeBit];
    acc = acc.AddAffine((v & kNegativeBit) ? p.Negated() : p);
  }
  return acc;
}

// Folds segment s of one window's buckets (buckets[b - 1] holds S_b, b = 1..; the segment is
// b = s L + 1 .. s L + L): sets acc = sum (b - s L) S_b and total = sum S_b over the segment.
CUZK_HD void FoldSegment(const G1Xyzz* buckets, unsigned segment, unsigned length, G1Xyzz& acc,
                         G1Xyzz& total) {
  G1Xyzz running = G1Xyzz::Infinity(), sum = G1Xyzz::Infinity();
  for (unsigned j = length; j-- > 0;) {
    running = running.Add(buckets[segment * length + j]);
    sum = sum.Add(running);
  }
  acc = sum;
  total = running;
}

// Merges two adjacent runs of a window's segments in a tree: the left run starts at segment a,
// the right at b, h = b - a segments further, both of h segments. Each run holds (V, T) in
// (acc[first], total[first]): V = sum over its segments s of (acc_s + L (s - first) total_s), T =
// sum of its total_s; a leaf (one segment) is FoldSegment's (acc_s, total_s). The merged run's V
// is V_left + V_right + L h T_right and its T is T_left + T_right, L h = 2^doublings. After
// log2(segments) levels the window's first segment holds V = sum_s acc_s + L sum_s s total_s =
// sum_b b S_b: a path of about 2 log2(segments) additions and as many doubling rounds, where a
// serial combine took 3 additions per segment.
CUZK_HD void MergeSegmentRuns(G1Xyzz* acc, G1Xyzz* total, uint64_t a, uint64_t b,
                              unsigned doublings) {
  G1Xyzz weighted = total[b];
  for (unsigned i = 0; i < doublings; ++i) weighted = weighted.Double();
  acc[a] = acc[a].Add(acc[b].Add(weighted));
  total[a] = total[a].Add(total[b]);
}

// The per-thread work of each MSM launch of gpu/kernel_driver.h, as function objects: a launch
// copies one to the device, and thread i calls it with i.

// Thread i flags scalar i when it is neither 0 nor 1.
struct ClassifyPass {
  const DevFr* scalars;
  uint32_t* flags;
  CUZK_HD void operator()(uint64_t i) const {
    flags[i] = ClassOf(scalars[i]) == ScalarClass::kOther ? 1u : 0u;
  }
};

// Thread i writes index i at its flag's exclusive prefix sum when it is flagged.
struct CompactPass {
  const uint32_t* flags;
  const uint32_t* positions;
  uint32_t* selected;
  CUZK_HD void operator()(uint64_t i) const {
    if (flags[i]) selected[positions[i]] = static_cast<uint32_t>(i);
  }
};

// Thread t writes the (key, value) pairs of selected scalar t for windows [w0, w0 + count): the
// pair of window w at (w - w0) n + t.
struct DigitsPass {
  const DevFr* scalars;
  const uint32_t* selected;
  uint32_t* keys;
  uint32_t* values;
  uint64_t n;
  unsigned c, w0, count;
  CUZK_HD void operator()(uint64_t t) const {
    uint32_t index = selected[t];
    SignedMagnitude mag{};
    ClassifyScalar(scalars[index], mag);  // kOther: SelectNontrivial kept no other
    ForEachDigit(mag.m, c, w0 + count - 1, [&](unsigned w, int32_t d) {
      if (w < w0) return;
      uint64_t at = (w - w0) * n + t;
      keys[at] = BucketKey(w - w0, d, c);
      values[at] = BucketValue(index, d, mag.negate);
    });
  }
};

// Thread i marks where the run of sorted key i starts or ends.
struct RangesPass {
  const uint32_t* keys;
  uint64_t pairs;
  uint32_t* start;
  uint32_t* end;
  CUZK_HD void operator()(uint64_t i) const { BucketRanges(keys, pairs, i, start, end); }
};

// Thread t sums bucket t % per_window + 1 of window t / per_window.
struct AccumulatePass {
  // Two blocks per SM (25% occupancy): ptxas keeps it to 128 registers without spilling (one
  // block, 12.5%, at 144; tools/gpu_static_check.py).
  static constexpr unsigned kMinBlocksPerSm = 2;
  const G1AffineDev* bases;
  const uint32_t* values;
  const uint32_t* start;
  const uint32_t* end;
  G1Xyzz* buckets;
  unsigned per_window, c;
  CUZK_HD void operator()(uint64_t t) const {
    uint64_t w = t / per_window;
    uint64_t b = t % per_window + 1;
    uint64_t key = (w << c) | b;
    buckets[t] = AccumulateBucket(bases, values, start[key], end[key]);
  }
};

// Thread t folds segment t % segments of window t / segments.
struct FoldPass {
  const G1Xyzz* buckets;
  G1Xyzz* acc;
  G1Xyzz* sums;
  unsigned per_window, segments, length;
  CUZK_HD void operator()(uint64_t t) const {
    uint64_t w = t / segments, s = t % segments;
    FoldSegment(buckets + w * per_window, static_cast<unsigned>(s), length, acc[t], sums[t]);
  }
};

// Thread t merges pair t % pairs of window w = t / pairs, pairs = segments / 2^(level + 1): the
// runs of 2^level segments at a = w segments + 2^(level + 1) (t % pairs) and b = a + 2^level
// (MergeSegmentRuns; L = 2^log_length).
struct MergeSegmentsPass {
  G1Xyzz* acc;
  G1Xyzz* total;
  unsigned segments, log_length, level;
  CUZK_HD void operator()(uint64_t t) const {
    uint64_t pairs = segments >> (level + 1);
    uint64_t a = t / pairs * segments + ((t % pairs) << (level + 1));
    MergeSegmentRuns(acc, total, a, a + (uint64_t{1} << level), log_length + level);
  }
};

// Thread w copies window w's sum (its first segment's V after the last merge) out.
struct WindowSumsPass {
  const G1Xyzz* acc;
  G1Xyzz* out;
  unsigned segments;
  CUZK_HD void operator()(uint64_t w) const { out[w] = acc[w * segments]; }
};

// Thread t sums the bases of chunk t whose scalar is 1.
struct OnesPass {
  const G1AffineDev* bases;
  const DevFr* scalars;
  G1Xyzz* partial;
  uint64_t n, chunk;
  CUZK_HD void operator()(uint64_t t) const {
    G1Xyzz acc = G1Xyzz::Infinity();
    uint64_t last = (t + 1) * chunk < n ? (t + 1) * chunk : n;
    for (uint64_t i = t * chunk; i < last; ++i) {
      if (ClassOf(scalars[i]) == ScalarClass::kOne) acc = acc.AddAffine(bases[i]);
    }
    partial[t] = acc;
  }
};

// Thread t adds partial[t + half] into partial[t].
struct HalvingPass {
  // Two blocks per SM (25% occupancy): 128 registers hold one addition without spilling.
  static constexpr unsigned kMinBlocksPerSm = 2;
  G1Xyzz* partial;
  uint64_t half;
  CUZK_HD void operator()(uint64_t t) const { partial[t] = partial[t].Add(partial[t + half]); }
};

}  // namespace cuzk::gpu
