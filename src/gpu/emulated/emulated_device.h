// SPDX-License-Identifier: Apache-2.0 OR MIT
// The emulated device's size (emulated/runtime.cc), for the emulated tests that exhaust it.
#pragma once

#include <cstdint>

namespace cuzk::gpu {

// The emulated device's memory when nothing else is set: 4 GiB.
inline constexpr uint64_t kDefaultEmulatedDeviceBytes = uint64_t{1} << 32;

// Sets the emulated device's memory to `bytes` (0: the default); allocations past it fail as
// cudaMalloc's would. Read at each allocation, so a test may shrink it between proofs.
void SetEmulatedDeviceBytes(uint64_t bytes);

}  // namespace cuzk::gpu
