// SPDX-License-Identifier: Apache-2.0 OR MIT
// EmptySectorUpdate-Poseidon: SnapDeals' Poseidon variant (storage-proofs-update
// poseidon/circuit.rs; docs/filecoin.md §9.1), constraint for constraint. One partition; tree D has
// tree R's shape and hash, so every challenge opens three Poseidon paths and there is no apex tree.
// Public inputs: h_select (UpdateShape::h_select), comm_r_old, comm_d_new, comm_r_new.
#pragma once

#include <cstdint>
#include <vector>

#include "circuits/snap/update_circuit.h"

namespace cuzk::circuits::snap {

// One challenge's openings, each a tree R path (siblings per level, leaf side first).
struct UpdatePoseidonChallengeWitness {
  Fr leaf_r_old, leaf_d_new;
  std::vector<std::vector<Fr>> path_r_old, path_d_new, path_r_new;
};

// Everything the proof proves.
struct UpdatePoseidonWitness {
  uint32_t h_index = 0;  // h = hs()[h_index]; the public input holds h_select(h_index)
  Fr comm_r_old, comm_d_new, comm_r_new;
  Fr comm_c, root_r_old, root_r_new;
  std::vector<UpdatePoseidonChallengeWitness> challenges;
};

// The circuit over a sector of `shape` (its partition fields are not used). The challenges, their
// high bits and rho are derived inside the circuit from comm_r_new and h.
class EmptySectorUpdatePoseidonCircuit : public r1cs::Circuit {
 public:
  EmptySectorUpdatePoseidonCircuit(UpdateShape shape, UpdatePoseidonWitness witness)
      : shape_(std::move(shape)), witness_(std::move(witness)) {}
  Status Synthesize(r1cs::ConstraintSystem& cs) const override;

 private:
  UpdateShape shape_;
  UpdatePoseidonWitness witness_;
};

// Returns the number of challenges (challenge_count_poseidon).
uint32_t UpdatePoseidonChallengeCount(const UpdateShape& shape);

// The challenges (challenges.rs Challenges::new_poseidon): digest_j = H_gr(comm_r_new, j) cut into
// chunks of log2(nodes) bits, least significant first, 254 / log2(nodes) per digest.
std::vector<uint64_t> UpdatePoseidonChallenges(const UpdateShape& shape, const Fr& comm_r_new);

// The public inputs without the implicit ONE: shape.h_select(h_index), comm_r_old, comm_d_new,
// comm_r_new.
std::vector<Fr> UpdatePoseidonPublicInputs(const UpdateShape& shape, uint32_t h_index,
                                           const Fr& comm_r_old, const Fr& comm_d_new,
                                           const Fr& comm_r_new);

// A witness with the right structure and arbitrary values (seeded), for shapes and parameters.
UpdatePoseidonWitness PlaceholderUpdatePoseidonWitness(const UpdateShape& shape, uint64_t seed);

}  // namespace cuzk::circuits::snap
