// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "server/heap_trimmer.h"

#include <malloc.h>

namespace cuzk::server {

using Clock = std::chrono::steady_clock;

HeapTrimmer::HeapTrimmer(std::chrono::milliseconds delay)
    : delay_(delay), thread_([this] { Run(); }) {}

HeapTrimmer::~HeapTrimmer() {
  {
    MutexLock lock(mu_);
    stop_ = true;
  }
  cv_.NotifyAll();
  thread_.join();
}

void HeapTrimmer::NoteRequest(size_t bytes) {
  if (bytes < kLargeRequestBytes) return;
  {
    MutexLock lock(mu_);
    due_ = Clock::now() + delay_;
  }
  cv_.NotifyAll();
}

size_t HeapTrimmer::trims() const {
  MutexLock lock(mu_);
  return trims_;
}

void HeapTrimmer::Run() {
  MutexLock lock(mu_);
  while (!stop_) {
    if (due_ == Clock::time_point{}) {
      cv_.Wait(mu_);
    } else if (Clock::now() < due_) {
      cv_.WaitUntil(mu_, due_);
    } else {
      due_ = {};
      lock.Unlock();
      malloc_trim(0);
      lock.Lock();
      ++trims_;
    }
  }
}

}  // namespace cuzk::server
