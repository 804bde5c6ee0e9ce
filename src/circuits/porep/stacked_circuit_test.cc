// SPDX-License-Identifier: Apache-2.0 OR MIT
// The PoRep circuit's shape against rust-fil-proofs: the stacked_circuit.rs test shapes and the
// per-size totals of docs/filecoin.md §4.9 (constraints, inputs, aux), and the label gadget against
// create_label.rs (532,025) and a native SHA-256 label.
#include "circuits/porep/stacked_circuit.h"

#include <gtest/gtest.h>

#include <random>

#include "circuits/porep/label.h"
#include "hash/sha256.h"
#include "r1cs/counting.h"
#include "r1cs/test_constraint_system.h"

namespace cuzk::circuits::porep {
namespace {

struct ShapeCase {
  const char* name;
  CircuitShape shape;
  size_t constraints, inputs, aux;  // aux 0 = not checked
};

void ExpectShape(const ShapeCase& c) {
  r1cs::CountingConstraintSystem cs;
  StackedCircuit circuit(c.shape, PlaceholderWitness(c.shape, 1));
  ASSERT_TRUE(circuit.Synthesize(cs).ok()) << c.name;
  EXPECT_EQ(cs.num_constraints(), c.constraints) << c.name;
  EXPECT_EQ(cs.num_inputs(), c.inputs) << c.name;
  if (c.aux) {
    EXPECT_EQ(cs.num_aux(), c.aux) << c.name;
  }
}

TEST(StackedCircuitTest, MatchesStackedCircuitTestShapes) {
  // storage-proofs-porep tests/stacked_circuit.rs: nodes, layers 2, 1 challenge.
  ExpectShape({"poseidon_base_2", {8, 2, 2, 0, 0, 1}, 1206212, 22, 0});
  ExpectShape({"poseidon_base_8", {8, 2, 8, 0, 0, 1}, 1199620, 22, 0});
  ExpectShape({"poseidon_sub_8_4", {32, 2, 8, 4, 0, 1}, 1296576, 22, 0});
  ExpectShape({"poseidon_top_8_4_2", {64, 2, 8, 4, 2, 1}, 1346982, 22, 0});
}

TEST(StackedCircuitTest, MatchesSectorSizeTotals) {
  ExpectShape({"2KiB", {uint64_t{1} << 6, 2, 8, 0, 0, 2}, 2687921, 40, 2685673});
  ExpectShape({"8MiB", {uint64_t{1} << 18, 2, 8, 0, 0, 2}, 3844929, 40, 3842449});
  ExpectShape({"512MiB", {uint64_t{1} << 24, 2, 8, 0, 0, 2}, 4423433, 40, 4420837});
}

TEST(StackedCircuitSlowTest, MatchesThirtyTwoAndSixtyFourGiBTotals) {
  ExpectShape({"32GiB", {uint64_t{1} << 30, 11, 8, 8, 0, 18}, 130278541, 328, 130169893});
  ExpectShape({"64GiB", {uint64_t{1} << 31, 11, 8, 8, 2, 18}, 131185849, 328, 131076643});
}

// A digest (FNV-1a over the Montgomery limbs) of every value allocated, in order, and the
// counts; `reads` makes it a system that reads constraints (the gadgets' full path) or one that
// does not (the values-only path: SHA-256 compressions computed on words).
class AllocationDigest final : public r1cs::ConstraintSystem {
 public:
  explicit AllocationDigest(bool reads) {
    if (!reads) SkipCombinations();
    AllocInput(Fr::One());
  }
  r1cs::Variable Alloc(const Fr& value) override {
    Mix(value);
    return {r1cs::Variable::Kind::kAux, static_cast<uint32_t>(aux_++)};
  }
  r1cs::Variable AllocInput(const Fr& value) override {
    Mix(value);
    return {r1cs::Variable::Kind::kInput, static_cast<uint32_t>(inputs_++)};
  }
  uint64_t digest() const { return digest_; }
  size_t aux() const { return aux_; }
  size_t constraints() const { return constraints_ + unread_constraints(); }

 protected:
  void DoEnforce(const r1cs::LinearCombination&, const r1cs::LinearCombination&,
                 const r1cs::LinearCombination&, std::string_view) override {
    ++constraints_;
  }

 private:
  void Mix(const Fr& value) {
    for (uint64_t limb : value.montgomery()) digest_ = (digest_ ^ limb) * 0x100000001b3u;
  }
  uint64_t digest_ = 0xcbf29ce484222325u;
  size_t aux_ = 0, inputs_ = 0, constraints_ = 0;
};

// The values-only path (SHA-256 on words) allocates what the gadgets' full path does, value for
// value, over a whole 32GiB partition (placeholder witness) and the 2KiB one.
void ExpectSameAllocations(const CircuitShape& shape) {
  AllocationDigest full(/*reads=*/true), words(/*reads=*/false);
  ASSERT_TRUE(StackedCircuit(shape, PlaceholderWitness(shape, 3)).Synthesize(full).ok());
  ASSERT_TRUE(StackedCircuit(shape, PlaceholderWitness(shape, 3)).Synthesize(words).ok());
  EXPECT_EQ(words.aux(), full.aux());
  EXPECT_EQ(words.constraints(), full.constraints());
  EXPECT_EQ(words.digest(), full.digest());
}

TEST(StackedCircuitTest, TheValuesOnlyPathAllocatesTheSameAt2KiB) {
  ExpectSameAllocations({uint64_t{1} << 6, 2, 8, 0, 0, 2});
}

TEST(StackedCircuitSlowTest, TheValuesOnlyPathAllocatesTheSameAt32GiB) {
  ExpectSameAllocations({uint64_t{1} << 30, 11, 8, 8, 0, 18});
}

TEST(StackedCircuitTest, RejectsTheWrongNumberOfChallenges) {
  CircuitShape shape{64, 2, 8, 0, 0, 2};
  PartitionWitness w = PlaceholderWitness(shape, 1);
  w.challenges.pop_back();
  r1cs::CountingConstraintSystem cs;
  Status s = StackedCircuit(shape, w).Synthesize(cs);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("1 challenge proofs"), std::string::npos);
}

// Counts constraints and sets its own cancel flag once `at` constraints are in.
class CancelAfter final : public r1cs::ConstraintSystem {
 public:
  explicit CancelAfter(size_t at) : at_(at) { SetCancel(&flag_); }
  r1cs::Variable Alloc(const Fr&) override {
    return {r1cs::Variable::Kind::kAux, static_cast<uint32_t>(aux_++)};
  }
  r1cs::Variable AllocInput(const Fr&) override {
    return {r1cs::Variable::Kind::kInput, static_cast<uint32_t>(inputs_++)};
  }
  size_t constraints() const { return constraints_; }

 protected:
  void DoEnforce(const r1cs::LinearCombination&, const r1cs::LinearCombination&,
                 const r1cs::LinearCombination&, std::string_view) override {
    if (++constraints_ == at_) flag_ = true;
  }

 private:
  size_t at_, inputs_ = 1, aux_ = 0, constraints_ = 0;
  CancelFlag flag_{false};
};

// A cancel is seen within a challenge, after the path, column or label being synthesized: at
// 32GiB one challenge takes 1-2 s on a core, a label about a tenth of that. The 2KiB challenge
// (about 1.34 M constraints) stops within one label (532,025) of the flag.
TEST(StackedCircuitTest, ACancelStopsTheChallengeAfterItsCurrentStep) {
  CircuitShape shape{64, 2, 8, 0, 0, 2};
  for (size_t at : {size_t{1000}, size_t{100000}, size_t{700000}}) {
    CancelAfter cs(at);
    Status s = StackedCircuit(shape, PlaceholderWitness(shape, 1)).Synthesize(cs);
    EXPECT_EQ(s.code(), StatusCode::kCancelled) << at;
    EXPECT_EQ(s.message(), "challenge 0: the synthesis was cancelled") << at;
    EXPECT_LT(cs.constraints(), at + 540000) << at;
  }
}

TEST(LabelTest, MatchesCreateLabelCountAndNativeLabel) {
  std::mt19937_64 rng(4);
  r1cs::TestConstraintSystem cs;
  std::vector<uint8_t> replica(32), parents_bytes(37 * 32);
  for (auto& b : replica) b = static_cast<uint8_t>(rng());
  for (auto& b : parents_bytes) b = static_cast<uint8_t>(rng());
  auto bits_of = [&](std::span<const uint8_t> bytes) {
    std::vector<Boolean> bits;
    for (uint8_t byte : bytes) {
      for (int i = 7; i >= 0; --i) bits.push_back(Boolean::Alloc(cs, (byte >> i) & 1));
    }
    return bits;
  };
  std::vector<Boolean> replica_bits = bits_of(replica);
  std::vector<std::vector<Boolean>> parents;
  for (size_t p = 0; p < 37; ++p)
    parents.push_back(bits_of(std::span(parents_bytes).subspan(32 * p, 32)));
  uint64_t node = 123456789;
  std::vector<Boolean> node_bits;
  for (int b = 0; b < 64; ++b) node_bits.push_back(Boolean::Constant((node >> b) & 1));
  uint32_t layer = 3;
  auto label = CreateLabel(cs, replica_bits, parents, layer, node_bits);
  ASSERT_TRUE(label.ok());
  EXPECT_EQ(cs.num_constraints(), 532025u);
  EXPECT_TRUE(cs.IsSatisfied());
  // Native: SHA256(replica || u32_be(layer) || u64_be(node) || 20 zero bytes || parents).
  std::vector<uint8_t> pre(replica.begin(), replica.end());
  for (int i = 3; i >= 0; --i) pre.push_back(static_cast<uint8_t>(layer >> (8 * i)));
  for (int i = 7; i >= 0; --i) pre.push_back(static_cast<uint8_t>(node >> (8 * i)));
  pre.insert(pre.end(), 20, 0);
  pre.insert(pre.end(), parents_bytes.begin(), parents_bytes.end());
  EXPECT_EQ(label->value, hash::DigestToField(hash::Sha256(pre)));
}

}  // namespace
}  // namespace cuzk::circuits::porep
