// SPDX-License-Identifier: Apache-2.0 OR MIT
// The emulated device's size (emulated/runtime.cc), for the emulated tests that exhaust it, and
// its last-error register, which the emulated launches check (emulated/kernels.cc).
#pragma once

#include <cstdint>

#include "base/status.h"

namespace cuzk::gpu {

// The emulated device's memory when nothing else is set: 4 GiB.
inline constexpr uint64_t kDefaultEmulatedDeviceBytes = uint64_t{1} << 32;

// Sets the emulated device's memory to `bytes` (0: the default); allocations past it fail as
// cudaMalloc's would. Read at each allocation, so a test may shrink it between proofs.
void SetEmulatedDeviceBytes(uint64_t bytes);

// Makes the next `count` allocations fail as out of memory whatever the free memory says (as when
// another process takes the memory between a query and an allocation); 0 ends it.
void FailEmulatedAllocations(int count);

// Returns and clears this thread's last emulated runtime error, as cudaGetLastError does: a
// failed allocation records one, and an emulated launch reports it as its own unless it was
// cleared, as a CUDA launch checked with cudaGetLastError would.
Status TakeEmulatedLastError();

}  // namespace cuzk::gpu
