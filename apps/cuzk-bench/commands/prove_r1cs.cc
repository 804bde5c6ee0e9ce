// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench prove-r1cs`: proves a circom/snarkjs circuit (.r1cs + .wtns over BLS12-381) with
// cuzk's Groth16 prover, verifies the proof, and writes proof, verifying key and public inputs.
// When the parameter file does not exist, TEST parameters (from a fixed seed, insecure) are
// generated into it first.
#include <bit>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <utility>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "groth16/generator.h"
#include "groth16/params_io.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "r1cs/iden3.h"
#include "r1cs/proving_assignment.h"

namespace cuzk::bench {
namespace {

struct ProveR1csOptions {
  std::string r1cs, wtns, params, out = ".";
  size_t threads = 0;
  bool check_params = false;
};

int ProveR1csFail(std::string_view what, const Status& s) {
  return bench::Fail("prove-r1cs", what, s);
}

// Reads the parameter file with on-curve checks (and subgroup checks when asked), as the daemon
// does: the proof is verified below against the fully checked vk before it is written, so a bad
// proving-key point cannot give a wrong proof. Returns the key and the seconds taken.
std::pair<Result<groth16::ProvingKey>, double> ReadKey(const ProveR1csOptions& o) {
  auto t = Clock::now();
  auto pk = groth16::ReadParams(
      o.params, o.check_params ? ec::SubgroupCheck::kCheck : ec::SubgroupCheck::kSkip, o.threads);
  return {std::move(pk), Since(t)};
}

int RunProveR1cs(const ProveR1csOptions& o) {
  // An existing parameter file is read alongside the circuit: reading the .r1cs is one thread's
  // work, and the parameter reader takes the other cores.
  std::future<std::pair<Result<groth16::ProvingKey>, double>> key_read;
  if (std::filesystem::exists(o.params)) key_read = std::async(std::launch::async, ReadKey, o);
  auto t = Clock::now();
  auto shape = r1cs::ReadIden3R1cs(o.r1cs);
  if (!shape.ok()) return ProveR1csFail("reading the constraint system", shape.status());
  auto witness = r1cs::ReadIden3Witness(o.wtns);
  if (!witness.ok()) return ProveR1csFail("reading the witness", witness.status());
  std::printf("circuit: %zu constraints, %zu public inputs, %zu private wires (read in %.2f s)\n",
              shape->num_constraints(), shape->num_inputs - 1, shape->num_aux, Since(t));
  // The assignment's sizes, known from the shape: one constraint more per public input (and
  // wire 0), as ProvingAssignment appends them, padded to the FFT domain (the next power of
  // two), which the prover fills in place.
  size_t constraints = std::bit_ceil(shape->num_constraints() + shape->num_inputs);
  size_t aux = shape->num_aux;
  r1cs::Iden3Circuit circuit(std::move(*shape), std::move(*witness));
  // Synthesis needs no key: it runs while the key is still being read.
  t = Clock::now();
  r1cs::ProvingAssignment pa;
  pa.Reserve(constraints, aux);  // no growth by copying while synthesis appends
  if (Status s = pa.SynthesizeFrom(circuit); !s.ok()) return ProveR1csFail("synthesis", s);
  for (size_t i = 0; i < pa.num_constraints(); ++i) {
    if (pa.a()[i] * pa.b()[i] != pa.c()[i]) {
      return ProveR1csFail("witness", Status::InvalidArgument("constraint " + std::to_string(i) +
                                                              " is not satisfied"));
    }
  }
  double synthesis = Since(t);

  if (!key_read.valid()) {
    std::printf("%s does not exist: generating TEST parameters (fixed seed, not for production)\n",
                o.params.c_str());
    t = Clock::now();
    auto full = r1cs::ShapeRecorder::Record(circuit);
    if (!full.ok()) return ProveR1csFail("recording the shape", full.status());
    auto pk = groth16::GenerateParameters(*full, groth16::ToxicWaste::FromSeed(0xc0c0), o.threads);
    if (!pk.ok()) return ProveR1csFail("generating parameters", pk.status());
    if (Status s = groth16::WriteParams(*pk, o.params); !s.ok())
      return ProveR1csFail("writing parameters", s);
    std::printf("  generated and wrote parameters in %.2f s\n", Since(t));
    key_read = std::async(std::launch::deferred, ReadKey, o);
  }
  auto [pk, read_seconds] = key_read.get();
  if (!pk.ok()) return ProveR1csFail("reading parameters", pk.status());
  std::printf("parameters: read in %.2f s (%s)\n", read_seconds,
              o.check_params ? "on-curve and subgroup checks" : "on-curve checks");

  groth16::ProverTimings timings;
  // keep_buffers: the query scalars reuse the buffers the FFT is done with (no fresh pages).
  auto proof = groth16::CreateRandomProof(
      *pk, pa, {.threads = o.threads, .timings = &timings, .keep_buffers = true});
  if (!proof.ok()) return ProveR1csFail("proving", proof.status());
  t = Clock::now();
  auto inputs = circuit.PublicInputs();
  Status verified = groth16::VerifyProof(groth16::PrepareVerifyingKey(pk->vk), *proof, inputs);
  double verify = Since(t);
  if (!verified.ok()) return ProveR1csFail("verifying the new proof (not written)", verified);
  std::printf(
      "phases (s): synthesis %.3f | fft %.3f | msm h %.3f l %.3f a %.3f b_g1 %.3f b_g2 %.3f "
      "| prove total %.3f | verify %.3f\n",
      synthesis, timings.fft, timings.msm_h, timings.msm_l, timings.msm_a, timings.msm_b_g1,
      timings.msm_b_g2, timings.total, verify);

  std::filesystem::create_directories(o.out);
  auto out = [&](const char* name) { return (std::filesystem::path(o.out) / name).string(); };
  auto bytes = groth16::SerializeProof(*proof);
  std::ofstream(out("proof.bin"), std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  if (Status s = groth16::WriteVerifyingKey(pk->vk, out("circuit.vk")); !s.ok())
    return ProveR1csFail("writing the vk", s);
  std::ofstream pub(out("public_inputs.txt"));
  for (const auto& x : inputs) pub << "0x" << ToHex(x.ToBytesBE()) << "\n";
  std::printf("proof verified; wrote %s, %s, %s\n", out("proof.bin").c_str(),
              out("circuit.vk").c_str(), out("public_inputs.txt").c_str());
  return 0;
}

}  // namespace

void RegisterProveR1cs(CLI::App& app) {
  static ProveR1csOptions o;
  auto* cmd = app.add_subcommand("prove-r1cs",
                                 "Prove and verify a circom/snarkjs .r1cs + .wtns (BLS12-381)");
  cmd->add_option("--r1cs", o.r1cs, "Constraint system in iden3 .r1cs format")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--wtns", o.wtns, "Witness in iden3 .wtns format")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option(
         "--params", o.params,
         "Groth16 parameters (bellperson .params); generated as TEST parameters if missing")
      ->required();
  cmd->add_option("--out", o.out, "Directory for proof.bin, circuit.vk, public_inputs.txt")
      ->capture_default_str();
  cmd->add_option("--threads", o.threads, "Worker threads (0 = all hardware threads)")
      ->capture_default_str();
  cmd->add_flag("--check-params", o.check_params,
                "Also check every proving-key point's subgroup (slow; points are always checked "
                "to be on the curve, and the proof is verified before it is written)");
  cmd->callback([] {
    int rc = RunProveR1cs(o);
    if (rc != 0) std::exit(rc);
  });
}

}  // namespace cuzk::bench
