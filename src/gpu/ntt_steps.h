// SPDX-License-Identifier: Apache-2.0 OR MIT
// The steps of the device NTT over Fr, each a function one device thread runs and a host test can
// run in a loop. The transform is iterative radix-2 Cooley-Tukey decimation in time (Cormen et
// al., "Introduction to Algorithms", 3rd ed., Sec. 30.3): a bit-reversal permutation, then
// log2(n) stages; stage s joins blocks of 2^s into blocks of 2^(s+1) with n/2 butterflies
//   (x0, x1) <- (x0 + w x1, x0 - w x1),  w = omega^(k n / 2^(s+1)), k the position in the block.
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

}  // namespace cuzk::gpu
