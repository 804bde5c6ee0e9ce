// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench aggregate`: SnarkPack v2 over PoRep proofs as filecoin-proofs' aggregate_seal_
// commit_proofs does it (Lotus's commit aggregation; NI-PoRep's partitions), or, with --verify,
// the check verify_aggregate_seal_commit_proofs makes of an aggregate, with the SRS
// (v28-fil-inner-product-v1.srs) and the PoRep .vk from a parameter folder.
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/seal_aggregate.h"

namespace cuzk::bench {

void RegisterAggregate(CLI::App& app) {
  struct Options {
    std::vector<std::string> c1s, proofs;
    std::string params, out, verify;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "aggregate",
      "Aggregate PoRep proofs with SnarkPack v2 (as Lotus and NI-PoRep do), or verify "
      "an aggregate");
  cmd->add_option("--c1", o.c1s, "The sectors' C1 files, in order")->required();
  cmd->add_option("--proof", o.proofs, "Each C1's proof (192 bytes per partition), same order");
  cmd->add_option("--params", o.params,
                  "Parameter folder with v28-fil-inner-product-v1.srs and the PoRep .vk")
      ->required();
  cmd->add_option("--out", o.out, "Write the aggregate here");
  cmd->add_option("--verify", o.verify, "Verify this aggregate instead of making one")
      ->check(CLI::ExistingFile);
  OnRun(cmd, [] {
    const char* name = "aggregate";
    if (o.verify.empty() && (o.proofs.size() != o.c1s.size() || o.out.empty())) {
      return Fail(name, "arguments",
                  Status::InvalidArgument("give one --proof per --c1, and --out (or --verify)"));
    }
    std::vector<filecoin::C1Output> c1s;
    size_t partitions = 0;
    for (const std::string& path : o.c1s) {
      auto c1 = LoadC1(path);
      if (!c1.ok()) return Fail(name, path, c1.status());
      partitions += c1->vanilla_proofs.size();
      c1s.push_back(std::move(c1).value());
    }
    std::vector<uint8_t> aggregate;
    auto t = Clock::now();
    if (!o.verify.empty()) {
      auto bytes = ReadFileBytes(o.verify);
      if (!bytes.ok()) return Fail(name, o.verify, bytes.status());
      aggregate.assign(bytes->begin(), bytes->end());
      if (Status ok = VerifySealC1sAggregate(c1s, aggregate, o.params); !ok.ok()) {
        return Fail(name, "INVALID", ok);
      }
    } else {
      std::vector<groth16::Proof> proofs;
      for (const std::string& path : o.proofs) {
        auto bytes = ReadFileBytes(path);
        if (!bytes.ok()) return Fail(name, path, bytes.status());
        auto parsed = ParseProofs(*bytes);
        if (!parsed.ok()) return Fail(name, path, parsed.status());
        proofs.insert(proofs.end(), parsed->begin(), parsed->end());
      }
      auto made = AggregateSealC1s(c1s, proofs, o.params);
      if (!made.ok()) return Fail(name, "aggregating", made.status());
      aggregate = std::move(made).value();
      if (Status s = WriteFileBytes(
              o.out,
              std::string_view(reinterpret_cast<const char*>(aggregate.data()), aggregate.size()));
          !s.ok()) {
        return Fail(name, "writing", s);
      }
      std::printf("aggregated %zu proofs (%zu sectors) into %zu bytes in %.3f s (verified)\n",
                  partitions, c1s.size(), aggregate.size(), Since(t));
      return 0;
    }
    std::printf("VALID: aggregate of %zu proofs verified in %.3f s\n", partitions, Since(t));
    return 0;
  });
}

}  // namespace cuzk::bench
