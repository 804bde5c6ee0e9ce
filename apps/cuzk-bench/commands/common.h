// SPDX-License-Identifier: Apache-2.0 OR MIT
// Helpers the cuzk-bench subcommands share: timing, peak memory, files, sector-size and
// registered-proof arguments, and error reporting.
#pragma once

#include <CLI/CLI.hpp>
#include <array>
#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "engine/kinds/post_work.h"
#include "engine/kinds/update_work.h"
#include "filecoin/c1.h"
#include "filecoin/registered_post.h"
#include "filecoin/registered_proof.h"
#include "sealer/sealer.h"

namespace cuzk::bench {

using Clock = std::chrono::steady_clock;

// The PoSt challenge randomness the commands use when none is given (test data only).
inline constexpr const char* kDefaultPoStRandomness =
    "0b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e90a";

// Returns the seconds since `t`.
double Since(Clock::time_point t);
// Returns this process's peak resident set size in GiB.
double PeakRssGiB();
// This process's CPU seconds so far (every thread): in user mode and in the kernel.
struct CpuSeconds {
  double user = 0;
  double system = 0;
};
CpuSeconds ProcessCpuSeconds();
// Prints one partition's phase breakdown: "partition K (s): synthesis S | ntt ... | prove P |
// verify V" (cli tests and users read these lines).
void PrintPartitionReport(const engine::PartitionReport& report);
// Reads a whole file.
Result<std::string> ReadFileBytes(const std::string& path);
// Writes `data` to `path`, replacing it.
Status WriteFileBytes(const std::string& path, std::string_view data);
// Makes `run` the action of subcommand `cmd`; what it returns becomes cuzk-bench's exit status
// (0 = success), so an action ends by returning, with every destructor run, never by exiting.
void OnRun(CLI::App* cmd, std::function<int()> run);
// Returns the exit status the subcommand that ran returned (0 when none ran).
int ExitStatus();
// Prints "<command>: <what>: <message>" to stderr and returns 1 (the exit code).
int Fail(std::string_view command, std::string_view what, const Status& status);
// Resolves --sector-size (2KiB, 8MiB, 512MiB, 32GiB, 64GiB) and an optional --registered-proof
// (a Lotus id 0..19 or a name such as StackedDrg2KiBV1; empty = the size's V1_1 proof).
// Returns a comm_r given as 64 hex digits (the bytes the vanilla proofs carry), as a sealed CID
// (bagboea4b...), or as the path of lotus-bench's commdr.txt ("d:<CID> r:<CID>").
Result<filecoin::Bytes32> ParseCommRArgument(const std::string& arg);
Result<filecoin::RegisteredSealProof> ResolveProof(const std::string& sector_size,
                                                   const std::string& registered_proof);
// Resolves a PoSt proof type from --type (wpost or winning), --sector-size and an optional
// --registered-proof (a Lotus RegisteredPoStProof id 0..14; empty = Winning V1 or Window V1_1).
Result<filecoin::RegisteredPoStProof> ResolvePoStProof(const std::string& type,
                                                       const std::string& sector_size,
                                                       const std::string& registered_proof);
// What verifying a file of seal regression records found.
struct RecordsTally {
  size_t verified = 0, failed = 0, no_vk = 0, unsupported = 0, malformed = 0;
};
// Verifies rust-fil-proofs' seal regression records (JSON lines) against the .vk files in
// `params`, printing one line per record (verify-records); stops at the first failure with
// `fail_fast`.
Result<RecordsTally> VerifyRecordsFile(const std::string& records, const std::string& params,
                                       bool fail_fast = false);
// Seals a sector of `proof`'s size with seeded random data and a seeded ticket (test data).
Result<sealer::SealedSector> SealRandomSector(const filecoin::RegisteredSealProof& proof,
                                              uint64_t miner_id, uint64_t sector_id, uint64_t seed,
                                              size_t threads);
// Reads a PoSt request from the command line: the proof type, the randomness (64 hex digits)
// and a vanilla-proof file; `vanilla_bytes` receives the decoded bincode proofs.
Result<engine::PoStInput> LoadPoStInput(const std::string& type, const std::string& sector_size,
                                        const std::string& registered_proof,
                                        const std::string& randomness_hex,
                                        const std::string& vanilla_file, uint32_t partition,
                                        std::vector<std::string>* vanilla_bytes);
// Reads a SnapDeals request from the command line as the daemon is sent it: the sector size's
// registered update proof, the vanilla-proof file (one bincode PartitionProof per partition) and
// the commitments comm_r_old, comm_d_new, comm_r_new (hex in, raw bytes out).
Status ReadUpdateRequest(const std::string& sector_size, const std::string& vanilla_file,
                         const std::string& comm_r_old, const std::string& comm_d_new,
                         const std::string& comm_r_new, uint64_t* registered_proof,
                         std::vector<std::string>* vanilla_bytes,
                         std::array<std::string, 3>* commitments);
// Reads a SnapDeals request and decodes and checks it (engine::ParseUpdateInput).
Result<engine::UpdateInput> LoadUpdateInput(const std::string& sector_size,
                                            const std::string& vanilla_file,
                                            const std::string& comm_r_old,
                                            const std::string& comm_d_new,
                                            const std::string& comm_r_new);
// Reads a C1 file (raw or Curio-wrapped) and prints one line about it.
Result<filecoin::C1Output> LoadC1(const std::string& path);

}  // namespace cuzk::bench
