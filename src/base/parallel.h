// SPDX-License-Identifier: Apache-2.0 OR MIT
// Data-parallel loops over index ranges, on one pool of worker threads started on first use
// (HardwareThreads() - 1 of them; the calling thread takes part).
#pragma once

#include <cstddef>
#include <functional>

namespace cuzk {

// Returns the number of hardware threads (at least 1), or the limit set by LimitThreads.
size_t HardwareThreads();
// Makes HardwareThreads() return at most `threads` (0: no limit), so that every default "all
// threads" and the pool use that many. Call it before the first ParallelFor (the pool's size is
// fixed when it starts).
void LimitThreads(size_t threads);

// Splits [0, n) into at most `threads` contiguous chunks and runs fn(begin, end) on each, on the
// pool's workers and the calling thread; returns when all are done. threads = 0 means
// HardwareThreads(). Chunks are never smaller than `min_chunk` items. At most HardwareThreads()
// chunks run at once, whatever `threads` says; chunks must not wait for one another. Calls may
// nest and may come from many threads at once.
void ParallelFor(size_t n, size_t threads, const std::function<void(size_t begin, size_t end)>& fn,
                 size_t min_chunk = 1);

}  // namespace cuzk
