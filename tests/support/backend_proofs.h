// SPDX-License-Identifier: Apache-2.0 OR MIT
// Proves one circuit on the CPU backend and on another backend with the same r and s, for tests
// that compare the two (their proofs must be equal).
#pragma once

#include <utility>

#include "groth16/prover.h"
#include "r1cs/constraint_system.h"

namespace cuzk::testing {

// Returns the proofs of `circuit` under `pk` with r and s from the CPU backend (first) and from
// `backend` (second), each from a fresh assignment recording or deriving c as `c_mode` says.
inline std::pair<Result<groth16::Proof>, Result<groth16::Proof>> ProveOnCpuAndOn(
    groth16::ProverBackend& backend, const groth16::ProvingKey& pk, const r1cs::Circuit& circuit,
    const ff::Fr& r, const ff::Fr& s, r1cs::CEvaluations c_mode) {
  auto prove = [&](groth16::ProverBackend& on) -> Result<groth16::Proof> {
    r1cs::ProvingAssignment pa(c_mode);
    RETURN_IF_ERROR(pa.SynthesizeFrom(circuit));
    groth16::ProverOptions options;
    options.backend = &on;
    return groth16::CreateProof(pk, pa, r, s, options);
  };
  return {prove(groth16::CpuBackend()), prove(backend)};
}

}  // namespace cuzk::testing
