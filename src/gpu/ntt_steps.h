// SPDX-License-Identifier: Apache-2.0 OR MIT
// The steps of the device NTT over Fr, each a function one device thread runs and a host test can
// run in a loop. The transform is iterative radix-2 Cooley-Tukey decimation in time (Cormen et
// al., "Introduction to Algorithms", 3rd ed., Sec. 30.3): a bit-reversal permutation, then
// log2(n) stages; stage s joins blocks of 2^s into blocks of 2^(s+1) with n/2 butterflies
//   (x0, x1) <- (x0 + w x1, x0 - w x1),  w = omega^(k n / 2^(s+1)), k the position in the block.
// The device runs the stages three at a time (RadixStep, radix 8: each thread transforms 8
// elements in registers), ButterflyStep being the one-stage reference the tests hold it to.
// Powers of a fixed element (twiddles omega^e, coset factors c g^i) are read from two tables,
// x^e = lo[e mod 2^b] * hi[e >> b] (b = lo_bits), which keeps 2 sqrt(n) elements instead of n.
#pragma once

#include "gpu/bls12_381.h"

namespace cuzk::gpu {

// Two tables giving base^e for e < 2^(lo_bits + hi_bits), optionally times a constant folded
// into `hi`: lo[j] = base^j, hi[j] = constant * base^(j 2^lo_bits).
struct PowerTables {
  const DevFr* lo;
  const DevFr* hi;
  unsigned lo_bits;
};

// Returns constant * base^e from the tables.
CUZK_HD DevFr PowerAt(const PowerTables& t, uint64_t e) {
  return t.lo[e & ((uint64_t{1} << t.lo_bits) - 1)] * t.hi[e >> t.lo_bits];
}

// Returns i with its low log_n bits reversed.
CUZK_HD uint64_t BitReverse(uint64_t i, unsigned log_n) {
  uint64_t r = 0;
  for (unsigned b = 0; b < log_n; ++b) r |= ((i >> b) & 1) << (log_n - 1 - b);
  return r;
}

// Swaps values[i] with values[BitReverse(i)] once per pair (the thread of the smaller index).
CUZK_HD void BitReverseStep(DevFr* values, uint64_t i, unsigned log_n) {
  uint64_t j = BitReverse(i, log_n);
  if (i < j) {
    DevFr t = values[i];
    values[i] = values[j];
    values[j] = t;
  }
}

// Runs butterfly j (0 <= j < n/2) of stage s; `twiddles` give omega^e for e < n/2 (omega the
// n-th root of unity of the direction wanted: omega for the transform, omega^-1 for the inverse).
CUZK_HD void ButterflyStep(DevFr* values, unsigned stage, uint64_t j, unsigned log_n,
                           const PowerTables& twiddles) {
  uint64_t half = uint64_t{1} << stage;
  uint64_t k = j & (half - 1);
  uint64_t i0 = ((j >> stage) << (stage + 1)) | k;
  uint64_t i1 = i0 + half;
  DevFr w = PowerAt(twiddles, k << (log_n - 1 - stage));
  DevFr t = values[i1] * w;
  DevFr x0 = values[i0];
  values[i0] = x0 + t;
  values[i1] = x0 - t;
}

// The most radix-2 stages one RadixStep runs: 3, a radix-8 step whose 8 elements stay in one
// thread's registers.
inline constexpr unsigned kMaxStagesPerStep = 3;

// Runs stages [stage, stage + kStages) on group t (0 <= t < n / 2^kStages): the 2^kStages elements
// values[base + m 2^stage], m < 2^kStages, with base = ((t >> stage) << (stage + kStages)) |
// (t mod 2^stage). Stage stage + g pairs index i with i + 2^(stage + g) where bit stage + g of i
// is 0, which is bit g of m here, so the group is closed under these stages' butterflies: the
// result is bit for bit that of kStages rounds of ButterflyStep, with kStages times fewer passes
// over device memory and one twiddle per distinct (stage, position) instead of one per butterfly.
template <unsigned kStages>
CUZK_HD void RadixStep(DevFr* values, unsigned stage, uint64_t t, unsigned log_n,
                       const PowerTables& twiddles) {
  constexpr unsigned kSize = 1u << kStages;
  uint64_t stride = uint64_t{1} << stage;
  uint64_t k = t & (stride - 1);
  uint64_t base = ((t >> stage) << (stage + kStages)) | k;
  DevFr x[kSize];
  CUZK_UNROLL
  for (unsigned m = 0; m < kSize; ++m) x[m] = values[base + m * stride];
  CUZK_UNROLL
  for (unsigned g = 0; g < kStages; ++g) {
    const unsigned half = 1u << g;
    CUZK_UNROLL
    for (unsigned j = 0; j < half; ++j) {
      // The position of element j within its block of 2^(stage + g + 1), as in ButterflyStep.
      uint64_t position = k + (uint64_t{j} << stage);
      DevFr w = PowerAt(twiddles, position << (log_n - 1 - stage - g));
      CUZK_UNROLL
      for (unsigned m = j; m < kSize; m += 2 * half) {
        DevFr u = x[m + half] * w;
        DevFr x0 = x[m];
        x[m] = x0 + u;
        x[m + half] = x0 - u;
      }
    }
  }
  CUZK_UNROLL
  for (unsigned m = 0; m < kSize; ++m) values[base + m * stride] = x[m];
}

// Multiplies values[i] by constant * base^i (the tables' power).
CUZK_HD void ScaleStep(DevFr* values, uint64_t i, const PowerTables& powers) {
  values[i] = values[i] * PowerAt(powers, i);
}

// The quotient's last step, element i of n: ab[i] <- ab[i] * powers(i) - c[i] * c_scale, where ab
// and c hold n times the coefficients of A*B on the coset and of C (after their inverse
// transforms), powers(i) = (n Z)^-1 g^-i undoes the coset, and c_scale = (n Z)^-1.
CUZK_HD void QuotientStep(DevFr* ab, const DevFr* c, uint64_t i, const PowerTables& powers,
                          const DevFr& c_scale) {
  ab[i] = ab[i] * PowerAt(powers, i) - c[i] * c_scale;
}

// The per-thread work of each NTT launch of gpu/kernel_driver.h, as function objects: a launch
// copies one to the device, and thread i calls it with i.
template <unsigned kStages>
struct RadixPass {
  DevFr* values;
  unsigned stage, log_n;
  PowerTables twiddles;
  CUZK_HD void operator()(uint64_t t) const {
    RadixStep<kStages>(values, stage, t, log_n, twiddles);
  }
};

// Thread i of the bit reversal.
struct BitReversePass {
  DevFr* values;
  unsigned log_n;
  CUZK_HD void operator()(uint64_t i) const { BitReverseStep(values, i, log_n); }
};

// Thread i of a scaling by powers.
struct ScalePass {
  DevFr* values;
  PowerTables powers;
  CUZK_HD void operator()(uint64_t i) const { ScaleStep(values, i, powers); }
};

// Thread i of a pointwise product (out may be a).
struct MultiplyPass {
  DevFr* out;
  const DevFr* a;
  const DevFr* b;
  CUZK_HD void operator()(uint64_t i) const { out[i] = a[i] * b[i]; }
};

// Thread i of the quotient's last pass.
struct QuotientPass {
  DevFr* ab;
  const DevFr* c;
  PowerTables powers;
  DevFr scale;
  CUZK_HD void operator()(uint64_t i) const { QuotientStep(ab, c, i, powers, scale); }
};

}  // namespace cuzk::gpu
