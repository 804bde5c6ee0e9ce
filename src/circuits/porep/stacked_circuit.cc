// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/porep/stacked_circuit.h"

#include <random>
#include <string>

#include "circuits/porep/label.h"
#include "filecoin/registered_proof.h"
#include "gadgets/poseidon.h"

namespace cuzk::circuits::porep {
namespace {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using gadgets::TreeHash;

// reverse_bit_numbering(to_bits_le(x)): 256 bits in SHA-256 message order.
std::vector<Boolean> MessageBits(r1cs::ConstraintSystem& cs, const AllocatedNum& x) {
  return gadgets::ReverseBitNumbering(gadgets::ToBitsLe(cs, x));
}

// Allocates a column's rows, hashes them (Poseidon of arity = layers) and proves the hash is a
// leaf of tree C. Returns the allocated rows.
Result<std::vector<AllocatedNum>> ColumnInclusion(r1cs::ConstraintSystem& cs,
                                                  const ColumnWitness& column,
                                                  const AllocatedNum& comm_c) {
  std::vector<AllocatedNum> rows;
  for (const Fr& v : column.rows) rows.push_back(AllocatedNum::Alloc(cs, v));
  auto leaf = gadgets::PoseidonHashGadget(cs, rows);
  RETURN_IF_ERROR(leaf);
  Status s = gadgets::MerkleInclusionGadget(cs, TreeHash::kPoseidon, *leaf, column.path, comm_c);
  RETURN_IF_ERROR(s);
  return rows;
}

}  // namespace

std::vector<uint32_t> CircuitShape::TreeArities() const {
  filecoin::SectorShape sector{};
  sector.nodes = nodes;
  sector.base_arity = base_arity;
  sector.sub_arity = sub_arity;
  sector.top_arity = top_arity;
  return filecoin::TreeArities(sector);
}

uint32_t CircuitShape::TreeDLevels() const {
  uint32_t k = 0;
  while ((uint64_t{1} << k) < nodes) ++k;
  return k;
}

Status StackedCircuit::Synthesize(r1cs::ConstraintSystem& cs) const {
  if (witness_.challenges.size() != shape_.challenges) {
    return Status::InvalidArgument("partition has " + std::to_string(witness_.challenges.size()) +
                                   " challenge proofs, the shape needs " +
                                   std::to_string(shape_.challenges));
  }
  // docs/filecoin.md §4.6, steps 1-6 (571 constraints).
  AllocatedNum replica_id = AllocatedNum::Alloc(cs, witness_.replica_id);
  gadgets::Inputize(cs, replica_id);
  std::vector<Boolean> replica_id_bits = MessageBits(cs, replica_id);
  AllocatedNum comm_d = AllocatedNum::Alloc(cs, witness_.comm_d);
  gadgets::Inputize(cs, comm_d);
  AllocatedNum comm_r = AllocatedNum::Alloc(cs, witness_.comm_r);
  gadgets::Inputize(cs, comm_r);
  AllocatedNum comm_r_last = AllocatedNum::Alloc(cs, witness_.comm_r_last);
  AllocatedNum comm_c = AllocatedNum::Alloc(cs, witness_.comm_c);
  AllocatedNum pair[] = {comm_c, comm_r_last};
  auto h = gadgets::PoseidonHashGadget(cs, pair);
  RETURN_IF_ERROR(h);
  gadgets::EnforceEqual(cs, comm_r, *h);
  for (size_t i = 0; i < witness_.challenges.size(); ++i) {
    if (cs.Cancelled()) return r1cs::SynthesisCancelled();
    r1cs::Namespace ns(cs, cs.WantsNames() ? "challenge_" + std::to_string(i) : std::string());
    Status s = SynthesizeChallenge(cs, witness_.challenges[i], replica_id_bits, comm_d, comm_c,
                                   comm_r_last);
    if (!s.ok()) return s.Prefixed("challenge " + std::to_string(i) + ": ");
  }
  return Status::Ok();
}

Status StackedCircuit::SynthesizeChallenge(r1cs::ConstraintSystem& cs, const ChallengeWitness& w,
                                           const std::vector<Boolean>& replica_id_bits,
                                           const AllocatedNum& comm_d, const AllocatedNum& comm_c,
                                           const AllocatedNum& comm_r_last) const {
  // 1-2. Data leaf and its comm_d path.
  AllocatedNum data_leaf = AllocatedNum::Alloc(cs, w.data_leaf);
  Status s =
      gadgets::MerkleInclusionGadget(cs, TreeHash::kSha256, data_leaf, w.comm_d_path, comm_d);
  RETURN_IF_ERROR(s);
  // A 32GiB challenge takes 1-2 s to synthesize on one core: a cancel is also seen after each
  // path, column and label within it (tenths of a second apart).
  if (cs.Cancelled()) return r1cs::SynthesisCancelled();
  // 3-4. Parent columns.
  std::vector<std::vector<AllocatedNum>> columns;
  // columns[0..5] are the DRG parents, columns[6..13] the expander parents.
  std::vector<const ColumnWitness*> parent_columns;
  for (const ColumnWitness& c : w.drg_parents) parent_columns.push_back(&c);
  for (const ColumnWitness& c : w.exp_parents) parent_columns.push_back(&c);
  for (const ColumnWitness* column : parent_columns) {
    auto rows = ColumnInclusion(cs, *column, comm_c);
    RETURN_IF_ERROR(rows);
    columns.push_back(std::move(*rows));
    if (cs.Cancelled()) return r1cs::SynthesisCancelled();
  }
  // 5. The challenge as 64 allocated bits, packed into one input.
  std::vector<Boolean> challenge_bits;
  for (int b = 0; b < 64; ++b) challenge_bits.push_back(Boolean::Alloc(cs, (w.challenge >> b) & 1));
  gadgets::PackIntoInputs(cs, challenge_bits);
  // 6. Labels, layer by layer, from fresh decompositions of the parents' rows.
  std::vector<AllocatedNum> labels;
  for (uint32_t layer = 1; layer <= shape_.layers; ++layer) {
    std::vector<std::vector<Boolean>> parents;
    for (size_t p = 0; p < 6; ++p) parents.push_back(MessageBits(cs, columns[p][layer - 1]));
    if (layer > 1) {
      for (size_t q = 0; q < 8; ++q) parents.push_back(MessageBits(cs, columns[6 + q][layer - 2]));
    }
    std::vector<std::vector<Boolean>> expanded;
    for (size_t k = 0; k < 37; ++k) expanded.push_back(parents[k % parents.size()]);
    auto label = CreateLabel(cs, replica_id_bits, expanded, layer, challenge_bits);
    RETURN_IF_ERROR(label);
    labels.push_back(*label);
    if (cs.Cancelled()) return r1cs::SynthesisCancelled();
  }
  // 7-8. Encoding and its tree-R_last path.
  const AllocatedNum& key = labels.back();
  AllocatedNum encoded = AllocatedNum::Alloc(cs, key.value + data_leaf.value);
  r1cs::LinearCombination sum = r1cs::LinearCombination::Of(key.var);
  sum.Add(data_leaf.var);
  cs.Enforce(sum, r1cs::LinearCombination::Of(r1cs::Variable::One()),
             r1cs::LinearCombination::Of(encoded.var));
  s = gadgets::MerkleInclusionGadget(cs, TreeHash::kPoseidon, encoded, w.comm_r_last_path,
                                     comm_r_last);
  RETURN_IF_ERROR(s);
  if (cs.Cancelled()) return r1cs::SynthesisCancelled();
  // 9. The challenge's own column, hashed from the labels, under comm_c.
  auto column = gadgets::PoseidonHashGadget(cs, labels);
  RETURN_IF_ERROR(column);
  return gadgets::MerkleInclusionGadget(cs, TreeHash::kPoseidon, *column, w.own_column_path,
                                        comm_c);
}

PartitionWitness PlaceholderWitness(const CircuitShape& shape, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto path = [&](const std::vector<uint32_t>& arities, uint64_t index) {
    std::vector<gadgets::MerkleLevel> levels;
    for (uint32_t a : arities) {
      gadgets::MerkleLevel level;
      level.position = static_cast<uint32_t>(index % a);
      index /= a;
      for (uint32_t k = 0; k + 1 < a; ++k) level.siblings.push_back(Fr::Random(rng));
      levels.push_back(std::move(level));
    }
    return levels;
  };
  auto column = [&](uint64_t index) {
    ColumnWitness c;
    for (uint32_t l = 0; l < shape.layers; ++l) c.rows.push_back(Fr::Random(rng));
    c.path = path(shape.TreeArities(), index);
    return c;
  };
  std::vector<uint32_t> binary(shape.TreeDLevels(), 2);
  PartitionWitness w{Fr::Random(rng), Fr::Random(rng), Fr::Random(rng),
                     Fr::Random(rng), Fr::Random(rng), {}};
  for (uint32_t i = 0; i < shape.challenges; ++i) {
    ChallengeWitness c;
    c.challenge = 1 + rng() % (shape.nodes - 1);
    c.data_leaf = Fr::Random(rng);
    c.comm_d_path = path(binary, c.challenge);
    for (auto& p : c.drg_parents) p = column(rng() % shape.nodes);
    for (auto& p : c.exp_parents) p = column(rng() % shape.nodes);
    c.comm_r_last_path = path(shape.TreeArities(), c.challenge);
    c.own_column_path = path(shape.TreeArities(), c.challenge);
    w.challenges.push_back(std::move(c));
  }
  return w;
}

}  // namespace cuzk::circuits::porep
