// SPDX-License-Identifier: Apache-2.0 OR MIT
// CircuitWork: the JobWork of every proof kind. A kind supplies how to synthesize partition k
// (its parsed and checked input captured in the function); proving, freeing the assignment and
// verifying before the proof is kept are the same for all (ProveAndVerify).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/mutex.h"
#include "engine/assignment_pool.h"
#include "engine/compiled_circuits.h"
#include "engine/job_work.h"
#include "engine/kinds/porep_c2.h"
#include "engine/srs_cache.h"

namespace cuzk::engine {

// How a job's partitions are made for the compiled path (engine/compiled_circuits.h): partition
// k's circuit and public inputs, the rows of one partition and the R1CS digest the circuit must
// have (reference_digests.h; empty: none known). Without them (or without compiled circuits)
// partitions are synthesized in full by the kind's SynthesizeFn.
struct CircuitSource {
  PartitionCircuitFn circuit;
  PartitionInputsFn inputs;
  uint64_t rows = 0;
  std::string_view reference_digest;
  std::string_view known_fingerprint;  // the compiled form's, pinned with the digest (or empty)
};

class CircuitWork : public JobWork {
 public:
  // Synthesizes partition k (its public inputs derived, its assignment filled), into `reuse`
  // when it is not null (a proved partition's assignment, see PrepareAssignment).
  using SynthesizeFn = std::function<Result<SynthesizedPartition>(uint32_t k, AssignmentPtr reuse)>;
  // Turns the partitions' proofs into the job's proof with the circuit's verifying key (see
  // JobWork::Finish); unset, they are the job's proof.
  using FinishFn = std::function<Result<std::vector<uint8_t>>(std::vector<uint8_t> proofs,
                                                              const groth16::VerifyingKey& vk)>;

  // `pk` is a reference the SrsCache counts; proofs run on `threads` threads (0 = all).
  CircuitWork(uint32_t partitions, uint64_t partition_memory,
              std::shared_ptr<const groth16::ProvingKey> pk, std::string circuit_id, size_t threads,
              SynthesizeFn synthesize, FinishFn finish = nullptr, CircuitSource source = {});

  uint32_t partitions() const override { return partitions_; }
  const std::string& circuit_id() const override { return circuit_id_; }
  uint64_t partition_memory() const override { return partition_memory_; }
  std::shared_ptr<const r1cs::CompiledCircuit> CompiledIfReady() override;
  Result<std::unique_ptr<SynthesizedPartition>> Synthesize(
      uint32_t k, std::shared_ptr<const r1cs::CompiledCircuit> compiled,
      const CancelFlag* cancel) override;
  Result<std::vector<uint8_t>> Prove(uint32_t k, std::unique_ptr<SynthesizedPartition> synthesized,
                                     const std::function<void()>& verifying,
                                     groth16::ProverBackend* backend,
                                     const std::atomic<bool>* cancel) override;
  void UseAssignmentPool(AssignmentPool* pool) override { pool_ = pool; }
  void UseCompiledCircuits(CompiledCircuits* compiled) override { compiled_ = compiled; }
  Result<std::vector<uint8_t>> Finish(std::vector<uint8_t> partition_proofs) override {
    if (!finish_) return partition_proofs;
    return finish_(std::move(partition_proofs), pk_->vk);
  }

 private:
  uint32_t partitions_;
  uint64_t partition_memory_;
  std::shared_ptr<const groth16::ProvingKey> pk_;
  groth16::PreparedVerifyingKey pvk_;
  std::string circuit_id_;
  size_t threads_;
  SynthesizeFn synthesize_;
  FinishFn finish_;
  CircuitSource source_;
  CompiledCircuits* compiled_ = nullptr;
  // A proved partition's assignment waits here for the job's next synthesis, so each partition
  // after the first few writes into pages already mapped. There is at most one spare per
  // partition in flight, and none once every partition has started synthesis: from then on a
  // proved partition's assignment goes to the engine's pool (if any) for the next job, and a
  // job's first partitions take theirs from it (partitions of one size class, see
  // partition_memory()).
  AssignmentPool* pool_ = nullptr;
  Mutex spare_mu_;
  std::vector<AssignmentPtr> spare_ CUZK_GUARDED_BY(spare_mu_);
  uint32_t started_ CUZK_GUARDED_BY(spare_mu_) = 0;
  // Partitions whose proof has started: on the compiled path the assignment is taken at proving,
  // so a spare is kept while partitions remain to be proved.
  uint32_t proving_started_ CUZK_GUARDED_BY(spare_mu_) = 0;

  // Synthesizes partition k as a compact witness for `compiled`.
  Result<std::unique_ptr<SynthesizedPartition>> SynthesizeCompact(
      uint32_t k, std::shared_ptr<const r1cs::CompiledCircuit> compiled, const CancelFlag* cancel);
  // Returns a spare assignment, one from the pool, or a new one.
  AssignmentPtr TakeAssignment() CUZK_EXCLUDES(spare_mu_);
};

// Returns an error unless a request's `sector_size` (0 = not given) is `proof_name`'s `actual`.
Status CheckSectorSize(uint64_t sector_size, uint64_t actual, const std::string& proof_name);

// The common end of every kind's work factory: fails if one partition (`partition_memory`) can
// never fit `budget_bytes` (before gigabytes of parameters load), acquires `circuit_id`'s
// parameters from `srs` (`srs_load_ms` receives the loading time; `*cancel` stops a wait or
// load), and returns the CircuitWork.
Result<std::unique_ptr<JobWork>> MakeCircuitWork(
    SrsCache& srs, const std::string& circuit_id, uint32_t partitions, uint64_t partition_memory,
    uint64_t budget_bytes, size_t threads, uint64_t* srs_load_ms,
    CircuitWork::SynthesizeFn synthesize, const CancelFlag* cancel = nullptr,
    CircuitWork::FinishFn finish = nullptr, CircuitSource source = {});

}  // namespace cuzk::engine
