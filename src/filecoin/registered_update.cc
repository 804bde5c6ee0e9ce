// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/registered_update.h"

#include <span>

#include "base/hex.h"
#include "hash/sha256.h"

namespace cuzk::filecoin {

namespace {
constexpr uint64_t k8KiB = 1 << 8, k32KiB = 1 << 10, k16MiB = 1 << 19;  // in nodes
}  // namespace

uint32_t UpdatePartitions(uint64_t nodes) {
  return nodes <= k8KiB ? 1 : nodes <= k32KiB ? 2 : nodes <= k16MiB ? 4 : 16;
}
uint32_t UpdateChallengesPerPartition(uint64_t nodes) { return nodes <= k16MiB ? 10 : 86; }
uint32_t UpdateApexLeaves(uint64_t nodes) { return nodes <= k8KiB ? 8 : 128; }
std::array<uint32_t, 6> UpdateHs(uint64_t nodes) {
  if (nodes <= k32KiB) return {1, 1, 1, 1, 1, 1};
  return {7, 8, 9, 10, 11, 12};
}

Result<RegisteredUpdateProof> UpdateProofById(uint64_t id) {
  static constexpr std::string_view kNames[] = {"StackedDrg2KiBV1", "StackedDrg8MiBV1",
                                                "StackedDrg512MiBV1", "StackedDrg32GiBV1",
                                                "StackedDrg64GiBV1"};
  static_assert(std::size(kNames) == kUpdateProofCount);
  if (id >= kUpdateProofCount) {
    return Status::InvalidArgument("unknown registered update proof " + std::to_string(id) +
                                   " (known: 0..4)");
  }
  auto seal = SealProofById(5 + id);  // the size's sector shape
  RETURN_IF_ERROR(seal);
  return RegisteredUpdateProof{id, kNames[id], seal->shape};
}

std::string UpdateParamsFileName(const RegisteredUpdateProof& proof, std::string_view extension) {
  const SectorShape& s = proof.shape;
  std::string identifier =
      "empty_sector_update::PublicParams{ sector_nodes: " + std::to_string(s.nodes) + " }";
  auto digest = hash::Sha256(
      std::span(reinterpret_cast<const uint8_t*>(identifier.data()), identifier.size()));
  return "v28-empty-sector-update-merkletree-poseidon_hasher-" + std::to_string(s.base_arity) +
         "-" + std::to_string(s.sub_arity) + "-" + std::to_string(s.top_arity) + "-" +
         ToHex(digest) + "." + std::string(extension);
}

}  // namespace cuzk::filecoin
