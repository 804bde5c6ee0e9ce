// SPDX-License-Identifier: Apache-2.0 OR MIT
// The cuzk-bench subcommands; each lives in its own file under commands/.
#pragma once

#include <CLI/CLI.hpp>

namespace cuzk::bench {

// Registers `tour`: a quick, self-checking walk through the arithmetic (encodings, subgroup
// checks, a pairing check), with timings.
void RegisterTour(CLI::App& app);

}  // namespace cuzk::bench
