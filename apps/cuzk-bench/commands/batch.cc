// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench batch`: COUNT copies of a proof of any kind (the Rust cuzk-bench's flags, as single
// takes them) through the daemon, CONCURRENCY at a time; latency percentiles and proofs per hour,
// every returned proof verified with --params.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <optional>
#include <thread>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/request.h"
#include "commands/rpc.h"

namespace cuzk::bench {

void RegisterBatch(CLI::App& app) {
  struct Options {
    RequestOptions request;
    std::string params;
    size_t count = 3, concurrency = 1;
    int priority = 0;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "batch",
      "Submit COUNT copies of a proof, CONCURRENCY at a time; report latency and proofs/h");
  AddRequestOptions(cmd, &o.request);
  cmd->add_option("--params", o.params,
                  "Parameter directory: verify every returned proof locally (an invalid one "
                  "counts as failed)");
  cmd->add_option("-c,--count", o.count, "Number of jobs")->capture_default_str();
  cmd->add_option("-j,--concurrency", o.concurrency, "Jobs in flight at once")
      ->capture_default_str();
  cmd->add_option("--priority", o.priority, "0 default, 1 LOW, 2 NORMAL, 3 HIGH, 4 CRITICAL")
      ->check(CLI::Range(0, 4))
      ->capture_default_str();
  OnRun(cmd, [] {
    const char* name = "batch";
    uint64_t sector_bytes = 0;
    auto submit = BuildSubmitRequest(o.request, &sector_bytes);
    if (!submit.ok()) return Fail(name, "input", submit.status());
    std::optional<ReturnedProofChecker> checker;
    if (!o.params.empty()) {
      auto prepared = ReturnedProofChecker::For(*submit, o.params);
      if (!prepared.ok()) return Fail(name, "preparing to verify", prepared.status());
      checker = std::move(prepared).value();
    }
    auto stub = Connect();
    std::atomic<size_t> next{0}, failed{0}, verified{0};
    std::mutex mu;
    std::vector<double> latencies;
    std::string run = std::to_string(Clock::now().time_since_epoch().count());
    auto start = Clock::now();
    auto worker = [&] {
      for (size_t i; (i = next.fetch_add(1)) < o.count;) {
        v1::ProveRequest request;
        *request.mutable_submit() = *submit;
        request.mutable_submit()->set_request_id("batch-" + run + "-" + std::to_string(i));
        request.mutable_submit()->set_priority(static_cast<v1::Priority>(o.priority));
        v1::ProveResponse response;
        std::string error;
        auto t = Clock::now();
        bool ok = ProveAndWait(*stub, request, std::chrono::hours(2), &response, &error);
        double seconds = Since(t);
        if (ok && checker) {
          Status v = checker->Check(response.result().proof());
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
    if (checker)
      std::printf("batch: %zu returned proofs verified locally (VALID)\n", verified.load());
    return failed ? 1 : 0;
  });
}

}  // namespace cuzk::bench
