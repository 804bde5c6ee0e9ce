// SPDX-License-Identifier: Apache-2.0 OR MIT
// The sealer against Filecoin's known zero-sector commitments, and its trees, labels and C1
// against slow recomputations from the definitions.
#include "sealer/sealer.h"

#include <gtest/gtest.h>

#include <random>

#include "base/hex.h"
#include "hash/poseidon.h"
#include "hash/sha256.h"
#include "sealer/labels.h"

namespace cuzk::sealer {
namespace {

// Zero-piece commitments (lotus zerocomm, the unsealed CIDs of empty sectors): the root of tree
// D over an all-zero sector of 2KiB, 8MiB and 512MiB.
constexpr const char* kZeroCommD2KiB =
    "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833";
constexpr const char* kZeroCommD8MiB =
    "65f29e5d98d246c38b388cfc06db1f6b021303c5a289000bdce832a9c3ec421c";
constexpr const char* kZeroCommD512MiB =
    "39560e7b13a93b07a243fd2720ffa7cb3e1d2e505ab3629e79f46313512cda06";

std::string ZeroCommD(uint64_t nodes) {
  auto tree = Sha256Tree::Build(std::vector<Bytes32>(nodes, Bytes32{}));
  EXPECT_TRUE(tree.ok());
  return ToHex(tree->Root());
}

TEST(SealerTest, ZeroSectorCommDMatchesFilecoin) {
  EXPECT_EQ(ZeroCommD(64), kZeroCommD2KiB);
  EXPECT_EQ(ZeroCommD(uint64_t{1} << 18), kZeroCommD8MiB);
}

TEST(SealerSlowTest, ZeroSectorCommDMatchesFilecoin512MiB) {
  EXPECT_EQ(ZeroCommD(uint64_t{1} << 24), kZeroCommD512MiB);
}

TEST(SealerTest, TreeRejectsNonPowerOfTwo) {
  EXPECT_FALSE(Sha256Tree::Build(std::vector<Bytes32>(3)).ok());
  EXPECT_FALSE(PoseidonTree::Build(std::vector<Fr>(10), {8}).ok());
}

// Walks a C1 Poseidon proof up to its root with the reference Poseidon.
Fr PoseidonRootFromProof(const filecoin::MerkleProof& proof) {
  Fr current = *Fr::FromBytesLE(proof.leaf);
  for (const filecoin::PathElement* level : proof.Levels()) {
    std::vector<Fr> children;
    size_t h = 0;
    for (size_t k = 0; k <= level->hashes.size(); ++k) {
      children.push_back(k == level->index ? current : *Fr::FromBytesLE(level->hashes[h++]));
    }
    current = *hash::PoseidonHash(children);
  }
  return current;
}

TEST(SealerTest, PoseidonProofsWalkToTheRoot) {
  std::mt19937_64 rng(5);
  std::vector<Fr> leaves(64 * 8 * 2);
  for (Fr& x : leaves) x = Fr::Random(rng);
  auto tree = PoseidonTree::Build(leaves, {8, 8, 8, 2});
  ASSERT_TRUE(tree.ok());
  for (uint64_t index : {0ul, 1ul, 77ul, 1023ul}) {
    auto proof = tree->Proof(index, filecoin::MerkleProof::Kind::kTop);
    EXPECT_EQ(proof.base.size(), 2u);
    EXPECT_EQ(proof.sub.size(), 1u);
    EXPECT_EQ(proof.top.size(), 1u);
    EXPECT_EQ(proof.NodeIndex(), index);
    EXPECT_EQ(PoseidonRootFromProof(proof), tree->Root());
  }
}

TEST(SealerTest, Sha256ProofsWalkToTheRoot) {
  auto tree = Sha256Tree::Build(RandomSectorData(64, 3));
  ASSERT_TRUE(tree.ok());
  for (uint64_t index : {0ul, 5ul, 63ul}) {
    auto proof = tree->Proof(index);
    Bytes32 current = proof.leaf;
    for (const auto& level : proof.base) {
      current =
          level.index ? Sha256Node(level.hashes[0], current) : Sha256Node(current, level.hashes[0]);
    }
    EXPECT_EQ(current, tree->Root());
    EXPECT_EQ(proof.NodeIndex(), index);
  }
}

TEST(SealerTest, Fr32PadPlacesBitsAt254PerNode) {
  std::string raw(127, '\xff');
  auto nodes = Fr32Pad(raw, 4);
  ASSERT_TRUE(nodes.ok());
  // 1016 input bits: nodes 0-3 take 254 each, the last gets 254 (1016 = 4 * 254).
  for (int n = 0; n < 4; ++n) {
    for (int i = 0; i < 31; ++i) EXPECT_EQ((*nodes)[n][i], 0xff);
    EXPECT_EQ((*nodes)[n][31], 0x3f);
  }
  EXPECT_FALSE(Fr32Pad(std::string(128, 'x'), 4).ok());
  // A single set bit 254 lands in node 1 bit 0.
  std::string one(32, '\0');
  one[31] = 0x40;
  auto shifted = Fr32Pad(one, 2);
  ASSERT_TRUE(shifted.ok());
  EXPECT_EQ((*shifted)[1][0], 1);
  EXPECT_EQ((*shifted)[0][31], 0);
}

// Label of one node recomputed from the definition (docs/filecoin.md §4.8), parents from the graph
// directly.
Bytes32 ReferenceLabel(const filecoin::StackedGraph& graph, const Fr& replica_id, uint32_t layer,
                       uint64_t node, const std::vector<std::vector<Bytes32>>& labels) {
  std::vector<uint8_t> message;
  Bytes32 id = replica_id.ToBytesLE();
  message.insert(message.end(), id.begin(), id.end());
  for (int i = 3; i >= 0; --i) message.push_back(static_cast<uint8_t>(layer >> (8 * i)));
  for (int i = 7; i >= 0; --i) message.push_back(static_cast<uint8_t>(node >> (8 * i)));
  message.resize(64, 0);
  if (node > 0) {
    std::array<uint32_t, 14> parents;
    graph.Parents(node, parents);
    std::vector<Bytes32> distinct;
    for (int k = 0; k < 6; ++k) distinct.push_back(labels[layer - 1][parents[k]]);
    if (layer > 1) {
      for (int k = 6; k < 14; ++k) distinct.push_back(labels[layer - 2][parents[k]]);
    }
    for (size_t i = 0; i < 37; ++i) {
      const Bytes32& p = distinct[i % distinct.size()];
      message.insert(message.end(), p.begin(), p.end());
    }
  }
  return hash::TruncateTo254Bits(hash::Sha256(message));
}

SealIdentity TestIdentity(uint64_t proof_id) {
  SealIdentity id;
  id.registered_proof = proof_id;
  id.prover_id[0] = 0x81;  // LEB128 of actor 1025 is 0x81 0x08
  id.prover_id[1] = 0x08;
  id.sector_id = 7;
  for (size_t i = 0; i < 32; ++i) id.ticket[i] = static_cast<uint8_t>(i * 3 + 1);
  id.ticket[31] &= 0x3f;
  return id;
}

TEST(SealerTest, LabelsMatchTheDefinition) {
  auto sector = Seal(TestIdentity(5), RandomSectorData(64, 9));
  ASSERT_TRUE(sector.ok()) << sector.status().message();
  filecoin::StackedGraph graph(64, filecoin::PoRepId(5), filecoin::ApiVersion::kV1_1_0);
  for (uint32_t layer = 1; layer <= 2; ++layer) {
    for (uint64_t node = 0; node < 64; ++node) {
      ASSERT_EQ(sector->labels[layer - 1][node],
                ReferenceLabel(graph, sector->replica_id, layer, node, sector->labels))
          << "layer " << layer << " node " << node;
    }
  }
}

TEST(SealerTest, CommRIsPoseidonOfCommCAndCommRLast) {
  auto data = RandomSectorData(64, 11);
  auto sector = Seal(TestIdentity(0), data);
  ASSERT_TRUE(sector.ok());
  // Recompute tree R_last's leaves: label_2 + data.
  for (uint64_t node : {0ul, 1ul, 63ul}) {
    EXPECT_EQ(sector->tree_r_last.Leaf(node),
              *Fr::FromBytesLE(sector->labels[1][node]) + *Fr::FromBytesLE(data[node]));
    Fr column[] = {*Fr::FromBytesLE(sector->labels[0][node]),
                   *Fr::FromBytesLE(sector->labels[1][node])};
    EXPECT_EQ(sector->tree_c.Leaf(node), *hash::PoseidonHash(column));
  }
  Fr pair[] = {sector->tree_c.Root(), sector->tree_r_last.Root()};
  EXPECT_EQ(sector->comm_r, *hash::PoseidonHash(pair));
}

TEST(SealerTest, SealIsDeterministicAndDependsOnTheTicket) {
  auto a = Seal(TestIdentity(5), RandomSectorData(64, 1));
  auto b = Seal(TestIdentity(5), RandomSectorData(64, 1));
  SealIdentity other = TestIdentity(5);
  other.ticket[0] ^= 1;
  auto c = Seal(other, RandomSectorData(64, 1));
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(a->comm_r, b->comm_r);
  EXPECT_NE(a->comm_r, c->comm_r);
  EXPECT_EQ(a->comm_d(), c->comm_d());
}

TEST(SealerTest, RejectsWrongDataSize) {
  auto sector = Seal(TestIdentity(0), RandomSectorData(32, 1));
  ASSERT_FALSE(sector.ok());
  EXPECT_NE(sector.status().message().find("needs 64"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::sealer
