// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CUDA executor of gpu/kernel_driver.h, shared by the files that hold gpu/kernels.h's entry
// points (kernels_ntt.cu, kernels_msm.cu: apart, so that nvcc compiles them in parallel): its
// ForEach is one kernel launch (256 threads per block, checked and waited for, so that an error
// names its step); kernels_msm.cu adds the sort and scan of sort_scan.cu, CUB's (CUDA's own
// CCCL). On 2 cores kernels_msm.cu takes about 100 s of nvcc, sort_scan.cu 15 s, kernels_ntt.cu
// 9 s. First version: simple and checked at every step; tuning waits for measurements on a GPU.
#pragma once

#include "gpu/cuda/check.cuh"
#include "gpu/kernel_driver.h"
#include "gpu/kernels.h"

namespace cuzk::gpu::kernels::cuda {

constexpr unsigned kThreads = 256;

template <typename F>
__global__ void ForEachKernel(uint64_t n, F f) {
  uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

// The CUDA executor of gpu/kernel_driver.h, less the MSM's sort and scan.
struct CudaExec {
  int device;

  template <typename F>
  Status ForEach(uint64_t n, const char* step, F f) {
    if (n == 0) return Status::Ok();
    uint64_t blocks = (n + kThreads - 1) / kThreads;
    if (blocks > 0x7fffffffu)
      return Status::InvalidArgument(std::string(step) + ": too many threads");
    ForEachKernel<<<static_cast<unsigned>(blocks), kThreads>>>(n, f);
    CUZK_CUDA_RETURN_IF_ERROR(cudaGetLastError(), device, std::string("launching ") + step);
    CUZK_CUDA_RETURN_IF_ERROR(cudaDeviceSynchronize(), device, std::string("running ") + step);
    return Status::Ok();
  }
};

// Sorts `count` (key, value) pairs by the keys' low `key_bits` bits into keys_out/values_out on
// `device`, growing `scratch` as CUB needs (gpu/cuda/sort_scan.cu).
Status SortPairs(int device, DeviceMemory& scratch, const uint32_t* keys_in, uint32_t* keys_out,
                 const uint32_t* values_in, uint32_t* values_out, uint64_t count,
                 unsigned key_bits);
// Writes the exclusive prefix sums of in[0..count) to out on `device` (gpu/cuda/sort_scan.cu).
Status ExclusiveSum(int device, DeviceMemory& scratch, const uint32_t* in, uint32_t* out,
                    uint64_t count);

// Makes `device` current and returns its executor.
inline Result<CudaExec> Select(int device) {
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device), device, "selecting it");
  return CudaExec{device};
}

}  // namespace cuzk::gpu::kernels::cuda
