// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/registered_post.h"

#include <array>
#include <vector>

#include "base/hex.h"
#include "hash/sha256.h"

namespace cuzk::filecoin {
namespace {

constexpr const char* kSizeLabels[] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};
// WindowPoSt sectors per partition by size (filecoin-proofs constants.rs WINDOW_POST_SECTOR_COUNT).
constexpr uint32_t kWindowSectors[] = {2, 2, 2, 2349, 2300};

const std::array<std::string, 15>& Names() {
  static const std::array<std::string, 15> names = [] {
    std::array<std::string, 15> n;
    for (size_t id = 0; id < 15; ++id) {
      const char* kind = id < 5 ? "Winning" : "Window";
      n[id] = std::string("StackedDrg") + kind + kSizeLabels[id % 5] + (id < 10 ? "V1" : "V1_1");
    }
    return n;
  }();
  return names;
}

}  // namespace

Result<RegisteredPoStProof> PoStProofById(uint64_t id) {
  if (id >= 15) {
    return Status::InvalidArgument("unknown registered PoSt proof " + std::to_string(id) +
                                   " (known: 0..14)");
  }
  // Every seal version of a size shares the sector shape; take V1_1's.
  auto seal = SealProofById(5 + id % 5);
  RETURN_IF_ERROR(seal);
  SectorShape shape = seal->shape;
  shape.challenges_per_partition = 0;
  bool winning = id < 5;
  return RegisteredPoStProof{id,
                             Names()[id],
                             winning ? PoStKind::kWinning : PoStKind::kWindow,
                             id < 10 ? ApiVersion::kV1_0_0 : ApiVersion::kV1_2_0,
                             shape,
                             winning ? 66u : 10u,
                             winning ? 1u : kWindowSectors[id % 5]};
}

std::string PoStParamsCacheId(const RegisteredPoStProof& proof) {
  const SectorShape& s = proof.shape;
  std::string tree = "merkletree-poseidon_hasher-" + std::to_string(s.base_arity) + "-" +
                     std::to_string(s.sub_arity) + "-" + std::to_string(s.top_arity);
  std::string identifier =
      "FallbackPoSt::PublicParams{sector_size: " + std::to_string(s.sector_bytes) +
      ", challenge_count: " + std::to_string(proof.circuit_challenges()) +
      ", sector_count: " + std::to_string(proof.circuit_sectors()) + "}";
  auto digest = hash::Sha256(
      std::span(reinterpret_cast<const uint8_t*>(identifier.data()), identifier.size()));
  return "proof-of-spacetime-fallback-" + tree + "-" + ToHex(digest);
}

std::string PoStParamsFileName(const RegisteredPoStProof& proof, std::string_view extension) {
  return "v28-" + PoStParamsCacheId(proof) + "." + std::string(extension);
}

uint64_t PoStLeafChallenge(const Bytes32& randomness, uint64_t sector_id, uint64_t challenge_index,
                           uint64_t nodes) {
  std::vector<uint8_t> message(randomness.begin(), randomness.end());
  for (uint64_t v : {sector_id, challenge_index}) {
    for (int i = 0; i < 8; ++i) message.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  auto digest = hash::Sha256(message);
  uint64_t x = 0;
  for (int i = 7; i >= 0; --i) x = (x << 8) | digest[i];
  return x % nodes;
}

uint64_t PoStChallengeIndex(const RegisteredPoStProof& proof, uint32_t k, uint32_t slot,
                            uint32_t n) {
  if (proof.api_version == ApiVersion::kV1_2_0) return n;
  return (uint64_t{k} * proof.circuit_sectors() + slot) * proof.circuit_challenges() + n;
}

}  // namespace cuzk::filecoin
