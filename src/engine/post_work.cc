// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/post_work.h"

#include <chrono>
#include <string>
#include <utility>

#include "engine/circuit_work.h"
#include "groth16/verifier.h"
#include "r1cs/counting.h"

namespace cuzk::engine {
namespace {

using circuits::post::FallbackPoStCircuit;
using circuits::post::PlaceholderSlots;

// Constraints of `slots` placeholder slots of `challenges` leaves each.
uint64_t CountConstraints(uint32_t slots, uint32_t challenges,
                          const std::vector<uint32_t>& arities) {
  r1cs::CountingConstraintSystem cs;
  FallbackPoStCircuit circuit(PlaceholderSlots(slots, challenges, arities, 1));
  (void)circuit.Synthesize(cs);  // placeholders always synthesize
  return cs.num_constraints();
}

uint64_t PoStMemoryEstimate(const filecoin::RegisteredPoStProof& proof) {
  return PartitionMemoryEstimate(PoStRows(proof));
}

}  // namespace

Result<PoStInput> ParsePoStInput(uint64_t registered_proof,
                                 std::span<const std::string> vanilla_proofs,
                                 std::string_view randomness, uint32_t partition) {
  auto proof = filecoin::PoStProofById(registered_proof);
  if (!proof.ok()) return proof.status();
  PoStInput input;
  input.statement.proof = *proof;
  input.statement.partition = partition;
  if (randomness.size() != 32) {
    return Status::InvalidArgument("randomness has " + std::to_string(randomness.size()) +
                                   " bytes, expected 32");
  }
  std::copy(randomness.begin(), randomness.end(), input.statement.randomness.begin());
  if (vanilla_proofs.empty()) return Status::InvalidArgument("no vanilla proofs");
  for (size_t i = 0; i < vanilla_proofs.size(); ++i) {
    const std::string& bytes = vanilla_proofs[i];
    auto v = filecoin::ParseFallbackPoStSectorProof(
        std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    if (!v.ok()) {
      return Status::InvalidArgument("vanilla_proofs[" + std::to_string(i) +
                                     "]: " + v.status().message());
    }
    input.vanilla.push_back(std::move(v).value());
  }
  bool winning = proof->kind == filecoin::PoStKind::kWinning;
  if (winning && input.vanilla.size() != 1) {
    return Status::InvalidArgument("WinningPoSt takes exactly one sector's vanilla proof, got " +
                                   std::to_string(input.vanilla.size()));
  }
  return input;
}

Result<std::vector<ff::Fr>> PoStInputs(const PoStInput& input) {
  std::vector<std::pair<uint64_t, filecoin::Bytes32>> sectors;
  for (const auto& v : input.vanilla) sectors.emplace_back(v.sector_id, v.comm_r);
  return circuits::post::PoStPublicInputs(input.statement, sectors);
}

Result<SynthesizedCircuit> SynthesizePoSt(const PoStInput& input, AssignmentPtr reuse) {
  SynthesizedCircuit out;
  auto inputs = PoStInputs(input);
  if (!inputs.ok()) return inputs.status();
  out.inputs = std::move(inputs).value();
  auto slots = circuits::post::PoStSlots(input.statement, input.vanilla);
  if (!slots.ok()) return slots.status();
  auto start = std::chrono::steady_clock::now();
  out.assignment = PrepareAssignment(std::move(reuse), PoStRows(input.statement.proof));
  Status s = out.assignment->SynthesizeFrom(FallbackPoStCircuit(std::move(slots).value()));
  if (!s.ok()) return Status::InvalidArgument("synthesis: " + s.message());
  out.synthesis_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

Status VerifyPoSt(const PoStInput& input, const groth16::PreparedVerifyingKey& pvk,
                  std::span<const uint8_t> proof) {
  return VerifyPartitionProofs(1, pvk, proof, [&](uint32_t) { return PoStInputs(input); });
}

Result<r1cs::R1csShape> PoStCircuitShape(const filecoin::RegisteredPoStProof& proof) {
  FallbackPoStCircuit circuit(PlaceholderSlots(proof.circuit_sectors(), proof.circuit_challenges(),
                                               filecoin::TreeArities(proof.shape), 1));
  return r1cs::ShapeRecorder::Record(circuit);
}

uint64_t PoStRows(const filecoin::RegisteredPoStProof& proof) {
  std::vector<uint32_t> arities = filecoin::TreeArities(proof.shape);
  uint64_t head = CountConstraints(1, 0, arities);         // 313: comm_r check
  uint64_t leaf = CountConstraints(1, 1, arities) - head;  // one inclusion proof
  uint64_t slots = proof.circuit_sectors(), challenges = proof.circuit_challenges();
  uint64_t inputs = 1 + slots * (1 + challenges);
  return slots * (head + challenges * leaf) + inputs;
}

Result<std::unique_ptr<JobWork>> MakePoStWork(const JobRequest& r, SrsCache& srs,
                                              uint64_t budget_bytes, size_t threads,
                                              uint64_t* srs_load_ms) {
  auto input =
      ParsePoStInput(r.registered_proof, r.vanilla_proofs, r.randomness, r.partition_index);
  if (!input.ok()) return input.status();
  const filecoin::RegisteredPoStProof& proof = input->statement.proof;
  bool winning = proof.kind == filecoin::PoStKind::kWinning;
  if (winning != (r.kind == ProofKind::kWinningPost)) {
    return Status::InvalidArgument("registered_proof " + std::to_string(r.registered_proof) +
                                   " is " + std::string(proof.name) + ", not a " +
                                   ProofKindName(r.kind) + " proof type");
  }
  if (Status st = CheckSectorSize(r.sector_size, proof.shape.sector_bytes, std::string(proof.name));
      !st.ok()) {
    return st;
  }
  // Check the witness now, so a bad proof fails before parameters load.
  auto slots = circuits::post::PoStSlots(input->statement, input->vanilla);
  if (!slots.ok()) return slots.status();
  uint64_t memory = PoStMemoryEstimate(proof);
  std::string circuit_id = PoStCircuitId(proof);
  auto shared = std::make_shared<const PoStInput>(std::move(input).value());
  return MakeCircuitWork(srs, circuit_id, 1, memory, budget_bytes, threads, srs_load_ms,
                         [shared](uint32_t, AssignmentPtr reuse) {
                           return SynthesizePoSt(*shared, std::move(reuse));
                         });
}

}  // namespace cuzk::engine
