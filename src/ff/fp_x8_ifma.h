// SPDX-License-Identifier: Apache-2.0 OR MIT
// Eight Fp (BLS12-381 base field) operations at once on AVX-512 IFMA, for the MSM's batch-affine
// point additions (msm/affine_lanes.h). Each element is eight 52-bit limbs (416 bits for p's 381),
// limb j of the eight lanes in one 512-bit register, and keeps Fp's own Montgomery form (R =
// 2^384), so packing an Fp into a lane is only a change of radix. The bodies are written once
// (ff/fp_x8_kernels.inc) and compiled twice: on IFMA intrinsics (ff/fr_x8_ifma.cc) and on plain
// loops (ff/fr_x8_emulated.cc), which make test checks on every CPU.
// Speed (BM_FpMulX8IfmaThroughput, a 2-vCPU AMD EPYC with IFMA): 8.7-8.8 ns per product, against
// 25-34 ns for the scalar MULX/ADX product in the same runs.
#pragma once

#include "ff/lane_limbs.h"

namespace cuzk::ff::ifma {

// Eight integers below 2^384 in radix 2^52 (eight limbs).
using FpX8 = LaneLimbs<8, 52, 8, 6>;

// out = a b / 2^384 mod p, below p, for lanes below 2p: Fp's Montgomery product per lane. out
// may alias a or b.
void MulMontFpX8(FpX8& out, const FpX8& a, const FpX8& b);
// out = a + b mod p for lanes below p; out may alias a or b.
void AddFpX8(FpX8& out, const FpX8& a, const FpX8& b);
// out = a - b mod p for lanes below p; out may alias a or b.
void SubFpX8(FpX8& out, const FpX8& a, const FpX8& b);

// A set of eight-lane Fp kernels, so that a caller picks IFMA or the emulation at run time.
struct FpX8Kernels {
  void (*mul)(FpX8&, const FpX8&, const FpX8&);
  void (*add)(FpX8&, const FpX8&, const FpX8&);
  void (*sub)(FpX8&, const FpX8&, const FpX8&);
};

// The IFMA kernels where the CPU runs them (FrX8Supported), CUZK_FIELD_KERNEL does not decline
// them (IfmaDeclinedByEnvironment) and they agree with Fp's scalar arithmetic on a known-answer
// check run on first use (stderr says so when they do not); else null.
const FpX8Kernels* CheckedIfmaFpKernels();

// Whether kernels agree with Fp's scalar arithmetic on fixed lanes (0, 1, p - 1 and pseudo-random
// values, in every operand position): the known-answer check of CheckedIfmaFpKernels.
bool FpKernelsAgreeWithScalar(const FpX8Kernels& kernels);

namespace emulated {

// MulMontFpX8, AddFpX8 and SubFpX8 from the same source over plain loops (see fr_x8_ifma.h's
// emulated namespace): they run on every CPU.
void MulMontFpX8(FpX8& out, const FpX8& a, const FpX8& b);
// See AddFpX8.
void AddFpX8(FpX8& out, const FpX8& a, const FpX8& b);
// See SubFpX8.
void SubFpX8(FpX8& out, const FpX8& a, const FpX8& b);

// The emulated kernels as a table.
const FpX8Kernels& FpKernels();

}  // namespace emulated

}  // namespace cuzk::ff::ifma
