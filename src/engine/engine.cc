// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/engine.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/porep_c2.h"
#include "filecoin/c1.h"
#include "hash/sha256.h"

namespace cuzk::engine {
namespace {

using Clock = std::chrono::steady_clock;

uint64_t MillisBetween(Clock::time_point a, Clock::time_point b) {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(b - a).count());
}

// Identifies a request's content, so a reused request id with other content is caught.
hash::Digest ContentDigest(const JobRequest& r) {
  std::string bytes = std::to_string(static_cast<int>(r.kind)) + "|" +
                      std::to_string(r.registered_proof) + "|" + std::to_string(r.sector_size) +
                      "|" + r.vanilla_proof;
  return hash::Sha256(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

}  // namespace

struct Engine::Job {
  std::string id;
  JobRequest request;
  hash::Digest digest;
  Priority priority;
  uint64_t sequence;
  Clock::time_point submitted = Clock::now();
  Clock::time_point finished;
  JobOutcome outcome;
  bool cancel_requested = false;
  std::condition_variable done_cv;
};

Priority DefaultPriority(ProofKind kind) {
  switch (kind) {
    case ProofKind::kWinningPost:
      return Priority::kCritical;
    case ProofKind::kWindowPost:
      return Priority::kHigh;
    default:
      return Priority::kNormal;
  }
}

const char* JobStateName(JobState state) {
  switch (state) {
    case JobState::kQueued:
      return "queued";
    case JobState::kRunning:
      return "running";
    case JobState::kCompleted:
      return "completed";
    case JobState::kFailed:
      return "failed";
    case JobState::kCancelled:
      return "cancelled";
  }
  return "unknown";
}

const char* ProofKindName(ProofKind kind) {
  switch (kind) {
    case ProofKind::kPoRepSealCommit:
      return "porep";
    case ProofKind::kSnapDealsUpdate:
      return "snap";
    case ProofKind::kWindowPost:
      return "wpost";
    case ProofKind::kWinningPost:
      return "winning";
  }
  return "unknown";
}

Engine::Engine(Config config)
    : config_(std::move(config)),
      budget_(config_.memory_budget_bytes ? config_.memory_budget_bytes
                                          : MemoryBudget::FromSystem(uint64_t{4} << 30)),
      srs_(config_.param_dir, config_.prover_threads, &budget_) {
  for (size_t i = 0; i < config_.workers; ++i) {
    workers_.emplace_back([this] { WorkerLoop(); });
  }
}

Engine::~Engine() {
  Shutdown();
  for (auto& t : workers_) t.join();
}

void Engine::Shutdown() {
  std::lock_guard<std::mutex> lock(mu_);
  stopping_ = true;
  for (auto& job : queue_) {
    job->outcome.state = JobState::kCancelled;
    job->outcome.error = "cancelled: the engine is shutting down";
    job->finished = Clock::now();
    job->done_cv.notify_all();
  }
  queue_.clear();
  for (auto& [id, job] : jobs_) job->cancel_requested = true;
  work_cv_.notify_all();
}

Result<std::pair<std::string, uint32_t>> Engine::Submit(const JobRequest& request) {
  if (request.request_id.empty()) return cuzk::Status::InvalidArgument("request_id is empty");
  hash::Digest digest = ContentDigest(request);
  std::lock_guard<std::mutex> lock(mu_);
  DropExpiredLocked();
  if (auto it = jobs_.find(request.request_id); it != jobs_.end()) {
    if (it->second->digest != digest) {
      return cuzk::Status::InvalidArgument("request id \"" + request.request_id +
                                           "\" was already used for a different request");
    }
    auto pos = std::find(queue_.begin(), queue_.end(), it->second);
    return std::pair{request.request_id, static_cast<uint32_t>(pos - queue_.begin())};
  }
  if (stopping_) return cuzk::Status(StatusCode::kCancelled, "the engine is shutting down");
  auto job = std::make_shared<Job>();
  job->id = request.request_id;
  job->request = request;
  job->digest = digest;
  job->priority =
      request.priority == Priority::kUnspecified ? DefaultPriority(request.kind) : request.priority;
  job->sequence = sequence_++;
  jobs_[job->id] = job;
  // Insert before the first job of lower priority: FIFO within a level.
  auto pos = std::find_if(queue_.begin(), queue_.end(), [&](const std::shared_ptr<Job>& q) {
    return static_cast<int>(q->priority) < static_cast<int>(job->priority);
  });
  uint32_t position = static_cast<uint32_t>(pos - queue_.begin());
  queue_.insert(pos, job);
  work_cv_.notify_one();
  spdlog::info("job {}: queued ({}, priority {}, position {}, {} bytes of input)", job->id,
               ProofKindName(request.kind), static_cast<int>(job->priority), position,
               request.vanilla_proof.size());
  return std::pair{job->id, position};
}

Result<JobOutcome> Engine::Await(const std::string& job_id, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return cuzk::Status(StatusCode::kNotFound, "no job \"" + job_id + "\"");
  std::shared_ptr<Job> job = it->second;
  auto finished = [&] {
    return job->outcome.state != JobState::kQueued && job->outcome.state != JobState::kRunning;
  };
  if (timeout.count() == 0) {
    job->done_cv.wait(lock, finished);
  } else {
    job->done_cv.wait_for(lock, timeout, finished);
  }
  return job->outcome;
}

Result<bool> Engine::Cancel(const std::string& job_id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return cuzk::Status(StatusCode::kNotFound, "no job \"" + job_id + "\"");
  Job& job = *it->second;
  if (job.outcome.state == JobState::kQueued) {
    queue_.erase(std::find(queue_.begin(), queue_.end(), it->second));
    job.outcome.state = JobState::kCancelled;
    job.outcome.error = "cancelled while queued";
    spdlog::info("job {}: cancelled while queued", job_id);
    job.finished = Clock::now();
    job.done_cv.notify_all();
    return false;
  }
  job.cancel_requested = true;
  if (job.outcome.state == JobState::kRunning) {
    spdlog::info("job {}: cancel requested; it stops at its next partition boundary", job_id);
  }
  return job.outcome.state == JobState::kRunning;
}

EngineStatus Engine::GetStatus() const {
  std::lock_guard<std::mutex> lock(mu_);
  EngineStatus s;
  s.pending = static_cast<uint32_t>(queue_.size());
  s.running = running_;
  s.completed = completed_;
  s.failed = failed_;
  s.uptime_seconds = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - started_).count());
  s.srs = srs_.Loaded();
  s.memory_reserved = budget_.used();
  s.memory_budget = budget_.total();
  s.workers = static_cast<uint32_t>(config_.workers);
  s.kinds = kind_stats_;
  auto now = Clock::now();
  for (const auto& [id, job] : jobs_) {
    s.jobs.push_back({id, job->request.kind, job->priority, job->outcome.state,
                      MillisBetween(job->submitted, now)});
  }
  return s;
}

void Engine::DropExpiredLocked() {
  auto now = Clock::now();
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    JobState st = it->second->outcome.state;
    bool done = st != JobState::kQueued && st != JobState::kRunning;
    if (done && now - it->second->finished > config_.result_ttl) {
      it = jobs_.erase(it);
    } else {
      ++it;
    }
  }
}

void Engine::WorkerLoop() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      work_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = queue_.front();
      queue_.erase(queue_.begin());
      job->outcome.state = JobState::kRunning;
      job->outcome.queue_wait_ms = MillisBetween(job->submitted, Clock::now());
      ++running_;
    }
    spdlog::info("job {}: started after {} ms in the queue", job->id, job->outcome.queue_wait_ms);
    Run(*job);
    std::lock_guard<std::mutex> lock(mu_);
    // The result stays for the TTL; the input (up to ~51 MB for 32GiB) need not: idempotency
    // checks use the digest.
    std::string().swap(job->request.vanilla_proof);
    --running_;
    job->finished = Clock::now();
    job->outcome.total_ms = MillisBetween(job->submitted, job->finished);
    KindStats& stats = kind_stats_[job->request.kind];
    if (job->outcome.state == JobState::kCompleted) {
      ++completed_;
      ++stats.completed;
      std::deque<double>& recent = recent_seconds_[job->request.kind];
      recent.push_back(static_cast<double>(job->outcome.total_ms) / 1000);
      stats.recent_seconds += recent.back();
      if (recent.size() > 1000) {
        stats.recent_seconds -= recent.front();
        recent.pop_front();
      }
      stats.recent_count = recent.size();
    }
    if (job->outcome.state == JobState::kFailed) {
      ++failed_;
      ++stats.failed;
    }
    const JobOutcome& o = job->outcome;
    if (o.state == JobState::kCompleted) {
      spdlog::info("job {}: completed in {} ms (srs load {} ms, synthesis {} ms, prove {} ms), "
                   "{} bytes of verified proof",
                   job->id, o.total_ms, o.srs_load_ms, o.synthesis_ms, o.prove_ms, o.proof.size());
    } else {
      spdlog::warn("job {}: {} after {} ms: {}", job->id, JobStateName(o.state), o.total_ms,
                   o.error);
    }
    job->done_cv.notify_all();
  }
}

Result<MemoryBudget::Reservation> Engine::ReserveWorkingMemory(const std::string& circuit_id,
                                                              uint64_t bytes) {
  // Idle resident parameters of other circuits give way first (least recently used first).
  MemoryBudget::Reservation r = srs_.TryReserveEvicting(circuit_id, bytes);
  if (r.bytes() > 0) return r;
  uint64_t own = 0;
  for (const SrsInfo& info : srs_.Loaded()) {
    if (info.circuit_id == circuit_id) own = info.size_bytes;
  }
  if (own + bytes > budget_.total()) {
    return cuzk::Status::InvalidArgument(
        "needs an estimated " + std::to_string(bytes >> 20) + " MiB of working memory on top of " +
        std::to_string(own >> 20) + " MiB of parameters, but the memory budget is " +
        std::to_string(budget_.total() >> 20) + " MiB (raise it or free memory)");
  }
  return budget_.Reserve(bytes);
}

void Engine::Run(Job& job) {
  JobOutcome result;
  auto fail = [&](JobState state, const std::string& error) {
    result.state = state;
    result.error = error;
  };
  const JobRequest& r = job.request;
  if (r.kind != ProofKind::kPoRepSealCommit) {
    fail(JobState::kFailed, std::string("proof kind ") + ProofKindName(r.kind) +
                                " is not supported yet (only PoRep seal commit)");
  } else if (auto c1 = filecoin::ParseC1(r.vanilla_proof); !c1.ok()) {
    fail(JobState::kFailed, c1.status().message());
  } else if (r.registered_proof != c1->registered_proof.id) {
    fail(JobState::kFailed, "registered_proof " + std::to_string(r.registered_proof) +
                                " does not match the C1's " +
                                std::string(c1->registered_proof.name) + " (" +
                                std::to_string(c1->registered_proof.id) + ")");
  } else if (r.sector_size && r.sector_size != c1->registered_proof.shape.sector_bytes) {
    fail(JobState::kFailed, "sector_size " + std::to_string(r.sector_size) +
                                " does not match the C1's " +
                                std::to_string(c1->registered_proof.shape.sector_bytes));
  } else if (uint64_t work = PoRepPartitionMemoryEstimate(c1->registered_proof.shape) *
                             (config_.overlap_synthesis && c1->vanilla_proofs.size() > 1 ? 2 : 1);
             work > budget_.total()) {
    // Never fits: say so before loading gigabytes of parameters.
    fail(JobState::kFailed, "memory: " + budget_.Reserve(work).status().message());
  } else if (auto pk =
                 srs_.Acquire(PoRepCircuitId(c1->registered_proof.shape), &result.srs_load_ms);
             !pk.ok()) {
    fail(JobState::kFailed, "parameters: " + pk.status().message());
  } else if (auto reservation =
                 ReserveWorkingMemory(PoRepCircuitId(c1->registered_proof.shape), work);
             !reservation.ok()) {
    // Waits while other jobs hold the memory; fails only if the job could never fit.
    fail(JobState::kFailed, "memory: " + reservation.status().message());
  } else {
    C2Options options;
    options.threads = config_.prover_threads;
    options.overlap_synthesis = config_.overlap_synthesis;
    size_t partitions = c1->vanilla_proofs.size();
    options.on_partition = [&job, partitions](const PartitionReport& p) {
      spdlog::info("job {}: partition {}/{} proved and verified (synthesis {:.1f} s, prove {:.1f} s)",
                   job.id, p.partition + 1, partitions, p.synthesis_s, p.prover.total);
    };
    options.cancelled = [&] {
      std::lock_guard<std::mutex> lock(mu_);
      return job.cancel_requested;
    };
    auto proof = ProvePoRepC2(*c1, **pk, options);
    if (!proof.ok()) {
      fail(proof.status().code() == StatusCode::kCancelled ? JobState::kCancelled
                                                           : JobState::kFailed,
           proof.status().message());
    } else {
      result.state = JobState::kCompleted;
      result.proof = std::move(proof->proof);
      for (const PartitionReport& p : proof->partitions) {
        result.synthesis_ms += static_cast<uint64_t>(p.synthesis_s * 1000);
        result.prove_ms += static_cast<uint64_t>((p.prover.total + p.verify_s) * 1000);
      }
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  result.queue_wait_ms = job.outcome.queue_wait_ms;
  job.outcome = std::move(result);
}

}  // namespace cuzk::engine
