// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack's verifier, as bellperson 0.27's `verify_aggregate_proof` with
// `AggregateVersion::V2` (groth16/aggregate/verify.rs) decides: the GIPA challenges recomputed
// from the transcript, the commitments folded with them, the final values checked against the
// folded commitments, the KZG openings of the final keys, and the Groth16 equation over the
// random combination of the proofs. bellperson merges its pairing checks with random
// coefficients; each is checked on its own here, which accepts exactly the same proofs.
#pragma once

#include <span>
#include <vector>

#include "base/status.h"
#include "ff/fr.h"
#include "groth16/keys.h"
#include "snarkpack/aggregate_proof.h"
#include "snarkpack/srs.h"

namespace cuzk::snarkpack {

// Verifies `proof` of the Groth16 proofs with `public_inputs` (one vector per proof, without the
// leading ONE, as many as proof.gipa.nproofs) under `vk`, with `srs` specialized to nproofs and
// the same `transcript_include` as the prover's. `proof`'s GT elements must lie in GT, as every
// proof read by ParseAggregateProof or made by AggregateProofs does. OK iff valid; the error names
// the first check that fails.
Status VerifyAggregateProof(const VerifierSrs& srs, const groth16::VerifyingKey& vk,
                            std::span<const std::vector<ff::Fr>> public_inputs,
                            const AggregateProof& proof,
                            std::span<const uint8_t> transcript_include);

}  // namespace cuzk::snarkpack
