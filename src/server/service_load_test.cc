// SPDX-License-Identifier: Apache-2.0 OR MIT
// The service layer and the HTTP status server under concurrent clients, on an engine whose
// jobs only sleep, written for ThreadSanitizer (`make tsan` runs it): the service's methods
// called from our own threads (request conversion, Submit/Await/Cancel/Prove, GetStatus and the
// metrics texts) while the engine's synthesis and prover threads run. grpc_load_test.cc sends
// the same kind of load through a real gRPC server.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "server/metrics.h"
#include "server/proving_service.h"
#include "server/sleeping_engine_for_test.h"
#include "server/status_http.h"

namespace cuzk::server {
namespace {

using namespace std::chrono_literals;
using test_support::ExpectedProof;
using test_support::Request;
using test_support::SleepingConfig;

// Six clients send five jobs each, by SubmitProof + AwaitProof or by the blocking Prove, at
// every priority; every third job is cancelled right after it is queued, and one client sends
// each of its requests twice. Meanwhile a seventh thread reads GetStatus, GetMetrics and the
// HTTP status pages. Every job that was not cancelled ends with its own proof.
TEST(ServiceLoadTest, ConcurrentClientsStatusReadersAndCancels) {
  engine::Engine engine(SleepingConfig());
  ProvingService service(engine);
  StatusHttpServer http(engine);
  ASSERT_TRUE(http.Start("127.0.0.1:0").ok());

  std::atomic<bool> done{false};
  std::atomic<int> proved{0}, cancelled{0}, wrong{0}, status_reads{0};
  std::thread reader([&] {
    httplib::Client client("127.0.0.1", http.port());
    while (!done) {
      v1::GetStatusRequest status_request;
      v1::GetStatusResponse status;
      v1::GetMetricsRequest metrics_request;
      v1::GetMetricsResponse metrics;
      if (!service.GetStatus(nullptr, &status_request, &status).ok() ||
          !service.GetMetrics(nullptr, &metrics_request, &metrics).ok()) {
        ++wrong;
      }
      auto page = client.Get("/status");
      if (!page || page->status != 200) ++wrong;
      ++status_reads;
      std::this_thread::sleep_for(3ms);
    }
  });

  std::vector<std::thread> clients;
  for (int c = 0; c < 6; ++c) {
    clients.emplace_back([&, c] {
      for (int j = 0; j < 5; ++j) {
        std::string id = std::string(1, static_cast<char>('a' + c)) + "-job-" + std::to_string(j);
        uint32_t partitions = 1 + (c + j) % 3;
        auto priority = static_cast<v1::Priority>(1 + (c + j) % 4);
        v1::SubmitProofRequest request = Request(id, partitions, priority);
        std::string expected = ExpectedProof(id[0], partitions);
        if (c == 5) {  // the blocking call
          grpc::ServerContext context;
          v1::ProveRequest prove;
          *prove.mutable_submit() = request;
          v1::ProveResponse response;
          bool ok = service.Prove(&context, &prove, &response).ok() &&
                    response.result().status() == v1::AwaitProofResponse::COMPLETED &&
                    response.result().proof() == expected;
          ok ? ++proved : ++wrong;
          continue;
        }
        v1::SubmitProofResponse submitted;
        if (!service.SubmitProof(nullptr, &request, &submitted).ok()) {
          ++wrong;
          continue;
        }
        if (c == 4) {  // the same request again attaches to the same job
          v1::SubmitProofResponse again;
          if (!service.SubmitProof(nullptr, &request, &again).ok() ||
              again.job_id() != submitted.job_id()) {
            ++wrong;
          }
        }
        bool cancel = (c + j) % 3 == 0;
        if (cancel) {
          v1::CancelProofRequest cancel_request;
          cancel_request.set_job_id(submitted.job_id());
          v1::CancelProofResponse cancel_response;
          if (!service.CancelProof(nullptr, &cancel_request, &cancel_response).ok()) ++wrong;
        }
        grpc::ServerContext context;
        v1::AwaitProofRequest await;
        await.set_job_id(submitted.job_id());
        v1::AwaitProofResponse result;
        if (!service.AwaitProof(&context, &await, &result).ok()) {
          ++wrong;
        } else if (result.status() == v1::AwaitProofResponse::COMPLETED &&
                   result.proof() == expected) {
          ++proved;
        } else if (cancel && result.status() == v1::AwaitProofResponse::CANCELLED) {
          ++cancelled;
        } else {
          ++wrong;
        }
      }
    });
  }
  for (auto& c : clients) c.join();
  done = true;
  reader.join();
  http.Stop();

  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(proved.load() + cancelled.load(), 30);
  EXPECT_GE(proved.load(), 22);  // the 22 jobs nobody cancelled, and any cancel that came late
  EXPECT_GT(status_reads.load(), 0);
  engine::EngineStatus status = engine.GetStatus();
  EXPECT_EQ(status.completed, static_cast<uint64_t>(proved.load()));
  EXPECT_EQ(status.memory_reserved, 0u);
  engine.Shutdown();
  EXPECT_TRUE(engine.WaitUntilIdle(5s));
}

}  // namespace
}  // namespace cuzk::server
