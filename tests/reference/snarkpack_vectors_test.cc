// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack against bellperson's own aggregates (testdata/rust-fil-proofs-19.1, README there):
// filecoin-proofs' aggregate_seal_commit_proofs with the fake SRS of snarkpack-2KiB (bellperson
// setup_fake_srs, ChaCha20 seed 11, size 256) is deterministic, so our aggregator must give the
// same bytes: two interactive 2KiB PoRep proofs (snarkpack-2KiB/aggregate.bin), and a 2KiB
// NI-PoRep sector's 13 partition proofs padded to 16 (ni-porep-2KiB/aggregate.bin). Our verifier
// accepts both with the public inputs Rust computed, and refuses each with one flipped byte, one
// changed public input, or another comm_r.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/hex.h"
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

// public-inputs.txt: 0x big-endian lines, `per_proof` to a proof.
std::vector<std::vector<ff::Fr>> ReadInputs(const fs::path& path, size_t per_proof) {
  std::ifstream in(path);
  std::vector<std::vector<ff::Fr>> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    auto bytes = FromHex(line);
    auto x = bytes.ok() ? ff::Fr::FromBytesBE(*bytes) : Result<ff::Fr>(bytes.status());
    EXPECT_TRUE(x.ok()) << line;
    if (out.empty() || out.back().size() == per_proof) out.emplace_back();
    out.back().push_back(x.ok() ? *x : ff::Fr::Zero());
  }
  return out;
}

groth16::VerifyingKey PoRepKey() {
  auto vk = groth16::ReadVerifyingKey((kVectors / "porep-2KiB" / "cuzk-test-key.vk").string());
  EXPECT_TRUE(vk.ok()) << vk.status().message();
  return vk.ok() ? *vk : groth16::VerifyingKey{};
}

// Our verifier accepts `aggregate` and refuses it tampered with.
void ExpectVerifiesAndTamperingIsRefused(const GenericSrs& srs,
                                         const std::vector<uint8_t>& aggregate,
                                         const std::vector<std::vector<ff::Fr>>& inputs,
                                         std::span<const Bytes32> comm_rs,
                                         std::span<const Bytes32> seeds, bool ni) {
  const groth16::VerifyingKey vk = PoRepKey();
  Status ok = VerifySealAggregate(srs, vk, aggregate, inputs, comm_rs, seeds, ni);
  EXPECT_TRUE(ok.ok()) << ok.message();
  // One byte flipped: in com_ab (a GT element), agg_c, the GIPA rounds, the last opening.
  for (size_t at :
       {size_t{10}, size_t{5 * 288 + 20}, size_t{5 * 288 + 48 + 4 + 300}, aggregate.size() - 20}) {
    std::vector<uint8_t> flipped = aggregate;
    flipped[at] ^= 0x01;
    EXPECT_FALSE(VerifySealAggregate(srs, vk, flipped, inputs, comm_rs, seeds, ni).ok())
        << "byte " << at;
  }
  // Only the first proof's inputs: padded to 2 they miss the second proof's (two sectors), or
  // pad to fewer proofs than the aggregate holds (NI).
  std::vector<std::vector<ff::Fr>> first_only(inputs.begin(), inputs.begin() + 1);
  EXPECT_FALSE(VerifySealAggregate(srs, vk, aggregate, first_only, comm_rs, seeds, ni).ok());
  std::vector<std::vector<ff::Fr>> changed = inputs;
  changed.back()[3] += ff::Fr::One();
  EXPECT_FALSE(VerifySealAggregate(srs, vk, aggregate, changed, comm_rs, seeds, ni).ok());
  std::vector<Bytes32> other(comm_rs.begin(), comm_rs.end());
  other[0][0] ^= 1;
  Status wrong_comm_r = VerifySealAggregate(srs, vk, aggregate, inputs, other, seeds, ni);
  EXPECT_FALSE(wrong_comm_r.ok());
}

// Our aggregate equals bellperson's, byte for byte (the first difference is named).
void ExpectSameBytes(const std::vector<uint8_t>& ours, const std::vector<uint8_t>& rust) {
  ASSERT_EQ(ours.size(), rust.size());
  size_t first_diff = 0;
  while (first_diff < rust.size() && ours[first_diff] == rust[first_diff]) ++first_diff;
  EXPECT_EQ(first_diff, rust.size()) << "first differing byte";
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

TEST(SnarkPackVectorsTest, TwoInteractiveProofsGiveBellpersonsBytesAndVerify) {
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
  ExpectSameBytes(*ours, rust);
  auto parsed = ParseAggregateProof(rust);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(SerializeAggregateProof(*parsed), rust);
  ExpectVerifiesAndTamperingIsRefused(
      FakeSrs(), rust, ReadInputs(kVectors / "snarkpack-2KiB" / "public-inputs.txt", 39), comm_rs,
      seeds, false);
}

TEST(SnarkPackVectorsTest, NonInteractiveSectorGivesBellpersonsBytesAndVerifies) {
  filecoin::C1Output c1 = ReadC1(kVectors / "ni-porep-2KiB" / "c1.json");
  std::vector<groth16::Proof> proofs =
      ReadProofs(kVectors / "ni-porep-2KiB" / "partition-proofs.bin");
  ASSERT_EQ(proofs.size(), 13u);
  const Bytes32 comm_rs[] = {c1.comm_r};
  auto ours = AggregateSealProofs(FakeSrs(), proofs, comm_rs, {}, /*non_interactive=*/true);
  ASSERT_TRUE(ours.ok()) << ours.status().message();
  std::vector<uint8_t> rust = ReadBytes(kVectors / "ni-porep-2KiB" / "aggregate.bin");
  ExpectSameBytes(*ours, rust);
  std::vector<std::vector<ff::Fr>> inputs =
      ReadInputs(kVectors / "ni-porep-2KiB" / "public-inputs.txt", 39);
  ASSERT_EQ(inputs.size(), 13u);
  ExpectVerifiesAndTamperingIsRefused(FakeSrs(), rust, inputs, comm_rs, {}, true);
}

}  // namespace
}  // namespace cuzk::snarkpack
