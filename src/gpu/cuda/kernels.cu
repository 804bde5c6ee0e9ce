// SPDX-License-Identifier: Apache-2.0 OR MIT
// gpu/kernels.h on CUDA: gpu/kernel_driver.h's launch sequences over an executor whose ForEach is
// one kernel launch (256 threads per block, checked and waited for, so that an error names its
// step) and whose sort and scan are CUB's (CUDA's own CCCL). First version: simple and checked
// at every step; tuning waits for measurements on a GPU.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include "gpu/cuda/check.cuh"
#include "gpu/kernel_driver.h"
#include "gpu/kernels.h"

namespace cuzk::gpu::kernels {
namespace {

constexpr unsigned kThreads = 256;

template <typename F>
__global__ void ForEachKernel(uint64_t n, F f) {
  uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

// The CUDA executor of gpu/kernel_driver.h.
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

  Status SortPairs(DeviceMemory& scratch, const uint32_t* keys_in, uint32_t* keys_out,
                   const uint32_t* values_in, uint32_t* values_out, uint64_t count,
                   unsigned key_bits) {
    size_t bytes = 0;
    CUZK_CUDA_RETURN_IF_ERROR(
        cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys_in, keys_out, values_in, values_out,
                                        count, 0, static_cast<int>(key_bits)),
        device, "sizing the MSM sort");
    if (scratch.size() < bytes) {
      scratch = DeviceMemory();
      ASSIGN_OR_RETURN(scratch, DeviceMemory::Allocate(device, bytes, "the MSM sort's scratch"));
    }
    CUZK_CUDA_RETURN_IF_ERROR(
        cub::DeviceRadixSort::SortPairs(scratch.data(), bytes, keys_in, keys_out, values_in,
                                        values_out, count, 0, static_cast<int>(key_bits)),
        device, "launching the MSM sort");
    CUZK_CUDA_RETURN_IF_ERROR(cudaDeviceSynchronize(), device, "running the MSM sort");
    return Status::Ok();
  }

  Status ExclusiveSum(DeviceMemory& scratch, const uint32_t* in, uint32_t* out, uint64_t count) {
    if (count > 0x7fffffffu) return Status::InvalidArgument("MSM scan of 2^31 values or more");
    size_t bytes = 0;
    int items = static_cast<int>(count);
    CUZK_CUDA_RETURN_IF_ERROR(cub::DeviceScan::ExclusiveSum(nullptr, bytes, in, out, items), device,
                              "sizing the MSM scan");
    if (scratch.size() < bytes) {
      scratch = DeviceMemory();
      ASSIGN_OR_RETURN(scratch, DeviceMemory::Allocate(device, bytes, "the MSM scan's scratch"));
    }
    CUZK_CUDA_RETURN_IF_ERROR(cub::DeviceScan::ExclusiveSum(scratch.data(), bytes, in, out, items),
                              device, "launching the MSM scan");
    CUZK_CUDA_RETURN_IF_ERROR(cudaDeviceSynchronize(), device, "running the MSM scan");
    return Status::Ok();
  }
};

Result<CudaExec> Select(int device) {
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device), device, "selecting it");
  return CudaExec{device};
}

}  // namespace

Status Transform(int device, DevFr* values, unsigned log_n, const PowerTables& twiddles) {
  ASSIGN_OR_RETURN(auto exec, Select(device));
  return driver::Transform(exec, values, log_n, twiddles);
}

Status Scale(int device, DevFr* values, uint64_t n, const PowerTables& powers) {
  ASSIGN_OR_RETURN(auto exec, Select(device));
  return driver::Scale(exec, values, n, powers);
}

Status Multiply(int device, DevFr* out, const DevFr* a, const DevFr* b, uint64_t n) {
  ASSIGN_OR_RETURN(auto exec, Select(device));
  return driver::Multiply(exec, out, a, b, n);
}

Status Quotient(int device, DevFr* ab, const DevFr* c, uint64_t n, const PowerTables& powers,
                const DevFr& c_scale) {
  ASSIGN_OR_RETURN(auto exec, Select(device));
  return driver::Quotient(exec, ab, c, n, powers, c_scale);
}

Status MsmG1(int device, const G1AffineDev* bases, const DevFr* scalars, size_t n,
             MsmPlanner planner, MsmPlan* plan, G1Xyzz* window_sums, G1Xyzz* ones) {
  ASSIGN_OR_RETURN(auto exec, Select(device));
  return driver::MsmG1(exec, bases, scalars, n, planner, plan, window_sums, ones);
}

}  // namespace cuzk::gpu::kernels
