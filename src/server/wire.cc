// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "server/wire.h"

namespace cuzk::server {

grpc::Status ToGrpc(const Status& s) {
  switch (s.code()) {
    case StatusCode::kOk:
      return grpc::Status::OK;
    case StatusCode::kNotFound:
      return grpc::Status(grpc::StatusCode::NOT_FOUND, s.message());
    case StatusCode::kCancelled:
      return grpc::Status(grpc::StatusCode::CANCELLED, s.message());
    case StatusCode::kInternal:
      return grpc::Status(grpc::StatusCode::INTERNAL, s.message());
    case StatusCode::kUnavailable:
      return grpc::Status(grpc::StatusCode::UNAVAILABLE, s.message());
    default:
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, s.message());
  }
}

Result<engine::JobRequest> ToJobRequest(const v1::SubmitProofRequest& r) {
  engine::JobRequest job;
  ASSIGN_OR_RETURN(job.kind, engine::ProofKindFromWire(r.proof_kind()));
  ASSIGN_OR_RETURN(job.priority, engine::PriorityFromWire(r.priority()));
  RETURN_IF_ERROR(engine::CheckRequestId(r.request_id()));
  job.request_id = r.request_id();
  job.miner_id = r.miner_id();
  job.sector_number = r.sector_number();
  job.registered_proof = r.registered_proof();
  job.sector_size = r.sector_size();
  job.vanilla_proof = r.vanilla_proof();
  job.vanilla_proofs.assign(r.vanilla_proofs().begin(), r.vanilla_proofs().end());
  job.randomness = r.randomness();
  job.partition_index = r.partition_index();
  job.comm_r_old = r.comm_r_old();
  job.comm_r_new = r.comm_r_new();
  job.comm_d_new = r.comm_d_new();
  RETURN_IF_ERROR(engine::CheckFieldsApply(job));
  return job;
}

v1::AwaitProofResponse::Status ToWire(engine::JobState s) {
  switch (s) {
    case engine::JobState::kCompleted:
      return v1::AwaitProofResponse::COMPLETED;
    case engine::JobState::kFailed:
      return v1::AwaitProofResponse::FAILED;
    case engine::JobState::kCancelled:
      return v1::AwaitProofResponse::CANCELLED;
    default:
      return v1::AwaitProofResponse::TIMEOUT;  // still queued or running when the wait ended
  }
}

}  // namespace cuzk::server
