// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "base/run_together.h"

#include "base/parallel.h"

namespace cuzk {

void RunTogether(std::initializer_list<std::function<void()>> tasks) {
  const std::function<void()>* first = tasks.begin();
  // One chunk per task, so the pool hands each out on its own.
  ParallelFor(tasks.size(), tasks.size(), [first](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) first[i]();
  });
}

}  // namespace cuzk
