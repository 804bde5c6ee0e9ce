// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack aggregation and verification of n proofs (n = 2 to 1024, the counts Lotus aggregates;
// 128 is a 32GiB NI-PoRep sector's 126 partitions padded), over a seeded fake SRS built as
// bellperson's setup_fake_srs builds one (powers of random alpha and beta on the generators).
// `bp-oracle aggregate-bench` times bellperson the same way; scripts/snarkpack-vs-bellperson.sh
// runs both, interleaved. The prover does not look at
// the proofs' validity, so random points stand in for them; verification is timed on a real
// aggregate of those (it fails the Groth16 equation at the end, after every other check, so its
// time is a full verification's).
#include <benchmark/benchmark.h>

#include <random>

#include "snarkpack/prover.h"
#include "snarkpack/verifier.h"

namespace cuzk::snarkpack {
namespace {

using ff::Fr;

constexpr int kMaxProofs = 1024;  // the SRS holds twice as many powers, as specialization needs

const GenericSrs& FakeSrs() {
  static const GenericSrs srs = [] {
    std::mt19937_64 rng(11);
    const Fr alpha = Fr::Random(rng), beta = Fr::Random(rng);
    GenericSrs s;
    Fr a = Fr::One(), b = Fr::One();
    for (int i = 0; i < 2 * kMaxProofs; ++i, a *= alpha, b *= beta) {
      s.g_alpha_powers.push_back(ec::Mul(ec::G1::Generator(), a).ToAffine());
      s.g_beta_powers.push_back(ec::Mul(ec::G1::Generator(), b).ToAffine());
      s.h_alpha_powers.push_back(ec::Mul(ec::G2::Generator(), a).ToAffine());
      s.h_beta_powers.push_back(ec::Mul(ec::G2::Generator(), b).ToAffine());
    }
    return s;
  }();
  return srs;
}

/// The counts timed, as `bp-oracle aggregate-bench` times them.
void ProofCounts(benchmark::internal::Benchmark* b) {
  for (int n : {2, 8, 32, 128, 512, kMaxProofs}) b->Arg(n);
}

std::vector<groth16::Proof> RandomProofs(size_t n) {
  std::mt19937_64 rng(n);
  std::vector<groth16::Proof> proofs(n);
  for (auto& p : proofs) {
    p.a = ec::Mul(ec::G1::Generator(), Fr::Random(rng)).ToAffine();
    p.b = ec::Mul(ec::G2::Generator(), Fr::Random(rng)).ToAffine();
    p.c = ec::Mul(ec::G1::Generator(), Fr::Random(rng)).ToAffine();
  }
  return proofs;
}

void BM_AggregateProofs(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  auto srs = SpecializeProver(FakeSrs(), n);
  std::vector<groth16::Proof> proofs = RandomProofs(n);
  const uint8_t include[32] = {1};
  for (auto _ : state) {
    auto proof = AggregateProofs(*srs, include, proofs);
    benchmark::DoNotOptimize(proof);
  }
}
BENCHMARK(BM_AggregateProofs)->Apply(ProofCounts)->Unit(benchmark::kMillisecond);

void BM_SpecializeProver(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  FakeSrs();
  for (auto _ : state) {
    auto srs = SpecializeProver(FakeSrs(), n);
    benchmark::DoNotOptimize(srs);
  }
}
BENCHMARK(BM_SpecializeProver)->Apply(ProofCounts)->Unit(benchmark::kMillisecond);

void BM_VerifyAggregate(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  auto prover = SpecializeProver(FakeSrs(), n);
  auto verifier = SpecializeVerifier(FakeSrs(), n);
  const uint8_t include[32] = {1};
  auto proof = AggregateProofs(*prover, include, RandomProofs(n));
  groth16::VerifyingKey vk;
  vk.alpha_g1 = FakeSrs().g_alpha_powers[1];
  vk.beta_g2 = vk.gamma_g2 = vk.delta_g2 = FakeSrs().h_alpha_powers[1];
  vk.ic.assign(2, FakeSrs().g_beta_powers[1]);
  std::vector<std::vector<Fr>> inputs(n, std::vector<Fr>{Fr::One()});
  for (auto _ : state) {
    Status s = VerifyAggregateProof(*verifier, vk, inputs, *proof, include);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_VerifyAggregate)->Apply(ProofCounts)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace cuzk::snarkpack

BENCHMARK_MAIN();
