// SPDX-License-Identifier: Apache-2.0 OR MIT
// JobWork: the proving work of one job, split into partitions the engine schedules one at a
// time. Synthesis (CPU) and proving (NTT/MSM) are separate steps so that one partition can
// synthesize while another proves, and so that a more urgent job's partition can go between two
// partitions of a running one.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/cancel.h"
#include "base/status.h"
#include "engine/partition.h"

namespace cuzk::engine {

class AssignmentPool;
class CompiledCircuits;

class JobWork {
 public:
  virtual ~JobWork() = default;
  // Returns the number of partitions; each yields one proof.
  virtual uint32_t partitions() const = 0;
  // Returns the circuit whose parameters the work holds (for memory accounting).
  virtual const std::string& circuit_id() const = 0;
  // Returns the estimated host memory one partition holds from synthesis until it is proved.
  virtual uint64_t partition_memory() const = 0;
  // Returns the compiled circuit (engine/compiled_circuits.h) a partition can be synthesized
  // against now, starting to compile it the first time; null while there is none or when the
  // work cannot use one (its partitions are then synthesized in full).
  virtual std::shared_ptr<const r1cs::CompiledCircuit> CompiledIfReady() { return nullptr; }
  // Synthesizes partition `k` (0 <= k < partitions()): as a compact witness for `compiled` when
  // it is not null (from CompiledIfReady, so that the caller reserved memory for that path),
  // else in full. May run on any thread, concurrently with Synthesize and Prove of other
  // partitions. Setting `*cancel` (when not null) stops it after the circuit's current step (see
  // r1cs::ConstraintSystem::SetCancel) with a kCancelled error.
  virtual Result<std::unique_ptr<SynthesizedPartition>> Synthesize(
      uint32_t k, std::shared_ptr<const r1cs::CompiledCircuit> compiled,
      const CancelFlag* cancel) = 0;
  // Proves partition `k` from its synthesis on `backend` (null: the CPU) and verifies the proof,
  // calling `verifying` once in between (so status can tell the phases apart); returns the proof
  // bytes. A proof that does not verify is an error, never returned. Setting `*cancel` (when not
  // null) stops the proof with a kCancelled error (groth16::ProverOptions::cancel says when).
  virtual Result<std::vector<uint8_t>> Prove(uint32_t k,
                                             std::unique_ptr<SynthesizedPartition> synthesized,
                                             const std::function<void()>& verifying,
                                             groth16::ProverBackend* backend,
                                             const std::atomic<bool>* cancel) = 0;
  // Turns the partitions' proofs (concatenated, in order) into the job's proof, once every
  // partition is proved; may take seconds and runs outside the engine's lock. Most kinds return
  // them as they are; NI-PoRep returns their SnarkPack aggregate, verified.
  virtual Result<std::vector<uint8_t>> Finish(std::vector<uint8_t> partition_proofs) {
    return partition_proofs;
  }
  // Lends the engine's pool of idle synthesis buffers (shared across jobs; outlives the work).
  // Works without such buffers ignore it.
  virtual void UseAssignmentPool(AssignmentPool* /*pool*/) {}
  // Lends the engine's compiled circuits (outlive the work); works that cannot use them ignore it.
  virtual void UseCompiledCircuits(CompiledCircuits* /*compiled*/) {}
};

}  // namespace cuzk::engine
