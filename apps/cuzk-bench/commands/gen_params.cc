// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench gen-params`: Groth16 parameters for a sector size's PoRep, SnapDeals, WindowPoSt or
// WinningPoSt circuit (its proof-kind descriptor's placeholder circuit), written under the
// official file names into a parameter directory with the .vk alongside. These are TEST
// parameters from a seeded, known toxic waste: anyone can forge proofs with them.
#include <cstdio>
#include <filesystem>

#include "commands/commands.h"
#include "commands/common.h"
#include "engine/kinds/proof_kind.h"
#include "groth16/generator.h"
#include "groth16/params_io.h"
#include "r1cs/shape.h"

namespace cuzk::bench {

void RegisterGenParams(CLI::App& app) {
  struct Options {
    std::string type = "porep", sector_size = "2KiB", out;
    uint64_t seed = 0x5eed;
    size_t threads = 0;
    bool force = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "gen-params",
      "Generate TEST Groth16 parameters (insecure, seeded) for a PoRep, PoSt or SnapDeals circuit");
  cmd->add_option("--type", o.type,
                  "porep, wpost (WindowPoSt), winning (WinningPoSt), snap (SnapDeals) or "
                  "snap-poseidon (its Poseidon variant)")
      ->capture_default_str();
  cmd->add_option("--sector-size", o.sector_size, "2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
      ->capture_default_str();
  cmd->add_option("--out", o.out, "Parameter directory (created if missing)")->required();
  cmd->add_option("--seed", o.seed, "Seed of the toxic waste")->capture_default_str();
  cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
  cmd->add_flag("--force", o.force, "Regenerate even if the files exist");
  cmd->callback([] {
    const char* name = "gen-params";
    auto kind = engine::ProofKindFromName(o.type);
    if (!kind.ok()) std::exit(Fail(name, "--type", kind.status()));
    auto seal = ResolveProof(o.sector_size, "");
    if (!seal.ok()) std::exit(Fail(name, "--sector-size", seal.status()));
    auto circuit = engine::FindCircuit(*kind, seal->shape.sector_bytes);
    if (!circuit.ok()) std::exit(Fail(name, "arguments", circuit.status()));
    std::string params = (std::filesystem::path(o.out) / circuit->params_file).string();
    std::string vk = (std::filesystem::path(o.out) / circuit->vk_file).string();
    if (!o.force && std::filesystem::exists(params) && std::filesystem::exists(vk)) {
      std::printf("%s and its .vk exist; nothing to do (--force regenerates)\n", params.c_str());
      return;
    }
    std::filesystem::create_directories(o.out);
    std::printf(
        "generating TEST parameters for the %s circuit (seeded toxic waste: "
        "insecure, not the Filecoin ceremony's)\n",
        circuit->id.c_str());
    auto t = Clock::now();
    auto shape =
        r1cs::ShapeRecorder::Record(*engine::DescriptorOf(*kind).PlaceholderCircuit(*circuit));
    if (!shape.ok()) std::exit(Fail(name, "recording the circuit", shape.status()));
    std::printf("  circuit: %zu constraints, %zu inputs, %zu aux (recorded in %.1f s)\n",
                shape->num_constraints(), shape->num_inputs, shape->num_aux, Since(t));
    std::fflush(stdout);
    t = Clock::now();
    auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(o.seed), o.threads);
    if (!pk.ok()) std::exit(Fail(name, "generating", pk.status()));
    std::printf("  generated in %.1f s\n", Since(t));
    t = Clock::now();
    // Write under temporary names and rename, so an interrupted run leaves no truncated file.
    Status s = groth16::WriteParams(*pk, params + ".tmp");
    if (s.ok()) s = groth16::WriteVerifyingKey(pk->vk, vk + ".tmp");
    if (!s.ok()) std::exit(Fail(name, "writing", s));
    std::filesystem::rename(params + ".tmp", params);
    std::filesystem::rename(vk + ".tmp", vk);
    std::printf("  wrote %s (%.2f GB) and the .vk in %.1f s; peak RSS %.2f GiB\n", params.c_str(),
                static_cast<double>(std::filesystem::file_size(params)) / 1e9, Since(t),
                PeakRssGiB());
  });
}

}  // namespace cuzk::bench
