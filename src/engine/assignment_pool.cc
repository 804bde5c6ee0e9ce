// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/assignment_pool.h"

#include <spdlog/spdlog.h>

#include <utility>

namespace cuzk::engine {

bool AssignmentPool::Keep(AssignmentPtr assignment, uint64_t size_class) {
  if (!assignment || max_idle_ == 0) return false;
  uint64_t bytes = assignment->CapacityBytes();
  Idle oldest;  // its buffers are freed after the lock is released
  MutexLock lock(mu_);
  if (idle_.size() >= max_idle_) {
    // The newest buffers are the likeliest to serve the next job.
    oldest = std::move(idle_.front());
    idle_.erase(idle_.begin());
    oldest.reservation = MemoryBudget::Reservation();
  }
  MemoryBudget::Reservation reservation = budget_->TryReserveIdle(bytes);
  if (reservation.bytes() == 0 && bytes > 0) return false;
  idle_.push_back({size_class, std::move(assignment), std::move(reservation)});
  return true;
}

AssignmentPtr AssignmentPool::Take(uint64_t size_class) {
  Idle taken;
  {
    MutexLock lock(mu_);
    for (size_t i = idle_.size(); i-- > 0;) {
      if (idle_[i].size_class != size_class) continue;
      taken = std::move(idle_[i]);
      idle_.erase(idle_.begin() + static_cast<ptrdiff_t>(i));
      ++reused_;
      break;
    }
  }
  return std::move(taken.assignment);  // `taken.reservation` is released here
}

uint64_t AssignmentPool::Drain() {
  std::vector<Idle> drained;
  {
    MutexLock lock(mu_);
    drained.swap(idle_);
  }
  uint64_t bytes = 0;
  for (const Idle& d : drained) bytes += d.reservation.bytes();
  if (!drained.empty()) {
    spdlog::info("freed {} idle synthesis buffers ({} MiB) to make room", drained.size(),
                 bytes >> 20);
  }
  return bytes;  // the buffers and their reservations are released as `drained` goes
}

size_t AssignmentPool::idle() const {
  MutexLock lock(mu_);
  return idle_.size();
}

uint64_t AssignmentPool::reused() const {
  MutexLock lock(mu_);
  return reused_;
}

}  // namespace cuzk::engine
