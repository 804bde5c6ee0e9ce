// SPDX-License-Identifier: Apache-2.0 OR MIT
// Records are small (a few KB), so the simdjson DOM is simplest here.
#include "filecoin/seal_record.h"

#include <simdjson.h>

namespace cuzk::filecoin {
namespace {

using simdjson::dom::element;

Status FieldError(std::string_view path, std::string_view what) {
  return Status::InvalidArgument("record " + std::string(path) + ": " + std::string(what));
}

Status ReadBytes(element parent, std::string_view key, std::string_view path, size_t want,
                 std::vector<uint8_t>* out) {
  simdjson::dom::array arr;
  if (parent[key].get_array().get(arr)) return FieldError(path, "missing or not an array");
  out->clear();
  for (element e : arr) {
    uint64_t v;
    if (e.get_uint64().get(v) || v > 255) return FieldError(path, "expected bytes (0..255)");
    out->push_back(static_cast<uint8_t>(v));
  }
  if (want != 0 && out->size() != want) {
    return FieldError(
        path, "expected " + std::to_string(want) + " bytes, got " + std::to_string(out->size()));
  }
  return Status::Ok();
}

Status ReadBytes32(element parent, std::string_view key, std::string_view path, Bytes32* out) {
  std::vector<uint8_t> bytes;
  RETURN_IF_ERROR(ReadBytes(parent, key, path, 32, &bytes));
  std::copy(bytes.begin(), bytes.end(), out->begin());
  return Status::Ok();
}

Result<ApiVersion> ParseApiVersion(std::string_view v) {
  if (v == "V1_0_0") return ApiVersion::kV1_0_0;
  if (v == "V1_1_0") return ApiVersion::kV1_1_0;
  if (v == "V1_2_0") return ApiVersion::kV1_2_0;
  return FieldError("porep_config.api_version", "unknown version \"" + std::string(v) + "\"");
}

}  // namespace

Result<SealRecord> ParseSealRecord(std::string_view line) {
  simdjson::dom::parser parser;
  element root;
  if (auto e = parser.parse(line.data(), line.size()).get(root)) {
    return Status::InvalidArgument(std::string("record is not valid JSON: ") +
                                   simdjson::error_message(e));
  }
  SealRecord r;
  element config;
  if (root["porep_config"].get(config) || !config.is_object()) {
    return FieldError("porep_config", "missing or not an object");
  }
  if (config["sector_size"].get_uint64().get(r.sector_size)) {
    return FieldError("porep_config.sector_size", "missing or not an unsigned integer");
  }
  uint64_t partitions;
  if (config["partitions"].get_uint64().get(partitions) || partitions == 0 || partitions > 1024) {
    return FieldError("porep_config.partitions", "missing or not a partition count");
  }
  r.partitions = static_cast<uint32_t>(partitions);
  RETURN_IF_ERROR(ReadBytes32(config, "porep_id", "porep_config.porep_id", &r.porep_id));
  std::string_view version;
  if (config["api_version"].get_string().get(version)) {
    return FieldError("porep_config.api_version", "missing or not a string");
  }
  auto api = ParseApiVersion(version);
  RETURN_IF_ERROR(api);
  r.api_version = *api;
  simdjson::dom::array features;
  if (config["api_features"].get_array().get(features)) {
    return FieldError("porep_config.api_features", "missing or not an array");
  }
  for (element f : features) {
    std::string_view name;
    if (f.get_string().get(name)) return FieldError("porep_config.api_features", "not a string");
    if (name == "SyntheticPoRep") {
      r.feature = PoRepFeature::kSyntheticPoRep;
    } else if (name == "NonInteractivePoRep") {
      r.feature = PoRepFeature::kNonInteractivePoRep;
    } else {
      return FieldError("porep_config.api_features",
                        "unknown feature \"" + std::string(name) + "\"");
    }
  }
  for (auto [key, out] : {std::pair{"comm_r", &r.comm_r}, std::pair{"comm_d", &r.comm_d},
                          std::pair{"prover_id", &r.prover_id}, std::pair{"ticket", &r.ticket},
                          std::pair{"seed", &r.seed}}) {
    RETURN_IF_ERROR(ReadBytes32(root, key, key, out));
  }
  if (root["sector_id"].get_uint64().get(r.sector_id)) {
    return FieldError("sector_id", "missing or not an unsigned integer");
  }
  RETURN_IF_ERROR(ReadBytes(root, "proof", "proof", 0, &r.proof));
  return r;
}

Result<RegisteredSealProof> RecordProof(const SealRecord& record) {
  for (uint64_t id = 0; id < 20; ++id) {
    auto rp = SealProofById(id);
    RETURN_IF_ERROR(rp);
    if (rp->shape.sector_bytes != record.sector_size || rp->feature != record.feature) continue;
    if (rp->partitions != record.partitions) {
      return Status::InvalidArgument("record has " + std::to_string(record.partitions) +
                                     " partitions; " + std::string(rp->name) + " has " +
                                     std::to_string(rp->partitions));
    }
    RegisteredSealProof proof = *rp;
    proof.api_version = record.api_version;
    return proof;
  }
  return Status::InvalidArgument("no registered seal proof for sector size " +
                                 std::to_string(record.sector_size) + " with this feature");
}

}  // namespace cuzk::filecoin
