// SPDX-License-Identifier: Apache-2.0 OR MIT
// EmptySectorUpdateCircuit: one partition of the SnapDeals proof, the SHA-256 (tree D) variant
// (storage-proofs-update circuit.rs and gadgets.rs; docs/filecoin.md §9), constraint for
// constraint. Public inputs: k_and_h_select, comm_r_old, comm_d_new, comm_r_new.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "ff/fr.h"
#include "r1cs/constraint_system.h"

namespace cuzk::circuits::snap {

using ff::Fr;

// The partition circuit's dimensions (storage-proofs-update constants.rs).
struct UpdateShape {
  uint64_t nodes = 0;                    // sector nodes, a power of two
  std::vector<uint32_t> tree_r_arities;  // tree R levels, leaf side first

  // Returns the shape of a sector of `nodes` nodes whose tree R has `tree_r_arities`.
  static UpdateShape For(uint64_t nodes, std::vector<uint32_t> tree_r_arities) {
    return UpdateShape{nodes, std::move(tree_r_arities)};
  }
  uint32_t challenge_bits() const;     // log2(nodes)
  uint32_t partitions() const;         // 1 up to 8KiB, 2 up to 32KiB, 4 up to 16MiB, then 16
  uint32_t partition_bits() const;     // log2(partitions)
  uint32_t challenges() const;         // per partition: 10 up to 16MiB, then 86
  uint32_t apex_leaves() const;        // 8 up to 8KiB, then 128
  uint32_t apex_leaf_bits() const;     // log2(apex_leaves)
  std::array<uint32_t, 6> hs() const;  // the allowed h: all 1 up to 32KiB, else 7..12
  // The circuit's h_select for h = hs()[h_index]: 2^i for the first i with hs()[i] == h, as
  // storage-proofs-update constants.rs `h_select` finds h's position. Up to 32KiB every hs() is
  // 1, so h_select is 1 whatever the index; from 64KiB up it is 2^h_index.
  uint64_t h_select(uint32_t h_index) const;
};

// One challenge's openings: the node's old replica label with its tree R path, the new data with
// its tree D path (one sibling per level, log2(nodes) levels) and the new replica label's path.
struct UpdateChallengeWitness {
  Fr leaf_r_old, leaf_d_new;
  std::vector<std::vector<Fr>> path_r_old, path_r_new;
  std::vector<Fr> path_d_new;
};

// Everything one partition proves.
struct UpdateWitness {
  uint32_t k = 0;        // partition index
  uint32_t h_index = 0;  // h = hs()[h_index]; the public input holds h_select(h_index)
  Fr comm_r_old, comm_d_new, comm_r_new;
  Fr comm_c, root_r_old, root_r_new;
  std::vector<Fr> apex_leaves;  // this partition's apex leaves of tree D
  std::vector<UpdateChallengeWitness> challenges;
};

// The partition circuit. The challenges, their high bits and rho are derived inside the circuit
// from comm_r_new, k and h; the witness supplies the openings.
class EmptySectorUpdateCircuit : public r1cs::Circuit {
 public:
  EmptySectorUpdateCircuit(UpdateShape shape, UpdateWitness witness)
      : shape_(std::move(shape)), witness_(std::move(witness)) {}
  Status Synthesize(r1cs::ConstraintSystem& cs) const override;

 private:
  UpdateShape shape_;
  UpdateWitness witness_;
};

// The challenges of partition `k` (storage-proofs-update challenges.rs): digest_j =
// H_gr(comm_r_new, k * digests + j) cut into chunks of log2(nodes / partitions) bits, least
// significant first, each with k on top.
std::vector<uint64_t> UpdateChallenges(const UpdateShape& shape, const Fr& comm_r_new, uint32_t k);

// rho of node `c`: H_gr(phi, c >> (log2(nodes) - h)) with phi = H_gr(comm_d_new, comm_r_old); the
// new replica's label is label_r_old + data * rho.
Fr UpdateRho(const UpdateShape& shape, const Fr& phi, uint64_t c, uint32_t h);
// phi = H_gr(comm_d_new, comm_r_old).
Fr UpdatePhi(const Fr& comm_d_new, const Fr& comm_r_old);

// The public inputs of partition `k` without the implicit ONE: k_and_h_select (k |
// shape.h_select(h_index) << log2(partitions)), comm_r_old, comm_d_new, comm_r_new.
std::vector<Fr> UpdatePublicInputs(const UpdateShape& shape, uint32_t k, uint32_t h_index,
                                   const Fr& comm_r_old, const Fr& comm_d_new,
                                   const Fr& comm_r_new);

// Returns a tree R path of `shape`'s arities (siblings per level) with random values.
std::vector<std::vector<Fr>> RandomTreeRPath(const UpdateShape& shape, std::mt19937_64& rng);

// A witness with the right structure and arbitrary values (seeded), for shapes and parameters.
UpdateWitness PlaceholderUpdateWitness(const UpdateShape& shape, uint64_t seed);

}  // namespace cuzk::circuits::snap
