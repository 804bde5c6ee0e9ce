// SPDX-License-Identifier: Apache-2.0 OR MIT
// The daemon's gRPC server in-process: AwaitProof and Prove wait as callbacks, so far more of
// them than the server has threads neither hold a thread nor lock out status calls and urgent
// submissions (1,000 waiting AwaitProof calls once held 1,000 threads); each ends with its job,
// its timeout, its client's deadline or the engine's shutdown.
#include "server/grpc_server.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/proving_service.h"

namespace cuzk::server {
namespace {

// Submits a request that stays queued (the engine has no workers) and returns its job id.
std::string SubmitQueued(v1::ProvingEngine::Stub& stub, const std::string& id,
                         v1::Priority priority = v1::PRIORITY_UNSPECIFIED) {
  grpc::ClientContext context;
  v1::SubmitProofRequest request;
  request.set_request_id(id);
  request.set_proof_kind(v1::POREP_SEAL_COMMIT);
  request.set_priority(priority);
  v1::SubmitProofResponse response;
  EXPECT_TRUE(stub.SubmitProof(&context, request, &response).ok()) << id;
  return response.job_id();
}

// A 4-thread server over an engine without workers (jobs stay queued until cancelled) on a Unix
// socket of this process, with a client stub; shut down and removed at the end.
struct QueueOnlyServer {
  explicit QueueOnlyServer(const std::string& name)
      : engine(QueueOnlyConfig()),
        service(engine),
        socket((std::filesystem::temp_directory_path() /
                (name + "-" + std::to_string(getpid()) + ".sock"))
                   .string()) {
    auto s = StartGrpcServer(service, "unix://" + socket, /*max_threads=*/4);
    status = s.status();
    if (!s.ok()) return;
    started = std::move(s).value();
    stub = v1::ProvingEngine::NewStub(
        grpc::CreateChannel("unix://" + socket, grpc::InsecureChannelCredentials()));
  }
  ~QueueOnlyServer() {
    if (started.server) {
      started.server->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(200));
    }
    engine.Shutdown();
    std::filesystem::remove(socket);
  }
  static engine::Engine::Config QueueOnlyConfig() {
    engine::Engine::Config config;
    config.workers = 0;  // jobs only queue: AwaitProof waits out its timeout
    config.memory_budget_bytes = uint64_t{1} << 30;
    return config;
  }

  engine::Engine engine;
  ProvingService service;
  std::string socket;
  Status status;
  GrpcServer started;
  std::unique_ptr<v1::ProvingEngine::Stub> stub;
};

TEST(GrpcServerTest, WaitingCallsHoldNoThread) {
  QueueOnlyServer server("cuzk-grpc-test");
  ASSERT_TRUE(server.status.ok()) << server.status.message();
  EXPECT_EQ(server.started.where, "unix://" + server.socket + " (mode 0660)");
  engine::Engine& engine = server.engine;
  ProvingService& service = server.service;
  v1::ProvingEngine::Stub* stub = server.stub.get();
  const std::string queued = SubmitQueued(*stub, "queued");

  // Far more waiting calls than the four threads (1,000 once held 1,000 threads and locked out
  // everything else), one with a client deadline shorter than its wait.
  constexpr int kCalls = 200;
  std::atomic<int> timed_out{0}, other{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < kCalls; ++i) {
    clients.emplace_back([&] {
      grpc::ClientContext context;
      v1::AwaitProofRequest request;
      request.set_job_id(queued);
      request.set_timeout_ms(3000);
      v1::AwaitProofResponse response;
      grpc::Status s = stub->AwaitProof(&context, request, &response);
      if (s.ok() && response.status() == v1::AwaitProofResponse::TIMEOUT) {
        ++timed_out;
      } else {
        ++other;
      }
    });
  }
  grpc::Status impatient;
  std::thread impatient_client([&] {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(300));
    v1::AwaitProofRequest request;
    request.set_job_id(queued);  // no timeout: waits for the job
    v1::AwaitProofResponse response;
    impatient = stub->AwaitProof(&context, request, &response);
  });
  for (int i = 0; i < 200 && service.waiting() < kCalls + 1; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(service.waiting(), static_cast<size_t>(kCalls + 1));
  // Meanwhile status calls and an urgent submission are served at once.
  for (int i = 0; i < 10; ++i) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(1));
    v1::GetStatusRequest request;
    v1::GetStatusResponse response;
    EXPECT_TRUE(stub->GetStatus(&context, request, &response).ok()) << i;
  }
  EXPECT_FALSE(SubmitQueued(*stub, "urgent", v1::CRITICAL).empty());
  impatient_client.join();
  EXPECT_EQ(impatient.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  for (auto& t : clients) t.join();
  EXPECT_EQ(timed_out.load(), kCalls);
  EXPECT_EQ(other.load(), 0);
  EXPECT_EQ(service.waiting(), 0u);  // the impatient client's wait ended with its call

  // A call waiting when the engine shuts down gets its job's end: cancelled.
  v1::AwaitProofResponse last;
  grpc::Status last_status;
  std::thread last_client([&] {
    grpc::ClientContext context;
    v1::AwaitProofRequest request;
    request.set_job_id(queued);
    last_status = stub->AwaitProof(&context, request, &last);
  });
  for (int i = 0; i < 200 && service.waiting() < 1; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  engine.Shutdown();
  last_client.join();
  EXPECT_TRUE(last_status.ok()) << last_status.error_message();
  EXPECT_EQ(last.status(), v1::AwaitProofResponse::CANCELLED);
}

TEST(GrpcServerTest, ProveWaitsAsACallbackAndNamesAnUnknownJob) {
  QueueOnlyServer server("cuzk-grpc-prove");
  ASSERT_TRUE(server.status.ok()) << server.status.message();
  ProvingService& service = server.service;
  v1::ProvingEngine::Stub* stub = server.stub.get();
  {
    grpc::ClientContext context;
    v1::AwaitProofRequest request;
    request.set_job_id("nobody");
    v1::AwaitProofResponse response;
    EXPECT_EQ(stub->AwaitProof(&context, request, &response).error_code(),
              grpc::StatusCode::NOT_FOUND);
  }
  {
    grpc::ClientContext context;  // a request the engine refuses: the error, at once
    v1::ProveRequest request;
    v1::ProveResponse response;
    EXPECT_EQ(stub->Prove(&context, request, &response).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
  }
  // A Prove whose job is cancelled answers with the cancellation.
  v1::ProveResponse proved;
  grpc::Status proved_status;
  std::thread client([&] {
    grpc::ClientContext context;
    v1::ProveRequest request;
    request.mutable_submit()->set_request_id("prove-me");
    request.mutable_submit()->set_proof_kind(v1::POREP_SEAL_COMMIT);
    proved_status = stub->Prove(&context, request, &proved);
  });
  for (int i = 0; i < 200 && service.waiting() < 1; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(service.waiting(), 1u);
  {
    grpc::ClientContext context;
    v1::CancelProofRequest request;
    request.set_job_id("prove-me");
    v1::CancelProofResponse response;
    EXPECT_TRUE(stub->CancelProof(&context, request, &response).ok());
  }
  client.join();
  EXPECT_TRUE(proved_status.ok()) << proved_status.error_message();
  EXPECT_EQ(proved.result().status(), v1::AwaitProofResponse::CANCELLED);
}

}  // namespace
}  // namespace cuzk::server
