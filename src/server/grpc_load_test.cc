// SPDX-License-Identifier: Apache-2.0 OR MIT
// The daemon's gRPC server in-process under concurrent clients, on an engine whose jobs only
// sleep: what service_load_test.cc sends to the service's methods, sent through real gRPC
// channels, so that ThreadSanitizer (`make tsan`) watches the server's handlers, the service and
// the engine's threads together. Debian's gRPC is not built with TSan, so its own locks are
// invisible to it: the tsan run sets ignore_noninstrumented_modules=1 (tests/CMakeLists.txt), and
// TSan then checks every access our code makes, on whichever thread gRPC runs it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "server/grpc_server.h"
#include "server/proving_service.h"
#include "server/sleeping_engine_for_test.h"

namespace cuzk::server {
namespace {

using namespace std::chrono_literals;
using test_support::ExpectedProof;
using test_support::Request;
using test_support::SleepingConfig;

// Four clients send six jobs each over their own channels: client 2 by the blocking Prove, the
// others by SubmitProof + AwaitProof; client 3 sends every request twice, and clients 0 and 1
// cancel every third job right after it is queued. Meanwhile a fifth client reads GetStatus and
// GetMetrics. Every job that was not cancelled ends with its own proof.
TEST(GrpcLoadTest, ConcurrentClientsStatusReadersAndCancels) {
  engine::Engine engine(SleepingConfig());
  ProvingService service(engine);
  std::string socket = (std::filesystem::temp_directory_path() /
                        ("cuzk-grpc-load-test-" + std::to_string(getpid()) + ".sock"))
                           .string();
  std::string address = "unix://" + socket;
  auto started = StartGrpcServer(service, address, /*max_threads=*/16);
  ASSERT_TRUE(started.ok()) << started.status().message();

  std::atomic<bool> done{false};
  std::atomic<int> proved{0}, cancelled{0}, wrong{0}, status_reads{0};
  std::thread reader([&] {
    auto stub = v1::ProvingEngine::NewStub(
        grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
    while (!done) {
      grpc::ClientContext status_context, metrics_context;
      v1::GetStatusResponse status;
      v1::GetMetricsResponse metrics;
      if (!stub->GetStatus(&status_context, v1::GetStatusRequest(), &status).ok() ||
          !stub->GetMetrics(&metrics_context, v1::GetMetricsRequest(), &metrics).ok()) {
        ++wrong;
      }
      ++status_reads;
      std::this_thread::sleep_for(3ms);
    }
  });

  constexpr int kClients = 4, kJobs = 6;
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      auto stub = v1::ProvingEngine::NewStub(
          grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
      for (int j = 0; j < kJobs; ++j) {
        std::string id = std::string(1, static_cast<char>('a' + c)) + "-job-" + std::to_string(j);
        uint32_t partitions = 1 + (c + j) % 3;
        auto priority = static_cast<v1::Priority>(1 + (c + j) % 4);
        v1::SubmitProofRequest request = Request(id, partitions, priority);
        std::string expected = ExpectedProof(id[0], partitions);
        if (c == 2) {  // the blocking call
          grpc::ClientContext context;
          v1::ProveRequest prove;
          *prove.mutable_submit() = request;
          v1::ProveResponse response;
          bool ok = stub->Prove(&context, prove, &response).ok() &&
                    response.result().status() == v1::AwaitProofResponse::COMPLETED &&
                    response.result().proof() == expected;
          ok ? ++proved : ++wrong;
          continue;
        }
        v1::SubmitProofResponse submitted;
        grpc::ClientContext submit_context;
        if (!stub->SubmitProof(&submit_context, request, &submitted).ok()) {
          ++wrong;
          continue;
        }
        if (c == 3) {  // the same request again attaches to the same job
          grpc::ClientContext again_context;
          v1::SubmitProofResponse again;
          if (!stub->SubmitProof(&again_context, request, &again).ok() ||
              again.job_id() != submitted.job_id()) {
            ++wrong;
          }
        }
        bool cancel = c != 3 && (c + j) % 3 == 0;
        if (cancel) {
          grpc::ClientContext cancel_context;
          v1::CancelProofRequest cancel_request;
          cancel_request.set_job_id(submitted.job_id());
          v1::CancelProofResponse cancel_response;
          if (!stub->CancelProof(&cancel_context, cancel_request, &cancel_response).ok()) ++wrong;
        }
        grpc::ClientContext await_context;
        v1::AwaitProofRequest await;
        await.set_job_id(submitted.job_id());
        await.set_timeout_ms(60000);
        v1::AwaitProofResponse result;
        if (!stub->AwaitProof(&await_context, await, &result).ok()) {
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

  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(proved.load() + cancelled.load(), kClients * kJobs);
  // Clients 0 and 1 cancel two jobs each; the other 20 jobs, and any cancel that came late, prove.
  EXPECT_GE(proved.load(), 20);
  EXPECT_GT(status_reads.load(), 0);
  engine::EngineStatus status = engine.GetStatus();
  EXPECT_EQ(status.completed, static_cast<uint64_t>(proved.load()));
  EXPECT_EQ(status.memory_reserved, 0u);
  started->server->Shutdown(std::chrono::system_clock::now() + 200ms);
  engine.Shutdown();
  EXPECT_TRUE(engine.WaitUntilIdle(5s));
  std::filesystem::remove(socket);
}

}  // namespace
}  // namespace cuzk::server
