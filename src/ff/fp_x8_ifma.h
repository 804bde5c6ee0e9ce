// SPDX-License-Identifier: Apache-2.0 OR MIT
// Eight Fp (BLS12-381 base field) operations at once on AVX-512 IFMA, for the MSM's batch-affine
// point additions (msm/affine_lanes.h). Each element is eight 52-bit limbs (416 bits for p's 381),
// limb j of the eight lanes in one 512-bit register, and keeps Fp's own Montgomery form (R =
// 2^384), so packing an Fp into a lane is only a change of radix. The chord kernels run whole
// steps of batch-affine G1 and G2 additions in registers, gathering the points' words into lanes
// and scattering the sums back (one call per step instead of a dozen, and no lane copies). The
// bodies are written once (ff/fp_x8_kernels.inc) and compiled twice: on IFMA intrinsics
// (ff/fr_x8_ifma.cc) and on plain loops (ff/fr_x8_emulated.cc), which make test checks on every
// CPU. Speed (BM_FpMulX8IfmaThroughput, a 2-vCPU AMD EPYC with IFMA): 8.7-8.8 ns per product,
// against 25-34 ns for the scalar MULX/ADX product in the same runs.
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

// Eight Fp2 elements c[0] + c[1] u: their c[0] parts in one set of Fp lanes, c[1] in another.
struct Fp2X8 {
  FpX8 c[2];
};

// Eight chord-rule (affine) additions P_k += Q_k, k < lanes, on a short Weierstrass curve over
// Fp, with Montgomery's trick sharing one inversion among many such groups: p[k] and q[k] each
// address x then y, each Fp's six Montgomery-form words (ec::Affine<G1Curve>'s first twelve
// words); x_P != x_Q. First, group by group: ChordForwardFpX8 sets diff = x_Q - x_P,
// prefix = product, product *= diff (lanes from `lanes` on take diff = 1; product starts at
// one). Then, with product inverted lane by lane, group by group from the last:
// ChordBackwardFpX8 sets product *= diff and writes P_k + Q_k to p[k], or P_k - Q_k where bit k
// of negate_q is set. Lanes from `lanes` on read and write no point.
void ChordForwardFpX8(FpX8& diff, FpX8& prefix, FpX8& product, const uint64_t* const p[8],
                      const uint64_t* const q[8], int lanes);
// See ChordForwardFpX8.
void ChordBackwardFpX8(FpX8& product, const FpX8& prefix, const FpX8& diff, uint64_t* const p[8],
                       const uint64_t* const q[8], int lanes, unsigned negate_q);
// ChordForwardFpX8 over Fp2 (a G2 curve): p[k] and q[k] address x.c0, x.c1, y.c0, y.c1, each
// Fp's six words (ec::Affine<G2Curve>'s first 24 words).
void ChordForwardFp2X8(Fp2X8& diff, Fp2X8& prefix, Fp2X8& product, const uint64_t* const p[8],
                       const uint64_t* const q[8], int lanes);
// ChordBackwardFpX8 over Fp2 (see ChordForwardFp2X8).
void ChordBackwardFp2X8(Fp2X8& product, const Fp2X8& prefix, const Fp2X8& diff,
                        uint64_t* const p[8], const uint64_t* const q[8], int lanes,
                        unsigned negate_q);

// A set of eight-lane Fp kernels, so that a caller picks IFMA or the emulation at run time.
struct FpX8Kernels {
  void (*mul)(FpX8&, const FpX8&, const FpX8&);
  void (*add)(FpX8&, const FpX8&, const FpX8&);
  void (*sub)(FpX8&, const FpX8&, const FpX8&);
  decltype(&ChordForwardFpX8) chord_forward;
  decltype(&ChordBackwardFpX8) chord_backward;
  decltype(&ChordForwardFp2X8) chord_forward_fp2;
  decltype(&ChordBackwardFp2X8) chord_backward_fp2;
};

// The IFMA kernels where the CPU runs them (FrX8Supported), the process's field-kernel choice
// does not decline them (IfmaDeclined) and they agree with Fp's scalar arithmetic on a known-answer
// check run on first use (stderr says so when they do not); else null.
const FpX8Kernels* CheckedIfmaFpKernels();

// Whether kernels agree with Fp's scalar arithmetic on fixed lanes (0, 1, p - 1 and pseudo-random
// values, in every operand position): the known-answer check of CheckedIfmaFpKernels.
bool FpKernelsAgreeWithScalar(const FpX8Kernels& kernels);

namespace emulated {

// The kernels above from the same source over plain loops (see fr_x8_ifma.h's
// emulated namespace): they run on every CPU.
void MulMontFpX8(FpX8& out, const FpX8& a, const FpX8& b);
// See AddFpX8.
void AddFpX8(FpX8& out, const FpX8& a, const FpX8& b);
// See SubFpX8.
void SubFpX8(FpX8& out, const FpX8& a, const FpX8& b);
// See ChordForwardFpX8.
void ChordForwardFpX8(FpX8& diff, FpX8& prefix, FpX8& product, const uint64_t* const p[8],
                      const uint64_t* const q[8], int lanes);
// See ChordForwardFpX8.
void ChordBackwardFpX8(FpX8& product, const FpX8& prefix, const FpX8& diff, uint64_t* const p[8],
                       const uint64_t* const q[8], int lanes, unsigned negate_q);
// See ChordForwardFp2X8.
void ChordForwardFp2X8(Fp2X8& diff, Fp2X8& prefix, Fp2X8& product, const uint64_t* const p[8],
                       const uint64_t* const q[8], int lanes);
// See ChordForwardFp2X8.
void ChordBackwardFp2X8(Fp2X8& product, const Fp2X8& prefix, const Fp2X8& diff,
                        uint64_t* const p[8], const uint64_t* const q[8], int lanes,
                        unsigned negate_q);

// The emulated kernels as a table.
const FpX8Kernels& FpKernels();

}  // namespace emulated

}  // namespace cuzk::ff::ifma
