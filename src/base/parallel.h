// SPDX-License-Identifier: Apache-2.0 OR MIT
// Data-parallel loops over index ranges on plain std::threads.
#pragma once

#include <cstddef>
#include <functional>

namespace cuzk {

// Returns the number of hardware threads (at least 1).
size_t HardwareThreads();

// Splits [0, n) into at most `threads` contiguous chunks and runs fn(begin, end) on each, one per
// thread (the caller runs the last chunk); returns when all are done. threads = 0 means
// HardwareThreads(). Chunks are never smaller than `min_chunk` items.
void ParallelFor(size_t n, size_t threads, const std::function<void(size_t begin, size_t end)>& fn,
                 size_t min_chunk = 1);

}  // namespace cuzk
