// SPDX-License-Identifier: Apache-2.0 OR MIT
// The service layer on its own: requests converted and checked at the boundary, engine errors
// mapped to gRPC codes, job states to AwaitProof statuses, and the metrics and status texts.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <thread>

#include "server/blocking_await_for_test.h"
#include "server/metrics.h"
#include "server/proving_service.h"
#include "server/wire.h"

namespace cuzk::server {
namespace {

// A WindowPoSt request with every field a WindowPoSt request reads.
v1::SubmitProofRequest FullRequest() {
  v1::SubmitProofRequest r;
  r.set_request_id("wdpost-1000-3-ab");
  r.set_proof_kind(v1::WINDOW_POST_PARTITION);
  r.set_priority(v1::HIGH);
  r.set_registered_proof(10);
  r.set_sector_size(2048);
  r.add_vanilla_proofs("v0");
  r.add_vanilla_proofs("v1");
  r.set_randomness(std::string(32, '\x07'));
  r.set_partition_index(3);
  r.set_miner_id(1000);
  r.set_sector_number(7);
  return r;
}

TEST(WireTest, RequestFieldsAreCopied) {
  auto job = ToJobRequest(FullRequest());
  ASSERT_TRUE(job.ok()) << job.status().message();
  EXPECT_EQ(job->request_id, "wdpost-1000-3-ab");
  EXPECT_EQ(job->kind, engine::ProofKind::kWindowPost);
  EXPECT_EQ(job->priority, engine::Priority::kHigh);
  EXPECT_EQ(job->registered_proof, 10u);
  EXPECT_EQ(job->sector_size, 2048u);
  EXPECT_EQ(job->vanilla_proofs, (std::vector<std::string>{"v0", "v1"}));
  EXPECT_EQ(job->randomness, std::string(32, '\x07'));
  EXPECT_EQ(job->partition_index, 3u);
  EXPECT_EQ(job->miner_id, 1000u);
  EXPECT_EQ(job->sector_number, 7u);
  v1::SubmitProofRequest snap;
  snap.set_proof_kind(v1::SNAP_DEALS_UPDATE);
  snap.add_vanilla_proofs("p");
  snap.set_comm_r_old("old");
  snap.set_comm_r_new("new");
  snap.set_comm_d_new("d");
  auto update = ToJobRequest(snap);
  ASSERT_TRUE(update.ok()) << update.status().message();
  EXPECT_EQ(update->comm_r_old, "old");
  EXPECT_EQ(update->comm_r_new, "new");
  EXPECT_EQ(update->comm_d_new, "d");
  v1::SubmitProofRequest porep;
  porep.set_proof_kind(v1::POREP_SEAL_COMMIT);
  porep.set_vanilla_proof("c1");
  EXPECT_EQ(ToJobRequest(porep)->vanilla_proof, "c1");
}

// A field that the request's kind does not read is refused, named (issue 44 item 5); what Curio
// and the Rust cuzk-bench send with every kind passes: miner id, sector number, 32 zero bytes of
// randomness, partition 0 (Curio's lib/ffi/cuzk_funcs.go, extern/cuzk/cuzk-bench).
TEST(WireTest, FieldsOfAnotherKindAreRefusedByName) {
  v1::SubmitProofRequest porep;
  porep.set_proof_kind(v1::POREP_SEAL_COMMIT);
  porep.set_vanilla_proof("c1");
  porep.set_miner_id(1000);
  porep.set_sector_number(7);
  porep.set_randomness(std::string(32, '\0'));
  porep.set_partition_index(0);
  ASSERT_TRUE(ToJobRequest(porep).ok());
  struct Case {
    const char* field;
    std::function<void(v1::SubmitProofRequest&)> set;
  };
  const Case cases[] = {
      {"vanilla_proofs", [](auto& r) { r.add_vanilla_proofs("v"); }},
      {"randomness", [](auto& r) { r.set_randomness(std::string(32, '\x07')); }},
      {"partition_index", [](auto& r) { r.set_partition_index(2); }},
      {"comm_r_old", [](auto& r) { r.set_comm_r_new("new"); }},
  };
  for (const Case& c : cases) {
    v1::SubmitProofRequest r = porep;
    c.set(r);
    auto refused = ToJobRequest(r);
    ASSERT_FALSE(refused.ok()) << c.field;
    EXPECT_EQ(refused.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(refused.status().message().find(c.field), std::string::npos)
        << refused.status().message();
    EXPECT_NE(refused.status().message().find("porep request"), std::string::npos);
  }
  v1::SubmitProofRequest winning = FullRequest();
  winning.set_proof_kind(v1::WINNING_POST);
  winning.set_partition_index(0);
  EXPECT_TRUE(ToJobRequest(winning).ok());
  winning.set_partition_index(1);
  EXPECT_FALSE(ToJobRequest(winning).ok());
  v1::SubmitProofRequest wpost = FullRequest();
  wpost.set_vanilla_proof("c1");
  auto c1 = ToJobRequest(wpost);
  ASSERT_FALSE(c1.ok());
  EXPECT_NE(c1.status().message().find("vanilla_proof (a C1)"), std::string::npos);
  v1::SubmitProofRequest snap = FullRequest();
  snap.set_proof_kind(v1::SNAP_DEALS_UPDATE);
  snap.set_partition_index(0);
  auto seed = ToJobRequest(snap);
  ASSERT_FALSE(seed.ok());
  EXPECT_NE(seed.status().message().find("randomness"), std::string::npos);
}

TEST(WireTest, UndefinedKindsAndPrioritiesAreRefusedByName) {
  v1::SubmitProofRequest r = FullRequest();
  r.set_proof_kind(v1::PROOF_KIND_UNSPECIFIED);
  auto unspecified = ToJobRequest(r);
  ASSERT_FALSE(unspecified.ok());
  EXPECT_NE(unspecified.status().message().find("proof_kind is unspecified"), std::string::npos);
  r.set_proof_kind(static_cast<v1::ProofKind>(9));
  auto unknown = ToJobRequest(r);
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("proof_kind 9"), std::string::npos);
  r = FullRequest();
  r.set_priority(static_cast<v1::Priority>(99));
  auto priority = ToJobRequest(r);
  ASSERT_FALSE(priority.ok());
  EXPECT_NE(priority.status().message().find("priority 99"), std::string::npos);
  r.set_priority(v1::PRIORITY_UNSPECIFIED);
  EXPECT_EQ(ToJobRequest(r)->priority, engine::Priority::kUnspecified);
}

// A request id is a label written to logs: at most 256 bytes of printable ASCII (a newline could
// forge log lines, a 4 MiB id flooded them).
TEST(WireTest, RequestIdsAreShortAndPrintable) {
  v1::SubmitProofRequest r = FullRequest();
  r.set_request_id(std::string(engine::kMaxRequestIdBytes, 'a'));
  EXPECT_TRUE(ToJobRequest(r).ok());
  r.set_request_id(std::string(4 << 20, 'a'));
  auto long_id = ToJobRequest(r);
  ASSERT_FALSE(long_id.ok());
  EXPECT_EQ(long_id.status().message(), "request_id: 4194304 bytes, more than the 256 allowed");
  r.set_request_id("porep-1000-9\n[info] job porep-1000-9: completed");
  auto newline = ToJobRequest(r);
  ASSERT_FALSE(newline.ok());
  EXPECT_EQ(newline.status().message(),
            "request_id: byte 12 is 0x0a; only printable ASCII characters are allowed");
  r.set_request_id("wdpost-\xc3\xa9");
  EXPECT_FALSE(ToJobRequest(r).ok());
  r.set_request_id("");  // the engine generates one
  EXPECT_TRUE(ToJobRequest(r).ok());
}

TEST(WireTest, EngineErrorsMapToGrpcCodes) {
  EXPECT_TRUE(ToGrpc(Status::Ok()).ok());
  EXPECT_EQ(ToGrpc(Status::InvalidArgument("x")).error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_EQ(ToGrpc(Status(StatusCode::kOutOfRange, "x")).error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_EQ(ToGrpc(Status(StatusCode::kNotFound, "x")).error_code(), grpc::NOT_FOUND);
  EXPECT_EQ(ToGrpc(Status(StatusCode::kCancelled, "x")).error_code(), grpc::CANCELLED);
  EXPECT_EQ(ToGrpc(Status(StatusCode::kUnavailable, "x")).error_code(), grpc::UNAVAILABLE);
  // The Rust cuzk's queue names.
  EXPECT_STREQ(engine::ProofKindStatusName(engine::ProofKind::kPoRepSealCommit), "porep-c2");
  EXPECT_STREQ(engine::ProofKindStatusName(engine::ProofKind::kSnapDealsUpdate), "snap-update");
  EXPECT_STREQ(engine::ProofKindStatusName(engine::ProofKind::kWindowPost), "window-post");
  EXPECT_STREQ(engine::ProofKindStatusName(engine::ProofKind::kWinningPost), "winning-post");
  auto internal = ToGrpc(Status(StatusCode::kInternal, "the new proof does not verify"));
  EXPECT_EQ(internal.error_code(), grpc::INTERNAL);
  EXPECT_EQ(internal.error_message(), "the new proof does not verify");
}

TEST(WireTest, JobStatesMapToAwaitStatuses) {
  EXPECT_EQ(ToWire(engine::JobState::kCompleted), v1::AwaitProofResponse::COMPLETED);
  EXPECT_EQ(ToWire(engine::JobState::kFailed), v1::AwaitProofResponse::FAILED);
  EXPECT_EQ(ToWire(engine::JobState::kCancelled), v1::AwaitProofResponse::CANCELLED);
  EXPECT_EQ(ToWire(engine::JobState::kQueued), v1::AwaitProofResponse::TIMEOUT);
  EXPECT_EQ(ToWire(engine::JobState::kRunning), v1::AwaitProofResponse::TIMEOUT);
}

// An engine without workers: jobs only queue.
engine::Engine::Config QueueOnlyConfig() {
  engine::Engine::Config config;
  config.workers = 0;
  config.memory_budget_bytes = uint64_t{1} << 30;
  return config;
}

// Through the service, on an engine that only queues: a bad kind is INVALID_ARGUMENT before the
// engine sees it; a good request is queued.
TEST(ProvingServiceTest, SubmitChecksTheRequestAtTheBoundary) {
  engine::Engine engine(QueueOnlyConfig());
  ProvingService service(engine);
  v1::SubmitProofRequest r = FullRequest();
  r.set_proof_kind(v1::PROOF_KIND_UNSPECIFIED);
  v1::SubmitProofResponse response;
  grpc::Status bad = service.SubmitProof(nullptr, &r, &response);
  EXPECT_EQ(bad.error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_EQ(engine.GetStatus().pending, 0u);
  r = FullRequest();
  ASSERT_TRUE(service.SubmitProof(nullptr, &r, &response).ok());
  EXPECT_EQ(response.job_id(), "wdpost-1000-3-ab");
  EXPECT_EQ(engine.GetStatus().pending, 1u);
  engine.Shutdown();
}

// A large request, even one refused at the door, schedules a heap trim (server/heap_trimmer.h);
// small ones do not.
TEST(ProvingServiceTest, LargeRequestsGiveTheirMemoryBackAfterwards) {
  engine::Engine engine(QueueOnlyConfig());
  ProvingService service(engine);
  v1::SubmitProofRequest small = FullRequest();
  v1::SubmitProofResponse response;
  ASSERT_TRUE(service.SubmitProof(nullptr, &small, &response).ok());
  v1::SubmitProofRequest large = FullRequest();
  large.set_request_id("bad\nid");
  for (int i = 0; i < 17; ++i) large.add_vanilla_proofs(std::string(1 << 20, 'x'));
  EXPECT_EQ(service.SubmitProof(nullptr, &large, &response).error_code(), grpc::INVALID_ARGUMENT);
  for (int i = 0; i < 300 && service.heap_trims() == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(service.heap_trims(), 1u);
  engine.Shutdown();
}

// AwaitProof returns when its timeout ends, not at the next 500 ms wait slice.
TEST(ProvingServiceTest, AwaitProofHonoursShortTimeouts) {
  engine::Engine engine(QueueOnlyConfig());
  ProvingService service(engine);
  v1::SubmitProofRequest r = FullRequest();
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(service.SubmitProof(nullptr, &r, &submitted).ok());
  for (uint64_t timeout_ms : {1, 200}) {
    v1::AwaitProofResponse response;
    auto start = std::chrono::steady_clock::now();
    ASSERT_TRUE(BlockingAwait(service, submitted.job_id(), timeout_ms, &response).ok());
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    EXPECT_EQ(response.status(), v1::AwaitProofResponse::TIMEOUT);
    EXPECT_GE(ms, static_cast<int64_t>(timeout_ms));
    EXPECT_LT(ms, timeout_ms + 250) << "a " << timeout_ms << " ms timeout";  // was 502 for both
  }
  engine.Shutdown();
}

TEST(MetricsTest, PrometheusTextHasEveryKindWithTheRustLabels) {
  engine::EngineStatus s;
  s.completed = 5;
  s.failed = 1;
  s.kinds[engine::ProofKind::kPoRepSealCommit] = {4, 1, 4, 100.5};
  s.kinds[engine::ProofKind::kWinningPost] = {1, 0, 1, 0.75};
  std::string text = PrometheusText(s);
  EXPECT_NE(text.find("cuzk_proofs_completed_total 5\n"), std::string::npos);
  EXPECT_NE(text.find("cuzk_proofs_failed_total 1\n"), std::string::npos);
  EXPECT_NE(text.find("cuzk_proofs_completed{proof_kind=\"porep_c2\"} 4\n"), std::string::npos);
  EXPECT_NE(text.find("cuzk_proofs_failed{proof_kind=\"porep_c2\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("cuzk_proofs_completed{proof_kind=\"winning_post\"} 1\n"), std::string::npos);
  for (const char* label :
       {"porep_c2", "snap_update", "window_post", "winning_post", "snap_update_poseidon"}) {
    EXPECT_NE(text.find(std::string("cuzk_proof_duration_seconds_count{proof_kind=\"") + label),
              std::string::npos)
        << label;
  }
  EXPECT_NE(text.find("# TYPE cuzk_proofs_completed counter\n"), std::string::npos);
  EXPECT_NE(text.find("cuzk_gpu_faulted_workers 0\n"), std::string::npos);
  s.provers.resize(3);
  s.provers[0].device = s.provers[1].device = groth16::DeviceUsage{0, "NVIDIA H200", 150, 100, ""};
  s.provers[1].device->fault = "cudaErrorIllegalAddress";
  EXPECT_NE(PrometheusText(s).find("cuzk_gpu_faulted_workers 1\n"), std::string::npos);
}

TEST(MetricsTest, StatusJsonParsesWithItsSections) {
  engine::EngineStatus s;
  s.pending = 2;
  s.workers = 1;
  s.uptime_seconds = 42;
  engine::ProverWorkerStatus gpu;
  gpu.backend = "cuda:0 NVIDIA H200";
  gpu.device = groth16::DeviceUsage{0, "NVIDIA H200", 150, 100, ""};
  gpu.job_id = "porep-1000-9";
  engine::ProverWorkerStatus faulted = gpu;
  faulted.device->fault = "running MSM: cudaErrorIllegalAddress";
  faulted.job_id.clear();
  s.provers = {gpu, engine::ProverWorkerStatus{}, faulted};
  s.provers[1].backend = "cpu";
  nlohmann::json j = nlohmann::json::parse(StatusJson(s));
  EXPECT_EQ(j["uptime_secs"], 42);
  EXPECT_EQ(j["queue"]["pending"], 2);
  EXPECT_EQ(j["queue"]["workers"], 1);
  EXPECT_TRUE(j.contains("memory"));
  EXPECT_TRUE(j.contains("counters"));
  ASSERT_EQ(j["gpu_workers"].size(), 3u);
  EXPECT_EQ(j["gpu_workers"][0]["device"]["name"], "NVIDIA H200");
  EXPECT_TRUE(j["gpu_workers"][0]["device"]["fault"].is_null());
  EXPECT_EQ(j["gpu_workers"][2]["device"]["fault"], "running MSM: cudaErrorIllegalAddress");
  EXPECT_EQ(j["gpu_workers"][0]["state"], "proving");
  EXPECT_EQ(j["gpu_workers"][0]["job_id"], "porep-1000-9");
  EXPECT_TRUE(j["gpu_workers"][1]["device"].is_null());
  EXPECT_EQ(j["gpu_workers"][1]["state"], "idle");
}

// The proto's ProofKind values are exactly the engine's kinds (kKindTable).
TEST(WireTest, TheProtoHasEveryKindAndNoOther) {
  EXPECT_EQ(static_cast<size_t>(v1::ProofKind_MAX), engine::kProofKinds.size());
  for (int value = v1::ProofKind_MIN + 1; value <= v1::ProofKind_MAX; ++value) {
    EXPECT_TRUE(v1::ProofKind_IsValid(value)) << value;
    EXPECT_TRUE(engine::ProofKindFromWire(value).ok()) << value;
  }
}

// Every field of the Rust cuzk's GET /status (cuzk-core/src/status.rs), with its meaning.
TEST(MetricsTest, StatusJsonHasTheRustCuzksFields) {
  engine::EngineStatus s;
  s.pending = 3;
  s.memory_budget = 100;
  s.memory_reserved = 30;
  s.synthesis_workers = 4;
  s.completed = 7;
  s.failed = 1;
  s.kinds[engine::ProofKind::kPoRepSealCommit].completed = 5;
  s.kinds[engine::ProofKind::kWindowPost].completed = 2;
  s.kinds[engine::ProofKind::kWindowPost].failed = 1;
  s.srs = {{"porep-32g", 1000, 1, 12.5}, {"wpost-32g", 500, 0, 42.0}};
  engine::JobSummary job{"porep-1000-9",
                         engine::ProofKind::kPoRepSealCommit,
                         engine::Priority::kNormal,
                         engine::JobState::kRunning,
                         2500,
                         "synthesizing",
                         3,
                         1,
                         0};
  s.jobs = {job};
  engine::ProverWorkerStatus gpu;
  gpu.backend = "cuda:1 NVIDIA H200";
  gpu.device = groth16::DeviceUsage{1, "NVIDIA H200", 150, 100, ""};
  gpu.job_id = "porep-1000-9";
  s.provers = {gpu};
  engine::CompiledInfo compiled;
  compiled.circuit_id = "porep-2k";
  compiled.size_bytes = 5000;
  compiled.build_seconds = 2.5;
  compiled.r1cs_digest = "2c120b1125bd531d5a62b11932b2ae0e0cb47f455cea582994f97534e296bb42";
  compiled.digest_checked = true;
  s.compiled.push_back(compiled);
  nlohmann::json j = nlohmann::json::parse(StatusJson(s));
  EXPECT_TRUE(j["uptime_secs"].is_number());
  EXPECT_EQ(j["memory"]["total_bytes"], 100);
  EXPECT_EQ(j["memory"]["used_bytes"], 30);
  EXPECT_EQ(j["memory"]["available_bytes"], 70);
  EXPECT_EQ(j["synthesis"]["max_concurrent"], 4);
  EXPECT_EQ(j["synthesis"]["active"], 1);
  ASSERT_EQ(j["pipelines"].size(), 1u);
  const nlohmann::json& p = j["pipelines"][0];
  EXPECT_EQ(p["job_id"], "porep-1000-9");
  EXPECT_EQ(p["proof_kind"], "porep-c2");
  EXPECT_DOUBLE_EQ(p["started_secs_ago"].get<double>(), 2.5);
  EXPECT_EQ(p["total_partitions"], 3);
  EXPECT_EQ(p["partitions_done"], 1);
  ASSERT_EQ(p["partitions"].size(), 3u);
  EXPECT_EQ(p["partitions"][0]["state"], "done");
  EXPECT_EQ(p["partitions"][1]["state"], "synthesizing");
  EXPECT_EQ(p["partitions"][2]["state"], "pending");
  EXPECT_EQ(p["partitions"][2]["index"], 2);
  EXPECT_TRUE(p["partitions"][2].contains("synth_ms"));
  EXPECT_TRUE(p["partitions"][2].contains("gpu_ms"));
  const nlohmann::json& w = j["gpu_workers"][0];
  EXPECT_EQ(w["worker_id"], 0);
  EXPECT_EQ(w["gpu_ordinal"], 1);
  EXPECT_EQ(w["state"], "proving");
  EXPECT_EQ(w["current_job"], "porep-1000-9");
  EXPECT_TRUE(w.contains("current_partition"));
  EXPECT_TRUE(w.contains("busy_secs"));
  ASSERT_EQ(j["allocations"]["srs"].size(), 2u);
  EXPECT_EQ(j["allocations"]["srs"][0]["circuit_id"], "porep-32g");
  EXPECT_EQ(j["allocations"]["srs"][0]["bytes"], 1000);
  EXPECT_EQ(j["allocations"]["srs"][0]["last_used_secs_ago"], 0.0);  // in use now
  EXPECT_EQ(j["allocations"]["srs"][0]["evictable"], false);
  EXPECT_EQ(j["allocations"]["srs"][1]["last_used_secs_ago"], 42.0);
  EXPECT_EQ(j["allocations"]["srs"][1]["evictable"], true);
  ASSERT_EQ(j["allocations"]["pce"].size(), 1u);
  const nlohmann::json& pce = j["allocations"]["pce"][0];
  EXPECT_EQ(pce["circuit_id"], "porep-2k");
  EXPECT_EQ(pce["bytes"], 5000);
  EXPECT_DOUBLE_EQ(pce["build_secs"].get<double>(), 2.5);
  EXPECT_EQ(pce["r1cs_digest"], compiled.r1cs_digest);
  EXPECT_EQ(pce["digest_checked"], true);
  EXPECT_EQ(pce["evictable"], true);
  EXPECT_EQ(j["counters"]["total_completed"], 7);
  EXPECT_EQ(j["counters"]["total_failed"], 1);
  EXPECT_EQ(j["counters"]["completed_by_kind"]["porep-c2"], 5);
  EXPECT_EQ(j["counters"]["completed_by_kind"]["window-post"], 2);
  EXPECT_EQ(j["counters"]["failed_by_kind"]["window-post"], 1);
  EXPECT_EQ(j["counters"]["queue_depth"], 3);
  for (const char* key : {"synth_in_flight", "provers_in_flight", "aux_in_flight",
                          "shells_in_flight", "pending_handles"}) {
    EXPECT_TRUE(j["buffers"][key].is_number()) << key;
  }
  EXPECT_EQ(j["buffers"]["provers_in_flight"], 1);
  // cuzk's own fields stay beside them.
  EXPECT_EQ(j["memory"]["budget"], 100);
  EXPECT_EQ(j["counters"]["completed"], 7);
  EXPECT_EQ(j["queue"]["pending"], 3);
}

}  // namespace
}  // namespace cuzk::server
