// SPDX-License-Identifier: Apache-2.0 OR MIT
// gpu/kernels.h's MSM entry point on CUDA: gpu/kernel_driver.h's launch sequence over the executor
// of gpu/cuda/exec.cuh, with the sort and scan of gpu/cuda/sort_scan.cu.
#include "gpu/cuda/exec.cuh"

namespace cuzk::gpu::kernels {
namespace {

// The executor with the MSM's sort and scan (gpu/cuda/sort_scan.cu).
struct CudaMsmExec : cuda::CudaExec {
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

}  // namespace

Status MsmG1(int device, const G1AffineDev* bases, const DevFr* scalars, size_t n,
             MsmPlanner planner, MsmPlan* plan, G1Xyzz* window_sums, G1Xyzz* ones) {
  ASSIGN_OR_RETURN(cuda::CudaExec base, cuda::Select(device));
  CudaMsmExec exec{base};
  return driver::MsmG1(exec, bases, scalars, n, planner, plan, window_sums, ones);
}

}  // namespace cuzk::gpu::kernels
