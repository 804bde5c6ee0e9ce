// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench self-check --params DIR`: what an operator runs once after installing. It proves a
// freshly sealed 2KiB sector's C2, a 2KiB WindowPoSt and a WinningPoSt through the same path the
// daemon takes (the proof-kind table, the parameter cache that checks each .params against its
// .vk), verifies each proof against the .vk in DIR, then verifies the bundled seal regression
// records: real Filecoin proofs, which verify only against the official .vk files. With official
// 2KiB parameters in DIR every line passes, which shows our circuits are Filecoin's.
#include <cstdio>
#include <filesystem>
#include <vector>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "engine/kinds/proof_kind.h"
#include "engine/srs_cache.h"
#include "filecoin/post_vanilla.h"
#include "sealer/post.h"

namespace cuzk::bench {
namespace {

// Where the regression records are: beside an installed binary (share/cuzk), else the source tree.
std::string DefaultRecords() {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path installed = fs::read_symlink("/proc/self/exe", ec).parent_path().parent_path() /
                       "share/cuzk/seal_records";
  if (!ec && fs::exists(installed / "v16-2kib.jsonl"))
    return (installed / "v16-2kib.jsonl").string();
  return std::string(CUZK_SOURCE_DIR) + "/testdata/seal_records/v16-2kib.jsonl";
}

// Proves `request` through the proof-kind table with the parameters in `params` (the cache
// refuses a .params whose .vk differs) and verifies every partition against the .vk.
Status ProveAndCheck(const engine::JobRequest& request, const std::string& params,
                     double* seconds) {
  auto start = Clock::now();
  ASSIGN_OR_RETURN(engine::PreparedJob job, engine::DescriptorOf(request.kind).Prepare(request));
  engine::SrsCache cache(params, engine::KeyFilesOfCircuit);
  ASSIGN_OR_RETURN(auto pk, cache.Acquire(job.circuit_id));
  ASSIGN_OR_RETURN(engine::CircuitInfo circuit, engine::FindCircuit(job.circuit_id));
  ASSIGN_OR_RETURN(groth16::PreparedVerifyingKey pvk,
                   engine::ReadCircuitVerifyingKey(params, circuit));
  std::vector<uint8_t> proofs;
  for (uint32_t k = 0; k < job.partitions; ++k) {
    ASSIGN_OR_RETURN(engine::SynthesizedPartition partition, job.synthesize(k, nullptr));
    engine::PartitionReport report;
    ASSIGN_OR_RETURN(std::vector<uint8_t> proof,
                     engine::ProveAndVerify(*pk, pvk, std::move(partition), 0, &report));
    proofs.insert(proofs.end(), proof.begin(), proof.end());
  }
  RETURN_IF_ERROR(engine::VerifyJobProof(job, pvk, proofs));
  *seconds = Since(start);
  return Status::Ok();
}

Result<engine::JobRequest> PoRepRequest() {
  ASSIGN_OR_RETURN(filecoin::RegisteredSealProof proof, ResolveProof("2KiB", ""));
  ASSIGN_OR_RETURN(sealer::SealedSector sector, SealRandomSector(proof, 1000, 1, 1, 0));
  filecoin::Bytes32 seed;
  seed.fill(7);
  ASSIGN_OR_RETURN(filecoin::C1Output c1, sealer::Commit1(sector, seed));
  engine::JobRequest r;
  r.kind = engine::ProofKind::kPoRepSealCommit;
  r.registered_proof = proof.id;
  r.vanilla_proof = filecoin::WriteC1Json(c1);
  return r;
}

Result<engine::JobRequest> SelfCheckPoStRequest(const std::string& type) {
  ASSIGN_OR_RETURN(filecoin::RegisteredPoStProof post, ResolvePoStProof(type, "2KiB", ""));
  ASSIGN_OR_RETURN(filecoin::RegisteredSealProof seal, ResolveProof("2KiB", ""));
  ASSIGN_OR_RETURN(std::vector<uint8_t> randomness, FromHex(kDefaultPoStRandomness));
  filecoin::Bytes32 seed;
  std::copy(randomness.begin(), randomness.end(), seed.begin());
  engine::JobRequest r;
  r.kind = type == "winning" ? engine::ProofKind::kWinningPost : engine::ProofKind::kWindowPost;
  r.registered_proof = post.id;
  r.randomness.assign(seed.begin(), seed.end());
  uint32_t sectors = type == "winning" ? 1 : post.sector_count;
  for (uint32_t i = 0; i < sectors; ++i) {
    ASSIGN_OR_RETURN(sealer::SealedSector sector, SealRandomSector(seal, 1000, 1 + i, 1 + i, 0));
    ASSIGN_OR_RETURN(filecoin::FallbackPoStSectorProof v,
                     sealer::GeneratePoStVanilla(sector, post, seed, 0, i));
    std::vector<uint8_t> bytes = filecoin::WriteFallbackPoStSectorProof(v);
    r.vanilla_proofs.emplace_back(bytes.begin(), bytes.end());
  }
  return r;
}

}  // namespace

void RegisterSelfCheck(CLI::App& app) {
  struct Options {
    std::string params, records;
  };
  static Options o;
  o.records = DefaultRecords();
  auto* cmd = app.add_subcommand(
      "self-check",
      "Run once after installing: prove 2KiB PoRep, WindowPoSt and WinningPoSt with the "
      "parameters in DIR and verify each against its .vk, then verify the bundled regression "
      "records (real Filecoin proofs); one line per check, exit 1 on any failure");
  cmd->add_option("--params", o.params,
                  "Parameter directory with the official 2KiB .params and .vk files")
      ->required()
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--records", o.records, "Seal regression records (JSON lines)")
      ->capture_default_str();
  OnRun(cmd, [] {
    int failed = 0;
    struct Check {
      const char* name;
      Result<engine::JobRequest> (*request)();
    };
    const Check checks[] = {
        {"2KiB PoRep C2 (a freshly sealed sector)", PoRepRequest},
        {"2KiB WindowPoSt", [] { return SelfCheckPoStRequest("wpost"); }},
        {"2KiB WinningPoSt", [] { return SelfCheckPoStRequest("winning"); }},
    };
    for (const Check& c : checks) {
      double seconds = 0;
      auto request = c.request();
      Status s = request.ok() ? ProveAndCheck(*request, o.params, &seconds) : request.status();
      if (s.ok()) {
        std::printf("PASS %s: proved and verified against its .vk in %.1f s\n", c.name, seconds);
      } else {
        std::printf("FAIL %s: %s\n", c.name, s.message().c_str());
        ++failed;
      }
      std::fflush(stdout);
    }
    std::printf("regression records %s:\n", o.records.c_str());
    auto tally = VerifyRecordsFile(o.records, o.params);
    if (!tally.ok()) {
      std::printf("FAIL regression records: %s\n", tally.status().message().c_str());
      ++failed;
    } else if (tally->failed || tally->malformed || tally->verified == 0) {
      std::printf(
          "FAIL regression records: %zu verified, %zu failed, %zu without a .vk: these are real "
          "Filecoin proofs, which verify only against the official .vk files (TEST parameters "
          "from gen-params cannot verify them)\n",
          tally->verified, tally->failed + tally->malformed, tally->no_vk);
      ++failed;
    } else {
      std::printf("PASS regression records: %zu real Filecoin proofs verified\n", tally->verified);
    }
    std::printf("%s\n", failed ? "self-check FAILED" : "self-check passed");
    return failed ? 1 : 0;
  });
}

}  // namespace cuzk::bench
