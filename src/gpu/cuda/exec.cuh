// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CUDA executor of gpu/kernel_driver.h: its ForEach is one kernel launch (256 threads per
// block, checked and waited for, so that an error names its step), its sort and scan CUB's (CUDA's
// own CCCL, in sort_scan.cu, compiled apart so that nvcc runs it beside kernels.cu). On 2 cores
// kernels.cu takes about 110 s of nvcc (the MSM's sequence about 100 s of it), sort_scan.cu 15 s.
// First version: simple and checked at every step; tuning waits for measurements on a GPU.
#pragma once

#include "gpu/cuda/check.cuh"
#include "gpu/runtime.h"

namespace cuzk::gpu::cuda {

constexpr unsigned kThreads = 256;

template <typename F>
__global__ void ForEachKernel(uint64_t n, F f) {
  uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

// The same for an F that declares kMinBlocksPerSm, the blocks of kThreads threads each SM must be
// able to hold while running it: ptxas then keeps F within 65536 / (kThreads * kMinBlocksPerSm)
// registers per thread. (Bounds on every kernel would change ptxas's choices for all of them:
// with (kThreads, 1), most took more registers than with none.)
template <typename F>
__global__ void __launch_bounds__(kThreads, F::kMinBlocksPerSm)
    BoundedForEachKernel(uint64_t n, F f) {
  uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

// Sorts `count` (key, value) pairs by the keys' low `key_bits` bits into keys_out/values_out on
// `device`, growing `scratch` as CUB needs (gpu/cuda/sort_scan.cu).
Status SortPairs(int device, DeviceMemory& scratch, const uint32_t* keys_in, uint32_t* keys_out,
                 const uint32_t* values_in, uint32_t* values_out, uint64_t count,
                 unsigned key_bits);
// Writes the exclusive prefix sums of in[0..count) to out on `device` (gpu/cuda/sort_scan.cu).
Status ExclusiveSum(int device, DeviceMemory& scratch, const uint32_t* in, uint32_t* out,
                    uint64_t count);

// The CUDA executor of gpu/kernel_driver.h.
struct CudaExec {
  int device;

  // Makes `device` current and returns its executor.
  static Result<CudaExec> Select(int device) {
    CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device), device, "selecting it");
    return CudaExec{device};
  }

  template <typename F>
  Status ForEach(uint64_t n, const char* step, F f) {
    if (n == 0) return Status::Ok();
    uint64_t blocks = (n + kThreads - 1) / kThreads;
    if (blocks > 0x7fffffffu)
      return Status::InvalidArgument(std::string(step) + ": too many threads");
    if constexpr (requires { F::kMinBlocksPerSm; }) {
      BoundedForEachKernel<<<static_cast<unsigned>(blocks), kThreads>>>(n, f);
    } else {
      ForEachKernel<<<static_cast<unsigned>(blocks), kThreads>>>(n, f);
    }
    CUZK_CUDA_RETURN_IF_ERROR(cudaGetLastError(), device, std::string("launching ") + step);
    CUZK_CUDA_RETURN_IF_ERROR(cudaDeviceSynchronize(), device, std::string("running ") + step);
    return Status::Ok();
  }

  Status SortPairs(DeviceMemory& scratch, const uint32_t* keys_in, uint32_t* keys_out,
                   const uint32_t* values_in, uint32_t* values_out, uint64_t count,
                   unsigned key_bits) {
    return cuda::SortPairs(device, scratch, keys_in, keys_out, values_in, values_out, count,
                           key_bits);
  }

  Status ExclusiveSum(DeviceMemory& scratch, const uint32_t* in, uint32_t* out, uint64_t count) {
    return cuda::ExclusiveSum(device, scratch, in, out, count);
  }
};

}  // namespace cuzk::gpu::cuda
