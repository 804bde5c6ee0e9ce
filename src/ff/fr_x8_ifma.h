// SPDX-License-Identifier: Apache-2.0 OR MIT
// Eight Fr Montgomery products at once on AVX-512 IFMA (VPMADD52LUQ / VPMADD52HUQ: the low and
// high 52 bits of a 52 x 52-bit product added to a 64-bit lane). Each element is five 52-bit
// limbs (radix 2^52, R = 2^260), limb j of the eight lanes in one 512-bit register. The same
// reduced-radix operand scanning as ff/fr_x4_avx2.h, with 52-bit instead of 29-bit limbs: five
// steps of ten multiply-adds for a b_i and ten for m r, no carries until the end.
// Measured on the project's 2-vCPU EPYC VM (which has IFMA): 3.32-3.38 ns per product, against
// 12.1-12.4 ns for the scalar MULX kernel (BM_FrMulThroughput) and 11.5-11.8 ns for the AVX2
// kernel in the same runs. Not used yet: the NTT and the MSM keep their scalar kernels, and the
// AVX2 experiment showed that packing and transposing can cost more than the product saves.
#pragma once

#include <array>
#include <cstdint>

#include "ff/limbs.h"

namespace cuzk::ff::ifma {

// Limbs of the reduced-radix form.
inline constexpr int kFrX8Limbs = 5;
inline constexpr int kFrX8LimbBits = 52;

// Eight integers below 2^260 in radix 2^52: limb[j][k] is limb j of lane k.
struct alignas(64) FrX8 {
  uint64_t limb[kFrX8Limbs][8];
};

// Whether this CPU executes AVX-512F and IFMA (MulMontFrX8 must not run otherwise).
bool FrX8Supported();

// Returns the eight 256-bit integers v[0..7] in reduced radix.
FrX8 PackFrX8(const std::array<Limbs<4>, 8>& v);
// Returns the eight lanes as 256-bit integers; each must be below 2^256.
std::array<Limbs<4>, 8> UnpackFrX8(const FrX8& x);

// out = a b / 2^260 mod r, fully reduced (below r), for lanes of a and b below 2r; out may alias
// a or b.
void MulMontFrX8(FrX8& out, const FrX8& a, const FrX8& b);

}  // namespace cuzk::ff::ifma
