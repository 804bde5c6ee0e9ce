// SPDX-License-Identifier: Apache-2.0 OR MIT
// AssignmentPool: proved partitions' synthesis buffers, kept between jobs so that the next job's
// first partitions write into memory that is already mapped (at 32GiB, first-touch page
// clearing of ~15 GiB is a third of a fresh partition's synthesis, and more on VMs that hand
// freed memory back to the host). Idle buffers hold a share of the MemoryBudget and give it
// back whenever a reservation lacks room (the budget's reclaimer), so they never make a job wait.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/mutex.h"
#include "engine/memory_budget.h"
#include "engine/partition.h"

namespace cuzk::engine {

class AssignmentPool {
 public:
  // Keeps at most `max_idle` assignments, accounted in `budget`.
  AssignmentPool(MemoryBudget* budget, size_t max_idle) : budget_(budget), max_idle_(max_idle) {}

  // Keeps `assignment` for a later partition of size class `size_class` (the partition memory
  // estimate of its circuit), in place of the oldest idle one when the pool is full, if the budget
  // has room; otherwise frees it. Returns true if it was kept.
  bool Keep(AssignmentPtr assignment, uint64_t size_class);
  // Returns an idle assignment of `size_class` (its budget share released: the partition that
  // takes it holds its own reservation), or null if there is none.
  AssignmentPtr Take(uint64_t size_class);
  // Frees every idle assignment; returns the bytes released.
  uint64_t Drain();

  // Returns the number of idle assignments.
  size_t idle() const;
  // Returns how many assignments Take has handed out.
  uint64_t reused() const;

 private:
  struct Idle {
    uint64_t size_class = 0;
    AssignmentPtr assignment;
    MemoryBudget::Reservation reservation;
  };

  MemoryBudget* budget_;
  const size_t max_idle_;
  mutable Mutex mu_;
  std::vector<Idle> idle_ CUZK_GUARDED_BY(mu_);
  uint64_t reused_ CUZK_GUARDED_BY(mu_) = 0;
};

}  // namespace cuzk::engine
