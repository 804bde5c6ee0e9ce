// SPDX-License-Identifier: Apache-2.0 OR MIT
// iden3 .r1cs/.wtns: a file encoded by hand from the format description is read and proved;
// our export round-trips; malformed files give errors that say what is wrong.
#include "r1cs/iden3.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "groth16/generator.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "r1cs/proving_assignment.h"
#include "r1cs/test_constraint_system.h"
#include "support/test_circuits.h"

namespace cuzk::r1cs {
namespace {

// Little-endian bytes written by hand, independent of iden3.cc's writer.
struct Bytes {
  std::vector<uint8_t> v;
  Bytes& U32(uint32_t x) { return Le(x, 4); }
  Bytes& U64(uint64_t x) { return Le(x, 8); }
  Bytes& Le(uint64_t x, int n) {
    for (int i = 0; i < n; ++i) v.push_back(static_cast<uint8_t>(x >> (8 * i)));
    return *this;
  }
  Bytes& Str(const char* s) {
    for (int i = 0; i < 4; ++i) v.push_back(static_cast<uint8_t>(s[i]));
    return *this;
  }
  Bytes& Small(uint64_t x) {  // a field element < 2^64
    U64(x);
    return U64(0).U64(0).U64(0);
  }
  Bytes& Prime() {
    for (uint64_t l : ff::FrConfig::kModulus) U64(l);
    return *this;
  }
  Bytes& Section(uint32_t id, const Bytes& body) {
    U32(id).U64(body.v.size());
    v.insert(v.end(), body.v.begin(), body.v.end());
    return *this;
  }
};

class Iden3Test : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("cuzk-iden3-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Path(const std::string& name) { return (dir_ / name).string(); }
  std::string Write(const std::string& name, const Bytes& b) {
    std::ofstream f(Path(name), std::ios::binary);
    f.write(reinterpret_cast<const char*>(b.v.data()), static_cast<std::streamsize>(b.v.size()));
    return Path(name);
  }
  // x * x = y with y public: wires 0 = ONE, 1 = y, 2 = x.
  Bytes SquareR1cs(uint32_t wire_of_x = 2) {
    Bytes header;
    header.U32(32).Prime().U32(3).U32(0).U32(1).U32(0).U64(3).U32(1);
    Bytes constraints;
    constraints.U32(1).U32(wire_of_x).Small(1);  // A = x
    constraints.U32(1).U32(wire_of_x).Small(1);  // B = x
    constraints.U32(1).U32(1).Small(1);          // C = y
    Bytes labels;
    labels.U64(0).U64(1).U64(2);
    Bytes file;
    file.Str("r1cs").U32(1).U32(3).Section(1, header).Section(2, constraints).Section(3, labels);
    return file;
  }
  Bytes SquareWitness(uint64_t x) {
    Bytes header, values, file;
    header.U32(32).Prime().U32(3);
    values.Small(1).Small(x * x).Small(x);
    file.Str("wtns").U32(2).U32(2).Section(1, header).Section(2, values);
    return file;
  }
  std::filesystem::path dir_;
};

TEST_F(Iden3Test, HandEncodedCircuitIsReadAndProved) {
  auto shape = ReadIden3R1cs(Write("sq.r1cs", SquareR1cs()));
  ASSERT_TRUE(shape.ok()) << shape.status().ToString();
  EXPECT_EQ(shape->num_inputs, 2u);
  EXPECT_EQ(shape->num_aux, 1u);
  EXPECT_EQ(shape->num_constraints(), 1u);
  auto witness = ReadIden3Witness(Write("sq.wtns", SquareWitness(7)));
  ASSERT_TRUE(witness.ok()) << witness.status().ToString();
  Iden3Circuit circuit(*shape, *witness);
  TestConstraintSystem cs;
  ASSERT_TRUE(circuit.Synthesize(cs).ok());
  EXPECT_TRUE(cs.IsSatisfied());
  auto full = ShapeRecorder::Record(circuit);
  auto pk = groth16::GenerateParameters(*full, groth16::ToxicWaste::FromSeed(3), 1);
  ASSERT_TRUE(pk.ok());
  ProvingAssignment pa;
  ASSERT_TRUE(pa.SynthesizeFrom(circuit).ok());
  auto proof = groth16::CreateRandomProof(*pk, pa);
  ASSERT_TRUE(proof.ok());
  auto pvk = groth16::PrepareVerifyingKey(pk->vk);
  EXPECT_EQ(circuit.PublicInputs(), std::vector<Fr>{Fr::FromUint64(49)});
  EXPECT_TRUE(groth16::VerifyProof(pvk, *proof, circuit.PublicInputs()).ok());
  std::vector<Fr> wrong = {Fr::FromUint64(50)};
  EXPECT_FALSE(groth16::VerifyProof(pvk, *proof, wrong).ok());
}

TEST_F(Iden3Test, ExportRoundTripsShapeAndWitness) {
  cuzk::testing::RandomCircuit circuit(200, 3, 5);
  auto shape = ShapeRecorder::Record(circuit, /*append_input_constraints=*/false);
  ASSERT_TRUE(shape.ok());
  TestConstraintSystem cs;
  ASSERT_TRUE(circuit.Synthesize(cs).ok());
  ASSERT_TRUE(WriteIden3R1cs(*shape, Path("r.r1cs")).ok());
  ASSERT_TRUE(WriteIden3Witness(cs.inputs(), cs.aux(), Path("r.wtns")).ok());
  auto back = ReadIden3R1cs(Path("r.r1cs"));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->num_inputs, shape->num_inputs);
  EXPECT_EQ(back->num_aux, shape->num_aux);
  ASSERT_EQ(back->num_constraints(), shape->num_constraints());
  for (auto [m1, m2] :
       {std::pair{&back->a, &shape->a}, {&back->b, &shape->b}, {&back->c, &shape->c}}) {
    ASSERT_EQ(m1->row_start, m2->row_start);
    for (size_t e = 0; e < m1->entries.size(); ++e) {
      ASSERT_EQ(m1->entries[e].var, m2->entries[e].var);
      ASSERT_EQ(m1->entries[e].coeff, m2->entries[e].coeff);
    }
  }
  auto witness = ReadIden3Witness(Path("r.wtns"));
  ASSERT_TRUE(witness.ok());
  TestConstraintSystem replay;
  ASSERT_TRUE(Iden3Circuit(*back, *witness).Synthesize(replay).ok());
  EXPECT_TRUE(replay.IsSatisfied());
  EXPECT_EQ(replay.num_constraints(), cs.num_constraints());
}

TEST_F(Iden3Test, MalformedFilesAreRejectedWithReasons) {
  auto expect = [](const Status& s, const std::string& what) {
    ASSERT_FALSE(s.ok()) << what;
    EXPECT_NE(s.message().find(what), std::string::npos) << s.message();
  };
  Bytes bad_magic = SquareR1cs();
  bad_magic.v[0] = 'x';
  expect(ReadIden3R1cs(Write("a.r1cs", bad_magic)).status(), "bad magic");
  expect(ReadIden3R1cs(Write("b.r1cs", SquareR1cs(/*wire_of_x=*/9))).status(), "uses wire 9 of 3");
  Bytes truncated = SquareR1cs();
  truncated.v.resize(truncated.v.size() - 60);  // drops section 3 and cuts into section 2
  expect(ReadIden3R1cs(Write("c.r1cs", truncated)).status(), "declares");
  Bytes wrong_prime = SquareR1cs();
  wrong_prime.v[4 + 4 + 4 + 4 + 8 + 4] ^= 1;  // first byte of the prime in the header
  expect(ReadIden3R1cs(Write("d.r1cs", wrong_prime)).status(), "not the BLS12-381 scalar field");
  Bytes bad_wtns = SquareWitness(3);
  bad_wtns.v[bad_wtns.v.size() - 96] = 2;  // wire 0 = 2
  expect(ReadIden3Witness(Write("e.wtns", bad_wtns)).status(), "wire 0 must be 1");
  expect(ReadIden3R1cs(Path("missing.r1cs")).status(), "cannot open");
  expect(ReadIden3R1cs(Write("g.r1cs", Bytes{})).status(), "too short for a header");  // not mapped
  expect(ReadIden3R1cs(Path("")).status(), "not a regular file");  // the test's directory
  // A witness of the wrong length fails at synthesis, not with a crash.
  auto shape = ReadIden3R1cs(Write("f.r1cs", SquareR1cs()));
  TestConstraintSystem cs;
  expect(Iden3Circuit(*shape, {Fr::One()}).Synthesize(cs), "witness has 1 values for 3 wires");
}

}  // namespace
}  // namespace cuzk::r1cs
