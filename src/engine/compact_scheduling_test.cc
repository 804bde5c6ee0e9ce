// SPDX-License-Identifier: Apache-2.0 OR MIT
// The engine's memory for partitions synthesized as compact witnesses (compiled circuits): while
// one proves, the next ones wait holding their witness only, not a partition's working memory;
// a job proves them with working memory of its own ("slots"), one per prover worker when the
// budget allows, and a circuit compiled in the middle of a job (its first partitions in full)
// never deadlocks the prover. FakeWork (fake_work_for_test.h) only sleeps and records.
#include <gtest/gtest.h>

#include <string>

#include "engine/engine.h"
#include "engine/fake_work_for_test.h"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;
using namespace fake;

// Waits (up to 30 s) for job `id` and checks that it completed with its proof.
void ExpectCompleted(Engine& engine, const std::string& id, uint32_t partitions) {
  auto outcome = engine.Await(id, 30s);
  ASSERT_TRUE(outcome.ok());
  ASSERT_EQ(outcome->state, JobState::kCompleted) << id << ": " << outcome->error;
  EXPECT_EQ(outcome->proof, FakeProof(id[0], partitions)) << id;
}

TEST(CompactSchedulingTest, PartitionsWaitAsWitnessesNotAsWorkingMemory) {
  // 600 MiB of working memory per partition in a 1 GiB budget: one partition at a time in full.
  for (bool compiled : {false, true}) {
    SCOPED_TRACE(compiled ? "compiled" : "in full");
    Recorder recorder;
    recorder.hold_a0 = compiled;  // A0 proves until released (A1's synthesis ends after PA0)
    Engine engine(FakeConfig(&recorder, /*workers=*/1, /*lookahead=*/3, 600 * MiB,
                             /*compiled_after=*/compiled ? 0 : -1));
    ASSERT_TRUE(engine.Submit(FakeJob("A", 5)).ok());
    if (compiled) {
      // The pipeline fills while A0 proves: A1-A3 wait as witnesses beside A0's working memory.
      recorder.WaitFor("PA0");
      recorder.WaitFor("DA3");
      EXPECT_GE(recorder.IndexOf("DA3"), 0);
      EXPECT_EQ(recorder.in_flight.load(), 4);
      EXPECT_LE(engine.GetStatus().memory_reserved, 600 * MiB + MiB);
      recorder.hold_a0 = false;
    }
    ExpectCompleted(engine, "A", 5);
    for (uint32_t k = 0; k < 5; ++k) {
      EXPECT_GE(recorder.IndexOf((compiled ? "sA" : "SA") + std::to_string(k)), 0) << k;
    }
    // In full, each partition holds the memory from its synthesis to its proof: one at a time.
    EXPECT_EQ(recorder.max_in_flight.load(), compiled ? 4 : 1);
    EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
  }
}

TEST(CompactSchedulingTest, ACircuitCompiledMidJobNeverDeadlocksTheProver) {
  // Two partitions' working memory fit; the first two synthesize in full and hold it while the
  // third, compact, needs working memory to prove with.
  for (size_t workers : {1, 2}) {
    SCOPED_TRACE(std::to_string(workers) + " prover(s)");
    Recorder recorder;
    Engine engine(FakeConfig(&recorder, workers, /*lookahead=*/3, 400 * MiB,
                             /*compiled_after=*/2));
    ASSERT_TRUE(engine.Submit(FakeJob("A", 10)).ok());
    ASSERT_TRUE(engine.Submit(FakeJob("B", 3)).ok());
    ExpectCompleted(engine, "A", 10);
    ExpectCompleted(engine, "B", 3);
    // Two of A's partitions in full (the first two to start), the other eight compact.
    int full = 0, compact = 0;
    for (const std::string& e : recorder.Events()) {
      full += e[0] == 'S' && e[1] == 'A';
      compact += e[0] == 's' && e[1] == 'A';
    }
    EXPECT_EQ(full, 2);
    EXPECT_EQ(compact, 8);
    EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
  }
}

TEST(CompactSchedulingTest, ASecondProverGetsWorkingMemoryOnlyWhenItFits) {
  for (uint64_t memory : {400 * MiB, 600 * MiB}) {
    SCOPED_TRACE(std::to_string(memory / MiB) + " MiB per partition");
    Recorder recorder;
    recorder.hold_a0 = true;
    Engine engine(FakeConfig(&recorder, /*workers=*/2, /*lookahead=*/2, memory,
                             /*compiled_after=*/0));
    ASSERT_TRUE(engine.Submit(FakeJob("A", 6)).ok());
    recorder.WaitFor("PA0");
    if (memory == 400 * MiB) {
      // Two slots fit the 1 GiB budget: the second prover proves A1 while A0 is held.
      recorder.WaitFor("PA1");
      EXPECT_GE(recorder.IndexOf("PA1"), 0);
    } else {
      recorder.WaitFor("DA2");
      std::this_thread::sleep_for(100ms);
      EXPECT_LT(recorder.IndexOf("PA1"), 0);  // only A0's slot exists
      EXPECT_EQ(recorder.max_proving.load(), 1);
    }
    recorder.hold_a0 = false;
    ExpectCompleted(engine, "A", 6);
    EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
  }
}

TEST(CompactSchedulingTest, CancellingGivesBackWitnessesAndSlots) {
  Recorder recorder;
  recorder.hold_a0 = true;
  Engine engine(FakeConfig(&recorder, /*workers=*/1, /*lookahead=*/3, 600 * MiB,
                           /*compiled_after=*/0));
  ASSERT_TRUE(engine.Submit(FakeJob("A", 6)).ok());
  recorder.WaitFor("PA0");  // (FakeWork's A1 would wait for it through a cancel)
  recorder.WaitFor("DA3");
  ASSERT_GE(recorder.IndexOf("DA3"), 0);
  ASSERT_TRUE(engine.Cancel("A").ok());
  auto outcome = engine.Await("A", 30s);
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->state, JobState::kCancelled);
  EXPECT_EQ(engine.GetStatus().memory_reserved, 0u);
  // The memory is free for the next job, which needs a slot of its own.
  recorder.hold_a0 = false;
  ASSERT_TRUE(engine.Submit(FakeJob("B", 3)).ok());
  ExpectCompleted(engine, "B", 3);
}

}  // namespace
}  // namespace cuzk::engine
