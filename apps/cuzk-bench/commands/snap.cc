// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals commands: `gen-vanilla snap-prove` seals a small sector, updates it with new data and
// writes the per-partition vanilla proofs Curio would send (a JSON array of base64 bincode
// PartitionProofs) and the three commitments; `prove-snap` proves and verifies every partition
// locally, without the daemon.
#include <cstdio>
#include <filesystem>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "engine/kinds/update_work.h"
#include "groth16/params_io.h"
#include "sealer/update.h"

namespace cuzk::bench {
namespace {

std::string Hex(const ff::Fr& x) {
  auto bytes = x.ToBytesLE();
  return ToHex(bytes);
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
  struct Options {
    std::string sector_size = "2KiB", out;
    uint64_t seed = 1, sector_id = 1;
    size_t threads = 0;
  };
  static Options o;
  auto* cmd = group->add_subcommand(
      "snap-prove",
      "Seal a small sector, update it with new data, write its SnapDeals vanilla "
      "proofs (one per partition) and print the commitments");
  cmd->add_option("--sector-size", o.sector_size, "2KiB, 8MiB or 512MiB")->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed of the old and new data")->capture_default_str();
  cmd->add_option("--sector-id,--sector-number", o.sector_id, "Sector number")
      ->capture_default_str();
  cmd->add_option("-o,--out,--output", o.out,
                  "Output: JSON array of base64 bincode partition proofs")
      ->required();
  cmd->add_option("--threads", o.threads, "Threads (0 = all)")->capture_default_str();
  cmd->callback([] {
    const char* name = "gen-vanilla snap-prove";
    auto seal = ResolveProof(o.sector_size, "");
    if (!seal.ok()) std::exit(Fail(name, "arguments", seal.status()));
    auto start = Clock::now();
    auto sector = SealRandomSector(*seal, 1000, o.sector_id, o.seed, o.threads);
    if (!sector.ok()) std::exit(Fail(name, "sealing", sector.status()));
    auto update =
        sealer::EncodeUpdate(*sector, sealer::RandomSectorData(seal->shape.nodes, o.seed + 1));
    if (!update.ok()) std::exit(Fail(name, "encoding the update", update.status()));
    std::vector<std::string> proofs;
    uint32_t partitions = circuits::snap::ShapeOf(update->proof).partitions();
    for (uint32_t k = 0; k < partitions; ++k) {
      auto v = sealer::UpdateVanillaProof(*sector, *update, k);
      if (!v.ok()) std::exit(Fail(name, "vanilla proof", v.status()));
      auto bytes = filecoin::WriteUpdatePartitionProof(*v);
      proofs.emplace_back(bytes.begin(), bytes.end());
    }
    if (Status s = WriteFileBytes(o.out, filecoin::WriteVanillaProofList(proofs)); !s.ok()) {
      std::exit(Fail(name, "writing", s));
    }
    std::printf(
        "wrote %s: %u %s partition proof(s) in %.2f s\ncomm_r_old %s\ncomm_d_new %s\n"
        "comm_r_new %s\n",
        o.out.c_str(), partitions, std::string(update->proof.name).c_str(), Since(start),
        Hex(update->comm_r_old).c_str(), Hex(update->comm_d_new()).c_str(),
        Hex(update->comm_r_new).c_str());
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
