// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/porep_work.h"

#include <string>
#include <utility>

#include "engine/porep_c2.h"
#include "filecoin/c1.h"

namespace cuzk::engine {
namespace {

struct SynthesizedPoRep : SynthesizedPartition {
  explicit SynthesizedPoRep(SynthesizedCircuit p) : partition(std::move(p)) {}
  SynthesizedCircuit partition;
};

class PoRepWork : public JobWork {
 public:
  PoRepWork(filecoin::C1Output c1, std::shared_ptr<const groth16::ProvingKey> pk,
            std::string circuit_id, size_t threads)
      : c1_(std::move(c1)),
        pk_(std::move(pk)),
        pvk_(groth16::PrepareVerifyingKey(pk_->vk)),
        circuit_id_(std::move(circuit_id)),
        threads_(threads) {}

  uint32_t partitions() const override { return static_cast<uint32_t>(c1_.vanilla_proofs.size()); }
  const std::string& circuit_id() const override { return circuit_id_; }
  uint64_t partition_memory() const override {
    return PoRepPartitionMemoryEstimate(c1_.registered_proof.shape);
  }

  Result<std::unique_ptr<SynthesizedPartition>> Synthesize(uint32_t k) override {
    auto partition = SynthesizePoRepPartition(c1_, k);
    if (!partition.ok()) return partition.status();
    return std::unique_ptr<SynthesizedPartition>(
        std::make_unique<SynthesizedPoRep>(std::move(partition).value()));
  }

  Result<std::vector<uint8_t>> Prove(uint32_t k,
                                     std::unique_ptr<SynthesizedPartition> synthesized) override {
    auto* porep = dynamic_cast<SynthesizedPoRep*>(synthesized.get());
    if (!porep || porep->partition.index != k) {
      return Status(StatusCode::kInternal,
                    "partition " + std::to_string(k) + ": handed another partition's synthesis");
    }
    PartitionReport report;
    return ProveAndVerify(*pk_, pvk_, std::move(porep->partition), threads_, &report);
  }

 private:
  filecoin::C1Output c1_;
  std::shared_ptr<const groth16::ProvingKey> pk_;  // a reference the SrsCache counts
  groth16::PreparedVerifyingKey pvk_;
  std::string circuit_id_;
  size_t threads_;
};

}  // namespace

Result<std::unique_ptr<JobWork>> MakePoRepWork(const JobRequest& r, SrsCache& srs,
                                               uint64_t budget_bytes, size_t threads,
                                               uint64_t* srs_load_ms) {
  auto c1 = filecoin::ParseC1(r.vanilla_proof);
  if (!c1.ok()) return c1.status();
  const filecoin::RegisteredSealProof& proof = c1->registered_proof;
  if (r.registered_proof != proof.id) {
    return Status::InvalidArgument("registered_proof " + std::to_string(r.registered_proof) +
                                   " does not match the C1's " + std::string(proof.name) + " (" +
                                   std::to_string(proof.id) + ")");
  }
  if (r.sector_size && r.sector_size != proof.shape.sector_bytes) {
    return Status::InvalidArgument("sector_size " + std::to_string(r.sector_size) +
                                   " does not match the C1's " +
                                   std::to_string(proof.shape.sector_bytes));
  }
  // Never fits: say so before loading gigabytes of parameters.
  if (uint64_t work = PoRepPartitionMemoryEstimate(proof.shape); work > budget_bytes) {
    return Status::InvalidArgument("memory: needs an estimated " + std::to_string(work >> 20) +
                                   " MiB but the memory budget is " +
                                   std::to_string(budget_bytes >> 20) + " MiB");
  }
  std::string circuit_id = PoRepCircuitId(proof.shape);
  auto pk = srs.Acquire(circuit_id, srs_load_ms);
  if (!pk.ok()) return Status(pk.status().code(), "parameters: " + pk.status().message());
  return std::unique_ptr<JobWork>(std::make_unique<PoRepWork>(
      std::move(c1).value(), std::move(pk).value(), circuit_id, threads));
}

}  // namespace cuzk::engine
