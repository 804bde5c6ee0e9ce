// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests' blocking AwaitProof: ProvingService::AwaitThen, waited for on the caller's thread.
#pragma once

#include <future>
#include <string>

#include "server/proving_service.h"

namespace cuzk::server {

// Waits for `job_id` as AwaitProof does (`timeout_ms`, 0 = none) and returns the call's status.
inline grpc::Status BlockingAwait(ProvingService& service, const std::string& job_id,
                                  uint64_t timeout_ms, v1::AwaitProofResponse* out) {
  std::promise<grpc::Status> answered;
  uint64_t wait = 0;
  service.AwaitThen(
      job_id, timeout_ms, out, [&answered](grpc::Status s) { answered.set_value(s); }, &wait);
  return answered.get_future().get();
}

}  // namespace cuzk::server
