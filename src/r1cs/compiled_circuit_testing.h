// SPDX-License-Identifier: Apache-2.0 OR MIT
// Test helper: checks that a circuit's compiled path (CompileCircuit, a CompactWitness,
// EvaluateCompiled) gives exactly the proving assignment that its synthesis gives, and that the
// values-only and counting systems see the same values and counts, and that the digest hashed while
// compiling is DigestCircuit's.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "r1cs/compact_witness.h"
#include "r1cs/compiled_circuit.h"
#include "r1cs/counting.h"
#include "r1cs/digest.h"
#include "r1cs/proving_assignment.h"
#include "r1cs/witness_only.h"

namespace cuzk::r1cs {

// A value that is 0 or 1 most of the time, as in Filecoin's witnesses.
inline Fr RandomValue(std::mt19937_64& rng) {
  switch (rng() % 8) {
    case 0:
      return Fr::FromUint64(rng());
    case 1:
    case 2:
    case 3:
      return Fr::Zero();
    default:
      return Fr::One();
  }
}

// A coefficient drawn mostly from a small set (as gadgets use), sometimes zero or random.
inline Fr RandomCoefficient(std::mt19937_64& rng) {
  switch (rng() % 10) {
    case 0:
      return Fr::Zero();
    case 1:
      return Fr::FromUint64(rng());
    case 2:
      return Fr::MinusOne();
    case 3:
      return Fr::FromUint64(uint64_t{1} << (rng() % 64));
    default:
      return Fr::One();
  }
}

// A random circuit to reach every case of the compiled path: 0, 1 and other values, inputs in
// both matrices, zero and repeated coefficients, rows of 255 terms and more, rows across
// evaluation blocks, empty rows. `inputs` inputs, `aux` aux values, `constraints` constraints whose
// combinations have 0-6 terms, one in 500 with 250-700 terms.
class RandomCircuit final : public Circuit {
 public:
  RandomCircuit(uint64_t seed, size_t inputs, size_t aux, size_t constraints)
      : seed_(seed), inputs_(inputs), aux_(aux), constraints_(constraints) {}

  Status Synthesize(ConstraintSystem& cs) const override {
    std::mt19937_64 rng(seed_);
    std::vector<Variable> vars;
    for (size_t i = 0; i < inputs_; ++i) vars.push_back(cs.AllocInput(RandomValue(rng)));
    for (size_t i = 0; i < aux_; ++i) vars.push_back(cs.Alloc(RandomValue(rng)));
    auto random_lc = [&] {
      LinearCombination lc;
      size_t terms = rng() % 500 == 0 ? 250 + rng() % 450 : rng() % 7;
      for (size_t t = 0; t < terms; ++t) {
        Variable v = rng() % 6 == 0 ? Variable::One() : vars[rng() % vars.size()];
        lc.AddTerm(v, RandomCoefficient(rng));
      }
      return lc;
    };
    for (size_t i = 0; i < constraints_; ++i) {
      LinearCombination a = random_lc(), b = random_lc(), c = random_lc();
      cs.Enforce(a, b, c);
    }
    return Status::Ok();
  }

 private:
  uint64_t seed_;
  size_t inputs_, aux_, constraints_;
};

inline void ExpectSameBits(const DensityBits& got, const DensityBits& want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  EXPECT_EQ(got.count(), want.count()) << what;
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got.Get(i), want.Get(i)) << what << " " << i;
}

// Checks that the compiled path gives `circuit`'s proving assignment exactly.
inline void ExpectCompiledEqualsSynthesized(const Circuit& circuit, size_t threads) {
  ProvingAssignment want(CEvaluations::kDerive);
  ASSERT_TRUE(want.SynthesizeFrom(circuit).ok());

  auto compiled = CompileCircuit(circuit, {.digest = true});
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  ASSERT_EQ(compiled->num_constraints(), want.num_constraints());
  // Hashed from the matrices as compiled: equal only if they hold exactly the circuit's A and B.
  auto digest = DigestCircuit(circuit);
  ASSERT_TRUE(digest.ok()) << digest.status().message();
  ASSERT_TRUE(compiled->digest.has_value());
  EXPECT_EQ(compiled->digest->Hex(), digest->Hex());
  EXPECT_TRUE(*compiled->digest == *digest) << "the counts and densities beside the digest";
  CompactWitness witness;
  ASSERT_TRUE(circuit.Synthesize(witness).ok());
  ProvingAssignment got(CEvaluations::kDerive);
  Status s = EvaluateCompiled(*compiled, witness, got, threads);
  ASSERT_TRUE(s.ok()) << s.message();

  EXPECT_EQ(got.inputs(), want.inputs());
  ASSERT_EQ(got.aux().size(), want.aux().size());
  for (size_t i = 0; i < want.aux().size(); ++i) ASSERT_EQ(got.aux()[i], want.aux()[i]) << i;
  ASSERT_EQ(got.a().size(), want.a().size());
  ASSERT_EQ(got.b().size(), want.b().size());
  for (size_t i = 0; i < want.a().size(); ++i) {
    ASSERT_EQ(got.a()[i], want.a()[i]) << "a, row " << i;
    ASSERT_EQ(got.b()[i], want.b()[i]) << "b, row " << i;
  }
  EXPECT_TRUE(got.c().empty());
  ExpectSameBits(got.a_aux_density(), want.a_aux_density(), "A aux density");
  ExpectSameBits(got.b_input_density(), want.b_input_density(), "B input density");
  ExpectSameBits(got.b_aux_density(), want.b_aux_density(), "B aux density");

  // The other systems that skip building combinations (ConstraintSystem::WantsCombinations):
  // the same values, and the same counts of variables and constraints.
  WitnessOnly values;
  ASSERT_TRUE(circuit.Synthesize(values).ok());
  EXPECT_EQ(values.inputs(), want.inputs());
  ASSERT_EQ(values.aux().size(), want.aux().size());
  for (size_t i = 0; i < want.aux().size(); ++i) ASSERT_EQ(values.aux()[i], want.aux()[i]) << i;
  CountingConstraintSystem counts;
  ASSERT_TRUE(circuit.Synthesize(counts).ok());
  EXPECT_EQ(counts.num_inputs(), want.inputs().size());
  EXPECT_EQ(counts.num_aux(), want.aux().size());
  EXPECT_EQ(counts.num_constraints() + counts.num_inputs(), want.num_constraints());
}

}  // namespace cuzk::r1cs
