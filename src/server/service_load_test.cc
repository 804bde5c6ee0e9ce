// SPDX-License-Identifier: Apache-2.0 OR MIT
// The service layer and the HTTP status server under concurrent clients, on an engine whose
// jobs only sleep, written for ThreadSanitizer (`make tsan` runs it): the service's methods
// called from our own threads (request conversion, Submit/Await/Cancel/Prove, GetStatus and the
// metrics texts) while the engine's synthesis and prover threads run. grpc_load_test.cc sends
// the same kind of load through a real gRPC server.
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "server/blocking_await_for_test.h"
#include "server/metrics.h"
#include "server/proving_service.h"
#include "server/sleeping_engine_for_test.h"
#include "server/status_http.h"

namespace cuzk::server {
namespace {

using namespace std::chrono_literals;
using test_support::SleepingConfig;

// 64 idle TCP connections (connected, nothing sent) do not hold up GET /status: it answers
// within a second (before, 8 of them blocked it for about 45 s).
TEST(ServiceLoadTest, TheStatusPageAnswersWhileIdleConnectionsAreOpen) {
  engine::Engine engine(SleepingConfig());
  StatusHttpServer http(engine);
  ASSERT_TRUE(http.Start("127.0.0.1:0").ok());
  std::vector<int> idle;
  for (int i = 0; i < 64; ++i) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    ASSERT_GE(fd, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(http.port()));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0);
    idle.push_back(fd);
    // Debian's cpp-httplib listens with a backlog of 5 (compiled into its library): a burst of
    // connections beyond it waits for SYN retries, which would only slow this test down.
    if (i % 4 == 3) std::this_thread::sleep_for(5ms);
  }
  std::this_thread::sleep_for(100ms);  // every idle connection has been taken by a worker
  httplib::Client client("127.0.0.1", http.port());
  client.set_read_timeout(10, 0);
  auto start = std::chrono::steady_clock::now();
  auto page = client.Get("/status");
  auto took = std::chrono::steady_clock::now() - start;
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_LT(took, 1s) << std::chrono::duration<double>(took).count() << " s";
  for (int fd : idle) close(fd);
}

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
  std::atomic<int> wrong{0}, status_reads{0};  // the status reader's
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

  // The service's methods, called from the client's thread.
  struct DirectApi {
    ProvingService& service;
    bool Submit(const v1::SubmitProofRequest& request, v1::SubmitProofResponse* response) {
      return service.SubmitProof(nullptr, &request, response).ok();
    }
    bool Cancel(const std::string& job_id) {
      v1::CancelProofRequest request;
      request.set_job_id(job_id);
      v1::CancelProofResponse response;
      return service.CancelProof(nullptr, &request, &response).ok();
    }
    bool Await(const std::string& job_id, v1::AwaitProofResponse* response) {
      return BlockingAwait(service, job_id, 0, response).ok();
    }
    // Prove's two steps (its callback handler runs behind a gRPC server: grpc_load_test).
    bool Prove(const v1::SubmitProofRequest& submit, v1::ProveResponse* response) {
      v1::SubmitProofResponse submitted;
      return Submit(submit, &submitted) &&
             BlockingAwait(service, submitted.job_id(), 0, response->mutable_result()).ok();
    }
  };
  test_support::LoadOutcome outcome;
  std::vector<std::thread> clients;
  for (int c = 0; c < 6; ++c) {
    clients.emplace_back([&, c] {
      DirectApi api{service};
      test_support::RunLoadClient(api, c, 5, /*blocking=*/5, /*duplicating=*/4, outcome);
    });
  }
  for (auto& c : clients) c.join();
  done = true;
  reader.join();
  http.Stop();

  EXPECT_EQ(wrong.load() + outcome.wrong.load(), 0);
  EXPECT_EQ(outcome.proved.load() + outcome.cancelled.load(), 30);
  // The 22 jobs nobody cancelled, and any cancel that came late.
  EXPECT_GE(outcome.proved.load(), 22);
  EXPECT_GT(status_reads.load(), 0);
  engine::EngineStatus status = engine.GetStatus();
  EXPECT_EQ(status.completed, static_cast<uint64_t>(outcome.proved.load()));
  EXPECT_EQ(status.memory_reserved, 0u);
  engine.Shutdown();
  EXPECT_TRUE(engine.WaitUntilIdle(5s));
}

}  // namespace
}  // namespace cuzk::server
