// SPDX-License-Identifier: Apache-2.0 OR MIT
// Client commands against a running cuzk-daemon (the same gRPC contract Curio uses):
// `single` submits one proof and waits for it, `status` prints the daemon's queues and loaded
// parameters. The address comes from the global --addr.
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/rpc.h"
#include "engine/porep_c2.h"
#include "engine/post_work.h"
#include "engine/update_work.h"
#include "groth16/params_io.h"

namespace cuzk::bench {

std::string& Address() {
  static std::string addr = [] {
    const char* tmp = std::getenv("TMPDIR");
    return std::string("unix://") + (tmp && *tmp ? tmp : "/tmp") + "/cuzk.sock";
  }();
  return addr;
}

std::unique_ptr<v1::ProvingEngine::Stub> Connect() {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(256 << 20);
  args.SetMaxSendMessageSize(-1);  // the daemon enforces its own limit (256 MiB) and says so
  return v1::ProvingEngine::NewStub(
      grpc::CreateCustomChannel(Address(), grpc::InsecureChannelCredentials(), args));
}

int RpcFail(const char* command, const grpc::Status& s) {
  std::fprintf(stderr, "%s: %s: gRPC %d: %s\n", command, Address().c_str(),
               static_cast<int>(s.error_code()), s.error_message().c_str());
  return 1;
}

namespace {

// Reads and prepares the verifying key of `c1`'s circuit from the parameter directory `params`.
Result<groth16::PreparedVerifyingKey> PoRepVerifyingKey(const std::string& params,
                                                        const filecoin::C1Output& c1) {
  auto vk =
      groth16::ReadVerifyingKey(engine::PoRepParamsPath(params, c1.registered_proof.shape, "vk"));
  if (!vk.ok()) return vk.status();
  return groth16::PrepareVerifyingKey(*vk);
}

// Verifies the proof bytes a job returned against `c1`'s public inputs.
Status VerifyReturnedProof(const filecoin::C1Output& c1, const groth16::PreparedVerifyingKey& pvk,
                           const std::string& proof) {
  return engine::VerifyPoRepC2(
      c1, pvk, std::span(reinterpret_cast<const uint8_t*>(proof.data()), proof.size()));
}

}  // namespace

v1::ProveRequest PoRepProveRequest(const std::string& request_id, v1::Priority priority,
                                   const filecoin::C1Output& c1, const std::string& c1_bytes) {
  v1::ProveRequest request;
  v1::SubmitProofRequest* submit = request.mutable_submit();
  submit->set_request_id(request_id);
  submit->set_proof_kind(v1::POREP_SEAL_COMMIT);
  submit->set_priority(priority);
  submit->set_registered_proof(c1.registered_proof.id);
  submit->set_sector_size(c1.registered_proof.shape.sector_bytes);
  submit->set_vanilla_proof(c1_bytes);
  return request;
}

bool ProveAndWait(v1::ProvingEngine::Stub& stub, const v1::ProveRequest& request,
                  std::chrono::seconds deadline, v1::ProveResponse* response, std::string* error) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + deadline);
  grpc::Status s = stub.Prove(&context, request, response);
  bool ok = s.ok() && response->result().status() == v1::AwaitProofResponse::COMPLETED;
  if (!ok) *error = s.ok() ? response->result().error_message() : s.error_message();
  return ok;
}

void RegisterClientOptions(CLI::App& app) {
  app.add_option("--addr", Address(),
                 "Daemon address for client commands: host:port or unix:///path")
      ->capture_default_str();
}

namespace {

// Reads the verifying key of a PoSt proof type from the parameter directory `params`.
Result<groth16::PreparedVerifyingKey> PoStVerifyingKey(const std::string& params,
                                                       const filecoin::RegisteredPoStProof& post) {
  auto vk = groth16::ReadVerifyingKey(
      (std::filesystem::path(params) / filecoin::PoStParamsFileName(post, "vk")).string());
  if (!vk.ok()) return vk.status();
  return groth16::PrepareVerifyingKey(*vk);
}

}  // namespace

void RegisterSingle(CLI::App& app) {
  struct Options {
    std::string type = "porep", c1, vanilla, randomness = kDefaultPoStRandomness,
                sector_size = "2KiB", out, params, request_id, comm_r_old, comm_d_new, comm_r_new;
    int priority = 0;
    int64_t registered_proof = -1;
    uint32_t partition = 0;
    uint64_t timeout_s = 1800;
    bool unchecked = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand("single", "Submit one proof to the daemon and wait for it");
  cmd->add_option("--type", o.type, "Proof kind: porep, snap, wpost or winning")
      ->check(CLI::IsMember({"porep", "snap", "wpost", "winning"}))
      ->capture_default_str();
  cmd->add_option("--c1", o.c1, "porep: C1 JSON (raw or Curio wrapper)")->check(CLI::ExistingFile);
  cmd->add_option("--vanilla", o.vanilla,
                  "snap/wpost/winning: JSON array of base64 bincode vanilla proofs (gen-vanilla "
                  "snap-prove / window-post / winning-post writes one)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--comm-r-old", o.comm_r_old, "snap: comm_r_old, 64 hex digits");
  cmd->add_option("--comm-d-new", o.comm_d_new, "snap: comm_d_new, 64 hex digits");
  cmd->add_option("--comm-r-new", o.comm_r_new, "snap: comm_r_new, 64 hex digits");
  cmd->add_option("--randomness", o.randomness,
                  "wpost/winning: challenge randomness, 64 hex digits")
      ->capture_default_str();
  cmd->add_option("--sector-size", o.sector_size, "snap/wpost/winning: sector size")
      ->capture_default_str();
  cmd->add_option("--partition", o.partition, "wpost: partition index")->capture_default_str();
  cmd->add_option("--out", o.out, "Write the returned proof here");
  cmd->add_option("--params", o.params, "Parameter directory: verify the returned proof locally");
  cmd->add_option("--request-id", o.request_id, "Idempotency key (default <type>-<size>-<time>)");
  cmd->add_option("--priority", o.priority, "0 default, 1 LOW, 2 NORMAL, 3 HIGH, 4 CRITICAL")
      ->check(CLI::Range(0, 4))
      ->capture_default_str();
  cmd->add_option("--registered-proof", o.registered_proof,
                  "porep: send this id instead of the C1's (to test the daemon's checks); "
                  "wpost/winning: the Lotus RegisteredPoStProof id (default: the size's)");
  cmd->add_option("--timeout", o.timeout_s, "Seconds to wait (the gRPC deadline)")
      ->capture_default_str();
  cmd->add_flag("--unchecked", o.unchecked,
                "porep: send the file as it is, without reading it as a C1 here (to test the "
                "daemon's input checks); the registered proof is --registered-proof (default 0)");
  cmd->callback([] {
    const char* name = "single";
    bool post = o.type == "wpost" || o.type == "winning", snap = o.type == "snap";
    if ((post || snap) ? o.vanilla.empty() : o.c1.empty()) {
      std::exit(Fail(
          name, "arguments",
          Status::InvalidArgument(o.c1.empty() ? "--vanilla is required" : "--c1 is required")));
    }
    v1::ProveRequest request;
    v1::SubmitProofRequest* submit = request.mutable_submit();
    Result<filecoin::C1Output> c1 = Status::InvalidArgument("not read");
    Result<engine::PoStInput> post_input = Status::InvalidArgument("not read");
    Result<engine::UpdateInput> snap_input = Status::InvalidArgument("not read");
    uint64_t sector_bytes = 0;
    if (snap) {
      // Sent as read: the daemon checks it (the client checks it only to verify the result).
      uint64_t id = 0;
      std::vector<std::string> vanilla;
      std::array<std::string, 3> commitments;
      Status read = ReadUpdateRequest(o.sector_size, o.vanilla, o.comm_r_old, o.comm_d_new,
                                      o.comm_r_new, &id, &vanilla, &commitments);
      if (!read.ok()) std::exit(Fail(name, "input", read));
      sector_bytes = filecoin::UpdateProofById(id)->shape.sector_bytes;
      submit->set_registered_proof(id);
      for (std::string& v : vanilla) submit->add_vanilla_proofs(std::move(v));
      submit->set_comm_r_old(commitments[0]);
      submit->set_comm_d_new(commitments[1]);
      submit->set_comm_r_new(commitments[2]);
    } else if (post) {
      std::vector<std::string> vanilla;
      std::string id = o.registered_proof >= 0 ? std::to_string(o.registered_proof) : "";
      post_input =
          LoadPoStInput(o.type, o.sector_size, id, o.randomness, o.vanilla, o.partition, &vanilla);
      if (!post_input.ok()) std::exit(Fail(name, "input", post_input.status()));
      const auto& proof = post_input->statement.proof;
      sector_bytes = proof.shape.sector_bytes;
      submit->set_registered_proof(proof.id);
      for (std::string& v : vanilla) submit->add_vanilla_proofs(std::move(v));
      const auto& r = post_input->statement.randomness;
      submit->set_randomness(std::string(r.begin(), r.end()));
      submit->set_partition_index(o.partition);
    } else {
      auto bytes = ReadFileBytes(o.c1);
      if (!bytes.ok()) std::exit(Fail(name, "reading the C1", bytes.status()));
      if (!o.unchecked) {
        c1 = filecoin::ParseC1(*bytes);
        if (!c1.ok()) std::exit(Fail(name, o.c1, c1.status()));
        sector_bytes = c1->registered_proof.shape.sector_bytes;
      }
      submit->set_registered_proof(o.registered_proof >= 0
                                       ? static_cast<uint64_t>(o.registered_proof)
                                   : o.unchecked ? 0
                                                 : c1->registered_proof.id);
      submit->set_vanilla_proof(*bytes);
    }
    std::string id = o.request_id.empty()
                         ? o.type + "-" + std::to_string(sector_bytes) + "-" +
                               std::to_string(Clock::now().time_since_epoch().count())
                         : o.request_id;
    submit->set_request_id(id);
    submit->set_proof_kind(o.type == "porep"   ? v1::POREP_SEAL_COMMIT
                           : snap              ? v1::SNAP_DEALS_UPDATE
                           : o.type == "wpost" ? v1::WINDOW_POST_PARTITION
                                               : v1::WINNING_POST);
    submit->set_priority(static_cast<v1::Priority>(o.priority));
    submit->set_sector_size(sector_bytes);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(o.timeout_s));
    v1::ProveResponse response;
    auto start = Clock::now();
    grpc::Status s = Connect()->Prove(&context, request, &response);
    if (!s.ok()) std::exit(RpcFail(name, s));
    const v1::AwaitProofResponse& r = response.result();
    std::printf(
        "job %s: %s in %.2f s (queue %lu ms, srs load %lu ms, synthesis %lu ms, prove %lu "
        "ms, total %lu ms)\n",
        r.job_id().c_str(), v1::AwaitProofResponse::Status_Name(r.status()).c_str(), Since(start),
        static_cast<unsigned long>(r.queue_wait_ms()), static_cast<unsigned long>(r.srs_load_ms()),
        static_cast<unsigned long>(r.synthesis_ms()),
        static_cast<unsigned long>(r.gpu_compute_ms()), static_cast<unsigned long>(r.total_ms()));
    if (r.status() != v1::AwaitProofResponse::COMPLETED) {
      std::fprintf(stderr, "single: job %s: %s\n", r.job_id().c_str(), r.error_message().c_str());
      std::exit(1);
    }
    if (!o.out.empty()) {
      if (Status w = WriteFileBytes(o.out, r.proof()); !w.ok()) std::exit(Fail(name, "writing", w));
    }
    if (!o.params.empty() && snap) {
      snap_input =
          LoadUpdateInput(o.sector_size, o.vanilla, o.comm_r_old, o.comm_d_new, o.comm_r_new);
      if (!snap_input.ok())
        std::exit(Fail(name, "reading the input to verify", snap_input.status()));
    }
    if (o.params.empty() || !(c1.ok() || post_input.ok() || snap_input.ok())) return;
    auto proof = std::span(reinterpret_cast<const uint8_t*>(r.proof().data()), r.proof().size());
    Status v;
    if (snap) {
      auto vk = groth16::ReadVerifyingKey((std::filesystem::path(o.params) /
                                           filecoin::UpdateParamsFileName(snap_input->proof, "vk"))
                                              .string());
      if (!vk.ok()) std::exit(Fail(name, "reading the verifying key", vk.status()));
      v = engine::VerifyUpdate(*snap_input, groth16::PrepareVerifyingKey(*vk), proof);
    } else if (post) {
      auto pvk = PoStVerifyingKey(o.params, post_input->statement.proof);
      if (!pvk.ok()) std::exit(Fail(name, "reading the verifying key", pvk.status()));
      v = engine::VerifyPoSt(*post_input, *pvk, proof);
    } else {
      auto pvk = PoRepVerifyingKey(o.params, *c1);
      if (!pvk.ok()) std::exit(Fail(name, "reading the verifying key", pvk.status()));
      v = VerifyReturnedProof(*c1, *pvk, r.proof());
    }
    if (!v.ok()) std::exit(Fail(name, "the returned proof is INVALID", v));
    std::printf("returned proof verified locally (VALID)\n");
  });
}

void RegisterStatus(CLI::App& app) {
  auto* cmd = app.add_subcommand("status", "Print a running daemon's queues and loaded parameters");
  cmd->callback([] {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    v1::GetStatusResponse r;
    grpc::Status s = Connect()->GetStatus(&context, v1::GetStatusRequest(), &r);
    if (!s.ok()) std::exit(RpcFail("status", s));
    std::printf("uptime %lu s; proofs completed %lu, failed %lu\n",
                static_cast<unsigned long>(r.uptime_seconds()),
                static_cast<unsigned long>(r.total_proofs_completed()),
                static_cast<unsigned long>(r.total_proofs_failed()));
    for (const auto& q : r.queues()) {
      std::printf("queue %s: %u pending, %u in progress\n", q.proof_kind().c_str(), q.pending(),
                  q.in_progress());
    }
    for (const auto& srs : r.loaded_srs()) {
      std::printf("srs %s: %.2f GB, %u job(s) using it\n", srs.circuit_id().c_str(),
                  static_cast<double>(srs.size_bytes()) / 1e9, srs.ref_count());
    }
    std::printf("memory: %.2f GiB reserved of a %.2f GiB budget\n",
                static_cast<double>(r.pinned_memory_bytes()) / (1ull << 30),
                static_cast<double>(r.pinned_memory_limit_bytes()) / (1ull << 30));
  });
}

void RegisterMetrics(CLI::App& app) {
  auto* cmd = app.add_subcommand("metrics", "Print a running daemon's Prometheus metrics");
  cmd->callback([] {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    v1::GetMetricsResponse r;
    grpc::Status s = Connect()->GetMetrics(&context, v1::GetMetricsRequest(), &r);
    if (!s.ok()) std::exit(RpcFail("metrics", s));
    std::fputs(r.prometheus_text().c_str(), stdout);
  });
}

}  // namespace cuzk::bench

namespace cuzk::bench {

void RegisterBatch(CLI::App& app) {
  struct Options {
    std::string c1, params;
    size_t count = 4, concurrency = 1;
    int priority = 0;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "batch",
      "Submit COUNT copies of a proof, CONCURRENCY at a time; report latency and proofs/h");
  cmd->add_option("--c1", o.c1, "C1 JSON (raw or Curio wrapper)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--params", o.params,
                  "Parameter directory: verify every returned proof locally (an invalid one "
                  "counts as failed)");
  cmd->add_option("--count", o.count, "Number of jobs")->capture_default_str();
  cmd->add_option("--concurrency", o.concurrency, "Jobs in flight at once")->capture_default_str();
  cmd->add_option("--priority", o.priority, "0 default, 1 LOW, 2 NORMAL, 3 HIGH, 4 CRITICAL")
      ->check(CLI::Range(0, 4))
      ->capture_default_str();
  cmd->callback([] {
    const char* name = "batch";
    auto bytes = ReadFileBytes(o.c1);
    if (!bytes.ok()) std::exit(Fail(name, "reading the C1", bytes.status()));
    auto c1 = filecoin::ParseC1(*bytes);
    if (!c1.ok()) std::exit(Fail(name, o.c1, c1.status()));
    std::optional<groth16::PreparedVerifyingKey> pvk;
    if (!o.params.empty()) {
      auto loaded = PoRepVerifyingKey(o.params, *c1);
      if (!loaded.ok()) std::exit(Fail(name, "reading the verifying key", loaded.status()));
      pvk = std::move(loaded).value();
    }
    auto stub = Connect();
    std::atomic<size_t> next{0}, failed{0}, verified{0};
    std::mutex mu;
    std::vector<double> latencies;
    std::string run = std::to_string(Clock::now().time_since_epoch().count());
    auto start = Clock::now();
    auto worker = [&] {
      for (size_t i; (i = next.fetch_add(1)) < o.count;) {
        v1::ProveRequest request =
            PoRepProveRequest("batch-" + run + "-" + std::to_string(i),
                              static_cast<v1::Priority>(o.priority), *c1, *bytes);
        v1::ProveResponse response;
        std::string error;
        auto t = Clock::now();
        bool ok = ProveAndWait(*stub, request, std::chrono::hours(2), &response, &error);
        double seconds = Since(t);
        if (ok && pvk) {
          Status v = VerifyReturnedProof(*c1, *pvk, response.result().proof());
          if (v.ok()) {
            ++verified;
          } else {
            ok = false;
            error = "the returned proof is INVALID: " + v.message();
          }
        }
        std::lock_guard<std::mutex> lock(mu);
        if (!ok) {
          ++failed;
          std::fprintf(stderr, "batch: job %zu failed: %s\n", i, error.c_str());
        } else {
          latencies.push_back(seconds);
        }
        std::printf("  job %zu: %s in %.2f s (%zu/%zu done)\n", i, ok ? "COMPLETED" : "FAILED",
                    seconds, latencies.size() + failed, o.count);
        std::fflush(stdout);
      }
    };
    std::vector<std::thread> threads;
    for (size_t t = 0; t < std::max<size_t>(o.concurrency, 1); ++t) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    double wall = Since(start);
    std::sort(latencies.begin(), latencies.end());
    auto pct = [&](double p) {
      return latencies.empty() ? 0.0
                               : latencies[std::min(latencies.size() - 1,
                                                    static_cast<size_t>(p * latencies.size()))];
    };
    std::printf(
        "batch: %zu completed, %zu failed in %.1f s = %.1f proofs/h at concurrency %zu; "
        "latency p50 %.2f s, p90 %.2f s, max %.2f s\n",
        latencies.size(), failed.load(), wall, 3600.0 * latencies.size() / wall, o.concurrency,
        pct(0.5), pct(0.9), latencies.empty() ? 0.0 : latencies.back());
    if (pvk) std::printf("batch: %zu returned proofs verified locally (VALID)\n", verified.load());
    if (failed) std::exit(1);
  });
}

void RegisterCancel(CLI::App& app) {
  static std::string job_id;
  auto* cmd = app.add_subcommand("cancel", "Cancel a queued or running job on the daemon");
  cmd->add_option("job_id", job_id, "Job id (the request id)")->required();
  cmd->callback([] {
    grpc::ClientContext context;
    v1::CancelProofRequest request;
    request.set_job_id(job_id);
    v1::CancelProofResponse response;
    grpc::Status s = Connect()->CancelProof(&context, request, &response);
    if (!s.ok()) std::exit(RpcFail("cancel", s));
    std::printf("cancelled %s (%s)\n", job_id.c_str(),
                response.was_running() ? "it stops at its next partition" : "it was queued");
  });
}

void RegisterSrsCommands(CLI::App& app) {
  static std::string preload_id, evict_id;
  auto* preload = app.add_subcommand("preload", "Load a circuit's parameters into the daemon");
  preload
      ->add_option("circuit_id", preload_id, "porep-2k, porep-8m, porep-512m, porep-32g, porep-64g")
      ->required();
  preload->callback([] {
    grpc::ClientContext context;
    v1::PreloadSrsRequest request;
    request.set_circuit_id(preload_id);
    v1::PreloadSrsResponse response;
    grpc::Status s = Connect()->PreloadSRS(&context, request, &response);
    if (!s.ok()) std::exit(RpcFail("preload", s));
    std::printf("%s: %s\n", preload_id.c_str(),
                response.already_loaded()
                    ? "already loaded"
                    : ("loaded in " + std::to_string(response.load_time_ms()) + " ms").c_str());
  });
  auto* evict = app.add_subcommand("evict", "Drop a circuit's parameters from the daemon");
  evict->add_option("circuit_id", evict_id, "Circuit id")->required();
  evict->callback([] {
    grpc::ClientContext context;
    v1::EvictSrsRequest request;
    request.set_circuit_id(evict_id);
    v1::EvictSrsResponse response;
    grpc::Status s = Connect()->EvictSRS(&context, request, &response);
    if (!s.ok()) std::exit(RpcFail("evict", s));
    std::printf("%s: %s\n", evict_id.c_str(),
                response.was_loaded()
                    ? ("freed " + std::to_string(response.freed_bytes()) + " bytes").c_str()
                    : "was not loaded");
  });
}

}  // namespace cuzk::bench
