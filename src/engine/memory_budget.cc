// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/memory_budget.h"

#include <algorithm>
#include <fstream>
#include <string>
#include <utility>

namespace cuzk::engine {

MemoryBudget::Reservation& MemoryBudget::Reservation::operator=(Reservation&& o) noexcept {
  if (this != &o) {
    if (budget_) budget_->Release(bytes_);
    budget_ = o.budget_;
    bytes_ = o.bytes_;
    o.budget_ = nullptr;
  }
  return *this;
}

MemoryBudget::Reservation::~Reservation() {
  if (budget_) budget_->Release(bytes_);
}

MemoryBudget::Reservation MemoryBudget::Reservation::Split(uint64_t bytes) {
  if (!budget_) return Reservation();
  bytes = std::min(bytes, bytes_);
  bytes_ -= bytes;
  return Reservation(budget_, bytes);
}

void MemoryBudget::Reservation::ShrinkTo(uint64_t bytes) {
  if (!budget_ || bytes >= bytes_) return;
  budget_->Release(bytes_ - bytes);
  bytes_ = bytes;
}

uint64_t MemoryBudget::FromSystem(uint64_t margin_bytes) {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemTotal:") {
      uint64_t bytes = kib * 1024;
      return bytes > margin_bytes ? bytes - margin_bytes : 0;
    }
  }
  return 0;
}

void MemoryBudget::SetReclaimer(std::function<uint64_t()> reclaim) {
  reclaim_ = std::move(reclaim);
}

bool MemoryBudget::ReclaimFor(uint64_t bytes) {
  {
    MutexLock lock(mu_);
    if (!reclaim_ || used_ + bytes <= total_) return false;
  }
  return reclaim_() > 0;
}

Result<MemoryBudget::Reservation> MemoryBudget::Reserve(uint64_t bytes) {
  if (bytes > total_) {
    return Status::InvalidArgument("needs an estimated " + std::to_string(bytes >> 20) +
                                   " MiB but the memory budget is " + std::to_string(total_ >> 20) +
                                   " MiB (raise it or free memory)");
  }
  // Counted as waiting before reclaiming, so that no idle memory takes the room meanwhile.
  {
    MutexLock lock(mu_);
    ++waiting_;
  }
  ReclaimFor(bytes);
  MutexLock lock(mu_);
  while (used_ + bytes > total_) cv_.Wait(mu_);
  --waiting_;
  used_ += bytes;
  return Reservation(this, bytes);
}

MemoryBudget::Reservation MemoryBudget::TryReserve(uint64_t bytes) {
  ReclaimFor(bytes);
  MutexLock lock(mu_);
  if (used_ + bytes > total_) return Reservation();
  used_ += bytes;
  return Reservation(this, bytes);
}

MemoryBudget::Reservation MemoryBudget::TryReserveIdle(uint64_t bytes) {
  MutexLock lock(mu_);
  if (waiting_ > 0 || used_ + bytes > total_) return Reservation();
  used_ += bytes;
  return Reservation(this, bytes);
}

Result<MemoryBudget::Reservation> MemoryBudget::ReserveFor(uint64_t bytes,
                                                           std::chrono::milliseconds timeout) {
  if (bytes > total_) return Reserve(bytes);  // the "can never fit" error
  {
    MutexLock lock(mu_);
    ++waiting_;
  }
  ReclaimFor(bytes);
  MutexLock lock(mu_);
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (used_ + bytes > total_ && cv_.WaitUntil(mu_, deadline)) {
  }
  bool fits = used_ + bytes <= total_;
  --waiting_;
  if (!fits) {
    return Status::InvalidArgument(
        "waited " + std::to_string(timeout.count() / 1000) + " s for " +
        std::to_string(bytes >> 20) + " MiB of the memory budget; " +
        std::to_string((total_ - used_) >> 20) + " of " + std::to_string(total_ >> 20) +
        " MiB are free and the rest is held by jobs and parameters in use");
  }
  used_ += bytes;
  return Reservation(this, bytes);
}

uint64_t MemoryBudget::used() const {
  MutexLock lock(mu_);
  return used_;
}

void MemoryBudget::Release(uint64_t bytes) {
  {
    MutexLock lock(mu_);
    used_ -= bytes;
  }
  cv_.NotifyAll();
}

}  // namespace cuzk::engine
