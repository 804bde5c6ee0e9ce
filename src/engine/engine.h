// SPDX-License-Identifier: Apache-2.0 OR MIT
// Engine: the proving daemon's core without the wire. Jobs are submitted with an idempotent
// request id and split into partitions (JobWork). Synthesis workers take the next partition of
// the most urgent job (CRITICAL > HIGH > NORMAL > LOW, then the oldest job, then the lowest
// partition) and prover workers prove the most urgent synthesized partition, so partition k+1
// synthesizes while partition k proves, and an urgent job's partitions go between two of a
// running job's. Proofs are verified before they are kept for AwaitProof. Cancellation stops a
// queued job at once and a running one's partition being proved within milliseconds on the CPU
// (cancellation points inside its transforms and MSMs; a GPU at its next step), one being
// synthesized after its current step (tens of milliseconds at 32GiB), one waiting for memory
// within 100 ms.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "base/mutex.h"
#include "base/status.h"
#include "engine/assignment_pool.h"
#include "engine/compiled_circuits.h"
#include "engine/job_request.h"
#include "engine/job_work.h"
#include "engine/memory_budget.h"
#include "engine/srs_cache.h"

namespace cuzk::engine {

// Where a job is in its life.
enum class JobState { kQueued, kRunning, kCompleted, kFailed, kCancelled };

// A finished (or, for Await timeouts, unfinished) job as AwaitProof reports it.
struct JobOutcome {
  JobState state = JobState::kQueued;
  std::vector<uint8_t> proof;  // 192 bytes per partition, verified
  std::string error;
  uint64_t queue_wait_ms = 0, srs_load_ms = 0, synthesis_ms = 0, prove_ms = 0, total_ms = 0;
};

// Counters of one proof kind.
struct KindStats {
  uint64_t completed = 0, failed = 0;
  uint64_t recent_count = 0;  // completed proofs among the last 1000 (as the Rust cuzk)
  double recent_seconds = 0;  // their total wall time, submission to result
};

// One job as the status page lists it.
struct JobSummary {
  std::string id;
  ProofKind kind;
  Priority priority;
  JobState state;
  uint64_t age_ms = 0;  // since submission
  // What a running job is doing now: "preparing" (parsing, checking, loading parameters),
  // "proving" (a partition in NTT/MSM), "verifying" (a new proof), "synthesizing", or "waiting"
  // (for a prover or for memory); otherwise the state's name.
  std::string phase;
  uint32_t partitions = 0, proved = 0;  // partitions proved and verified so far
  uint64_t input_bytes = 0;             // request input held (freed when the job finishes)
};

// The engine's counters for GetStatus, metrics and the status page.
// One prover worker: where it proves and what.
struct ProverWorkerStatus {
  std::string backend;                           // "cpu" or the device's name
  std::optional<groth16::DeviceUsage> device;    // absent on the CPU
  std::string job_id;                            // empty when idle
  ProofKind kind = ProofKind::kPoRepSealCommit;  // the job's kind when busy
};

struct EngineStatus {
  uint32_t pending = 0, running = 0;
  uint32_t workers = 0;
  uint32_t synthesis_workers = 0;                   // partitions that may synthesize at once
  uint64_t memory_reserved = 0, memory_budget = 0;  // bytes
  // Proved partitions' synthesis buffers kept idle for the next job, and how many were reused.
  uint32_t idle_buffers = 0;
  uint64_t reused_buffers = 0;
  uint64_t completed = 0, failed = 0;
  uint64_t uptime_seconds = 0;
  std::vector<SrsInfo> srs;
  std::vector<CompiledInfo> compiled;       // compiled circuits resident
  std::map<ProofKind, KindStats> kinds;     // kinds that have finished a job
  std::vector<JobSummary> jobs;             // queued, running, and finished within the TTL
  std::vector<ProverWorkerStatus> provers;  // one per prover worker
};

// Returns "queued", "running", "completed", "failed" or "cancelled".
const char* JobStateName(JobState state);

// What the engine lends a work factory for one job.
struct WorkContext {
  SrsCache& srs;              // the engine's parameter cache
  uint64_t budget_bytes = 0;  // the memory budget's total
  size_t prover_threads = 0;  // threads per proof (0 = all)
  uint64_t* srs_load_ms;      // receives the time spent loading parameters
  const CancelFlag* cancel;   // the job's flag: stops a wait for memory or a load
};

class Engine {
 public:
  // Makes a job's work from its request (parse, check, acquire parameters). The engine knows no
  // proof kind itself: its owner supplies this (UseProofKinds in engine/kinds/proof_kind.h).
  using WorkFactory =
      std::function<Result<std::unique_ptr<JobWork>>(const JobRequest&, const WorkContext&)>;

  static constexpr size_t kAutoLookahead = static_cast<size_t>(-1);

  struct Config {
    std::string param_dir;
    size_t workers = 1;         // prover workers: partitions proved at once (0: jobs only queue)
    size_t prover_threads = 0;  // threads per proof (0 = all)
    // Partitions synthesized ahead of the provers: with 1, partition k+1 synthesizes while
    // partition k proves (memory for workers + lookahead partitions, and as many again for each
    // more urgent priority level with jobs running; HIGH and CRITICAL jobs always look ahead by
    // at least 1, so that a second urgent job is ready first). kAutoLookahead: with GPU
    // backends, half the hardware threads (1-32): the CPU's work is then synthesis, one partition
    // per thread, and a partition waiting as a compact witness holds about 0.1 GiB (32GiB PoRep),
    // so the provers are fed by as many syntheses as the cores carry (the Rust cuzk's own
    // automatic lookahead goes to 32 by memory). Without: 1 with 8 or more hardware threads,
    // else 0 (with the CPU prover on 2 cores, synthesis beside proving only slows the proving:
    // 123 against 140 2KiB proofs/h).
    size_t synthesis_lookahead = kAutoLookahead;
    size_t synthesis_workers = 0;      // synthesis threads; 0 = 2 (workers + synthesis_lookahead)
    uint64_t memory_budget_bytes = 0;  // 0: MemTotal minus memory_safety_margin
    uint64_t memory_safety_margin = uint64_t{4} << 30;  // what an automatic budget leaves free
    std::chrono::seconds result_ttl{3600};  // how long finished jobs stay for AwaitProof
    // Resident parameters used within this long are not evicted for another circuit.
    std::chrono::seconds srs_eviction_min_idle{0};
    // Compiled circuits (engine/compiled_circuits.h): once a circuit is compiled, its partitions
    // wait for the prover as compact witnesses. Off: CUZK_DISABLE_PCE=1, as for the Rust cuzk.
    bool compiled_circuits = true;
    // Folder where compiled circuits are kept between runs (r1cs/compiled_circuit_io.h), read back
    // instead of compiled when their digest checks; empty: none is kept. The daemon's default is
    // the parameter folder ([srs] compiled_dir).
    std::string compiled_dir;
    // The proof kinds: how a request becomes work, and which key files a circuit id names.
    // Empty: every job fails, saying so (queue-only tests leave them so; tests replace them).
    WorkFactory make_work;
    KeyFileNamer key_files;
    // One prover worker per entry (the same backend may appear once per worker sharing it),
    // replacing `workers` CPU workers; empty: `workers` workers on the CPU (MakeGpuBackends in
    // engine/prover_backends.h makes them from [gpus]).
    std::vector<std::shared_ptr<groth16::ProverBackend>> backends;
  };

  explicit Engine(Config config);
  // Shuts down (if not done yet) and joins the workers, which finish their current partition.
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Queues a job; returns its id and its position in the queue (0 = next). A request with the
  // same id and content as a queued, running or completed job returns that job; any other is a
  // new job, whose id is the request id, or "<request id>#N" when that is taken. An empty
  // request id gets a random UUID.
  Result<std::pair<std::string, uint32_t>> Submit(const JobRequest& request);
  // Waits up to `timeout` (zero = forever) for the job to finish; a job still going is returned
  // with its current state (kQueued or kRunning).
  Result<JobOutcome> Await(const std::string& job_id, std::chrono::milliseconds timeout);
  // Returns the job's outcome now: as Await with a zero wait (kQueued or kRunning while it goes).
  Result<JobOutcome> Peek(const std::string& job_id) const;
  // Calls `listener` (null: none) with the id of every job that finishes, completed, failed or
  // cancelled, under the engine's lock: it must not call the engine (the server's JobWaiters
  // only note the id for their own thread).
  void SetFinishListener(std::function<void(const std::string& job_id)> listener);
  // Cancels a job; returns true if it was running (a partition being proved stops within
  // milliseconds on the CPU and at its next step on a GPU, one being synthesized after its
  // current step: a PoRep path, column or label, or a challenge or sector of the other kinds).
  Result<bool> Cancel(const std::string& job_id);
  // Returns queue and SRS figures (a job is pending until its first partition starts).
  EngineStatus GetStatus() const;
  // Refuses new jobs, cancels the queued ones and asks running ones to stop (a partition being
  // proved or synthesized as Cancel says). Returns at once;
  // waiting Await calls see kCancelled.
  void Shutdown();
  // Waits up to `timeout` for every job to have stopped (after Shutdown or Cancel); returns
  // whether they all did.
  bool WaitUntilIdle(std::chrono::milliseconds timeout);
  // Returns the synthesis lookahead in use (kAutoLookahead resolved).
  size_t synthesis_lookahead() const { return config_.synthesis_lookahead; }
  // The parameter cache (for preload and evict).
  SrsCache& srs() { return srs_; }
  // The compiled circuits.
  CompiledCircuits& compiled_circuits() { return compiled_; }

 private:
  struct Job;
  struct ReadyPartition;
  // Takes the next partition of the most urgent job while fewer than workers + lookahead
  // partitions of jobs at least as urgent are in flight (partitions of less urgent jobs do not
  // hold it back; the memory budget bounds them all); prepares the job's work first when it has
  // none.
  void SynthesisLoop();
  // Proves the most urgent synthesized partition, as prover worker `worker`.
  void ProverLoop(size_t worker);
  // Makes `job`'s work (call without the lock); returns the partition the caller synthesizes
  // next, none when the job failed or was cancelled meanwhile.
  std::optional<uint32_t> Prepare(Job& job) CUZK_EXCLUDES(mu_);
  // Reserves a partition's working memory, evicting idle parameters of other circuits if needed;
  // waits for room until `*cancel` (the job's flag) is set.
  Result<MemoryBudget::Reservation> ReserveWorkingMemory(const std::string& circuit_id,
                                                         uint64_t bytes, const CancelFlag* cancel);
  // Reserves the memory of a partition synthesized as a compact witness of `witness_bytes`, and
  // with the job's first such partition one partition's working memory to prove with (see
  // Job::free_slots); waits for room until the job is cancelled.
  Result<MemoryBudget::Reservation> ReserveCompactMemory(Job& job, uint64_t witness_bytes);
  // Returns the budget bytes `circuit_id`'s resident parameters hold (0 when not resident).
  uint64_t ResidentKeyBytes(const std::string& circuit_id) const;
  // Whether a prover can take `partition` of `job` now: in full it holds its working memory; a
  // compact one needs one of its job's free slots.
  bool Provable(const Job& job, const ReadyPartition& partition) const CUZK_REQUIRES(mu_);
  // Marks `job` failed with `error` (the first error wins) and drops its synthesized partitions.
  void FailLocked(Job& job, JobState state, const std::string& error) CUZK_REQUIRES(mu_);
  // Finishes `job` once nothing of it is in flight and it is complete, failed or cancelled.
  void MaybeFinishLocked(const std::shared_ptr<Job>& job) CUZK_REQUIRES(mu_);
  // Keeps the job's proof made from its partitions' (JobWork::Finish), or fails the job.
  void KeepJobProofLocked(Job& job, Result<std::vector<uint8_t>> proof, double seconds)
      CUZK_REQUIRES(mu_);
  // Returns the partitions in flight of jobs with at least `priority`.
  size_t InFlightAtOrAboveLocked(Priority priority) const CUZK_REQUIRES(mu_);
  // Returns how many partitions of `priority` and above may be in flight: workers plus the
  // synthesis lookahead (at least 1 for HIGH and CRITICAL).
  size_t PipelineDepth(Priority priority) const;
  // Returns the number of jobs ahead of `job` that have not started.
  uint32_t PositionLocked(const Job& job) const CUZK_REQUIRES(mu_);
  void DropExpiredLocked() CUZK_REQUIRES(mu_);

  Config config_;
  MemoryBudget budget_;  // before srs_: resident parameters hold reservations of it
  SrsCache srs_;
  AssignmentPool pool_;        // after budget_: idle buffers hold reservations of it
  CompiledCircuits compiled_;  // after budget_: compiled circuits hold reservations of it
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  // Guards the members below and every Job's fields (the analysis checks the former).
  mutable Mutex mu_;
  CondVar synthesis_cv_, prover_cv_;
  CondVar idle_cv_;  // notified when the last active job finishes
  std::map<std::string, std::shared_ptr<Job>> jobs_ CUZK_GUARDED_BY(mu_);  // by job id
  // request id -> job ids
  std::map<std::string, std::vector<std::string>> jobs_by_request_ CUZK_GUARDED_BY(mu_);
  // unfinished jobs: priority desc, then sequence
  std::vector<std::shared_ptr<Job>> active_ CUZK_GUARDED_BY(mu_);
  uint64_t sequence_ CUZK_GUARDED_BY(mu_) = 0;
  uint64_t completed_ CUZK_GUARDED_BY(mu_) = 0;
  uint64_t failed_ CUZK_GUARDED_BY(mu_) = 0;
  std::map<ProofKind, KindStats> kind_stats_ CUZK_GUARDED_BY(mu_);
  // last 1000 per kind
  std::map<ProofKind, std::deque<double>> recent_seconds_ CUZK_GUARDED_BY(mu_);
  bool stopping_ CUZK_GUARDED_BY(mu_) = false;
  std::function<void(const std::string&)> finish_listener_ CUZK_GUARDED_BY(mu_);
  std::vector<std::thread> workers_;
  size_t synthesis_workers_ = 0;  // set before the workers start, then constant
  // per prover worker: the job it proves, or empty
  std::vector<std::string> prover_jobs_ CUZK_GUARDED_BY(mu_);
};

}  // namespace cuzk::engine
