// SPDX-License-Identifier: Apache-2.0 OR MIT
// The FallbackPoSt circuit against rust-fil-proofs (the shapes of storage-proofs-post
// tests/fallback_circuit.rs), the parameter file names against Filecoin's parameters.json, the
// bincode vanilla-proof format (round trip, every truncation refused), and circuits built from
// vanilla proofs of really sealed 2KiB sectors: satisfied, with the public inputs the verifier
// derives, and refused when a proof or the randomness is wrong.
#include <gtest/gtest.h>

#include "circuits/post/fallback_circuit.h"
#include "r1cs/counting.h"
#include "r1cs/test_constraint_system.h"
#include "sealer/post.h"

namespace cuzk::circuits::post {
namespace {

using filecoin::Bytes32;
using filecoin::FallbackPoStSectorProof;

size_t Constraints(uint32_t sectors, const std::vector<uint32_t>& arities, size_t* inputs) {
  r1cs::CountingConstraintSystem cs;
  FallbackPoStCircuit circuit(PlaceholderSlots(sectors, 5, arities, 1));
  EXPECT_TRUE(circuit.Synthesize(cs).ok());
  *inputs = cs.num_inputs();
  return cs.num_constraints();
}

TEST(FallbackPoStCircuitTest, MatchesFallbackCircuitTestShapes) {
  // tests/fallback_circuit.rs: 5 challenges per sector, 64 leaves per base tree.
  size_t inputs = 0;
  EXPECT_EQ(Constraints(3, {8, 8}, &inputs), 16869u);
  EXPECT_EQ(inputs, 19u);
  EXPECT_EQ(Constraints(3, {8, 8, 4}, &inputs), 22674u);
  EXPECT_EQ(Constraints(3, {8, 8, 4, 2}, &inputs), 27384u);
  EXPECT_EQ(Constraints(2, {8, 8}, &inputs), 11246u);
  EXPECT_EQ(inputs, 13u);
}

TEST(FallbackPoStCircuitTest, WindowPoStPartitionsMatchConstantsRs) {
  // filecoin-proofs constants.rs: 32GiB 2349 sectors -> 125,279,217 constraints; 64GiB 2300 ->
  // 129,887,900. One slot of 10 challenges measured, times the sector count.
  for (auto [id, total] : {std::pair<uint64_t, uint64_t>{13, 125279217}, {14, 129887900}}) {
    auto p = filecoin::PoStProofById(id);
    ASSERT_TRUE(p.ok());
    r1cs::CountingConstraintSystem cs;
    FallbackPoStCircuit one(
        PlaceholderSlots(1, p->circuit_challenges(), filecoin::TreeArities(p->shape), 1));
    ASSERT_TRUE(one.Synthesize(cs).ok());
    EXPECT_EQ(cs.num_constraints() * p->circuit_sectors(), total) << p->name;
  }
}

TEST(RegisteredPoStTest, ParameterNamesMatchParametersJson) {
  auto name = [](uint64_t id) {
    auto p = filecoin::PoStProofById(id);
    EXPECT_TRUE(p.ok());
    return filecoin::PoStParamsFileName(*p, "vk");
  };
  const std::string prefix = "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-";
  EXPECT_EQ(name(0),
            prefix + "8-0-0-3ea05428c9d11689f23529cde32fd30aabd50f7d2c93657c1d3650bca3e8ea9e.vk");
  EXPECT_EQ(name(1),
            prefix + "8-0-0-50c7368dea9593ed0989e70974d28024efa9d156d585b7eea1be22b2e753f331.vk");
  EXPECT_EQ(name(2),
            prefix + "8-0-0-7d739b8cf60f1b0709eeebee7730e297683552e4b69cab6984ec0285663c5781.vk");
  EXPECT_EQ(name(10),
            prefix + "8-0-0-0170db1f394b35d995252228ee359194b13199d259380541dc529fb0099096b0.vk");
  EXPECT_EQ(name(12),
            prefix + "8-0-0-0cfb4f178bbb71cf2ecfcd42accce558b27199ab4fb59cb78f2483fe21ef36d9.vk");
  // The Rust cuzk's srs_manager.rs names (hash shortened there): wpost-32g and winning-32g.
  std::string wpost = name(13), winning = name(3);
  EXPECT_EQ(wpost.substr(0, prefix.size() + 14), prefix + "8-8-0-0377ded6");
  EXPECT_EQ(wpost.substr(wpost.size() - 7), "3edc.vk");
  EXPECT_EQ(winning.substr(0, prefix.size() + 14), prefix + "8-8-0-559e581f");
  EXPECT_EQ(winning.substr(winning.size() - 6), "d7e.vk");
  EXPECT_FALSE(filecoin::PoStProofById(15).ok());
}

// A sealed 2KiB sector with id `sector_id`.
sealer::SealedSector Sector2KiB(uint64_t sector_id) {
  sealer::SealIdentity id;
  id.registered_proof = 5;  // StackedDrg2KiBV1_1
  id.prover_id[0] = 0xe8;
  id.prover_id[1] = 0x07;
  id.sector_id = sector_id;
  for (size_t i = 0; i < 32; ++i) id.ticket[i] = static_cast<uint8_t>(3 * i + sector_id);
  auto sector = sealer::Seal(id, sealer::RandomSectorData(64, sector_id));
  EXPECT_TRUE(sector.ok()) << sector.status().message();
  return std::move(sector).value();
}

Bytes32 Randomness() {
  Bytes32 r;
  for (size_t i = 0; i < 32; ++i) r[i] = static_cast<uint8_t>(11 * i + 5);
  r[31] &= 0x3f;
  return r;
}

// Generates, round-trips through bincode, builds the circuit and checks it against the inputs.
void ExpectSatisfied(uint64_t post_id, const std::vector<const sealer::SealedSector*>& sectors) {
  auto post = filecoin::PoStProofById(post_id);
  ASSERT_TRUE(post.ok());
  PoStStatement st{*post, Randomness(), 0};
  std::vector<FallbackPoStSectorProof> vanilla;
  std::vector<std::pair<uint64_t, Bytes32>> public_sectors;
  for (size_t i = 0; i < sectors.size(); ++i) {
    auto v =
        sealer::GeneratePoStVanilla(*sectors[i], *post, st.randomness, 0, static_cast<uint32_t>(i));
    ASSERT_TRUE(v.ok()) << v.status().message();
    auto bytes = filecoin::WriteFallbackPoStSectorProof(*v);
    auto parsed = filecoin::ParseFallbackPoStSectorProof(bytes);
    ASSERT_TRUE(parsed.ok()) << parsed.status().message();
    EXPECT_EQ(filecoin::WriteFallbackPoStSectorProof(*parsed), bytes);
    public_sectors.emplace_back(parsed->sector_id, parsed->comm_r);
    vanilla.push_back(std::move(parsed).value());
  }
  auto slots = PoStSlots(st, vanilla);
  ASSERT_TRUE(slots.ok()) << slots.status().message();
  r1cs::TestConstraintSystem cs;
  ASSERT_TRUE(FallbackPoStCircuit(*slots).Synthesize(cs).ok());
  EXPECT_EQ(cs.WhichIsUnsatisfied(), std::nullopt);
  auto inputs = PoStPublicInputs(st, public_sectors);
  ASSERT_TRUE(inputs.ok()) << inputs.status().message();
  ASSERT_EQ(inputs->size() + 1, cs.num_inputs());
  for (size_t i = 0; i < inputs->size(); ++i) EXPECT_EQ((*inputs)[i], cs.inputs()[i + 1]) << i;
  EXPECT_EQ(cs.num_inputs(), 1 + post->circuit_sectors() * (1 + post->circuit_challenges()));
}

class SealedPoStTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    a_ = new sealer::SealedSector(Sector2KiB(7));
    b_ = new sealer::SealedSector(Sector2KiB(8));
  }
  static void TearDownTestSuite() {
    delete a_;
    delete b_;
  }
  static sealer::SealedSector* a_;
  static sealer::SealedSector* b_;
};
sealer::SealedSector* SealedPoStTest::a_ = nullptr;
sealer::SealedSector* SealedPoStTest::b_ = nullptr;

TEST_F(SealedPoStTest, WindowPoStOfTwoSectorsIsSatisfied) { ExpectSatisfied(10, {a_, b_}); }

TEST_F(SealedPoStTest, ShortWindowPartitionRepeatsTheLastSector) { ExpectSatisfied(10, {a_}); }

// WindowPoSt before v1.1 (proof 5) derives a sector's challenges from its slot in the partition,
// v1.1 (proof 10) from the sector alone: one sector's vanilla proof at slot 0 and at slot 1 is
// another under 5 (other leaves) and the same under 10, and under 5 a proof made for slot 1 is
// refused in slot 0.
TEST_F(SealedPoStTest, WindowPoStV1ChallengesDependOnTheSlot) {
  ExpectSatisfied(5, {a_, b_});
  for (uint64_t id : {5, 10}) {
    auto post = filecoin::PoStProofById(id);
    ASSERT_TRUE(post.ok());
    auto at0 = sealer::GeneratePoStVanilla(*a_, *post, Randomness(), 0, 0);
    auto at1 = sealer::GeneratePoStVanilla(*a_, *post, Randomness(), 0, 1);
    ASSERT_TRUE(at0.ok() && at1.ok());
    bool same = filecoin::WriteFallbackPoStSectorProof(*at0) ==
                filecoin::WriteFallbackPoStSectorProof(*at1);
    EXPECT_EQ(same, id == 10) << "proof " << id;
    auto slots = PoStSlots(PoStStatement{*post, Randomness(), 0}, {*at1});
    EXPECT_EQ(slots.ok(), id == 10) << "proof " << id;
  }
}

TEST_F(SealedPoStTest, WinningPoStIsSatisfied) { ExpectSatisfied(0, {a_}); }

TEST_F(SealedPoStTest, WrongProofsAreRefusedByName) {
  auto post = filecoin::PoStProofById(10);
  ASSERT_TRUE(post.ok());
  PoStStatement st{*post, Randomness(), 0};
  auto v = sealer::GeneratePoStVanilla(*a_, *post, st.randomness);
  ASSERT_TRUE(v.ok());
  // Another randomness challenges other leaves.
  PoStStatement other = st;
  other.randomness[0] ^= 1;
  auto slots = PoStSlots(other, {*v});
  ASSERT_FALSE(slots.ok());
  EXPECT_NE(slots.status().message().find("challenges leaf"), std::string::npos)
      << slots.status().message();
  // A leaf that is not the tree's is refused before synthesis; were it synthesized, the circuit
  // would not be satisfied.
  FallbackPoStSectorProof bad = *v;
  bad.sectors[0].inclusion_proofs[3].leaf[0] ^= 1;
  auto bad_slots = PoStSlots(st, {bad});
  ASSERT_FALSE(bad_slots.ok());
  EXPECT_NE(bad_slots.status().message().find("challenge 3: the leaf and path do not hash"),
            std::string::npos)
      << bad_slots.status().message();
  auto good_slots = PoStSlots(st, {*v});
  ASSERT_TRUE(good_slots.ok());
  std::vector<SlotWitness> tampered = std::move(good_slots).value();
  tampered[0].leaves[3].value += Fr::One();
  r1cs::TestConstraintSystem cs;
  ASSERT_TRUE(FallbackPoStCircuit(tampered).Synthesize(cs).ok());
  EXPECT_NE(cs.WhichIsUnsatisfied(), std::nullopt);
  // comm_r that does not commit to comm_c and comm_r_last.
  bad = *v;
  bad.comm_r[0] ^= 1;
  auto r = PoStSlots(st, {bad});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("sector 7: comm_r"), std::string::npos)
      << r.status().message();
  // Too many sectors for one partition.
  EXPECT_FALSE(PoStSlots(st, {*v, *v, *v}).ok());
  // Missing challenge proofs.
  bad = *v;
  bad.sectors[0].inclusion_proofs.pop_back();
  EXPECT_FALSE(PoStSlots(st, {bad}).ok());
}

TEST_F(SealedPoStTest, EveryTruncationOfTheBincodeIsRefused) {
  auto post = filecoin::PoStProofById(0);
  ASSERT_TRUE(post.ok());
  auto v = sealer::GeneratePoStVanilla(*a_, *post, Randomness());
  ASSERT_TRUE(v.ok());
  auto bytes = filecoin::WriteFallbackPoStSectorProof(*v);
  for (size_t n = 0; n < bytes.size(); n += 7) {
    auto r = filecoin::ParseFallbackPoStSectorProof(std::span(bytes).first(n));
    EXPECT_FALSE(r.ok()) << n;
  }
  bytes.push_back(0);
  EXPECT_FALSE(filecoin::ParseFallbackPoStSectorProof(bytes).ok());
  bytes.pop_back();
  // A huge vector length is refused without allocating it.
  std::vector<uint8_t> huge = bytes;
  for (size_t i = 40; i < 48; ++i) huge[i] = 0xff;  // vanilla_proof.sectors length
  auto r = filecoin::ParseFallbackPoStSectorProof(huge);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("vanilla_proof.sectors"), std::string::npos);
  // An unknown ProofData variant.
  std::vector<uint8_t> variant = bytes;
  variant[56] = 9;  // first inclusion proof's variant tag
  r = filecoin::ParseFallbackPoStSectorProof(variant);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("variant"), std::string::npos) << r.status().message();
}

TEST(VanillaProofListTest, RoundTripsAndRefusesGarbage) {
  std::vector<std::string> proofs = {"abc", std::string("\0\1\2\3", 4)};
  auto parsed = filecoin::ParseVanillaProofList(filecoin::WriteVanillaProofList(proofs));
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(*parsed, proofs);
  EXPECT_FALSE(filecoin::ParseVanillaProofList("{}").ok());
  EXPECT_FALSE(filecoin::ParseVanillaProofList("[]").ok());
  EXPECT_FALSE(filecoin::ParseVanillaProofList("[1]").ok());
  EXPECT_FALSE(filecoin::ParseVanillaProofList("[\"a$b=\"]").ok());
}

}  // namespace
}  // namespace cuzk::circuits::post
