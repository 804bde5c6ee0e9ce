// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench stress`: an open-loop load test. Jobs arrive at fixed rates per priority class
// (NORMAL and CRITICAL by default, as seal commits and urgent proofs) for a duration, each
// submitted without waiting for the others; the summary gives, per class, the latency
// percentiles, and overall the proofs per hour. It shows how the scheduler serves urgent work
// behind a queue. Classes: PoRep NORMAL and CRITICAL (--c1), and optionally WindowPoSt (HIGH by
// default) and WinningPoSt (CRITICAL by default) from vanilla-proof files, so the kinds mix.
#include <algorithm>
#include <cstdio>
#include <mutex>
#include <thread>
#include <tuple>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/rpc.h"

namespace cuzk::bench {
namespace {

struct StressOptions {
  std::string c1, wpost_vanilla, winning_vanilla, post_sector_size = "2KiB";
  double normal_per_hour = 60, critical_per_hour = 20, wpost_per_hour = 0, winning_per_hour = 0;
  double duration_s = 300;
};

// A PoSt request from a vanilla-proof file (default randomness), priority left to its kind.
Result<v1::ProveRequest> PoStRequest(const std::string& type, const std::string& sector_size,
                                     const std::string& file) {
  std::vector<std::string> vanilla;
  auto input = LoadPoStInput(type, sector_size, "", kDefaultPoStRandomness, file, 0, &vanilla);
  RETURN_IF_ERROR(input);
  v1::ProveRequest request;
  v1::SubmitProofRequest* submit = request.mutable_submit();
  submit->set_proof_kind(type == "winning" ? v1::WINNING_POST : v1::WINDOW_POST_PARTITION);
  submit->set_registered_proof(input->statement.proof.id);
  submit->set_sector_size(input->statement.proof.shape.sector_bytes);
  for (std::string& v : vanilla) submit->add_vanilla_proofs(std::move(v));
  const auto& r = input->statement.randomness;
  submit->set_randomness(std::string(r.begin(), r.end()));
  return request;
}

struct ClassResult {
  std::vector<double> latencies;
  size_t failed = 0;
};

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * v.size()))];
}

int RunStress(const StressOptions& o) {
  const char* name = "stress";
  auto bytes = ReadFileBytes(o.c1);
  if (!bytes.ok()) return Fail(name, "reading the C1", bytes.status());
  auto c1 = filecoin::ParseC1(*bytes);
  if (!c1.ok()) return Fail(name, o.c1, c1.status());
  struct Class {
    const char* label;
    double per_hour;
    v1::ProveRequest request;  // request_id set per job
  };
  std::vector<Class> classes = {
      {"NORMAL", o.normal_per_hour, PoRepProveRequest("", v1::NORMAL, *c1, *bytes)},
      {"CRITICAL", o.critical_per_hour, PoRepProveRequest("", v1::CRITICAL, *c1, *bytes)}};
  for (auto [type, file, rate, label] :
       {std::tuple{"wpost", o.wpost_vanilla, o.wpost_per_hour, "WPOST"},
        std::tuple{"winning", o.winning_vanilla, o.winning_per_hour, "WINNING"}}) {
    if (file.empty() || rate <= 0) continue;
    auto request = PoStRequest(type, o.post_sector_size, file);
    if (!request.ok()) return Fail(name, file, request.status());
    classes.push_back({label, rate, std::move(request).value()});
  }
  // Arrival times: evenly spaced per class, merged in time order.
  std::vector<std::pair<double, size_t>> arrivals;
  for (size_t k = 0; k < classes.size(); ++k) {
    if (classes[k].per_hour <= 0) continue;
    double gap = 3600.0 / classes[k].per_hour;
    for (double t = gap / 2; t < o.duration_s; t += gap) arrivals.push_back({t, k});
  }
  std::sort(arrivals.begin(), arrivals.end());
  std::string rates;
  for (const Class& c : classes) {
    rates.append(rates.empty() ? "" : ", ").append(c.label).append(" ");
    rates.append(std::to_string(c.per_hour)).append("/h");
  }
  std::printf("stress: %zu jobs over %.0f s (%s) to %s\n", arrivals.size(), o.duration_s,
              rates.c_str(), Address().c_str());
  std::fflush(stdout);
  auto stub = Connect();
  std::mutex mu;
  std::vector<ClassResult> results(classes.size());
  std::string run = std::to_string(Clock::now().time_since_epoch().count());
  auto start = Clock::now();
  std::vector<std::thread> jobs;
  for (size_t i = 0; i < arrivals.size(); ++i) {
    auto [at, k] = arrivals[i];
    std::this_thread::sleep_until(start + std::chrono::duration<double>(at));
    jobs.emplace_back([&, i, k = k] {
      v1::ProveRequest request = classes[k].request;
      request.mutable_submit()->set_request_id("stress-" + run + "-" + std::to_string(i));
      v1::ProveResponse response;
      std::string error;
      auto t = Clock::now();
      bool ok = ProveAndWait(*stub, request, std::chrono::hours(6), &response, &error);
      double seconds = Since(t);
      std::lock_guard<std::mutex> lock(mu);
      if (ok) {
        results[k].latencies.push_back(seconds);
      } else {
        ++results[k].failed;
      }
      std::printf("  job %zu (%s): %s in %.1f s%s%s\n", i, classes[k].label,
                  ok ? "COMPLETED" : "FAILED", seconds, ok ? "" : ": ", error.c_str());
      std::fflush(stdout);
    });
  }
  for (auto& t : jobs) t.join();
  double wall = Since(start);
  size_t completed = 0, failed = 0;
  for (size_t k = 0; k < classes.size(); ++k) {
    const ClassResult& r = results[k];
    completed += r.latencies.size();
    failed += r.failed;
    if (r.latencies.empty() && r.failed == 0) continue;
    std::printf(
        "stress: %-8s %zu completed, %zu failed; latency p50 %.1f s, p90 %.1f s, max "
        "%.1f s\n",
        classes[k].label, r.latencies.size(), r.failed, Percentile(r.latencies, 0.5),
        Percentile(r.latencies, 0.9), Percentile(r.latencies, 1.0));
  }
  std::printf("stress: %zu completed, %zu failed in %.0f s = %.1f proofs/h\n", completed, failed,
              wall, 3600.0 * completed / wall);
  return failed ? 1 : 0;
}

}  // namespace

void RegisterStress(CLI::App& app) {
  static StressOptions o;
  auto* cmd =
      app.add_subcommand("stress",
                         "Open-loop load: jobs arrive at fixed rates per priority for a duration; "
                         "latency percentiles per priority and proofs/h");
  cmd->add_option("--c1", o.c1, "C1 JSON (raw or Curio wrapper)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--normal-per-hour", o.normal_per_hour, "NORMAL-priority arrivals per hour")
      ->capture_default_str();
  cmd->add_option("--critical-per-hour", o.critical_per_hour, "CRITICAL-priority arrivals per hour")
      ->capture_default_str();
  cmd->add_option("--wpost-vanilla", o.wpost_vanilla,
                  "WindowPoSt vanilla proofs (gen-vanilla window-post) for a WPOST class")
      ->check(CLI::ExistingFile);
  cmd->add_option("--wpost-per-hour", o.wpost_per_hour, "WindowPoSt arrivals per hour")
      ->capture_default_str();
  cmd->add_option("--winning-vanilla", o.winning_vanilla,
                  "WinningPoSt vanilla proof (gen-vanilla winning-post) for a WINNING class")
      ->check(CLI::ExistingFile);
  cmd->add_option("--winning-per-hour", o.winning_per_hour, "WinningPoSt arrivals per hour")
      ->capture_default_str();
  cmd->add_option("--post-sector-size", o.post_sector_size, "Sector size of the PoSt files")
      ->capture_default_str();
  cmd->add_option("--duration", o.duration_s, "Seconds during which jobs arrive")
      ->capture_default_str();
  cmd->callback([] {
    if (int rc = RunStress(o); rc != 0) std::exit(rc);
  });
}

}  // namespace cuzk::bench
