// SPDX-License-Identifier: Apache-2.0 OR MIT
// Proves one circuit on the CPU backend and on another backend with the same r and s, for tests
// that compare the two (their proofs must be equal), from a synthesized assignment or, on the
// compiled path, from a compiled circuit and a compact witness.
#pragma once

#include <memory>
#include <utility>

#include "groth16/prover.h"
#include "r1cs/compact_witness.h"
#include "r1cs/compiled_circuit.h"
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

// A circuit as the engine's compiled path hands it to a backend: compiled, its compact witness,
// fresh buffers, and the ProverInput over them (not movable: the input points at the others).
struct CompactProverInput {
  r1cs::CompiledCircuit compiled;
  r1cs::CompactWitness witness;
  r1cs::ProvingAssignment buffers{r1cs::CEvaluations::kDerive};
  groth16::ProverInput input{compiled, witness, buffers};

  // Returns `circuit` compiled with its compact witness, or the error of either step.
  static Result<std::unique_ptr<CompactProverInput>> Of(const r1cs::Circuit& circuit) {
    ASSIGN_OR_RETURN(r1cs::CompiledCircuit compiled, r1cs::CompileCircuit(circuit));
    auto out = std::make_unique<CompactProverInput>(std::move(compiled));
    RETURN_IF_ERROR(circuit.Synthesize(out->witness));
    return out;
  }
  explicit CompactProverInput(r1cs::CompiledCircuit c) : compiled(std::move(c)) {}
  CompactProverInput(const CompactProverInput&) = delete;
  CompactProverInput& operator=(const CompactProverInput&) = delete;
};

// Returns the proof of `circuit` under `pk` with r and s from `backend`, given the circuit
// compiled and a compact witness (the engine's compiled path: the backend evaluates a and b).
inline Result<groth16::Proof> ProveCompactOn(groth16::ProverBackend& backend,
                                             const groth16::ProvingKey& pk,
                                             const r1cs::Circuit& circuit, const ff::Fr& r,
                                             const ff::Fr& s) {
  ASSIGN_OR_RETURN(auto compact, CompactProverInput::Of(circuit));
  groth16::ProverOptions options;
  options.backend = &backend;
  return groth16::CreateProof(pk, compact->input, r, s, options);
}

}  // namespace cuzk::testing
