// SPDX-License-Identifier: Apache-2.0 OR MIT
// The cuzk-bench subcommands; each lives in its own file under commands/.
#pragma once

#include <CLI/CLI.hpp>

namespace cuzk::bench {

// Registers `tour`: a quick, self-checking walk through the arithmetic (encodings, subgroup
// checks, a pairing check), with timings.
void RegisterTour(CLI::App& app);
// Registers `prove-r1cs`: prove and verify an iden3 .r1cs/.wtns circuit.
void RegisterProveR1cs(CLI::App& app);
// Registers `synth-only`: synthesize PoRep partitions and report throughput and peak memory.
void RegisterSynthOnly(CLI::App& app);
// Registers `export-example`: write an example circuit as .r1cs/.wtns (for trying prove-r1cs).
void RegisterExportExample(CLI::App& app);

}  // namespace cuzk::bench
