// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/update_work.h"

#include <chrono>
#include <string>
#include <utility>

#include "circuits/r1cs_cases.h"
#include "engine/kinds/proof_kind.h"
#include "groth16/verifier.h"
#include "r1cs/counting.h"

namespace cuzk::engine {

using circuits::snap::EmptySectorUpdateCircuit;

Result<ff::Fr> UpdateCommitment(std::string_view raw, const char* name) {
  if (raw.size() != 32) {
    return Status::InvalidArgument(std::string(name) + " has " + std::to_string(raw.size()) +
                                   " bytes, expected 32");
  }
  auto fr = ff::Fr::FromBytesLE(std::span(reinterpret_cast<const uint8_t*>(raw.data()), 32));
  if (!fr.ok()) return Status::InvalidArgument(std::string(name) + " is not a field element");
  return *fr;
}

Result<UpdateInput> ParseUpdateInput(uint64_t registered_proof,
                                     std::span<const std::string> vanilla_proofs,
                                     std::string_view comm_r_old, std::string_view comm_d_new,
                                     std::string_view comm_r_new) {
  auto proof = filecoin::UpdateProofById(registered_proof);
  RETURN_IF_ERROR(proof);
  UpdateInput input;
  input.proof = *proof;
  for (auto [raw, name, out] : {std::tuple{comm_r_old, "comm_r_old", &input.comm_r_old},
                                std::tuple{comm_d_new, "comm_d_new", &input.comm_d_new},
                                std::tuple{comm_r_new, "comm_r_new", &input.comm_r_new}}) {
    auto fr = UpdateCommitment(raw, name);
    RETURN_IF_ERROR(fr);
    *out = *fr;
  }
  uint32_t partitions = circuits::snap::ShapeOf(*proof).partitions();
  if (vanilla_proofs.size() != partitions) {
    return Status::InvalidArgument(std::string(proof->name) + " SnapDeals proofs have " +
                                   std::to_string(partitions) + " partitions, got " +
                                   std::to_string(vanilla_proofs.size()) + " vanilla proofs");
  }
  for (uint32_t k = 0; k < partitions; ++k) {
    const std::string& bytes = vanilla_proofs[k];
    auto v = filecoin::ParseUpdatePartitionProof(
        std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    if (!v.ok()) {
      return Status::InvalidArgument("vanilla_proofs[" + std::to_string(k) +
                                     "]: " + v.status().message());
    }
    auto w = circuits::snap::UpdateWitnessFromVanilla(input.Statement(k), *v);
    RETURN_IF_ERROR(w);
    input.partitions.push_back(std::move(w).value());
  }
  return input;
}

Result<std::unique_ptr<r1cs::Circuit>> UpdatePartitionCircuit(const UpdateInput& input,
                                                              uint32_t k) {
  if (k >= input.partitions.size()) {
    return Status::InvalidArgument("no partition " + std::to_string(k));
  }
  return std::unique_ptr<r1cs::Circuit>(std::make_unique<EmptySectorUpdateCircuit>(
      circuits::snap::ShapeOf(input.proof), input.partitions[k]));
}

Result<SynthesizedPartition> SynthesizeUpdatePartition(const UpdateInput& input, uint32_t k,
                                                       AssignmentPtr reuse) {
  if (k >= input.partitions.size()) {
    return Status::InvalidArgument("no partition " + std::to_string(k));
  }
  SynthesizedPartition out;
  out.index = k;
  out.inputs = circuits::snap::UpdateStatementInputs(input.Statement(k));
  ASSIGN_OR_RETURN(std::unique_ptr<r1cs::Circuit> circuit, UpdatePartitionCircuit(input, k));
  auto start = std::chrono::steady_clock::now();
  out.assignment = PrepareAssignment(std::move(reuse), UpdateRows(input.proof));
  Status s = out.assignment->SynthesizeFrom(*circuit);
  if (!s.ok()) return s.Prefixed("partition " + std::to_string(k) + ": synthesis: ");
  out.synthesis_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

uint64_t UpdateRows(const filecoin::RegisteredUpdateProof& proof) {
  circuits::snap::UpdateShape shape = circuits::snap::ShapeOf(proof);
  r1cs::CountingConstraintSystem cs;
  EmptySectorUpdateCircuit circuit(shape, circuits::snap::PlaceholderUpdateWitness(shape, 1));
  (void)circuit.Synthesize(cs);  // placeholders always synthesize
  return cs.num_constraints() + cs.num_inputs();
}

std::string UpdateCircuitId(const filecoin::RegisteredUpdateProof& proof) {
  constexpr const char* kSizes[] = {"2k", "8m", "512m", "32g", "64g"};
  return "snap-" + std::string(kSizes[proof.id % 5]);
}

namespace {

class SnapDescriptor final : public ProofKindDescriptor {
 public:
  ProofKind kind() const override { return ProofKind::kSnapDealsUpdate; }

  Result<PreparedJob> Prepare(const JobRequest& r) const override {
    auto input = ParseUpdateInput(r.registered_proof, r.vanilla_proofs, r.comm_r_old, r.comm_d_new,
                                  r.comm_r_new);
    RETURN_IF_ERROR(input);
    const filecoin::RegisteredUpdateProof& proof = input->proof;
    RETURN_IF_ERROR(
        CheckSectorSize(r.sector_size, proof.shape.sector_bytes, std::string(proof.name)));
    PreparedJob job;
    job.circuit_id = UpdateCircuitId(proof);
    job.partitions = static_cast<uint32_t>(input->partitions.size());
    job.rows = Rows(proof);
    job.partition_memory = PartitionMemoryEstimate(job.rows);
    auto shared = std::make_shared<const UpdateInput>(std::move(input).value());
    job.synthesize = [shared](uint32_t k, AssignmentPtr reuse) {
      return SynthesizeUpdatePartition(*shared, k, std::move(reuse));
    };
    job.public_inputs = [shared](uint32_t k) -> Result<std::vector<ff::Fr>> {
      return circuits::snap::UpdateStatementInputs(shared->Statement(k));
    };
    job.circuit = [shared](uint32_t k) { return UpdatePartitionCircuit(*shared, k); };
    return job;
  }

  std::vector<CircuitInfo> Circuits() const override {
    std::vector<CircuitInfo> out;
    for (uint64_t id = 0; id < filecoin::kUpdateProofCount; ++id) {
      auto proof = filecoin::UpdateProofById(id);
      out.push_back({UpdateCircuitId(*proof), proof->shape.sector_bytes,
                     filecoin::UpdateParamsFileName(*proof, "params"),
                     filecoin::UpdateParamsFileName(*proof, "vk"),
                     circuits::snap::ShapeOf(*proof).partitions()});
    }
    return out;
  }

  uint64_t PartitionRows(const CircuitInfo& circuit) const override {
    return Rows(ProofOf(circuit));
  }

  std::unique_ptr<r1cs::Circuit> PlaceholderCircuit(const CircuitInfo& circuit) const override {
    return circuits::PlaceholderUpdateCircuit(ProofOf(circuit));
  }

 private:
  static filecoin::RegisteredUpdateProof ProofOf(const CircuitInfo& circuit) {
    for (uint64_t id = 0; id < filecoin::kUpdateProofCount; ++id) {
      auto proof = filecoin::UpdateProofById(id);
      if (UpdateCircuitId(*proof) == circuit.id) return *proof;
    }
    return *filecoin::UpdateProofById(0);  // not a SnapDeals circuit
  }
  uint64_t Rows(const filecoin::RegisteredUpdateProof& proof) const {
    return rows_.Get(UpdateCircuitId(proof), [&] { return UpdateRows(proof); });
  }

  RowCache rows_;
};

}  // namespace

const ProofKindDescriptor& SnapDealsKind() {
  static const SnapDescriptor descriptor;
  return descriptor;
}

}  // namespace cuzk::engine
