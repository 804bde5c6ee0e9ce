// SPDX-License-Identifier: Apache-2.0 OR MIT
// The DeviceKernels emulated on the host: gpu/kernel_driver.h's launch sequences over an executor
// whose ForEach is a parallel loop (every "thread" writes only its own outputs, as on the
// device) checked as a CUDA launch is (the thread's last runtime error), whose sort is a stable
// sort on the key's low bits as CUB's radix sort, and whose scan is std::exclusive_scan.
#include <algorithm>
#include <numeric>
#include <vector>

#include "base/parallel.h"
#include "gpu/emulated/emulated_device.h"
#include "gpu/kernel_driver.h"

namespace cuzk::gpu {
namespace {

// The host executor of gpu/kernel_driver.h.
struct HostExec {
  int device;

  static Result<HostExec> Select(int device) { return HostExec{device}; }

  template <typename F>
  Status ForEach(uint64_t n, const char* step, F f) {
    if (n == 0) return Status::Ok();
    ParallelFor(n, 0, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) f(i);
    });
    // The launch check of cuda/exec.cuh: the thread's last runtime error, whatever made it.
    if (Status s = TakeEmulatedLastError(); !s.ok()) {
      return Status(s.code(), DeviceLabel(device) + ": launching " + step + ": " + s.message());
    }
    return Status::Ok();
  }

  // As CUB's DeviceRadixSort::SortPairs over bits [0, key_bits): by those bits only, and stable
  // (pairs with equal keys keep their input order).
  Status SortPairs(DeviceMemory&, const uint32_t* keys_in, uint32_t* keys_out,
                   const uint32_t* values_in, uint32_t* values_out, uint64_t count,
                   unsigned key_bits) {
    uint32_t mask = key_bits >= 32 ? ~uint32_t{0} : (uint32_t{1} << key_bits) - 1;
    std::vector<uint64_t> order(count);
    std::iota(order.begin(), order.end(), uint64_t{0});
    std::stable_sort(order.begin(), order.end(), [&](uint64_t a, uint64_t b) {
      return (keys_in[a] & mask) < (keys_in[b] & mask);
    });
    for (uint64_t i = 0; i < count; ++i) {
      keys_out[i] = keys_in[order[i]];
      values_out[i] = values_in[order[i]];
    }
    return Status::Ok();
  }

  Status ExclusiveSum(DeviceMemory&, const uint32_t* in, uint32_t* out, uint64_t count) {
    std::exclusive_scan(in, in + count, out, uint32_t{0});
    return Status::Ok();
  }
};

}  // namespace

Result<const DeviceKernels*> LinkedKernels() {
  static const DriverKernels<HostExec> kernels;
  return &kernels;
}

}  // namespace cuzk::gpu
