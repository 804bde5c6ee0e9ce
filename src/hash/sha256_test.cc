// SPDX-License-Identifier: Apache-2.0 OR MIT
// SHA-256 against the FIPS 180-2 example vectors, and the 254-bit truncation into Fr.
#include "hash/sha256.h"

#include <gtest/gtest.h>

#include <string>

#include "base/hex.h"

namespace cuzk::hash {
namespace {

std::string HexOf(const std::string& message) {
  return ToHex(Sha256(std::span(reinterpret_cast<const uint8_t*>(message.data()), message.size())));
}

TEST(Sha256Test, MatchesFips180Examples) {
  EXPECT_EQ(HexOf(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(HexOf("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(HexOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(HexOf(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256Test, TruncationKeepsTheLow254Bits) {
  Digest all_ones;
  all_ones.fill(0xff);
  Digest t = TruncateTo254Bits(all_ones);
  EXPECT_EQ(t[31], 0x3f);
  EXPECT_EQ(t[0], 0xff);
  ff::Fr f = DigestToField(all_ones);
  EXPECT_EQ(ToHex(f.ToBytesLE()), ToHex(t));
  EXPECT_EQ(f + ff::Fr::One(), ff::Fr::FromUint64(2).Pow(ff::Limbs<1>{254}));  // 2^254 - 1 + 1
}

}  // namespace
}  // namespace cuzk::hash
