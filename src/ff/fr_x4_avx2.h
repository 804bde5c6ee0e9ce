// SPDX-License-Identifier: Apache-2.0 OR MIT
// Four Fr Montgomery products at once on AVX2's 32 x 32 -> 64-bit vector multiplier
// (VPMULUDQ), which the scalar MULX kernels leave idle. Each element is nine 29-bit limbs
// (radix 2^29, R = 2^261), limb j of the four lanes in one 256-bit register, so the
// accumulators take 18 products of 58 bits without carrying (the "reduced-radix" layout of
// vectorized big-integer arithmetic; Bos, Montgomery, Shumow and Zaverucha, "Montgomery
// multiplication using vector instructions", SAC 2013, use the same idea with two lanes).
// Measured on the project's EPYC VM (ff_bench, same runs): 11.4-11.7 ns per product against
// 12.3-12.5 ns for the scalar kernel (BM_FrMulThroughput) when the VM is quiet; the 14 against
// 21 ns seen on a contended day came from the scalar kernel slowing down more. Not used: NTT
// butterflies four at a time with this kernel (twiddles packed on the fly, operands transposed
// in registers, sums and differences in scalar code) took 18.8 ns per butterfly against 16.0 ns
// for the scalar ones, the packing costing more than the product saves.
#pragma once

#include <array>
#include <cstdint>

#include "ff/lane_limbs.h"

namespace cuzk::ff::avx2 {

// Four integers below 2^261 in radix 2^29 (nine limbs).
using FrX4 = LaneLimbs<9, 29, 4>;

// Whether this CPU executes AVX2 (the functions below must not run otherwise).
bool FrX4Supported();

// out = a b / 2^261 mod r plus 0 or r (below 2r) per lane, for lanes of a and b below 2r; out
// may alias a or b.
void MulMontFrX4(FrX4& out, const FrX4& a, const FrX4& b);

}  // namespace cuzk::ff::avx2
