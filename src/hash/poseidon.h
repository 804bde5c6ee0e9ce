// SPDX-License-Identifier: Apache-2.0 OR MIT
// Poseidon over Fr as Filecoin uses it (neptune 11.0.0, docs/filecoin.md §5): width
// t = arity + 1, x^5 S-box, 8 full rounds and the arity's partial rounds, Grain-LFSR round
// constants and a Cauchy MDS matrix, all generated here from the parameters at first use.
// This is the reference ("hash_correct") permutation; the circuit's optimized sparse schedule
// computes the same function.
#pragma once

#include <span>
#include <vector>

#include "base/status.h"
#include "ff/fr.h"

namespace cuzk::hash {

using ff::Fr;

// Everything the permutation of one arity needs.
struct PoseidonParams {
  size_t arity = 0;
  size_t width = 0;        // arity + 1
  size_t full_rounds = 8;  // 4 before and 4 after the partial rounds
  size_t partial_rounds = 0;
  Fr merkle_tag;                     // domain tag of HashType::MerkleTree: 2^arity - 1
  std::vector<Fr> round_constants;   // (full + partial) * width, round r uses [r*t, r*t + t)
  std::vector<std::vector<Fr>> mds;  // t x t, mds[i][j] = 1/(i + j + t)
};

// Returns the partial-round count for `arity` (neptune's round_numbers.rs with its security
// margin: 2 -> 55, 4 -> 56, 8 -> 57, 11 -> 57, 16 -> 59, 24 -> 59, 36 -> 60), or an error for
// an arity Filecoin does not use.
Result<size_t> PoseidonPartialRounds(size_t arity);

// Returns the parameters of `arity` (one of 2, 4, 8, 11, 16, 24, 36), generated once and cached.
Result<const PoseidonParams*> PoseidonParamsFor(size_t arity);

// Generates `count` round constants with the Grain LFSR of the Poseidon reference
// implementation, seeded with (prime field, x^5, 255-bit field, width, full, partial rounds).
std::vector<Fr> GrainRoundConstants(size_t width, size_t full_rounds, size_t partial_rounds,
                                    size_t count);

// Applies the Poseidon permutation to `state` (size = params.width) in place.
void PoseidonPermute(const PoseidonParams& params, std::span<Fr> state);

// Returns the Merkle-tree Poseidon hash of exactly `arity` elements (arity = preimage.size()).
Result<Fr> PoseidonHash(std::span<const Fr> preimage);

// The domain-separation modes of neptune's hash_type.rs that Filecoin's hashers use.
enum class PoseidonHashType {
  kMerkleTree,      // tag 2^arity - 1, exactly arity elements
  kConstantLength,  // tag len * 2^64, 1 <= len <= arity elements, zero-padded to arity
  kGenRandomness,   // Custom(1): tag 2^40, exactly arity elements (SnapDeals' "gen randomness")
};

// Returns the Poseidon hash of `preimage` with the constants of `arity` in the given mode.
Result<Fr> PoseidonHashTyped(std::span<const Fr> preimage, size_t arity, PoseidonHashType type);

// The arity of filecoin-hashers' Merkle-Damgard Poseidon (PoseidonMDArity).
inline constexpr size_t kPoseidonMdArity = 36;

// filecoin-hashers hash_md: acc = input[0]; for each chunk of 35 following elements, acc =
// Poseidon-36 Merkle-tree hash of (acc, chunk, zeros). Needs at least 2 elements.
Result<Fr> PoseidonHashMd(std::span<const Fr> input);

}  // namespace cuzk::hash
