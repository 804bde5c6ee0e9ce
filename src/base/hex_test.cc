// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "base/hex.h"

#include <gtest/gtest.h>

namespace cuzk {
namespace {

TEST(HexTest, RoundTripsAndAcceptsPrefixAndCase) {
  std::vector<uint8_t> bytes = {0x00, 0x7f, 0x80, 0xff, 0x1a};
  EXPECT_EQ(ToHex(bytes), "007f80ff1a");
  EXPECT_EQ(*FromHex("007f80ff1a"), bytes);
  EXPECT_EQ(*FromHex("0x007F80FF1A"), bytes);
  EXPECT_TRUE(FromHex("")->empty());
}

TEST(HexTest, RejectsOddLengthAndNonHexWithAMessage) {
  auto odd = FromHex("abc");
  ASSERT_FALSE(odd.ok());
  EXPECT_EQ(odd.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(odd.status().message().find("odd length"), std::string::npos);
  auto bad = FromHex("00zz");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("offset 2"), std::string::npos);
}

}  // namespace
}  // namespace cuzk
