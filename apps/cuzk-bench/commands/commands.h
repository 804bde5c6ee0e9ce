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
// Registers `synth-only`: synthesize PoRep partitions (from a C1 or placeholder values) and
// report throughput and peak memory.
void RegisterSynthOnly(CLI::App& app);
// Registers `export-example`: write an example circuit as .r1cs/.wtns (for trying prove-r1cs).
void RegisterExportExample(CLI::App& app);

// Registers `gen-vanilla porep`: seal a small sector and write its C1.
void RegisterGenVanilla(CLI::App& app);
// Registers `gen-vanilla window-post` and `winning-post` under the gen-vanilla `group`.
void RegisterGenVanillaPoSt(CLI::App* group);
// Registers `prove-post`: prove and verify one PoSt partition locally.
void RegisterProvePoSt(CLI::App& app);
// Registers `gen-vanilla snap-prove` under the gen-vanilla `group`.
void RegisterGenVanillaSnap(CLI::App* group);
// Registers `gen-vanilla snap-poseidon-prove`: the same for SnapDeals' Poseidon variant.
void RegisterGenVanillaSnapPoseidon(CLI::App* group);
// Registers `prove-snap`: prove and verify a SnapDeals update locally.
void RegisterProveSnap(CLI::App& app);
// Registers `gen-c1 --synthetic`: a right-shaped C1 with random values, any sector size.
void RegisterGenC1(CLI::App& app);
// Registers `gen-params`: TEST Groth16 parameters for a sector size's PoRep or PoSt circuit.
void RegisterGenParams(CLI::App& app);
// Registers `load-params`: read a .params file as the daemon does, with its time and GB/s.
void RegisterLoadParams(CLI::App& app);
// Registers `prove`: a local C2 of a C1 file, every partition verified.
void RegisterProve(CLI::App& app);
// Registers `verify`: check a C2 proof file against a C1 and a .vk.
void RegisterVerify(CLI::App& app);
// Registers `aggregate`: SnarkPack v2 over PoRep proofs, or verify an aggregate.
void RegisterAggregate(CLI::App& app);
// Registers `verify-records`: verify rust-fil-proofs' seal regression records.
void RegisterVerifyRecords(CLI::App& app);
// Registers `public-inputs`: print a partition's public inputs.
void RegisterPublicInputs(CLI::App& app);
// Registers `export-r1cs`: write a partition's circuit and witness as iden3 files.
void RegisterExportR1cs(CLI::App& app);
// Registers `self-check`: prove and verify 2KiB PoRep/PoSt with a parameter directory, then the
// bundled regression records.
void RegisterSelfCheck(CLI::App& app);
// Registers `r1cs-hash`: print the bellpepper-compatible digest of a circuit's R1CS.
void RegisterR1csHash(CLI::App& app);

// Registers the global --addr of the client commands.
void RegisterClientOptions(CLI::App& app);
// Registers `single`: submit one proof to a running daemon and wait for it.
void RegisterSingle(CLI::App& app);
// Registers `status`: print a running daemon's queues and loaded parameters.
void RegisterStatus(CLI::App& app);

// Registers `metrics`: print a running daemon's Prometheus metrics.
void RegisterMetrics(CLI::App& app);
// Registers `batch`: many copies of one proof through the daemon; latency and proofs/h.
void RegisterBatch(CLI::App& app);
// Registers `stress`: jobs at fixed rates per priority for a duration, latency per priority.
void RegisterStress(CLI::App& app);
// Registers `cancel`: cancel a job on the daemon.
void RegisterCancel(CLI::App& app);
// Registers `preload` and `evict`: manage the daemon's resident parameters.
void RegisterSrsCommands(CLI::App& app);

}  // namespace cuzk::bench
