// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/proof_kind.h"

#include <array>
#include <filesystem>

#include "engine/kinds/reference_digests.h"
#include "groth16/params_io.h"

namespace cuzk::engine {

std::span<const ProofKindDescriptor* const> ProofKindTable() {
  // kKindTable's order; a kind missing here is a null entry ProofKindTableTest reports.
  static const std::array<const ProofKindDescriptor*, std::size(kKindTable)> table = {
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

Result<KeyFileNames> KeyFilesOfCircuit(const std::string& circuit_id) {
  ASSIGN_OR_RETURN(CircuitInfo circuit, FindCircuit(circuit_id));
  return KeyFileNames{circuit.params_file, circuit.vk_file};
}

void UseProofKinds(Engine::Config& config) {
  config.make_work = MakeJobWork;
  config.key_files = KeyFilesOfCircuit;
}

Result<CircuitInfo> FindCircuit(ProofKind kind, uint64_t sector_bytes) {
  for (CircuitInfo& c : DescriptorOf(kind).Circuits()) {
    if (c.sector_bytes == sector_bytes) return std::move(c);
  }
  return Status(StatusCode::kNotFound, std::string(ProofKindName(kind)) + " has no circuit for " +
                                           std::to_string(sector_bytes) + "-byte sectors");
}

std::vector<std::string> CircuitsWithKeysIn(const std::string& param_dir) {
  std::vector<std::string> ids;
  std::error_code ec;
  for (const ProofKindDescriptor* d : ProofKindTable()) {
    for (const CircuitInfo& c : d->Circuits()) {
      const std::filesystem::path dir(param_dir);
      if (std::filesystem::exists(dir / c.params_file, ec) &&
          std::filesystem::exists(dir / c.vk_file, ec)) {
        ids.push_back(c.id);
      }
    }
  }
  return ids;
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

namespace {

// Every partition's public inputs, in order.
Result<std::vector<std::vector<ff::Fr>>> AllInputs(const PreparedJob& job) {
  std::vector<std::vector<ff::Fr>> inputs;
  for (uint32_t k = 0; k < job.partitions; ++k) {
    ASSIGN_OR_RETURN(std::vector<ff::Fr> x, job.public_inputs(k));
    inputs.push_back(std::move(x));
  }
  return inputs;
}

}  // namespace

Result<std::vector<uint8_t>> AggregateJobProof(const PreparedJob& job,
                                               const groth16::VerifyingKey& vk,
                                               const snarkpack::GenericSrs& srs,
                                               std::span<const uint8_t> partition_proofs) {
  if (partition_proofs.size() != size_t{job.partitions} * groth16::kProofBytes) {
    return Status::InvalidArgument("aggregation: " + std::to_string(partition_proofs.size()) +
                                   " bytes of partition proofs for " +
                                   std::to_string(job.partitions) + " partitions");
  }
  std::vector<groth16::Proof> proofs;
  for (uint32_t k = 0; k < job.partitions; ++k) {
    ASSIGN_OR_RETURN(groth16::Proof p, groth16::ParseProof(partition_proofs.subspan(
                                           k * groth16::kProofBytes, groth16::kProofBytes)));
    proofs.push_back(p);
  }
  ASSIGN_OR_RETURN(std::vector<uint8_t> aggregate,
                   snarkpack::AggregateSealProofs(srs, std::move(proofs), job.aggregate_comm_rs, {},
                                                  /*non_interactive=*/true));
  Status verified = VerifyAggregatedJobProof(job, vk, srs, aggregate);
  if (!verified.ok()) return verified.Prefixed("the aggregate does not verify: ");
  return aggregate;
}

Status VerifyAggregatedJobProof(const PreparedJob& job, const groth16::VerifyingKey& vk,
                                const snarkpack::GenericSrs& srs, std::span<const uint8_t> proof) {
  ASSIGN_OR_RETURN(std::vector<std::vector<ff::Fr>> inputs, AllInputs(job));
  return snarkpack::VerifySealAggregate(srs, vk, proof, std::move(inputs), job.aggregate_comm_rs,
                                        {}, /*non_interactive=*/true);
}

Result<std::unique_ptr<JobWork>> MakeJobWork(const JobRequest& request,
                                             const WorkContext& context) {
  SrsCache& srs = context.srs;
  auto job = DescriptorOf(request.kind).Prepare(request);
  RETURN_IF_ERROR(job);
  CircuitWork::FinishFn finish;
  if (!job->aggregate_comm_rs.empty()) {
    // Loaded now, so that a missing SRS fails the job before any partition is proved.
    ASSIGN_OR_RETURN(std::shared_ptr<const snarkpack::GenericSrs> aggregation,
                     srs.AggregationSrs());
    finish = [prepared = *job, aggregation](std::vector<uint8_t> proofs,
                                            const groth16::VerifyingKey& vk) {
      return AggregateJobProof(prepared, vk, *aggregation, proofs);
    };
  }
  // The kinds estimate the partition; its MSM threads' buckets depend on the engine's threads.
  const uint64_t partition_memory =
      job->partition_memory + PartitionThreadMemory(context.prover_threads);
  return MakeCircuitWork(
      srs, job->circuit_id, job->partitions, partition_memory, context.budget_bytes,
      context.prover_threads, context.srs_load_ms, std::move(job->synthesize), context.cancel,
      std::move(finish),
      CircuitSource{job->circuit, job->public_inputs, job->rows, ReferenceDigestOf(job->circuit_id),
                    CompiledFingerprintOf(job->circuit_id)});
}

}  // namespace cuzk::engine
