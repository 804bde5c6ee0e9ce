// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench single`: submits one proof of any kind to a running daemon (the gRPC contract Curio
// uses), waits for it, and with --params verifies the returned proof locally.
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/request.h"
#include "commands/rpc.h"

namespace cuzk::bench {

void RegisterSingle(CLI::App& app) {
  struct Options {
    RequestOptions request;
    std::string out, params, request_id;
    int priority = 0;
    uint64_t timeout_s = 1800;
  };
  static Options o;
  auto* cmd = app.add_subcommand("single", "Submit one proof to the daemon and wait for it");
  AddRequestOptions(cmd, &o.request, /*allow_unchecked=*/true);
  cmd->add_option("--out", o.out, "Write the returned proof here");
  cmd->add_option("--params", o.params, "Parameter directory: verify the returned proof locally");
  cmd->add_option("--request-id", o.request_id, "Idempotency key (default <type>-<size>-<time>)");
  cmd->add_option("--priority", o.priority, "0 default, 1 LOW, 2 NORMAL, 3 HIGH, 4 CRITICAL")
      ->check(CLI::Range(0, 4))
      ->capture_default_str();
  cmd->add_option("--timeout", o.timeout_s, "Seconds to wait (the gRPC deadline)")
      ->capture_default_str();
  OnRun(cmd, [] {
    const char* name = "single";
    uint64_t sector_bytes = 0;
    auto built = BuildSubmitRequest(o.request, &sector_bytes);
    if (!built.ok()) return Fail(name, "input", built.status());
    v1::ProveRequest request;
    v1::SubmitProofRequest* submit = request.mutable_submit();
    *submit = std::move(built).value();
    std::string id = o.request_id.empty()
                         ? o.request.type + "-" + std::to_string(sector_bytes) + "-" +
                               std::to_string(Clock::now().time_since_epoch().count())
                         : o.request_id;
    submit->set_request_id(id);
    submit->set_priority(static_cast<v1::Priority>(o.priority));
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(o.timeout_s));
    v1::ProveResponse response;
    auto start = Clock::now();
    grpc::Status s = Connect()->Prove(&context, request, &response);
    if (!s.ok()) return RpcFail(name, s);
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
      return 1;
    }
    if (!o.out.empty()) {
      if (Status w = WriteFileBytes(o.out, r.proof()); !w.ok()) return Fail(name, "writing", w);
    }
    // An unchecked PoRep request may not be a C1 at all: there is nothing to verify against.
    if (o.params.empty() || (o.request.type == "porep" && o.request.unchecked)) return 0;
    auto checker = ReturnedProofChecker::For(*submit, o.params);
    if (!checker.ok()) return Fail(name, "preparing to verify", checker.status());
    if (Status v = checker->Check(r.proof()); !v.ok()) {
      return Fail(name, "the returned proof is INVALID", v);
    }
    std::printf("returned proof verified locally (VALID)\n");
    return 0;
  });
}

}  // namespace cuzk::bench
