// SPDX-License-Identifier: Apache-2.0 OR MIT
// Merkle inclusion against storage-proofs-core tests/por_circuit.rs (public root, 64 leaves per
// base tree): Poseidon base 2/4/8, sub and top shapes, SHA-256 base 2/4/8; plus the insertion
// counts, hash_leaf_bits (45,387) and the SHA node against OpenSSL.
#include "gadgets/merkle.h"

#include <gtest/gtest.h>

#include <random>

#include "gadgets/insertion.h"
#include "gadgets/sha256.h"
#include "hash/poseidon.h"
#include "hash/sha256.h"
#include "r1cs/test_constraint_system.h"

namespace cuzk::gadgets {
namespace {

Fr NativeNode(TreeHash hash, std::span<const Fr> children) {
  if (hash == TreeHash::kPoseidon) return *hash::PoseidonHash(children);
  std::vector<uint8_t> bytes;
  for (const Fr& c : children) {
    auto le = c.ToBytesLE();
    bytes.insert(bytes.end(), le.begin(), le.end());
  }
  return hash::DigestToField(hash::Sha256(bytes));
}

// Builds a random tree with the given arities (leaf level first), returns the root and the path
// of leaf `index`.
Fr BuildTree(TreeHash hash, const std::vector<size_t>& arities, size_t index, uint64_t seed,
             Fr& leaf, std::vector<MerkleLevel>& path) {
  std::mt19937_64 rng(seed);
  size_t n = 1;
  for (size_t a : arities) n *= a;
  std::vector<Fr> layer(n);
  for (auto& x : layer) x = Fr::Random(rng);
  leaf = layer[index];
  for (size_t a : arities) {
    MerkleLevel level;
    level.position = static_cast<uint32_t>(index % a);
    size_t group = index - index % a;
    for (size_t k = 0; k < a; ++k) {
      if (k != level.position) level.siblings.push_back(layer[group + k]);
    }
    path.push_back(level);
    std::vector<Fr> next(layer.size() / a);
    for (size_t i = 0; i < next.size(); ++i)
      next[i] = NativeNode(hash, std::span(layer).subspan(i * a, a));
    layer = std::move(next);
    index /= a;
  }
  return layer[0];
}

struct PorCase {
  TreeHash hash;
  std::vector<size_t> arities;
  size_t constraints;
};

TEST(MerkleGadgetTest, MatchesPorCircuitCounts) {
  std::vector<PorCase> cases = {
      {TreeHash::kPoseidon, {2, 2, 2, 2, 2, 2}, 1887},
      {TreeHash::kPoseidon, {4, 4, 4}, 1164},
      {TreeHash::kPoseidon, {8, 8}, 1063},
      {TreeHash::kPoseidon, {8, 8, 2}, 1377},     // sub 8-2
      {TreeHash::kPoseidon, {8, 8, 8}, 1593},     // sub 8-8
      {TreeHash::kPoseidon, {8, 8, 4, 2}, 1764},  // top 8-4-2
      {TreeHash::kPoseidon, {8, 8, 8, 2}, 1907},  // top 8-8-2
      {TreeHash::kPoseidon, {8, 8, 2, 4}, 1764},  // top 8-2-4
      {TreeHash::kSha256, {2, 2, 2, 2, 2, 2}, 272295},
      {TreeHash::kSha256, {4, 4, 4}, 216258},
      {TreeHash::kSha256, {8, 8}, 250987},
  };
  uint64_t seed = 1;
  for (const PorCase& c : cases) {
    size_t leaves = 1;
    for (size_t a : c.arities) leaves *= a;
    size_t index = (seed * 7919) % leaves;
    Fr leaf_value;
    std::vector<MerkleLevel> path;
    Fr root_value = BuildTree(c.hash, c.arities, index, seed++, leaf_value, path);
    r1cs::TestConstraintSystem cs;
    AllocatedNum leaf = AllocatedNum::Alloc(cs, leaf_value);
    AllocatedNum root = AllocatedNum::Alloc(cs, root_value);
    Inputize(cs, root);
    ASSERT_TRUE(MerkleInclusionGadget(cs, c.hash, leaf, path, root).ok());
    EXPECT_EQ(cs.num_constraints(), c.constraints)
        << "arities " << c.arities.size() << " first " << c.arities[0];
    EXPECT_EQ(cs.num_inputs(), 3u);
    ASSERT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
    // The packed index input equals the leaf index.
    EXPECT_EQ(cs.inputs()[2], Fr::FromUint64(index));
    // A wrong sibling no longer reaches the root.
    path[0].siblings[0] += Fr::One();
    r1cs::TestConstraintSystem bad;
    AllocatedNum leaf2 = AllocatedNum::Alloc(bad, leaf_value);
    AllocatedNum root2 = AllocatedNum::Alloc(bad, root_value);
    Inputize(bad, root2);
    ASSERT_TRUE(MerkleInclusionGadget(bad, c.hash, leaf2, path, root2).ok());
    EXPECT_FALSE(bad.IsSatisfied());
  }
}

// por_circuit.rs' private-root variants: the root is not a public input (2 inputs: ONE and the
// packed index), one constraint fewer.
TEST(MerkleGadgetTest, MatchesPrivateRootPorCircuitCounts) {
  std::vector<PorCase> cases = {
      {TreeHash::kPoseidon, {2, 2, 2, 2, 2, 2}, 1886},
      {TreeHash::kPoseidon, {4, 4, 4}, 1163},
      {TreeHash::kPoseidon, {8, 8}, 1062},
  };
  for (const PorCase& c : cases) {
    Fr leaf_value;
    std::vector<MerkleLevel> path;
    Fr root_value = BuildTree(c.hash, c.arities, 5, 77, leaf_value, path);
    r1cs::TestConstraintSystem cs;
    AllocatedNum leaf = AllocatedNum::Alloc(cs, leaf_value);
    AllocatedNum root = AllocatedNum::Alloc(cs, root_value);
    ASSERT_TRUE(MerkleInclusionGadget(cs, c.hash, leaf, path, root).ok());
    EXPECT_EQ(cs.num_constraints(), c.constraints) << "arity " << c.arities[0];
    EXPECT_EQ(cs.num_inputs(), 2u);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(InsertionTest, PlacesCurrentAtEveryPositionWithKnownCosts) {
  for (size_t arity : {2u, 4u, 8u, 16u}) {
    for (uint32_t pos = 0; pos < arity; ++pos) {
      r1cs::TestConstraintSystem cs;
      AllocatedNum cur = AllocatedNum::Alloc(cs, Fr::FromUint64(1000));
      std::vector<AllocatedNum> sib;
      for (size_t i = 0; i + 1 < arity; ++i)
        sib.push_back(AllocatedNum::Alloc(cs, Fr::FromUint64(i)));
      std::vector<Boolean> bits;
      for (size_t j = 0; (size_t{1} << j) < arity; ++j)
        bits.push_back(Boolean::Alloc(cs, (pos >> j) & 1));
      size_t before = cs.num_constraints();
      auto out = Insert(cs, cur, bits, sib);
      ASSERT_TRUE(out.ok());
      // insertion.rs test_insert: 2, 8, 22, then size * (size - 1).
      size_t want = arity == 2 ? 2u : arity == 4 ? 8u : arity == 8 ? 22u : arity * (arity - 1);
      EXPECT_EQ(cs.num_constraints() - before, want);
      size_t s = 0;
      for (size_t k = 0; k < arity; ++k) {
        Fr expected = k == pos ? Fr::FromUint64(1000) : Fr::FromUint64(s++);
        ASSERT_EQ((*out)[k].value, expected)
            << "arity " << arity << " pos " << pos << " slot " << k;
      }
      ASSERT_TRUE(cs.IsSatisfied());
    }
  }
}

TEST(InsertionTest, SelectPicksTheIndexedElementWithSizeMinusOneConstraints) {
  for (size_t size : {2u, 4u, 8u, 16u}) {
    for (size_t index = 0; index < size; index += 3) {
      r1cs::TestConstraintSystem cs;
      std::vector<AllocatedNum> elements;
      for (size_t i = 0; i < size; ++i)
        elements.push_back(AllocatedNum::Alloc(cs, Fr::FromUint64(100 + i)));
      std::vector<Boolean> bits;
      for (size_t j = 0; (size_t{1} << j) < size; ++j)
        bits.push_back(Boolean::Alloc(cs, (index >> j) & 1));
      size_t before = cs.num_constraints();
      auto out = Select(cs, elements, bits);
      ASSERT_TRUE(out.ok());
      EXPECT_EQ(cs.num_constraints() - before, size - 1);
      EXPECT_EQ(out->value, Fr::FromUint64(100 + index));
      EXPECT_TRUE(cs.IsSatisfied());
    }
  }
}

TEST(NumGadgetTest, ConditionallyReverseSwapsOnlyWhenAsked) {
  for (bool cond : {false, true}) {
    r1cs::TestConstraintSystem cs;
    AllocatedNum a = AllocatedNum::Alloc(cs, Fr::FromUint64(1)),
                 b = AllocatedNum::Alloc(cs, Fr::FromUint64(2));
    Boolean c = Boolean::Alloc(cs, cond);
    size_t before = cs.num_constraints();
    auto [x, y] = ConditionallyReverse(cs, a, b, c);
    EXPECT_EQ(cs.num_constraints() - before, 2u);
    EXPECT_EQ(x.value, cond ? b.value : a.value);
    EXPECT_EQ(y.value, cond ? a.value : b.value);
    EXPECT_TRUE(cs.IsSatisfied());
    cs.SetAux(x.var.index, y.value == x.value ? x.value + Fr::One() : y.value);
    EXPECT_FALSE(cs.IsSatisfied());
  }
}

// bellpepper num.rs test_into_bits / test_into_bits_strict: the bits are the value's, every
// flipped bit breaks the system, and r itself (r - 1 with its low bit set) is refused by the range
// check, not only by the unpacking constraint.
TEST(NumGadgetTest, ToBitsLeStrictDecomposesAndRangeChecks) {
  std::mt19937_64 rng(11);
  std::vector<Fr> values = {Fr::Zero(), Fr::One(), -Fr::One(), -Fr::FromUint64(2)};
  for (int i = 0; i < 6; ++i) values.push_back(Fr::Random(rng));
  for (const Fr& value : values) {
    r1cs::TestConstraintSystem cs;
    AllocatedNum x = AllocatedNum::Alloc(cs, value);
    std::vector<Boolean> bits = ToBitsLeStrict(cs, x);
    ASSERT_EQ(bits.size(), 255u);
    ff::Limbs<4> v = value.ToCanonical();
    for (size_t i = 0; i < 255; ++i) {
      ASSERT_EQ(bits[i].kind(), Boolean::Kind::kIs);
      ASSERT_EQ(bits[i].value(), ((v[i / 64] >> (i % 64)) & 1) != 0) << i;
    }
    ASSERT_TRUE(cs.IsSatisfied());
    for (size_t i = 0; i < 255; i += 17) {
      size_t index = bits[i].bit().var.index;
      Fr saved = cs.aux()[index];
      cs.SetAux(index, Fr::One() - saved);
      EXPECT_FALSE(cs.IsSatisfied()) << "bit " << i;
      cs.SetAux(index, saved);
    }
  }
  // The congruent representation 5 + r (< 2^255) satisfies the plain decomposition's unpacking
  // constraint; the strict one must refuse it.
  ff::Limbs<4> alias = Fr::kModulus;
  alias[0] += 5;  // no carry: r's low limb is 0xffffffff00000001
  r1cs::TestConstraintSystem loose;
  AllocatedNum x = AllocatedNum::Alloc(loose, Fr::FromUint64(5));
  std::vector<Boolean> loose_bits = ToBitsLe(loose, x);
  for (size_t i = 0; i < 255; ++i) {
    bool bit = ((alias[i / 64] >> (i % 64)) & 1) != 0;
    loose.SetAux(loose_bits[i].bit().var.index, bit ? Fr::One() : Fr::Zero());
  }
  EXPECT_TRUE(loose.IsSatisfied()) << "the plain decomposition accepts a congruent alias";
  // The strict gadget with every bit and AND flag consistent with 5 + r: only the range check
  // stands in the way.
  r1cs::TestConstraintSystem strict;
  AllocatedNum y = AllocatedNum::Alloc(strict, Fr::FromUint64(5));
  internal::ToBitsLeStrictClaiming(strict, y, alias);
  EXPECT_FALSE(strict.IsSatisfied());
  r1cs::TestConstraintSystem honest;
  AllocatedNum z = AllocatedNum::Alloc(honest, Fr::FromUint64(5));
  internal::ToBitsLeStrictClaiming(honest, z, Fr::FromUint64(5).ToCanonical());
  EXPECT_TRUE(honest.IsSatisfied());
}

TEST(Sha256NodeTest, HashLeafBitsCostsAndMatchesNative) {
  // storage-proofs-core util.rs: two children as 2 x 256 allocated bits, sha256, pack: 45,387.
  r1cs::TestConstraintSystem cs;
  std::mt19937_64 rng(5);
  std::vector<uint8_t> bytes(64);
  for (auto& b : bytes) b = static_cast<uint8_t>(rng());
  std::vector<Boolean> bits;
  for (uint8_t byte : bytes) {
    for (int i = 7; i >= 0; --i) bits.push_back(Boolean::Alloc(cs, (byte >> i) & 1));
  }
  auto digest = Sha256Gadget(cs, bits);
  std::vector<Boolean> le = ReverseBitNumbering(*digest);
  AllocatedNum node = PackBits(cs, std::span(le).first(254));
  EXPECT_EQ(cs.num_constraints(), 45387u);
  EXPECT_EQ(node.value, hash::DigestToField(hash::Sha256(bytes)));
  EXPECT_TRUE(cs.IsSatisfied());
  // The tree-D node of two field elements equals the native one.
  r1cs::TestConstraintSystem cs2;
  Fr l = Fr::Random(rng), r = Fr::Random(rng);
  auto n = Sha256NodeGadget(cs2, AllocatedNum::Alloc(cs2, l), AllocatedNum::Alloc(cs2, r));
  std::vector<Fr> children = {l, r};
  EXPECT_EQ(n->value, NativeNode(TreeHash::kSha256, children));
  EXPECT_TRUE(cs2.IsSatisfied());
}

}  // namespace
}  // namespace cuzk::gadgets
