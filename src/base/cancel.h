// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cancellation of long computations: a flag another thread sets, and the check that the loops of
// the transforms and multi-scalar multiplications make at their cancellation points (every few
// thousand elements, so a set flag stops them within milliseconds). A computation that sees the
// flag returns early with a meaningless result; its caller checks the flag and discards it.
#pragma once

#include <atomic>
#include <cstddef>

namespace cuzk {

// Set (to true) by another thread to stop a computation; never reset while it runs.
using CancelFlag = std::atomic<bool>;

// Returns whether `flag` is given and set.
inline bool IsCancelled(const CancelFlag* flag) {
  return flag != nullptr && flag->load(std::memory_order_relaxed);
}

// Elements between two cancellation checks inside a loop (a few milliseconds of work at most).
inline constexpr size_t kCancelCheckInterval = size_t{1} << 14;

// Returns whether loop index `i` is a cancellation point and `flag` is set.
inline bool CancelledAt(size_t i, const CancelFlag* flag) {
  return i % kCancelCheckInterval == 0 && IsCancelled(flag);
}

}  // namespace cuzk
