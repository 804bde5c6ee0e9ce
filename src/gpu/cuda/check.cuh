// SPDX-License-Identifier: Apache-2.0 OR MIT
// Turns CUDA runtime errors into Status values that name the device and the step.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "base/status.h"
#include "gpu/runtime.h"

namespace cuzk::gpu {

// Returns OK for cudaSuccess, else an error "cuda:N (name): <step>: <error name>: <text>":
// kUnavailable for a missing device or exhausted memory, kInternal otherwise.
inline Status CudaStatus(cudaError_t e, int device, const std::string& step) {
  if (e == cudaSuccess) return Status::Ok();
  std::string message =
      DeviceLabel(device) + ": " + step + ": " + cudaGetErrorName(e) + ": " + cudaGetErrorString(e);
  bool unavailable = e == cudaErrorMemoryAllocation || e == cudaErrorNoDevice ||
                     e == cudaErrorInvalidDevice || e == cudaErrorInsufficientDriver ||
                     e == cudaErrorDevicesUnavailable;
  return Status(unavailable ? StatusCode::kUnavailable : StatusCode::kInternal, message);
}

}  // namespace cuzk::gpu

// Returns from the enclosing function with the error when a CUDA call fails.
#define CUZK_CUDA_RETURN_IF_ERROR(call, device, step) \
  RETURN_IF_ERROR(::cuzk::gpu::CudaStatus((call), (device), (step)))
