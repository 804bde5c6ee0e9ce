// SPDX-License-Identifier: Apache-2.0 OR MIT
// The R1CS digest against an independent reference: the expected values were computed with
// Python's hashlib.blake2s over bytes laid out by hand from bellpepper-core's test_cs.rs (header
// counts, then per combination the merged non-zero term count and 'I'/'A', index, coefficient).
#include "r1cs/digest.h"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <random>
#include <vector>

#include "r1cs/counting.h"

namespace cuzk::r1cs {
namespace {

// Two inputs (ONE, x), three aux (a, b, p), two constraints:
//   (a + 2b - x + 2a - 3a) * (ONE) = (p)      -- a merges to zero and is dropped
//   (b) * (5 ONE) = (7x + (r-1) a)
class SmallCircuit : public Circuit {
 public:
  Status Synthesize(ConstraintSystem& cs) const override {
    Variable x = cs.AllocInput(Fr::FromUint64(3));
    Variable a = cs.Alloc(Fr::FromUint64(1));
    Variable b = cs.Alloc(Fr::FromUint64(2));
    Variable p = cs.Alloc(Fr::FromUint64(4));
    LinearCombination lhs;
    lhs.Add(a).Sub(x).AddTerm(b, Fr::Two()).AddTerm(a, Fr::Two()).AddTerm(a, -Fr::FromUint64(3));
    cs.Enforce(lhs, LinearCombination::Of(Variable::One()), LinearCombination::Of(p));
    LinearCombination rhs;
    rhs.AddTerm(x, Fr::FromUint64(7)).Sub(a);
    cs.Enforce(LinearCombination::Of(b), LinearCombination::Constant(Fr::FromUint64(5)), rhs);
    return Status::Ok();
  }
};

TEST(R1csDigestTest, MatchesTheReferenceLayout) {
  auto d = DigestCircuit(SmallCircuit());
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(d->Hex(), "37a74f9333264741056f04495c977dc15fe2b5560b276efe2a56c21ee6247f5d");
  EXPECT_EQ(d->inputs, 2u);
  EXPECT_EQ(d->aux, 3u);
  EXPECT_EQ(d->constraints, 2u);
  EXPECT_EQ(d->nnz_a, 3u);            // x, b; then b
  EXPECT_EQ(d->nnz_b, 2u);            // ONE twice
  EXPECT_EQ(d->nnz_c, 3u);            // p; then x, a
  EXPECT_EQ(d->a_aux_density, 1u);    // b
  EXPECT_EQ(d->b_input_density, 1u);  // ONE
  EXPECT_EQ(d->b_aux_density, 0u);
}

TEST(R1csDigestTest, EmptyCircuitHashesItsCountsOnly) {
  auto d = DigestCircuit(FunctionCircuit([](ConstraintSystem&) { return Status::Ok(); }));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->Hex(), "958191931feaed50efb8195a7e9084aba2c230e2886c2f11a2cff90a9117095e");
}

// Swapping A and B, or changing one coefficient, changes the digest.
TEST(R1csDigestTest, SeesSidesAndCoefficients) {
  auto circuit = [](bool swap, uint64_t coeff) {
    return FunctionCircuit([=](ConstraintSystem& cs) {
      Variable a = cs.Alloc(Fr::One()), b = cs.Alloc(Fr::One()), c = cs.Alloc(Fr::One());
      LinearCombination la = LinearCombination::Of(a), lb;
      lb.AddTerm(b, Fr::FromUint64(coeff));
      cs.Enforce(swap ? lb : la, swap ? la : lb, LinearCombination::Of(c));
      return Status::Ok();
    });
  };
  auto base = DigestCircuit(circuit(false, 2));
  auto swapped = DigestCircuit(circuit(true, 2));
  auto other = DigestCircuit(circuit(false, 3));
  ASSERT_TRUE(base.ok() && swapped.ok() && other.ok());
  EXPECT_NE(base->Hex(), swapped->Hex());
  EXPECT_NE(base->Hex(), other->Hex());
}

// A circuit that synthesizes differently each time is refused rather than hashed with a header
// that does not match its body.
TEST(R1csDigestTest, RefusesACircuitThatChangesBetweenPasses) {
  int calls = 0;
  auto d = DigestCircuit(FunctionCircuit([&](ConstraintSystem& cs) {
    if (calls++ > 0) cs.Alloc(Fr::One());
    return Status::Ok();
  }));
  ASSERT_FALSE(d.ok());
}

// The writer hashes on its own thread through a few 1 MiB buffers: over ten megabytes of terms,
// whose records straddle the buffer ends at every offset, it gives the BLAKE2s of the same bytes
// laid out here by hand and hashed in one call.
TEST(R1csDigestWriterTest, EqualsOneShotHashOfTheSameBytesAcrossManyBuffers) {
  std::vector<uint8_t> bytes;
  auto put_u64 = [&](uint64_t v) {
    for (int shift = 56; shift >= 0; shift -= 8) bytes.push_back(uint8_t(v >> shift));
  };
  std::mt19937_64 rng(7);
  R1csDigestWriter writer(5, 300'000, 250'000);
  put_u64(5);
  put_u64(300'000);
  put_u64(250'000);
  for (int i = 0; i < 250'000; ++i) {
    uint64_t terms = rng() % 4;
    writer.BeginCombination(terms);
    put_u64(terms);
    for (uint64_t t = 0; t < terms; ++t) {
      bool input = rng() % 8 == 0;
      uint64_t index = rng() % 300'000;
      Fr coeff = Fr::FromUint64(rng() % 5 == 0 ? rng() : 1 + rng() % 3);
      writer.AddTerm(input, index, writer.BytesOf(coeff));
      bytes.push_back(input ? 'I' : 'A');
      put_u64(index);
      auto be = coeff.ToBytesBE();
      bytes.insert(bytes.end(), be.begin(), be.end());
    }
  }
  ASSERT_GT(bytes.size(), size_t{10} << 20);
  std::array<uint8_t, 32> want{};
  unsigned int len = 0;
  ASSERT_EQ(EVP_Digest(bytes.data(), bytes.size(), want.data(), &len, EVP_blake2s256(), nullptr),
            1);
  EXPECT_EQ(writer.Finish(), want);
}

// A writer dropped before Finish (a cancelled compilation) ends its hashing thread.
TEST(R1csDigestWriterTest, CanBeDroppedUnfinished) {
  R1csDigestWriter writer(1, 1, 1);
  for (int i = 0; i < 100'000; ++i) writer.AddTerm(false, i, writer.BytesOf(Fr::One()));
}

}  // namespace
}  // namespace cuzk::r1cs
