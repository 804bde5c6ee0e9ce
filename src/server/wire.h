// SPDX-License-Identifier: Apache-2.0 OR MIT
// Conversions between the wire contract (proto/cuzk/v1/proving.proto) and the engine: requests in
// (checked), statuses and job states out.
#pragma once

#include <grpcpp/grpcpp.h>

#include "base/status.h"
#include "cuzk/v1/proving.pb.h"
#include "engine/engine.h"

namespace cuzk::server {

// Returns the gRPC status of an engine status: NOT_FOUND, CANCELLED and INTERNAL keep their
// meaning, every other error is INVALID_ARGUMENT (a request the engine cannot prove).
grpc::Status ToGrpc(const Status& status);

// Converts a submission; a proof kind or priority the contract does not define is an error that
// names the field.
Result<engine::JobRequest> ToJobRequest(const v1::SubmitProofRequest& request);

// Returns AwaitProof's status of a job state (TIMEOUT for a job still queued or running).
v1::AwaitProofResponse::Status ToWire(engine::JobState state);

}  // namespace cuzk::server
