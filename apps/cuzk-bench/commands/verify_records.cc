// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench verify-records`: verifies rust-fil-proofs' seal regression records (one JSON object
// per line, filecoin-proofs/tests/regression.rs) against the .vk files in a parameter directory.
// A record whose .vk is absent, or whose proof is a SnarkPack aggregate, is skipped and counted
// as such; nothing is reported as verified unless its pairing check passed.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "engine/kinds/porep_c2.h"
#include "filecoin/seal_record.h"
#include "groth16/params_io.h"

namespace cuzk::bench {
namespace {

struct VerifyRecordsOptions {
  std::string records, params;
  bool fail_fast = false;
};

const char* SizeLabel(uint64_t bytes) {
  switch (bytes) {
    case 2048:
      return "2KiB";
    case 8ULL << 20:
      return "8MiB";
    case 512ULL << 20:
      return "512MiB";
    case 32ULL << 30:
      return "32GiB";
    case 64ULL << 30:
      return "64GiB";
    default:
      return "unsupported size";
  }
}

class RecordVerifier {
 public:
  explicit RecordVerifier(std::string params_dir) : dir_(std::move(params_dir)) {}

  // Verifies one record line and prints one line about it.
  void Check(size_t line_no, const std::string& line, RecordsTally* tally) {
    auto report = [&](const char* verdict, const std::string& detail) {
      std::printf("line %zu: %s %s\n", line_no, verdict, detail.c_str());
    };
    auto record = filecoin::ParseSealRecord(line);
    if (!record.ok()) {
      ++tally->malformed;
      return report("MALFORMED", record.status().message());
    }
    std::string what = std::string(SizeLabel(record->sector_size)) + " " +
                       std::to_string(record->proof.size()) + "-byte proof";
    auto proof = filecoin::RecordProof(*record);
    if (!proof.ok()) {
      ++tally->unsupported;
      return report("SKIPPED", what + ": " + proof.status().message());
    }
    what = std::string(SizeLabel(record->sector_size)) + " " + FeatureName(proof->feature) +
           " (porep_id " + ToHex(record->porep_id).substr(0, 16) + "…, api " +
           ApiName(record->api_version) + ")";
    if (record->proof.size() != proof->partitions * groth16::kProofBytes) {
      ++tally->unsupported;
      return report("SKIPPED", what + ": " + std::to_string(record->proof.size()) +
                                   "-byte proof is an aggregate (SnarkPack), not supported");
    }
    std::string vk_path = engine::PoRepParamsPath(dir_, proof->shape, "vk");
    if (!std::filesystem::exists(vk_path)) {
      ++tally->no_vk;
      return report("SKIPPED", what + ": no " + std::filesystem::path(vk_path).filename().string());
    }
    auto pvk = Key(vk_path);
    if (!pvk.ok()) {
      ++tally->malformed;
      return report("ERROR", what + ": " + pvk.status().message());
    }
    circuits::porep::SealStatement st;
    st.proof = *proof;
    st.porep_id = record->porep_id;
    st.seed = record->seed;
    st.replica_id = filecoin::ReplicaId(record->prover_id, record->sector_id, record->ticket,
                                        record->comm_d, record->porep_id);
    for (auto [bytes, out, name] : {std::tuple{&record->comm_d, &st.comm_d, "comm_d"},
                                    std::tuple{&record->comm_r, &st.comm_r, "comm_r"}}) {
      auto fr = ff::Fr::FromBytesLE(*bytes);
      if (!fr.ok()) {
        ++tally->malformed;
        return report("MALFORMED", what + ": " + name + " is not a field element");
      }
      *out = *fr;
    }
    auto t = Clock::now();
    Status s = engine::VerifySealStatement(st, **pvk, record->proof);
    if (!s.ok()) {
      ++tally->failed;
      return report("FAILED", what + ": " + s.message());
    }
    ++tally->verified;
    char detail[64];
    std::snprintf(detail, sizeof(detail), " in %.3f s", Since(t));
    report("OK", what + detail);
  }

 private:
  static const char* FeatureName(filecoin::PoRepFeature f) {
    switch (f) {
      case filecoin::PoRepFeature::kInteractive:
        return "interactive";
      case filecoin::PoRepFeature::kSyntheticPoRep:
        return "synthetic";
      case filecoin::PoRepFeature::kNonInteractivePoRep:
        return "non-interactive";
    }
    return "?";
  }

  static std::string ApiName(filecoin::ApiVersion v) {
    switch (v) {
      case filecoin::ApiVersion::kV1_0_0:
        return "1.0.0";
      case filecoin::ApiVersion::kV1_1_0:
        return "1.1.0";
      case filecoin::ApiVersion::kV1_2_0:
        return "1.2.0";
    }
    return "?";
  }

  // The prepared key of `path`, read (all points and subgroups checked) once.
  Result<const groth16::PreparedVerifyingKey*> Key(const std::string& path) {
    auto it = keys_.find(path);
    if (it == keys_.end()) {
      auto vk = groth16::ReadVerifyingKey(path);
      if (!vk.ok())
        return Status::InvalidArgument("reading " + path + ": " + vk.status().message());
      it = keys_
               .emplace(path, std::make_unique<groth16::PreparedVerifyingKey>(
                                  groth16::PrepareVerifyingKey(*vk)))
               .first;
    }
    return it->second.get();
  }

  std::string dir_;
  std::map<std::string, std::unique_ptr<groth16::PreparedVerifyingKey>> keys_;
};

int RunVerifyRecords(const VerifyRecordsOptions& o) {
  const char* cmd = "verify-records";
  auto start = Clock::now();
  auto counted = VerifyRecordsFile(o.records, o.params, o.fail_fast);
  if (!counted.ok()) return Fail(cmd, "reading --records", counted.status());
  const RecordsTally& tally = *counted;
  std::printf(
      "%zu verified, %zu FAILED, %zu malformed, %zu skipped (%zu without a .vk in %s, %zu "
      "unsupported) in %.1f s\n",
      tally.verified, tally.failed, tally.malformed, tally.no_vk + tally.unsupported, tally.no_vk,
      o.params.c_str(), tally.unsupported, Since(start));
  if (tally.verified == 0 && tally.no_vk > 0) {
    std::printf(
        "nothing was verified: put the official .vk files (e.g. from the Filecoin "
        "parameter cache) in %s\n",
        o.params.c_str());
  }
  return tally.failed || tally.malformed ? 1 : 0;
}

}  // namespace

Result<RecordsTally> VerifyRecordsFile(const std::string& records, const std::string& params,
                                       bool fail_fast) {
  std::ifstream in(records);
  if (!in) return Status::InvalidArgument("cannot open " + records);
  RecordVerifier verifier(params);
  RecordsTally tally;
  std::string line;
  size_t line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    verifier.Check(line_no, line, &tally);
    std::fflush(stdout);
    if (fail_fast && (tally.failed || tally.malformed)) break;
  }
  return tally;
}

void RegisterVerifyRecords(CLI::App& app) {
  static VerifyRecordsOptions o;
  auto* cmd = app.add_subcommand(
      "verify-records",
      "Verify rust-fil-proofs' seal regression records (JSON lines) against the .vk files in a "
      "parameter directory; records without a .vk are skipped and counted");
  cmd->add_option("--records", o.records, "Records file, e.g. seal_regression_records-v16.json")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--params", o.params, "Parameter directory holding the official .vk files")
      ->required();
  cmd->add_flag("--fail-fast", o.fail_fast, "Stop at the first record that fails");
  cmd->callback([] {
    if (int rc = RunVerifyRecords(o); rc != 0) std::exit(rc);
  });
}

}  // namespace cuzk::bench
