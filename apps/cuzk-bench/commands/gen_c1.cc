// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench gen-c1 --synthetic`: a correctly shaped C1 with random contents, so full-scale
// synthesis (32GiB, 64GiB) can be measured without a sealed sector. It does not satisfy the
// circuit and cannot be proved.
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "sealer/synthetic_c1.h"

namespace cuzk::bench {

void RegisterGenC1(CLI::App& app) {
  struct Options {
    bool synthetic = false;
    std::string sector_size = "32GiB", registered_proof, out;
    uint64_t seed = 1;
    bool wrap = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "gen-c1", "Write a synthetic C1 (right shape, random values) for synthesis benchmarks");
  cmd->add_flag("--synthetic", o.synthetic, "Random contents (required: the only kind so far)")
      ->required();
  cmd->add_option("--sector-size", o.sector_size, "2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
      ->capture_default_str();
  cmd->add_option("--registered-proof", o.registered_proof,
                  "Lotus id (0-19) or name; default: the size's V1_1 proof");
  cmd->add_option("--seed", o.seed, "Seed of the random contents")->capture_default_str();
  cmd->add_option("--out", o.out, "C1 JSON output file")->required();
  cmd->add_flag("--wrap", o.wrap, "Write Curio's {SectorNum, Phase1Out, SectorSize} wrapper");
  cmd->callback([] {
    auto t = Clock::now();
    auto proof = ResolveProof(o.sector_size, o.registered_proof);
    if (!proof.ok()) std::exit(Fail("gen-c1", "arguments", proof.status()));
    auto c1 = sealer::SyntheticC1(proof->id, o.seed);
    if (!c1.ok()) std::exit(Fail("gen-c1", "generating", c1.status()));
    std::string json = filecoin::WriteC1Json(*c1);
    if (o.wrap) json = filecoin::WrapC1ForCurio(json, 1, proof->shape.sector_bytes);
    if (Status s = WriteFileBytes(o.out, json); !s.ok()) std::exit(Fail("gen-c1", "writing", s));
    std::printf("wrote %s: synthetic %s C1, %zu partitions, %.1f MB, in %.2f s\n", o.out.c_str(),
                std::string(proof->name).c_str(), c1->vanilla_proofs.size(),
                static_cast<double>(json.size()) / 1e6, Since(t));
  });
}

}  // namespace cuzk::bench
