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
  if (Status st = CheckSectorSize(r.sector_size, proof.shape.sector_bytes, std::string(proof.name));
      !st.ok()) {
    return st;
  }
  uint64_t memory = PoRepPartitionMemoryEstimate(proof.shape);
  std::string circuit_id = PoRepCircuitId(proof.shape);
  auto input = std::make_shared<const filecoin::C1Output>(std::move(c1).value());
  return MakeCircuitWork(srs, circuit_id, static_cast<uint32_t>(input->vanilla_proofs.size()),
                         memory, budget_bytes, threads, srs_load_ms,
                         [input](uint32_t k, AssignmentPtr reuse) {
                           return SynthesizePoRepPartition(*input, k, std::move(reuse));
                         });
}

}  // namespace cuzk::engine
