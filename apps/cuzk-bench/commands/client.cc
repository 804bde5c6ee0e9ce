// SPDX-License-Identifier: Apache-2.0 OR MIT
// Client commands against a running cuzk-daemon (the same gRPC contract Curio uses):
// `single` submits one proof and waits for it, `status` prints the daemon's queues and loaded
// parameters. The address comes from the global --addr.
#include <grpcpp/grpcpp.h>

#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/porep_c2.h"
#include "groth16/params_io.h"

namespace cuzk::bench {
namespace {

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
  args.SetMaxSendMessageSize(256 << 20);
  return v1::ProvingEngine::NewStub(
      grpc::CreateCustomChannel(Address(), grpc::InsecureChannelCredentials(), args));
}

int RpcFail(const char* command, const grpc::Status& s) {
  std::fprintf(stderr, "%s: %s: gRPC %d: %s\n", command, Address().c_str(),
               static_cast<int>(s.error_code()), s.error_message().c_str());
  return 1;
}

}  // namespace

void RegisterClientOptions(CLI::App& app) {
  app.add_option("--addr", Address(),
                 "Daemon address for client commands: host:port or unix:///path")
      ->capture_default_str();
}

void RegisterSingle(CLI::App& app) {
  struct Options {
    std::string type = "porep", c1, out, params, request_id;
    int priority = 0;
    int64_t registered_proof = -1;
    uint64_t timeout_s = 1800;
  };
  static Options o;
  auto* cmd = app.add_subcommand("single", "Submit one proof to the daemon and wait for it");
  cmd->add_option("--type", o.type, "Proof kind (porep; snap, wpost, winning: not yet)")
      ->check(CLI::IsMember({"porep", "snap", "wpost", "winning"}))
      ->capture_default_str();
  cmd->add_option("--c1", o.c1, "C1 JSON (raw or Curio wrapper)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--out", o.out, "Write the returned proof here");
  cmd->add_option("--params", o.params, "Parameter directory: verify the returned proof locally");
  cmd->add_option("--request-id", o.request_id, "Idempotency key (default porep-<size>-<time>)");
  cmd->add_option("--priority", o.priority, "0 default, 1 LOW, 2 NORMAL, 3 HIGH, 4 CRITICAL")
      ->check(CLI::Range(0, 4))
      ->capture_default_str();
  cmd->add_option(
      "--registered-proof", o.registered_proof,
      "Send this registered proof id instead of the C1's (to test the daemon's checks)");
  cmd->add_option("--timeout", o.timeout_s, "Seconds to wait (the gRPC deadline)")
      ->capture_default_str();
  cmd->callback([] {
    const char* name = "single";
    auto bytes = ReadFileBytes(o.c1);
    if (!bytes.ok()) std::exit(Fail(name, "reading the C1", bytes.status()));
    auto c1 = filecoin::ParseC1(*bytes);
    if (!c1.ok()) std::exit(Fail(name, o.c1, c1.status()));
    v1::ProveRequest request;
    v1::SubmitProofRequest* submit = request.mutable_submit();
    std::string id = o.request_id.empty()
                         ? "porep-" + std::to_string(c1->registered_proof.shape.sector_bytes) +
                               "-" + std::to_string(Clock::now().time_since_epoch().count())
                         : o.request_id;
    submit->set_request_id(id);
    submit->set_proof_kind(o.type == "porep"   ? v1::POREP_SEAL_COMMIT
                           : o.type == "snap"  ? v1::SNAP_DEALS_UPDATE
                           : o.type == "wpost" ? v1::WINDOW_POST_PARTITION
                                               : v1::WINNING_POST);
    submit->set_priority(static_cast<v1::Priority>(o.priority));
    submit->set_registered_proof(o.registered_proof >= 0 ? static_cast<uint64_t>(o.registered_proof)
                                                         : c1->registered_proof.id);
    submit->set_sector_size(c1->registered_proof.shape.sector_bytes);
    submit->set_vanilla_proof(*bytes);
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
    if (!o.params.empty()) {
      auto vk = groth16::ReadVerifyingKey(
          engine::PoRepParamsPath(o.params, c1->registered_proof.shape, "vk"));
      if (!vk.ok()) std::exit(Fail(name, "reading the verifying key", vk.status()));
      std::span<const uint8_t> proof(reinterpret_cast<const uint8_t*>(r.proof().data()),
                                     r.proof().size());
      Status v = engine::VerifyPoRepC2(*c1, groth16::PrepareVerifyingKey(*vk), proof);
      if (!v.ok()) std::exit(Fail(name, "the returned proof is INVALID", v));
      std::printf("returned proof verified locally (VALID)\n");
    }
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
  });
}

}  // namespace cuzk::bench
