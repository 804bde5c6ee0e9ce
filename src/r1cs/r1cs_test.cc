// SPDX-License-Identifier: Apache-2.0 OR MIT
// Linear-combination merging, bellperson's density rules, the proving assignment's evaluations,
// shape recording and the test system's diagnostics.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "r1cs/proving_assignment.h"
#include "r1cs/shape.h"
#include "r1cs/test_constraint_system.h"
#include "r1cs/witness_only.h"

namespace cuzk::r1cs {
namespace {

Variable Aux(uint32_t i) { return {Variable::Kind::kAux, i}; }
Variable Input(uint32_t i) { return {Variable::Kind::kInput, i}; }

TEST(LinearCombinationTest, MergesRepeatedVariablesAndKeepsTermsSorted) {
  LinearCombination lc;
  lc.Add(Aux(5)).Add(Aux(1)).AddTerm(Aux(5), Fr::FromUint64(2)).Add(Input(0)).Sub(Aux(3));
  ASSERT_EQ(lc.aux().size(), 3u);
  EXPECT_EQ(lc.aux()[0].index, 1u);
  EXPECT_EQ(lc.aux()[1].index, 3u);
  EXPECT_EQ(lc.aux()[2].index, 5u);
  EXPECT_EQ(lc.aux()[2].coeff, Fr::FromUint64(3));
  EXPECT_EQ(lc.aux()[1].coeff, -Fr::One());
  EXPECT_EQ(lc.inputs().size(), 1u);
  std::vector<Fr> inputs = {Fr::One()};
  std::vector<Fr> aux = {Fr::Zero(),        Fr::FromUint64(10), Fr::Zero(),
                         Fr::FromUint64(4), Fr::Zero(),         Fr::FromUint64(7)};
  EXPECT_EQ(lc.Evaluate(inputs, aux), Fr::FromUint64(1 + 10 - 4 + 21));
  lc.Clear();
  EXPECT_TRUE(lc.empty());
}

// The sorted-prefix / unsorted-tail representation against a plain map from variable to merged
// coefficient, over seeded random sequences of single terms (in and out of order), scaled and
// plain additions of other combinations, subtractions, clears and self-additions.
TEST(LinearCombinationTest, MatchesAMapReferenceOnRandomOperations) {
  using Reference = std::map<std::pair<bool, uint32_t>, Fr>;  // (is_input, index) -> coeff
  std::mt19937_64 rng(31);
  auto random_var = [&] {
    bool input = rng() % 5 == 0;
    return Variable{input ? Variable::Kind::kInput : Variable::Kind::kAux,
                    static_cast<uint32_t>(rng() % 40)};
  };
  auto check = [](const LinearCombination& lc, const Reference& ref) {
    Reference got;
    for (const Term& t : lc.inputs()) got[{true, t.index}] = t.coeff;
    for (const Term& t : lc.aux()) got[{false, t.index}] = t.coeff;
    ASSERT_EQ(got, ref);
    for (const TermList* list : {&lc.inputs(), &lc.aux()}) {
      for (size_t i = 1; i < list->size(); ++i) ASSERT_LT((*list)[i - 1].index, (*list)[i].index);
    }
  };
  for (int trial = 0; trial < 200; ++trial) {
    LinearCombination a, b;
    Reference ra, rb;
    for (int op = 0; op < 60; ++op) {
      Variable v = random_var();
      Fr k = Fr::Random(rng);
      switch (rng() % 7) {
        case 0:
        case 1:
          a.AddTerm(v, k);
          ra[{v.is_input(), v.index}] += k;
          break;
        case 2:
          b.AddTerm(v, k);
          rb[{v.is_input(), v.index}] += k;
          break;
        case 3:
          a.AddScaled(b, k);
          for (const auto& [key, c] : rb) ra[key] += c * k;
          break;
        case 4:
          a += b;
          for (const auto& [key, c] : rb) ra[key] += c;
          break;
        case 5:
          a -= b;
          for (const auto& [key, c] : rb) ra[key] -= c;
          break;
        case 6:
          if (rng() % 4 == 0) {
            a.AddScaled(a, k);  // self-addition
            for (auto& [key, c] : ra) c += c * k;
          } else if (rng() % 3 == 0) {
            b.Clear();
            rb.clear();
          }
          break;
      }
      if (op % 15 == 14) check(a, ra);
    }
    check(a, ra);
    check(b, rb);
  }
}

TEST(ProvingAssignmentTest, EvaluatesConstraintsAndTracksDensityLikeBellperson) {
  ProvingAssignment pa;
  Variable x = pa.Alloc(Fr::FromUint64(3));
  Variable y = pa.Alloc(Fr::FromUint64(5));
  Variable z = pa.Alloc(Fr::FromUint64(15));
  Variable out = pa.AllocInput(Fr::FromUint64(15));
  // x * y = z: x in A, y in B.
  pa.Enforce(LinearCombination::Of(x), LinearCombination::Of(y), LinearCombination::Of(z));
  // (z + y - y) * ONE = out: y merges to coefficient 0 and must not enter the A query;
  // ONE enters the B query.
  LinearCombination a = LinearCombination::Of(z);
  a.Add(y).Sub(y);
  pa.Enforce(a, LinearCombination::Of(Variable::One()), LinearCombination::Of(out));
  pa.AppendInputConstraints();
  EXPECT_EQ(pa.num_constraints(), 4u);  // 2 + one per input (ONE, out)
  EXPECT_EQ(pa.a()[0], Fr::FromUint64(3));
  EXPECT_EQ(pa.b()[0], Fr::FromUint64(5));
  EXPECT_EQ(pa.c()[0], Fr::FromUint64(15));
  EXPECT_EQ(pa.a()[1], Fr::FromUint64(15));
  EXPECT_EQ(pa.a()[3], Fr::FromUint64(15));  // input constraint of `out`
  EXPECT_TRUE(pa.b()[3].IsZero());
  EXPECT_TRUE(pa.a_aux_density().Get(0));
  EXPECT_FALSE(pa.a_aux_density().Get(1));  // y only ever had coefficient 0 in A
  EXPECT_TRUE(pa.a_aux_density().Get(2));
  EXPECT_EQ(pa.a_aux_density().count(), 2u);
  EXPECT_TRUE(pa.b_aux_density().Get(1));
  EXPECT_EQ(pa.b_aux_density().count(), 1u);
  EXPECT_TRUE(pa.b_input_density().Get(0));
  EXPECT_FALSE(pa.b_input_density().Get(1));
}

// Seeded random constraints over `n` aux variables and two inputs, with 0/1 values and zero
// coefficients so that every density rule is exercised.
class RandomCircuit : public Circuit {
 public:
  RandomCircuit(uint64_t seed, size_t n) : seed_(seed), n_(n) {}
  Status Synthesize(ConstraintSystem& cs) const override {
    std::mt19937_64 rng(seed_);
    auto value = [&] {
      uint64_t kind = rng() % 3;
      return kind == 0 ? Fr::Zero() : kind == 1 ? Fr::One() : Fr::Random(rng);
    };
    std::vector<Variable> vars = {Variable::One(), cs.AllocInput(value()), cs.AllocInput(value())};
    for (size_t i = 0; i < n_; ++i) vars.push_back(cs.Alloc(value()));
    auto lc = [&] {
      LinearCombination l;
      for (int t = 0; t < 3; ++t) {
        l.AddTerm(vars[rng() % vars.size()], rng() % 4 == 0 ? Fr::Zero() : Fr::Random(rng));
      }
      return l;
    };
    for (size_t i = 0; i < n_; ++i) cs.Enforce(lc(), lc(), lc());
    return Status::Ok();
  }

 private:
  uint64_t seed_;
  size_t n_;
};

void ExpectSameDensity(const DensityBits& x, const DensityBits& y) {
  ASSERT_EQ(x.size(), y.size());
  EXPECT_EQ(x.count(), y.count());
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(x.Get(i), y.Get(i)) << i;
}

TEST(ProvingAssignmentTest, ClearedAssignmentSynthesizesLikeAFreshOne) {
  ProvingAssignment reused;
  ASSERT_TRUE(reused.SynthesizeFrom(RandomCircuit(1, 300)).ok());  // a larger, other circuit
  reused.Clear();
  ASSERT_TRUE(reused.SynthesizeFrom(RandomCircuit(2, 120)).ok());
  ProvingAssignment fresh;
  ASSERT_TRUE(fresh.SynthesizeFrom(RandomCircuit(2, 120)).ok());
  EXPECT_TRUE(std::ranges::equal(reused.a(), fresh.a()));
  EXPECT_TRUE(std::ranges::equal(reused.b(), fresh.b()));
  EXPECT_TRUE(std::ranges::equal(reused.c(), fresh.c()));
  EXPECT_EQ(reused.inputs(), fresh.inputs());
  EXPECT_TRUE(std::ranges::equal(reused.aux(), fresh.aux()));
  ExpectSameDensity(reused.a_aux_density(), fresh.a_aux_density());
  ExpectSameDensity(reused.b_input_density(), fresh.b_input_density());
  ExpectSameDensity(reused.b_aux_density(), fresh.b_aux_density());
  EXPECT_EQ(reused.num_constraints(), 120u + 3u);  // + one input constraint per input
}

TEST(ProvingAssignmentTest, DerivedCEvaluationsLeaveEverythingElseTheSame) {
  ProvingAssignment recorded(CEvaluations::kRecord);
  ProvingAssignment derived(CEvaluations::kDerive);
  ASSERT_TRUE(recorded.SynthesizeFrom(RandomCircuit(3, 200)).ok());
  ASSERT_TRUE(derived.SynthesizeFrom(RandomCircuit(3, 200)).ok());
  EXPECT_TRUE(recorded.records_c());
  EXPECT_FALSE(derived.records_c());
  EXPECT_EQ(recorded.c().size(), recorded.num_constraints());
  EXPECT_TRUE(derived.c().empty());
  EXPECT_EQ(derived.num_constraints(), recorded.num_constraints());
  EXPECT_TRUE(std::ranges::equal(derived.a(), recorded.a()));
  EXPECT_TRUE(std::ranges::equal(derived.b(), recorded.b()));
  EXPECT_TRUE(std::ranges::equal(derived.aux(), recorded.aux()));
  EXPECT_EQ(derived.inputs(), recorded.inputs());
  ExpectSameDensity(derived.a_aux_density(), recorded.a_aux_density());
  ExpectSameDensity(derived.b_input_density(), recorded.b_input_density());
  ExpectSameDensity(derived.b_aux_density(), recorded.b_aux_density());
}

class ProductCircuit : public Circuit {
 public:
  Status Synthesize(ConstraintSystem& cs) const override {
    Namespace ns(cs, "product");
    Variable x = cs.Alloc(Fr::FromUint64(6));
    Variable y = cs.Alloc(Fr::FromUint64(7));
    Variable z = cs.AllocInput(Fr::FromUint64(42));
    cs.Enforce(LinearCombination::Of(x), LinearCombination::Of(y), LinearCombination::Of(z),
               "x*y=z");
    return Status::Ok();
  }
};

TEST(ShapeRecorderTest, RecordsMatricesAndAppendsInputConstraints) {
  auto shape = ShapeRecorder::Record(ProductCircuit());
  ASSERT_TRUE(shape.ok());
  EXPECT_EQ(shape->num_inputs, 2u);
  EXPECT_EQ(shape->num_aux, 2u);
  EXPECT_EQ(shape->num_constraints(), 3u);
  EXPECT_EQ(shape->a.entries[0].var, Aux(0));
  EXPECT_EQ(shape->c.entries[0].var, Input(1));
  EXPECT_EQ(shape->a.entries[1].var, Input(0));  // ONE * 0 = 0
  EXPECT_EQ(shape->b.row_start[3] - shape->b.row_start[2], 0u);
}

TEST(TestConstraintSystemTest, NamesTheFirstUnsatisfiedConstraint) {
  TestConstraintSystem cs;
  ASSERT_TRUE(ProductCircuit().Synthesize(cs).ok());
  EXPECT_TRUE(cs.IsSatisfied());
  EXPECT_EQ(cs.num_constraints(), 1u);
  cs.SetAux(0, Fr::FromUint64(5));
  EXPECT_EQ(cs.WhichIsUnsatisfied().value_or(""), "product/x*y=z");
}

TEST(WitnessOnlyTest, RecordsTheSameValuesAsTheTestSystem) {
  WitnessOnly w;
  TestConstraintSystem t;
  ASSERT_TRUE(ProductCircuit().Synthesize(w).ok());
  ASSERT_TRUE(ProductCircuit().Synthesize(t).ok());
  EXPECT_EQ(w.inputs(), t.inputs());
  EXPECT_TRUE(std::ranges::equal(w.aux(), t.aux()));
}

}  // namespace
}  // namespace cuzk::r1cs
