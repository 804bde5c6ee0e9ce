// SPDX-License-Identifier: Apache-2.0 OR MIT
// The engine's workers: synthesis workers prepare jobs and synthesize their partitions into the
// memory they reserve (in full, or as compact witnesses with the job's working memory to prove
// with), prover workers prove the most urgent synthesized partition (engine.h says the rules).
#include <spdlog/spdlog.h>

#include <algorithm>
#include <optional>

#include "engine/compiled_circuits.h"
#include "engine/engine.h"
#include "engine/engine_job.h"

namespace cuzk::engine {

Result<MemoryBudget::Reservation> Engine::ReserveWorkingMemory(const std::string& circuit_id,
                                                               uint64_t bytes,
                                                               const CancelFlag* cancel) {
  // Idle resident parameters of other circuits give way first (least recently used first).
  MemoryBudget::Reservation r = srs_.TryReserveEvicting(circuit_id, bytes);
  if (r.bytes() > 0) return r;
  uint64_t own = ResidentKeyBytes(circuit_id);
  if (own + bytes > budget_.total()) {
    return cuzk::Status::InvalidArgument(
        "memory: needs an estimated " + std::to_string(bytes >> 20) +
        " MiB of working memory on top of " + std::to_string(own >> 20) +
        " MiB of parameters, but the memory budget is " + std::to_string(budget_.total() >> 20) +
        " MiB (raise it or free memory)");
  }
  // Waits while other partitions hold the memory (and for idle keys to pass eviction_min_idle),
  // or until the job is cancelled.
  spdlog::debug("{}: waiting for {} MiB of working memory ({} of {} MiB reserved)", circuit_id,
                bytes >> 20, budget_.used() >> 20, budget_.total() >> 20);
  return srs_.ReserveWaiting(circuit_id, bytes, std::chrono::hours(24 * 365), cancel);
}

uint64_t Engine::ResidentKeyBytes(const std::string& circuit_id) const {
  for (const SrsInfo& info : srs_.Loaded()) {
    if (info.circuit_id == circuit_id) return info.size_bytes;
  }
  return 0;
}

Result<MemoryBudget::Reservation> Engine::ReserveCompactMemory(Job& job, uint64_t witness_bytes) {
  const std::string& circuit_id = job.work->circuit_id();
  const uint64_t proving = job.work->partition_memory();
  MutexLock slot_lock(job.slot_mu);
  uint32_t slots;
  {
    MutexLock lock(mu_);
    slots = job.slots;
  }
  if (slots > 0) {
    slot_lock.Unlock();
    // One more prover may prove a partition of this job beside the first when memory allows now.
    if (slots < config_.workers) {
      MemoryBudget::Reservation both = srs_.TryReserveEvicting(circuit_id, proving + witness_bytes);
      if (both.bytes() > 0) {
        MutexLock lock(mu_);
        job.free_slots.push_back(both.Split(proving));
        ++job.slots;
        prover_cv_.NotifyAll();
        return both;
      }
    }
    return ReserveWorkingMemory(circuit_id, witness_bytes, &job.cancel);
  }
  auto both = ReserveWorkingMemory(circuit_id, proving + witness_bytes, &job.cancel);
  RETURN_IF_ERROR(both);
  MutexLock lock(mu_);
  job.free_slots.push_back(both->Split(proving));
  ++job.slots;
  return both;
}

std::optional<uint32_t> Engine::Prepare(Job& job) {
  uint64_t srs_load_ms = 0;
  auto work = config_.make_work(
      job.request,
      WorkContext{srs_, budget_.total(), config_.prover_threads, &srs_load_ms, &job.cancel});
  MutexLock lock(mu_);
  job.preparing = false;
  synthesis_cv_.NotifyAll();
  job.outcome.srs_load_ms = srs_load_ms;
  if (!work.ok()) {
    FailLocked(job, JobState::kFailed, work.status().message());
    return std::nullopt;
  }
  job.work = std::move(work).value();
  job.work->UseAssignmentPool(&pool_);
  if (config_.compiled_circuits) job.work->UseCompiledCircuits(&compiled_);
  job.partitions = job.work->partitions();
  job.proofs.resize(job.partitions);
  if (job.partitions == 0) FailLocked(job, JobState::kFailed, "the job has no partitions");
  if (job.Stopped()) return std::nullopt;  // failed, or cancelled while it was prepared
  return job.next_partition++;
}

void Engine::SynthesisLoop() {
  MutexLock lock(mu_);
  for (;;) {
    std::shared_ptr<Job> job;
    // Whether there is work (or a stop); sets `job` to the job to take a partition of.
    auto pick = [&]() CUZK_REQUIRES(mu_) {
      if (stopping_) return true;
      for (const auto& j : active_) {
        if (j->Stopped()) continue;
        // Strict order: while the most urgent job's work is being made, its partitions are
        // unknown, and the next job's must not go first.
        if (j->preparing) return false;
        if (!j->work || j->next_partition < j->partitions) {
          if (InFlightAtOrAboveLocked(j->priority) >= PipelineDepth(j->priority)) return false;
          job = j;
          return true;
        }
      }
      return false;
    };
    while (!pick()) synthesis_cv_.Wait(mu_);
    if (stopping_) return;
    ++job->in_flight;
    if (!job->started) {
      job->started = true;
      job->outcome.state = JobState::kRunning;
      job->outcome.queue_wait_ms = MillisBetween(job->submitted, Clock::now());
      spdlog::info("job {}: started after {} ms in the queue", job->id, job->outcome.queue_wait_ms);
    }
    std::optional<uint32_t> k;
    bool prepare = !job->work;
    if (prepare) {
      job->preparing = true;  // no other worker takes this job until its work is made
    } else {
      k = job->next_partition++;
    }
    lock.Unlock();
    // Prepare first (parse, check, load parameters), then synthesize this worker's partition.
    if (prepare) k = Prepare(*job);
    std::optional<ReadyPartition> ready;
    std::string error;
    bool synthesizing = false;  // counted in job->synthesizing
    if (k) {
      // Safe without the lock: `work` is set once and lives while a partition is in flight.
      JobWork& work = *job->work;
      // On the compiled path the partition holds its witness only (and its job one partition's
      // working memory to prove with); in full, a partition's working memory from now on. Full
      // it is when the budget could not hold the key, the compiled circuit, the working memory
      // and a witness at once: this partition holds the compiled circuit while it waits, so a
      // wait for memory that only dropping it would free would never end. In full, the compiled
      // circuit is let go, and the budget may drop it to make room.
      auto compiled = work.CompiledIfReady();
      uint64_t witness_bytes = compiled ? WitnessMemoryEstimate(*compiled) : 0;
      if (compiled && ResidentKeyBytes(work.circuit_id()) + compiled->Bytes() +
                              work.partition_memory() + witness_bytes >
                          budget_.total()) {
        compiled = nullptr;
        witness_bytes = 0;
      }
      auto memory =
          compiled ? ReserveCompactMemory(*job, witness_bytes)
                   : ReserveWorkingMemory(work.circuit_id(), work.partition_memory(), &job->cancel);
      if (memory.ok()) {
        MutexLock guard(mu_);
        ++job->synthesizing;  // the prover may wait for it (see ProverLoop)
        synthesizing = true;
      }
      auto t = Clock::now();
      auto synthesized = memory.ok()
                             ? work.Synthesize(*k, compiled, &job->cancel)
                             : Result<std::unique_ptr<SynthesizedPartition>>(memory.status());
      if (synthesized.ok() && (*synthesized)->witness) {
        // The estimate gives way to what the witness holds (the side array may have grown).
        memory->ShrinkTo((*synthesized)->witness->CapacityBytes());
      }
      if (synthesized.ok()) {
        ready = ReadyPartition{*k, std::move(synthesized).value(), std::move(memory).value(),
                               std::chrono::duration<double>(Clock::now() - t).count()};
      } else {
        error = synthesized.status().message();
      }
    }
    lock.Lock();
    if (synthesizing) {
      --job->synthesizing;
      prover_cv_.NotifyAll();  // a prover waiting for it looks again
    }
    if (ready && !job->Stopped()) {
      job->outcome.synthesis_ms += static_cast<uint64_t>(ready->synthesis_s * 1000);
      job->ready.push_back(std::move(*ready));
      prover_cv_.NotifyAll();
      continue;  // stays in flight until proved
    }
    if (!error.empty()) FailLocked(*job, JobState::kFailed, error);
    ready.reset();
    --job->in_flight;
    MaybeFinishLocked(job);
    synthesis_cv_.NotifyAll();
  }
}

bool Engine::Provable(const Job& job, const ReadyPartition& partition) const {
  return !partition.synthesized->witness || !job.free_slots.empty();
}

void Engine::ProverLoop(size_t worker) {
  groth16::ProverBackend* backend =
      worker < config_.backends.size() ? config_.backends[worker].get() : nullptr;
  MutexLock lock(mu_);
  for (;;) {
    std::shared_ptr<Job> job;
    // Whether there is a partition to prove (or a stop); sets `job` to its job.
    auto pick = [&]() CUZK_REQUIRES(mu_) {
      if (stopping_) return true;
      // The most urgent synthesized partition; but while a partition of a more urgent job is
      // being synthesized (its memory held, so it is ready soon), the prover waits for it rather
      // than start a less urgent proof that would make it wait a whole partition.
      // Likewise while a more urgent job's compact partitions wait for its proving memory (in
      // use by another prover, which gives it back soon).
      int urgent_synthesizing = -1;
      for (const auto& j : active_) {  // most urgent first
        if (j->Stopped()) continue;
        bool provable = false;
        for (const ReadyPartition& r : j->ready) provable = provable || Provable(*j, r);
        if (provable) {
          if (urgent_synthesizing > static_cast<int>(j->priority)) return false;
          job = j;
          return true;
        }
        if (j->synthesizing > 0 || !j->ready.empty()) {
          urgent_synthesizing = std::max(urgent_synthesizing, static_cast<int>(j->priority));
        }
      }
      return false;
    };
    while (!pick()) prover_cv_.Wait(mu_);
    if (stopping_) return;
    auto lowest = job->ready.end();
    for (auto it = job->ready.begin(); it != job->ready.end(); ++it) {
      if (Provable(*job, *it) && (lowest == job->ready.end() || it->index < lowest->index)) {
        lowest = it;
      }
    }
    ReadyPartition item = std::move(*lowest);
    job->ready.erase(lowest);
    MemoryBudget::Reservation slot;  // a compact partition's working memory, lent by its job
    const bool lent = item.synthesized->witness != nullptr;
    if (lent) {
      slot = std::move(job->free_slots.back());
      job->free_slots.pop_back();
    }
    ++job->proving;
    prover_jobs_[worker] = job->id;
    lock.Unlock();
    auto t = Clock::now();
    bool verified = false;  // whether the partition moved on to verification (under mu_)
    auto proof = job->work->Prove(
        item.index, std::move(item.synthesized),
        [&] {
          MutexLock guard(mu_);
          --job->proving;
          ++job->verifying;
          verified = true;
        },
        backend, &job->cancel);
    double prove_s = std::chrono::duration<double>(Clock::now() - t).count();
    item.memory = MemoryBudget::Reservation();  // give the memory back before waking others
    lock.Lock();
    if (lent) {
      job->free_slots.push_back(std::move(slot));  // for the job's next compact partition
      prover_cv_.NotifyAll();
    }
    prover_jobs_[worker].clear();
    --(verified ? job->verifying : job->proving);
    if (!proof.ok()) {
      FailLocked(*job, JobState::kFailed, proof.status().message());
    } else if (!job->Stopped()) {
      job->proofs[item.index] = std::move(proof).value();
      ++job->proved;
      job->outcome.prove_ms += static_cast<uint64_t>(prove_s * 1000);
      spdlog::info(
          "job {}: partition {}/{} proved on {} and verified (synthesis {:.1f} s, prove {:.1f} s)",
          job->id, item.index + 1, job->partitions, backend ? backend->name() : "cpu",
          item.synthesis_s, prove_s);
      if (job->proved == job->partitions) {
        // The job's proof from its partitions' (NI-PoRep: their aggregate, which takes seconds:
        // the job stays in flight meanwhile, the lock is released).
        std::vector<uint8_t> proofs;
        for (const auto& p : job->proofs) proofs.insert(proofs.end(), p.begin(), p.end());
        lock.Unlock();
        auto finish_start = Clock::now();
        auto finished = job->work->Finish(std::move(proofs));
        const double finish_s = std::chrono::duration<double>(Clock::now() - finish_start).count();
        lock.Lock();
        KeepJobProofLocked(*job, std::move(finished), finish_s);
      }
    }
    --job->in_flight;
    MaybeFinishLocked(job);
    synthesis_cv_.NotifyAll();
  }
}

}  // namespace cuzk::engine
