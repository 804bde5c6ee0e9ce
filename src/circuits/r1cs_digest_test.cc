// SPDX-License-Identifier: Apache-2.0 OR MIT
// Pins the R1CS digest (bellpepper-core's TestConstraintSystem::hash(), r1cs/digest.h) of every
// gadget harness and of the 2KiB proof circuits, as they were before the engine's proof-kind seam
// moved any code. A moved constraint, a reordered allocation or an A/B swap changes a digest, and
// the official verifying keys depend on exactly those. To compare one with bellperson, see
// docs/compatibility.md. The 32GiB PoRep partition's, with the non-zero counts and densities that
// Curio's Rust cuzk recorded for it, is pinned as compiled (tests/reference/rust_vectors_test.cc,
// RustDigestsSlowTest.ThirtyTwoGiBPoRepPartition).
#include <gtest/gtest.h>

#include <string_view>

#include "circuits/r1cs_cases.h"
#include "r1cs/digest.h"

namespace cuzk::circuits {
namespace {

struct Pinned {
  std::string_view name;
  std::string_view digest;
  uint64_t constraints;
};

TEST(R1csDigestPinTest, GadgetHarnesses) {
  const Pinned pins[] = {
      {"sha256-block", "a91be46c89fe4cb18f85d99956bf9b1afe0a96d1b6c960a30d4e9dcafcf501ba", 26352},
      {"uint32-addmany", "e408777cbf22c7c556db5e42d5a685a6d7f3a9a4af8d36a20b30c34e2947ae73", 131},
      {"poseidon-2", "658f013f99360e164ad8e7f96290944601cc064f93c153d9ea7ac1275927175f", 311},
      {"poseidon-8", "ab50aeda63344f7125999ef5c4af7777380b9015ec82ad48bac2213e9353b163", 505},
      {"poseidon-11", "e94a28106cbb9a718e525f0f2593ce3b138350047854ebcc3c83472ed482a6f6", 598},
      {"por-8-8", "0cc2d8189cbdc5b42bbc5ab1871bf8a6bd596df73266a2709fb56d6d1c3a4e60", 1063},
      {"por-8-8-2", "97762cefecf3406a138992ffdc5f952da87f57180ac36ab47049e5c091e6696d", 1377},
      {"create-label", "18ae05827fa5d264221d028676c5c545bfa2f084c760792ed54d8d1d696c716d", 532025},
  };
  ASSERT_EQ(GadgetCases().size(), std::size(pins));
  for (size_t i = 0; i < std::size(pins); ++i) {
    const GadgetCase& c = GadgetCases()[i];
    ASSERT_EQ(c.name, pins[i].name);
    auto d = r1cs::DigestCircuit(r1cs::FunctionCircuit(c.synthesize));
    ASSERT_TRUE(d.ok()) << c.name << ": " << d.status().message();
    EXPECT_EQ(d->Hex(), pins[i].digest) << c.name;
    EXPECT_EQ(d->constraints, pins[i].constraints) << c.name;
  }
}

TEST(R1csDigestPinTest, PoStCircuits) {
  auto window = filecoin::PoStProofById(5);     // StackedDrgWindow2KiBV1
  auto window11 = filecoin::PoStProofById(10);  // StackedDrgWindow2KiBV1_1: the same circuit
  auto winning = filecoin::PoStProofById(0);    // StackedDrgWinning2KiBV1
  ASSERT_TRUE(window.ok() && window11.ok() && winning.ok());
  for (const auto& proof : {*window, *window11}) {
    auto d = r1cs::DigestCircuit(*PlaceholderPoStCircuit(proof));
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(d->Hex(), "14279e1c38053fa35eab6f56dbf1c5ef337b533f2c42fd3d7b4e7a116796b331");
    EXPECT_EQ(d->constraints, 21866u);
  }
  auto d = r1cs::DigestCircuit(*PlaceholderPoStCircuit(*winning));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->Hex(), "ce8079a9875ac8fafc46902e0e2368fa997e7f2ffb2065d2666ef92bc3ca2f67");
  EXPECT_EQ(d->constraints, 90750u);
}

TEST(R1csDigestPinTest, SnapDealsCircuit) {
  auto proof = filecoin::UpdateProofById(0);  // StackedDrg2KiBV1
  ASSERT_TRUE(proof.ok());
  auto d = r1cs::DigestCircuit(*PlaceholderUpdateCircuit(*proof));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->Hex(), "c787aea9329f4525b3bcde14533b9b775654f6a9afe0a7c671783c8bd4f1f7a5");
  EXPECT_EQ(d->constraints, 1705039u);
  EXPECT_EQ(d->inputs, 5u);
}

TEST(R1csDigestPinTest, PoRepTwoKiBPartition) {
  auto proof = filecoin::SealProofById(5);  // StackedDrg2KiBV1_1
  ASSERT_TRUE(proof.ok());
  auto d = r1cs::DigestCircuit(*PlaceholderPoRepCircuit(proof->shape));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->Hex(), "2c120b1125bd531d5a62b11932b2ae0e0cb47f455cea582994f97534e296bb42");
  EXPECT_EQ(d->constraints, 2687921u);
  EXPECT_EQ(d->inputs, 40u);
  EXPECT_EQ(d->aux, 2685673u);
}

}  // namespace
}  // namespace cuzk::circuits
