// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NTT's butterflies eight at a time (issue 26 item 2): EvaluationDomain's stages of half-width
// 8 and more (without precomputed tables, the wide ones with composed twiddles), run on eight
// lanes of five 52-bit limbs (ff/fr_x8_ifma.h) by LaneKernels, which are the AVX-512 IFMA kernels
// where the CPU has them. The values stay in Fr's Montgomery form; only the twiddles change form
// (2^260 w mod r, which the lanes' radix-2^52 product turns into w), so the results equal the
// scalar transform's bit for bit. The data is packed into lanes once per cache block and once per
// tile, not per stage, and between the two it stays lazily reduced (below 4r, as Harvey's
// butterflies leave it), reduced below r only before it is unpacked.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "base/cancel.h"
#include "base/fill_later_vector.h"
#include "ff/fr.h"
#include "ff/fr_x8_ifma.h"

namespace cuzk::ntt::x8 {

using ff::Fr;
using ff::ifma::FrX8;

// An eight-lane butterfly with ff::ifma::ButterflyFrX8's contract: (u, v) <- (u + t, u - t) mod r
// with t = v w / 2^260 mod r, for lanes of u and v below 4r and of w below r, results below 4r
// (Harvey's lazy reduction: a ReduceFn brings them below r). Lanes' limbs are normalized (52
// bits).
using ButterflyFn = void (*)(FrX8& u, FrX8& v, const FrX8& w);

// A reduction with ff::ifma::ReduceFrX8's contract: lanes below 4r (normalized) to the same
// residues below r.
using ReduceFn = void (*)(FrX8& x);

// A product with ff::ifma::MulMontFrX8's contract: out = a b / 2^260 mod r, below r, for lanes
// below 2r (normalized); out may alias a or b. On two twiddles in the lanes' form (2^260 w mod
// r) it gives their product in that form.
using MulFn = void (*)(FrX8& out, const FrX8& a, const FrX8& b);

// The eight-lane kernels a transform runs: the butterfly of every stage, the reduction of the
// lanes before they are unpacked, and the product that composes twiddles (HighStagesComposed).
struct LaneKernels {
  ButterflyFn butterfly = nullptr;
  ReduceFn reduce = nullptr;
  MulFn mul = nullptr;
};

// ButterflyFrX8's results computed lane by lane with Fr's own arithmetic (fully reduced, which
// the contract allows): the reference the IFMA kernel is tested against, and the kernel the tests
// run the eight-lane transform with on a CPU without IFMA (slow: it is not meant for proving).
void ButterflyPortable(FrX8& u, FrX8& v, const FrX8& w);
// ReduceFrX8's results computed lane by lane.
void ReducePortable(FrX8& x);
// MulMontFrX8's results computed lane by lane.
void MulPortable(FrX8& out, const FrX8& a, const FrX8& b);
// The portable kernels (NttKernel::kEightLanePortable).
inline constexpr LaneKernels kPortableKernels = {&ButterflyPortable, &ReducePortable, &MulPortable};
// The IFMA kernels' source over plain loops (ff::ifma::emulated), for tests on every CPU.
inline constexpr LaneKernels kEmulatedIfmaKernels = {&ff::ifma::emulated::ButterflyFrX8,
                                                     &ff::ifma::emulated::ReduceFrX8,
                                                     &ff::ifma::emulated::MulMontFrX8};

// A lane's integer (below 2^260) in five 64-bit words, least significant first.
using LaneInt = ff::Limbs<5>;

// Returns true iff every lane of x has normalized limbs and is below r.
bool LanesBelowR(const FrX8& x);
// Returns true iff every lane of x has normalized limbs and is below 4r (the butterflies' bound).
bool LanesBelowFourR(const FrX8& x);
// Adds r to the lanes whose bits are set in `lanes` (bit k: lane k), each below 2^260 - r.
void AddModulusToLanes(FrX8& x, unsigned lanes);

// The butterflies (u, v, w) whose u and v are among the integers 0, 1, r - 1, r, 2r - 1, 2r and
// 4r - 1 and whose w is among 0, 1 and r - 1.
inline constexpr size_t kEdgeTriples = 7 * 7 * 3;
// Sets the lanes to the edge triples 8 group .. 8 group + 7 (mod kEdgeTriples).
void EdgeLanes(FrX8& u, FrX8& v, FrX8& w, size_t group);

// Returns true iff `kernels` give the portable kernels' results modulo r, the butterfly's below
// 4r and the reduction's and the product's below r, on fixed lanes (0, 1, r - 1 and pseudo-random
// values, as u, v and w, u and v also plus r, 2r or 3r in some lanes; and EdgeLanes' first group):
// the known-answer check IfmaKernels runs once.
bool AgreesWithPortable(const LaneKernels& kernels);
// Returns the AVX-512 IFMA kernels when this build and CPU have them and they pass
// AgreesWithPortable on first use (else it says so on stderr), else null.
const LaneKernels* IfmaKernels();
// Returns IfmaKernels() unless the process's field-kernel choice is kPortable or kNoIfma
// (ff/cpu_kernels.h), then null: what NttKernel::kAuto runs.
const LaneKernels* AutoKernels();

// Sets lane `lane` to the integer w, below 2^260 (its five 52-bit limbs).
void SetLaneValue(FrX8& out, int lane, const LaneInt& w);
// Returns lane `lane` as an integer (its limbs must be normalized).
LaneInt LaneValue(const FrX8& in, int lane);
// Packs x[0..7] (Montgomery limbs, each below r) into lanes.
void Pack(const Fr* x, FrX8& out);
// Unpacks lanes (each below r: a LaneKernels::reduce brings a butterfly's results there) into
// x[0..7].
void Unpack(const FrX8& in, Fr* x);
// Returns w[0], w[stride], ..., w[7 stride] in the lanes' twiddle form, 2^260 w mod r (the
// Montgomery form of 16 w).
FrX8 PackTwiddles(const Fr* w, size_t stride);

// A twiddle table: filled on many threads, so its pages are first touched there (a std::vector
// would zero the whole table on one thread first: most of the 1.4 s that packing the 2^22
// domain's tables took on a 2-core VM).
using FrTable = HugeFillLaterVector<Fr>;
// A twiddle table packed eight to an element.
using LaneTable = HugeFillLaterVector<FrX8>;

// EvaluationDomain's twiddle tables of one direction, packed eight to an element:
//   small[(h + j) / 8] holds small[h + j .. h + j + 7] (h >= 8, j a multiple of 8);
//   wide[p][m / 8] holds wide[p][m .. m + 7];
//   even[p][m / 8] holds wide[p][2m], wide[p][2m + 2], .. wide[p][2m + 14] (radix-4 passes'
//   first stage, which takes every other twiddle).
struct PackedTwiddles {
  LaneTable small;
  std::vector<LaneTable> wide, even;
};

// Packs the `small` table alone (what a domain without precomputed tables packs per call).
LaneTable PackSmall(const std::vector<Fr>& small);
// Writes entries [begin, end) of wide pass `pass`'s twiddle table to out[0, end - begin).
using WideTableFn = std::function<void(size_t pass, size_t begin, size_t end, Fr* out)>;
// Packs one direction's tables: `small`, and for each of the wide `passes` (half-width h, radix)
// its table of radix h / 2 entries, which `wide` computes a chunk at a time on every thread.
PackedTwiddles PackDirection(const std::vector<Fr>& small,
                             const std::vector<std::pair<size_t, unsigned>>& passes,
                             const WideTableFn& wide);

// Runs the stages of half-width 8 .. block/2 on one block of `block` values (below r, the
// earlier stages done) with the packed small table, leaving them below r; scratch is the
// caller's, reused between blocks.
void BlockStages(Fr* x, size_t block, const LaneTable& small, const LaneKernels& kernels,
                 std::vector<FrX8>& scratch);

// Runs the stages past the block (EvaluationDomain's HighStagesTiled, on lanes): each tile of 16
// columns of every row of `block` values is gathered, packed, taken through every wide pass and
// written back below r; values must be below r. Returns early when `cancel` is set.
void HighStagesTiled(std::span<Fr> values, size_t block,
                     const std::vector<std::pair<size_t, unsigned>>& passes,
                     const PackedTwiddles& twiddles, const LaneKernels& kernels, size_t threads,
                     const CancelFlag* cancel);

// Returns x^e (for the twiddles' powers here and in EvaluationDomain).
Fr PowU64(const Fr& x, uint64_t e);

// values[i] *= start * step^i for every i (ScaleByPowers: the coset shifts and the 1/n of the
// inverse transforms), eight values at a time on `kernels`, in parallel chunks: each group is
// packed, multiplied by its eight powers in the twiddle form and unpacked (the same, fully reduced
// values as Fr's products), and the powers advance by one lane product by step^8.
void ScaleByPowers(std::span<Fr> values, const Fr& start, const Fr& step,
                   const LaneKernels& kernels, size_t threads);

// The quotient's last pass (EvaluationDomain::QuotientCoefficients): ab[i] <- (ab[i] g^i - c[i]) k
// for every i, computed as ab[i] (k g^i) - c[i] k with the two products on `kernels`.
void ScaledDifference(std::span<Fr> ab, std::span<const Fr> c, const Fr& g, const Fr& k,
                      const LaneKernels& kernels, size_t threads);

// Runs the stages past the block as HighStagesTiled does, without pass tables (domains past
// 2^22 points, whose tables would take 2/3 n elements per direction). In the stage of half-width
// H = half * block points (w = root^(n / 2H)), the point k block + c of a 2H-group takes w^(k
// block) w^c: per stage, a table of w^c for c < block and one of w^(k block) for k < half, built
// per call (about 2^14 log2(n / block) + n / block products), and per tile each row pair's eight
// column twiddles composed from them by one lane product per eight columns: about 2 / log2(n /
// block) more lane products than with pass tables (15% at 2^27 points). values must be below r;
// returns early when `cancel` is set.
void HighStagesComposed(std::span<Fr> values, size_t block, const Fr& root,
                        const LaneKernels& kernels, size_t threads, const CancelFlag* cancel);

}  // namespace cuzk::ntt::x8
