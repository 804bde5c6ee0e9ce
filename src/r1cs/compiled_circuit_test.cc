// SPDX-License-Identifier: Apache-2.0 OR MIT
// The compact witness against WitnessOnly, and a compiled circuit's evaluation against the
// proving assignment's own, on seeded random circuits (RandomCircuit) built to reach every case.
#include "r1cs/compiled_circuit.h"

#include <gtest/gtest.h>

#include <memory>
#include <tuple>
#include <vector>

#include "r1cs/compact_witness.h"
#include "r1cs/compiled_circuit_testing.h"
#include "r1cs/proving_assignment.h"
#include "r1cs/witness_only.h"

namespace cuzk::r1cs {
namespace {

TEST(CompactWitnessTest, HoldsTheSameValuesAsWitnessOnly) {
  RandomCircuit circuit(7, 5, 10'000, 0);
  WitnessOnly plain;
  CompactWitness compact;
  ASSERT_TRUE(circuit.Synthesize(plain).ok());
  ASSERT_TRUE(circuit.Synthesize(compact).ok());
  EXPECT_EQ(compact.inputs(), plain.inputs());
  ASSERT_EQ(compact.num_aux(), plain.aux().size());
  size_t other = 0;
  for (size_t i = 0; i < plain.aux().size(); ++i) {
    ASSERT_EQ(compact.Aux(i), plain.aux()[i]) << i;
    if (!plain.aux()[i].IsZero() && !plain.aux()[i].IsOne()) ++other;
  }
  EXPECT_EQ(compact.num_other(), other);
  EXPECT_GT(other, 0u);
  // The compiled circuit counts them too (it sizes the next witnesses' reservations), and a
  // witness reserved for them holds what the estimate says.
  auto compiled = CompileCircuit(circuit);
  ASSERT_TRUE(compiled.ok());
  EXPECT_EQ(compiled->witness_other, other);
  CompactWitness reserved;
  reserved.Reserve(compiled->num_aux, other);
  ASSERT_TRUE(circuit.Synthesize(reserved).ok());
  EXPECT_EQ(reserved.CapacityBytes() - reserved.inputs().capacity() * sizeof(Fr),
            CompactWitness::EstimatedBytes(compiled->num_aux, other));
  std::vector<Fr> expanded(compact.num_aux());
  compact.ExpandAux(expanded, 2);
  for (size_t i = 0; i < expanded.size(); ++i) ASSERT_EQ(expanded[i], plain.aux()[i]) << i;
  // Clear keeps nothing but ONE.
  compact.Clear();
  EXPECT_EQ(compact.num_aux(), 0u);
  EXPECT_EQ(compact.inputs().size(), 1u);
  ASSERT_TRUE(circuit.Synthesize(compact).ok());
  EXPECT_EQ(compact.Aux(9'999), plain.aux()[9'999]);
}

TEST(CompactWitnessTest, AllocBitStoresWhatAllocOfZeroOrOneStores) {
  CompactWitness bits, elements;
  WitnessOnly plain;
  for (uint32_t i = 0; i < 1'000; ++i) {
    // Bits, with another value every 7th and a run across 64-value words.
    bool bit = (i * 2654435761u) >> 31;
    if (i % 7 == 3) {
      Fr v = Fr::FromUint64(i + 2);
      bits.Alloc(v);
      elements.Alloc(v);
      plain.Alloc(v);
    } else {
      EXPECT_EQ(bits.AllocBit(bit).index, i);
      elements.Alloc(bit ? Fr::One() : Fr::Zero());
      plain.AllocBit(bit);  // the base class's: Alloc of 0 or 1
    }
  }
  ASSERT_EQ(bits.num_aux(), 1'000u);
  EXPECT_EQ(bits.num_other(), elements.num_other());
  for (size_t i = 0; i < 1'000; ++i) {
    ASSERT_EQ(bits.Aux(i), elements.Aux(i)) << i;
    ASSERT_EQ(bits.Aux(i), plain.aux()[i]) << i;
  }
}

// A run of bits stores what as many AllocBit calls store, at every offset within a 64-value word
// and for every length (runs that end a word, fill one, or cross into the next), between other
// values.
TEST(CompactWitnessTest, AllocBitRunStoresWhatAllocBitStores) {
  CompactWitness runs, single;
  std::mt19937_64 rng(12);
  for (unsigned count = 1; count <= 64; ++count) {
    for (unsigned lead = 0; lead < 3; ++lead) {  // shifts the next run's offset
      const Fr v = Fr::FromUint64(count + 7);
      runs.Alloc(v);
      single.Alloc(v);
      for (unsigned k = 0; k < lead * 19; ++k) {
        runs.AllocBit(k & 1);
        single.AllocBit(k & 1);
      }
      const uint64_t bits = rng();  // bits past `count` must be ignored
      const size_t first = single.num_aux();
      EXPECT_EQ(runs.AllocBitRun(bits, count).index, first);
      for (unsigned k = 0; k < count; ++k) single.AllocBit((bits >> k) & 1);
    }
  }
  ASSERT_EQ(runs.num_aux(), single.num_aux());
  EXPECT_EQ(runs.num_other(), single.num_other());
  for (size_t i = 0; i < single.num_aux(); ++i) ASSERT_EQ(runs.Aux(i), single.Aux(i)) << i;
}

TEST(CompiledCircuitTest, EvaluatesAsTheProvingAssignmentOnRandomCircuits) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE(seed);
    ExpectCompiledEqualsSynthesized(RandomCircuit(seed, 1 + seed, 3'000, 9'000 + 1'000 * seed),
                                    seed % 2 ? 1 : 3);
  }
}

// An assignment left as another synthesis or evaluation filled it (larger, smaller, the same
// size) is overwritten entry for entry, never cleared first.
TEST(CompiledCircuitTest, OverwritesAnAssignmentThatWasNotCleared) {
  RandomCircuit circuit(9, 3, 2'000, 6'000);
  ProvingAssignment want(CEvaluations::kDerive);
  ASSERT_TRUE(want.SynthesizeFrom(circuit).ok());
  auto compiled = CompileCircuit(circuit);
  ASSERT_TRUE(compiled.ok());
  CompactWitness witness;
  ASSERT_TRUE(circuit.Synthesize(witness).ok());
  for (size_t aux : {4'000, 2'000, 500}) {
    SCOPED_TRACE(aux);
    ProvingAssignment got(CEvaluations::kDerive);
    ASSERT_TRUE(got.SynthesizeFrom(RandomCircuit(10, 3, aux, aux * 3)).ok());  // other values
    ASSERT_TRUE(EvaluateCompiled(*compiled, witness, got).ok());
    ASSERT_EQ(got.a().size(), want.a().size());
    ASSERT_EQ(got.aux().size(), want.aux().size());
    for (size_t i = 0; i < want.a().size(); ++i) {
      ASSERT_EQ(got.a()[i], want.a()[i]) << i;
      ASSERT_EQ(got.b()[i], want.b()[i]) << i;
    }
    for (size_t i = 0; i < want.aux().size(); ++i) ASSERT_EQ(got.aux()[i], want.aux()[i]) << i;
    EXPECT_EQ(got.inputs(), want.inputs());
    ExpectSameBits(got.b_aux_density(), want.b_aux_density(), "B aux density");
  }
}

TEST(CompiledCircuitTest, StoresZeroOneAndMinusOneFirstAndEachOtherCoefficientOnce) {
  auto compiled = CompileCircuit(RandomCircuit(3, 2, 500, 2'000));
  ASSERT_TRUE(compiled.ok());
  const auto& coeffs = compiled->coefficients;
  ASSERT_GE(coeffs.size(), 3u);
  EXPECT_TRUE(coeffs[CompiledMatrix::kZero].IsZero());
  EXPECT_EQ(coeffs[CompiledMatrix::kOne], Fr::One());
  EXPECT_EQ(coeffs[CompiledMatrix::kMinusOne], Fr::MinusOne());
  for (size_t i = 1; i < coeffs.size(); ++i) {
    EXPECT_FALSE(coeffs[i].IsZero());
    for (size_t j = i + 1; j < coeffs.size(); ++j) ASSERT_NE(coeffs[i], coeffs[j]);
  }
  EXPECT_GT(compiled->Bytes(), compiled->a.terms() * 6);
}

TEST(CompiledCircuitTest, RefusesAWitnessOfAnotherSize) {
  RandomCircuit circuit(5, 3, 100, 100);
  auto compiled = CompileCircuit(circuit);
  ASSERT_TRUE(compiled.ok());
  CompactWitness witness;
  ASSERT_TRUE(RandomCircuit(5, 3, 101, 100).Synthesize(witness).ok());
  ProvingAssignment out(CEvaluations::kDerive);
  Status s = EvaluateCompiled(*compiled, witness, out);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("101 aux values"), std::string::npos) << s.message();
  ProvingAssignment recording(CEvaluations::kRecord);
  CompactWitness right;
  ASSERT_TRUE(circuit.Synthesize(right).ok());
  EXPECT_EQ(EvaluateCompiled(*compiled, right, recording).code(), StatusCode::kInvalidArgument);
}

TEST(CompiledCircuitTest, TheAssignmentsCancelFlagStopsTheEvaluation) {
  RandomCircuit circuit(6, 2, 1'000, 20'000);
  auto compiled = CompileCircuit(circuit);
  ASSERT_TRUE(compiled.ok());
  CompactWitness witness;
  ASSERT_TRUE(circuit.Synthesize(witness).ok());
  ProvingAssignment out(CEvaluations::kDerive);
  CancelFlag cancel{true};
  out.SetCancel(&cancel);
  EXPECT_EQ(EvaluateCompiled(*compiled, witness, out).code(), StatusCode::kCancelled);
  cancel = false;
  EXPECT_TRUE(EvaluateCompiled(*compiled, witness, out).ok());
}

// A compilation whose fingerprint was seen beside its hashed digest takes the digest without
// hashing, every count as the hashed compilation gives it; another circuit's fingerprint, or a
// matrix that differs by one column or one coefficient, does not pass for it.
TEST(CompiledCircuitTest, AKnownFingerprintStandsForTheHashedDigest) {
  RandomCircuit circuit(12, 3, 3'000, 9'000);
  auto hashed = CompileCircuit(circuit, {.digest = true});
  ASSERT_TRUE(hashed.ok()) << hashed.status().ToString();
  ASSERT_TRUE(hashed->digest.has_value());
  const KnownCompilation known{hashed->digest->digest, CompiledFingerprint(*hashed)};
  auto trusted = CompileCircuit(circuit, {.digest = true, .known = &known});
  ASSERT_TRUE(trusted.ok()) << trusted.status().ToString();
  ASSERT_TRUE(trusted->digest.has_value());
  EXPECT_TRUE(*trusted->digest == *hashed->digest);
  EXPECT_EQ(CompiledFingerprint(*trusted), known.fingerprint);

  auto other =
      CompileCircuit(RandomCircuit(13, 3, 3'000, 9'000), {.digest = true, .known = &known});
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(other.status().message().find("is not the one known to hash to its R1CS digest"),
            std::string::npos)
      << other.status().message();

  // One term's column, or its coefficient, changed: another fingerprint.
  auto changed = [&](bool column) {
    auto c = CompileCircuit(circuit);
    EXPECT_TRUE(c.ok());
    std::vector<uint32_t> columns(c->a.columns().begin(), c->a.columns().end());
    std::vector<uint16_t> ids(c->a.coeff_ids().begin(), c->a.coeff_ids().end());
    size_t t = columns.size() / 2;
    if (column) {
      columns[t] ^= 1;
    } else {
      ids[t] = ids[t] == CompiledMatrix::kOne ? CompiledMatrix::kMinusOne : CompiledMatrix::kOne;
    }
    std::vector<uint8_t> row_terms(c->a.row_terms().begin(), c->a.row_terms().end());
    std::vector<uint64_t> long_rows(c->a.long_rows().begin(), c->a.long_rows().end());
    auto owner = std::make_shared<
        std::tuple<std::vector<uint32_t>, std::vector<uint16_t>, std::vector<uint8_t>>>(
        columns, ids, row_terms);
    EXPECT_TRUE(c->a.Adopt(std::get<0>(*owner), std::get<1>(*owner), std::get<2>(*owner), long_rows,
                           owner, c->num_inputs, c->num_aux, c->coefficients.size())
                    .ok());
    return CompiledFingerprint(*c);
  };
  EXPECT_NE(changed(true), known.fingerprint);
  EXPECT_NE(changed(false), known.fingerprint);
}

TEST(CompiledCircuitTest, RefusesACircuitWithMoreDistinctCoefficientsThanItsTable) {
  FunctionCircuit circuit([](ConstraintSystem& cs) {
    Variable x = cs.Alloc(Fr::One());
    for (uint64_t i = 0; i < 70'000; ++i) {
      cs.Enforce(LinearCombination().AddTerm(x, Fr::FromUint64(i + 2)), LinearCombination::Of(x),
                 LinearCombination());
    }
    return Status::Ok();
  });
  auto compiled = CompileCircuit(circuit);
  ASSERT_FALSE(compiled.ok());
  EXPECT_EQ(compiled.status().code(), StatusCode::kOutOfRange);
}

}  // namespace
}  // namespace cuzk::r1cs
