// SPDX-License-Identifier: Apache-2.0 OR MIT
// FakeWork, for the engine's scheduling tests: a JobWork whose synthesis and proving only sleep and
// record what ran when, in full or (once its fake circuit is "compiled") as compact witnesses.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "r1cs/compiled_circuit.h"

namespace cuzk::engine::fake {

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

inline void RaiseMax(std::atomic<int>& max, int value) {
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
// the two bytes {X, k}. Proving partition `fail_at` fails. With `compiled_after` >= 0, its
// circuit is "compiled" once that many partitions have asked (CompiledIfReady), and later
// partitions are synthesized as compact witnesses ("s<job><k>" at their synthesis start).
class FakeWork : public JobWork {
 public:
  FakeWork(Recorder* r, char name, uint32_t partitions, uint64_t memory, int fail_at,
           int compiled_after = -1)
      : r_(r),
        name_(name),
        partitions_(partitions),
        memory_(memory),
        fail_at_(fail_at),
        compiled_after_(compiled_after) {}
  uint32_t partitions() const override { return partitions_; }
  const std::string& circuit_id() const override { return circuit_; }
  uint64_t partition_memory() const override { return memory_; }
  std::shared_ptr<const r1cs::CompiledCircuit> CompiledIfReady() override {
    if (compiled_after_ < 0 || asked_++ < compiled_after_) return nullptr;
    static const auto compiled = std::make_shared<const r1cs::CompiledCircuit>();
    return compiled;
  }
  Result<std::unique_ptr<SynthesizedPartition>> Synthesize(
      uint32_t k, std::shared_ptr<const r1cs::CompiledCircuit> compiled,
      const CancelFlag*) override {
    RaiseMax(r_->max_in_flight, ++r_->in_flight);
    r_->Add(std::string(compiled ? "s" : "S") + name_ + std::to_string(k));
    std::this_thread::sleep_for(10ms);
    while (name_ == 'D' && r_->hold_d_synthesis) std::this_thread::sleep_for(1ms);
    // With hold_a0, A1 is synthesized only once A0 proves, so the prover starts with A0.
    while (name_ == 'A' && k == 1 && r_->hold_a0 && r_->IndexOf("PA0") < 0) {
      std::this_thread::sleep_for(1ms);
    }
    r_->Add(std::string("D") + name_ + std::to_string(k));
    auto out = std::make_unique<FakeSynthesis>(r_, k);
    if (compiled) {
      out->witness = std::make_unique<r1cs::CompactWitness>();
      out->compiled = std::move(compiled);
    }
    return std::unique_ptr<SynthesizedPartition>(std::move(out));
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
  int compiled_after_;
  std::atomic<int> asked_{0};
  std::string circuit_ = "fake";
};

constexpr uint64_t MiB = 1 << 20;

// An engine whose jobs are FakeWork: the request's vanilla_proof holds the partition count, and
// a request id starting with "fail" fails at partition 1; `compiled_after` as for FakeWork.
inline Engine::Config FakeConfig(Recorder* recorder, size_t workers, size_t lookahead,
                                 uint64_t partition_memory = MiB, int compiled_after = -1) {
  Engine::Config config;
  config.param_dir = "/nonexistent";
  config.workers = workers;
  config.synthesis_lookahead = lookahead;
  config.memory_budget_bytes = uint64_t{1} << 30;
  config.make_work = [=](const JobRequest& r,
                         const WorkContext&) -> Result<std::unique_ptr<JobWork>> {
    int fail_at = r.request_id.rfind("fail", 0) == 0 ? 1 : -1;
    return std::unique_ptr<JobWork>(std::make_unique<FakeWork>(
        recorder, r.request_id[0], static_cast<uint32_t>(std::stoul(r.vanilla_proof)),
        partition_memory, fail_at, compiled_after));
  };
  return config;
}

inline JobRequest FakeJob(const std::string& id, uint32_t partitions,
                          Priority priority = Priority::kNormal) {
  JobRequest r;
  r.request_id = id;
  r.priority = priority;
  r.vanilla_proof = std::to_string(partitions);
  return r;
}

// Returns the expected proof of job `name`: its partitions' {name, k} in partition order.
inline std::vector<uint8_t> FakeProof(char name, uint32_t partitions) {
  std::vector<uint8_t> proof;
  for (uint32_t k = 0; k < partitions; ++k) {
    proof.push_back(static_cast<uint8_t>(name));
    proof.push_back(static_cast<uint8_t>(k));
  }
  return proof;
}

}  // namespace cuzk::engine::fake
