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
using test_support::SleepingConfig;

// Four clients send six jobs each over their own channels (test_support::RunLoadClient: client 2
// by the blocking Prove, client 3 sending every request twice, every third job cancelled);
// meanwhile a fifth client reads GetStatus and GetMetrics. Every job that was not cancelled ends
// with its own proof.
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
  std::atomic<int> wrong{0}, status_reads{0};  // the status reader's
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

  // A gRPC stub over the client's own channel.
  struct StubApi {
    std::unique_ptr<v1::ProvingEngine::Stub> stub;
    bool Submit(const v1::SubmitProofRequest& request, v1::SubmitProofResponse* response) {
      grpc::ClientContext context;
      return stub->SubmitProof(&context, request, response).ok();
    }
    bool Cancel(const std::string& job_id) {
      grpc::ClientContext context;
      v1::CancelProofRequest request;
      request.set_job_id(job_id);
      v1::CancelProofResponse response;
      return stub->CancelProof(&context, request, &response).ok();
    }
    bool Await(const std::string& job_id, v1::AwaitProofResponse* response) {
      grpc::ClientContext context;
      v1::AwaitProofRequest request;
      request.set_job_id(job_id);
      request.set_timeout_ms(60000);
      return stub->AwaitProof(&context, request, response).ok();
    }
    bool Prove(const v1::SubmitProofRequest& submit, v1::ProveResponse* response) {
      grpc::ClientContext context;
      v1::ProveRequest request;
      *request.mutable_submit() = submit;
      return stub->Prove(&context, request, response).ok();
    }
  };
  constexpr int kClients = 4, kJobs = 6;
  test_support::LoadOutcome outcome;
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      StubApi api{v1::ProvingEngine::NewStub(
          grpc::CreateChannel(address, grpc::InsecureChannelCredentials()))};
      test_support::RunLoadClient(api, c, kJobs, /*blocking=*/2, /*duplicating=*/3, outcome);
    });
  }
  for (auto& c : clients) c.join();
  done = true;
  reader.join();

  EXPECT_EQ(wrong.load() + outcome.wrong.load(), 0);
  EXPECT_EQ(outcome.proved.load() + outcome.cancelled.load(), kClients * kJobs);
  // Clients 0, 1 and 3 cancel two jobs each; the other 18 jobs, and any cancel that came late,
  // prove.
  EXPECT_GE(outcome.proved.load(), 18);
  EXPECT_GT(status_reads.load(), 0);
  engine::EngineStatus status = engine.GetStatus();
  EXPECT_EQ(status.completed, static_cast<uint64_t>(outcome.proved.load()));
  EXPECT_EQ(status.memory_reserved, 0u);
  started->server->Shutdown(std::chrono::system_clock::now() + 200ms);
  engine.Shutdown();
  EXPECT_TRUE(engine.WaitUntilIdle(5s));
  std::filesystem::remove(socket);
}

}  // namespace
}  // namespace cuzk::server
