// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals commands: `gen-vanilla snap-prove` seals a small sector and updates it with new data
// (--lotus-dir: and writes both in Lotus's layout), or reads an updated sector from its files as
// Curio's Rust cuzk-bench does (--sector-key, --sector-key-cache, --replica, --replica-cache,
// --orig-commdr, --update-commdr), and writes the per-partition vanilla proofs Curio would send
// (a JSON array of base64 bincode PartitionProofs) and the three commitments; `prove-snap` proves
// and verifies every partition locally, without the daemon.
#include <cstdio>
#include <filesystem>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "engine/kinds/update_work.h"
#include "filecoin/commitment_cid.h"
#include "groth16/params_io.h"
#include "sealer/lotus_update.h"
#include "sealer/update.h"

namespace cuzk::bench {
namespace {

std::string Hex(const ff::Fr& x) {
  auto bytes = x.ToBytesLE();
  return ToHex(bytes);
}

struct GenSnapOptions {
  std::string sector_size = "2KiB", registered_proof, out, lotus_dir;
  std::string sector_key, sector_key_cache, replica, replica_cache, orig_commdr, update_commdr;
  std::string comm_d_new, comm_r_new;  // hex, instead of --update-commdr
  uint64_t seed = 1, sector_id = 1, miner_id = 1000;
  size_t threads = 0;
};

// The update proof of --registered-proof (an id 0-4 or a name), else of --sector-size.
Result<filecoin::RegisteredUpdateProof> ResolveUpdateProof(const GenSnapOptions& o) {
  if (!o.registered_proof.empty()) {
    for (uint64_t id = 0; id < 5; ++id) {
      auto p = filecoin::UpdateProofById(id);
      if (p.ok() && (p->name == o.registered_proof || std::to_string(id) == o.registered_proof)) {
        return p;
      }
    }
    return Status::InvalidArgument("--registered-proof: unknown RegisteredUpdateProof " +
                                   o.registered_proof + " (0-4 or its name)");
  }
  auto seal = ResolveProof(o.sector_size, "");
  RETURN_IF_ERROR(seal);
  return filecoin::UpdateProofById(seal->id % 5);
}

void WriteSnapOutput(const char* name, const GenSnapOptions& o,
                     const std::vector<filecoin::UpdatePartitionProof>& partitions,
                     const filecoin::RegisteredUpdateProof& proof, const std::string& comm_r_old,
                     const std::string& comm_d_new, const std::string& comm_r_new,
                     Clock::time_point start) {
  std::vector<std::string> proofs;
  for (const auto& v : partitions) {
    auto bytes = filecoin::WriteUpdatePartitionProof(v);
    proofs.emplace_back(bytes.begin(), bytes.end());
  }
  if (Status s = WriteFileBytes(o.out, filecoin::WriteVanillaProofList(proofs)); !s.ok()) {
    std::exit(Fail(name, "writing", s));
  }
  std::printf(
      "wrote %s: %zu %s partition proof(s) in %.2f s\ncomm_r_old %s\ncomm_d_new %s\n"
      "comm_r_new %s\n",
      o.out.c_str(), proofs.size(), std::string(proof.name).c_str(), Since(start),
      comm_r_old.c_str(), comm_d_new.c_str(), comm_r_new.c_str());
}

// An updated sector read from its files, as the Rust cuzk-bench reads it.
int RunGenSnapFromFiles(const char* name, const GenSnapOptions& o) {
  for (const auto& [flag, value] :
       {std::pair{"--sector-key-cache", &o.sector_key_cache}, std::pair{"--replica", &o.replica},
        std::pair{"--replica-cache", &o.replica_cache},
        std::pair{"--orig-commdr (or --comm-r-old)", &o.orig_commdr}}) {
    if (value->empty()) {
      return Fail(name, "arguments",
                  Status::InvalidArgument(std::string("--sector-key needs ") + flag + " as well"));
    }
  }
  if (o.update_commdr.empty() == (o.comm_d_new.empty() || o.comm_r_new.empty())) {
    return Fail(name, "arguments",
                Status::InvalidArgument("--sector-key needs --update-commdr, or --comm-d-new and "
                                        "--comm-r-new"));
  }
  auto proof = ResolveUpdateProof(o);
  if (!proof.ok()) return Fail(name, "arguments", proof.status());
  auto comm_r_old = ParseCommRArgument(o.orig_commdr);
  if (!comm_r_old.ok()) return Fail(name, "--orig-commdr", comm_r_old.status());
  filecoin::CommDR new_dr;
  if (!o.update_commdr.empty()) {
    auto text = ReadFileBytes(o.update_commdr);
    if (!text.ok()) return Fail(name, "--update-commdr", text.status());
    auto dr = filecoin::ParseCommDR(*text);
    if (!dr.ok()) return Fail(name, "--update-commdr " + o.update_commdr, dr.status());
    new_dr = *dr;
  } else {
    auto d = FromHex(o.comm_d_new);
    auto r = FromHex(o.comm_r_new);
    if (!d.ok() || d->size() != 32 || !r.ok() || r->size() != 32) {
      return Fail(name, "arguments",
                  Status::InvalidArgument("--comm-d-new and --comm-r-new: 64 hex digits each"));
    }
    std::copy(d->begin(), d->end(), new_dr.comm_d.begin());
    std::copy(r->begin(), r->end(), new_dr.comm_r.begin());
  }
  auto start = Clock::now();
  auto v = sealer::GenerateUpdateVanillaFromFiles({o.sector_key, o.sector_key_cache},
                                                  {o.replica, o.replica_cache}, *proof, *comm_r_old,
                                                  new_dr.comm_d, new_dr.comm_r);
  if (!v.ok()) return Fail(name, "vanilla proofs", v.status());
  WriteSnapOutput(name, o, *v, *proof, ToHex(*comm_r_old), ToHex(new_dr.comm_d),
                  ToHex(new_dr.comm_r), start);
  return 0;
}

// Writes the sector key and the update in Lotus's layout under `dir`, with commdr.txt (the
// sector key's) and update-commdr.txt.
Status WriteSnapLotusDir(const std::string& dir, uint64_t miner_id, uint64_t sector_id,
                         const sealer::SealedSector& sector, const sealer::UpdatedSector& update) {
  RETURN_IF_ERROR(sealer::WriteLotusSector(sector, sealer::LotusPaths(dir, miner_id, sector_id)));
  RETURN_IF_ERROR(
      sealer::WriteLotusUpdate(update, sealer::LotusUpdatePaths(dir, miner_id, sector_id)));
  std::filesystem::path root(dir);
  RETURN_IF_ERROR(
      WriteFileBytes((root / "commdr.txt").string(),
                     filecoin::FormatCommDR({sector.comm_d(), sealer::FrBytes(sector.comm_r)})));
  return WriteFileBytes(
      (root / "update-commdr.txt").string(),
      filecoin::FormatCommDR({update.tree_d_new.Root(), sealer::FrBytes(update.comm_r_new)}));
}

}  // namespace

Status ReadUpdateRequest(const std::string& sector_size, const std::string& vanilla_file,
                         const std::string& comm_r_old, const std::string& comm_d_new,
                         const std::string& comm_r_new, uint64_t* registered_proof,
                         std::vector<std::string>* vanilla_bytes,
                         std::array<std::string, 3>* commitments) {
  auto seal = ResolveProof(sector_size, "");
  RETURN_IF_ERROR(seal);
  *registered_proof = seal->id % 5;  // the size's RegisteredUpdateProof
  auto json = ReadFileBytes(vanilla_file);
  RETURN_IF_ERROR(json);
  auto list = filecoin::ParseVanillaProofList(*json);
  if (!list.ok()) return Status::InvalidArgument(vanilla_file + ": " + list.status().message());
  *vanilla_bytes = *list;
  const std::string* hexes[] = {&comm_r_old, &comm_d_new, &comm_r_new};
  const char* names[] = {"--comm-r-old", "--comm-d-new", "--comm-r-new"};
  for (int i = 0; i < 3; ++i) {
    auto raw = FromHex(*hexes[i]);
    if (!raw.ok() || raw->size() != 32) {
      return Status::InvalidArgument(std::string(names[i]) + ": expected 64 hex digits");
    }
    (*commitments)[i].assign(raw->begin(), raw->end());
  }
  return Status::Ok();
}

Result<engine::UpdateInput> LoadUpdateInput(const std::string& sector_size,
                                            const std::string& vanilla_file,
                                            const std::string& comm_r_old,
                                            const std::string& comm_d_new,
                                            const std::string& comm_r_new) {
  uint64_t id = 0;
  std::vector<std::string> vanilla;
  std::array<std::string, 3> commitments;
  Status s = ReadUpdateRequest(sector_size, vanilla_file, comm_r_old, comm_d_new, comm_r_new, &id,
                               &vanilla, &commitments);
  RETURN_IF_ERROR(s);
  return engine::ParseUpdateInput(id, vanilla, commitments[0], commitments[1], commitments[2]);
}

void RegisterGenVanillaSnap(CLI::App* group) {
  static GenSnapOptions o;
  auto* cmd = group->add_subcommand(
      "snap-prove",
      "Write the SnapDeals vanilla proofs (one per partition) of an updated sector in Lotus's "
      "layout (--sector-key ...), or of a small sector sealed and updated here; print the "
      "commitments");
  cmd->add_option("--sector-size", o.sector_size,
                  "2KiB, 8MiB or 512MiB; with --sector-key also 32GiB or 64GiB")
      ->capture_default_str();
  cmd->add_option("--registered-proof", o.registered_proof,
                  "RegisteredUpdateProof id 0-4 or name (default: the sector size's)");
  cmd->add_option("--sector-key", o.sector_key,
                  "The sector as sealed before the update (sealed/s-t0<miner>-<n>)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--sector-key-cache", o.sector_key_cache,
                  "Its cache directory (p_aux, sc-02-data-tree-r-last*)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--replica", o.replica, "The updated replica (update/s-t0<miner>-<n>)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--replica-cache", o.replica_cache,
                  "Its cache directory (p_aux, sc-02-data-tree-r-last*, sc-02-data-tree-d.dat)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--orig-commdr,--comm-r-old", o.orig_commdr,
                  "The sector key's commdr.txt (its r: is comm_r_old), a sealed CID or 64 hex");
  cmd->add_option("--update-commdr", o.update_commdr,
                  "The update's commdr.txt (d: comm_d_new, r: comm_r_new)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--comm-d-new", o.comm_d_new, "Instead of --update-commdr: comm_d_new, 64 hex");
  cmd->add_option("--comm-r-new", o.comm_r_new, "Instead of --update-commdr: comm_r_new, 64 hex");
  cmd->add_option("--lotus-dir", o.lotus_dir,
                  "Sealing here: also write the sector key and the update in Lotus's layout "
                  "(sealed/, cache/, update/, update-cache/, commdr.txt, update-commdr.txt)");
  cmd->add_option("--seed", o.seed, "Seed of the old and new data")->capture_default_str();
  cmd->add_option("--sector-id,--sector-number", o.sector_id, "Sector number")
      ->capture_default_str();
  cmd->add_option("--miner-id", o.miner_id, "Miner actor id of the sector sealed here")
      ->capture_default_str();
  cmd->add_option("-o,--out,--output", o.out,
                  "Output: JSON array of base64 bincode partition proofs")
      ->required();
  cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
  cmd->callback([] {
    const char* name = "gen-vanilla snap-prove";
    if (!o.sector_key.empty()) std::exit(RunGenSnapFromFiles(name, o));
    auto seal = ResolveProof(o.sector_size, "");
    if (!seal.ok()) std::exit(Fail(name, "arguments", seal.status()));
    auto start = Clock::now();
    auto sector = SealRandomSector(*seal, o.miner_id, o.sector_id, o.seed, o.threads);
    if (!sector.ok()) std::exit(Fail(name, "sealing", sector.status()));
    auto update =
        sealer::EncodeUpdate(*sector, sealer::RandomSectorData(seal->shape.nodes, o.seed + 1));
    if (!update.ok()) std::exit(Fail(name, "encoding the update", update.status()));
    if (!o.lotus_dir.empty()) {
      Status s = WriteSnapLotusDir(o.lotus_dir, o.miner_id, o.sector_id, *sector, *update);
      if (!s.ok()) std::exit(Fail(name, "writing the sector's files", s));
      std::printf("wrote the sector key and the update in Lotus's layout under %s\n",
                  o.lotus_dir.c_str());
    }
    std::vector<filecoin::UpdatePartitionProof> partitions;
    uint32_t count = circuits::snap::ShapeOf(update->proof).partitions();
    for (uint32_t k = 0; k < count; ++k) {
      auto v = sealer::UpdateVanillaProof(*sector, *update, k);
      if (!v.ok()) std::exit(Fail(name, "vanilla proof", v.status()));
      partitions.push_back(std::move(v).value());
    }
    WriteSnapOutput(name, o, partitions, update->proof, Hex(update->comm_r_old),
                    Hex(update->comm_d_new()), Hex(update->comm_r_new), start);
  });
}

void RegisterProveSnap(CLI::App& app) {
  struct Options {
    std::string sector_size = "2KiB", vanilla, comm_r_old, comm_d_new, comm_r_new, params, out;
    size_t threads = 0;
  };
  static Options o;
  auto* cmd = app.add_subcommand("prove-snap",
                                 "Prove a SnapDeals update locally: every partition, verified");
  cmd->add_option("--sector-size", o.sector_size, "2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
      ->capture_default_str();
  cmd->add_option("--vanilla", o.vanilla, "JSON array of base64 bincode partition proofs")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--comm-r-old", o.comm_r_old, "comm_r_old, 64 hex digits (LE repr)")->required();
  cmd->add_option("--comm-d-new", o.comm_d_new, "comm_d_new, 64 hex digits")->required();
  cmd->add_option("--comm-r-new", o.comm_r_new, "comm_r_new, 64 hex digits")->required();
  cmd->add_option("--params", o.params, "Parameter directory (official file names)")->required();
  cmd->add_option("--out", o.out, "Write the proof here (192 bytes per partition)");
  cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
  cmd->callback([] {
    const char* name = "prove-snap";
    auto start = Clock::now();
    auto input =
        LoadUpdateInput(o.sector_size, o.vanilla, o.comm_r_old, o.comm_d_new, o.comm_r_new);
    if (!input.ok()) std::exit(Fail(name, "input", input.status()));
    std::string path =
        (std::filesystem::path(o.params) / filecoin::UpdateParamsFileName(input->proof, "params"))
            .string();
    auto t = Clock::now();
    auto pk = groth16::ReadParams(path, ec::SubgroupCheck::kSkip, o.threads);
    if (!pk.ok()) std::exit(Fail(name, "reading the parameters", pk.status()));
    std::printf("SnapDeals %s: %zu partition(s); parameters %s read in %.2f s\n",
                std::string(input->proof.name).c_str(), input->partitions.size(), path.c_str(),
                Since(t));
    groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(pk->vk);
    std::string proof;
    for (uint32_t k = 0; k < input->partitions.size(); ++k) {
      auto circuit = engine::SynthesizeUpdatePartition(*input, k);
      if (!circuit.ok()) std::exit(Fail(name, "synthesis", circuit.status()));
      size_t constraints = circuit->assignment->num_constraints();
      engine::PartitionReport r;
      auto p = engine::ProveAndVerify(*pk, pvk, std::move(circuit).value(), o.threads, &r);
      if (!p.ok()) std::exit(Fail(name, "proving", p.status()));
      std::printf("partition %u: %zu constraints\n", k, constraints);
      PrintPartitionReport(r);
      proof.append(p->begin(), p->end());
    }
    if (!o.out.empty()) {
      if (Status s = WriteFileBytes(o.out, proof); !s.ok()) std::exit(Fail(name, "writing", s));
    }
    double total = Since(start);
    std::printf("every partition proof verified%s%s; total %.2f s, peak RSS %.2f GiB\n",
                o.out.empty() ? "" : ", wrote ", o.out.c_str(), total, PeakRssGiB());
  });
}

}  // namespace cuzk::bench
