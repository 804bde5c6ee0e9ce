// SPDX-License-Identifier: Apache-2.0 OR MIT
// Filecoin's circuits through the compiled path (r1cs/compiled_circuit.h): every gadget harness
// and every 2KiB proof circuit gives, from its compiled circuit and a compact witness, exactly
// the proving assignment its synthesis gives, and so the same proof for the same r and s.
#include <gtest/gtest.h>

#include "circuits/r1cs_cases.h"
#include "filecoin/registered_post.h"
#include "filecoin/registered_proof.h"
#include "filecoin/registered_update.h"
#include "groth16/generator.h"
#include "groth16/params_io.h"
#include "groth16/prover.h"
#include "r1cs/compiled_circuit_testing.h"
#include "r1cs/shape.h"
#include "support/backend_proofs.h"
#include "support/sanitized.h"

namespace cuzk::circuits {
namespace {

TEST(CompiledCircuitsTest, EveryGadgetHarness) {
  for (const GadgetCase& c : GadgetCases()) {
    SCOPED_TRACE(c.name);
    r1cs::ExpectCompiledEqualsSynthesized(r1cs::FunctionCircuit(c.synthesize), 2);
  }
}

TEST(CompiledCircuitsTest, PoRep2KiBPartition) {
  auto proof = filecoin::SealProofById(5);  // StackedDrg2KiBV1_1
  ASSERT_TRUE(proof.ok());
  r1cs::ExpectCompiledEqualsSynthesized(*PlaceholderPoRepCircuit(proof->shape), 2);
}

TEST(CompiledCircuitsTest, WindowAndWinningPoSt2KiB) {
  for (uint32_t id : {5u, 0u}) {  // StackedDrgWindow2KiBV1, StackedDrgWinning2KiBV1
    auto proof = filecoin::PoStProofById(id);
    ASSERT_TRUE(proof.ok());
    SCOPED_TRACE(id);
    r1cs::ExpectCompiledEqualsSynthesized(*PlaceholderPoStCircuit(*proof), 2);
  }
}

TEST(CompiledCircuitsTest, SnapDeals2KiBPartition) {
  auto proof = filecoin::UpdateProofById(0);  // StackedDrg2KiBV1
  ASSERT_TRUE(proof.ok());
  r1cs::ExpectCompiledEqualsSynthesized(*PlaceholderUpdateCircuit(*proof), 2);
}

// Proves `circuit` under a key generated for it with fixed r and s twice: from its synthesized
// assignment, and through the backend seam from its compiled circuit and compact witness
// (groth16::ProverInput, evaluated by the CPU backend); expects the same proof bytes.
void ExpectTheSameProofThroughEitherPath(const r1cs::Circuit& circuit) {
  auto shape = r1cs::ShapeRecorder::Record(circuit);
  ASSERT_TRUE(shape.ok());
  auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(42), 2);
  ASSERT_TRUE(pk.ok());
  ff::Fr r = ff::Fr::FromUint64(12345), s = ff::Fr::FromUint64(67890);

  r1cs::ProvingAssignment synthesized(r1cs::CEvaluations::kDerive);
  ASSERT_TRUE(synthesized.SynthesizeFrom(circuit).ok());
  auto want = groth16::CreateProof(*pk, synthesized, r, s, {.threads = 2});
  ASSERT_TRUE(want.ok()) << want.status().message();

  auto compact = testing::CompactProverInput::Of(circuit);
  ASSERT_TRUE(compact.ok());
  groth16::ProverInput& input = (*compact)->input;
  groth16::ProverTimings timings;
  auto got = groth16::CreateProof(*pk, input, r, s, {.threads = 2, .timings = &timings});
  ASSERT_TRUE(got.ok()) << got.status().message();
  EXPECT_EQ(groth16::SerializeProof(*got), groth16::SerializeProof(*want));
  EXPECT_FALSE(input.compact());  // evaluated by the backend
  EXPECT_GT(timings.evaluation, 0);
}

TEST(CompiledCircuitsTest, TheProofIsTheSameByteForByte) {
  ExpectTheSameProofThroughEitherPath(r1cs::FunctionCircuit(GadgetCases()[0].synthesize));
}

// Each proof kind whose 2KiB key is quick to generate here. The PoRep and SnapDeals partitions'
// keys take minutes: their assignments are compared value for value above, which fixes the proof
// for given r and s, and the daemon tests prove them this way and verify. Under a sanitizer
// (95 s of the ASan run) these repeat the gadget harness's path at a larger size: the release
// build proves them.
TEST(CompiledCircuitsTest, TheWindowPoStProofIsTheSameByteForByte) {
  if (testing::kSanitized) GTEST_SKIP() << "the same path as the gadget harness's proof";
  ExpectTheSameProofThroughEitherPath(*PlaceholderPoStCircuit(*filecoin::PoStProofById(5)));
}

TEST(CompiledCircuitsTest, TheWinningPoStProofIsTheSameByteForByte) {
  if (testing::kSanitized) GTEST_SKIP() << "the same path as the gadget harness's proof";
  ExpectTheSameProofThroughEitherPath(*PlaceholderPoStCircuit(*filecoin::PoStProofById(0)));
}

// A key of another circuit is refused, naming the size, before anything is evaluated.
TEST(CompiledCircuitsTest, AWrongKeyFailsBeforeTheEvaluation) {
  r1cs::FunctionCircuit circuit(GadgetCases()[0].synthesize);
  r1cs::FunctionCircuit other(GadgetCases()[1].synthesize);
  auto shape = r1cs::ShapeRecorder::Record(other);
  ASSERT_TRUE(shape.ok());
  auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(1), 2);
  ASSERT_TRUE(pk.ok());
  auto compact = testing::CompactProverInput::Of(circuit);
  ASSERT_TRUE(compact.ok());
  groth16::ProverInput& input = (*compact)->input;
  groth16::ProverTimings timings;
  auto proof =
      groth16::CreateProof(*pk, input, ff::Fr::One(), ff::Fr::One(), {.timings = &timings});
  ASSERT_FALSE(proof.ok());
  EXPECT_EQ(proof.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(proof.status().message().find("proving key and assignment disagree"), std::string::npos)
      << proof.status().message();
  EXPECT_TRUE(input.compact());  // never evaluated
  EXPECT_EQ(timings.evaluation, 0);
}

}  // namespace
}  // namespace cuzk::circuits
