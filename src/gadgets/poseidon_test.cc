// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Poseidon gadget: the constraint counts of storage-proofs-porep circuit/hash.rs (311 for
// arity 2, 598 for arity 11) and the formula for the others, output equal to the native hash,
// satisfied constraints, and a tampered witness caught.
#include "gadgets/poseidon.h"

#include <gtest/gtest.h>

#include <random>

#include "hash/poseidon.h"
#include "r1cs/test_constraint_system.h"

namespace cuzk::gadgets {
namespace {

TEST(PoseidonGadgetTest, MatchesNativeHashAndFilecoinConstraintCounts) {
  std::mt19937_64 rng(17);
  struct Case {
    size_t arity, constraints;
  };
  for (Case c : {Case{2, 311}, Case{4, 377}, Case{8, 505}, Case{11, 598}, Case{16, 761}}) {
    r1cs::TestConstraintSystem cs;
    std::vector<AllocatedNum> preimage;
    std::vector<Fr> values;
    for (size_t i = 0; i < c.arity; ++i) {
      values.push_back(Fr::Random(rng));
      preimage.push_back(AllocatedNum::Alloc(cs, values.back()));
    }
    size_t aux_before = cs.num_aux();
    auto out = PoseidonHashGadget(cs, preimage);
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(cs.num_constraints(), c.constraints) << "arity " << c.arity;
    EXPECT_EQ(cs.num_aux() - aux_before, c.constraints) << "arity " << c.arity;
    EXPECT_EQ(cs.num_inputs(), 1u);
    EXPECT_EQ(out->value, *hash::PoseidonHash(values));
    EXPECT_EQ(cs.Value(out->var), out->value);
    ASSERT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
    // Any wrong intermediate value breaks some constraint.
    cs.SetAux(aux_before + 7, cs.aux()[aux_before + 7] + Fr::One());
    EXPECT_FALSE(cs.IsSatisfied());
  }
}

// filecoin-hashers test_hash_md_circuit: 71 ones cost 2,770 constraints; a chain whose last block
// needs padding matches the native hash too.
TEST(PoseidonGadgetTest, HashMdMatchesNativeAndCosts2770For71Elements) {
  std::mt19937_64 rng(23);
  for (size_t n : {71u, 40u}) {
    r1cs::TestConstraintSystem cs;
    std::vector<AllocatedNum> elements;
    std::vector<Fr> values;
    for (size_t i = 0; i < n; ++i) {
      values.push_back(n == 71 ? Fr::One() : Fr::Random(rng));
      elements.push_back(AllocatedNum::Alloc(cs, values.back()));
    }
    auto out = PoseidonHashMdGadget(cs, elements);
    ASSERT_TRUE(out.ok());
    if (n == 71) {
      EXPECT_EQ(cs.num_constraints(), 2770u);
    }
    if (n == 40) {
      EXPECT_EQ(cs.num_constraints(), 2 * 1385u);  // 35 + 4 elements: 2 blocks
    }
    EXPECT_EQ(out->value, *hash::PoseidonHashMd(values));
    ASSERT_TRUE(cs.IsSatisfied());
  }
}

}  // namespace
}  // namespace cuzk::gadgets
