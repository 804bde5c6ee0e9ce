// SPDX-License-Identifier: Apache-2.0 OR MIT
// JobWaiters without gRPC (so ThreadSanitizer sees every access): each wait is called back
// exactly once, with its finished job, at its deadline, when ended, or at destruction; waits on
// finished or unknown jobs answer at once; many threads adding and ending while jobs finish.
#include "server/job_waiters.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>
#include <vector>

#include "server/sleeping_engine_for_test.h"

namespace cuzk::server {
namespace {

using namespace std::chrono_literals;
using test_support::SleepingConfig;

engine::JobRequest Job(const std::string& id, uint32_t partitions) {
  engine::JobRequest r;
  r.request_id = id;
  r.vanilla_proof = std::to_string(partitions);
  return r;
}

// Adds a wait and returns the future of its outcome.
std::future<Result<engine::JobOutcome>> Wait(JobWaiters& waiters, const std::string& job_id,
                                             JobWaiters::Clock::time_point deadline,
                                             uint64_t* id = nullptr) {
  auto promise = std::make_shared<std::promise<Result<engine::JobOutcome>>>();
  uint64_t ignored;
  waiters.Add(
      job_id, deadline, [promise](Result<engine::JobOutcome> r) { promise->set_value(r); },
      id ? id : &ignored);
  return promise->get_future();
}

constexpr auto kNever = JobWaiters::Clock::time_point::max();

TEST(JobWaitersTest, EachWaitEndsOnceForItsReason) {
  engine::Engine::Config config = SleepingConfig();
  config.workers = 0;  // jobs stay queued until cancelled
  engine::Engine engine(config);
  JobWaiters waiters(engine);
  ASSERT_TRUE(engine.Submit(Job("q", 1)).ok());

  auto unknown = Wait(waiters, "nobody", kNever);
  ASSERT_EQ(unknown.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(unknown.get().status().code(), StatusCode::kNotFound);

  auto start = JobWaiters::Clock::now();
  auto timed = Wait(waiters, "q", start + 50ms);
  ASSERT_EQ(timed.wait_for(5s), std::future_status::ready);
  EXPECT_GE(JobWaiters::Clock::now() - start, 50ms);
  EXPECT_EQ(timed.get()->state, engine::JobState::kQueued);

  uint64_t id = 0;
  auto ended = Wait(waiters, "q", kNever, &id);
  EXPECT_EQ(ended.wait_for(50ms), std::future_status::timeout);
  waiters.End(id);
  ASSERT_EQ(ended.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(ended.get()->state, engine::JobState::kQueued);
  waiters.End(id);  // no longer waiting: nothing happens

  auto finishing = Wait(waiters, "q", kNever);
  ASSERT_TRUE(engine.Cancel("q").ok());
  ASSERT_EQ(finishing.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(finishing.get()->state, engine::JobState::kCancelled);
  auto after = Wait(waiters, "q", kNever);  // already finished: at once
  ASSERT_EQ(after.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(after.get()->state, engine::JobState::kCancelled);
  EXPECT_EQ(waiters.size(), 0u);
}

TEST(JobWaitersTest, ManyThreadsAddAndEndWhileJobsFinish) {
  engine::Engine engine(SleepingConfig());
  std::atomic<int> called{0};
  {
    JobWaiters waiters(engine);
    std::vector<std::thread> threads;
    for (int t = 0; t < 6; ++t) {
      threads.emplace_back([&, t] {
        for (int j = 0; j < 8; ++j) {
          std::string id(1, static_cast<char>('a' + t));
          id += std::to_string(j);
          auto submitted = engine.Submit(Job(id, 1 + j % 3));
          ASSERT_TRUE(submitted.ok());
          for (int w = 0; w < 4; ++w) {
            uint64_t wait = 0;
            auto deadline = w == 3 ? JobWaiters::Clock::now() + 1ms : kNever;
            waiters.Add(
                submitted->first, deadline, [&called](Result<engine::JobOutcome>) { ++called; },
                &wait);
            if (w == 2) waiters.End(wait);
          }
        }
      });
    }
    for (auto& t : threads) t.join();
    EXPECT_TRUE(engine.WaitUntilIdle(30s));
  }  // the waiters' destructor ends whatever still waits
  EXPECT_EQ(called.load(), 6 * 8 * 4);
}

}  // namespace
}  // namespace cuzk::server
