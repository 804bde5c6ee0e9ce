// SPDX-License-Identifier: Apache-2.0 OR MIT
// gpu/kernels.h emulated on the host: gpu/kernel_driver.h's launch sequences over an executor
// whose ForEach is a parallel loop (every "thread" writes only its own outputs, as on the
// device), whose sort is std::sort and whose scan is std::exclusive_scan.
#include "gpu/kernels.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "base/parallel.h"
#include "gpu/kernel_driver.h"

namespace cuzk::gpu::kernels {
namespace {

// The host executor of gpu/kernel_driver.h.
struct HostExec {
  int device;

  template <typename F>
  Status ForEach(uint64_t n, const char*, F f) {
    ParallelFor(n, 0, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) f(i);
    });
    return Status::Ok();
  }

  Status SortPairs(DeviceMemory&, const uint32_t* keys_in, uint32_t* keys_out,
                   const uint32_t* values_in, uint32_t* values_out, uint64_t count, unsigned) {
    std::vector<uint64_t> pairs(count);
    for (uint64_t i = 0; i < count; ++i) pairs[i] = (uint64_t{keys_in[i]} << 32) | values_in[i];
    std::sort(pairs.begin(), pairs.end());
    for (uint64_t i = 0; i < count; ++i) {
      keys_out[i] = static_cast<uint32_t>(pairs[i] >> 32);
      values_out[i] = static_cast<uint32_t>(pairs[i]);
    }
    return Status::Ok();
  }

  Status ExclusiveSum(DeviceMemory&, const uint32_t* in, uint32_t* out, uint64_t count) {
    std::exclusive_scan(in, in + count, out, uint32_t{0});
    return Status::Ok();
  }
};

}  // namespace

Status Transform(int device, DevFr* values, unsigned log_n, const PowerTables& twiddles) {
  HostExec exec{device};
  return driver::Transform(exec, values, log_n, twiddles);
}

Status Scale(int device, DevFr* values, uint64_t n, const PowerTables& powers) {
  HostExec exec{device};
  return driver::Scale(exec, values, n, powers);
}

Status Multiply(int device, DevFr* out, const DevFr* a, const DevFr* b, uint64_t n) {
  HostExec exec{device};
  return driver::Multiply(exec, out, a, b, n);
}

Status Quotient(int device, DevFr* ab, const DevFr* c, uint64_t n, const PowerTables& powers,
                const DevFr& c_scale) {
  HostExec exec{device};
  return driver::Quotient(exec, ab, c, n, powers, c_scale);
}

Status MsmG1(int device, const G1AffineDev* bases, const DevFr* scalars, size_t n,
             MsmPlanner planner, MsmPlan* plan, G1Xyzz* window_sums, G1Xyzz* ones) {
  HostExec exec{device};
  return driver::MsmG1(exec, bases, scalars, n, planner, plan, window_sums, ones);
}

}  // namespace cuzk::gpu::kernels
