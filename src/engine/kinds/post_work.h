// SPDX-License-Identifier: Apache-2.0 OR MIT
// WindowPoSt and WinningPoSt proving: Curio's vanilla proofs → FallbackPoSt witness → synthesis
// → Groth16 proof → verification against the public inputs derived from the randomness and the
// sectors (a proof that fails is never returned). One partition per job, as Curio asks for it.
// Their descriptors are WindowPoStKind() and WinningPoStKind() (proof_kind.h).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "circuits/post/fallback_circuit.h"
#include "engine/partition.h"

namespace cuzk::engine {

// One PoSt partition to prove: the statement and the decoded vanilla proofs.
struct PoStInput {
  circuits::post::PoStStatement statement;
  std::vector<filecoin::FallbackPoStSectorProof> vanilla;
};

// Decodes and checks a PoSt request: `registered_proof` (a Lotus RegisteredPoStProof id),
// bincode FallbackPoStSectorProofs, 32 bytes of randomness and the partition index.
Result<PoStInput> ParsePoStInput(uint64_t registered_proof,
                                 std::span<const std::string> vanilla_proofs,
                                 std::string_view randomness, uint32_t partition);

// Returns the public inputs the verifier derives (comm_r and challenged leaves per slot).
Result<std::vector<ff::Fr>> PoStInputs(const PoStInput& input);
// Returns the circuit of a PoSt request with its witness (every path checked against its
// challenge).
Result<std::unique_ptr<r1cs::Circuit>> PoStCircuit(const PoStInput& input);
// Builds the witness and synthesizes the circuit (into `reuse` when given, see
// PrepareAssignment).
Result<SynthesizedPartition> SynthesizePoSt(const PoStInput& input, AssignmentPtr reuse = nullptr);

// Returns the R1CS rows of `proof`'s circuit, input constraints included (from one slot's
// measured cost: 2KiB WindowPoSt 22,496; 32GiB 125,279,217 + inputs).
uint64_t PoStRows(const filecoin::RegisteredPoStProof& proof);

// Returns the circuit id of a PoSt proof type, e.g. "wpost-32g" or "winning-2k"; WindowPoSt V1
// and V1_1 share one circuit.
std::string PoStCircuitId(const filecoin::RegisteredPoStProof& proof);

}  // namespace cuzk::engine
