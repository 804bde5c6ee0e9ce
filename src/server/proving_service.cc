// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "server/proving_service.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "server/metrics.h"
#include "server/wire.h"

namespace cuzk::server {

grpc::Status ProvingService::SubmitProof(grpc::ServerContext*,
                                         const v1::SubmitProofRequest* request,
                                         v1::SubmitProofResponse* response) {
  trimmer_.NoteRequest(request->ByteSizeLong());
  auto job = ToJobRequest(*request);
  if (!job.ok()) return ToGrpc(job.status());
  auto submitted = engine_.Submit(*job);
  if (!submitted.ok()) return ToGrpc(submitted.status());
  response->set_job_id(submitted->first);
  response->set_queue_position(submitted->second);
  // Partitions go to whichever prover worker is free, so no device is known yet (as in the Rust
  // cuzk, which leaves it empty); GetStatus names each device's current job.
  response->set_assigned_gpu("");
  return grpc::Status::OK;
}

namespace {

// Fills an AwaitProof response from a job's outcome (finished, or still going when the wait
// ended first).
void FillResponse(const std::string& job_id, const engine::JobOutcome& outcome,
                  v1::AwaitProofResponse* out) {
  bool finished =
      outcome.state != engine::JobState::kQueued && outcome.state != engine::JobState::kRunning;
  out->set_job_id(job_id);
  out->set_status(ToWire(outcome.state));
  out->set_proof(std::string(outcome.proof.begin(), outcome.proof.end()));
  out->set_error_message(finished ? outcome.error : "the job is still in progress");
  out->set_queue_wait_ms(outcome.queue_wait_ms);
  out->set_srs_load_ms(outcome.srs_load_ms);
  out->set_synthesis_ms(outcome.synthesis_ms);
  out->set_gpu_compute_ms(outcome.prove_ms);
  out->set_total_ms(outcome.total_ms);
}

// One AwaitProof or Prove call waiting for its job, holding no thread: finished from the
// waiters' thread when the job ends or the timeout passes, or soon after the client goes away
// (its deadline, a cancel, or the server shutting down).
class WaitReactor final : public grpc::ServerUnaryReactor {
 public:
  explicit WaitReactor(ProvingService& service) : service_(service) {}
  void Start(const std::string& job_id, uint64_t timeout_ms, v1::AwaitProofResponse* out) {
    service_.AwaitThen(
        job_id, timeout_ms, out, [this](grpc::Status status) { Finish(status); }, &wait_);
  }
  void OnCancel() override { service_.EndWait(wait_); }
  void OnDone() override { delete this; }

 private:
  ProvingService& service_;
  uint64_t wait_ = 0;
};

}  // namespace

void ProvingService::AwaitThen(const std::string& job_id, uint64_t timeout_ms,
                               v1::AwaitProofResponse* out, std::function<void(grpc::Status)> done,
                               uint64_t* wait) {
  auto deadline = timeout_ms ? JobWaiters::Clock::now() + std::chrono::milliseconds(timeout_ms)
                             : JobWaiters::Clock::time_point::max();
  waiters_.Add(
      job_id, deadline,
      [job_id, out, done = std::move(done)](Result<engine::JobOutcome> outcome) {
        if (!outcome.ok()) return done(ToGrpc(outcome.status()));
        FillResponse(job_id, *outcome, out);
        done(grpc::Status::OK);
      },
      wait);
}

grpc::ServerUnaryReactor* ProvingService::StartWait(const std::string& job_id, uint64_t timeout_ms,
                                                    v1::AwaitProofResponse* out) {
  auto* reactor = new WaitReactor(*this);
  reactor->Start(job_id, timeout_ms, out);
  return reactor;
}

grpc::ServerUnaryReactor* ProvingService::AwaitProof(grpc::CallbackServerContext*,
                                                     const v1::AwaitProofRequest* request,
                                                     v1::AwaitProofResponse* response) {
  return StartWait(request->job_id(), request->timeout_ms(), response);
}

grpc::ServerUnaryReactor* ProvingService::Prove(grpc::CallbackServerContext* context,
                                                const v1::ProveRequest* request,
                                                v1::ProveResponse* response) {
  trimmer_.NoteRequest(request->ByteSizeLong());
  auto job = ToJobRequest(request->submit());
  auto submitted =
      job.ok() ? engine_.Submit(*job) : Result<std::pair<std::string, uint32_t>>(job.status());
  if (!submitted.ok()) {
    grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
    reactor->Finish(ToGrpc(submitted.status()));
    return reactor;
  }
  return StartWait(submitted->first, 0, response->mutable_result());
}

grpc::Status ProvingService::CancelProof(grpc::ServerContext*,
                                         const v1::CancelProofRequest* request,
                                         v1::CancelProofResponse* response) {
  auto was_running = engine_.Cancel(request->job_id());
  if (!was_running.ok()) return ToGrpc(was_running.status());
  response->set_was_running(*was_running);
  return grpc::Status::OK;
}

grpc::Status ProvingService::GetStatus(grpc::ServerContext*, const v1::GetStatusRequest*,
                                       v1::GetStatusResponse* response) {
  engine::EngineStatus s = engine_.GetStatus();
  // One entry per device; with several workers on a device, the first busy one's job.
  std::map<uint32_t, v1::GPUStatus*> gpus;
  for (const engine::ProverWorkerStatus& w : s.provers) {
    if (!w.device) continue;
    v1::GPUStatus*& gpu = gpus[w.device->ordinal];
    if (!gpu) {
      gpu = response->add_gpus();
      gpu->set_ordinal(w.device->ordinal);
      gpu->set_name(w.device->name);
      gpu->set_vram_total_bytes(w.device->total_bytes);
      gpu->set_vram_free_bytes(w.device->free_bytes);
    }
    if (gpu->current_job_id().empty() && !w.job_id.empty()) {
      gpu->set_current_job_id(w.job_id);
      gpu->set_current_proof_kind(engine::ProofKindStatusName(w.kind));
    }
  }
  for (const engine::SrsInfo& srs : s.srs) {
    auto* out = response->add_loaded_srs();
    out->set_circuit_id(srs.circuit_id);
    out->set_tier(v1::SRSStatus::HOT);
    out->set_size_bytes(srs.size_bytes);
    out->set_ref_count(srs.ref_count);
  }
  // One queue line per proof kind the engine proves, from its job list.
  for (engine::ProofKind kind : engine::kProofKinds) {
    auto* queue = response->add_queues();
    queue->set_proof_kind(engine::ProofKindStatusName(kind));
    uint32_t pending = 0, running = 0;
    for (const engine::JobSummary& job : s.jobs) {
      if (job.kind != kind) continue;
      pending += job.state == engine::JobState::kQueued;
      running += job.state == engine::JobState::kRunning;
    }
    queue->set_pending(pending);
    queue->set_in_progress(running);
  }
  // No pinned (GPU-staging) memory on the CPU path: these report the working-memory budget.
  response->set_pinned_memory_bytes(s.memory_reserved);
  response->set_pinned_memory_limit_bytes(s.memory_budget);
  response->set_total_proofs_completed(s.completed);
  response->set_total_proofs_failed(s.failed);
  response->set_uptime_seconds(s.uptime_seconds);
  return grpc::Status::OK;
}

grpc::Status ProvingService::GetMetrics(grpc::ServerContext*, const v1::GetMetricsRequest*,
                                        v1::GetMetricsResponse* response) {
  response->set_prometheus_text(PrometheusText(engine_.GetStatus()));
  return grpc::Status::OK;
}

grpc::Status ProvingService::PreloadSRS(grpc::ServerContext*, const v1::PreloadSrsRequest* request,
                                        v1::PreloadSrsResponse* response) {
  auto loaded = engine_.srs().Loaded();
  bool already = std::any_of(loaded.begin(), loaded.end(), [&](const engine::SrsInfo& i) {
    return i.circuit_id == request->circuit_id();
  });
  uint64_t load_ms = 0;
  auto key = engine_.srs().Acquire(request->circuit_id(), &load_ms);
  if (!key.ok()) return ToGrpc(key.status());
  response->set_already_loaded(already);
  response->set_load_time_ms(load_ms);
  return grpc::Status::OK;
}

grpc::Status ProvingService::EvictSRS(grpc::ServerContext*, const v1::EvictSrsRequest* request,
                                      v1::EvictSrsResponse* response) {
  auto freed = engine_.srs().Evict(request->circuit_id());
  if (!freed.ok()) return ToGrpc(freed.status());
  response->set_was_loaded(*freed > 0);
  response->set_freed_bytes(*freed);
  return grpc::Status::OK;
}

}  // namespace cuzk::server
