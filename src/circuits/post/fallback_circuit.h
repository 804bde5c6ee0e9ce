// SPDX-License-Identifier: Apache-2.0 OR MIT
// FallbackPoStCircuit: the WindowPoSt and WinningPoSt circuit (storage-proofs-post fallback/
// circuit.rs and compound.rs; docs/filecoin.md §8), constraint for constraint, with its
// witness and public inputs built from Curio's vanilla proofs.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/post_vanilla.h"
#include "filecoin/registered_post.h"
#include "gadgets/merkle.h"
#include "r1cs/constraint_system.h"

namespace cuzk::circuits::post {

using ff::Fr;

// One challenged leaf of tree R_last and its inclusion path.
struct LeafWitness {
  Fr value;
  std::vector<gadgets::MerkleLevel> path;
};

// One sector slot of the circuit.
struct SlotWitness {
  Fr comm_r, comm_c, comm_r_last;
  std::vector<LeafWitness> leaves;
};

// The circuit: per slot, comm_r_last, comm_c and comm_r allocated, comm_r inputized and equal to
// Poseidon(comm_c, comm_r_last), then each leaf's inclusion under comm_r_last with its index
// packed into an input (313 + challenges * R constraints per slot).
class FallbackPoStCircuit : public r1cs::Circuit {
 public:
  explicit FallbackPoStCircuit(std::vector<SlotWitness> slots) : slots_(std::move(slots)) {}
  Status Synthesize(r1cs::ConstraintSystem& cs) const override;

 private:
  std::vector<SlotWitness> slots_;
};

// Slots with the right structure and arbitrary values (seeded): `sectors` slots of `challenges`
// leaves each, on a tree with `arities` (leaf side first). For shapes and parameter generation.
std::vector<SlotWitness> PlaceholderSlots(uint32_t sectors, uint32_t challenges,
                                          const std::vector<uint32_t>& arities, uint64_t seed);

// What a PoSt partition proves, besides the vanilla proofs: the proof type, the challenge
// randomness and the partition index (WindowPoSt before API V1_2_0 derives challenges from it).
struct PoStStatement {
  filecoin::RegisteredPoStProof proof;
  filecoin::Bytes32 randomness{};
  uint32_t partition = 0;
};

// The circuit's slots from the partition's vanilla proofs: WindowPoSt takes one proof per sector
// (at most sector_count; the last one repeats to fill the slots), WinningPoSt one proof with 66
// challenges (one slot each). Checks each path's shape, root, leaf index (against the challenge
// derived from the randomness) and comm_r = Poseidon(comm_c, comm_r_last); errors name the
// sector and challenge.
Result<std::vector<SlotWitness>> PoStSlots(
    const PoStStatement& statement, const std::vector<filecoin::FallbackPoStSectorProof>& vanilla);

// The public inputs without the implicit ONE: per slot comm_r, then the index of each challenged
// leaf (FallbackPoStCompound::generate_public_inputs; short WindowPoSt partitions repeat the last
// sector's inputs). `sectors` lists (sector_id, comm_r) in vanilla-proof order.
Result<std::vector<Fr>> PoStPublicInputs(
    const PoStStatement& statement,
    const std::vector<std::pair<uint64_t, filecoin::Bytes32>>& sectors);

}  // namespace cuzk::circuits::post
