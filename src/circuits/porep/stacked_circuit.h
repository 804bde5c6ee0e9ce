// SPDX-License-Identifier: Apache-2.0 OR MIT
// StackedCircuit: one partition of the SDR PoRep circuit (storage-proofs-porep stacked/circuit/
// proof.rs and params.rs; docs/filecoin.md §4.6-4.7), constraint for constraint.
#pragma once

#include <array>
#include <vector>

#include "gadgets/merkle.h"
#include "r1cs/constraint_system.h"

namespace cuzk::circuits::porep {

using ff::Fr;

// What the circuit's shape depends on (docs/filecoin.md §1.2): the same for every proof of one
// sector size.
struct CircuitShape {
  uint64_t nodes = 0;
  uint32_t layers = 0;
  uint32_t base_arity = 8, sub_arity = 0, top_arity = 0;
  uint32_t challenges = 0;  // per partition

  // Arities of a tree R/C path, leaf side first: base levels, then sub, then top.
  std::vector<uint32_t> TreeArities() const;
  // Number of SHA-256 tree-D levels: log2(nodes).
  uint32_t TreeDLevels() const;
};

// A column of tree C: the challenged node's labels on every layer, and its inclusion path.
struct ColumnWitness {
  std::vector<Fr> rows;  // layers values, row 0 = layer 1
  std::vector<gadgets::MerkleLevel> path;
};

// The vanilla proof of one challenge, as C1 carries it.
struct ChallengeWitness {
  uint64_t challenge = 0;
  Fr data_leaf;
  std::vector<gadgets::MerkleLevel> comm_d_path;
  std::array<ColumnWitness, 6> drg_parents;
  std::array<ColumnWitness, 8> exp_parents;
  std::vector<gadgets::MerkleLevel> comm_r_last_path;  // path of the encoded node
  std::vector<gadgets::MerkleLevel> own_column_path;   // tree-C path of the challenge's column
};

// Everything one partition proves.
struct PartitionWitness {
  Fr replica_id, comm_d, comm_r, comm_r_last, comm_c;
  std::vector<ChallengeWitness> challenges;
};

// The partition circuit: 3 public inputs and then 18 per challenge (docs/filecoin.md §3.1).
class StackedCircuit : public r1cs::Circuit {
 public:
  StackedCircuit(CircuitShape shape, PartitionWitness witness)
      : shape_(std::move(shape)), witness_(std::move(witness)) {}
  Status Synthesize(r1cs::ConstraintSystem& cs) const override;

 private:
  Status SynthesizeChallenge(r1cs::ConstraintSystem& cs, const ChallengeWitness& w,
                             const std::vector<gadgets::Boolean>& replica_id_bits,
                             const gadgets::AllocatedNum& comm_d,
                             const gadgets::AllocatedNum& comm_c,
                             const gadgets::AllocatedNum& comm_r_last) const;

  CircuitShape shape_;
  PartitionWitness witness_;
};

// A witness with the right structure and arbitrary values (seeded): synthesis does not need a
// satisfiable witness, so this measures and checks the circuit's shape without a sealed sector.
PartitionWitness PlaceholderWitness(const CircuitShape& shape, uint64_t seed);

}  // namespace cuzk::circuits::porep
