// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench public-inputs`: prints a partition's public inputs (without ONE), one field
// element per line as 0x-prefixed big-endian hex, for debugging a proof that fails to verify.
#include <cstdio>

#include "base/hex.h"
#include "circuits/porep/c1_inputs.h"
#include "commands/commands.h"
#include "commands/common.h"

namespace cuzk::bench {

void RegisterPublicInputs(CLI::App& app) {
  struct Options {
    std::string c1;
    uint32_t partition = 0;
  };
  static Options o;
  auto* cmd = app.add_subcommand("public-inputs", "Print a partition's public inputs");
  cmd->add_option("--c1", o.c1, "C1 JSON (raw or Curio wrapper)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--partition", o.partition, "Partition index")->capture_default_str();
  cmd->callback([] {
    auto bytes = ReadFileBytes(o.c1);
    if (!bytes.ok()) std::exit(Fail("public-inputs", "reading the C1", bytes.status()));
    auto c1 = filecoin::ParseC1(*bytes);
    if (!c1.ok()) std::exit(Fail("public-inputs", o.c1, c1.status()));
    auto inputs = circuits::porep::PartitionPublicInputs(*c1, o.partition);
    if (!inputs.ok()) std::exit(Fail("public-inputs", "deriving", inputs.status()));
    for (const ff::Fr& x : *inputs) std::printf("0x%s\n", ToHex(x.ToBytesBE()).c_str());
  });
}

}  // namespace cuzk::bench
