// SPDX-License-Identifier: Apache-2.0 OR MIT
// Groth16 end to end on small circuits: prove and verify; tampered proofs, wrong inputs and
// unsatisfied witnesses fail; parameter and proof formats round-trip; malformed files give
// errors naming the section and index.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "groth16/generator.h"
#include "groth16/params_io.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "r1cs/shape.h"
#include "r1cs/test_constraint_system.h"
#include "support/test_circuits.h"

namespace cuzk::groth16 {
namespace {

using ff::Fr;
using testing::CubicCircuit;
using testing::MimcCircuit;
using testing::RandomCircuit;

ProvingKey TestKeys(const r1cs::Circuit& circuit, uint64_t seed = 1) {
  auto shape = r1cs::ShapeRecorder::Record(circuit);
  EXPECT_TRUE(shape.ok());
  auto pk = GenerateParameters(*shape, ToxicWaste::FromSeed(seed), 2);
  EXPECT_TRUE(pk.ok()) << pk.status().ToString();
  return *pk;
}

Proof Prove(const ProvingKey& pk, const r1cs::Circuit& circuit, uint64_t seed = 9,
            r1cs::CEvaluations c = r1cs::CEvaluations::kRecord) {
  r1cs::ProvingAssignment pa(c);
  EXPECT_TRUE(pa.SynthesizeFrom(circuit).ok());
  std::mt19937_64 rng(seed);
  auto proof = CreateProof(pk, pa, Fr::Random(rng), Fr::Random(rng), {.threads = 2});
  EXPECT_TRUE(proof.ok()) << proof.status().ToString();
  return *proof;
}

std::vector<Fr> PublicInputs(const r1cs::Circuit& circuit) {
  r1cs::TestConstraintSystem cs;
  EXPECT_TRUE(circuit.Synthesize(cs).ok());
  return std::vector<Fr>(cs.inputs().begin() + 1, cs.inputs().end());
}

TEST(Groth16Test, CubicCircuitProvesAndVerifies) {
  CubicCircuit circuit(Fr::FromUint64(3));
  ProvingKey pk = TestKeys(circuit);
  EXPECT_EQ(pk.vk.ic.size(), 2u);
  EXPECT_EQ(pk.h.size(), 7u);  // 3 constraints + 2 input constraints -> domain 8
  EXPECT_EQ(pk.l.size(), 3u);
  PreparedVerifyingKey pvk = PrepareVerifyingKey(pk.vk);
  Proof proof = Prove(pk, circuit);
  std::vector<Fr> y = {Fr::FromUint64(35)};
  EXPECT_TRUE(VerifyProof(pvk, proof, y).ok());
  std::vector<Fr> wrong = {Fr::FromUint64(36)};
  Status s = VerifyProof(pvk, proof, wrong);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("does not verify"), std::string::npos);
  EXPECT_FALSE(VerifyProof(pvk, proof, {}).ok());
}

// A point T of the cofactor part of E(Fp) (its order divides the cofactor, coprime to r) has
// e(T, Q) = 1 for every Q in G2, so a valid proof with T added to A (or C) still satisfies the
// pairing equation: the proof bytes could be changed by anyone. ParseProof and VerifyProof must
// both refuse such points (issue 45: skipping ParseProof's subgroup check survived every test).
TEST(Groth16Test, ProofPointsOutsideTheSubgroupAreRefused) {
  CubicCircuit circuit(Fr::FromUint64(3));
  ProvingKey pk = TestKeys(circuit);
  PreparedVerifyingKey pvk = PrepareVerifyingKey(pk.vk);
  Proof proof = Prove(pk, circuit);
  std::vector<Fr> y = {Fr::FromUint64(35)};
  ASSERT_TRUE(VerifyProof(pvk, proof, y).ok());
  ec::G1 torsion;  // r P for a point P on the curve: in the cofactor part, not in G1
  for (ff::Fp x = ff::Fp::One(); torsion.IsIdentity(); x += ff::Fp::One()) {
    if (auto yy = (x.Square() * x + ec::G1Curve::B()).Sqrt()) {
      torsion = ec::G1(ec::G1Affine::FromXY(x, *yy)).Mul(Fr::kModulus);
    }
  }
  ASSERT_FALSE(ec::IsInG1Subgroup(torsion.ToAffine()));
  for (ec::G1Affine Proof::*point : {&Proof::a, &Proof::c}) {
    const char* name = point == &Proof::a ? "A" : "C";
    Proof moved = proof;
    moved.*point = (ec::G1(proof.*point) + torsion).ToAffine();
    ASSERT_TRUE((moved.*point).IsOnCurve());
    auto parsed = ParseProof(SerializeProof(moved));
    ASSERT_FALSE(parsed.ok()) << name;
    EXPECT_NE(parsed.status().message().find("subgroup"), std::string::npos)
        << parsed.status().message();
    Status verified = VerifyProof(pvk, moved, y);
    ASSERT_FALSE(verified.ok()) << name << ": the pairing equation alone accepts it";
    EXPECT_NE(verified.message().find("subgroup"), std::string::npos) << verified.message();
  }
}

TEST(Groth16Test, RandomProofsDifferButBothVerify) {
  MimcCircuit circuit(Fr::FromUint64(11), 20);
  ProvingKey pk = TestKeys(circuit);
  PreparedVerifyingKey pvk = PrepareVerifyingKey(pk.vk);
  r1cs::ProvingAssignment pa1, pa2;
  ASSERT_TRUE(pa1.SynthesizeFrom(circuit).ok());
  ASSERT_TRUE(pa2.SynthesizeFrom(circuit).ok());
  auto p1 = CreateRandomProof(pk, pa1);
  auto p2 = CreateRandomProof(pk, pa2);
  ASSERT_TRUE(p1.ok() && p2.ok());
  EXPECT_NE(*p1, *p2);
  std::vector<Fr> out = {circuit.Output()};
  EXPECT_TRUE(VerifyProof(pvk, *p1, out).ok());
  EXPECT_TRUE(VerifyProof(pvk, *p2, out).ok());
}

TEST(Groth16Test, RandomSatisfiableSystemsVerifyAndTamperingFails) {
  for (uint64_t seed : {1u, 2u, 3u}) {
    RandomCircuit circuit(300 + 50 * seed, 3, seed);
    r1cs::TestConstraintSystem cs;
    ASSERT_TRUE(circuit.Synthesize(cs).ok());
    ASSERT_TRUE(cs.IsSatisfied());
    ProvingKey pk = TestKeys(circuit, seed);
    PreparedVerifyingKey pvk = PrepareVerifyingKey(pk.vk);
    Proof proof = Prove(pk, circuit, seed);
    std::vector<Fr> inputs = PublicInputs(circuit);
    ASSERT_TRUE(VerifyProof(pvk, proof, inputs).ok());
    // The same r and s without recorded c evaluations: the prover's c = a b gives the same proof.
    EXPECT_EQ(Prove(pk, circuit, seed, r1cs::CEvaluations::kDerive), proof);
    Proof bad = proof;
    bad.a = (ec::G1(bad.a) + ec::G1::Generator()).ToAffine();
    EXPECT_FALSE(VerifyProof(pvk, bad, inputs).ok());
    bad = proof;
    bad.c = proof.a;
    EXPECT_FALSE(VerifyProof(pvk, bad, inputs).ok());
    inputs[1] += Fr::One();
    EXPECT_FALSE(VerifyProof(pvk, proof, inputs).ok());
  }
}

// The MiMC circuit with its last value replaced: the witness no longer satisfies the system.
class BrokenMimc : public r1cs::Circuit {
 public:
  Status Synthesize(r1cs::ConstraintSystem& cs) const override {
    r1cs::Variable x = cs.Alloc(Fr::FromUint64(2));
    r1cs::Variable y = cs.AllocInput(Fr::FromUint64(5));  // claims 2 * 2 = 5
    cs.Enforce(r1cs::LinearCombination::Of(x), r1cs::LinearCombination::Of(x),
               r1cs::LinearCombination::Of(y));
    return Status::Ok();
  }
};

TEST(Groth16Test, UnsatisfiedWitnessGivesAProofThatFails) {
  BrokenMimc circuit;
  ProvingKey pk = TestKeys(circuit);
  std::vector<Fr> five = {Fr::FromUint64(5)};
  for (auto c : {r1cs::CEvaluations::kRecord, r1cs::CEvaluations::kDerive}) {
    // With kDerive the prover's c = a b = 4 makes H agree with the broken row, but the
    // verifier's input term still carries y = 5.
    Proof proof = Prove(pk, circuit, 9, c);
    EXPECT_FALSE(VerifyProof(PrepareVerifyingKey(pk.vk), proof, five).ok());
  }
}

TEST(Groth16Test, BatchVerificationAcceptsValidAndRejectsAnyInvalid) {
  MimcCircuit c1(Fr::FromUint64(1), 10), c2(Fr::FromUint64(2), 10);
  ProvingKey pk = TestKeys(c1);
  PreparedVerifyingKey pvk = PrepareVerifyingKey(pk.vk);
  std::vector<Proof> proofs = {Prove(pk, c1), Prove(pk, c2), Prove(pk, c1, 4)};
  std::vector<std::vector<Fr>> inputs = {{c1.Output()}, {c2.Output()}, {c1.Output()}};
  EXPECT_TRUE(VerifyProofBatch(pvk, proofs, inputs).ok());
  inputs[1][0] += Fr::One();
  EXPECT_FALSE(VerifyProofBatch(pvk, proofs, inputs).ok());
}

// The batch's random weights are what make it sound: two invalid proofs whose C points are off
// by +D and -D would pass a batch that summed them with weight 1 (issue 45: fixing the weights at
// 1 survived every test).
TEST(Groth16Test, BatchVerificationRefusesInvalidProofsWhoseErrorsCancel) {
  MimcCircuit c1(Fr::FromUint64(1), 10), c2(Fr::FromUint64(2), 10);
  ProvingKey pk = TestKeys(c1);
  PreparedVerifyingKey pvk = PrepareVerifyingKey(pk.vk);
  std::vector<Proof> proofs = {Prove(pk, c1), Prove(pk, c2)};
  std::vector<std::vector<Fr>> inputs = {{c1.Output()}, {c2.Output()}};
  ASSERT_TRUE(VerifyProofBatch(pvk, proofs, inputs).ok());
  ec::G1 d = ec::G1::Generator();
  proofs[0].c = (ec::G1(proofs[0].c) + d).ToAffine();
  proofs[1].c = (ec::G1(proofs[1].c) + (-d)).ToAffine();
  EXPECT_FALSE(VerifyProof(pvk, proofs[0], inputs[0]).ok());
  EXPECT_FALSE(VerifyProof(pvk, proofs[1], inputs[1]).ok());
  for (int round = 0; round < 3; ++round) {  // each round draws new weights
    EXPECT_FALSE(VerifyProofBatch(pvk, proofs, inputs).ok());
  }
}

TEST(Groth16Test, KeyMismatchIsAnErrorNotACrash) {
  CubicCircuit cubic(Fr::FromUint64(3));
  MimcCircuit mimc(Fr::FromUint64(3), 5);
  ProvingKey pk = TestKeys(cubic);
  r1cs::ProvingAssignment pa;
  ASSERT_TRUE(pa.SynthesizeFrom(mimc).ok());
  auto proof = CreateProof(pk, pa, Fr::One(), Fr::One());
  ASSERT_FALSE(proof.ok());
  EXPECT_NE(proof.status().message().find("disagree"), std::string::npos);
}

// A proof whose cancel flag is set stops with kCancelled; a clear flag changes nothing.
TEST(Groth16Test, ACancelledProofStopsWithCancelled) {
  MimcCircuit circuit(Fr::FromUint64(3), 20);
  ProvingKey pk = TestKeys(circuit);
  std::atomic<bool> cancel{true};
  for (bool set : {true, false}) {
    cancel = set;
    r1cs::ProvingAssignment pa;
    ASSERT_TRUE(pa.SynthesizeFrom(circuit).ok());
    auto proof = CreateProof(pk, pa, Fr::One(), Fr::One(), {.threads = 2, .cancel = &cancel});
    if (set) {
      ASSERT_FALSE(proof.ok());
      EXPECT_EQ(proof.status().code(), StatusCode::kCancelled);
      EXPECT_EQ(proof.status().message(), "the proof was cancelled");
    } else {
      ASSERT_TRUE(proof.ok()) << proof.status().ToString();
      EXPECT_TRUE(VerifyProof(PrepareVerifyingKey(pk.vk), *proof, PublicInputs(circuit)).ok());
    }
  }
}

class TempDir {
 public:
  TempDir()
      : path_(std::filesystem::temp_directory_path() /
              ("cuzk-test-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string File(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

std::vector<uint8_t> ReadAll(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

void WriteAll(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

TEST(ParamsIoTest, ParamsAndVkRoundTripAndProofsStillVerify) {
  TempDir dir;
  MimcCircuit circuit(Fr::FromUint64(5), 12);
  ProvingKey pk = TestKeys(circuit);
  ASSERT_TRUE(WriteParams(pk, dir.File("t.params")).ok());
  ASSERT_TRUE(WriteVerifyingKey(pk.vk, dir.File("t.vk")).ok());
  auto read = ReadParams(dir.File("t.params"), ec::SubgroupCheck::kCheck, 2);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(read->h, pk.h);
  EXPECT_EQ(read->l, pk.l);
  EXPECT_EQ(read->a, pk.a);
  EXPECT_EQ(read->b_g1, pk.b_g1);
  EXPECT_EQ(read->b_g2, pk.b_g2);
  EXPECT_EQ(read->vk.ic, pk.vk.ic);
  auto vk = ReadVerifyingKey(dir.File("t.vk"));
  ASSERT_TRUE(vk.ok());
  EXPECT_EQ(SerializeVerifyingKey(*vk), SerializeVerifyingKey(pk.vk));
  Proof proof = Prove(*read, circuit);
  auto bytes = SerializeProof(proof);
  auto parsed = ParseProof(bytes);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, proof);
  std::vector<Fr> out = {circuit.Output()};
  EXPECT_TRUE(VerifyProof(PrepareVerifyingKey(*vk), *parsed, out).ok());
  // A cancelled job's load stops at its next chunk (here the first).
  CancelFlag cancel{true};
  auto cancelled = ReadParams(dir.File("t.params"), ec::SubgroupCheck::kSkip, 2, &cancel);
  ASSERT_FALSE(cancelled.ok());
  EXPECT_EQ(cancelled.status().code(), StatusCode::kCancelled);
  EXPECT_NE(cancelled.status().message().find("the load was cancelled at h"), std::string::npos)
      << cancelled.status().message();
}

TEST(ParamsIoTest, MalformedFilesGiveErrorsThatNameTheProblem) {
  TempDir dir;
  ProvingKey pk = TestKeys(CubicCircuit(Fr::FromUint64(3)));
  ASSERT_TRUE(WriteParams(pk, dir.File("ok.params")).ok());
  std::vector<uint8_t> bytes = ReadAll(dir.File("ok.params"));

  auto missing = ReadParams(dir.File("absent.params"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("cannot open"), std::string::npos);

  WriteAll(dir.File("trunc.params"), std::vector<uint8_t>(bytes.begin(), bytes.end() - 10));
  auto trunc = ReadParams(dir.File("trunc.params"));
  ASSERT_FALSE(trunc.ok());
  EXPECT_NE(trunc.status().message().find("truncated: b_g2"), std::string::npos)
      << trunc.status().message();

  WriteAll(dir.File("short.params"), std::vector<uint8_t>(bytes.begin(), bytes.begin() + 100));
  auto short_vk = ReadParams(dir.File("short.params"));
  ASSERT_FALSE(short_vk.ok());
  EXPECT_NE(short_vk.status().message().find("vk beta_g1"), std::string::npos)
      << short_vk.status().message();

  // Corrupt the y coordinate of h[2]: vk (864 + 4 + 2*96) + h length (4) + 2 points + x.
  size_t h2 = 864 + 4 + pk.vk.ic.size() * 96 + 4 + 2 * 96 + 48;
  std::vector<uint8_t> corrupt = bytes;
  corrupt[h2 + 47] ^= 1;
  WriteAll(dir.File("corrupt.params"), corrupt);
  auto bad = ReadParams(dir.File("corrupt.params"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("h point 2: G1 point: not on the curve"), std::string::npos)
      << bad.status().message();

  // A huge declared length must not allocate or crash.
  std::vector<uint8_t> huge = bytes;
  size_t h_len = 864 + 4 + pk.vk.ic.size() * 96;
  huge[h_len] = 0xff;
  WriteAll(dir.File("huge.params"), huge);
  auto big = ReadParams(dir.File("huge.params"));
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.status().message().find("declares"), std::string::npos) << big.status().message();

  // An identity point in l.
  std::vector<uint8_t> inf = bytes;
  size_t l0 = h_len + 4 + pk.h.size() * 96 + 4;
  std::fill(inf.begin() + l0, inf.begin() + l0 + 96, 0);
  inf[l0] = 0x40;
  WriteAll(dir.File("inf.params"), inf);
  auto infinity = ReadParams(dir.File("inf.params"));
  ASSERT_FALSE(infinity.ok());
  EXPECT_NE(infinity.status().message().find("l point 0: point at infinity"), std::string::npos)
      << infinity.status().message();

  auto vk = ParseVerifyingKey(std::span(bytes).first(864 + 4 + pk.vk.ic.size() * 96 + 1));
  ASSERT_FALSE(vk.ok());
  EXPECT_NE(vk.status().message().find("trailing"), std::string::npos);
}

// Vectors of many read chunks (about 1 MiB each) split over threads: read back equal from a file
// and from memory, and a fault deep in a later chunk is named by its lowest index.
TEST(ParamsIoTest, LongVectorsReadInParallelChunksAndNameTheLowestBadPoint) {
  TempDir dir;
  ProvingKey pk = TestKeys(CubicCircuit(Fr::FromUint64(3)));
  std::mt19937_64 rng(21);
  std::vector<ec::G1Affine> g1s;
  std::vector<ec::G2Affine> g2s;
  for (int i = 0; i < 7; ++i) {
    g1s.push_back(Mul(ec::G1::Generator(), Fr::Random(rng)).ToAffine());
    g2s.push_back(Mul(ec::G2::Generator(), Fr::Random(rng)).ToAffine());
  }
  constexpr size_t kH = 25000, kB = 6000;  // h spans three chunks, b_g2 two
  pk.h.resize(kH);
  for (size_t i = 0; i < kH; ++i) pk.h[i] = g1s[(i * 5) % 7];
  pk.b_g1.resize(kB);
  pk.b_g2.resize(kB);
  for (size_t i = 0; i < kB; ++i) {
    pk.b_g1[i] = g1s[i % 7];
    pk.b_g2[i] = g2s[(i * 3) % 7];
  }
  ASSERT_TRUE(WriteParams(pk, dir.File("long.params")).ok());
  for (size_t threads : {1, 2, 3}) {
    auto check = threads == 2 ? ec::SubgroupCheck::kCheck : ec::SubgroupCheck::kSkip;
    auto read = ReadParams(dir.File("long.params"), check, threads);
    ASSERT_TRUE(read.ok()) << read.status().ToString();
    EXPECT_EQ(read->h, pk.h);
    EXPECT_EQ(read->b_g1, pk.b_g1);
    EXPECT_EQ(read->b_g2, pk.b_g2);
  }
  std::vector<uint8_t> bytes = ReadAll(dir.File("long.params"));
  auto parsed = ParseParams(bytes, ec::SubgroupCheck::kSkip, 2);
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_EQ(parsed->h, pk.h);
  EXPECT_EQ(parsed->b_g2, pk.b_g2);

  size_t h0 = 864 + 4 + pk.vk.ic.size() * 96 + 4;
  std::vector<uint8_t> bad_h = bytes;
  for (size_t i : {24000, 14001, 24999}) bad_h[h0 + i * 96 + 95] ^= 4;  // y: off the curve
  auto h = ParseParams(bad_h, ec::SubgroupCheck::kSkip, 2);
  ASSERT_FALSE(h.ok());
  EXPECT_EQ(h.status().message(), "h point 14001: G1 point: not on the curve");
  WriteAll(dir.File("bad_h.params"), bad_h);
  auto h_file = ReadParams(dir.File("bad_h.params"), ec::SubgroupCheck::kSkip, 2);
  ASSERT_FALSE(h_file.ok());
  EXPECT_NE(h_file.status().message().find("bad_h.params: h point 14001: G1 point: not on"),
            std::string::npos)
      << h_file.status().message();

  size_t b_g2_0 = h0 + kH * 96 + 4 + pk.l.size() * 96 + 4 + pk.a.size() * 96 + 4 + kB * 96 + 4;
  std::vector<uint8_t> bad_b = bytes;
  bad_b[b_g2_0 + 5500 * 192] |= 0x20;  // the sort flag on an uncompressed point
  auto b = ParseParams(bad_b, ec::SubgroupCheck::kSkip, 2);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().message(),
            "b_g2 point 5500: G2 point: sort flag (0x20) is set on an uncompressed encoding");

  // A point on the curve but outside the subgroup passes the on-curve load only.
  ec::G1Affine outside;
  for (ff::Fp x = ff::Fp::One();; x += ff::Fp::One()) {
    if (auto y = (x.Square() * x + ec::G1Curve::B()).Sqrt()) {
      outside = ec::G1Affine::FromXY(x, *y);
      if (!ec::IsInG1Subgroup(outside)) break;
    }
  }
  std::vector<uint8_t> off_group = bytes;
  auto enc = ec::G1ToUncompressed(outside);
  std::copy(enc.begin(), enc.end(), off_group.begin() + h0 + 12345 * 96);
  EXPECT_TRUE(ParseParams(off_group, ec::SubgroupCheck::kSkip, 2).ok());
  auto checked = ParseParams(off_group, ec::SubgroupCheck::kCheck, 2);
  ASSERT_FALSE(checked.ok());
  EXPECT_EQ(checked.status().message(), "h point 12345: G1 point: not in the prime-order subgroup");
}

TEST(ParamsIoTest, ProofParsingRejectsBadBytes) {
  EXPECT_FALSE(ParseProof(std::vector<uint8_t>(191)).ok());
  std::vector<uint8_t> zeros(192, 0);
  auto r = ParseProof(zeros);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("proof A"), std::string::npos);
  // A valid proof with any one of A, B, C replaced by the point at infinity (0xc0, then zeros).
  CubicCircuit circuit(Fr::FromUint64(3));
  ProvingKey pk = TestKeys(circuit);
  const auto valid = SerializeProof(Prove(pk, circuit));
  ASSERT_TRUE(ParseProof(valid).ok());
  for (auto [offset, size] : {std::pair{0, 48}, std::pair{48, 96}, std::pair{144, 48}}) {
    std::vector<uint8_t> bytes(valid.begin(), valid.end());
    std::fill_n(bytes.begin() + offset, size, 0);
    bytes[offset] = 0xc0;
    auto r2 = ParseProof(bytes);
    ASSERT_FALSE(r2.ok()) << "point at " << offset;
    EXPECT_NE(r2.status().message().find("infinity"), std::string::npos) << r2.status().message();
  }
}

}  // namespace
}  // namespace cuzk::groth16
