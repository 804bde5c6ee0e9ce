// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/commitment_cid.h"

#include <gtest/gtest.h>

#include "base/hex.h"

namespace cuzk::filecoin {
namespace {

Bytes32 FromHex32(const std::string& hex) {
  auto bytes = FromHex(hex);
  Bytes32 out{};
  if (bytes.ok() && bytes->size() == 32) std::copy(bytes->begin(), bytes->end(), out.begin());
  return out;
}

// Curio's lib/proof/testgolden: postpub.json names sector 1's SealedCID, and post.vproof (the
// bincode FallbackPoStSectorProof Lotus made for it) carries its comm_r at bytes 8..40.
constexpr const char* kGoldenSealedCid =
    "bagboea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl";
constexpr const char* kGoldenCommR =
    "df691086e3c673c95a45908713d4c5938e5ced43f21b888bd9bc6e181c9f326b";
// The same sector's commdr.txt (extern/cuzk/cuzk-project.md); its d: digest decoded by hand.
constexpr const char* kGoldenUnsealedCid =
    "baga6ea4seaqao7s73y24kcutaosvacpdjgfe5pw76ooefnyqw4ynr3d2y6x2mpq";
constexpr const char* kGoldenCommD =
    "077e5fde35c50a9303a55009e3498a4ebedff39c42b710b730d8ec7ac7afa63e";

TEST(CommitmentCidTest, GoldenSectorFromCurio) {
  auto r = CommitmentFromCid(kGoldenSealedCid, CommitmentKind::kSealed);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(ToHex(*r), kGoldenCommR);
  EXPECT_EQ(CommitmentToCid(*r, CommitmentKind::kSealed), kGoldenSealedCid);
  auto d = CommitmentFromCid(kGoldenUnsealedCid, CommitmentKind::kUnsealed);
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(ToHex(*d), kGoldenCommD);
  EXPECT_EQ(CommitmentToCid(*d, CommitmentKind::kUnsealed), kGoldenUnsealedCid);
}

TEST(CommitmentCidTest, CommDRLine) {
  std::string line = std::string("d:") + kGoldenUnsealedCid + " r:" + kGoldenSealedCid + "\n";
  auto dr = ParseCommDR(line);
  ASSERT_TRUE(dr.ok()) << dr.status().message();
  EXPECT_EQ(ToHex(dr->comm_d), kGoldenCommD);
  EXPECT_EQ(ToHex(dr->comm_r), kGoldenCommR);
  EXPECT_EQ(FormatCommDR(*dr), line);
  EXPECT_FALSE(ParseCommDR("single-item").ok());
  EXPECT_FALSE(ParseCommDR("x:foo y:bar").ok());
  EXPECT_FALSE(ParseCommDR(std::string("r:") + kGoldenSealedCid + " d:" + kGoldenUnsealedCid).ok());
}

TEST(CommitmentCidTest, RoundTripsAndRefusesOtherCids) {
  Bytes32 c = FromHex32("0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20");
  for (auto kind : {CommitmentKind::kSealed, CommitmentKind::kUnsealed}) {
    auto back = CommitmentFromCid(CommitmentToCid(c, kind), kind);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, c);
  }
  // A sealed CID is not an unsealed one, and the reverse.
  auto wrong = CommitmentFromCid(kGoldenSealedCid, CommitmentKind::kUnsealed);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.status().message().find("0xf102"), std::string::npos);
  EXPECT_FALSE(CommitmentFromCid(kGoldenUnsealedCid, CommitmentKind::kSealed).ok());
  // Upper case, another multibase, a truncated digest, a stray character.
  std::string s = kGoldenSealedCid;
  EXPECT_FALSE(CommitmentFromCid("B" + s.substr(1), CommitmentKind::kSealed).ok());
  EXPECT_FALSE(CommitmentFromCid("z" + s.substr(1), CommitmentKind::kSealed).ok());
  EXPECT_FALSE(CommitmentFromCid(s.substr(0, s.size() - 4), CommitmentKind::kSealed).ok());
  EXPECT_FALSE(
      CommitmentFromCid(s.substr(0, 10) + "1" + s.substr(11), CommitmentKind::kSealed).ok());
  EXPECT_FALSE(CommitmentFromCid("", CommitmentKind::kSealed).ok());
}

}  // namespace
}  // namespace cuzk::filecoin
