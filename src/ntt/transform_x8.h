// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NTT's butterflies eight at a time (issue 26 item 2): EvaluationDomain's stages of half-width
// 8 and more (without precomputed tables, those within a 2^14-point block), run on eight lanes of
// five 52-bit limbs (ff/fr_x8_ifma.h) by a ButterflyFn, which is the AVX-512 IFMA kernel where the
// CPU has it. The values stay in Fr's Montgomery form; only the twiddles change form (2^260 w mod
// r, which the lanes' radix-2^52 product turns into w), so the results equal the scalar transform's
// bit for bit. The data is packed into lanes once per cache block and once per tile, not per stage.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "base/cancel.h"
#include "ff/fr.h"
#include "ff/fr_x8_ifma.h"

namespace cuzk::ntt::x8 {

using ff::Fr;
using ff::ifma::FrX8;

// An eight-lane butterfly with ff::ifma::ButterflyFrX8's contract: (u, v) <- (u + t, u - t) mod r
// with t = v w / 2^260 mod r, every lane below r.
using ButterflyFn = void (*)(FrX8& u, FrX8& v, const FrX8& w);

// ButterflyFrX8's results computed lane by lane with Fr's own arithmetic: the reference the IFMA
// kernel is tested against, and the kernel the tests run the eight-lane transform with on a CPU
// without IFMA (slow: it is not meant for proving).
void ButterflyPortable(FrX8& u, FrX8& v, const FrX8& w);

// Returns true iff `kernel` gives ButterflyPortable's results on fixed lanes (0, 1, r - 1 and
// pseudo-random values, as u, v and w): the known-answer check IfmaButterfly runs once.
bool AgreesWithPortable(ButterflyFn kernel);
// Returns the AVX-512 IFMA butterfly when this build and CPU have it and it passes
// AgreesWithPortable on first use (else it says so on stderr), else null.
ButterflyFn IfmaButterfly();
// Returns IfmaButterfly() unless CUZK_FIELD_KERNEL is "portable" (the portable kernels,
// ff/cpu_kernels.h) or "no-ifma" (the assembly without IFMA), then null: what NttKernel::kAuto
// runs.
ButterflyFn AutoButterfly();

// Packs x[0..7] (Montgomery limbs, each below 2^256) into lanes.
void Pack(const Fr* x, FrX8& out);
// Unpacks lanes (each below 2^256) into x[0..7].
void Unpack(const FrX8& in, Fr* x);
// Returns w[0], w[stride], ..., w[7 stride] in the lanes' twiddle form, 2^260 w mod r (the
// Montgomery form of 16 w).
FrX8 PackTwiddles(const Fr* w, size_t stride);

// EvaluationDomain's twiddle tables of one direction, packed eight to an element:
//   small[(h + j) / 8] holds small[h + j .. h + j + 7] (h >= 8, j a multiple of 8);
//   wide[p][m / 8] holds wide[p][m .. m + 7];
//   even[p][m / 8] holds wide[p][2m], wide[p][2m + 2], .. wide[p][2m + 14] (radix-4 passes'
//   first stage, which takes every other twiddle).
struct PackedTwiddles {
  std::vector<FrX8> small;
  std::vector<std::vector<FrX8>> wide, even;
};

// Packs the `small` table alone (what a domain without precomputed tables packs per call).
std::vector<FrX8> PackSmall(const std::vector<Fr>& small);
// Packs one direction's tables; `passes` are the wide passes (half-width, radix) of `wide`.
PackedTwiddles PackDirection(const std::vector<Fr>& small, const std::vector<std::vector<Fr>>& wide,
                             const std::vector<std::pair<size_t, unsigned>>& passes);

// Runs the stages of half-width 8 .. block/2 on one block of `block` values (below r, the
// earlier stages done) with the packed small table, leaving them below r; scratch is the
// caller's, reused between blocks.
void BlockStages(Fr* x, size_t block, const std::vector<FrX8>& small, ButterflyFn butterfly,
                 std::vector<FrX8>& scratch);

// Runs the stages past the block (EvaluationDomain's HighStagesTiled, on lanes): each tile of 16
// columns of every row of `block` values is gathered, packed, taken through every wide pass and
// written back below r; values must be below r. Returns early when `cancel` is set.
void HighStagesTiled(std::span<Fr> values, size_t block,
                     const std::vector<std::pair<size_t, unsigned>>& passes,
                     const PackedTwiddles& twiddles, ButterflyFn butterfly, size_t threads,
                     const CancelFlag* cancel);

}  // namespace cuzk::ntt::x8
