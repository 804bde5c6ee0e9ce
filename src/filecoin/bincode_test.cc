// SPDX-License-Identifier: Apache-2.0 OR MIT
// The bincode reader's bounds: every truncation of a valid encoding is refused with an error that
// names the field (never a read past the end), and a Vec length larger than the remaining bytes
// allow is refused before anything is allocated. The round trips use our Writer, whose bytes Rust's
// own vanilla verifiers read in make xcheck.
#include "filecoin/bincode.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace cuzk::filecoin::bincode {
namespace {

Bytes32 RandomDomain(std::mt19937_64& rng) {
  Bytes32 d;
  for (auto& b : d) b = static_cast<uint8_t>(rng());
  return d;
}

// A base+sub MerkleProof of two base levels (7 siblings each, as for an 8-ary tree) and one sub
// level (1 sibling).
MerkleProof SubProof(std::mt19937_64& rng) {
  MerkleProof p;
  p.kind = MerkleProof::Kind::kSub;
  p.root = RandomDomain(rng);
  p.leaf = RandomDomain(rng);
  for (int level = 0; level < 2; ++level) {
    PathElement e;
    for (int i = 0; i < 7; ++i) e.hashes.push_back(RandomDomain(rng));
    e.index = static_cast<uint32_t>(rng() % 8);
    p.base.push_back(e);
  }
  p.sub.push_back({{RandomDomain(rng)}, 1});
  return p;
}

TEST(BincodeTest, ProofsAndDomainsRoundTrip) {
  std::mt19937_64 rng(7);
  MerkleProof proof = SubProof(rng);
  std::vector<Bytes32> domains = {RandomDomain(rng), RandomDomain(rng), RandomDomain(rng)};
  Writer w;
  w.Proof(proof);
  w.Domains(domains);
  w.U64(12345);
  std::vector<uint8_t> bytes = w.Take();

  Reader r(bytes, "test");
  MerkleProof read_proof;
  std::vector<Bytes32> read_domains;
  ASSERT_TRUE(r.Proof("proof", &read_proof).ok());
  ASSERT_TRUE(r.Domains("domains", &read_domains).ok());
  auto n = r.U64("n");
  ASSERT_TRUE(n.ok());
  EXPECT_TRUE(r.ExpectEnd().ok());
  EXPECT_EQ(*n, 12345u);
  EXPECT_EQ(read_domains, domains);
  EXPECT_EQ(read_proof.kind, proof.kind);
  EXPECT_EQ(read_proof.root, proof.root);
  EXPECT_EQ(read_proof.leaf, proof.leaf);
  ASSERT_EQ(read_proof.base.size(), 2u);
  EXPECT_EQ(read_proof.base[1].hashes, proof.base[1].hashes);
  EXPECT_EQ(read_proof.base[1].index, proof.base[1].index);
  ASSERT_EQ(read_proof.sub.size(), 1u);
  EXPECT_EQ(read_proof.sub[0].hashes, proof.sub[0].hashes);
}

// Each prefix of a valid encoding (copied into a buffer of exactly that size, so that
// AddressSanitizer sees any read past it) is refused, naming the field that was cut.
TEST(BincodeTest, EveryTruncationIsRefusedNamingTheField) {
  std::mt19937_64 rng(8);
  Writer w;
  w.Proof(SubProof(rng));
  w.Domains({RandomDomain(rng), RandomDomain(rng)});
  const std::vector<uint8_t> whole = w.Take();
  for (size_t size = 0; size < whole.size(); ++size) {
    std::vector<uint8_t> cut(whole.begin(), whole.begin() + static_cast<ptrdiff_t>(size));
    Reader r(cut, "test");
    MerkleProof proof;
    std::vector<Bytes32> domains;
    Status s = r.Proof("proof", &proof);
    if (s.ok()) s = r.Domains("domains", &domains);
    ASSERT_FALSE(s.ok()) << size << " of " << whole.size() << " bytes";
    EXPECT_EQ(s.message().rfind("test: ", 0), 0u) << s.message();
    bool names_a_field = s.message().find("proof") != std::string::npos ||
                         s.message().find("domains") != std::string::npos;
    EXPECT_TRUE(names_a_field) << s.message();
  }
}

// A Vec that declares more elements than its bytes could hold (a hostile 2^60) is refused by the
// length check itself, before the vector is sized; so is one short by a single element.
TEST(BincodeTest, AVecLongerThanItsBytesIsRefusedBeforeAllocation) {
  for (uint64_t declared : {uint64_t{1} << 60, uint64_t{3}}) {
    Writer w;
    w.U64(declared);
    w.Domain(Bytes32{});
    w.Domain(Bytes32{});
    std::vector<uint8_t> bytes = w.Take();
    Reader r(bytes, "test");
    std::vector<Bytes32> domains;
    Status s = r.Domains("domains", &domains);
    ASSERT_FALSE(s.ok()) << declared;
    EXPECT_NE(s.message().find("exceeds the remaining 64 bytes"), std::string::npos) << s.message();
    EXPECT_TRUE(domains.empty()) << declared;
  }
}

}  // namespace
}  // namespace cuzk::filecoin::bincode
