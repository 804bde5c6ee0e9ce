// SPDX-License-Identifier: Apache-2.0 OR MIT
// A gRPC SubmitProofRequest as it arrives (protobuf bytes) converted to an engine request: any
// message is a request or an error naming the field, never a crash.
#include <cstddef>
#include <cstdint>

#include "server/wire.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cuzk::v1::SubmitProofRequest request;
  if (!request.ParseFromArray(data, static_cast<int>(size))) return 0;
  (void)cuzk::server::ToJobRequest(request);
  return 0;
}
