// SPDX-License-Identifier: Apache-2.0 OR MIT
// The daemon's gRPC server in-process: calls beyond its thread cap are refused with
// RESOURCE_EXHAUSTED (1,000 waiting AwaitProof calls once held 1,000 threads), and the calls
// within it are served.
#include "server/grpc_server.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>
#include <vector>

#include "server/proving_service.h"

namespace cuzk::server {
namespace {

TEST(GrpcServerTest, CallsBeyondTheThreadCapAreRefused) {
  engine::Engine::Config config;
  config.workers = 0;  // jobs only queue: AwaitProof waits out its timeout
  config.memory_budget_bytes = uint64_t{1} << 30;
  engine::Engine engine(config);
  ProvingService service(engine);
  std::string socket = (std::filesystem::temp_directory_path() /
                        ("cuzk-grpc-test-" + std::to_string(getpid()) + ".sock"))
                           .string();
  auto started = StartGrpcServer(service, "unix://" + socket, /*max_threads=*/4);
  ASSERT_TRUE(started.ok()) << started.status().message();
  EXPECT_EQ(started->where, "unix://" + socket + " (mode 0660)");
  auto channel = grpc::CreateChannel("unix://" + socket, grpc::InsecureChannelCredentials());
  auto stub = v1::ProvingEngine::NewStub(channel);
  {
    grpc::ClientContext context;
    v1::SubmitProofRequest request;
    request.set_request_id("queued");
    request.set_proof_kind(v1::POREP_SEAL_COMMIT);
    v1::SubmitProofResponse response;
    ASSERT_TRUE(stub->SubmitProof(&context, request, &response).ok());
  }
  constexpr int kCalls = 24;
  std::atomic<int> served{0}, refused{0}, other{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < kCalls; ++i) {
    clients.emplace_back([&] {
      grpc::ClientContext context;
      v1::AwaitProofRequest request;
      request.set_job_id("queued");
      request.set_timeout_ms(1500);
      v1::AwaitProofResponse response;
      grpc::Status s = stub->AwaitProof(&context, request, &response);
      if (s.ok() && response.status() == v1::AwaitProofResponse::TIMEOUT) {
        ++served;
      } else if (s.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED) {
        ++refused;
      } else {
        ++other;
      }
    });
  }
  for (auto& t : clients) t.join();
  EXPECT_GT(served.load(), 0);
  EXPECT_GT(refused.load(), 0) << "every one of " << kCalls << " waiting calls got a thread";
  EXPECT_EQ(other.load(), 0);
  started->server->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(200));
  engine.Shutdown();
  std::filesystem::remove(socket);
}

}  // namespace
}  // namespace cuzk::server
