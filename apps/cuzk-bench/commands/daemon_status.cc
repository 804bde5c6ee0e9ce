// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench status` and `metrics`: a running daemon's queues, loaded parameters and
// memory, and its Prometheus text.
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/rpc.h"

namespace cuzk::bench {

void RegisterStatus(CLI::App& app) {
  auto* cmd = app.add_subcommand("status", "Print a running daemon's queues and loaded parameters");
  OnRun(cmd, [] {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    v1::GetStatusResponse r;
    grpc::Status s = Connect()->GetStatus(&context, v1::GetStatusRequest(), &r);
    if (!s.ok()) return RpcFail("status", s);
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
    return 0;
  });
}

void RegisterMetrics(CLI::App& app) {
  auto* cmd = app.add_subcommand("metrics", "Print a running daemon's Prometheus metrics");
  OnRun(cmd, [] {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    v1::GetMetricsResponse r;
    grpc::Status s = Connect()->GetMetrics(&context, v1::GetMetricsRequest(), &r);
    if (!s.ok()) return RpcFail("metrics", s);
    std::fputs(r.prometheus_text().c_str(), stdout);
    return 0;
  });
}

}  // namespace cuzk::bench
