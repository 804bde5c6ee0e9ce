// SPDX-License-Identifier: Apache-2.0 OR MIT
// The gRPC ProvingEngine service: translates the wire contract (proto/cuzk/v1/proving.proto) to
// engine calls and back, and nothing else.
#pragma once

#include <memory>
#include <string>

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.h"
#include "server/heap_trimmer.h"

namespace cuzk::server {

class ProvingService final : public cuzk::v1::ProvingEngine::Service {
 public:
  explicit ProvingService(engine::Engine& engine) : engine_(engine) {}

  grpc::Status SubmitProof(grpc::ServerContext* context, const v1::SubmitProofRequest* request,
                           v1::SubmitProofResponse* response) override;
  grpc::Status AwaitProof(grpc::ServerContext* context, const v1::AwaitProofRequest* request,
                          v1::AwaitProofResponse* response) override;
  grpc::Status Prove(grpc::ServerContext* context, const v1::ProveRequest* request,
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

 private:
  // Waits for `job_id` until the client's deadline (or `timeout_ms`, 0 = none) and fills `out`.
  grpc::Status AwaitInto(grpc::ServerContext* context, const std::string& job_id,
                         uint64_t timeout_ms, v1::AwaitProofResponse* out);

  engine::Engine& engine_;
  HeapTrimmer trimmer_;  // large requests' memory goes back to the system once freed
};

}  // namespace cuzk::server
