// SPDX-License-Identifier: Apache-2.0 OR MIT
// cuzk-bench: the command-line front end for benchmarks and, as the project grows, local proving.
//
// Commands (`cuzk-bench --help` lists them with one line each):
//   tour            self-checking tour of BLS12-381 arithmetic with timings (exit 1 on mismatch)
//   prove-r1cs      prove + verify a circom/snarkjs .r1cs/.wtns; writes proof, vk, public inputs
//   export-example  write an example circuit (MiMC chain) as .r1cs/.wtns
//   synth-only      synthesize PoRep partitions (C1 or placeholder): seconds, constraints/s, RSS
//   gen-vanilla     seal small sectors (2KiB-512MiB): a C1, PoSt or SnapDeals vanilla proofs
//   gen-c1          write a synthetic (right shape, random values) C1 of any sector size
//   gen-params      TEST Groth16 parameters for a PoRep, PoSt or SnapDeals circuit
//   load-params     read a .params file as the daemon does; time and GB/s
//   prove           local C2: prove every partition of a C1, verify, write the proof (NI-PoRep:
//                   the SnarkPack aggregate)
//   prove-post      local WindowPoSt partition or WinningPoSt proof, verified
//   prove-snap      local SnapDeals proof (every partition), verified
//   verify          verify a proof of any kind against its inputs and a .vk
//   aggregate       SnarkPack v2 over PoRep proofs (Lotus's commit aggregation), or verify one
//   verify-records  verify rust-fil-proofs' seal regression records against .vk files
//   public-inputs   print a partition's public inputs (0x big-endian hex)
//   export-r1cs     write a partition's circuit and witness as iden3 .r1cs/.wtns
//   r1cs-hash       the R1CS digest (bellpepper's TestConstraintSystem::hash) of a circuit
//   self-check      after installing: prove and verify 2KiB PoRep and PoSt, verify the records
//   single, batch, stress, status, metrics, cancel, preload, evict
//                   client commands against a running cuzk-daemon (global --addr)
#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>

#include "commands/commands.h"
#include "commands/common.h"
#include "common/field_kernels.h"
#include "engine/logging.h"

int main(int argc, char** argv) {
  cuzk::apps::ChooseFieldKernelsFromEnvironment("cuzk-bench");
  CLI::App app{"cuzk-bench: benchmarks and tools for the cuzk Filecoin proving engine"};
  app.require_subcommand(1);
  std::string log_level;
  app.add_option("--log-level", log_level,
                 "Engine log level: off, error, warn, info, debug or trace, any case, or "
                 "RUST_LOG-style directives (\"cuzk_core=debug,info\"); default $RUST_LOG, "
                 "else info");
  // Before any command runs.
  app.parse_complete_callback([&] {
    if (log_level.empty()) {
      const char* env = std::getenv("RUST_LOG");
      log_level = env ? env : "info";
    }
    auto level = cuzk::engine::ParseLogDirectives(log_level, nullptr);
    if (!level.ok()) {
      std::fprintf(stderr, "cuzk-bench: %s\n", level.status().message().c_str());
      std::exit(2);
    }
    (void)cuzk::engine::ConfigureLogging(*level, "text");
  });
  cuzk::bench::RegisterTour(app);
  cuzk::bench::RegisterProveR1cs(app);
  cuzk::bench::RegisterExportExample(app);
  cuzk::bench::RegisterSynthOnly(app);
  cuzk::bench::RegisterGenVanilla(app);
  cuzk::bench::RegisterGenC1(app);
  cuzk::bench::RegisterGenParams(app);
  cuzk::bench::RegisterLoadParams(app);
  cuzk::bench::RegisterProve(app);
  cuzk::bench::RegisterProvePoSt(app);
  cuzk::bench::RegisterProveSnap(app);
  cuzk::bench::RegisterVerify(app);
  cuzk::bench::RegisterAggregate(app);
  cuzk::bench::RegisterVerifyRecords(app);
  cuzk::bench::RegisterPublicInputs(app);
  cuzk::bench::RegisterExportR1cs(app);
  cuzk::bench::RegisterR1csHash(app);
  cuzk::bench::RegisterSelfCheck(app);
  cuzk::bench::RegisterClientOptions(app);
  cuzk::bench::RegisterSingle(app);
  cuzk::bench::RegisterStatus(app);
  cuzk::bench::RegisterMetrics(app);
  cuzk::bench::RegisterStress(app);
  cuzk::bench::RegisterBatch(app);
  cuzk::bench::RegisterCancel(app);
  cuzk::bench::RegisterSrsCommands(app);
  CLI11_PARSE(app, argc, argv);
  return cuzk::bench::ExitStatus();
}
