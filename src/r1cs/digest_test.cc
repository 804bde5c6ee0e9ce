// SPDX-License-Identifier: Apache-2.0 OR MIT
// The R1CS digest against an independent reference: the expected values were computed with
// Python's hashlib.blake2s over bytes laid out by hand from bellpepper-core's test_cs.rs (header
// counts, then per combination the merged non-zero term count and 'I'/'A', index, coefficient).
#include "r1cs/digest.h"

#include <gtest/gtest.h>

#include "r1cs/counting.h"

namespace cuzk::r1cs {
namespace {

// Two inputs (ONE, x), three aux (a, b, p), two constraints:
//   (a + 2b - x + 2a - 3a) * (ONE) = (p)      -- a merges to zero and is dropped
//   (b) * (5 ONE) = (7x + (r-1) a)
class SmallCircuit : public Circuit {
 public:
  Status Synthesize(ConstraintSystem& cs) const override {
    Variable x = cs.AllocInput(Fr::FromUint64(3));
    Variable a = cs.Alloc(Fr::FromUint64(1));
    Variable b = cs.Alloc(Fr::FromUint64(2));
    Variable p = cs.Alloc(Fr::FromUint64(4));
    LinearCombination lhs;
    lhs.Add(a).Sub(x).AddTerm(b, Fr::Two()).AddTerm(a, Fr::Two()).AddTerm(a, -Fr::FromUint64(3));
    cs.Enforce(lhs, LinearCombination::Of(Variable::One()), LinearCombination::Of(p));
    LinearCombination rhs;
    rhs.AddTerm(x, Fr::FromUint64(7)).Sub(a);
    cs.Enforce(LinearCombination::Of(b), LinearCombination::Constant(Fr::FromUint64(5)), rhs);
    return Status::Ok();
  }
};

TEST(R1csDigestTest, MatchesTheReferenceLayout) {
  auto d = DigestCircuit(SmallCircuit());
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(d->Hex(), "37a74f9333264741056f04495c977dc15fe2b5560b276efe2a56c21ee6247f5d");
  EXPECT_EQ(d->inputs, 2u);
  EXPECT_EQ(d->aux, 3u);
  EXPECT_EQ(d->constraints, 2u);
  EXPECT_EQ(d->nnz_a, 3u);            // x, b; then b
  EXPECT_EQ(d->nnz_b, 2u);            // ONE twice
  EXPECT_EQ(d->nnz_c, 3u);            // p; then x, a
  EXPECT_EQ(d->a_aux_density, 1u);    // b
  EXPECT_EQ(d->b_input_density, 1u);  // ONE
  EXPECT_EQ(d->b_aux_density, 0u);
}

TEST(R1csDigestTest, EmptyCircuitHashesItsCountsOnly) {
  auto d = DigestCircuit(FunctionCircuit([](ConstraintSystem&) { return Status::Ok(); }));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->Hex(), "958191931feaed50efb8195a7e9084aba2c230e2886c2f11a2cff90a9117095e");
}

// Swapping A and B, or changing one coefficient, changes the digest.
TEST(R1csDigestTest, SeesSidesAndCoefficients) {
  auto circuit = [](bool swap, uint64_t coeff) {
    return FunctionCircuit([=](ConstraintSystem& cs) {
      Variable a = cs.Alloc(Fr::One()), b = cs.Alloc(Fr::One()), c = cs.Alloc(Fr::One());
      LinearCombination la = LinearCombination::Of(a), lb;
      lb.AddTerm(b, Fr::FromUint64(coeff));
      cs.Enforce(swap ? lb : la, swap ? la : lb, LinearCombination::Of(c));
      return Status::Ok();
    });
  };
  auto base = DigestCircuit(circuit(false, 2));
  auto swapped = DigestCircuit(circuit(true, 2));
  auto other = DigestCircuit(circuit(false, 3));
  ASSERT_TRUE(base.ok() && swapped.ok() && other.ok());
  EXPECT_NE(base->Hex(), swapped->Hex());
  EXPECT_NE(base->Hex(), other->Hex());
}

// A circuit that synthesizes differently each time is refused rather than hashed with a header
// that does not match its body.
TEST(R1csDigestTest, RefusesACircuitThatChangesBetweenPasses) {
  int calls = 0;
  auto d = DigestCircuit(FunctionCircuit([&](ConstraintSystem& cs) {
    if (calls++ > 0) cs.Alloc(Fr::One());
    return Status::Ok();
  }));
  ASSERT_FALSE(d.ok());
}

}  // namespace
}  // namespace cuzk::r1cs
