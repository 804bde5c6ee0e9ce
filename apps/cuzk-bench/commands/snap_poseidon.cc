// SPDX-License-Identifier: Apache-2.0 OR MIT
// `gen-vanilla snap-poseidon-prove`: seals a small sector, updates it with new data the way
// SnapDeals' Poseidon variant does (tree D a Poseidon tree of tree R's shape) and writes the one
// vanilla proof a client sends (a JSON array of one base64 bincode PartitionProof) with the three
// commitments. `single --type snap-poseidon` sends it to the daemon.
#include <cstdio>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "sealer/update_poseidon.h"

namespace cuzk::bench {

void RegisterGenVanillaSnapPoseidon(CLI::App* group) {
  struct Options {
    std::string sector_size = "2KiB", out;
    uint64_t seed = 1, sector_id = 1;
    size_t threads = 0;
  };
  static Options o;
  auto* cmd = group->add_subcommand(
      "snap-poseidon-prove",
      "Seal a small sector, update it with new data (Poseidon variant), write its vanilla proof "
      "and print the commitments");
  cmd->add_option("--sector-size", o.sector_size, "2KiB, 8MiB or 512MiB")->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed of the old and new data")->capture_default_str();
  cmd->add_option("--sector-id,--sector-number", o.sector_id, "Sector number")
      ->capture_default_str();
  cmd->add_option("-o,--out,--output", o.out,
                  "Output: JSON array of one base64 bincode partition proof")
      ->required();
  cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
  cmd->callback([] {
    const char* name = "gen-vanilla snap-poseidon-prove";
    auto seal = ResolveProof(o.sector_size, "");
    if (!seal.ok()) std::exit(Fail(name, "arguments", seal.status()));
    auto start = Clock::now();
    auto sector = SealRandomSector(*seal, 1000, o.sector_id, o.seed, o.threads);
    if (!sector.ok()) std::exit(Fail(name, "sealing", sector.status()));
    auto update = sealer::EncodeUpdatePoseidon(
        *sector, sealer::RandomSectorData(seal->shape.nodes, o.seed + 1));
    if (!update.ok()) std::exit(Fail(name, "encoding the update", update.status()));
    auto bytes = filecoin::WriteUpdatePoseidonPartitionProof(
        sealer::UpdatePoseidonVanillaProof(*sector, *update));
    std::vector<std::string> proofs = {std::string(bytes.begin(), bytes.end())};
    if (Status s = WriteFileBytes(o.out, filecoin::WriteVanillaProofList(proofs)); !s.ok()) {
      std::exit(Fail(name, "writing", s));
    }
    auto hex = [](const ff::Fr& x) { return ToHex(x.ToBytesLE()); };
    std::printf(
        "wrote %s: one %s Poseidon-variant proof (%u challenges) in %.2f s\ncomm_r_old %s\n"
        "comm_d_new %s\ncomm_r_new %s\n",
        o.out.c_str(), std::string(update->proof.name).c_str(),
        filecoin::UpdatePoseidonChallengeCount(seal->shape.nodes), Since(start),
        hex(update->comm_r_old).c_str(), hex(update->comm_d_new()).c_str(),
        hex(update->comm_r_new).c_str());
  });
}

}  // namespace cuzk::bench
