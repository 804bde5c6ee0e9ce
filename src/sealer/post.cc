// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/post.h"

#include <string>

namespace cuzk::sealer {

Result<filecoin::FallbackPoStSectorProof> GeneratePoStVanilla(
    const SealedSector& sector, const filecoin::RegisteredPoStProof& post,
    const filecoin::Bytes32& randomness, uint32_t partition, uint32_t slot) {
  if (sector.proof.shape.sector_bytes != post.shape.sector_bytes) {
    return Status::InvalidArgument(std::string(post.name) + " does not prove a " +
                                   std::to_string(sector.proof.shape.sector_bytes) +
                                   "-byte sector");
  }
  bool winning = post.kind == filecoin::PoStKind::kWinning;
  filecoin::FallbackPoStSectorProof out;
  out.sector_id = sector.identity.sector_id;
  out.comm_r = FrBytes(sector.comm_r);
  filecoin::PoStSectorProof sp;
  sp.comm_c = FrBytes(sector.tree_c.Root());
  sp.comm_r_last = FrBytes(sector.tree_r_last.Root());
  filecoin::MerkleProof::Kind kind = filecoin::TreeKind(post.shape);
  for (uint32_t n = 0; n < post.challenge_count; ++n) {
    uint64_t ci = winning ? filecoin::PoStChallengeIndex(post, partition, n, 0)
                          : filecoin::PoStChallengeIndex(post, partition, slot, n);
    uint64_t leaf = filecoin::PoStLeafChallenge(randomness, out.sector_id, ci, post.shape.nodes);
    sp.inclusion_proofs.push_back(sector.tree_r_last.Proof(leaf, kind));
  }
  out.sectors.push_back(std::move(sp));
  return out;
}

}  // namespace cuzk::sealer
