// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench load-params`: reads a .params file the way the daemon does and reports how fast:
// the whole-job measure of parameter loading (sections, points, seconds, GB/s, peak memory).
#include <cstdio>
#include <filesystem>

#include "commands/commands.h"
#include "commands/common.h"
#include "groth16/params_io.h"

namespace cuzk::bench {
namespace {

struct LoadParamsOptions {
  std::string params;
  bool check_params = false;
  size_t threads = 0;
  int repeat = 1;
};

int RunLoadParams(const LoadParamsOptions& o) {
  std::error_code ec;
  double gb = static_cast<double>(std::filesystem::file_size(o.params, ec)) / 1e9;
  if (ec) return Fail("load-params", o.params, Status::InvalidArgument(ec.message()));
  auto check = o.check_params ? ec::SubgroupCheck::kCheck : ec::SubgroupCheck::kSkip;
  for (int i = 0; i < o.repeat; ++i) {
    auto t = Clock::now();
    auto pk = groth16::ReadParams(o.params, check, o.threads);
    double s = Since(t);
    if (!pk.ok()) return Fail("load-params", "reading " + o.params, pk.status());
    std::printf(
        "%s: %.3f GB, h %zu l %zu a %zu b_g1 %zu b_g2 %zu points, %s, read in %.3f s "
        "(%.2f GB/s), peak RSS %.2f GiB\n",
        std::filesystem::path(o.params).filename().c_str(), gb, pk->h.size(), pk->l.size(),
        pk->a.size(), pk->b_g1.size(), pk->b_g2.size(),
        o.check_params ? "subgroups checked" : "on-curve checks", s, gb / s, PeakRssGiB());
  }
  return 0;
}

}  // namespace

void RegisterLoadParams(CLI::App& app) {
  static LoadParamsOptions o;
  auto* cmd = app.add_subcommand(
      "load-params", "Read a .params file as the daemon does and report the time and GB/s");
  cmd->add_option("params", o.params, "The .params file")->required()->check(CLI::ExistingFile);
  cmd->add_flag("--check-params", o.check_params,
                "Also check every proving-key point's subgroup membership (slow; the daemon "
                "checks the curve equation only and verifies every proof against the .vk)");
  cmd->add_option("--threads", o.threads, "Worker threads (0 = all hardware threads)")
      ->capture_default_str();
  cmd->add_option("-n,--repeat", o.repeat, "Read the file this many times")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  OnRun(cmd, [] { return RunLoadParams(o); });
}

}  // namespace cuzk::bench
