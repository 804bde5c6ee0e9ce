// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/post.h"

#include <string>

namespace cuzk::sealer {

Result<filecoin::FallbackPoStSectorProof> GeneratePoStVanilla(
    const filecoin::RegisteredPoStProof& post, const filecoin::Bytes32& randomness,
    uint64_t sector_id, const filecoin::Bytes32& comm_r, const filecoin::Bytes32& comm_c,
    const filecoin::Bytes32& comm_r_last, const InclusionProofFn& proof_of, uint32_t partition,
    uint32_t slot) {
  bool winning = post.kind == filecoin::PoStKind::kWinning;
  filecoin::FallbackPoStSectorProof out;
  out.sector_id = sector_id;
  out.comm_r = comm_r;
  filecoin::PoStSectorProof sp;
  sp.comm_c = comm_c;
  sp.comm_r_last = comm_r_last;
  for (uint32_t n = 0; n < post.challenge_count; ++n) {
    uint64_t ci = winning ? filecoin::PoStChallengeIndex(post, partition, n, 0)
                          : filecoin::PoStChallengeIndex(post, partition, slot, n);
    uint64_t leaf = filecoin::PoStLeafChallenge(randomness, sector_id, ci, post.shape.nodes);
    auto proof = proof_of(leaf);
    RETURN_IF_ERROR(proof);
    sp.inclusion_proofs.push_back(std::move(proof).value());
  }
  out.sectors.push_back(std::move(sp));
  return out;
}

Result<filecoin::FallbackPoStSectorProof> GeneratePoStVanilla(
    const SealedSector& sector, const filecoin::RegisteredPoStProof& post,
    const filecoin::Bytes32& randomness, uint32_t partition, uint32_t slot) {
  if (sector.proof.shape.sector_bytes != post.shape.sector_bytes) {
    return Status::InvalidArgument(std::string(post.name) + " does not prove a " +
                                   std::to_string(sector.proof.shape.sector_bytes) +
                                   "-byte sector");
  }
  filecoin::MerkleProof::Kind kind = filecoin::TreeKind(post.shape);
  return GeneratePoStVanilla(
      post, randomness, sector.identity.sector_id, FrBytes(sector.comm_r),
      FrBytes(sector.tree_c.Root()), FrBytes(sector.tree_r_last.Root()),
      [&](uint64_t leaf) -> Result<filecoin::MerkleProof> {
        return sector.tree_r_last.Proof(leaf, kind);
      },
      partition, slot);
}

}  // namespace cuzk::sealer
