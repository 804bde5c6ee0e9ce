// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/post/fallback_circuit.h"

#include <random>
#include <string>

#include "gadgets/poseidon.h"
#include "hash/poseidon.h"

namespace cuzk::circuits::post {
namespace {

using filecoin::Bytes32;
using filecoin::FallbackPoStSectorProof;
using gadgets::AllocatedNum;

// Converts one inclusion proof of tree R_last and checks its shape, root and leaf index.
Result<LeafWitness> Leaf(const filecoin::MerkleProof& proof, const filecoin::SectorShape& shape,
                         const Bytes32& comm_r_last, uint64_t challenge, const std::string& what) {
  std::vector<uint32_t> arities = filecoin::TreeArities(shape);
  if (proof.kind != filecoin::TreeKind(shape)) {
    return Status::InvalidArgument(what + ": the proof's tree form does not match the sector size");
  }
  std::vector<const filecoin::PathElement*> levels = proof.Levels();
  if (levels.size() != arities.size()) {
    return Status::InvalidArgument(what + ": path has " + std::to_string(levels.size()) +
                                   " levels, the sector size needs " +
                                   std::to_string(arities.size()));
  }
  LeafWitness leaf;
  for (size_t j = 0; j < levels.size(); ++j) {
    if (levels[j]->hashes.size() + 1 != arities[j]) {
      return Status::InvalidArgument(what + ": path level " + std::to_string(j) +
                                     " has the wrong arity");
    }
    gadgets::MerkleLevel level;
    level.position = levels[j]->index;
    for (const Bytes32& h : levels[j]->hashes) {
      auto fr = filecoin::DomainToFr(h, what + " path value");
      RETURN_IF_ERROR(fr);
      level.siblings.push_back(*fr);
    }
    leaf.path.push_back(std::move(level));
  }
  if (proof.root != comm_r_last) {
    return Status::InvalidArgument(what + ": the path's root is not the sector's comm_r_last");
  }
  if (proof.NodeIndex() != challenge) {
    return Status::InvalidArgument(what + ": proves leaf " + std::to_string(proof.NodeIndex()) +
                                   " but the randomness challenges leaf " +
                                   std::to_string(challenge));
  }
  auto value = filecoin::DomainToFr(proof.leaf, what + " leaf");
  RETURN_IF_ERROR(value);
  leaf.value = *value;
  // Hash up the path natively: a wrong sibling or leaf is named here, not found by a failed
  // proof after seconds of proving.
  Fr node = leaf.value;
  for (const gadgets::MerkleLevel& level : leaf.path) {
    std::vector<Fr> children = level.siblings;
    children.insert(children.begin() + level.position, node);
    auto parent = hash::PoseidonHash(children);
    RETURN_IF_ERROR(parent);
    node = *parent;
  }
  auto root = filecoin::DomainToFr(comm_r_last, what + " comm_r_last");
  RETURN_IF_ERROR(root);
  if (node != *root) {
    return Status::InvalidArgument(what + ": the leaf and path do not hash to comm_r_last");
  }
  return leaf;
}

// Checks comm_r = Poseidon(comm_c, comm_r_last) and returns the slot's commitments.
Result<SlotWitness> SlotHead(const FallbackPoStSectorProof& v, const std::string& what) {
  if (v.sectors.size() != 1) {
    return Status::InvalidArgument(what + ": holds " + std::to_string(v.sectors.size()) +
                                   " sector proofs, expected 1");
  }
  SlotWitness slot;
  auto comm_r = filecoin::DomainToFr(v.comm_r, what + " comm_r");
  auto comm_c = filecoin::DomainToFr(v.sectors[0].comm_c, what + " comm_c");
  auto comm_r_last = filecoin::DomainToFr(v.sectors[0].comm_r_last, what + " comm_r_last");
  for (const auto* r : {&comm_r, &comm_c, &comm_r_last}) {
    if (!r->ok()) return r->status();
  }
  slot.comm_r = *comm_r;
  slot.comm_c = *comm_c;
  slot.comm_r_last = *comm_r_last;
  Fr pair[] = {slot.comm_c, slot.comm_r_last};
  auto h = hash::PoseidonHash(pair);
  RETURN_IF_ERROR(h);
  if (*h != slot.comm_r) {
    return Status::InvalidArgument(what + ": comm_r is not Poseidon(comm_c, comm_r_last)");
  }
  return slot;
}

std::string SectorName(const FallbackPoStSectorProof& v) {
  return "sector " + std::to_string(v.sector_id);
}

}  // namespace

Status FallbackPoStCircuit::Synthesize(r1cs::ConstraintSystem& cs) const {
  for (size_t i = 0; i < slots_.size(); ++i) {
    if (cs.Cancelled()) return r1cs::SynthesisCancelled();
    const SlotWitness& slot = slots_[i];
    r1cs::Namespace ns(cs, cs.WantsNames() ? "sector_" + std::to_string(i) : std::string());
    AllocatedNum comm_r_last = AllocatedNum::Alloc(cs, slot.comm_r_last);
    AllocatedNum comm_c = AllocatedNum::Alloc(cs, slot.comm_c);
    AllocatedNum comm_r = AllocatedNum::Alloc(cs, slot.comm_r);
    gadgets::Inputize(cs, comm_r);
    AllocatedNum pair[] = {comm_c, comm_r_last};
    auto h = gadgets::PoseidonHashGadget(cs, pair);
    RETURN_IF_ERROR(h);
    gadgets::EnforceEqual(cs, comm_r, *h);
    for (const LeafWitness& leaf : slot.leaves) {
      AllocatedNum value = AllocatedNum::Alloc(cs, leaf.value);
      Status s = gadgets::MerkleInclusionGadget(cs, gadgets::TreeHash::kPoseidon, value, leaf.path,
                                                comm_r_last);
      if (!s.ok())
        return Status::InvalidArgument("sector slot " + std::to_string(i) + ": " + s.message());
    }
  }
  return Status::Ok();
}

std::vector<SlotWitness> PlaceholderSlots(uint32_t sectors, uint32_t challenges,
                                          const std::vector<uint32_t>& arities, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<SlotWitness> slots(sectors);
  for (SlotWitness& slot : slots) {
    slot.comm_r = Fr::Random(rng);
    slot.comm_c = Fr::Random(rng);
    slot.comm_r_last = Fr::Random(rng);
    for (uint32_t c = 0; c < challenges; ++c) {
      LeafWitness leaf{Fr::Random(rng), {}};
      for (uint32_t a : arities) {
        gadgets::MerkleLevel level;
        level.position = static_cast<uint32_t>(rng() % a);
        for (uint32_t k = 0; k + 1 < a; ++k) level.siblings.push_back(Fr::Random(rng));
        leaf.path.push_back(std::move(level));
      }
      slot.leaves.push_back(std::move(leaf));
    }
  }
  return slots;
}

Result<std::vector<SlotWitness>> PoStSlots(const PoStStatement& st,
                                           const std::vector<FallbackPoStSectorProof>& vanilla) {
  const filecoin::RegisteredPoStProof& p = st.proof;
  bool winning = p.kind == filecoin::PoStKind::kWinning;
  if (vanilla.empty() || vanilla.size() > p.sector_count) {
    return Status::InvalidArgument(
        std::string(p.name) + " takes 1 to " + std::to_string(p.sector_count) +
        " sector proofs per partition, got " + std::to_string(vanilla.size()));
  }
  std::vector<SlotWitness> slots;
  for (size_t i = 0; i < vanilla.size(); ++i) {
    const FallbackPoStSectorProof& v = vanilla[i];
    std::string what = SectorName(v);
    auto head = SlotHead(v, what);
    RETURN_IF_ERROR(head);
    const auto& proofs = v.sectors[0].inclusion_proofs;
    if (proofs.size() != p.challenge_count) {
      return Status::InvalidArgument(what + ": has " + std::to_string(proofs.size()) +
                                     " challenge proofs, " + std::string(p.name) + " needs " +
                                     std::to_string(p.challenge_count));
    }
    // Winning: one slot per challenge; Window: one slot per sector.
    for (uint32_t n = 0; n < p.challenge_count; ++n) {
      uint32_t slot = winning ? n : static_cast<uint32_t>(i);
      uint64_t ci = filecoin::PoStChallengeIndex(p, st.partition, slot, winning ? 0 : n);
      uint64_t challenge =
          filecoin::PoStLeafChallenge(st.randomness, v.sector_id, ci, p.shape.nodes);
      auto leaf = Leaf(proofs[n], p.shape, v.sectors[0].comm_r_last, challenge,
                       what + " challenge " + std::to_string(n));
      RETURN_IF_ERROR(leaf);
      if (winning || n == 0) slots.push_back(*head);
      slots.back().leaves.push_back(std::move(leaf).value());
    }
  }
  while (slots.size() < p.circuit_sectors()) slots.push_back(slots.back());
  return slots;
}

Result<std::vector<Fr>> PoStPublicInputs(const PoStStatement& st,
                                         const std::vector<std::pair<uint64_t, Bytes32>>& sectors) {
  const filecoin::RegisteredPoStProof& p = st.proof;
  bool winning = p.kind == filecoin::PoStKind::kWinning;
  if (sectors.empty() || sectors.size() > p.sector_count) {
    return Status::InvalidArgument(std::string(p.name) + " takes 1 to " +
                                   std::to_string(p.sector_count) + " sectors per partition, got " +
                                   std::to_string(sectors.size()));
  }
  std::vector<Fr> inputs;
  for (uint32_t slot = 0; slot < p.circuit_sectors(); ++slot) {
    // Winning repeats its one sector with a new challenge per slot; a short Window partition
    // repeats its last sector's inputs.
    size_t i = winning ? 0 : std::min<size_t>(slot, sectors.size() - 1);
    uint32_t index_slot = winning ? slot : static_cast<uint32_t>(i);
    auto comm_r = filecoin::DomainToFr(sectors[i].second,
                                       "sector " + std::to_string(sectors[i].first) + " comm_r");
    RETURN_IF_ERROR(comm_r);
    inputs.push_back(*comm_r);
    for (uint32_t n = 0; n < p.circuit_challenges(); ++n) {
      uint64_t ci = filecoin::PoStChallengeIndex(p, st.partition, index_slot, n);
      inputs.push_back(Fr::FromUint64(
          filecoin::PoStLeafChallenge(st.randomness, sectors[i].first, ci, p.shape.nodes)));
    }
  }
  return inputs;
}

}  // namespace cuzk::circuits::post
