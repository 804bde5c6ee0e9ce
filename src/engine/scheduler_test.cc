// SPDX-License-Identifier: Apache-2.0 OR MIT
// The engine's partition scheduling with a fake JobWork whose synthesis and proving only sleep
// and record what ran when: the oldest job's partitions go first, an urgent job's partitions go
// between a running job's, synthesis overlaps proving, in-flight partitions stay within workers +
// lookahead and within the memory budget, and cancellation and failures stop one job only.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "engine/fake_work_for_test.h"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;
using namespace fake;

TEST(SchedulerTest, OldestJobFirstAndUrgentPartitionsCutIn) {
  Recorder recorder;
  recorder.hold_a0 = true;
  Engine engine(FakeConfig(&recorder, /*workers=*/1, /*lookahead=*/1));
  ASSERT_TRUE(engine.Submit(FakeJob("A", 4)).ok());
  ASSERT_TRUE(engine.Submit(FakeJob("B", 3)).ok());
  recorder.WaitFor("DA1");
  // A0 proves and A1 waits synthesized: the NORMAL pipeline is full. A CRITICAL job has a
  // pipeline of its own, so C0 and C1 synthesize at once and prove before A1.
  ASSERT_TRUE(engine.Submit(FakeJob("C", 2, Priority::kCritical)).ok());
  recorder.WaitFor("DC0");
  recorder.WaitFor("DC1");
  EXPECT_LT(recorder.IndexOf("SB0"), 0);  // B waits for A
  recorder.hold_a0 = false;
  for (auto [id, partitions] : {std::pair{"A", 4u}, {"B", 3u}, {"C", 2u}}) {
    auto outcome = engine.Await(id, 0ms);
    ASSERT_TRUE(outcome.ok());
    ASSERT_EQ(outcome->state, JobState::kCompleted) << id << ": " << outcome->error;
    EXPECT_EQ(outcome->proof, FakeProof(id[0], partitions)) << id;
  }
  std::vector<std::string> order = recorder.ProveOrder();
  std::vector<std::string> expected = {"A0", "C0", "C1", "A1", "A2", "A3", "B0", "B1", "B2"};
  EXPECT_EQ(order, expected);
  // Pipelining: A1 synthesized before A0's proof was done.
  EXPECT_LT(recorder.IndexOf("SA1"), recorder.IndexOf("EA0"));
  EXPECT_LE(recorder.max_in_flight.load(), 4);  // two NORMAL, two CRITICAL
  EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
}

// Cancelling a running job stops the partition being proved (the backend sees the job's cancel
// flag between its steps), not only the partitions after it; its memory comes back.
TEST(SchedulerTest, CancelStopsThePartitionBeingProved) {
  Recorder recorder;
  recorder.hold_a0 = true;  // A0 would prove until released
  Engine engine(FakeConfig(&recorder, /*workers=*/1, /*lookahead=*/0));
  ASSERT_TRUE(engine.Submit(FakeJob("A", 3)).ok());
  recorder.WaitFor("PA0");
  auto was_running = engine.Cancel("A");
  ASSERT_TRUE(was_running.ok());
  EXPECT_TRUE(*was_running);
  auto outcome = engine.Await("A", 5s);
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->state, JobState::kCancelled) << outcome->error;
  EXPECT_GE(recorder.IndexOf("XA0"), 0);
  EXPECT_LT(recorder.IndexOf("SA1"), 0);
  EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
  recorder.hold_a0 = false;
}

// A partition waiting for memory that another job holds stops waiting when its job is cancelled
// (it once waited until the memory came free, however long that took).
TEST(SchedulerTest, CancelStopsAPartitionWaitingForMemory) {
  Recorder recorder;
  recorder.hold_a0 = true;  // A0 holds its 600 MiB until released
  Engine engine(FakeConfig(&recorder, /*workers=*/1, /*lookahead=*/1, 600 * MiB));
  ASSERT_TRUE(engine.Submit(FakeJob("A", 1)).ok());
  recorder.WaitFor("PA0");
  ASSERT_TRUE(engine.Submit(FakeJob("B", 1)).ok());  // 600 more MiB do not fit in 1 GiB
  std::this_thread::sleep_for(150ms);
  EXPECT_LT(recorder.IndexOf("SB0"), 0) << "B synthesized without its memory";
  auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(engine.Cancel("B").ok());
  auto outcome = engine.Await("B", 5s);
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->state, JobState::kCancelled) << outcome->error;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 1s);
  recorder.hold_a0 = false;
  EXPECT_EQ(engine.Await("A", 0ms)->state, JobState::kCompleted);
  EXPECT_LT(recorder.IndexOf("SB0"), 0);
  EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
}

// Issue 25's priority inversion: with one prover, LOW, NORMAL, CRITICAL and CRITICAL submitted
// in turn, the second CRITICAL waited for the NORMAL job's whole proof. An urgent level always
// synthesizes one partition ahead, and the prover waits for an urgent partition being
// synthesized rather than start a less urgent one.
TEST(SchedulerTest, AnUrgentJobNeverWaitsBehindALessUrgentPartition) {
  for (bool hold_d : {false, true}) {
    Recorder recorder;
    recorder.hold_a0 = true;  // A (LOW) proves until released
    Engine engine(FakeConfig(&recorder, /*workers=*/1, /*lookahead=*/0));
    ASSERT_TRUE(engine.Submit(FakeJob("A", 1, Priority::kLow)).ok());
    recorder.WaitFor("PA0");
    ASSERT_TRUE(engine.Submit(FakeJob("B", 1, Priority::kNormal)).ok());
    recorder.WaitFor("DB0");
    ASSERT_TRUE(engine.Submit(FakeJob("C", 1, Priority::kCritical)).ok());
    recorder.WaitFor("DC0");
    recorder.hold_d_synthesis = hold_d;
    ASSERT_TRUE(engine.Submit(FakeJob("D", 1, Priority::kCritical)).ok());
    // D synthesizes while C waits for the prover (CRITICAL's pipeline is one deeper).
    recorder.WaitFor(hold_d ? "SD0" : "DD0");
    EXPECT_GE(recorder.IndexOf(hold_d ? "SD0" : "DD0"), 0) << "D did not start synthesizing";
    recorder.hold_a0 = false;
    if (hold_d) {
      // C proves; then B is ready but D, more urgent, is being synthesized: the prover waits.
      recorder.WaitFor("EC0");
      std::this_thread::sleep_for(100ms);
      EXPECT_LT(recorder.IndexOf("PB0"), 0) << "B started while D was being synthesized";
      recorder.hold_d_synthesis = false;
    }
    for (const char* id : {"A", "B", "C", "D"}) {
      EXPECT_EQ(engine.Await(id, 0ms)->state, JobState::kCompleted) << id;
    }
    std::vector<std::string> expected = {"A0", "C0", "D0", "B0"};
    EXPECT_EQ(recorder.ProveOrder(), expected) << (hold_d ? "D held" : "D free");
  }
}

TEST(SchedulerTest, WithoutLookaheadOnePartitionIsInFlightPerWorker) {
  Recorder recorder;
  Engine engine(FakeConfig(&recorder, 1, 0));
  ASSERT_TRUE(engine.Submit(FakeJob("A", 3)).ok());
  ASSERT_EQ(engine.Await("A", 0ms)->state, JobState::kCompleted);
  EXPECT_EQ(recorder.max_in_flight.load(), 1);
  EXPECT_GT(recorder.IndexOf("SA1"), recorder.IndexOf("EA0"));
}

TEST(SchedulerTest, InFlightPartitionsStayWithinWorkersLookaheadAndBudget) {
  {
    Recorder recorder;
    Engine engine(FakeConfig(&recorder, /*workers=*/2, /*lookahead=*/1));
    for (const char* id : {"A", "B", "C", "D"}) ASSERT_TRUE(engine.Submit(FakeJob(id, 3)).ok());
    for (const char* id : {"A", "B", "C", "D"}) {
      EXPECT_EQ(engine.Await(id, 0ms)->state, JobState::kCompleted);
    }
    EXPECT_LE(recorder.max_in_flight.load(), 3);
    EXPECT_EQ(recorder.max_proving.load(), 2);  // both prover workers were busy at once
  }
  {
    // 400 MiB per partition in a 1 GiB budget: two partitions at most, although three may be
    // in flight.
    Recorder recorder;
    Engine engine(FakeConfig(&recorder, 2, 1, 400 * MiB));
    for (const char* id : {"A", "B", "C"}) ASSERT_TRUE(engine.Submit(FakeJob(id, 3)).ok());
    for (const char* id : {"A", "B", "C"}) {
      EXPECT_EQ(engine.Await(id, 0ms)->state, JobState::kCompleted);
    }
    EXPECT_EQ(recorder.max_in_flight.load(), 2);
    EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
  }
}

TEST(SchedulerTest, EightConcurrentClientsAllGetTheirProofs) {
  Recorder recorder;
  Engine engine(FakeConfig(&recorder, /*workers=*/2, /*lookahead=*/1));
  std::vector<std::thread> clients;
  std::atomic<int> completed{0};
  for (int i = 0; i < 8; ++i) {
    clients.emplace_back([&, i] {
      std::string id(1, static_cast<char>('a' + i));
      uint32_t partitions = 1 + i % 3;
      Priority priority = i % 4 == 3 ? Priority::kCritical : Priority::kNormal;
      if (!engine.Submit(FakeJob(id, partitions, priority)).ok()) return;
      auto outcome = engine.Await(id, 0ms);
      if (outcome.ok() && outcome->state == JobState::kCompleted &&
          outcome->proof == FakeProof(id[0], partitions)) {
        ++completed;
      }
    });
  }
  for (auto& c : clients) c.join();
  EXPECT_EQ(completed.load(), 8);
  EXPECT_EQ(engine.GetStatus().completed, 8u);
  EXPECT_LE(recorder.max_in_flight.load(), 6);  // three per priority level
  EXPECT_EQ(recorder.in_flight.load(), 0);
}

TEST(SchedulerTest, CancellingARunningJobStopsItAtAPartitionBoundary) {
  Recorder recorder;
  Engine engine(FakeConfig(&recorder, 1, 1));
  ASSERT_TRUE(engine.Submit(FakeJob("A", 8)).ok());
  ASSERT_TRUE(engine.Submit(FakeJob("B", 2)).ok());
  recorder.WaitFor("PA1");
  auto was_running = engine.Cancel("A");
  ASSERT_TRUE(was_running.ok());
  EXPECT_TRUE(*was_running);
  auto a = engine.Await("A", 0ms);
  EXPECT_EQ(a->state, JobState::kCancelled);
  EXPECT_NE(a->error.find("cancelled after"), std::string::npos) << a->error;
  EXPECT_TRUE(a->proof.empty());
  auto b = engine.Await("B", 0ms);
  EXPECT_EQ(b->state, JobState::kCompleted);
  EXPECT_EQ(b->proof, FakeProof('B', 2));
  // A stopped within the partitions in flight when it was cancelled.
  std::vector<std::string> order = recorder.ProveOrder();
  EXPECT_LE(std::count_if(order.begin(), order.end(), [](auto& p) { return p[0] == 'A'; }), 3);
  EXPECT_EQ(recorder.in_flight.load(), 0);  // every synthesized partition was freed
  EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
  EXPECT_FALSE(*engine.Cancel("A"));  // already finished
}

TEST(SchedulerTest, AFailingPartitionFailsItsJobOnly) {
  Recorder recorder;
  Engine engine(FakeConfig(&recorder, 1, 1));
  ASSERT_TRUE(engine.Submit(FakeJob("fail-1", 4)).ok());
  ASSERT_TRUE(engine.Submit(FakeJob("B", 2)).ok());
  auto failed = engine.Await("fail-1", 0ms);
  EXPECT_EQ(failed->state, JobState::kFailed);
  EXPECT_EQ(failed->error, "partition 1: boom");
  EXPECT_TRUE(failed->proof.empty());
  EXPECT_EQ(engine.Await("B", 0ms)->state, JobState::kCompleted);
  EXPECT_EQ(engine.GetStatus().failed, 1u);
  EXPECT_EQ(engine.GetStatus().completed, 1u);
  EXPECT_EQ(recorder.in_flight.load(), 0);
}

TEST(SchedulerTest, ShutdownCancelsRunningAndQueuedJobs) {
  Recorder recorder;
  auto engine = std::make_unique<Engine>(FakeConfig(&recorder, 1, 1));
  ASSERT_TRUE(engine->Submit(FakeJob("A", 50)).ok());
  ASSERT_TRUE(engine->Submit(FakeJob("B", 2)).ok());
  recorder.WaitFor("PA0");
  engine->Shutdown();
  EXPECT_EQ(engine->Await("A", 0ms)->state, JobState::kCancelled);
  EXPECT_EQ(engine->Await("B", 0ms)->state, JobState::kCancelled);
  engine.reset();  // joins the workers
  EXPECT_EQ(recorder.in_flight.load(), 0);
  EXPECT_LE(recorder.ProveOrder().size(), 3u);
}

}  // namespace
}  // namespace cuzk::engine
