// SPDX-License-Identifier: Apache-2.0 OR MIT
// The engine's reference digests are bellperson's own (testdata/rust-fil-proofs-19.1/digests*.txt)
// line for line, and name every circuit the engine proves but the 64GiB ones.
#include "engine/kinds/reference_digests.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "engine/kinds/proof_kind.h"

namespace cuzk::engine {
namespace {

// Returns each non-comment line's name (everything before the constraint count) and digest (its
// last column).
std::map<std::string, std::string> ReadDigestFile(const std::string& path) {
  std::map<std::string, std::string> out;
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string name, word, digest;
    while (words >> word) {
      if (!word.empty() && std::isdigit(static_cast<unsigned char>(word[0]))) break;
      name += (name.empty() ? "" : " ") + word;
    }
    while (words >> word) digest = word;
    out[name] = digest;
  }
  return out;
}

TEST(ReferenceDigestsTest, AreTheRustStacksOwnLineForLine) {
  const std::string dir = CUZK_SOURCE_DIR "/testdata/rust-fil-proofs-19.1/";
  auto rust = ReadDigestFile(dir + "digests.txt");
  auto more = ReadDigestFile(dir + "digests-8MiB-512MiB.txt");
  rust.insert(more.begin(), more.end());
  ASSERT_EQ(rust.size(), ReferenceDigests().size());
  for (const ReferenceDigest& d : ReferenceDigests()) {
    SCOPED_TRACE(std::string(d.circuit_id));
    auto it = rust.find(std::string(d.rust_name));
    ASSERT_NE(it, rust.end()) << d.rust_name;
    EXPECT_EQ(it->second, d.digest);
    EXPECT_EQ(ReferenceDigestOf(d.circuit_id), d.digest);
  }
}

TEST(ReferenceDigestsTest, NameEveryCircuitButTheSixtyFourGiBOnes) {
  size_t known = 0;
  for (const ProofKindDescriptor* kind : ProofKindTable()) {
    for (const CircuitInfo& c : kind->Circuits()) {
      SCOPED_TRACE(c.id);
      bool big = c.sector_bytes == uint64_t{64} << 30;
      EXPECT_EQ(ReferenceDigestOf(c.id).empty(), big);
      known += !big;
    }
  }
  EXPECT_EQ(known, ReferenceDigests().size());
  EXPECT_TRUE(ReferenceDigestOf("porep-64g").empty());
}

}  // namespace
}  // namespace cuzk::engine
