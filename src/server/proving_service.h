// SPDX-License-Identifier: Apache-2.0 OR MIT
// The gRPC ProvingEngine service: translates the wire contract (proto/cuzk/v1/proving.proto) to
// engine calls and back, and nothing else. AwaitProof and Prove, which wait for a job, use
// gRPC's callback API (server/job_waiters.h): a waiting call holds no thread.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.h"
#include "server/heap_trimmer.h"
#include "server/job_waiters.h"

namespace cuzk::server {

// The generated service with AwaitProof and Prove as callback methods, the others synchronous.
using ProvingEngineBase = v1::ProvingEngine::WithCallbackMethod_AwaitProof<
    v1::ProvingEngine::WithCallbackMethod_Prove<v1::ProvingEngine::Service>>;

class ProvingService final : public ProvingEngineBase {
 public:
  explicit ProvingService(engine::Engine& engine) : engine_(engine), waiters_(engine) {}

  grpc::Status SubmitProof(grpc::ServerContext* context, const v1::SubmitProofRequest* request,
                           v1::SubmitProofResponse* response) override;
  grpc::ServerUnaryReactor* AwaitProof(grpc::CallbackServerContext* context,
                                       const v1::AwaitProofRequest* request,
                                       v1::AwaitProofResponse* response) override;
  grpc::ServerUnaryReactor* Prove(grpc::CallbackServerContext* context,
                                  const v1::ProveRequest* request,
                                  v1::ProveResponse* response) override;
  grpc::Status CancelProof(grpc::ServerContext* context, const v1::CancelProofRequest* request,
                           v1::CancelProofResponse* response) override;
  grpc::Status GetStatus(grpc::ServerContext* context, const v1::GetStatusRequest* request,
                         v1::GetStatusResponse* response) override;
  grpc::Status GetMetrics(grpc::ServerContext* context, const v1::GetMetricsRequest* request,
                          v1::GetMetricsResponse* response) override;
  grpc::Status PreloadSRS(grpc::ServerContext* context, const v1::PreloadSrsRequest* request,
                          v1::PreloadSrsResponse* response) override;
  grpc::Status EvictSRS(grpc::ServerContext* context, const v1::EvictSrsRequest* request,
                        v1::EvictSrsResponse* response) override;

  // Returns how many times the heap has been trimmed after large requests (tests).
  size_t heap_trims() const { return trimmer_.trims(); }
  // The wait AwaitProof and Prove share: fills `out` and calls `done` once `job_id` finishes
  // or `timeout_ms` (0 = none) passes, from the waiters' thread; `*wait` names it for
  // EndWait (set before it can end). Tests call it directly.
  void AwaitThen(const std::string& job_id, uint64_t timeout_ms, v1::AwaitProofResponse* out,
                 std::function<void(grpc::Status)> done, uint64_t* wait);
  // Ends wait `wait` now with the job as it stands (its client went away).
  void EndWait(uint64_t wait) { waiters_.End(wait); }
  // Returns the number of calls waiting for a job (tests).
  size_t waiting() const { return waiters_.size(); }

 private:
  // Starts waiting for `job_id` on behalf of a callback RPC and returns its reactor.
  grpc::ServerUnaryReactor* StartWait(const std::string& job_id, uint64_t timeout_ms,
                                      v1::AwaitProofResponse* out);

  engine::Engine& engine_;
  JobWaiters waiters_;   // after engine_: listens to it until destroyed
  HeapTrimmer trimmer_;  // large requests' memory goes back to the system once freed
};

}  // namespace cuzk::server
