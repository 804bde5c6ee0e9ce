// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/registered_proof.h"

#include "base/hex.h"
#include "hash/sha256.h"

namespace cuzk::filecoin {
namespace {

constexpr uint64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;

struct SizeRow {
  const char* label;
  uint64_t bytes;
  uint32_t layers, sub, top, partitions, min_challenges, ni_partitions, ni_min_challenges;
};

// docs/filecoin.md §1.2: shapes and challenge counts per sector size.
constexpr SizeRow kSizes[] = {
    {"2KiB", 2 * KiB, 2, 0, 0, 1, 2, 13, 26},
    {"8MiB", 8 * MiB, 2, 0, 0, 1, 2, 13, 26},
    {"512MiB", 512 * MiB, 2, 0, 0, 1, 2, 13, 26},
    {"32GiB", 32 * GiB, 11, 8, 0, 10, 176, 126, 2253},
    {"64GiB", 64 * GiB, 11, 8, 2, 10, 176, 126, 2253},
};

struct GroupRow {
  const char* suffix;
  ApiVersion version;
  PoRepFeature feature;
};

// docs/filecoin.md §1.1: ids 0-4, 5-9, 10-14, 15-19.
constexpr GroupRow kGroups[] = {
    {"V1", ApiVersion::kV1_0_0, PoRepFeature::kInteractive},
    {"V1_1", ApiVersion::kV1_1_0, PoRepFeature::kInteractive},
    {"V1_1_Feat_SyntheticPoRep", ApiVersion::kV1_2_0, PoRepFeature::kSyntheticPoRep},
    {"V1_2_Feat_NonInteractivePoRep", ApiVersion::kV1_2_0, PoRepFeature::kNonInteractivePoRep},
};

const std::array<std::string, 20>& Names() {
  static const std::array<std::string, 20> names = [] {
    std::array<std::string, 20> n;
    for (size_t id = 0; id < 20; ++id) {
      n[id] = std::string("StackedDrg") + kSizes[id % 5].label + kGroups[id / 5].suffix;
    }
    return n;
  }();
  return names;
}

}  // namespace

std::vector<uint32_t> TreeArities(const SectorShape& shape) {
  uint64_t below =
      (shape.sub_arity ? shape.sub_arity : 1) * (shape.top_arity ? shape.top_arity : 1);
  std::vector<uint32_t> arities;
  for (uint64_t n = shape.nodes / below; n > 1; n /= shape.base_arity) {
    arities.push_back(shape.base_arity);
  }
  if (shape.sub_arity) arities.push_back(shape.sub_arity);
  if (shape.top_arity) arities.push_back(shape.top_arity);
  return arities;
}

Result<RegisteredSealProof> SealProofById(uint64_t id) {
  if (id >= 20) {
    return Status::InvalidArgument("unknown registered seal proof " + std::to_string(id) +
                                   " (known: 0..19)");
  }
  const SizeRow& s = kSizes[id % 5];
  const GroupRow& g = kGroups[id / 5];
  bool ni = g.feature == PoRepFeature::kNonInteractivePoRep;
  uint32_t partitions = ni ? s.ni_partitions : s.partitions;
  uint32_t minimum = ni ? s.ni_min_challenges : s.min_challenges;
  SectorShape shape{
      s.bytes, s.bytes / 32, s.layers, 8, s.sub, s.top, (minimum + partitions - 1) / partitions};
  return RegisteredSealProof{id, Names()[id], g.version, g.feature, shape, partitions, minimum};
}

Result<RegisteredSealProof> SealProofByName(std::string_view name) {
  for (uint64_t id = 0; id < 20; ++id) {
    if (Names()[id] == name) return SealProofById(id);
  }
  return Status::InvalidArgument("unknown registered seal proof \"" + std::string(name) + "\"");
}

std::array<uint8_t, 32> PoRepId(uint64_t id) {
  std::array<uint8_t, 32> out{};
  for (int i = 0; i < 8; ++i) out[i] = static_cast<uint8_t>(id >> (8 * i));
  return out;  // nonce 0 and the 16 trailing bytes stay zero
}

std::string ParamsCacheId(const SectorShape& shape) {
  std::string tree = "merkletree-poseidon_hasher-" + std::to_string(shape.base_arity) + "-" +
                     std::to_string(shape.sub_arity) + "-" + std::to_string(shape.top_arity);
  // The Debug-style identifier of storage-proofs-porep's PublicParams; spacing matters.
  std::string identifier =
      "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8 "
      "base_graph: drgraph::BucketGraph{size: " +
      std::to_string(shape.nodes) +
      "; degree: 6; hasher: poseidon_hasher} }, challenges: LayerChallenges { layers: " +
      std::to_string(shape.layers) +
      ", max_count: " + std::to_string(shape.challenges_per_partition) + " }, tree: " + tree + " }";
  auto digest = hash::Sha256(
      std::span(reinterpret_cast<const uint8_t*>(identifier.data()), identifier.size()));
  return "stacked-proof-of-replication-" + tree + "-sha256_hasher-" + ToHex(digest);
}

std::string ParamsFileName(const SectorShape& shape, std::string_view extension) {
  return "v28-" + ParamsCacheId(shape) + "." + std::string(extension);
}

}  // namespace cuzk::filecoin
