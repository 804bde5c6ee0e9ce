// SPDX-License-Identifier: Apache-2.0 OR MIT
// The annotated mutex, its scoped lock and the condition variable: mutual exclusion under
// contention, a lock let go of and taken again inside its scope, a wait woken by a notification,
// and a wait that times out.
#include "base/mutex.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace cuzk {
namespace {

struct Counter {
  Mutex mu;
  CondVar cv;
  int value CUZK_GUARDED_BY(mu) = 0;
};

TEST(MutexTest, CountsExactlyUnderContention) {
  Counter c;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&c] {
      for (int i = 0; i < 10000; ++i) {
        MutexLock lock(c.mu);
        ++c.value;
      }
    });
  }
  for (auto& t : threads) t.join();
  MutexLock lock(c.mu);
  EXPECT_EQ(c.value, 40000);
}

TEST(MutexTest, ScopedLockLetsGoAndTakesAgain) {
  Counter c;
  MutexLock lock(c.mu);
  c.value = 1;
  lock.Unlock();
  std::thread other([&c] {
    MutexLock inner(c.mu);  // would deadlock if Unlock had not released it
    c.value = 2;
  });
  other.join();
  lock.Lock();
  EXPECT_EQ(c.value, 2);
}

TEST(CondVarTest, WaitReturnsOnceNotifiedAndTheConditionHolds) {
  Counter c;
  std::thread setter([&c] {
    {
      MutexLock lock(c.mu);
      c.value = 7;
    }
    c.cv.NotifyAll();
  });
  {
    MutexLock lock(c.mu);
    while (c.value != 7) c.cv.Wait(c.mu);
    EXPECT_EQ(c.value, 7);
  }
  setter.join();
}

TEST(CondVarTest, WaitUntilReturnsFalseAfterTheDeadline) {
  Counter c;
  MutexLock lock(c.mu);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(20);
  bool notified = true;
  while (c.value == 0 && notified) notified = c.cv.WaitUntil(c.mu, deadline);
  EXPECT_FALSE(notified);
  EXPECT_GE(std::chrono::steady_clock::now(), deadline);
}

}  // namespace
}  // namespace cuzk
