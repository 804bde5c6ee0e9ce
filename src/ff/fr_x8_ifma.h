// SPDX-License-Identifier: Apache-2.0 OR MIT
// Eight Fr Montgomery products at once on AVX-512 IFMA (VPMADD52LUQ / VPMADD52HUQ: the low and
// high 52 bits of a 52 x 52-bit product added to a 64-bit lane). Each element is five 52-bit
// limbs (radix 2^52, R = 2^260), limb j of the eight lanes in one 512-bit register. The same
// reduced-radix operand scanning as ff/fr_x4_avx2.h, with 52-bit instead of 29-bit limbs: five
// steps of ten multiply-adds for a b_i and ten for m r, no carries until the end.
// Measured on a 2-vCPU EPYC VM with IFMA (the project's VM has not always had it): 3.32-3.38 ns
// per product, against 12.1-12.4 ns for the scalar MULX kernel (BM_FrMulThroughput) and
// 11.5-11.8 ns for the AVX2 kernel in the same runs. The NTT's butterflies use ButterflyFrX8 and
// ReduceFrX8 (ntt/transform_x8.h); the MSM's lanes are Fp's (ff/fp_x8_ifma.h).
#pragma once

#include <array>
#include <cstdint>

#include "ff/lane_limbs.h"

namespace cuzk::ff::ifma {

// Eight integers below 2^260 in radix 2^52 (five limbs).
using FrX8 = LaneLimbs<5, 52, 8>;

// Whether this CPU executes AVX-512F and IFMA (MulMontFrX8 must not run otherwise).
bool FrX8Supported();

// Whether the process's field-kernel choice turns the IFMA kernels off (kPortable or kNoIfma,
// ff/cpu_kernels.h). Defined in ff/cpu_kernels.cc, on every CPU.
bool IfmaDeclined();

// out = a b / 2^260 mod r, fully reduced (below r), for lanes of a and b below 2r; out may alias
// a or b.
void MulMontFrX8(FrX8& out, const FrX8& a, const FrX8& b);

// The NTT's radix-2 butterfly on eight lanes, lazily reduced: with t = v w / 2^260, (u, v) <-
// (u + t, u - t) mod r, for lanes of u and v below 4r (normalized limbs) and of w below r; the
// results are below 4r, with normalized limbs. With w = 2^260 w' mod r, t is v w' (whatever v's
// Montgomery form: the product keeps it).
void ButterflyFrX8(FrX8& u, FrX8& v, const FrX8& w);
// Brings lanes below 4r (normalized limbs, as ButterflyFrX8 leaves them) to the same residues
// below r: the NTT's last step before the lanes are unpacked.
void ReduceFrX8(FrX8& x);

namespace emulated {

// MulMontFrX8, ButterflyFrX8 and ReduceFrX8 from the same source (ff/fr_x8_kernels.inc) over plain
// loops with the intrinsics' semantics: runs on every CPU, so that make test checks the kernels'
// arithmetic everywhere, and the real kernels are held to it where the CPU has IFMA.
void MulMontFrX8(FrX8& out, const FrX8& a, const FrX8& b);
// See MulMontFrX8.
void ButterflyFrX8(FrX8& u, FrX8& v, const FrX8& w);
// See MulMontFrX8.
void ReduceFrX8(FrX8& x);

}  // namespace emulated

}  // namespace cuzk::ff::ifma
