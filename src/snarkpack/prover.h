// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack's prover (Gailly, Maller, Nitulescu, "SnarkPack: Practical SNARK Aggregation", FC
// 2022, eprint 2021/529), step for step as bellperson 0.27's `aggregate_proofs` with
// `AggregateVersion::V2` (groth16/aggregate/prove.rs), so that the same inputs give the same
// bytes: commitments to A, B and C, a random linear combination r, then TIPP (pairing product of
// A and B^r) and MIPP (C^r) proved together by GIPA, and KZG openings of the final commitment keys.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "groth16/keys.h"
#include "snarkpack/aggregate_proof.h"
#include "snarkpack/srs.h"

namespace cuzk::snarkpack {

// Aggregates `proofs` (a power of two, at least 2, equal to srs.n). `transcript_include` is
// hashed into the challenge r with them (Filecoin: SHA-256 of the seeds and comm_rs). The
// proofs' points must be in G1 and G2 (as ParseProof and the Groth16 prover give them); the
// prover's scalar multiplications rely on it.
Result<AggregateProof> AggregateProofs(const ProverSrs& srs,
                                       std::span<const uint8_t> transcript_include,
                                       std::span<const groth16::Proof> proofs);

}  // namespace cuzk::snarkpack
