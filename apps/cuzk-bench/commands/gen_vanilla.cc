// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench gen-vanilla porep`: seals a small sector exactly as Filecoin does (random, zero or
// file data) and writes the C1 a storage provider's node would hand to C2, raw or in Curio's
// wrapper, and (--lotus-dir) the sector's files in Lotus's layout, which `gen-vanilla
// window-post|winning-post --sealed` read. Sealing is in memory: 2KiB, 8MiB and 512MiB sectors.
// (The PoSt subcommands are in post.cc.)
#include <cstdio>
#include <filesystem>
#include <random>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "filecoin/commitment_cid.h"
#include "sealer/lotus_layout.h"
#include "sealer/sealer.h"

namespace cuzk::bench {
namespace {

struct GenVanillaOptions {
  std::string sector_size = "2KiB";
  std::string registered_proof;
  uint64_t seed = 1;
  std::string data;
  bool zero = false;
  std::string out;
  std::string lotus_dir;
  bool wrap = false;
  uint64_t miner_id = 1000;
  uint64_t sector_id = 1;
  size_t threads = 0;
};

// The identity of a test sector: prover_id from the miner id, a ticket drawn from `rng`.
sealer::SealIdentity TestIdentity(uint64_t proof_id, uint64_t miner_id, uint64_t sector_id,
                                  std::mt19937_64& rng) {
  sealer::SealIdentity identity;
  identity.registered_proof = proof_id;
  identity.prover_id = filecoin::ProverId(miner_id);
  identity.sector_id = sector_id;
  for (auto& b : identity.ticket) b = static_cast<uint8_t>(rng());
  identity.ticket[31] &= 0x3f;
  return identity;
}

int RunGenVanilla(const GenVanillaOptions& o) {
  const char* cmd = "gen-vanilla porep";
  if (o.out.empty() && o.lotus_dir.empty()) {
    return Fail(cmd, "arguments", Status::InvalidArgument("give --out, --lotus-dir or both"));
  }
  auto proof = ResolveProof(o.sector_size, o.registered_proof);
  if (!proof.ok()) return Fail(cmd, "arguments", proof.status());
  if (proof->shape.nodes > (uint64_t{1} << 24)) {
    return Fail(cmd, "arguments",
                Status::InvalidArgument("the in-memory sealer handles up to 512MiB sectors; use "
                                        "gen-c1 --synthetic for larger ones"));
  }
  uint64_t nodes = proof->shape.nodes;
  std::vector<filecoin::Bytes32> data;
  const char* source = "random";
  if (!o.data.empty()) {
    auto raw = ReadFileBytes(o.data);
    if (!raw.ok()) return Fail(cmd, "reading --data", raw.status());
    auto padded = sealer::Fr32Pad(*raw, nodes);
    if (!padded.ok()) return Fail(cmd, "--data", padded.status());
    data = std::move(padded).value();
    source = "file (Fr32-padded)";
  } else if (o.zero) {
    data.assign(nodes, filecoin::Bytes32{});
    source = "zero";
  } else {
    data = sealer::RandomSectorData(nodes, o.seed);
  }
  std::mt19937_64 rng(o.seed ^ 0x7469636b6574ULL);  // "ticket"
  sealer::SealIdentity identity = TestIdentity(proof->id, o.miner_id, o.sector_id, rng);
  filecoin::Bytes32 seed;
  for (auto& b : seed) b = static_cast<uint8_t>(rng());
  seed[31] &= 0x3f;
  std::printf("sealing %s (%s data, miner f0%lu sector %lu)\n", std::string(proof->name).c_str(),
              source, static_cast<unsigned long>(o.miner_id),
              static_cast<unsigned long>(o.sector_id));
  auto start = Clock::now();
  auto sector = sealer::Seal(
      identity, std::move(data), o.threads, [](std::string_view stage, double seconds) {
        std::printf("  %-36.*s %8.2f s\n", static_cast<int>(stage.size()), stage.data(), seconds);
        std::fflush(stdout);
      });
  if (!sector.ok()) return Fail(cmd, "sealing", sector.status());
  if (!o.lotus_dir.empty()) {
    sealer::LotusSectorPaths paths = sealer::LotusPaths(o.lotus_dir, o.miner_id, o.sector_id);
    if (Status s = sealer::WriteLotusSector(*sector, paths); !s.ok()) {
      return Fail(cmd, "writing the sector's files", s);
    }
    std::string commdr = (std::filesystem::path(o.lotus_dir) / "commdr.txt").string();
    filecoin::CommDR dr{sector->comm_d(), sealer::FrBytes(sector->comm_r)};
    if (Status s = WriteFileBytes(commdr, filecoin::FormatCommDR(dr)); !s.ok()) {
      return Fail(cmd, "writing", s);
    }
    std::printf("wrote %s and %s (Lotus's layout), and %s\n  comm_r %s\n  %s", paths.sealed.c_str(),
                paths.cache.c_str(), commdr.c_str(), ToHex(dr.comm_r).c_str(),
                filecoin::FormatCommDR(dr).c_str());
    if (o.out.empty()) return 0;
  }
  auto c1 = sealer::Commit1(*sector, seed);
  if (!c1.ok()) return Fail(cmd, "writing the vanilla proofs", c1.status());
  std::string json = filecoin::WriteC1Json(*c1);
  if (o.wrap) {
    json = filecoin::WrapC1ForCurio(json, static_cast<int64_t>(o.sector_id),
                                    proof->shape.sector_bytes);
  }
  if (Status s = WriteFileBytes(o.out, json); !s.ok()) return Fail(cmd, "writing", s);
  std::printf("sealed and committed in %.2f s, peak RSS %.2f GiB\n  comm_d %s\n  comm_r %s\n",
              Since(start), PeakRssGiB(), ToHex(c1->comm_d).c_str(), ToHex(c1->comm_r).c_str());
  std::printf("wrote %s (%s, %.2f MB)\n", o.out.c_str(), o.wrap ? "Curio wrapper" : "raw C1",
              static_cast<double>(json.size()) / 1e6);
  return 0;
}

}  // namespace

Result<sealer::SealedSector> SealRandomSector(const filecoin::RegisteredSealProof& proof,
                                              uint64_t miner_id, uint64_t sector_id, uint64_t seed,
                                              size_t threads) {
  std::mt19937_64 rng(seed ^ 0x7469636b6574ULL);  // "ticket"
  return sealer::Seal(TestIdentity(proof.id, miner_id, sector_id, rng),
                      sealer::RandomSectorData(proof.shape.nodes, seed), threads);
}

void RegisterGenVanilla(CLI::App& app) {
  static GenVanillaOptions o;
  auto* group = app.add_subcommand("gen-vanilla", "Make test inputs by sealing real sectors");
  group->require_subcommand(1);
  auto* cmd = group->add_subcommand(
      "porep", "Seal a small sector (2KiB, 8MiB, 512MiB) and write its C1 (vanilla proofs)");
  cmd->add_option("--sector-size", o.sector_size, "2KiB, 8MiB or 512MiB")->capture_default_str();
  cmd->add_option("--registered-proof", o.registered_proof,
                  "Lotus id (0-19) or name; default: the size's V1_1 proof");
  cmd->add_option("--seed", o.seed, "Seed of the random data, ticket and interactive seed")
      ->capture_default_str();
  auto* data = cmd->add_option("--data", o.data, "Sector contents from FILE (Fr32-padded)")
                   ->check(CLI::ExistingFile);
  cmd->add_flag("--zero", o.zero, "All-zero sector (a committed-capacity sector)")->excludes(data);
  cmd->add_option("--miner-id", o.miner_id, "Miner actor id (prover_id)")->capture_default_str();
  cmd->add_option("--sector-id,--sector-number", o.sector_id, "Sector number")
      ->capture_default_str();
  cmd->add_option("-o,--out,--output", o.out, "C1 JSON output file");
  cmd->add_option("--lotus-dir", o.lotus_dir,
                  "Also write the sector in Lotus's layout: DIR/sealed/s-t0<miner>-<n>, "
                  "DIR/cache/s-t0<miner>-<n> (p_aux, tree R_last) and DIR/commdr.txt");
  cmd->add_flag("--wrap", o.wrap, "Write Curio's {SectorNum, Phase1Out, SectorSize} wrapper");
  cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
  cmd->callback([] {
    if (int rc = RunGenVanilla(o); rc != 0) std::exit(rc);
  });
  RegisterGenVanillaPoSt(group);
  RegisterGenVanillaSnap(group);
  RegisterGenVanillaSnapPoseidon(group);
}

}  // namespace cuzk::bench
