// SPDX-License-Identifier: Apache-2.0 OR MIT
// PoSt commands: `gen-vanilla window-post|winning-post` seal small sectors, or read one sealed
// sector in Lotus's layout (--sealed, --cache, --comm-r, as Curio's Rust cuzk-bench), and write
// the vanilla proofs Curio would send (a JSON array of base64 bincode FallbackPoStSectorProofs;
// for a WindowPoSt over more sectors than one partition holds, also one file per partition, as
// Curio sends each partition to the prover on its own), and
// `prove-post` proves and verifies one PoSt partition locally, without the daemon.
#include "sealer/post.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "engine/kinds/post_work.h"
#include "groth16/params_io.h"
#include "sealer/lotus_layout.h"

namespace cuzk::bench {
namespace {

struct GenPoStOptions {
  std::string sector_size = "2KiB", registered_proof, randomness = kDefaultPoStRandomness, out;
  std::string sealed, cache, comm_r;  // a sector in Lotus's layout
  uint32_t sectors = 2;
  uint64_t seed = 1, miner_id = 1000, first_sector_id = 1;
  size_t threads = 0;
};

// `out` with ".partition<k>" before its extension: wpost.json -> wpost.partition1.json.
std::string PartitionFileName(const std::string& out, uint32_t k) {
  std::filesystem::path p(out);
  std::string stem = p.extension().empty() ? p.filename().string() : p.stem().string();
  return (p.parent_path() / (stem + ".partition" + std::to_string(k) + p.extension().string()))
      .string();
}

// One sector read from its replica and cache directory, as Curio's Rust cuzk-bench does.
int RunGenPoStFromFiles(const std::string& name, const filecoin::RegisteredPoStProof& post,
                        const filecoin::Bytes32& randomness, const GenPoStOptions& o) {
  if (o.cache.empty() || o.comm_r.empty()) {
    return Fail(name, "arguments",
                Status::InvalidArgument("--sealed needs --cache and --comm-r as well"));
  }
  auto comm_r = ParseCommRArgument(o.comm_r);
  if (!comm_r.ok()) return Fail(name, "--comm-r", comm_r.status());
  auto start = Clock::now();
  auto v = sealer::GeneratePoStVanillaFromFiles({o.sealed, o.cache}, post, *comm_r,
                                                o.first_sector_id, randomness);
  if (!v.ok()) return Fail(name, "vanilla proof", v.status());
  auto bytes = filecoin::WriteFallbackPoStSectorProof(*v);
  std::vector<std::string> proofs{std::string(bytes.begin(), bytes.end())};
  if (Status s = WriteFileBytes(o.out, filecoin::WriteVanillaProofList(proofs)); !s.ok()) {
    return Fail(name, "writing", s);
  }
  std::printf(
      "wrote %s: the %s vanilla proof of sector %lu (%s, %u challenged leaves, %zu bytes) in "
      "%.2f s\n  comm_r %s\n",
      o.out.c_str(), std::string(post.name).c_str(), static_cast<unsigned long>(o.first_sector_id),
      o.sealed.c_str(), post.challenge_count, bytes.size(), Since(start), ToHex(*comm_r).c_str());
  return 0;
}

int RunGenPoSt(const std::string& type, const GenPoStOptions& o) {
  std::string name =
      "gen-vanilla " + std::string(type == "winning" ? "winning-post" : "window-post");
  auto post = ResolvePoStProof(type, o.sector_size, o.registered_proof);
  if (!post.ok()) return Fail(name, "arguments", post.status());
  auto randomness = FromHex(o.randomness);
  if (!randomness.ok() || randomness->size() != 32) {
    return Fail(name, "--randomness", Status::InvalidArgument("expected 64 hex digits (32 bytes)"));
  }
  filecoin::Bytes32 seed_bytes;
  std::copy(randomness->begin(), randomness->end(), seed_bytes.begin());
  if (!o.sealed.empty()) return RunGenPoStFromFiles(name, *post, seed_bytes, o);
  uint32_t count = type == "winning" ? 1 : o.sectors;
  constexpr uint32_t kMaxPartitions = 16;
  if (count == 0 || count > kMaxPartitions * post->sector_count) {
    return Fail(name, "--sectors",
                Status::InvalidArgument(std::string(post->name) + " takes 1 to " +
                                        std::to_string(kMaxPartitions * post->sector_count) +
                                        " sectors here (" + std::to_string(post->sector_count) +
                                        " per partition)"));
  }
  auto seal = ResolveProof(o.sector_size, "");
  if (!seal.ok()) return Fail(name, "arguments", seal.status());
  std::vector<std::string> proofs;
  auto start = Clock::now();
  for (uint32_t i = 0; i < count; ++i) {
    uint64_t sector_id = o.first_sector_id + i;
    auto sector = SealRandomSector(*seal, o.miner_id, sector_id, o.seed + i, o.threads);
    if (!sector.ok()) return Fail(name, "sealing", sector.status());
    auto v = sealer::GeneratePoStVanilla(*sector, *post, seed_bytes, i / post->sector_count,
                                         i % post->sector_count);
    if (!v.ok()) return Fail(name, "vanilla proof", v.status());
    auto bytes = filecoin::WriteFallbackPoStSectorProof(*v);
    proofs.emplace_back(bytes.begin(), bytes.end());
    std::printf("  sector %lu sealed: comm_r %s, %u challenged leaves\n",
                static_cast<unsigned long>(sector_id), ToHex(v->comm_r).c_str(),
                post->challenge_count);
  }
  if (Status s = WriteFileBytes(o.out, filecoin::WriteVanillaProofList(proofs)); !s.ok()) {
    return Fail(name, "writing", s);
  }
  const uint32_t partitions = (count + post->sector_count - 1) / post->sector_count;
  for (uint32_t k = 0; partitions > 1 && k < partitions; ++k) {
    std::string file = PartitionFileName(o.out, k);
    auto first = proofs.begin() + k * post->sector_count;
    std::vector<std::string> part(
        first, first + std::min<size_t>(post->sector_count, proofs.end() - first));
    if (Status s = WriteFileBytes(file, filecoin::WriteVanillaProofList(part)); !s.ok()) {
      return Fail(name, "writing", s);
    }
    std::printf("wrote %s: partition %u's %zu vanilla proof(s) (prove it with --partition %u)\n",
                file.c_str(), k, part.size(), k);
  }
  std::printf(
      "wrote %s: %u %s vanilla proof(s) in %.2f s\nprove it with: cuzk-bench prove-post "
      "--type %s --sector-size %s --registered-proof %lu --randomness %s --vanilla %s "
      "--params DIR\n",
      o.out.c_str(), count, std::string(post->name).c_str(), Since(start), type.c_str(),
      o.sector_size.c_str(), static_cast<unsigned long>(post->id), o.randomness.c_str(),
      o.out.c_str());
  return 0;
}

}  // namespace

Result<engine::PoStInput> LoadPoStInput(const std::string& type, const std::string& sector_size,
                                        const std::string& registered_proof,
                                        const std::string& randomness_hex,
                                        const std::string& vanilla_file, uint32_t partition,
                                        std::vector<std::string>* vanilla_bytes) {
  auto post = ResolvePoStProof(type, sector_size, registered_proof);
  RETURN_IF_ERROR(post);
  auto randomness = FromHex(randomness_hex);
  if (!randomness.ok())
    return Status::InvalidArgument("--randomness: " + randomness.status().message());
  auto json = ReadFileBytes(vanilla_file);
  RETURN_IF_ERROR(json);
  auto list = filecoin::ParseVanillaProofList(*json);
  if (!list.ok()) return Status::InvalidArgument(vanilla_file + ": " + list.status().message());
  *vanilla_bytes = *list;
  std::string seed(randomness->begin(), randomness->end());
  return engine::ParsePoStInput(post->id, *list, seed, partition);
}

void RegisterGenVanillaPoSt(CLI::App* group) {
  static GenPoStOptions o;
  for (std::string type : {"wpost", "winning"}) {
    bool winning = type == "winning";
    auto* cmd = group->add_subcommand(
        winning ? "winning-post" : "window-post",
        winning ? "Write a WinningPoSt vanilla proof (66 challenges) of a sealed sector in Lotus's "
                  "layout (--sealed, --cache, --comm-r), or of a small sector sealed here"
                : "Write WindowPoSt vanilla proofs (10 challenges each) of a sealed sector in "
                  "Lotus's layout (--sealed, --cache, --comm-r), or of small sectors sealed here");
    cmd->add_option("--sector-size", o.sector_size,
                    "2KiB, 8MiB or 512MiB; with --sealed also 32GiB or 64GiB")
        ->capture_default_str();
    cmd->add_option("--sealed", o.sealed,
                    "Sealed replica file of a sector in Lotus's layout (sealed/s-t0<miner>-<n>)")
        ->check(CLI::ExistingFile);
    cmd->add_option("--cache", o.cache,
                    "Its cache directory (cache/s-t0<miner>-<n>: p_aux, sc-02-data-tree-r-last*)")
        ->check(CLI::ExistingDirectory);
    cmd->add_option("--comm-r", o.comm_r,
                    "Its comm_r: a sealed CID (bagboea4b...), 64 hex digits, or commdr.txt");
    cmd->add_option("--registered-proof", o.registered_proof,
                    winning ? "Lotus RegisteredPoStProof id 0-4 (default: the size's)"
                            : "Lotus RegisteredPoStProof id 5-14 (default: the size's V1_1)");
    cmd->add_option("--randomness", o.randomness, "Challenge randomness, 64 hex digits")
        ->capture_default_str();
    if (!winning) {
      cmd->add_option("--sectors", o.sectors,
                      "Sectors (more than one partition holds: also one file per partition)")
          ->capture_default_str();
    }
    cmd->add_option("--seed", o.seed, "Seed of the sectors' random data")->capture_default_str();
    cmd->add_option("--miner-id", o.miner_id, "Miner actor id")->capture_default_str();
    cmd->add_option("--sector-id,--sector-number,--sector-num", o.first_sector_id,
                    "Number of the (first) sector")
        ->capture_default_str();
    cmd->add_option("-o,--out,--output", o.out, "Output: JSON array of base64 bincode proofs")
        ->required();
    cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
    cmd->callback([type] {
      if (int rc = RunGenPoSt(type, o); rc != 0) std::exit(rc);
    });
  }
}

void RegisterProvePoSt(CLI::App& app) {
  struct Options {
    std::string type = "wpost", sector_size = "2KiB", registered_proof,
                randomness = kDefaultPoStRandomness, vanilla, params, out;
    uint32_t partition = 0;
    size_t threads = 0;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "prove-post", "Prove one WindowPoSt partition or a WinningPoSt locally, verified");
  cmd->add_option("--type", o.type, "wpost or winning")
      ->check(CLI::IsMember({"wpost", "winning"}))
      ->capture_default_str();
  cmd->add_option("--sector-size", o.sector_size, "2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
      ->capture_default_str();
  cmd->add_option("--registered-proof", o.registered_proof,
                  "Lotus RegisteredPoStProof id (default: Winning V1 or Window V1_1 of the size)");
  cmd->add_option("--randomness", o.randomness, "Challenge randomness, 64 hex digits")
      ->capture_default_str();
  cmd->add_option("--vanilla", o.vanilla, "JSON array of base64 bincode vanilla proofs")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--partition", o.partition, "WindowPoSt partition index")->capture_default_str();
  cmd->add_option("--params", o.params, "Parameter directory (official file names)")->required();
  cmd->add_option("--out", o.out, "Write the 192-byte proof here");
  cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
  cmd->callback([] {
    const char* name = "prove-post";
    auto start = Clock::now();
    std::vector<std::string> bytes;
    auto input = LoadPoStInput(o.type, o.sector_size, o.registered_proof, o.randomness, o.vanilla,
                               o.partition, &bytes);
    if (!input.ok()) std::exit(Fail(name, "input", input.status()));
    const auto& post = input->statement.proof;
    std::string path =
        (std::filesystem::path(o.params) / filecoin::PoStParamsFileName(post, "params")).string();
    auto t = Clock::now();
    auto pk = groth16::ReadParams(path, ec::SubgroupCheck::kSkip, o.threads);
    if (!pk.ok()) std::exit(Fail(name, "reading the parameters", pk.status()));
    std::printf("%s: %zu sector(s); parameters %s read in %.2f s\n", std::string(post.name).c_str(),
                input->vanilla.size(), path.c_str(), Since(t));
    auto circuit = engine::SynthesizePoSt(*input);
    if (!circuit.ok()) std::exit(Fail(name, "synthesis", circuit.status()));
    size_t constraints = circuit->assignment->num_constraints();
    engine::PartitionReport r;
    auto proof = engine::ProveAndVerify(*pk, groth16::PrepareVerifyingKey(pk->vk),
                                        std::move(circuit).value(), o.threads, &r);
    if (!proof.ok()) std::exit(Fail(name, "proving", proof.status()));
    std::printf("%zu constraints synthesized at %.2f M/s\n", constraints,
                constraints / r.synthesis_s / 1e6);
    PrintPartitionReport(r);
    if (!o.out.empty()) {
      std::string_view out(reinterpret_cast<const char*>(proof->data()), proof->size());
      if (Status s = WriteFileBytes(o.out, out); !s.ok()) std::exit(Fail(name, "writing", s));
    }
    double total = Since(start);
    std::printf("proof verified%s%s; total %.2f s = %.0f proofs/h, peak RSS %.2f GiB\n",
                o.out.empty() ? "" : ", wrote ", o.out.c_str(), total, 3600.0 / total,
                PeakRssGiB());
  });
}

}  // namespace cuzk::bench
