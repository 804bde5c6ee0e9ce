// SPDX-License-Identifier: Apache-2.0 OR MIT
// Curve and pairing micro-benchmarks: G1/G2 group operations, decompression with the subgroup
// check, scalar multiplication, and the pairing with its two halves.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "ec/pairing.h"
#include "ec/serialization.h"
#include "ec/subgroup_mul.h"
#include "ff/fp_x8_ifma.h"

namespace cuzk::ec {
namespace {

using ff::Fr;

void BM_G1MixedAdd(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G1 acc = Mul(G1::Generator(), Fr::Random(rng));
  G1Affine p = Mul(G1::Generator(), Fr::Random(rng)).ToAffine();
  for (auto _ : state) {
    acc += p;
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(BM_G1MixedAdd);

// 256 independent accumulators, as in MSM bucket accumulation: the cost per mixed addition when
// neighbouring additions overlap.
void BM_G1MixedAddThroughput(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::vector<G1> acc(256);
  std::vector<G1Affine> points(256);
  for (size_t i = 0; i < acc.size(); ++i) {
    acc[i] = Mul(G1::Generator(), Fr::Random(rng));
    points[i] = Mul(G1::Generator(), Fr::Random(rng)).ToAffine();
  }
  for (auto _ : state) {
    for (size_t i = 0; i < acc.size(); ++i) acc[i] += points[i];
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_add"] = benchmark::Counter(
      static_cast<double>(state.iterations() * acc.size()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}
BENCHMARK(BM_G1MixedAddThroughput);

void BM_G1Add(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G1 acc = Mul(G1::Generator(), Fr::Random(rng));
  G1 p = Mul(G1::Generator(), Fr::Random(rng));
  for (auto _ : state) {
    acc += p;
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(BM_G1Add);

void BM_G1Double(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G1 acc = Mul(G1::Generator(), Fr::Random(rng));
  for (auto _ : state) {
    acc = acc.Double();
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(BM_G1Double);

void BM_G2MixedAdd(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G2 acc = Mul(G2::Generator(), Fr::Random(rng));
  G2Affine p = Mul(G2::Generator(), Fr::Random(rng)).ToAffine();
  for (auto _ : state) {
    acc += p;
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(BM_G2MixedAdd);

void BM_G1ScalarMul(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G1 p = G1::Generator();
  Fr k = Fr::Random(rng);
  for (auto _ : state) benchmark::DoNotOptimize(Mul(p, k));
}
BENCHMARK(BM_G1ScalarMul)->Unit(benchmark::kMicrosecond);

void BM_G1MulInG1(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G1Affine p = G1::Generator().ToAffine();
  Fr k = Fr::Random(rng);
  for (auto _ : state) benchmark::DoNotOptimize(MulInG1(p, k));
}
BENCHMARK(BM_G1MulInG1)->Unit(benchmark::kMicrosecond);

void BM_G2ScalarMul(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G2 q = G2::Generator();
  Fr k = Fr::Random(rng);
  for (auto _ : state) benchmark::DoNotOptimize(Mul(q, k));
}
BENCHMARK(BM_G2ScalarMul)->Unit(benchmark::kMicrosecond);

void BM_G2MulInG2(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G2Affine q = G2::Generator().ToAffine();
  Fr k = Fr::Random(rng);
  for (auto _ : state) benchmark::DoNotOptimize(MulInG2(q, k));
}
BENCHMARK(BM_G2MulInG2)->Unit(benchmark::kMicrosecond);

void BM_G1Decompress(benchmark::State& state) {
  std::mt19937_64 rng(1);
  auto bytes = G1ToCompressed(Mul(G1::Generator(), Fr::Random(rng)).ToAffine());
  for (auto _ : state) benchmark::DoNotOptimize(G1FromCompressed(bytes));
}
BENCHMARK(BM_G1Decompress)->Unit(benchmark::kMicrosecond);

// Decoding a run of uncompressed G1 points as a parameter load does (the curve check, no subgroup
// check): 4096 points per iteration, with the IFMA lanes (arg 1) where the CPU has them, or point
// by point (arg 0). The output stays in cache, so this is the decoder alone.
void BM_G1UncompressedRun(benchmark::State& state) {
  const ff::ifma::FpX8Kernels* lanes = state.range(0) ? ff::ifma::CheckedIfmaFpKernels() : nullptr;
  if (state.range(0) && lanes == nullptr) {
    state.SkipWithError("this CPU has no AVX-512 IFMA");
    return;
  }
  constexpr size_t kPoints = 4096;
  std::mt19937_64 rng(1);
  G1 p = Mul(G1::Generator(), Fr::Random(rng)), step = Mul(G1::Generator(), Fr::Random(rng));
  std::vector<uint8_t> bytes;
  for (size_t i = 0; i < kPoints; ++i, p += step) {
    auto b = G1ToUncompressed(p.ToAffine());
    bytes.insert(bytes.end(), b.begin(), b.end());
  }
  std::vector<G1Affine> out(kPoints);
  for (auto _ : state) {
    size_t ok = TryG1RunFromUncompressedFinite(bytes.data(), kPoints, out.data(), lanes);
    if (ok != kPoints) state.SkipWithError("a point failed to decode");
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kPoints));
}
BENCHMARK(BM_G1UncompressedRun)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_G1SubgroupCheck(benchmark::State& state) {
  std::mt19937_64 rng(1);
  G1Affine p = Mul(G1::Generator(), Fr::Random(rng)).ToAffine();
  for (auto _ : state) benchmark::DoNotOptimize(IsInG1Subgroup(p));
}
BENCHMARK(BM_G1SubgroupCheck)->Unit(benchmark::kMicrosecond);

void BM_G2Decompress(benchmark::State& state) {
  std::mt19937_64 rng(1);
  auto bytes = G2ToCompressed(Mul(G2::Generator(), Fr::Random(rng)).ToAffine());
  for (auto _ : state) benchmark::DoNotOptimize(G2FromCompressed(bytes));
}
BENCHMARK(BM_G2Decompress)->Unit(benchmark::kMicrosecond);

void BM_MillerLoop(benchmark::State& state) {
  G2Prepared q = PrepareG2(G2Curve::Generator());
  std::pair<G1Affine, const G2Prepared*> pair{G1Curve::Generator(), &q};
  for (auto _ : state) benchmark::DoNotOptimize(MultiMillerLoop(std::span(&pair, 1)));
}
BENCHMARK(BM_MillerLoop)->Unit(benchmark::kMicrosecond);

void BM_FinalExponentiation(benchmark::State& state) {
  G2Prepared q = PrepareG2(G2Curve::Generator());
  std::pair<G1Affine, const G2Prepared*> pair{G1Curve::Generator(), &q};
  ff::Fp12 f = MultiMillerLoop(std::span(&pair, 1));
  for (auto _ : state) benchmark::DoNotOptimize(FinalExponentiation(f));
}
BENCHMARK(BM_FinalExponentiation)->Unit(benchmark::kMicrosecond);

void BM_Pairing(benchmark::State& state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(Pairing(G1Curve::Generator(), G2Curve::Generator()));
}
BENCHMARK(BM_Pairing)->Unit(benchmark::kMicrosecond);

// A GT element to a 255-bit power: general Fp12 square-and-multiply (Arg 0) and with cyclotomic
// squarings (Arg 1), as SnarkPack's verifier folds its GT commitments.
void BM_GtPow(benchmark::State& state) {
  const ff::Fp12 f = Pairing(G1Curve::Generator(), G2Curve::Generator());
  std::mt19937_64 rng(3);
  const auto k = ff::Fr::Random(rng).ToCanonical();
  for (auto _ : state) {
    benchmark::DoNotOptimize(state.range(0) ? f.CyclotomicPow(k) : f.Pow(k));
  }
}
BENCHMARK(BM_GtPow)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace cuzk::ec

BENCHMARK_MAIN();
