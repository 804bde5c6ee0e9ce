// SPDX-License-Identifier: Apache-2.0 OR MIT
// MemoryBudget: host memory the engine may commit, handed out as reservations. A job reserves its
// estimated peak before it starts and waits while the budget lacks room, instead of
// over-committing the machine; a job that could never fit fails at once, saying so.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

#include "base/mutex.h"
#include "base/status.h"

namespace cuzk::engine {

class MemoryBudget {
 public:
  // A held share of the budget; released when destroyed.
  class Reservation {
   public:
    Reservation() = default;
    Reservation(MemoryBudget* budget, uint64_t bytes) : budget_(budget), bytes_(bytes) {}
    Reservation(Reservation&& o) noexcept : budget_(o.budget_), bytes_(o.bytes_) {
      o.budget_ = nullptr;
    }
    Reservation& operator=(Reservation&& o) noexcept;
    ~Reservation();
    uint64_t bytes() const { return budget_ ? bytes_ : 0; }
    // Moves `bytes` of this reservation (at most all of it) into a reservation of their own.
    Reservation Split(uint64_t bytes);
    // Gives back what it holds beyond `bytes` (nothing if it holds no more).
    void ShrinkTo(uint64_t bytes);

   private:
    MemoryBudget* budget_ = nullptr;
    uint64_t bytes_ = 0;
  };

  // A budget of `total_bytes`.
  explicit MemoryBudget(uint64_t total_bytes) : total_(total_bytes) {}
  // Returns MemTotal from /proc/meminfo minus `margin_bytes` (0 if unreadable or smaller).
  static uint64_t FromSystem(uint64_t margin_bytes);

  // Sets what frees idle, recreatable memory (the AssignmentPool) when a reservation does not
  // fit: it is called without the budget's lock, before a reservation waits or gives up, and
  // returns the bytes it released.
  void SetReclaimer(std::function<uint64_t()> reclaim);

  // Waits until `bytes` fit, then holds them. Fails at once if they exceed the whole budget.
  Result<Reservation> Reserve(uint64_t bytes);
  // Holds `bytes` if they fit now (after reclaiming); otherwise returns an empty reservation
  // (bytes() == 0) at once.
  Reservation TryReserve(uint64_t bytes);
  // Holds `bytes` for idle memory the reclaimer may free (never reclaims itself): only if they
  // fit now and no reservation is waiting for room.
  Reservation TryReserveIdle(uint64_t bytes);
  // Reserve, but gives up after `timeout` with an error saying what did not fit.
  Result<Reservation> ReserveFor(uint64_t bytes, std::chrono::milliseconds timeout);
  uint64_t total() const { return total_; }
  uint64_t used() const;

 private:
  void Release(uint64_t bytes);
  // Calls the reclaimer if `bytes` do not fit now; returns true if it released anything.
  bool ReclaimFor(uint64_t bytes);

  const uint64_t total_;
  mutable Mutex mu_;
  CondVar cv_;
  uint64_t used_ CUZK_GUARDED_BY(mu_) = 0;
  int waiting_ CUZK_GUARDED_BY(mu_) = 0;  // reservations waiting for room
  std::function<uint64_t()> reclaim_;     // set before concurrent use
};

}  // namespace cuzk::engine
