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

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;

// What the fake work did, in order: "S<job><k>" synthesis start, "D<job><k>" synthesis done,
// "P<job><k>" prove start, "E<job><k>" prove end.
class Recorder {
 public:
  void Add(const std::string& event) {
    std::lock_guard<std::mutex> lock(mu_);
    events_.push_back(event);
  }
  std::vector<std::string> Events() const {
    std::lock_guard<std::mutex> lock(mu_);
    return events_;
  }
  // Returns the index of `event`, or -1.
  int IndexOf(const std::string& event) const {
    auto e = Events();
    auto it = std::find(e.begin(), e.end(), event);
    return it == e.end() ? -1 : static_cast<int>(it - e.begin());
  }
  // Returns the prove starts in order, e.g. {"A0", "A1", "C0"}.
  std::vector<std::string> ProveOrder() const {
    std::vector<std::string> order;
    for (const std::string& e : Events()) {
      if (e[0] == 'P') order.push_back(e.substr(1));
    }
    return order;
  }
  void WaitFor(const std::string& event) const {
    for (int i = 0; i < 2000 && IndexOf(event) < 0; ++i) std::this_thread::sleep_for(5ms);
  }

  // While true, proving partition 0 of job A waits, and A1's synthesis ends only after A0's
  // proving has started.
  std::atomic<bool> hold_a0{false};
  // While true, the synthesis of job D's partitions waits (after it has reserved its memory).
  std::atomic<bool> hold_d_synthesis{false};
  std::atomic<int> in_flight{0}, max_in_flight{0};
  std::atomic<int> proving{0}, max_proving{0};

 private:
  mutable std::mutex mu_;
  std::vector<std::string> events_;
};

void RaiseMax(std::atomic<int>& max, int value) {
  int seen = max.load();
  while (value > seen && !max.compare_exchange_weak(seen, value)) {
  }
}

struct FakeSynthesis : SynthesizedPartition {
  FakeSynthesis(Recorder* r, uint32_t k) : recorder(r), index(k) {}
  ~FakeSynthesis() override { --recorder->in_flight; }
  Recorder* recorder;
  uint32_t index;
};

// A job of `partitions` partitions named by the request id's first letter; proof k of job X is
// the two bytes {X, k}. Proving partition `fail_at` fails.
class FakeWork : public JobWork {
 public:
  FakeWork(Recorder* r, char name, uint32_t partitions, uint64_t memory, int fail_at)
      : r_(r), name_(name), partitions_(partitions), memory_(memory), fail_at_(fail_at) {}
  uint32_t partitions() const override { return partitions_; }
  const std::string& circuit_id() const override { return circuit_; }
  uint64_t partition_memory() const override { return memory_; }
  Result<std::unique_ptr<SynthesizedPartition>> Synthesize(uint32_t k, const CancelFlag*) override {
    RaiseMax(r_->max_in_flight, ++r_->in_flight);
    r_->Add(std::string("S") + name_ + std::to_string(k));
    std::this_thread::sleep_for(10ms);
    while (name_ == 'D' && r_->hold_d_synthesis) std::this_thread::sleep_for(1ms);
    // With hold_a0, A1 is synthesized only once A0 proves, so the prover starts with A0.
    while (name_ == 'A' && k == 1 && r_->hold_a0 && r_->IndexOf("PA0") < 0) {
      std::this_thread::sleep_for(1ms);
    }
    r_->Add(std::string("D") + name_ + std::to_string(k));
    return std::unique_ptr<SynthesizedPartition>(std::make_unique<FakeSynthesis>(r_, k));
  }
  Result<std::vector<uint8_t>> Prove(uint32_t k, std::unique_ptr<SynthesizedPartition> s,
                                     const std::function<void()>& verifying,
                                     groth16::ProverBackend*,
                                     const std::atomic<bool>* cancel) override {
    EXPECT_EQ(static_cast<FakeSynthesis*>(s.get())->index, k);
    RaiseMax(r_->max_proving, ++r_->proving);
    r_->Add(std::string("P") + name_ + std::to_string(k));
    while (name_ == 'A' && k == 0 && r_->hold_a0) {
      if (cancel && cancel->load()) {  // as a backend's check between two steps
        r_->Add(std::string("X") + name_ + std::to_string(k));
        --r_->proving;
        return groth16::Cancelled();
      }
      std::this_thread::sleep_for(1ms);
    }
    std::this_thread::sleep_for(40ms);
    verifying();
    r_->Add(std::string("E") + name_ + std::to_string(k));
    --r_->proving;
    if (static_cast<int>(k) == fail_at_) {
      return Status::InvalidArgument("partition " + std::to_string(k) + ": boom");
    }
    return std::vector<uint8_t>{static_cast<uint8_t>(name_), static_cast<uint8_t>(k)};
  }

 private:
  Recorder* r_;
  char name_;
  uint32_t partitions_;
  uint64_t memory_;
  int fail_at_;
  std::string circuit_ = "fake";
};

constexpr uint64_t MiB = 1 << 20;

// An engine whose jobs are FakeWork: the request's vanilla_proof holds the partition count, and
// a request id starting with "fail" fails at partition 1.
Engine::Config FakeConfig(Recorder* recorder, size_t workers, size_t lookahead,
                          uint64_t partition_memory = MiB) {
  Engine::Config config;
  config.param_dir = "/nonexistent";
  config.workers = workers;
  config.synthesis_lookahead = lookahead;
  config.memory_budget_bytes = uint64_t{1} << 30;
  config.make_work = [=](const JobRequest& r, uint64_t*,
                         const CancelFlag*) -> Result<std::unique_ptr<JobWork>> {
    int fail_at = r.request_id.rfind("fail", 0) == 0 ? 1 : -1;
    return std::unique_ptr<JobWork>(std::make_unique<FakeWork>(
        recorder, r.request_id[0], static_cast<uint32_t>(std::stoul(r.vanilla_proof)),
        partition_memory, fail_at));
  };
  return config;
}

JobRequest FakeJob(const std::string& id, uint32_t partitions,
                   Priority priority = Priority::kNormal) {
  JobRequest r;
  r.request_id = id;
  r.priority = priority;
  r.vanilla_proof = std::to_string(partitions);
  return r;
}

// Returns the expected proof of job `name`: its partitions' {name, k} in partition order.
std::vector<uint8_t> FakeProof(char name, uint32_t partitions) {
  std::vector<uint8_t> proof;
  for (uint32_t k = 0; k < partitions; ++k) {
    proof.push_back(static_cast<uint8_t>(name));
    proof.push_back(static_cast<uint8_t>(k));
  }
  return proof;
}

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
