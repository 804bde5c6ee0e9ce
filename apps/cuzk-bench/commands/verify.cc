// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench verify`: checks a C2 proof file against a C1's public inputs and the .vk in a
// parameter directory. Exit code 0 iff every partition verifies.
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "engine/porep_c2.h"
#include "groth16/params_io.h"

namespace cuzk::bench {

void RegisterVerify(CLI::App& app) {
  struct Options {
    std::string c1, proof, params;
  };
  static Options o;
  auto* cmd = app.add_subcommand("verify", "Verify a C2 proof against a C1 and a .vk");
  cmd->add_option("--c1", o.c1, "C1 JSON (raw or Curio wrapper)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--proof", o.proof, "Proof file (192 bytes per partition)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--params", o.params, "Parameter directory holding the .vk")->required();
  cmd->callback([] {
    const char* name = "verify";
    auto c1 = LoadC1(o.c1);
    if (!c1.ok()) std::exit(Fail(name, "reading the C1", c1.status()));
    auto proof = ReadFileBytes(o.proof);
    if (!proof.ok()) std::exit(Fail(name, "reading the proof", proof.status()));
    std::string path = engine::PoRepParamsPath(o.params, c1->registered_proof.shape, "vk");
    auto vk = groth16::ReadVerifyingKey(path);
    if (!vk.ok()) std::exit(Fail(name, "reading the verifying key", vk.status()));
    auto t = Clock::now();
    std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(proof->data()), proof->size());
    Status s = engine::VerifyPoRepC2(*c1, groth16::PrepareVerifyingKey(*vk), bytes);
    if (!s.ok()) std::exit(Fail(name, "INVALID", s));
    std::printf("VALID: %zu partition proofs verified against %s in %.3f s\n",
                c1->vanilla_proofs.size(), path.c_str(), Since(t));
  });
}

}  // namespace cuzk::bench
