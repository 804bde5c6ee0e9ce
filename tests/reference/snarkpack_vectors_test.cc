// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack against bellperson's own aggregates (testdata/rust-fil-proofs-19.1, README there):
// filecoin-proofs' aggregate_seal_commit_proofs with the fake SRS of snarkpack-2KiB (bellperson
// setup_fake_srs, ChaCha20 seed 11, size 256) is deterministic, so our aggregator must give the
// same bytes: two interactive 2KiB PoRep proofs (snarkpack-2KiB/aggregate.bin), and a 2KiB
// NI-PoRep sector's 13 partition proofs padded to 16 (ni-porep-2KiB/aggregate.bin).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "filecoin/c1.h"
#include "groth16/params_io.h"
#include "snarkpack/aggregate_proof.h"
#include "snarkpack/seal_aggregate.h"

namespace cuzk::snarkpack {
namespace {

namespace fs = std::filesystem;

const fs::path kVectors = fs::path(CUZK_TESTDATA_DIR) / "rust-fil-proofs-19.1";

std::vector<uint8_t> ReadBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "missing " << path;
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
}

filecoin::C1Output ReadC1(const fs::path& path) {
  std::vector<uint8_t> bytes = ReadBytes(path);
  auto c1 = filecoin::ParseC1(
      std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  EXPECT_TRUE(c1.ok()) << path << ": " << c1.status().message();
  return c1.ok() ? *c1 : filecoin::C1Output{};
}

std::vector<groth16::Proof> ReadProofs(const fs::path& path) {
  std::vector<uint8_t> bytes = ReadBytes(path);
  std::vector<groth16::Proof> proofs;
  for (size_t at = 0; at + groth16::kProofBytes <= bytes.size(); at += groth16::kProofBytes) {
    auto p = groth16::ParseProof(std::span(bytes).subspan(at, groth16::kProofBytes));
    EXPECT_TRUE(p.ok()) << path << " proof " << at / groth16::kProofBytes;
    if (p.ok()) proofs.push_back(*p);
  }
  return proofs;
}

GenericSrs FakeSrs() {
  auto srs = ReadSrs((kVectors / "snarkpack-2KiB" / "fake-srs-seed11-size256.srs").string());
  EXPECT_TRUE(srs.ok()) << srs.status().message();
  return srs.ok() ? *srs : GenericSrs{};
}

TEST(SnarkPackVectorsTest, FakeSrsReadsAsBellpersonWroteIt) {
  GenericSrs srs = FakeSrs();
  // setup_fake_srs(size 256) writes 2 x 256 powers of each; the first is each group's generator.
  EXPECT_EQ(srs.g_alpha_powers.size(), 512u);
  EXPECT_EQ(srs.h_beta_powers.size(), 512u);
  EXPECT_TRUE(srs.g_alpha_powers[0] == ec::G1::Generator().ToAffine());
  EXPECT_TRUE(srs.h_alpha_powers[0] == ec::G2::Generator().ToAffine());
  // A truncated file is refused, naming where it ends.
  std::vector<uint8_t> bytes =
      ReadBytes(kVectors / "snarkpack-2KiB" / "fake-srs-seed11-size256.srs");
  auto cut = ParseSrs(std::span(bytes).first(bytes.size() - 1));
  ASSERT_FALSE(cut.ok());
  EXPECT_NE(cut.status().message().find("h_beta_powers"), std::string::npos);
}

TEST(SnarkPackVectorsTest, TwoInteractiveProofsGiveBellpersonsBytes) {
  filecoin::C1Output s1 = ReadC1(kVectors / "porep-2KiB" / "c1.json");
  filecoin::C1Output s2 = ReadC1(kVectors / "snarkpack-2KiB" / "c1-sector2.json");
  std::vector<groth16::Proof> proofs =
      ReadProofs(kVectors / "snarkpack-2KiB" / "proof-sector1.bin");
  std::vector<groth16::Proof> second =
      ReadProofs(kVectors / "snarkpack-2KiB" / "proof-sector2.bin");
  proofs.insert(proofs.end(), second.begin(), second.end());
  ASSERT_EQ(proofs.size(), 2u);
  const Bytes32 comm_rs[] = {s1.comm_r, s2.comm_r};
  const Bytes32 seeds[] = {s1.seed, s2.seed};
  auto ours = AggregateSealProofs(FakeSrs(), proofs, comm_rs, seeds, /*non_interactive=*/false);
  ASSERT_TRUE(ours.ok()) << ours.status().message();
  std::vector<uint8_t> rust = ReadBytes(kVectors / "snarkpack-2KiB" / "aggregate.bin");
  ASSERT_EQ(ours->size(), rust.size());
  size_t first_diff = 0;
  while (first_diff < rust.size() && (*ours)[first_diff] == rust[first_diff]) ++first_diff;
  EXPECT_EQ(first_diff, rust.size()) << "first differing byte";
  auto parsed = ParseAggregateProof(rust);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(SerializeAggregateProof(*parsed), rust);
}

TEST(SnarkPackVectorsTest, NonInteractiveSectorGivesBellpersonsBytes) {
  filecoin::C1Output c1 = ReadC1(kVectors / "ni-porep-2KiB" / "c1.json");
  std::vector<groth16::Proof> proofs =
      ReadProofs(kVectors / "ni-porep-2KiB" / "partition-proofs.bin");
  ASSERT_EQ(proofs.size(), 13u);
  const Bytes32 comm_rs[] = {c1.comm_r};
  auto ours = AggregateSealProofs(FakeSrs(), proofs, comm_rs, {}, /*non_interactive=*/true);
  ASSERT_TRUE(ours.ok()) << ours.status().message();
  std::vector<uint8_t> rust = ReadBytes(kVectors / "ni-porep-2KiB" / "aggregate.bin");
  ASSERT_EQ(ours->size(), rust.size());
  size_t first_diff = 0;
  while (first_diff < rust.size() && (*ours)[first_diff] == rust[first_diff]) ++first_diff;
  EXPECT_EQ(first_diff, rust.size()) << "first differing byte";
}

}  // namespace
}  // namespace cuzk::snarkpack
