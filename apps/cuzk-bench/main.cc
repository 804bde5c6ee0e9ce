// SPDX-License-Identifier: Apache-2.0 OR MIT
// cuzk-bench: the command-line front end for benchmarks and, as the project grows, local proving.
//
// Commands:
//   tour            self-checking tour of BLS12-381 arithmetic with timings (exit 1 on mismatch)
//   prove-r1cs      prove + verify a circom/snarkjs .r1cs/.wtns; writes proof, vk, public inputs
//   export-example  write an example circuit (MiMC chain) as .r1cs/.wtns
//   synth-only      synthesize PoRep partitions (placeholder witness): seconds, constraints/s, RSS
#include <CLI/CLI.hpp>

#include "commands/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"cuzk-bench: benchmarks and tools for the cuzk Filecoin proving engine"};
  app.require_subcommand(1);
  cuzk::bench::RegisterTour(app);
  cuzk::bench::RegisterProveR1cs(app);
  cuzk::bench::RegisterExportExample(app);
  cuzk::bench::RegisterSynthOnly(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
