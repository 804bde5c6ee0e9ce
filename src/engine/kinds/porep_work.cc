// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/porep_work.h"

#include <string>
#include <utility>

#include "circuits/r1cs_cases.h"
#include "engine/kinds/porep_c2.h"
#include "engine/kinds/proof_kind.h"
#include "filecoin/c1.h"
#include "filecoin/c1_check.h"
#include "filecoin/challenges.h"
#include "filecoin/registered_proof.h"

namespace cuzk::engine {
namespace {

// One circuit per sector size, named by its V1_1 registered proof (every version of a size
// shares it).
constexpr struct {
  const char* id;
  uint64_t proof_id;
} kPoRepCircuits[] = {
    {"porep-2k", 5}, {"porep-8m", 6}, {"porep-512m", 7}, {"porep-32g", 8}, {"porep-64g", 9}};

// Checks that the C1 is the requested sector's: its replica_id must be derived from the
// request's miner and sector number with the C1's ticket, comm_d and porep_id (and Curio's
// wrapper, when present, must name the same sector number).
Status CheckSectorIdentity(const JobRequest& r, const filecoin::C1Output& c1,
                           const filecoin::C1Envelope& envelope) {
  std::string requested =
      "miner " + std::to_string(r.miner_id) + ", sector " + std::to_string(r.sector_number);
  if (envelope.wrapped && static_cast<uint64_t>(envelope.sector_num) != r.sector_number) {
    return Status::InvalidArgument("the request is for " + requested +
                                   " but the C1's wrapper is for sector " +
                                   std::to_string(envelope.sector_num));
  }
  return filecoin::CheckReplicaIdentity(c1, r.miner_id, r.sector_number);
}

class PoRepDescriptor final : public ProofKindDescriptor {
 public:
  ProofKind kind() const override { return ProofKind::kPoRepSealCommit; }

  Result<PreparedJob> Prepare(const JobRequest& r) const override {
    filecoin::C1Envelope envelope;
    auto c1 = filecoin::ParseC1(r.vanilla_proof, &envelope);
    RETURN_IF_ERROR(c1);
    const filecoin::RegisteredSealProof& proof = c1->registered_proof;
    if (r.registered_proof != proof.id) {
      return Status::InvalidArgument("registered_proof " + std::to_string(r.registered_proof) +
                                     " does not match the C1's " + std::string(proof.name) + " (" +
                                     std::to_string(proof.id) + ")");
    }
    RETURN_IF_ERROR(
        CheckSectorSize(r.sector_size, proof.shape.sector_bytes, std::string(proof.name)));
    if (r.miner_id != 0) RETURN_IF_ERROR(CheckSectorIdentity(r, *c1, envelope));
    // The vanilla proofs natively, before any synthesis: a bad C1 fails in milliseconds, not
    // after a proof that does not verify.
    RETURN_IF_ERROR(filecoin::CheckC1Proofs(*c1));
    auto input = std::make_shared<const filecoin::C1Output>(std::move(c1).value());
    PreparedJob job;
    job.circuit_id = PoRepCircuitId(proof.shape);
    job.partitions = static_cast<uint32_t>(input->vanilla_proofs.size());
    job.partition_memory = PoRepPartitionMemoryEstimate(proof.shape);
    job.rows = PoRepPartitionRows(proof.shape);
    job.synthesize = [input](uint32_t k, AssignmentPtr reuse) {
      return SynthesizePoRepPartition(*input, k, std::move(reuse));
    };
    job.public_inputs = [input](uint32_t k) {
      return circuits::porep::PartitionPublicInputs(*input, k);
    };
    job.circuit = [input](uint32_t k) { return PoRepPartitionCircuit(*input, k); };
    // NI-PoRep: seal_commit_phase2 returns the partitions' SnarkPack aggregate (api/seal.rs).
    if (proof.feature == filecoin::PoRepFeature::kNonInteractivePoRep) {
      job.aggregate_comm_rs = {input->comm_r};
    }
    return job;
  }

  std::vector<CircuitInfo> Circuits() const override {
    std::vector<CircuitInfo> out;
    for (const auto& c : kPoRepCircuits) {
      auto proof = filecoin::SealProofById(c.proof_id);
      out.push_back({c.id, proof->shape.sector_bytes,
                     filecoin::ParamsFileName(proof->shape, "params"),
                     filecoin::ParamsFileName(proof->shape, "vk"), proof->partitions});
    }
    return out;
  }

  uint64_t PartitionRows(const CircuitInfo& circuit) const override {
    return PoRepPartitionRows(Shape(circuit));
  }

  std::unique_ptr<r1cs::Circuit> PlaceholderCircuit(const CircuitInfo& circuit) const override {
    return circuits::PlaceholderPoRepCircuit(Shape(circuit));
  }

 private:
  static filecoin::SectorShape Shape(const CircuitInfo& circuit) {
    for (const auto& c : kPoRepCircuits) {
      auto proof = filecoin::SealProofById(c.proof_id);
      if (proof->shape.sector_bytes == circuit.sector_bytes) return proof->shape;
    }
    return filecoin::SealProofById(kPoRepCircuits[0].proof_id)->shape;  // not a PoRep circuit
  }
};

}  // namespace

std::string PoRepCircuitId(const filecoin::SectorShape& shape) {
  for (const auto& c : kPoRepCircuits) {
    if (filecoin::SealProofById(c.proof_id)->shape.sector_bytes == shape.sector_bytes) return c.id;
  }
  return "porep-" + std::to_string(shape.sector_bytes);
}

const ProofKindDescriptor& PoRepKind() {
  static const PoRepDescriptor descriptor;
  return descriptor;
}

}  // namespace cuzk::engine
