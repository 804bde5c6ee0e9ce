// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/post_vanilla.h"

#include <simdjson.h>

#include "filecoin/base64.h"
#include "filecoin/bincode.h"

namespace cuzk::filecoin {

Result<FallbackPoStSectorProof> ParseFallbackPoStSectorProof(std::span<const uint8_t> bytes) {
  bincode::Reader r(bytes, "vanilla proof");
  FallbackPoStSectorProof out;
  auto id = r.U64("sector_id");
  RETURN_IF_ERROR(id);
  out.sector_id = *id;
  RETURN_IF_ERROR(r.Domain("comm_r", &out.comm_r));
  // A sector proof is at least a length and two domains; a Merkle proof at least 4 + 64 + 8.
  auto sectors = r.Length("vanilla_proof.sectors", 72);
  RETURN_IF_ERROR(sectors);
  out.sectors.resize(*sectors);
  for (uint64_t i = 0; i < *sectors; ++i) {
    std::string at = "vanilla_proof.sectors[" + std::to_string(i) + "]";
    PoStSectorProof& sp = out.sectors[i];
    auto proofs = r.Length(at + ".inclusion_proofs", 76);
    RETURN_IF_ERROR(proofs);
    sp.inclusion_proofs.resize(*proofs);
    for (uint64_t j = 0; j < *proofs; ++j) {
      std::string field = at + ".inclusion_proofs[" + std::to_string(j) + "]";
      RETURN_IF_ERROR(r.Proof(field, &sp.inclusion_proofs[j]));
    }
    RETURN_IF_ERROR(r.Domain(at + ".comm_c", &sp.comm_c));
    RETURN_IF_ERROR(r.Domain(at + ".comm_r_last", &sp.comm_r_last));
  }
  RETURN_IF_ERROR(r.ExpectEnd());
  return out;
}

std::vector<uint8_t> WriteFallbackPoStSectorProof(const FallbackPoStSectorProof& proof) {
  bincode::Writer w;
  w.U64(proof.sector_id);
  w.Domain(proof.comm_r);
  w.U64(proof.sectors.size());
  for (const PoStSectorProof& sp : proof.sectors) {
    w.U64(sp.inclusion_proofs.size());
    for (const MerkleProof& p : sp.inclusion_proofs) w.Proof(p);
    w.Domain(sp.comm_c);
    w.Domain(sp.comm_r_last);
  }
  return w.Take();
}

Result<std::vector<std::string>> ParseVanillaProofList(std::string_view json) {
  simdjson::padded_string padded(json);
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document doc;
  simdjson::ondemand::array array;
  if (parser.iterate(padded).get(doc) || doc.get_array().get(array)) {
    return Status::InvalidArgument("vanilla proofs: expected a JSON array of base64 strings");
  }
  std::vector<std::string> out;
  for (auto element : array) {
    std::string_view text;
    if (element.get_string().get(text)) {
      return Status::InvalidArgument("vanilla proofs[" + std::to_string(out.size()) +
                                     "]: expected a base64 string");
    }
    auto bytes = DecodeBase64(text);
    if (!bytes.ok()) {
      return Status::InvalidArgument("vanilla proofs[" + std::to_string(out.size()) +
                                     "]: " + bytes.status().message());
    }
    out.push_back(std::move(bytes).value());
  }
  if (out.empty()) return Status::InvalidArgument("vanilla proofs: the array is empty");
  return out;
}

std::string WriteVanillaProofList(const std::vector<std::string>& proofs) {
  std::string out = "[";
  for (size_t i = 0; i < proofs.size(); ++i) {
    if (i) out += ",";
    out.append("\"").append(EncodeBase64(proofs[i])).append("\"");
  }
  return out + "]\n";
}

}  // namespace cuzk::filecoin
