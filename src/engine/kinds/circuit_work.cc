// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/circuit_work.h"

#include <chrono>
#include <utility>

namespace cuzk::engine {
CircuitWork::CircuitWork(uint32_t partitions, uint64_t partition_memory,
                         std::shared_ptr<const groth16::ProvingKey> pk, std::string circuit_id,
                         size_t threads, SynthesizeFn synthesize, FinishFn finish,
                         CircuitSource source)
    : partitions_(partitions),
      partition_memory_(partition_memory),
      pk_(std::move(pk)),
      pvk_(groth16::PrepareVerifyingKey(pk_->vk)),
      circuit_id_(std::move(circuit_id)),
      threads_(threads),
      synthesize_(std::move(synthesize)),
      finish_(std::move(finish)),
      source_(std::move(source)) {}

std::shared_ptr<const r1cs::CompiledCircuit> CircuitWork::CompiledIfReady() {
  if (!compiled_ || !source_.circuit || !source_.inputs || !source_.rows) return nullptr;
  auto any_partition = [circuit = source_.circuit] { return circuit(0); };
  return compiled_->GetOrStartCompiling(circuit_id_, any_partition, source_.rows,
                                        source_.reference_digest, source_.known_fingerprint);
}

Result<std::unique_ptr<SynthesizedPartition>> CircuitWork::Synthesize(
    uint32_t k, std::shared_ptr<const r1cs::CompiledCircuit> compiled, const CancelFlag* cancel) {
  if (compiled) {
    if (!source_.circuit || !source_.inputs) {
      return Status(StatusCode::kInternal, circuit_id_ + ": no compiled path for this work");
    }
    return SynthesizeCompact(k, std::move(compiled), cancel);
  }
  AssignmentPtr reuse;
  {
    MutexLock lock(spare_mu_);
    ++started_;
    if (!spare_.empty()) {
      reuse = std::move(spare_.back());
      spare_.pop_back();
    }
    if (started_ >= partitions_) spare_.clear();  // nobody left to use them
  }
  if (!reuse && pool_) reuse = pool_->Take(partition_memory_);
  // The synthesis sees the cancel flag through its assignment, for this synthesis only.
  if (cancel && !reuse) reuse = PrepareAssignment(nullptr, 0);
  if (reuse) reuse->SetCancel(cancel);
  auto circuit = synthesize_(k, std::move(reuse));
  RETURN_IF_ERROR(circuit);
  circuit->assignment->SetCancel(nullptr);
  auto out = std::make_unique<SynthesizedPartition>(std::move(circuit).value());
  out->index = k;
  return out;
}

Result<std::unique_ptr<SynthesizedPartition>> CircuitWork::SynthesizeCompact(
    uint32_t k, std::shared_ptr<const r1cs::CompiledCircuit> compiled, const CancelFlag* cancel) {
  {
    MutexLock lock(spare_mu_);
    ++started_;
  }
  std::string prefix = partitions_ > 1 ? PartitionPrefix(k) : "";
  auto out = std::make_unique<SynthesizedPartition>();
  out->index = k;
  auto inputs = source_.inputs(k);
  RETURN_IF_ERROR(inputs);
  out->inputs = std::move(inputs).value();
  ASSIGN_OR_RETURN(std::unique_ptr<r1cs::Circuit> circuit, source_.circuit(k));
  auto start = std::chrono::steady_clock::now();
  out->witness = std::make_unique<r1cs::CompactWitness>();
  out->witness->Reserve(compiled->num_aux, WitnessOtherEstimate(*compiled));
  out->witness->SetCancel(cancel);
  Status s = circuit->Synthesize(*out->witness);
  if (!s.ok()) return s.Prefixed(prefix + "synthesis: ");
  out->witness->SetCancel(nullptr);
  out->compiled = std::move(compiled);
  out->synthesis_s = SecondsSince(start);
  return out;
}

AssignmentPtr CircuitWork::TakeAssignment() {
  AssignmentPtr assignment;
  {
    MutexLock lock(spare_mu_);
    if (!spare_.empty()) {
      assignment = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  if (!assignment && pool_) assignment = pool_->Take(partition_memory_);
  // Not cleared: EvaluateCompiled overwrites every entry, and a previous partition's sizes spare
  // it from writing zeros first.
  if (!assignment) assignment = PrepareAssignment(nullptr, 0);
  return assignment;
}

Result<std::vector<uint8_t>> CircuitWork::Prove(uint32_t k,
                                                std::unique_ptr<SynthesizedPartition> synthesized,
                                                const std::function<void()>& verifying,
                                                groth16::ProverBackend* backend,
                                                const std::atomic<bool>* cancel) {
  if (!synthesized || synthesized->index != k) {
    return Status(StatusCode::kInternal,
                  "partition " + std::to_string(k) + ": handed another partition's synthesis");
  }
  bool compact = synthesized->witness != nullptr;
  // A compact partition gets its assignment's buffers only now; the backend evaluates a = A·w and
  // b = B·w into them from the compiled circuit (ProveAndVerify, groth16::ProverInput).
  if (compact) synthesized->assignment = TakeAssignment();
  PartitionReport report;
  bool more;
  {
    MutexLock lock(spare_mu_);
    more = compact ? ++proving_started_ < partitions_ : started_ < partitions_;
  }
  AssignmentPtr kept;
  auto proof = ProveAndVerify(*pk_, pvk_, std::move(*synthesized), threads_, &report, verifying,
                              more || pool_ ? &kept : nullptr, backend, cancel);
  if (kept) {
    MutexLock lock(spare_mu_);
    if (compact ? proving_started_ < partitions_ : started_ < partitions_) {
      spare_.push_back(std::move(kept));
    } else if (pool_) {
      lock.Unlock();
      pool_->Keep(std::move(kept), partition_memory_);
    }
  }
  return proof;
}

Status CheckSectorSize(uint64_t sector_size, uint64_t actual, const std::string& proof_name) {
  if (sector_size == 0 || sector_size == actual) return Status::Ok();
  return Status::InvalidArgument("sector_size " + std::to_string(sector_size) + " does not match " +
                                 proof_name + "'s " + std::to_string(actual));
}

Result<std::unique_ptr<JobWork>> MakeCircuitWork(
    SrsCache& srs, const std::string& circuit_id, uint32_t partitions, uint64_t partition_memory,
    uint64_t budget_bytes, size_t threads, uint64_t* srs_load_ms,
    CircuitWork::SynthesizeFn synthesize, const CancelFlag* cancel, CircuitWork::FinishFn finish,
    CircuitSource source) {
  // Refused before anything loads when the parameters and one partition's working memory can
  // never fit the budget together (the 2KiB parameters once loaded into a 2 GiB budget first).
  ASSIGN_OR_RETURN(uint64_t key_bytes, srs.ResidentBytes(circuit_id));
  if (key_bytes + partition_memory > budget_bytes) {
    return Status::InvalidArgument(
        "memory: needs an estimated " + std::to_string(key_bytes >> 20) + " MiB of parameters (" +
        circuit_id + ") plus " + std::to_string(partition_memory >> 20) +
        " MiB per partition, but the memory budget is " + std::to_string(budget_bytes >> 20) +
        " MiB (raise [memory] total_budget or --memory-budget)");
  }
  auto pk = srs.Acquire(circuit_id, srs_load_ms, cancel);
  if (!pk.ok()) return Status(pk.status().code(), "parameters: " + pk.status().message());
  return std::unique_ptr<JobWork>(std::make_unique<CircuitWork>(
      partitions, partition_memory, std::move(pk).value(), circuit_id, threads,
      std::move(synthesize), std::move(finish), std::move(source)));
}

}  // namespace cuzk::engine
