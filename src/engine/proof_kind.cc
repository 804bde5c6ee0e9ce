// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/proof_kind.h"

#include <array>
#include <filesystem>

#include "groth16/params_io.h"

namespace cuzk::engine {

std::span<const ProofKindDescriptor* const> ProofKindTable() {
  static const std::array<const ProofKindDescriptor*, 5> table = {
      &PoRepKind(), &SnapDealsKind(), &WindowPoStKind(), &WinningPoStKind(),
      &SnapDealsPoseidonKind()};
  return table;
}

const ProofKindDescriptor& DescriptorOf(ProofKind kind) {
  for (const ProofKindDescriptor* d : ProofKindTable()) {
    if (d->kind() == kind) return *d;
  }
  return PoRepKind();  // unreachable: every ProofKind has a descriptor (proof_kind_test)
}

Result<CircuitInfo> FindCircuit(std::string_view id) {
  std::string known;
  for (const ProofKindDescriptor* d : ProofKindTable()) {
    for (CircuitInfo& c : d->Circuits()) {
      if (c.id == id) return std::move(c);
      known += (known.empty() ? "" : ", ") + c.id;
    }
  }
  return Status(StatusCode::kNotFound,
                "unknown circuit id \"" + std::string(id) + "\" (known: " + known + ")");
}

Result<CircuitInfo> FindCircuit(ProofKind kind, uint64_t sector_bytes) {
  for (CircuitInfo& c : DescriptorOf(kind).Circuits()) {
    if (c.sector_bytes == sector_bytes) return std::move(c);
  }
  return Status(StatusCode::kNotFound, std::string(ProofKindName(kind)) + " has no circuit for " +
                                           std::to_string(sector_bytes) + "-byte sectors");
}

Result<groth16::PreparedVerifyingKey> ReadCircuitVerifyingKey(const std::string& param_dir,
                                                              const CircuitInfo& circuit) {
  ASSIGN_OR_RETURN(auto vk, groth16::ReadVerifyingKey(
                                (std::filesystem::path(param_dir) / circuit.vk_file).string()));
  return groth16::PrepareVerifyingKey(vk);
}

Status VerifyJobProof(const PreparedJob& job, const groth16::PreparedVerifyingKey& pvk,
                      std::span<const uint8_t> proof) {
  return VerifyPartitionProofs(job.partitions, pvk, proof, job.public_inputs);
}

Result<std::unique_ptr<JobWork>> MakeJobWork(const JobRequest& request, SrsCache& srs,
                                             uint64_t budget_bytes, size_t threads,
                                             uint64_t* srs_load_ms, const CancelFlag* cancel) {
  auto job = DescriptorOf(request.kind).Prepare(request);
  RETURN_IF_ERROR(job);
  return MakeCircuitWork(srs, job->circuit_id, job->partitions, job->partition_memory, budget_bytes,
                         threads, srs_load_ms, std::move(job->synthesize), cancel);
}

}  // namespace cuzk::engine
