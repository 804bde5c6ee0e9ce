// SPDX-License-Identifier: Apache-2.0 OR MIT
// Test helper: checks that a circuit's compiled path (CompileCircuit, a CompactWitness,
// EvaluateCompiled) gives exactly the proving assignment that its synthesis gives, and that the
// values-only and counting systems see the same values and counts, and that the digest hashed while
// compiling is DigestCircuit's.
#pragma once

#include <gtest/gtest.h>

#include "r1cs/compact_witness.h"
#include "r1cs/compiled_circuit.h"
#include "r1cs/counting.h"
#include "r1cs/digest.h"
#include "r1cs/proving_assignment.h"
#include "r1cs/witness_only.h"

namespace cuzk::r1cs {

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
