// SPDX-License-Identifier: Apache-2.0 OR MIT
// The SHA-256 gadget: bellperson's constraint counts (test_full_block 25,840, test_full_hash
// 44,874, variable state 26,192, constant block 19,034), digests equal to OpenSSL's on seeded
// random messages, satisfied constraints and a caught tampered witness; Boolean folding rules.
#include "gadgets/sha256.h"

#include <gtest/gtest.h>

#include <random>

#include "gadgets/sha256_values.h"
#include "hash/sha256.h"
#include "r1cs/counting.h"
#include "r1cs/test_constraint_system.h"
#include "r1cs/witness_only.h"

namespace cuzk::gadgets {
namespace {

std::vector<Boolean> AllocBits(ConstraintSystem& cs, std::span<const uint8_t> bytes) {
  std::vector<Boolean> bits;
  for (uint8_t byte : bytes) {
    for (int i = 7; i >= 0; --i) bits.push_back(Boolean::Alloc(cs, (byte >> i) & 1));
  }
  return bits;
}

std::vector<uint8_t> ToBytes(const std::vector<Boolean>& bits) {
  std::vector<uint8_t> out(bits.size() / 8);
  for (size_t i = 0; i < bits.size(); ++i) out[i / 8] |= uint8_t{bits[i].value()} << (7 - i % 8);
  return out;
}

std::vector<uint8_t> RandomBytes(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>(rng());
  return v;
}

TEST(Sha256GadgetTest, OneBlockUnderConstantIvCosts25840) {
  r1cs::TestConstraintSystem cs;
  auto bits = AllocBits(cs, RandomBytes(64, 1));
  size_t before = cs.num_constraints();
  ASSERT_EQ(before, 512u);
  Sha256Compression(cs, bits, Sha256Iv());
  EXPECT_EQ(cs.num_constraints() - before, 25840u);
  EXPECT_TRUE(cs.IsSatisfied());
}

TEST(Sha256GadgetTest, FullHashOf512BitsCosts44874AndMatchesOpenSsl) {
  r1cs::TestConstraintSystem cs;
  auto message = RandomBytes(64, 2);
  auto bits = AllocBits(cs, message);
  auto digest = Sha256Gadget(cs, bits);
  ASSERT_TRUE(digest.ok());
  EXPECT_EQ(cs.num_constraints() - 512, 44874u);
  hash::Digest want = hash::Sha256(message);
  EXPECT_EQ(ToBytes(*digest), std::vector<uint8_t>(want.begin(), want.end()));
  ASSERT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
  cs.SetAux(1000, cs.aux()[1000] + Fr::One());
  EXPECT_FALSE(cs.IsSatisfied());
}

TEST(Sha256GadgetTest, VariableStateCounts) {
  // Variable message and variable state: 26,192. Constant (padding-like) block with variable
  // state: 19,034. The state words are allocated bits (their booleanity constraints excluded).
  for (bool constant_block : {false, true}) {
    r1cs::TestConstraintSystem cs;
    auto state_bits = AllocBits(cs, RandomBytes(32, 3));
    std::array<UInt32, 8> state;
    for (size_t i = 0; i < 8; ++i)
      state[i] = UInt32::FromBitsBe(std::span(state_bits).subspan(32 * i, 32));
    std::vector<Boolean> block;
    if (constant_block) {
      for (uint8_t byte : RandomBytes(64, 4)) {
        for (int i = 7; i >= 0; --i) block.push_back(Boolean::Constant((byte >> i) & 1));
      }
    } else {
      block = AllocBits(cs, RandomBytes(64, 4));
    }
    size_t before = cs.num_constraints();
    Sha256Compression(cs, block, state);
    EXPECT_EQ(cs.num_constraints() - before, constant_block ? 19034u : 26192u);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(Sha256GadgetTest, DigestsMatchOpenSslForManyLengths) {
  for (size_t len : {0u, 1u, 31u, 55u, 56u, 64u, 100u, 128u}) {
    r1cs::TestConstraintSystem cs;
    auto message = RandomBytes(len, len + 10);
    auto digest = Sha256Gadget(cs, AllocBits(cs, message));
    ASSERT_TRUE(digest.ok());
    hash::Digest want = hash::Sha256(message);
    ASSERT_EQ(ToBytes(*digest), std::vector<uint8_t>(want.begin(), want.end())) << len;
    ASSERT_TRUE(cs.IsSatisfied()) << len;
  }
  r1cs::TestConstraintSystem cs;
  std::vector<Boolean> seven(7);
  EXPECT_FALSE(Sha256Gadget(cs, seven).ok());
}

// Runs `steps` compressions of seeded random blocks (allocated bits; constants; a mix of
// allocated, negated and constant bits, in turn) from an allocated random state (the constant IV
// when `iv`) into `cs`; returns the final state's values.
std::vector<uint32_t> Compressions(ConstraintSystem& cs, int steps, bool iv, uint64_t seed) {
  std::array<UInt32, 8> state = Sha256Iv();
  if (!iv) {
    auto bits = AllocBits(cs, RandomBytes(32, seed));
    for (size_t i = 0; i < 8; ++i)
      state[i] = UInt32::FromBitsBe(std::span(bits).subspan(32 * i, 32));
  }
  for (int k = 0; k < steps; ++k) {
    std::vector<Boolean> block = AllocBits(cs, RandomBytes(64, seed + 1 + k));
    for (size_t i = 0; i < block.size(); ++i) {
      if (k % 3 == 1 || (k % 3 == 2 && i % 5 == 0)) {  // constant (a padding block), or some bits
        block[i] = Boolean::Constant(block[i].value());
      } else if (k % 3 == 2 && i % 7 == 0) {  // and some negated bits
        block[i] = block[i].Not();
      }
    }
    state = Sha256Compression(cs, block, state);
  }
  std::vector<uint32_t> out;
  for (const UInt32& w : state) out.push_back(w.value());
  return out;
}

// Systems that read no constraints take the compression computed on words
// (Sha256CompressionValues) where the state's bits are allocated: the same aux values in the
// same order, the same constraint count and digest as the gadget path, whose systems read them.
TEST(Sha256GadgetTest, WordPathEqualsTheGadgetPathValueForValue) {
  for (bool iv : {false, true}) {
    r1cs::TestConstraintSystem gadget;
    r1cs::WitnessOnly words;
    r1cs::CountingConstraintSystem count;
    std::vector<uint32_t> want = Compressions(gadget, 7, iv, 40);
    EXPECT_EQ(Compressions(words, 7, iv, 40), want);
    EXPECT_EQ(Compressions(count, 7, iv, 40), want);
    ASSERT_TRUE(gadget.IsSatisfied());
    ASSERT_EQ(words.aux().size(), gadget.aux().size()) << iv;
    for (size_t i = 0; i < words.aux().size(); ++i) ASSERT_EQ(words.aux()[i], gadget.aux()[i]) << i;
    EXPECT_EQ(count.num_aux(), gadget.aux().size());
    EXPECT_EQ(count.num_constraints(), gadget.num_constraints());
  }
  // Where it applies: an allocated state (not the constant IV, not a negated bit), any block.
  r1cs::WitnessOnly words;
  auto bits = AllocBits(words, RandomBytes(64, 5));
  EXPECT_FALSE(Sha256CompressionValues(words, bits, Sha256Iv()).has_value());
  std::array<UInt32, 8> state;
  auto state_bits = AllocBits(words, RandomBytes(32, 7));
  for (size_t i = 0; i < 8; ++i)
    state[i] = UInt32::FromBitsBe(std::span(state_bits).subspan(32 * i, 32));
  bits[100] = bits[100].Not();
  bits[101] = Boolean::Constant(true);
  EXPECT_TRUE(Sha256CompressionValues(words, bits, state).has_value());
  state_bits[3] = state_bits[3].Not();
  state[0] = UInt32::FromBitsBe(std::span(state_bits).first(32));
  EXPECT_FALSE(Sha256CompressionValues(words, bits, state).has_value());
  r1cs::TestConstraintSystem reads;
  EXPECT_FALSE(
      Sha256CompressionValues(reads, AllocBits(reads, RandomBytes(64, 8)), state).has_value());
}

TEST(BooleanTest, FoldsConstantsAndNegationsLikeBellpepper) {
  r1cs::TestConstraintSystem cs;
  Boolean a = Boolean::Alloc(cs, true), b = Boolean::Alloc(cs, false);
  size_t base = cs.num_constraints();
  Boolean t = Boolean::Constant(true), f = Boolean::Constant(false);
  EXPECT_EQ(Boolean::Xor(cs, a, f).kind(), Boolean::Kind::kIs);
  EXPECT_EQ(Boolean::Xor(cs, a, t).kind(), Boolean::Kind::kNot);
  EXPECT_TRUE(Boolean::And(cs, a, f).is_constant());
  EXPECT_EQ(cs.num_constraints(), base);  // all folded
  Boolean x = Boolean::Xor(cs, a, b.Not());
  EXPECT_EQ(x.kind(), Boolean::Kind::kNot);
  EXPECT_EQ(x.value(), a.value() != !b.value());
  Boolean y = Boolean::And(cs, a.Not(), b.Not());  // nor
  EXPECT_EQ(y.value(), false);
  EXPECT_EQ(cs.num_constraints(), base + 2);
  // ch with a general a: one constraint; maj: two.
  Boolean c = Boolean::Alloc(cs, true);
  base = cs.num_constraints();
  EXPECT_EQ(Boolean::Sha256Ch(cs, a, b, c).value(), false);
  EXPECT_EQ(cs.num_constraints(), base + 1);
  EXPECT_EQ(Boolean::Sha256Maj(cs, a, b, c).value(), true);
  EXPECT_EQ(cs.num_constraints(), base + 3);
  EXPECT_TRUE(cs.IsSatisfied());
}

}  // namespace
}  // namespace cuzk::gadgets
