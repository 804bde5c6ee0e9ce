// SPDX-License-Identifier: Apache-2.0 OR MIT
// ZCash encodings: the generators' known encodings, round trips, and every malformed form.
#include "ec/serialization.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "base/hex.h"

namespace cuzk::ec {
namespace {

using ff::Fp;
using ff::Fp2;
using ff::Fr;

constexpr char kG1GeneratorCompressed[] =
    "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6"
    "bb";
constexpr char kG2GeneratorCompressed[] =
    "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b"
    "7e"
    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bd"
    "b8";

std::vector<uint8_t> Bytes(const std::string& hex) { return *FromHex(hex); }

// Expects `r` to fail with a message containing `what`.
template <typename R>
void ExpectError(const R& r, const std::string& what) {
  ASSERT_FALSE(r.ok()) << "expected failure: " << what;
  EXPECT_NE(r.status().message().find(what), std::string::npos) << r.status().message();
}

TEST(SerializationTest, GeneratorsHaveTheirKnownEncodings) {
  EXPECT_EQ(ToHex(G1ToCompressed(G1Curve::Generator())), kG1GeneratorCompressed);
  EXPECT_EQ(ToHex(G2ToCompressed(G2Curve::Generator())), kG2GeneratorCompressed);
  EXPECT_EQ(ToHex(G1ToUncompressed(G1Curve::Generator())),
            "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af0"
            "0adb22c6bb"
            "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa23"
            "2946c5e7e1");
  EXPECT_EQ(*G1FromCompressed(Bytes(kG1GeneratorCompressed)), G1Curve::Generator());
  EXPECT_EQ(*G2FromCompressed(Bytes(kG2GeneratorCompressed)), G2Curve::Generator());
}

TEST(SerializationTest, InfinityEncodings) {
  EXPECT_EQ(ToHex(G1ToCompressed(G1Affine::Identity())), "c0" + std::string(94, '0'));
  EXPECT_EQ(ToHex(G1ToUncompressed(G1Affine::Identity())), "40" + std::string(190, '0'));
  EXPECT_EQ(ToHex(G2ToCompressed(G2Affine::Identity())), "c0" + std::string(190, '0'));
  EXPECT_TRUE(G1FromCompressed(Bytes("c0" + std::string(94, '0')))->infinity);
  EXPECT_TRUE(G2FromUncompressed(Bytes("40" + std::string(382, '0')))->infinity);
}

TEST(SerializationTest, RandomPointsRoundTripInAllForms) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 10; ++i) {
    G1Affine p = Mul(G1::Generator(), Fr::Random(rng)).ToAffine();
    G2Affine q = Mul(G2::Generator(), Fr::Random(rng)).ToAffine();
    for (const G1Affine& x : {p, -p}) {
      ASSERT_EQ(*G1FromCompressed(G1ToCompressed(x)), x);
      ASSERT_EQ(*G1FromUncompressed(G1ToUncompressed(x)), x);
    }
    for (const G2Affine& x : {q, -q}) {
      ASSERT_EQ(*G2FromCompressed(G2ToCompressed(x)), x);
      ASSERT_EQ(*G2FromUncompressed(G2ToUncompressed(x)), x);
    }
    // Exactly one of P and -P carries the sort flag.
    ASSERT_NE(G1ToCompressed(p)[0] & 0x20, G1ToCompressed(-p)[0] & 0x20);
  }
}

TEST(SerializationTest, RejectsWrongLengths) {
  auto g = G1ToCompressed(G1Curve::Generator());
  ExpectError(G1FromCompressed(std::span(g).first(47)), "must be 48 bytes, got 47");
  ExpectError(G2FromCompressed(g), "must be 96 bytes, got 48");
  ExpectError(G1FromUncompressed(g), "must be 96 bytes, got 48");
  ExpectError(G2FromUncompressed(std::vector<uint8_t>(193)), "must be 192 bytes, got 193");
}

TEST(SerializationTest, RejectsBadFlags) {
  auto c = G1ToCompressed(G1Curve::Generator());
  auto u = G1ToUncompressed(G1Curve::Generator());
  auto no_flag = c;
  no_flag[0] &= 0x7f;
  ExpectError(G1FromCompressed(no_flag), "compression flag (0x80) is not set");
  auto flagged = u;
  flagged[0] |= 0x80;
  ExpectError(G1FromUncompressed(flagged), "compression flag (0x80) is set");
  auto sorted = u;
  sorted[0] |= 0x20;
  ExpectError(G1FromUncompressed(sorted), "sort flag (0x20)");
}

TEST(SerializationTest, RejectsNonCanonicalInfinity) {
  auto inf = G1ToCompressed(G1Affine::Identity());
  auto with_sort = inf;
  with_sort[0] |= 0x20;
  ExpectError(G1FromCompressed(with_sort), "non-canonical encoding of infinity");
  auto with_bits = inf;
  with_bits[47] = 1;
  ExpectError(G1FromCompressed(with_bits), "non-canonical encoding of infinity");
  auto g2inf = G2ToUncompressed(G2Affine::Identity());
  g2inf[0] |= 0x01;
  ExpectError(G2FromUncompressed(g2inf), "non-canonical encoding of infinity");
}

TEST(SerializationTest, RejectsCoordinatesNotBelowP) {
  // x = p with the compression flag.
  auto p_bytes = Bytes(
      "9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffff"
      "aaab");
  ExpectError(G1FromCompressed(p_bytes),
              "x coordinate: Fp encoding is not less than the field modulus");
  auto u = G1ToUncompressed(G1Curve::Generator());
  std::fill(u.begin() + 48, u.end(), 0xff);
  ExpectError(G1FromUncompressed(u), "y coordinate");
  auto g2 = G2ToCompressed(G2Curve::Generator());
  std::fill(g2.begin() + 48, g2.end(), 0xff);  // x.c0 = 2^384 - 1
  ExpectError(G2FromCompressed(g2),
              "x coordinate: c0: Fp encoding is not less than the field modulus");
}

TEST(SerializationTest, RejectsPointsOffTheCurve) {
  // Find an x for which x^3 + 4 is not a square.
  Fp x = Fp::One();
  while ((x.Square() * x + G1Curve::B()).Sqrt()) x += Fp::One();
  G1Affine fake = G1Affine::FromXY(x, Fp::One());
  ExpectError(G1FromCompressed(G1ToCompressed(fake)), "not on the curve");
  G1Affine bent = G1Curve::Generator();
  bent.y += Fp::One();
  ExpectError(G1FromUncompressed(G1ToUncompressed(bent)), "not on the curve");
  G2Affine bent2 = G2Curve::Generator();
  bent2.y += Fp2::One();
  ExpectError(G2FromUncompressed(G2ToUncompressed(bent2)), "not on the curve");
}

TEST(SerializationTest, RejectsPointsOutsideTheSubgroupUnlessAskedNotTo) {
  std::mt19937_64 rng(12);
  G1Affine p;
  for (;;) {
    Fp x = Fp::Random(rng);
    if (auto y = (x.Square() * x + G1Curve::B()).Sqrt()) {
      p = G1Affine::FromXY(x, *y);
      break;
    }
  }
  ExpectError(G1FromCompressed(G1ToCompressed(p)), "not in the prime-order subgroup");
  ExpectError(G1FromUncompressed(G1ToUncompressed(p)), "not in the prime-order subgroup");
  EXPECT_EQ(*G1FromCompressed(G1ToCompressed(p), SubgroupCheck::kSkip), p);
  G2Affine q;
  for (;;) {
    Fp2 x = Fp2::Random(rng);
    if (auto y = (x.Square() * x + G2Curve::B()).Sqrt()) {
      q = G2Affine::FromXY(x, *y);
      break;
    }
  }
  ExpectError(G2FromCompressed(G2ToCompressed(q)), "G2 point: not in the prime-order subgroup");
  EXPECT_EQ(*G2FromUncompressed(G2ToUncompressed(q), SubgroupCheck::kSkip), q);
}

// The allocation-free decoder of parameter files must accept exactly what the full decoder accepts
// (finite points, curve equation, no subgroup check) and give the same point.
template <typename Point, size_t kBytes, typename Try, typename Full>
void ExpectFastDecoderAgrees(const std::array<uint8_t, kBytes>& bytes, Try try_decode, Full full,
                             const std::string& what) {
  Point fast;
  bool ok = try_decode(std::span<const uint8_t, kBytes>(bytes), fast);
  auto slow = full(bytes, SubgroupCheck::kSkip);
  bool slow_ok = slow.ok() && !slow->infinity;
  ASSERT_EQ(ok, slow_ok) << what << ": " << (slow.ok() ? "finite" : slow.status().message());
  if (ok) {
    EXPECT_EQ(fast, *slow) << what;
  }
}

TEST(SerializationTest, FastUncompressedDecoderAgreesWithTheFullOne) {
  std::mt19937_64 rng(13);
  auto g1 = [](const std::array<uint8_t, kG1UncompressedBytes>& b, const std::string& what) {
    ExpectFastDecoderAgrees<G1Affine>(
        b, TryG1FromUncompressedFinite,
        [](const auto& x, SubgroupCheck c) { return G1FromUncompressed(x, c); }, what);
  };
  auto g2 = [](const std::array<uint8_t, kG2UncompressedBytes>& b, const std::string& what) {
    ExpectFastDecoderAgrees<G2Affine>(
        b, TryG2FromUncompressedFinite,
        [](const auto& x, SubgroupCheck c) { return G2FromUncompressed(x, c); }, what);
  };
  g1(G1ToUncompressed(G1Affine::Identity()), "G1 infinity");
  g2(G2ToUncompressed(G2Affine::Identity()), "G2 infinity");
  auto p_bytes = Bytes(
      "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffff"
      "aaab");
  for (int i = 0; i < 200; ++i) {
    auto p = G1ToUncompressed(Mul(G1::Generator(), Fr::Random(rng)).ToAffine());
    auto q = G2ToUncompressed(Mul(G2::Generator(), Fr::Random(rng)).ToAffine());
    g1(p, "G1 valid");
    g2(q, "G2 valid");
    // One flipped bit anywhere: a flag, a coordinate off the curve, or a value >= p.
    size_t bit = rng() % (8 * p.size());
    p[bit / 8] ^= static_cast<uint8_t>(1 << (bit % 8));
    g1(p, "G1 bit " + std::to_string(bit));
    bit = rng() % (8 * q.size());
    q[bit / 8] ^= static_cast<uint8_t>(1 << (bit % 8));
    g2(q, "G2 bit " + std::to_string(bit));
    // A coordinate replaced by p itself, or by p - 1.
    size_t field = rng() % 2, g2_field = rng() % 4;
    std::copy(p_bytes.begin(), p_bytes.end(), p.begin() + 48 * field);
    g1(p, "G1 coordinate = p");
    std::copy(p_bytes.begin(), p_bytes.end(), q.begin() + 48 * g2_field);
    g2(q, "G2 coordinate = p");
    p[48 * field + 47] -= 1;
    g1(p, "G1 coordinate = p - 1");
  }
}

// Runs of 37 points (four groups of eight and a tail) with one fault each at a varying place
// (a flag, a flipped coordinate bit, a coordinate equal to p), or none: the run decoder, point by
// point and on the emulated IFMA lanes, returns the index of the first fault and writes the same
// points as the single-point decoder up to it.
TEST(SerializationTest, RunDecoderAgreesWithTheSinglePointOneOnLanesAndWithout) {
  std::mt19937_64 rng(17);
  constexpr size_t kCount = 37;
  std::vector<uint8_t> good;
  for (size_t i = 0; i < kCount; ++i) {
    auto p = G1ToUncompressed(Mul(G1::Generator(), Fr::Random(rng)).ToAffine());
    good.insert(good.end(), p.begin(), p.end());
  }
  const ff::ifma::FpX8Kernels* kernels[] = {nullptr, &ff::ifma::emulated::FpKernels(),
                                            ff::ifma::CheckedIfmaFpKernels()};
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<uint8_t> bytes = good;
    size_t bad = trial == 0 ? kCount : rng() % kCount;
    if (bad < kCount) {
      uint8_t* p = &bytes[bad * kG1UncompressedBytes];
      switch (trial % 3) {
        case 0:
          p[0] |= 0x20;  // the sort flag
          break;
        case 1: {
          size_t bit = 8 + rng() % (8 * kG1UncompressedBytes - 8);  // not in byte 0's flags
          p[bit / 8] ^= static_cast<uint8_t>(1 << (bit % 8));
          break;
        }
        default:
          std::fill(p, p + 48, 0xff);  // x above p
      }
    }
    // Where the single-point decoder first fails (a flipped bit may still land on the curve).
    size_t want = kCount;
    std::vector<G1Affine> want_points(kCount);
    for (size_t i = 0; i < kCount; ++i) {
      std::span<const uint8_t, kG1UncompressedBytes> b(&bytes[i * kG1UncompressedBytes],
                                                       kG1UncompressedBytes);
      if (!TryG1FromUncompressedFinite(b, want_points[i])) {
        want = i;
        break;
      }
    }
    for (size_t k = 0; k < 3; ++k) {
      const ff::ifma::FpX8Kernels* lanes = kernels[k];
      if (k == 2 && lanes == nullptr) continue;  // the CPU has no IFMA
      std::vector<G1Affine> got(kCount);
      ASSERT_EQ(TryG1RunFromUncompressedFinite(bytes.data(), kCount, got.data(), lanes), want)
          << "trial " << trial << " fault at " << bad << " kernels " << k;
      for (size_t i = 0; i < want; ++i) ASSERT_EQ(got[i], want_points[i]) << trial << " " << i;
      if (lanes == nullptr) continue;
      // The eight-point step alone accepts exactly the groups without a fault (a valid group
      // refused would only be slow, unseen above).
      for (size_t g = 0; g + 8 <= kCount; g += 8) {
        G1Affine eight[8], single[8];
        bool want_ok = true;
        for (size_t i = 0; i < 8; ++i) {
          std::span<const uint8_t, kG1UncompressedBytes> b(&bytes[(g + i) * kG1UncompressedBytes],
                                                           kG1UncompressedBytes);
          want_ok = want_ok && TryG1FromUncompressedFinite(b, single[i]);
        }
        bool ok = TryG1EightFromUncompressedFinite(&bytes[g * kG1UncompressedBytes], eight, *lanes);
        ASSERT_EQ(ok, want_ok) << trial << " group " << g / 8 << " kernels " << k;
        for (size_t i = 0; ok && i < 8; ++i) ASSERT_EQ(eight[i], single[i]);
      }
    }
  }
}

}  // namespace
}  // namespace cuzk::ec
