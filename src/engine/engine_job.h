// SPDX-License-Identifier: Apache-2.0 OR MIT
// The engine's state per job and per synthesized partition, shared by engine.cc (jobs: submit,
// await, cancel, status, finish) and engine_workers.cc (the synthesis and prover workers and the
// memory they reserve). Internal to the engine: no other file includes it.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "base/mutex.h"
#include "engine/engine.h"
#include "hash/sha256.h"

namespace cuzk::engine {

using Clock = std::chrono::steady_clock;

// Returns the whole milliseconds from `a` to `b`.
inline uint64_t MillisBetween(Clock::time_point a, Clock::time_point b) {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(b - a).count());
}

// A synthesized partition waiting for a prover, with the memory it holds.
struct Engine::ReadyPartition {
  uint32_t index = 0;
  std::unique_ptr<SynthesizedPartition> synthesized;
  MemoryBudget::Reservation memory;
  double synthesis_s = 0;
};

struct Engine::Job {
  std::string id;
  JobRequest request;
  hash::Digest digest;
  Priority priority;
  uint64_t sequence;
  Clock::time_point submitted = Clock::now();
  Clock::time_point finished;
  JobOutcome outcome;
  CondVar done_cv;

  std::atomic<bool> cancel{false};  // set when the job stops: its proofs in progress end early
  bool started = false;             // a worker has taken it up (it is no longer pending)
  bool preparing = false;           // a worker is making its work
  std::unique_ptr<JobWork> work;    // set once prepared; dropped when the job finishes
  uint32_t partitions = 0;
  uint32_t next_partition = 0;  // the next one to synthesize
  uint32_t in_flight = 0;       // its partitions synthesizing, synthesized or proving
  uint32_t synthesizing = 0;    // its partitions being synthesized, their memory reserved
  uint32_t proving = 0;         // its partitions in NTT/MSM now
  uint32_t verifying = 0;       // its partitions whose new proof is being verified
  uint32_t proved = 0;
  std::vector<ReadyPartition> ready;  // synthesized, waiting for a prover
  // Compiled path: working memory to prove one compact partition each (partition_memory()),
  // the first reserved with the job's first compact partition, more while memory allows one per
  // prover worker; held until the job finishes. A compact partition holds only its witness
  // while it waits and proves with one of these, so it never waits for memory that partitions
  // waiting for the prover hold.
  std::vector<MemoryBudget::Reservation> free_slots;  // not in use by a prover now
  uint32_t slots = 0;                                 // held, in use or not
  Mutex slot_mu;  // held by the synthesis that reserves the first slot, so that there is one
  std::vector<std::vector<uint8_t>> proofs;  // by partition
  // Set when the job stops early (failed or cancelled); it finishes once nothing is in flight.
  JobState stop_state = JobState::kQueued;
  std::string stop_error;

  bool Stopped() const { return stop_state != JobState::kQueued; }
};

}  // namespace cuzk::engine
