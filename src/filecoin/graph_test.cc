// SPDX-License-Identifier: Apache-2.0 OR MIT
// The parent graph against the digests of the published parent caches (storage-proofs-porep
// parent_cache.json, docs/filecoin.md §3.4) for 2KiB and 8MiB, V1 and V1_1, plus structural
// properties.
#include "filecoin/graph.h"

#include <gtest/gtest.h>

#include "base/hex.h"

namespace cuzk::filecoin {
namespace {

struct CacheCase {
  uint64_t proof_id;
  const char* prefix;
  const char* suffix;
};

TEST(GraphTest, ParentCacheDigestsMatchPublishedCaches) {
  for (CacheCase c : {CacheCase{0, "3da49221", "750d"}, CacheCase{5, "84005770", "5b97"},
                      CacheCase{1, "a76604f2", "02ce"}, CacheCase{6, "03cd1356", "ecab"}}) {
    auto proof = *SealProofById(c.proof_id);
    StackedGraph graph(proof.shape.nodes, PoRepId(c.proof_id), proof.api_version);
    std::string digest = ToHex(ParentCacheDigest(graph));
    EXPECT_EQ(digest.substr(0, 8), c.prefix) << proof.name << " " << digest;
    EXPECT_EQ(digest.substr(60), c.suffix) << proof.name << " " << digest;
  }
}

TEST(GraphTest, ParentsPrecedeTheNodeAndStayInRange) {
  StackedGraph graph(1 << 10, PoRepId(5), ApiVersion::kV1_1_0);
  std::array<uint32_t, kTotalParents> p;
  for (uint64_t node = 2; node < graph.nodes(); node += 37) {
    graph.Parents(node, p);
    EXPECT_EQ(p[0], node - 1);  // V1_1: predecessor first
    for (size_t i = 0; i < kBaseDegree; ++i) EXPECT_LT(p[i], node);
    for (size_t i = kBaseDegree; i < kTotalParents; ++i) EXPECT_LT(p[i], graph.nodes());
  }
  graph.Parents(1, p);
  for (size_t i = 0; i < kBaseDegree; ++i) EXPECT_EQ(p[i], 0u);
}

}  // namespace
}  // namespace cuzk::filecoin
