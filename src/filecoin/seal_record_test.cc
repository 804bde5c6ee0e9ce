// SPDX-License-Identifier: Apache-2.0 OR MIT
// The seal regression record reader on two lines of rust-fil-proofs' v16 records
// (testdata/seal_records) and on malformed variants.
#include "filecoin/seal_record.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace cuzk::filecoin {
namespace {

std::vector<std::string> V16Lines() {
  std::ifstream in(std::string(CUZK_TESTDATA_DIR) + "/seal_records/v16-2kib.jsonl");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(SealRecordTest, ReadsTheV16Records) {
  std::vector<std::string> lines = V16Lines();
  ASSERT_EQ(lines.size(), 2u);
  auto v1 = ParseSealRecord(lines[0]);
  ASSERT_TRUE(v1.ok()) << v1.status().ToString();
  EXPECT_EQ(v1->sector_size, 2048u);
  EXPECT_EQ(v1->partitions, 1u);
  EXPECT_EQ(v1->porep_id, Bytes32{});
  EXPECT_EQ(v1->api_version, ApiVersion::kV1_0_0);
  EXPECT_EQ(v1->feature, PoRepFeature::kInteractive);
  EXPECT_EQ(v1->sector_id, 9259733836259213201ULL);
  EXPECT_EQ(v1->comm_r[0], 165);
  EXPECT_EQ(v1->comm_r[31], 76);
  EXPECT_EQ(v1->proof.size(), 192u);
  EXPECT_EQ(v1->proof[0], 141);
  EXPECT_EQ(v1->proof[191], 2);
  auto rp = RecordProof(*v1);
  ASSERT_TRUE(rp.ok()) << rp.status().ToString();
  EXPECT_EQ(rp->shape.nodes, 64u);
  EXPECT_EQ(rp->api_version, ApiVersion::kV1_0_0);

  auto synthetic = ParseSealRecord(lines[1]);
  ASSERT_TRUE(synthetic.ok()) << synthetic.status().ToString();
  EXPECT_EQ(synthetic->feature, PoRepFeature::kSyntheticPoRep);
  EXPECT_EQ(synthetic->api_version, ApiVersion::kV1_2_0);
  EXPECT_EQ(synthetic->porep_id[0], 5);
  rp = RecordProof(*synthetic);
  ASSERT_TRUE(rp.ok());
  EXPECT_EQ(rp->feature, PoRepFeature::kSyntheticPoRep);
}

// Replaces the first occurrence of `from` in `s` by `to`.
std::string Replace(std::string s, const std::string& from, const std::string& to) {
  size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return s.replace(at, from.size(), to);
}

TEST(SealRecordTest, MalformedRecordsNameTheField) {
  std::string line = V16Lines().at(0);
  struct Case {
    std::string line, message;
  };
  std::vector<Case> cases = {
      {"not json", "not valid JSON"},
      {line.substr(0, line.size() / 2), "not valid JSON"},
      {Replace(line, "\"porep_id\":[0,", "\"porep_id\":["), "porep_config.porep_id: expected 32"},
      {Replace(line, "\"comm_r\":[165,", "\"comm_r\":[256,"), "comm_r: expected bytes"},
      {Replace(line, "\"V1_0_0\"", "\"V9\""), "unknown version"},
      {Replace(line, "\"api_features\":[]", "\"api_features\":[\"Fast\"]"), "unknown feature"},
      {Replace(line, "\"sector_id\":", "\"sector\":"), "sector_id: missing"},
      {Replace(line, "\"partitions\":1", "\"partitions\":0"), "porep_config.partitions"},
      {Replace(line, "\"seed\":", "\"sed\":"), "seed: missing"},
  };
  for (const Case& c : cases) {
    auto r = ParseSealRecord(c.line);
    ASSERT_FALSE(r.ok()) << c.message;
    EXPECT_NE(r.status().message().find(c.message), std::string::npos) << r.status().message();
  }
}

TEST(SealRecordTest, UnknownShapesAndPartitionCountsAreRefused) {
  auto record = ParseSealRecord(V16Lines().at(0));
  ASSERT_TRUE(record.ok());
  SealRecord odd = *record;
  odd.sector_size = 4096;  // rust-fil-proofs' 4KiB test size: no registered proof
  EXPECT_FALSE(RecordProof(odd).ok());
  odd = *record;
  odd.partitions = 2;
  auto rp = RecordProof(odd);
  ASSERT_FALSE(rp.ok());
  EXPECT_NE(rp.status().message().find("partitions"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::filecoin
