// SPDX-License-Identifier: Apache-2.0 OR MIT
// The MSM's sort and scan on CUDA: CUB's (CUDA's own CCCL), in a file of their own, which nvcc
// compiles beside kernels.cu (see gpu/cuda/exec.cuh).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include "gpu/cuda/exec.cuh"

namespace cuzk::gpu::cuda {

Status SortPairs(int device, DeviceMemory& scratch, const uint32_t* keys_in, uint32_t* keys_out,
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

Status ExclusiveSum(int device, DeviceMemory& scratch, const uint32_t* in, uint32_t* out,
                    uint64_t count) {
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

}  // namespace cuzk::gpu::cuda
