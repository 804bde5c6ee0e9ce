// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "base/parallel.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace cuzk {

size_t HardwareThreads() { return std::max<size_t>(1, std::thread::hardware_concurrency()); }

void ParallelFor(size_t n, size_t threads, const std::function<void(size_t, size_t)>& fn,
                 size_t min_chunk) {
  if (n == 0) return;
  if (threads == 0) threads = HardwareThreads();
  threads = std::clamp<size_t>(n / std::max<size_t>(min_chunk, 1), 1, threads);
  size_t chunk = (n + threads - 1) / threads;
  std::vector<std::thread> workers;
  for (size_t begin = 0; begin + chunk < n; begin += chunk) {
    workers.emplace_back(fn, begin, begin + chunk);
  }
  fn(workers.size() * chunk, n);
  for (auto& w : workers) w.join();
}

}  // namespace cuzk
