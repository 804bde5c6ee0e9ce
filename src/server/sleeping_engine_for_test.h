// SPDX-License-Identifier: Apache-2.0 OR MIT
// An engine whose jobs only sleep, for the tests of the service and the gRPC server under
// concurrent clients (service_load_test.cc, grpc_load_test.cc): a request's vanilla_proof holds
// its partition count, and partition k of request id "x..." proves as the two bytes {'x', k}.
#pragma once

#include <atomic>
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
  Result<std::unique_ptr<engine::SynthesizedPartition>> Synthesize(
      uint32_t, std::shared_ptr<const r1cs::CompiledCircuit>, const CancelFlag*) override {
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
  config.make_work = [](const engine::JobRequest& r,
                        const engine::WorkContext&) -> Result<std::unique_ptr<engine::JobWork>> {
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

// What the clients of a load test saw.
struct LoadOutcome {
  std::atomic<int> proved{0}, cancelled{0}, wrong{0};
};

// Runs client c of a load test: `jobs` requests "<'a' + c>-job-<j>" of 1 to 3 partitions at
// priorities 1 to 4. Client `blocking` proves each by the blocking Prove; the others submit it,
// cancel every third job ((c + j) % 3 == 0) right after it is queued, and await it; client
// `duplicating` submits each request twice and expects the same job both times. Every job that
// was not cancelled must end with its own proof. `api` makes the calls (the service's methods, or
// a gRPC stub): bool Submit(const v1::SubmitProofRequest&, v1::SubmitProofResponse*),
// bool Cancel(const std::string& job_id), bool Await(const std::string& job_id,
// v1::AwaitProofResponse*), bool Prove(const v1::SubmitProofRequest&, v1::ProveResponse*).
template <typename Api>
void RunLoadClient(Api& api, int c, int jobs, int blocking, int duplicating, LoadOutcome& out) {
  for (int j = 0; j < jobs; ++j) {
    std::string id = std::string(1, static_cast<char>('a' + c)) + "-job-" + std::to_string(j);
    uint32_t partitions = 1 + (c + j) % 3;
    auto priority = static_cast<v1::Priority>(1 + (c + j) % 4);
    v1::SubmitProofRequest request = Request(id, partitions, priority);
    std::string expected = ExpectedProof(id[0], partitions);
    if (c == blocking) {
      v1::ProveResponse response;
      bool ok = api.Prove(request, &response) &&
                response.result().status() == v1::AwaitProofResponse::COMPLETED &&
                response.result().proof() == expected;
      ok ? ++out.proved : ++out.wrong;
      continue;
    }
    v1::SubmitProofResponse submitted;
    if (!api.Submit(request, &submitted)) {
      ++out.wrong;
      continue;
    }
    if (c == duplicating) {  // the same request again attaches to the same job
      v1::SubmitProofResponse again;
      if (!api.Submit(request, &again) || again.job_id() != submitted.job_id()) ++out.wrong;
    }
    bool cancel = (c + j) % 3 == 0;
    if (cancel && !api.Cancel(submitted.job_id())) ++out.wrong;
    v1::AwaitProofResponse result;
    if (!api.Await(submitted.job_id(), &result)) {
      ++out.wrong;
    } else if (result.status() == v1::AwaitProofResponse::COMPLETED && result.proof() == expected) {
      ++out.proved;
    } else if (cancel && result.status() == v1::AwaitProofResponse::CANCELLED) {
      ++out.cancelled;
    } else {
      ++out.wrong;
    }
  }
}

}  // namespace cuzk::server::test_support
