// SPDX-License-Identifier: Apache-2.0 OR MIT
// Helpers the cuzk-bench subcommands share: timing, peak memory, files, sector-size and
// registered-proof arguments, and error reporting.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "base/status.h"
#include "filecoin/c1.h"
#include "filecoin/registered_proof.h"

namespace cuzk::bench {

using Clock = std::chrono::steady_clock;

// Returns the seconds since `t`.
double Since(Clock::time_point t);
// Returns this process's peak resident set size in GiB.
double PeakRssGiB();
// Reads a whole file.
Result<std::string> ReadFileBytes(const std::string& path);
// Writes `data` to `path`, replacing it.
Status WriteFileBytes(const std::string& path, std::string_view data);
// Prints "<command>: <what>: <message>" to stderr and returns 1 (the exit code).
int Fail(std::string_view command, std::string_view what, const Status& status);
// Resolves --sector-size (2KiB, 8MiB, 512MiB, 32GiB, 64GiB) and an optional --registered-proof
// (a Lotus id 0..19 or a name such as StackedDrg2KiBV1; empty = the size's V1_1 proof).
Result<filecoin::RegisteredSealProof> ResolveProof(const std::string& sector_size,
                                                   const std::string& registered_proof);
// Reads a C1 file (raw or Curio-wrapped) and prints one line about it.
Result<filecoin::C1Output> LoadC1(const std::string& path);

}  // namespace cuzk::bench
