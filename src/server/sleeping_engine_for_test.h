// SPDX-License-Identifier: Apache-2.0 OR MIT
// An engine whose jobs only sleep, for the tests of the service and the gRPC server under
// concurrent clients (service_load_test.cc, grpc_load_test.cc): a request's vanilla_proof holds
// its partition count, and partition k of request id "x..." proves as the two bytes {'x', k}.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/proving_service.h"

namespace cuzk::server::test_support {

using namespace std::chrono_literals;

struct SleptPartition : engine::SynthesizedPartition {};

// A job of `partitions` partitions whose synthesis and proof each sleep a little; partition k's
// proof is the two bytes {first byte of the request id, k}.
class SleepingWork : public engine::JobWork {
 public:
  SleepingWork(char name, uint32_t partitions) : name_(name), partitions_(partitions) {}
  uint32_t partitions() const override { return partitions_; }
  const std::string& circuit_id() const override { return circuit_; }
  uint64_t partition_memory() const override { return 1 << 20; }
  Result<std::unique_ptr<engine::SynthesizedPartition>> Synthesize(uint32_t,
                                                                   const CancelFlag*) override {
    std::this_thread::sleep_for(2ms);
    return std::unique_ptr<engine::SynthesizedPartition>(std::make_unique<SleptPartition>());
  }
  Result<std::vector<uint8_t>> Prove(uint32_t k, std::unique_ptr<engine::SynthesizedPartition>,
                                     const std::function<void()>& verifying,
                                     groth16::ProverBackend*,
                                     const std::atomic<bool>* cancel) override {
    for (int i = 0; i < 5; ++i) {
      if (cancel && cancel->load()) return groth16::Cancelled();
      std::this_thread::sleep_for(1ms);
    }
    verifying();
    return std::vector<uint8_t>{static_cast<uint8_t>(name_), static_cast<uint8_t>(k)};
  }

 private:
  char name_;
  uint32_t partitions_;
  std::string circuit_ = "sleeping";
};

// Two prover workers; the request's vanilla_proof holds the partition count.
inline engine::Engine::Config SleepingConfig() {
  engine::Engine::Config config;
  config.param_dir = "/nonexistent";
  config.workers = 2;
  config.synthesis_lookahead = 1;
  config.memory_budget_bytes = uint64_t{1} << 30;
  config.make_work = [](const engine::JobRequest& r, uint64_t*,
                        const CancelFlag*) -> Result<std::unique_ptr<engine::JobWork>> {
    return std::unique_ptr<engine::JobWork>(std::make_unique<SleepingWork>(
        r.request_id[0], static_cast<uint32_t>(std::stoul(r.vanilla_proof))));
  };
  return config;
}

inline v1::SubmitProofRequest Request(const std::string& id, uint32_t partitions,
                                      v1::Priority priority) {
  v1::SubmitProofRequest r;
  r.set_request_id(id);
  r.set_proof_kind(v1::POREP_SEAL_COMMIT);
  r.set_priority(priority);
  r.set_vanilla_proof(std::to_string(partitions));
  return r;
}

inline std::string ExpectedProof(char name, uint32_t partitions) {
  std::string proof;
  for (uint32_t k = 0; k < partitions; ++k) {
    proof.push_back(name);
    proof.push_back(static_cast<char>(k));
  }
  return proof;
}

}  // namespace cuzk::server::test_support
