// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/porep_work.h"

#include <string>
#include <utility>

#include "engine/circuit_work.h"
#include "engine/porep_c2.h"
#include "filecoin/c1.h"

namespace cuzk::engine {

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
  uint64_t memory = PoRepPartitionMemoryEstimate(proof.shape);
  auto input = std::make_shared<const filecoin::C1Output>(std::move(c1).value());
  return std::unique_ptr<JobWork>(std::make_unique<CircuitWork>(
      static_cast<uint32_t>(input->vanilla_proofs.size()), memory, std::move(pk).value(),
      circuit_id, threads, [input](uint32_t k) { return SynthesizePoRepPartition(*input, k); }));
}

}  // namespace cuzk::engine
