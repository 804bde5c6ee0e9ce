// SPDX-License-Identifier: Apache-2.0 OR MIT
// The registry against docs/filecoin.md §1.1-1.2 and the parameter cache ids against
// docs/filecoin.md §7.1 (the hashes rust-fil-proofs names the published parameter files with).
#include "filecoin/registered_proof.h"

#include <gtest/gtest.h>

#include <set>

#include "base/hex.h"

namespace cuzk::filecoin {
namespace {

TEST(RegistryTest, IdsNamesAndShapesFollowTheProofsApi) {
  auto p = *SealProofById(8);
  EXPECT_EQ(p.name, "StackedDrg32GiBV1_1");
  EXPECT_EQ(p.api_version, ApiVersion::kV1_1_0);
  EXPECT_EQ(p.partitions, 10u);
  EXPECT_EQ(p.shape.nodes, uint64_t{1} << 30);
  EXPECT_EQ(p.shape.layers, 11u);
  EXPECT_EQ(p.shape.challenges_per_partition, 18u);
  EXPECT_EQ(SealProofById(13)->name, "StackedDrg32GiBV1_1_Feat_SyntheticPoRep");
  EXPECT_EQ(SealProofById(13)->api_version, ApiVersion::kV1_2_0);
  auto ni = *SealProofById(18);
  EXPECT_EQ(ni.name, "StackedDrg32GiBV1_2_Feat_NonInteractivePoRep");
  EXPECT_EQ(ni.partitions, 126u);
  EXPECT_EQ(ni.shape.challenges_per_partition, 18u);
  auto small = *SealProofById(0);
  EXPECT_EQ(small.name, "StackedDrg2KiBV1");
  EXPECT_EQ(small.shape.nodes, 64u);
  EXPECT_EQ(small.shape.challenges_per_partition, 2u);
  EXPECT_EQ(SealProofById(15)->partitions, 13u);
  EXPECT_EQ(SealProofById(9)->shape.top_arity, 2u);
  EXPECT_EQ(SealProofByName("StackedDrg512MiBV1_1")->id, 7u);
  EXPECT_FALSE(SealProofById(20).ok());
  EXPECT_NE(SealProofByName("StackedDrg1TiBV1").status().message().find("unknown"),
            std::string::npos);
}

TEST(RegistryTest, PoRepIdIsTheLittleEndianIdPaddedToThirtyTwoBytes) {
  EXPECT_EQ(ToHex(PoRepId(8)), "08" + std::string(62, '0'));
  EXPECT_EQ(ToHex(PoRepId(0x0102)), "0201" + std::string(60, '0'));
}

TEST(ParamsNamingTest, CacheIdsMatchThePublishedParameterFiles) {
  const char* want[5] = {
      "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f",  // 2KiB
      "ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb",  // 8MiB
      "6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472",  // 512MiB
      "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820",  // 32GiB
      "96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2",  // 64GiB
  };
  std::set<std::string> distinct;
  for (uint64_t id = 0; id < 20; ++id) {
    auto p = *SealProofById(id);
    std::string id_str = ParamsCacheId(p.shape);
    EXPECT_EQ(id_str.substr(id_str.size() - 64), want[id % 5]) << p.name;
    distinct.insert(ParamsFileName(p.shape, "params"));
  }
  EXPECT_EQ(distinct.size(), 5u);  // V1, V1_1, Synthetic and NI of one size share parameters
  EXPECT_EQ(ParamsFileName(SealProofById(8)->shape, "params"),
            "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
            "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820.params");
}

}  // namespace
}  // namespace cuzk::filecoin
