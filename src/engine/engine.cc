// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/engine.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <optional>
#include <random>
#include <string_view>

#include "base/parallel.h"
#include "engine/engine_job.h"
#include "hash/sha256.h"

namespace cuzk::engine {
namespace {

// Returns a fresh request id for a request without one: a random UUID (version 4), as the Rust
// cuzk makes.
std::string NewRequestId() {
  static std::mutex mu;
  static std::mt19937_64 rng{std::random_device{}()};
  uint64_t hi, lo;
  {
    std::lock_guard<std::mutex> lock(mu);
    hi = rng();
    lo = rng();
  }
  hi = (hi & ~uint64_t{0xf000}) | 0x4000;                  // version 4
  lo = (lo & ~(uint64_t{3} << 62)) | (uint64_t{2} << 62);  // RFC 4122 variant
  char text[37];
  std::snprintf(text, sizeof(text), "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                static_cast<unsigned>((hi >> 16) & 0xffff), static_cast<unsigned>(hi & 0xffff),
                static_cast<unsigned>(lo >> 48),
                static_cast<unsigned long long>(lo & 0xffffffffffffull));
  return text;
}

// Identifies a request's content: the same request id with the same content attaches to the
// existing job. Every field goes in with a tag and its length, so no two different requests
// share the byte string (a field's bytes can never be read as the start of the next field).
hash::Digest ContentDigest(const JobRequest& r) {
  std::string bytes;
  auto field = [&bytes](char tag, std::string_view value) {
    bytes.push_back(tag);
    uint64_t n = value.size();
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>(n >> (8 * i)));
    bytes.append(value);
  };
  auto number = [&field](char tag, uint64_t v) { field(tag, std::to_string(v)); };
  number('k', static_cast<uint64_t>(r.kind));
  number('p', r.registered_proof);
  number('s', r.sector_size);
  field('v', r.vanilla_proof);
  number('n', r.vanilla_proofs.size());
  for (const std::string& v : r.vanilla_proofs) field('V', v);
  number('i', r.partition_index);
  field('r', r.randomness);
  field('o', r.comm_r_old);
  field('c', r.comm_r_new);
  field('d', r.comm_d_new);
  number('m', r.miner_id);
  number('#', r.sector_number);
  return hash::Sha256(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

// Returns the bytes of input a request carries.
uint64_t InputBytes(const JobRequest& r) {
  uint64_t n = r.vanilla_proof.size() + r.randomness.size() + r.comm_r_old.size() +
               r.comm_r_new.size() + r.comm_d_new.size();
  for (const std::string& v : r.vanilla_proofs) n += v.size();
  return n;
}

// Frees a request's inputs (a finished job keeps only its digest for idempotency checks).
void ReleaseInputs(JobRequest& r) {
  std::string().swap(r.vanilla_proof);
  std::vector<std::string>().swap(r.vanilla_proofs);
  std::string().swap(r.randomness);
  std::string().swap(r.comm_r_old);
  std::string().swap(r.comm_r_new);
  std::string().swap(r.comm_d_new);
}

}  // namespace

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

namespace {

// Resolves kAutoLookahead (see Engine::Config::synthesis_lookahead).
Engine::Config WithLookahead(Engine::Config config) {
  if (config.synthesis_lookahead == Engine::kAutoLookahead) {
    const size_t threads = HardwareThreads();
    config.synthesis_lookahead =
        !config.backends.empty() ? std::clamp<size_t>(threads / 2, 1, 32) : (threads >= 8 ? 1 : 0);
  }
  if (!config.backends.empty()) config.workers = config.backends.size();
  return config;
}

}  // namespace

Engine::Engine(Config config)
    : config_(WithLookahead(std::move(config))),
      budget_(config_.memory_budget_bytes ? config_.memory_budget_bytes
                                          : MemoryBudget::FromSystem(config_.memory_safety_margin)),
      srs_(config_.param_dir, config_.key_files, config_.prover_threads, &budget_),
      // As many idle buffers as partitions can be in flight at once.
      pool_(&budget_, config_.workers + config_.synthesis_lookahead),
      compiled_(&budget_, config_.compiled_dir) {
  // Idle buffers go first; compiled circuits only when there are none (they are rebuilt later).
  budget_.SetReclaimer([this] {
    uint64_t freed = pool_.Drain();
    return freed ? freed : compiled_.Drop();
  });
  srs_.SetEvictionMinIdle(config_.srs_eviction_min_idle);
  // An evicted key leaves every GPU too (the same backend may serve several workers).
  srs_.SetReleaseHook([backends = config_.backends](const groth16::ProvingKey& pk) {
    for (const auto& backend : backends) backend->Release(pk);
  });
  if (!config_.make_work) {
    config_.make_work = [](const JobRequest& r,
                           const WorkContext&) -> Result<std::unique_ptr<JobWork>> {
      return Status(StatusCode::kInternal, std::string("this engine proves no proof kind (") +
                                               ProofKindName(r.kind) +
                                               "): it was built without a work factory");
    };
  }
  if (config_.workers == 0) return;  // a queue only (tests)
  // Twice the pipeline: an urgent job's partitions find idle synthesis workers even while
  // partitions of lower priority occupy a full pipeline.
  size_t synthesis_workers = config_.synthesis_workers
                                 ? config_.synthesis_workers
                                 : 2 * (config_.workers + config_.synthesis_lookahead);
  synthesis_workers_ = synthesis_workers;
  for (size_t i = 0; i < synthesis_workers; ++i) {
    workers_.emplace_back([this] { SynthesisLoop(); });
  }
  prover_jobs_.resize(config_.workers);
  for (size_t i = 0; i < config_.workers; ++i) {
    workers_.emplace_back([this, i] { ProverLoop(i); });
  }
}

Engine::~Engine() {
  Shutdown();
  for (auto& t : workers_) t.join();
}

void Engine::Shutdown() {
  MutexLock lock(mu_);
  stopping_ = true;
  for (std::shared_ptr<Job> job : std::vector(active_)) {
    FailLocked(*job, JobState::kCancelled, "cancelled: the engine is shutting down");
    MaybeFinishLocked(job);
  }
  synthesis_cv_.NotifyAll();
  prover_cv_.NotifyAll();
}

bool Engine::WaitUntilIdle(std::chrono::milliseconds timeout) {
  MutexLock lock(mu_);
  auto deadline = Clock::now() + timeout;
  while (!active_.empty()) {
    if (!idle_cv_.WaitUntil(mu_, deadline)) return active_.empty();
  }
  return true;
}

size_t Engine::PipelineDepth(Priority priority) const {
  // HIGH and CRITICAL jobs (PoSt, with deadlines) always synthesize one partition ahead, so that
  // a second urgent job is ready when the prover frees up instead of waiting behind a less
  // urgent partition that was.
  size_t lookahead = config_.synthesis_lookahead;
  if (static_cast<int>(priority) >= static_cast<int>(Priority::kHigh)) {
    lookahead = std::max<size_t>(lookahead, 1);
  }
  return config_.workers + lookahead;
}

size_t Engine::InFlightAtOrAboveLocked(Priority priority) const {
  size_t n = 0;
  for (const auto& j : active_) {
    if (static_cast<int>(j->priority) >= static_cast<int>(priority)) n += j->in_flight;
  }
  return n;
}

uint32_t Engine::PositionLocked(const Job& job) const {
  if (job.started) return 0;
  uint32_t ahead = 0;
  for (const auto& j : active_) {
    if (j.get() == &job) break;
    if (!j->started) ++ahead;
  }
  return ahead;
}

Result<std::pair<std::string, uint32_t>> Engine::Submit(const JobRequest& submitted) {
  JobRequest request = submitted;
  if (request.request_id.empty()) request.request_id = NewRequestId();
  hash::Digest digest = ContentDigest(request);
  MutexLock lock(mu_);
  DropExpiredLocked();
  // The same content under the same request id attaches to a job that is queued, running or
  // completed (a client retrying after a timeout gets the running job); a failed or cancelled
  // one is never reused.
  if (auto ids = jobs_by_request_.find(request.request_id); ids != jobs_by_request_.end()) {
    for (const std::string& id : ids->second) {
      const std::shared_ptr<Job>& job = jobs_.at(id);
      JobState st = job->outcome.state;
      if (job->digest == digest && st != JobState::kFailed && st != JobState::kCancelled)
        return std::pair{id, PositionLocked(*job)};
    }
  }
  if (stopping_) return cuzk::Status(StatusCode::kCancelled, "the engine is shutting down");
  auto job = std::make_shared<Job>();
  // Other content under a used request id (Curio sends every WindowPoSt partition of a deadline,
  // and a retry with fresh vanilla proofs, under one id) is a new, independent job: the request
  // id is a label, and the job id stays unique.
  job->id = request.request_id;
  for (int n = 2; jobs_.count(job->id); ++n) job->id = request.request_id + "#" + std::to_string(n);
  jobs_by_request_[request.request_id].push_back(job->id);
  job->request = request;
  job->digest = digest;
  job->priority =
      request.priority == Priority::kUnspecified ? DefaultPriority(request.kind) : request.priority;
  job->sequence = sequence_++;
  jobs_[job->id] = job;
  // Insert before the first job of lower priority: FIFO within a level.
  auto pos = std::find_if(active_.begin(), active_.end(), [&](const std::shared_ptr<Job>& q) {
    return static_cast<int>(q->priority) < static_cast<int>(job->priority);
  });
  active_.insert(pos, job);
  uint32_t position = PositionLocked(*job);
  synthesis_cv_.NotifyAll();
  uint64_t input_bytes = InputBytes(request);
  spdlog::info("job {}: queued ({}, priority {}, position {}, {} bytes of input)", job->id,
               ProofKindName(request.kind), static_cast<int>(job->priority), position, input_bytes);
  return std::pair{job->id, position};
}

Result<JobOutcome> Engine::Await(const std::string& job_id, std::chrono::milliseconds timeout) {
  MutexLock lock(mu_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return cuzk::Status(StatusCode::kNotFound, "no job \"" + job_id + "\"");
  std::shared_ptr<Job> job = it->second;
  auto finished = [&] {
    return job->outcome.state != JobState::kQueued && job->outcome.state != JobState::kRunning;
  };
  auto deadline = Clock::now() + timeout;
  while (!finished()) {
    if (timeout.count() == 0) {
      job->done_cv.Wait(mu_);
    } else if (!job->done_cv.WaitUntil(mu_, deadline)) {
      break;
    }
  }
  return job->outcome;
}

Result<JobOutcome> Engine::Peek(const std::string& job_id) const {
  MutexLock lock(mu_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return cuzk::Status(StatusCode::kNotFound, "no job \"" + job_id + "\"");
  return it->second->outcome;
}

void Engine::SetFinishListener(std::function<void(const std::string& job_id)> listener) {
  MutexLock lock(mu_);
  finish_listener_ = std::move(listener);
}

Result<bool> Engine::Cancel(const std::string& job_id) {
  MutexLock lock(mu_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return cuzk::Status(StatusCode::kNotFound, "no job \"" + job_id + "\"");
  std::shared_ptr<Job> job = it->second;
  JobState state = job->outcome.state;
  if (state != JobState::kQueued && state != JobState::kRunning) return false;  // finished
  if (!job->started) {
    FailLocked(*job, JobState::kCancelled, "cancelled while queued");
    spdlog::info("job {}: cancelled while queued", job_id);
  } else {
    FailLocked(*job, JobState::kCancelled,
               job->work ? "cancelled after " + std::to_string(job->proved) + " of " +
                               std::to_string(job->partitions) + " partitions"
                         : "cancelled while it was prepared (its input checked, its "
                           "parameters loaded)");
    spdlog::info(
        "job {}: cancel requested; a partition being proved stops now, one being "
        "synthesized after its current step",
        job_id);
  }
  MaybeFinishLocked(job);
  return state == JobState::kRunning;
}

EngineStatus Engine::GetStatus() const {
  EngineStatus s;
  // The devices first, without the lock (a device query may take a while).
  for (size_t i = 0; i < config_.workers; ++i) {
    ProverWorkerStatus w;
    groth16::ProverBackend* backend =
        i < config_.backends.size() ? config_.backends[i].get() : nullptr;
    w.backend = backend ? backend->name() : "cpu";
    if (backend) w.device = backend->device();
    s.provers.push_back(std::move(w));
  }
  MutexLock lock(mu_);
  for (size_t i = 0; i < s.provers.size() && i < prover_jobs_.size(); ++i) {
    s.provers[i].job_id = prover_jobs_[i];
    if (auto it = jobs_.find(prover_jobs_[i]); it != jobs_.end())
      s.provers[i].kind = it->second->request.kind;
  }
  for (const auto& job : active_) ++(job->started ? s.running : s.pending);
  s.completed = completed_;
  s.failed = failed_;
  s.uptime_seconds = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - started_).count());
  s.srs = srs_.Loaded();
  s.compiled = compiled_.Ready();
  s.memory_reserved = budget_.used();
  s.memory_budget = budget_.total();
  s.idle_buffers = static_cast<uint32_t>(pool_.idle());
  s.reused_buffers = pool_.reused();
  s.workers = static_cast<uint32_t>(config_.workers);
  s.synthesis_workers = static_cast<uint32_t>(synthesis_workers_);
  s.kinds = kind_stats_;
  auto now = Clock::now();
  for (const auto& [id, job] : jobs_) {
    std::string phase = JobStateName(job->outcome.state);
    if (job->outcome.state == JobState::kRunning) {
      uint32_t synthesizing =
          job->in_flight - static_cast<uint32_t>(job->ready.size()) - job->proving - job->verifying;
      phase = job->preparing       ? "preparing"
              : job->proving > 0   ? "proving"
              : job->verifying > 0 ? "verifying"
              : synthesizing > 0   ? "synthesizing"
                                   : "waiting";
    }
    s.jobs.push_back({id, job->request.kind, job->priority, job->outcome.state,
                      MillisBetween(job->submitted, now), phase, job->partitions, job->proved,
                      InputBytes(job->request)});
  }
  return s;
}

void Engine::DropExpiredLocked() {
  auto now = Clock::now();
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    JobState st = it->second->outcome.state;
    bool done = st != JobState::kQueued && st != JobState::kRunning;
    if (done && now - it->second->finished > config_.result_ttl) {
      auto ids = jobs_by_request_.find(it->second->request.request_id);
      if (ids != jobs_by_request_.end()) {
        std::erase(ids->second, it->first);
        if (ids->second.empty()) jobs_by_request_.erase(ids);
      }
      it = jobs_.erase(it);
    } else {
      ++it;
    }
  }
}

void Engine::FailLocked(Job& job, JobState state, const std::string& error) {
  if (job.Stopped()) return;  // the first reason stands
  job.stop_state = state;
  job.stop_error = error;
  job.cancel = true;
  // Synthesized partitions that will not be proved give their memory back now.
  job.in_flight -= static_cast<uint32_t>(job.ready.size());
  job.ready.clear();
  synthesis_cv_.NotifyAll();
}

void Engine::KeepJobProofLocked(Job& job, Result<std::vector<uint8_t>> proof, double seconds) {
  if (!proof.ok()) {
    FailLocked(job, JobState::kFailed, proof.status().message());
    return;
  }
  if (seconds >= 0.01) {
    spdlog::info(
        "job {}: its {} partition proofs aggregated and the aggregate verified in {:.2f} s", job.id,
        job.partitions, seconds);
  }
  job.proofs.assign(1, std::move(proof).value());
}

void Engine::MaybeFinishLocked(const std::shared_ptr<Job>& job) {
  if (job->in_flight > 0) return;
  bool complete = !job->Stopped() && job->work && job->proved == job->partitions;
  if (!complete && !job->Stopped()) return;
  JobOutcome& o = job->outcome;
  if (complete) {
    o.state = JobState::kCompleted;
    for (const auto& p : job->proofs) o.proof.insert(o.proof.end(), p.begin(), p.end());
  } else {
    o.state = job->stop_state;
    o.error = job->stop_error;
  }
  active_.erase(std::find(active_.begin(), active_.end(), job));
  if (active_.empty()) idle_cv_.NotifyAll();
  job->free_slots.clear();  // nothing is in flight: every slot is back
  job->slots = 0;
  // The result stays for the TTL; the work (parameters reference, parsed C1) and the inputs (a
  // 32GiB C1 is ~51 MB, a WindowPoSt partition's vanilla proofs hundreds of MB) need not:
  // idempotency checks use the digest.
  job->work.reset();
  job->proofs.clear();
  ReleaseInputs(job->request);
  job->finished = Clock::now();
  o.total_ms = MillisBetween(job->submitted, job->finished);
  KindStats& stats = kind_stats_[job->request.kind];
  if (o.state == JobState::kCompleted) {
    ++completed_;
    ++stats.completed;
    std::deque<double>& recent = recent_seconds_[job->request.kind];
    recent.push_back(static_cast<double>(o.total_ms) / 1000);
    stats.recent_seconds += recent.back();
    if (recent.size() > 1000) {
      stats.recent_seconds -= recent.front();
      recent.pop_front();
    }
    stats.recent_count = recent.size();
    spdlog::info(
        "job {}: completed in {} ms (queued {} ms, srs load {} ms, synthesis {} ms, "
        "prove {} ms), {} bytes of verified proof",
        job->id, o.total_ms, o.queue_wait_ms, o.srs_load_ms, o.synthesis_ms, o.prove_ms,
        o.proof.size());
  } else {
    if (o.state == JobState::kFailed) {
      ++failed_;
      ++stats.failed;
    }
    spdlog::warn("job {}: {} after {} ms: {}", job->id, JobStateName(o.state), o.total_ms, o.error);
  }
  job->done_cv.NotifyAll();
  if (finish_listener_) finish_listener_(job->id);
}

}  // namespace cuzk::engine
