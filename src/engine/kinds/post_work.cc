// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/post_work.h"

#include <chrono>
#include <string>
#include <utility>

#include "circuits/r1cs_cases.h"
#include "engine/kinds/proof_kind.h"
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

}  // namespace

Result<PoStInput> ParsePoStInput(uint64_t registered_proof,
                                 std::span<const std::string> vanilla_proofs,
                                 std::string_view randomness, uint32_t partition) {
  auto proof = filecoin::PoStProofById(registered_proof);
  RETURN_IF_ERROR(proof);
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

Result<std::unique_ptr<r1cs::Circuit>> PoStCircuit(const PoStInput& input) {
  ASSIGN_OR_RETURN(auto slots, circuits::post::PoStSlots(input.statement, input.vanilla));
  return std::unique_ptr<r1cs::Circuit>(std::make_unique<FallbackPoStCircuit>(std::move(slots)));
}

Result<SynthesizedPartition> SynthesizePoSt(const PoStInput& input, AssignmentPtr reuse) {
  SynthesizedPartition out;
  auto inputs = PoStInputs(input);
  RETURN_IF_ERROR(inputs);
  out.inputs = std::move(inputs).value();
  ASSIGN_OR_RETURN(std::unique_ptr<r1cs::Circuit> circuit, PoStCircuit(input));
  auto start = std::chrono::steady_clock::now();
  out.assignment = PrepareAssignment(std::move(reuse), PoStRows(input.statement.proof));
  Status s = out.assignment->SynthesizeFrom(*circuit);
  if (!s.ok()) return s.Prefixed("synthesis: ");
  out.synthesis_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

uint64_t PoStRows(const filecoin::RegisteredPoStProof& proof) {
  std::vector<uint32_t> arities = filecoin::TreeArities(proof.shape);
  uint64_t head = CountConstraints(1, 0, arities);         // 313: comm_r check
  uint64_t leaf = CountConstraints(1, 1, arities) - head;  // one inclusion proof
  uint64_t slots = proof.circuit_sectors(), challenges = proof.circuit_challenges();
  uint64_t inputs = 1 + slots * (1 + challenges);
  return slots * (head + challenges * leaf) + inputs;
}

std::string PoStCircuitId(const filecoin::RegisteredPoStProof& proof) {
  constexpr const char* kSizes[] = {"2k", "8m", "512m", "32g", "64g"};
  const char* kind = proof.kind == filecoin::PoStKind::kWinning ? "winning-" : "wpost-";
  return kind + std::string(kSizes[proof.id % 5]);
}

namespace {

class PoStDescriptor final : public ProofKindDescriptor {
 public:
  explicit PoStDescriptor(filecoin::PoStKind post) : post_(post) {}

  ProofKind kind() const override {
    return post_ == filecoin::PoStKind::kWinning ? ProofKind::kWinningPost : ProofKind::kWindowPost;
  }

  Result<PreparedJob> Prepare(const JobRequest& r) const override {
    auto input =
        ParsePoStInput(r.registered_proof, r.vanilla_proofs, r.randomness, r.partition_index);
    RETURN_IF_ERROR(input);
    const filecoin::RegisteredPoStProof& proof = input->statement.proof;
    if (proof.kind != post_) {
      return Status::InvalidArgument("registered_proof " + std::to_string(r.registered_proof) +
                                     " is " + std::string(proof.name) + ", not a " +
                                     ProofKindName(kind()) + " proof type");
    }
    RETURN_IF_ERROR(
        CheckSectorSize(r.sector_size, proof.shape.sector_bytes, std::string(proof.name)));
    // Check the witness now, so a bad proof fails before parameters load.
    auto slots = circuits::post::PoStSlots(input->statement, input->vanilla);
    RETURN_IF_ERROR(slots);
    PreparedJob job;
    job.circuit_id = PoStCircuitId(proof);
    job.partitions = 1;
    job.rows = Rows(proof);
    job.partition_memory = PartitionMemoryEstimate(job.rows);
    auto shared = std::make_shared<const PoStInput>(std::move(input).value());
    job.synthesize = [shared](uint32_t, AssignmentPtr reuse) {
      return SynthesizePoSt(*shared, std::move(reuse));
    };
    job.public_inputs = [shared](uint32_t) { return PoStInputs(*shared); };
    job.circuit = [shared](uint32_t) { return PoStCircuit(*shared); };
    return job;
  }

  std::vector<CircuitInfo> Circuits() const override {
    std::vector<CircuitInfo> out;
    for (const filecoin::RegisteredPoStProof& proof : Proofs()) {
      out.push_back({PoStCircuitId(proof), proof.shape.sector_bytes,
                     filecoin::PoStParamsFileName(proof, "params"),
                     filecoin::PoStParamsFileName(proof, "vk"), 1});
    }
    return out;
  }

  uint64_t PartitionRows(const CircuitInfo& circuit) const override {
    return Rows(ProofOf(circuit));
  }

  std::unique_ptr<r1cs::Circuit> PlaceholderCircuit(const CircuitInfo& circuit) const override {
    return circuits::PlaceholderPoStCircuit(ProofOf(circuit));
  }

 private:
  filecoin::RegisteredPoStProof ProofOf(const CircuitInfo& circuit) const {
    for (const filecoin::RegisteredPoStProof& proof : Proofs()) {
      if (PoStCircuitId(proof) == circuit.id) return proof;
    }
    return Proofs().front();  // not one of this kind's circuits
  }
  // One registered proof per circuit: WinningPoSt ids 0-4, WindowPoSt V1_1 ids 10-14 (V1, ids
  // 5-9, shares their circuits).
  std::vector<filecoin::RegisteredPoStProof> Proofs() const {
    uint64_t first = post_ == filecoin::PoStKind::kWinning ? 0 : 10;
    std::vector<filecoin::RegisteredPoStProof> out;
    for (uint64_t id = first; id < first + 5; ++id) out.push_back(*filecoin::PoStProofById(id));
    return out;
  }
  uint64_t Rows(const filecoin::RegisteredPoStProof& proof) const {
    return rows_.Get(PoStCircuitId(proof), [&] { return PoStRows(proof); });
  }

  filecoin::PoStKind post_;
  RowCache rows_;
};

}  // namespace

const ProofKindDescriptor& WindowPoStKind() {
  static const PoStDescriptor descriptor(filecoin::PoStKind::kWindow);
  return descriptor;
}

const ProofKindDescriptor& WinningPoStKind() {
  static const PoStDescriptor descriptor(filecoin::PoStKind::kWinning);
  return descriptor;
}

}  // namespace cuzk::engine
