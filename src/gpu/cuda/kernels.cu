// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CUDA DeviceKernels: gpu/kernel_driver.h's launch sequences over the executor of
// gpu/cuda/exec.cuh.
#include "gpu/cuda/exec.cuh"
#include "gpu/kernel_driver.h"

namespace cuzk::gpu {

Result<const DeviceKernels*> LinkedKernels() {
  static const DriverKernels<cuda::CudaExec> kernels;
  return &kernels;
}

}  // namespace cuzk::gpu
