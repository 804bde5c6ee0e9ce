// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/r1cs_cases.h"

#include <vector>

#include "circuits/porep/c1_inputs.h"
#include "circuits/porep/label.h"
#include "circuits/porep/stacked_circuit.h"
#include "circuits/post/fallback_circuit.h"
#include "circuits/snap/update_circuit.h"
#include "circuits/snap/update_inputs.h"
#include "gadgets/merkle.h"
#include "gadgets/poseidon.h"
#include "gadgets/sha256.h"
#include "gadgets/uint32.h"

namespace cuzk::circuits {
namespace {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::ConstraintSystem;
using r1cs::Fr;

// n allocated bits, each one boolean constraint (bellperson AllocatedBit::alloc); values 0.
std::vector<Boolean> AllocBits(ConstraintSystem& cs, size_t n) {
  std::vector<Boolean> bits;
  for (size_t i = 0; i < n; ++i) bits.push_back(Boolean::Alloc(cs, false));
  return bits;
}

Status Sha256Block(ConstraintSystem& cs) {
  gadgets::Sha256Compression(cs, AllocBits(cs, 512), gadgets::Sha256Iv());
  return Status::Ok();
}

Status AddMany(ConstraintSystem& cs) {
  std::vector<gadgets::UInt32> words;
  for (int w = 0; w < 3; ++w) words.push_back(gadgets::UInt32::FromBitsBe(AllocBits(cs, 32)));
  gadgets::MultiEq eq(cs);
  gadgets::UInt32::AddMany(cs, eq, words);
  eq.Flush();
  return Status::Ok();
}

Status Poseidon(ConstraintSystem& cs, size_t arity) {
  std::vector<AllocatedNum> preimage;
  for (size_t i = 0; i < arity; ++i) preimage.push_back(AllocatedNum::Alloc(cs, Fr::Zero()));
  auto out = gadgets::PoseidonHashGadget(cs, preimage);
  return out.ok() ? Status::Ok() : out.status();
}

Status Por(ConstraintSystem& cs, std::vector<uint32_t> arities) {
  std::vector<gadgets::MerkleLevel> levels;
  for (uint32_t a : arities) levels.push_back({0, std::vector<Fr>(a - 1, Fr::Zero())});
  AllocatedNum leaf = AllocatedNum::Alloc(cs, Fr::Zero());
  AllocatedNum root = AllocatedNum::Alloc(cs, Fr::Zero());
  gadgets::Inputize(cs, root);
  return gadgets::MerkleInclusionGadget(cs, gadgets::TreeHash::kPoseidon, leaf, levels, root);
}

Status Label(ConstraintSystem& cs) {
  std::vector<Boolean> replica = AllocBits(cs, 256);
  std::vector<std::vector<Boolean>> parents;
  for (int p = 0; p < 37; ++p) parents.push_back(AllocBits(cs, 256));
  constexpr uint64_t kNode = 123456789;
  std::vector<Boolean> node;
  for (int b = 0; b < 64; ++b) node.push_back(Boolean::Constant((kNode >> b) & 1));
  auto label = porep::CreateLabel(cs, replica, parents, 3, node);
  return label.ok() ? Status::Ok() : label.status();
}

const std::vector<GadgetCase>& Cases() {
  static const std::vector<GadgetCase> cases = {
      {"sha256-block", "512 allocated bits, then one compression from the IV (test_full_block)",
       Sha256Block},
      {"uint32-addmany",
       "three words of 32 allocated bits (most significant first), summed by one addmany in one "
       "MultiEq",
       AddMany},
      {"poseidon-2", "2 allocated numbers hashed by the arity-2 Poseidon gadget",
       [](ConstraintSystem& cs) { return Poseidon(cs, 2); }},
      {"poseidon-8", "8 allocated numbers hashed by the arity-8 Poseidon gadget",
       [](ConstraintSystem& cs) { return Poseidon(cs, 8); }},
      {"poseidon-11", "11 allocated numbers hashed by the arity-11 Poseidon gadget",
       [](ConstraintSystem& cs) { return Poseidon(cs, 11); }},
      {"por-8-8",
       "leaf and root allocated, root inputized, then the Poseidon PoR path of a base-8 tree of "
       "64 leaves (por_circuit.rs)",
       [](ConstraintSystem& cs) {
         return Por(cs, {8, 8});
       }},
      {"por-8-8-2",
       "as por-8-8 on a tree of two base-8 trees of 64 leaves under a sub level of arity 2",
       [](ConstraintSystem& cs) {
         return Por(cs, {8, 8, 2});
       }},
      {"create-label",
       "256 allocated replica-id bits, 37 parents of 256 allocated bits, layer 3, node 123456789 "
       "as 64 constant bits (create_label_circuit)",
       Label},
  };
  return cases;
}

}  // namespace

std::span<const GadgetCase> GadgetCases() { return Cases(); }

std::unique_ptr<r1cs::Circuit> PlaceholderPoRepCircuit(const filecoin::SectorShape& sector) {
  porep::CircuitShape shape = porep::ShapeOf(sector);
  return std::make_unique<porep::StackedCircuit>(shape, porep::PlaceholderWitness(shape, 1));
}

std::unique_ptr<r1cs::Circuit> PlaceholderPoStCircuit(const filecoin::RegisteredPoStProof& proof) {
  return std::make_unique<post::FallbackPoStCircuit>(post::PlaceholderSlots(
      proof.circuit_sectors(), proof.circuit_challenges(), filecoin::TreeArities(proof.shape), 1));
}

std::unique_ptr<r1cs::Circuit> PlaceholderUpdateCircuit(
    const filecoin::RegisteredUpdateProof& proof) {
  snap::UpdateShape shape = snap::ShapeOf(proof);
  return std::make_unique<snap::EmptySectorUpdateCircuit>(shape,
                                                          snap::PlaceholderUpdateWitness(shape, 1));
}

}  // namespace cuzk::circuits
