// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Groth16 prover in bellperson's algorithm (prover/native.rs; docs/filecoin.md §7.6).
#pragma once

#include "base/status.h"
#include "groth16/backend.h"
#include "groth16/keys.h"
#include "r1cs/proving_assignment.h"

namespace cuzk::groth16 {

// Returns an error naming the first size on which `pk` and `assignment` disagree (input count,
// aux count, A and B query lengths, the domain), so a wrong key fails before any heavy work.
Status CheckSizes(const ProvingKey& pk, const r1cs::ProvingAssignment& assignment);

// Proves `input` with explicit randomness r, s (for tests and cross-checks). A synthesized
// assignment must have had its input constraints appended (ProvingAssignment::SynthesizeFrom does
// that; a compiled circuit has them); its a/b/c vectors are used as scratch. Errors name any size
// mismatch between the input and the key, found before a compact input is evaluated. The heavy
// work, a compact input's evaluation included, runs on options.backend (the CPU when null).
Result<Proof> CreateProof(const ProvingKey& pk, ProverInput& input, const ff::Fr& r,
                          const ff::Fr& s, const ProverOptions& options = {});
// The same for a synthesized assignment.
Result<Proof> CreateProof(const ProvingKey& pk, r1cs::ProvingAssignment& assignment,
                          const ff::Fr& r, const ff::Fr& s, const ProverOptions& options = {});

// Proves with r, s drawn from the operating system's random source.
Result<Proof> CreateRandomProof(const ProvingKey& pk, ProverInput& input,
                                const ProverOptions& options = {});
// The same for a synthesized assignment.
Result<Proof> CreateRandomProof(const ProvingKey& pk, r1cs::ProvingAssignment& assignment,
                                const ProverOptions& options = {});

}  // namespace cuzk::groth16
