// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench prove`: a local C2 without the daemon. Reads the C1 and the parameters, proves
// every partition, verifies each proof, writes what seal_commit_phase2 returns (the concatenated
// proofs; for NI-PoRep their SnarkPack aggregate, verified), and prints the phase breakdown and
// peak memory.
#include <cstdio>
#include <filesystem>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/seal_aggregate.h"
#include "engine/kinds/porep_c2.h"
#include "groth16/params_io.h"
#include "snarkpack/srs.h"

namespace cuzk::bench {

void RegisterProve(CLI::App& app) {
  struct Options {
    std::string c1, params, out;
    size_t threads = 0;
    bool check_params = false;
    bool overlap = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand("prove", "Prove a C1 locally (C2): every partition, verified");
  cmd->add_option("--c1", o.c1, "C1 JSON (raw or Curio wrapper)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--params", o.params, "Parameter directory (official file names)")->required();
  cmd->add_option("--out", o.out,
                  "Proof output file: 192 bytes per partition, or for NI-PoRep their SnarkPack "
                  "aggregate (v28-fil-inner-product-v1.srs read from --params)")
      ->required();
  cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
  cmd->add_flag("--overlap", o.overlap,
                "Synthesize partition k+1 while partition k proves (memory for two partitions)");
  cmd->add_flag("--check-params", o.check_params,
                "Also check every proving-key point's subgroup (minutes; points are always "
                "checked to be on the curve, and every proof is verified before it is written)");
  cmd->callback([] {
    const char* name = "prove";
    auto start = Clock::now();
    auto c1 = LoadC1(o.c1);
    if (!c1.ok()) std::exit(Fail(name, "reading the C1", c1.status()));
    const bool ni = c1->registered_proof.feature == filecoin::PoRepFeature::kNonInteractivePoRep;
    const std::string srs_path = o.params + "/" + snarkpack::kSrsFileName;
    if (ni && !std::filesystem::exists(srs_path)) {  // before minutes of proving, as the daemon
      std::exit(Fail(name, "NI-PoRep",
                     Status(StatusCode::kNotFound,
                            "its proof is a SnarkPack aggregate, which needs " + srs_path)));
    }
    std::string path = engine::PoRepParamsPath(o.params, c1->registered_proof.shape, "params");
    auto t = Clock::now();
    // Subgroup checks of the proving vectors are optional: a key with a bad point yields proofs
    // that fail the verification every proof goes through, so it cannot produce a wrong proof.
    auto pk = groth16::ReadParams(
        path, o.check_params ? ec::SubgroupCheck::kCheck : ec::SubgroupCheck::kSkip, o.threads);
    if (!pk.ok()) std::exit(Fail(name, "reading the parameters", pk.status()));
    std::printf("parameters: %s read in %.2f s (%s)\n", path.c_str(), Since(t),
                o.check_params ? "on-curve and subgroup checks" : "on-curve checks");
    std::fflush(stdout);
    engine::C2Options options;
    options.threads = o.threads;
    options.overlap_synthesis = o.overlap;
    options.on_partition = PrintPartitionReport;
    auto result = engine::ProvePoRepC2(*c1, *pk, options);
    if (!result.ok()) std::exit(Fail(name, "proving", result.status()));
    std::vector<uint8_t> proof = std::move(result->proof);
    const char* what = "every proof verified";
    if (ni) {
      auto t_agg = Clock::now();
      auto proofs =
          ParseProofs(std::string_view(reinterpret_cast<const char*>(proof.data()), proof.size()));
      if (!proofs.ok()) std::exit(Fail(name, "the partition proofs", proofs.status()));
      auto aggregate = AggregateSealC1s(std::span(&*c1, 1), *proofs, o.params);
      if (!aggregate.ok()) std::exit(Fail(name, "aggregating (NI-PoRep)", aggregate.status()));
      proof = std::move(aggregate).value();
      std::printf("NI-PoRep: %zu partition proofs aggregated and verified in %.2f s\n",
                  proofs->size(), Since(t_agg));
      what = "the SnarkPack aggregate of every partition's proof, verified";
    }
    std::string_view bytes(reinterpret_cast<const char*>(proof.data()), proof.size());
    if (Status s = WriteFileBytes(o.out, bytes); !s.ok()) std::exit(Fail(name, "writing", s));
    double total = Since(start);
    std::printf(
        "wrote %s (%zu bytes, %zu partitions, %s); total %.2f s = %.1f proofs/h, peak RSS "
        "%.2f GiB\n",
        o.out.c_str(), proof.size(), result->partitions.size(), what, total, 3600.0 / total,
        PeakRssGiB());
  });
}

}  // namespace cuzk::bench
