// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/update_poseidon_work.h"

#include <chrono>
#include <string>
#include <utility>

#include "engine/kinds/proof_kind.h"
#include "engine/kinds/update_work.h"
#include "r1cs/counting.h"

namespace cuzk::engine {
namespace {

using circuits::snap::EmptySectorUpdatePoseidonCircuit;

std::unique_ptr<r1cs::Circuit> CircuitOf(const UpdatePoseidonInput& input) {
  return std::make_unique<EmptySectorUpdatePoseidonCircuit>(
      circuits::snap::ShapeOf(input.statement.proof), input.witness);
}

Result<SynthesizedPartition> Synthesize(const UpdatePoseidonInput& input, uint64_t rows,
                                        AssignmentPtr reuse) {
  SynthesizedPartition out;
  out.index = 0;
  out.inputs = circuits::snap::UpdatePoseidonStatementInputs(input.statement);
  auto start = std::chrono::steady_clock::now();
  out.assignment = PrepareAssignment(std::move(reuse), rows);
  Status s = out.assignment->SynthesizeFrom(*CircuitOf(input));
  if (!s.ok()) return s.Prefixed("synthesis: ");
  out.synthesis_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

class SnapPoseidonDescriptor final : public ProofKindDescriptor {
 public:
  ProofKind kind() const override { return ProofKind::kSnapDealsUpdatePoseidon; }

  Result<PreparedJob> Prepare(const JobRequest& r) const override {
    ASSIGN_OR_RETURN(UpdatePoseidonInput input,
                     ParseUpdatePoseidonInput(r.registered_proof, r.vanilla_proofs, r.comm_r_old,
                                              r.comm_d_new, r.comm_r_new));
    const filecoin::RegisteredUpdateProof& proof = input.statement.proof;
    RETURN_IF_ERROR(
        CheckSectorSize(r.sector_size, proof.shape.sector_bytes, std::string(proof.name)));
    PreparedJob job;
    job.circuit_id = UpdatePoseidonCircuitId(proof);
    job.partitions = 1;
    const uint64_t rows = Rows(proof);
    job.partition_memory = PartitionMemoryEstimate(rows);
    job.rows = rows;
    auto shared = std::make_shared<const UpdatePoseidonInput>(std::move(input));
    job.synthesize = [shared, rows](uint32_t k, AssignmentPtr reuse) {
      if (k != 0)
        return Result<SynthesizedPartition>(
            Status::InvalidArgument("no partition " + std::to_string(k)));
      return Synthesize(*shared, rows, std::move(reuse));
    };
    job.public_inputs = [shared](uint32_t) -> Result<std::vector<ff::Fr>> {
      return circuits::snap::UpdatePoseidonStatementInputs(shared->statement);
    };
    job.circuit = [shared](uint32_t) -> Result<std::unique_ptr<r1cs::Circuit>> {
      return CircuitOf(*shared);
    };
    return job;
  }

  std::vector<CircuitInfo> Circuits() const override {
    std::vector<CircuitInfo> out;
    for (uint64_t id = 0; id < filecoin::kUpdateProofCount; ++id) {
      auto proof = filecoin::UpdateProofById(id);
      out.push_back({UpdatePoseidonCircuitId(*proof), proof->shape.sector_bytes,
                     filecoin::UpdatePoseidonParamsFileName(*proof, "params"),
                     filecoin::UpdatePoseidonParamsFileName(*proof, "vk"), 1});
    }
    return out;
  }

  uint64_t PartitionRows(const CircuitInfo& circuit) const override {
    return Rows(ProofOf(circuit));
  }

  std::unique_ptr<r1cs::Circuit> PlaceholderCircuit(const CircuitInfo& circuit) const override {
    return PlaceholderOf(ProofOf(circuit));
  }

 private:
  static filecoin::RegisteredUpdateProof ProofOf(const CircuitInfo& circuit) {
    for (uint64_t id = 0; id < filecoin::kUpdateProofCount; ++id) {
      auto proof = filecoin::UpdateProofById(id);
      if (UpdatePoseidonCircuitId(*proof) == circuit.id) return *proof;
    }
    return *filecoin::UpdateProofById(0);  // not one of this kind's circuits
  }
  static std::unique_ptr<r1cs::Circuit> PlaceholderOf(
      const filecoin::RegisteredUpdateProof& proof) {
    circuits::snap::UpdateShape shape = circuits::snap::ShapeOf(proof);
    return std::make_unique<EmptySectorUpdatePoseidonCircuit>(
        shape, circuits::snap::PlaceholderUpdatePoseidonWitness(shape, 1));
  }
  uint64_t Rows(const filecoin::RegisteredUpdateProof& proof) const {
    return rows_.Get(UpdatePoseidonCircuitId(proof), [&] {
      r1cs::CountingConstraintSystem cs;
      (void)PlaceholderOf(proof)->Synthesize(cs);  // placeholders always synthesize
      return uint64_t{cs.num_constraints() + cs.num_inputs()};
    });
  }

  RowCache rows_;
};

}  // namespace

Result<UpdatePoseidonInput> ParseUpdatePoseidonInput(uint64_t registered_proof,
                                                     std::span<const std::string> vanilla_proofs,
                                                     std::string_view comm_r_old,
                                                     std::string_view comm_d_new,
                                                     std::string_view comm_r_new) {
  UpdatePoseidonInput input;
  circuits::snap::UpdatePoseidonStatement& st = input.statement;
  ASSIGN_OR_RETURN(st.proof, filecoin::UpdateProofById(registered_proof));
  ASSIGN_OR_RETURN(st.comm_r_old, UpdateCommitment(comm_r_old, "comm_r_old"));
  ASSIGN_OR_RETURN(st.comm_d_new, UpdateCommitment(comm_d_new, "comm_d_new"));
  ASSIGN_OR_RETURN(st.comm_r_new, UpdateCommitment(comm_r_new, "comm_r_new"));
  if (vanilla_proofs.size() != 1) {
    return Status::InvalidArgument("SnapDeals Poseidon proofs have one partition, got " +
                                   std::to_string(vanilla_proofs.size()) + " vanilla proofs");
  }
  const std::string& bytes = vanilla_proofs[0];
  auto v = filecoin::ParseUpdatePoseidonPartitionProof(
      std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  if (!v.ok()) return Status::InvalidArgument("vanilla_proofs[0]: " + v.status().message());
  auto w = circuits::snap::UpdatePoseidonWitnessFromVanilla(st, *v);
  if (!w.ok()) return Status::InvalidArgument("vanilla_proofs[0]: " + w.status().message());
  input.witness = std::move(w).value();
  return input;
}

std::string UpdatePoseidonCircuitId(const filecoin::RegisteredUpdateProof& proof) {
  constexpr const char* kSizes[] = {"2k", "8m", "512m", "32g", "64g"};
  return "snap-poseidon-" + std::string(kSizes[proof.id % 5]);
}

const ProofKindDescriptor& SnapDealsPoseidonKind() {
  static const SnapPoseidonDescriptor descriptor;
  return descriptor;
}

}  // namespace cuzk::engine
