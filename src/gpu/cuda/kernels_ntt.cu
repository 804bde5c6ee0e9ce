// SPDX-License-Identifier: Apache-2.0 OR MIT
// gpu/kernels.h's transform entry points on CUDA: gpu/kernel_driver.h's launch sequences over the
// executor of gpu/cuda/exec.cuh.
#include "gpu/cuda/exec.cuh"

namespace cuzk::gpu::kernels {

using cuda::Select;

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

}  // namespace cuzk::gpu::kernels
