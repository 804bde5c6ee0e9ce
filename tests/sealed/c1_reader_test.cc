// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C1 reader and writer on C1s the sealer wrote: byte-exact round trips in both forms, and a
// clear error naming the JSON path for each kind of malformed input.
#include <gtest/gtest.h>

#include "filecoin/c1.h"
#include "support/sealed_c1.h"

namespace cuzk::filecoin {
namespace {

std::string SealedC1Json(uint64_t proof_id) { return WriteC1Json(testing::SealedTestC1(proof_id)); }

const std::string& C1Json() {
  static const std::string json = SealedC1Json(5);  // StackedDrg2KiBV1_1
  return json;
}

// Replaces the first occurrence of `from` in `text` (which must be present).
std::string Replace(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

void ExpectError(const std::string& json, const std::string& fragment) {
  auto c1 = ParseC1(json);
  ASSERT_FALSE(c1.ok()) << "accepted input that should fail with: " << fragment;
  EXPECT_NE(c1.status().message().find(fragment), std::string::npos) << c1.status().message();
}

TEST(C1Test, RoundTripsByteForByte) {
  auto c1 = ParseC1(C1Json());
  ASSERT_TRUE(c1.ok()) << c1.status().message();
  EXPECT_EQ(c1->registered_proof.name, "StackedDrg2KiBV1_1");
  EXPECT_EQ(c1->vanilla_proofs.size(), 1u);
  EXPECT_EQ(c1->vanilla_proofs[0].size(), 2u);
  EXPECT_EQ(WriteC1Json(*c1), C1Json());
  // The serde shape: V1 variant name for every version, "_h": null in columns, Single proofs.
  EXPECT_NE(C1Json().find("\"vanilla_proofs\":{\"StackedDrg2KiBV1\":[[{\"comm_d_proofs\":"),
            std::string::npos);
  EXPECT_NE(C1Json().find(",\"_h\":null},\"inclusion_proof\":{\"data\":{\"Single\":{\"root\":"),
            std::string::npos);
}

TEST(C1Test, ParsesCuriosWrapper) {
  C1Envelope envelope;
  std::string wrapped = WrapC1ForCurio(C1Json(), 42, 2048);
  auto c1 = ParseC1(wrapped, &envelope);
  ASSERT_TRUE(c1.ok()) << c1.status().message();
  EXPECT_TRUE(envelope.wrapped);
  EXPECT_EQ(envelope.sector_num, 42);
  EXPECT_EQ(envelope.sector_size, 2048u);
  EXPECT_EQ(WriteC1Json(*c1), C1Json());
}

TEST(C1Test, WrapperErrors) {
  ExpectError(WrapC1ForCurio(C1Json(), 42, 4096), "SectorSize 4096 does not match");
  ExpectError(R"({"SectorNum":1,"Phase1Out":"!!!!","SectorSize":2048})", "Phase1Out");
  ExpectError(R"({"SectorNum":1,"Phase1Out":"e30=","SectorSize":2048})",
              "Phase1Out: C1 top level: missing key \"registered_proof\"");
  ExpectError(R"({"Phase1Out":"e30=","SectorSize":2048})", "SectorNum");
}

TEST(C1Test, RejectsMalformedJson) {
  ExpectError(C1Json().substr(0, C1Json().size() / 2), "not valid JSON");
  ExpectError("[]", "C1 must be a JSON object; this is an array");
  // Scalars and a byte-order mark once got simdjson's advice to its programmer ("Use get_bool()").
  ExpectError("5", "C1 must be a JSON object; this is a number");
  ExpectError("\"C1\"", "C1 must be a JSON object; this is a string");
  ExpectError("true", "C1 must be a JSON object; this is a boolean");
  ExpectError("null", "C1 must be a JSON object; this is null");
  ExpectError("\xEF\xBB\xBF" + C1Json(),
              "C1 must be a JSON object; it starts with a UTF-8 byte-order mark");
  ExpectError("", "not valid JSON");
}

TEST(C1Test, RejectsWrongRegisteredProof) {
  ExpectError(Replace(C1Json(), "StackedDrg2KiBV1_1", "StackedDrg3KiBV1_1"),
              "C1 registered_proof: unknown registered seal proof");
  // A 32GiB proof with 2KiB vanilla proofs.
  ExpectError(Replace(C1Json(), "\"StackedDrg2KiBV1_1\"", "\"StackedDrg32GiBV1_1\""),
              "key \"StackedDrg2KiBV1\" does not match registered_proof StackedDrg32GiBV1_1");
}

TEST(C1Test, RejectsWrongCounts) {
  // Drop the second challenge proof of partition 0.
  std::string json = C1Json();
  size_t second = json.find(",{\"comm_d_proofs\"");
  size_t end = json.find("]]},\"comm_r\"");
  ASSERT_NE(second, std::string::npos);
  json.erase(second, end - second);
  ExpectError(json, "vanilla_proofs.StackedDrg2KiBV1[0]: has 1 challenge proofs, expected 2");
  // Three partitions where the proof has one.
  std::string parts = C1Json();
  size_t open = parts.find("[[");
  size_t close = parts.find("]]},\"comm_r\"");
  std::string partition = parts.substr(open + 1, close - open);
  parts.insert(close + 1, "," + partition + "," + partition);
  ExpectError(parts, "has 3 partitions, StackedDrg2KiBV1_1 has 1");
}

TEST(C1Test, RejectsBadValues) {
  ExpectError(Replace(C1Json(), "\"comm_r\":[", "\"comm_r\":[256,"), "C1 comm_r: byte 0 is not");
  ExpectError(Replace(C1Json(), "\"seed\":[", "\"seed\":[1,"), "C1 seed: more than 32 bytes");
  std::string zero = "[0";
  for (int i = 1; i < 32; ++i) zero += ",0";
  zero += "]";
  std::string json = C1Json();
  const std::string comm_d_key = "\"comm_d\":";
  size_t at = json.find(comm_d_key) + comm_d_key.size();
  json.replace(at, json.find(']', at) - at + 1, zero);
  ExpectError(json, "C1 comm_d: is all zero");
  // A root >= r (all 0xff) in the first tree R proof.
  std::string ff = "[255";
  for (int i = 1; i < 32; ++i) ff += ",255";
  ff += "]";
  std::string big = C1Json();
  const std::string root_key = "\"comm_r_last_proof\":{\"data\":{\"Single\":{\"root\":";
  size_t root = big.find(root_key) + root_key.size();
  big.replace(root, big.find(']', root) - root + 1, ff);
  ExpectError(big, "vanilla_proofs.StackedDrg2KiBV1[0][0].comm_r_last_proof: root or leaf is not");
}

TEST(C1Test, RejectsWrongPaths) {
  // A tree R path index that does not prove the challenge.
  std::string json = C1Json();
  size_t at = json.find("\"comm_r_last_proof\"");
  size_t index = json.find("\"index\":", at) + 8;
  json[index] = json[index] == '7' ? '6' : '7';
  ExpectError(json, "comm_r_last_proof: proves node");
  // A level with 8 siblings where arity 8 allows 7.
  std::string extra = C1Json();
  size_t hashes = extra.find("\"hashes\":[", extra.find("\"comm_r_last_proof\"")) + 10;
  extra.insert(hashes, extra.substr(hashes, extra.find(']', hashes) - hashes + 1) + ",");
  ExpectError(extra, "level 0 has 8 siblings");
}

TEST(C1Test, RejectsMissingKeys) {
  ExpectError(Replace(C1Json(), "\"encoding_proof\"", "\"encoding_proofs\""),
              "vanilla_proofs.StackedDrg2KiBV1[0][0]: missing key \"encoding_proof\"");
  ExpectError(Replace(C1Json(), "\"Single\"", "\"Double\""),
              "comm_d_proofs.data: unknown proof kind \"Double\"");
}

TEST(C1Test, ReadC1FileNamesTheFile) {
  auto c1 = ReadC1File("/nonexistent/c1.json");
  ASSERT_FALSE(c1.ok());
  EXPECT_NE(c1.status().message().find("/nonexistent/c1.json"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::filecoin
