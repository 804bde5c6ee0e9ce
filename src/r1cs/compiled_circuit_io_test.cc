// SPDX-License-Identifier: Apache-2.0 OR MIT
// A compiled circuit written and read back is the same circuit (arrays, table, densities, digest,
// evaluation, also once the file is gone: it is mapped), and a file that is missing, cut short,
// flipped anywhere, extended, of another layout, or consistent but out of range is refused with an
// error, never half-used.
#include "r1cs/compiled_circuit_io.h"

#include <gtest/gtest.h>
#include <openssl/sha.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "r1cs/compiled_circuit_testing.h"

namespace cuzk::r1cs {
namespace {

class CompiledCircuitIoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("compiled_circuit_io_test." + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    auto compiled = CompileCircuit(RandomCircuit(3, 4, 6'000, 9'000), {.digest = true});
    ASSERT_TRUE(compiled.ok()) << compiled.status().message();
    circuit_ = std::move(compiled).value();
    path_ = (dir_ / "circuit.bin").string();
    ASSERT_TRUE(WriteCompiledCircuit(circuit_, path_).ok());
    std::ifstream in(path_, std::ios::binary);
    bytes_.assign(std::istreambuf_iterator<char>(in), {});
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes `bytes` to a file and returns what reading it gives.
  Result<CompiledCircuit> ReadBytes(const std::vector<uint8_t>& bytes) {
    std::string path = (dir_ / "edited.bin").string();
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return ReadCompiledCircuit(path);
  }
  // Recomputes the trailing checksum of `bytes` (a consistent file with edited content).
  static void Reseal(std::vector<uint8_t>& bytes) {
    SHA256(bytes.data(), bytes.size() - 32, bytes.data() + bytes.size() - 32);
  }

  std::filesystem::path dir_;
  std::string path_;
  CompiledCircuit circuit_;
  std::vector<uint8_t> bytes_;
};

template <typename T>
void ExpectSameSpan(std::span<const T> got, std::span<const T> want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  EXPECT_TRUE(std::equal(got.begin(), got.end(), want.begin())) << what;
}

void ExpectSameMatrix(const CompiledMatrix& got, const CompiledMatrix& want) {
  ExpectSameSpan(got.columns(), want.columns(), "columns");
  ExpectSameSpan(got.coeff_ids(), want.coeff_ids(), "coefficient ids");
  ExpectSameSpan(got.row_terms(), want.row_terms(), "row terms");
  ExpectSameSpan(got.long_rows(), want.long_rows(), "long rows");
}

TEST_F(CompiledCircuitIoTest, ReadsBackTheSameCircuit) {
  ASSERT_FALSE(circuit_.a.long_rows().empty());  // the random circuit has rows of 255+ terms
  auto read = ReadCompiledCircuit(path_);
  ASSERT_TRUE(read.ok()) << read.status().message();
  // Its arrays are views into the file's mapping, which outlives the file's name (a daemon
  // rewrites a kept file by renaming a new one over it).
  std::filesystem::remove(path_);
  EXPECT_EQ(read->num_inputs, circuit_.num_inputs);
  EXPECT_EQ(read->num_aux, circuit_.num_aux);
  EXPECT_EQ(read->witness_other, circuit_.witness_other);
  EXPECT_EQ(read->coefficients, circuit_.coefficients);
  ASSERT_TRUE(read->digest.has_value());
  EXPECT_TRUE(*read->digest == *circuit_.digest);
  ExpectSameMatrix(read->a, circuit_.a);
  ExpectSameMatrix(read->b, circuit_.b);
  ExpectSameBits(read->a_aux_density, circuit_.a_aux_density, "A aux density");
  ExpectSameBits(read->b_input_density, circuit_.b_input_density, "B input density");
  ExpectSameBits(read->b_aux_density, circuit_.b_aux_density, "B aux density");
  // And it evaluates as the one compiled (the row blocks it rebuilt included).
  CompactWitness witness;
  ASSERT_TRUE(RandomCircuit(3, 4, 6'000, 9'000).Synthesize(witness).ok());
  ProvingAssignment want(CEvaluations::kDerive), got(CEvaluations::kDerive);
  ASSERT_TRUE(EvaluateCompiled(circuit_, witness, want, 2).ok());
  ASSERT_TRUE(EvaluateCompiled(*read, witness, got, 2).ok());
  EXPECT_EQ(got.a(), want.a());
  EXPECT_EQ(got.b(), want.b());
}

TEST_F(CompiledCircuitIoTest, AMissingFileIsNotFound) {
  auto read = ReadCompiledCircuit((dir_ / "none.bin").string());
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), StatusCode::kNotFound);
}

TEST_F(CompiledCircuitIoTest, RefusesEveryCutAndEveryFlippedByteTried) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 300; ++i) {
    size_t at = i < 100 ? size_t(i) : rng() % bytes_.size();  // the header, then anywhere
    std::vector<uint8_t> flipped = bytes_;
    flipped[at] ^= uint8_t(1 + rng() % 255);
    EXPECT_FALSE(ReadBytes(flipped).ok()) << "byte " << at << " flipped";
    std::vector<uint8_t> cut(bytes_.begin(), bytes_.begin() + std::ptrdiff_t(at));
    auto read = ReadBytes(cut);
    EXPECT_FALSE(read.ok()) << "cut at " << at;
  }
  std::vector<uint8_t> longer = bytes_;
  longer.push_back(0);
  auto read = ReadBytes(longer);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.status().message().find("bytes follow its checksum"), std::string::npos);
}

TEST_F(CompiledCircuitIoTest, NamesWhatIsWrongInAConsistentFile) {
  auto expect_refused = [&](std::vector<uint8_t> bytes, const std::string& message) {
    Reseal(bytes);
    auto read = ReadBytes(bytes);
    ASSERT_FALSE(read.ok()) << message;
    EXPECT_NE(read.status().message().find(message), std::string::npos) << read.status().message();
  };
  std::vector<uint8_t> bytes = bytes_;
  bytes[7] = '1';  // the layout before arrays were aligned
  expect_refused(bytes, "not a compiled circuit of this layout");
  // witness_other (after the magic and two counts) made larger than the aux count.
  bytes = bytes_;
  uint64_t others = circuit_.num_aux + 1;
  std::memcpy(&bytes[8 + 16], &others, sizeof(others));
  expect_refused(bytes, "other witness values for");
  // The first column of A, after the header (8 + 4 * 8), the digest (32 + 9 * 8), the table
  // and A's three counts: made an aux index past the last.
  size_t column = 8 + 32 + 32 + 72 + 32 * circuit_.coefficients.size() + 24;
  bytes = bytes_;
  uint32_t past = static_cast<uint32_t>(circuit_.num_aux);
  std::memcpy(&bytes[column], &past, sizeof(past));
  expect_refused(bytes, "A: term 0 is out of range");
  // A non-zero byte in the padding that aligns A's coefficient ids, row counts or long counts.
  auto aligned = [](size_t at) { return (at + 7) / 8 * 8; };
  size_t ids = aligned(column + 4 * circuit_.a.terms());
  size_t counts = aligned(ids + 2 * circuit_.a.terms());
  size_t padding = 0;
  for (size_t end : {column + 4 * circuit_.a.terms(), ids + 2 * circuit_.a.terms(),
                     counts + circuit_.a.rows()}) {
    if (end % 8 != 0) padding = end;
  }
  ASSERT_NE(padding, 0u) << "the random circuit's arrays all end aligned";
  bytes = bytes_;
  bytes[padding] = 1;
  expect_refused(bytes, "an array's padding is not zero");
  // A's term count made larger than the file.
  bytes = bytes_;
  uint64_t huge = uint64_t{1} << 35;
  std::memcpy(&bytes[column - 16], &huge, sizeof(huge));
  expect_refused(bytes, "the file ends early");
}

TEST_F(CompiledCircuitIoTest, WritesOnlyACircuitWithItsDigest) {
  auto plain = CompileCircuit(RandomCircuit(3, 4, 100, 100));
  ASSERT_TRUE(plain.ok());
  EXPECT_FALSE(WriteCompiledCircuit(*plain, (dir_ / "plain.bin").string()).ok());
  EXPECT_FALSE(std::filesystem::exists(dir_ / "plain.bin"));
}

}  // namespace
}  // namespace cuzk::r1cs
