// SPDX-License-Identifier: Apache-2.0 OR MIT
// A mutex, its scoped lock and a condition variable that clang's thread-safety analysis understands
// (base/thread_annotations.h), for the shared state of the engine. Waiting is written as a loop
// in the function that holds the lock (while (!ready) cv.Wait(mu);), so the analysis sees every
// guarded read.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "base/thread_annotations.h"

namespace cuzk {

// A non-recursive mutex known to the analysis as a capability.
class CUZK_CAPABILITY("mutex") Mutex {
 public:
  // Takes the mutex.
  void Lock() CUZK_ACQUIRE() { mu_.lock(); }
  // Gives it back.
  void Unlock() CUZK_RELEASE() { mu_.unlock(); }
  // The same two under the names std::condition_variable_any calls.
  void lock() CUZK_ACQUIRE() { mu_.lock(); }
  void unlock() CUZK_RELEASE() { mu_.unlock(); }

 private:
  std::mutex mu_;
};

// Holds a Mutex from construction to destruction; Unlock and Lock let go of it and take it again
// within the scope.
class CUZK_SCOPED_CAPABILITY MutexLock {
 public:
  explicit MutexLock(Mutex& mu) CUZK_ACQUIRE(mu) : mu_(mu) { mu_.Lock(); }
  ~MutexLock() CUZK_RELEASE() {
    if (held_) mu_.Unlock();
  }
  MutexLock(const MutexLock&) = delete;
  MutexLock& operator=(const MutexLock&) = delete;
  // Gives the mutex back before the end of the scope.
  void Unlock() CUZK_RELEASE() {
    mu_.Unlock();
    held_ = false;
  }
  // Takes it again.
  void Lock() CUZK_ACQUIRE() {
    mu_.Lock();
    held_ = true;
  }

 private:
  Mutex& mu_;
  bool held_ = true;
};

// A condition variable waited on with a Mutex held.
class CondVar {
 public:
  // Gives `mu` back until notified (or woken spuriously), then takes it again.
  void Wait(Mutex& mu) CUZK_REQUIRES(mu) { cv_.wait(mu); }
  // Like Wait, but returns false once `deadline` has passed.
  bool WaitUntil(Mutex& mu, std::chrono::steady_clock::time_point deadline) CUZK_REQUIRES(mu) {
    return cv_.wait_until(mu, deadline) == std::cv_status::no_timeout;
  }
  // Wakes one waiter.
  void NotifyOne() { cv_.notify_one(); }
  // Wakes every waiter.
  void NotifyAll() { cv_.notify_all(); }

 private:
  std::condition_variable_any cv_;
};

}  // namespace cuzk
