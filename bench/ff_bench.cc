// SPDX-License-Identifier: Apache-2.0 OR MIT
// Field micro-benchmarks: ns per operation for Fp, Fr and the tower. Each loop feeds its result
// back into the next iteration so the measured figure is latency, not throughput.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "ff/fp.h"
#include "ff/fp12.h"
#include "ff/fr.h"
#if defined(__x86_64__)
#include "ff/fp_x8_ifma.h"
#include "ff/fr_x4_avx2.h"
#include "ff/fr_x8_ifma.h"
#endif

namespace cuzk::ff {
namespace {

// A chain of dependent products. In place (a *= b) it is the kernel's latency, call included,
// as gnark-crypto's BenchmarkElementMul measures it (z.Mul(&z, &x)): BM_FpMul, BM_FrMul.
// Written a = a * b (BM_*MulByValue), the product goes to a temporary that GCC copies into a
// with 16-byte SSE moves, and this CPU cannot forward the kernel's two 8-byte stores to one
// 16-byte load: it waits for them to reach the cache. On the project's VM that added ~7 ns (Fr 15
// -> 22 ns, Fp 26 -> 33 ns). Copying field elements limb by limb removed it but made the NTT and
// the MSM 2-5% slower through their bulk copies, so the copies stay as they are.
template <typename F, bool kInPlace>
void BM_Mul(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F a = F::Random(rng), b = F::Random(rng);
  for (auto _ : state) {
    if constexpr (kInPlace) {
      a *= b;
    } else {
      a = a * b;
    }
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_Mul<Fp, true>)->Name("BM_FpMul");
BENCHMARK(BM_Mul<Fr, true>)->Name("BM_FrMul");
BENCHMARK(BM_Mul<Fp, false>)->Name("BM_FpMulByValue");
BENCHMARK(BM_Mul<Fr, false>)->Name("BM_FrMulByValue");

// Independent products over a batch of 256 pairs: the cost per multiplication when the CPU can
// overlap neighbouring ones, as in MSM bucket accumulation and tower arithmetic.
template <typename F>
void BM_MulThroughput(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::vector<F> a(256), b(256);
  for (auto& x : a) x = F::Random(rng);
  for (auto& x : b) x = F::Random(rng);
  for (auto _ : state) {
    for (size_t i = 0; i < a.size(); ++i) a[i] *= b[i];
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * a.size());
  state.counters["ns_per_mul"] = benchmark::Counter(
      static_cast<double>(state.iterations() * a.size()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}
BENCHMARK(BM_MulThroughput<Fp>)->Name("BM_FpMulThroughput");
BENCHMARK(BM_MulThroughput<Fr>)->Name("BM_FrMulThroughput");

#if defined(__x86_64__)
// X::kLanes F products per call of a vector kernel, over a batch of 64 independent groups:
// ns per product, to compare with BM_FrMulThroughput (BM_FpMulThroughput). Skipped where
// `supported` is false.
template <typename X, typename F = Fr>
void VectorMulThroughput(benchmark::State& state, bool supported, const char* missing,
                         void (*mul)(X&, const X&, const X&)) {
  if (!supported) {
    state.SkipWithError(missing);
    return;
  }
  std::mt19937_64 rng(1);
  std::vector<X> a(64), b(64);
  for (size_t i = 0; i < a.size(); ++i) {
    std::array<typename X::Words, X::kLanes> x, y;
    for (int k = 0; k < X::kLanes; ++k) {
      x[k] = F::Random(rng).montgomery();
      y[k] = F::Random(rng).montgomery();
    }
    a[i] = X::Pack(x);
    b[i] = X::Pack(y);
  }
  for (auto _ : state) {
    for (size_t i = 0; i < a.size(); ++i) mul(a[i], a[i], b[i]);
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_mul"] = benchmark::Counter(
      static_cast<double>(state.iterations() * a.size() * X::kLanes),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}

// Four products per call on AVX2 (ff/fr_x4_avx2.h).
void BM_FrMulX4Avx2Throughput(benchmark::State& state) {
  VectorMulThroughput<avx2::FrX4>(state, avx2::FrX4Supported(), "this CPU has no AVX2",
                                  avx2::MulMontFrX4);
}
BENCHMARK(BM_FrMulX4Avx2Throughput);

// Eight products per call on AVX-512 IFMA (ff/fr_x8_ifma.h).
void BM_FrMulX8IfmaThroughput(benchmark::State& state) {
  VectorMulThroughput<ifma::FrX8>(state, ifma::FrX8Supported(), "this CPU has no AVX-512 IFMA",
                                  ifma::MulMontFrX8);
}
BENCHMARK(BM_FrMulX8IfmaThroughput);

// Eight Fp products per call on AVX-512 IFMA (ff/fp_x8_ifma.h), for BM_FpMulThroughput.
void BM_FpMulX8IfmaThroughput(benchmark::State& state) {
  VectorMulThroughput<ifma::FpX8, Fp>(state, ifma::FrX8Supported(), "this CPU has no AVX-512 IFMA",
                                      ifma::MulMontFpX8);
}
BENCHMARK(BM_FpMulX8IfmaThroughput);
#endif

// Squaring: Fp has its own kernel (21 products instead of 36); Fr squares with its product.
template <typename F>
void BM_Square(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F a = F::Random(rng);
  for (auto _ : state) {
    a = a.Square();
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_Square<Fp>)->Name("BM_FpSquare");

// Independent squarings over a batch of 256 values.
template <typename F>
void BM_SquareThroughput(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::vector<F> a(256);
  for (auto& x : a) x = F::Random(rng);
  for (auto _ : state) {
    for (auto& x : a) x = x.Square();
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_square"] = benchmark::Counter(
      static_cast<double>(state.iterations() * a.size()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}
BENCHMARK(BM_SquareThroughput<Fp>)->Name("BM_FpSquareThroughput");

template <typename F>
void BM_PortableMul(benchmark::State& state) {
  std::mt19937_64 rng(1);
  typename F::Repr a = F::Random(rng).montgomery(), b = F::Random(rng).montgomery();
  for (auto _ : state) {
    F::MulPortable(a, a, b);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_PortableMul<Fp>)->Name("BM_FpMulPortable");
BENCHMARK(BM_PortableMul<Fr>)->Name("BM_FrMulPortable");

template <typename F>
void BM_Add(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F a = F::Random(rng), b = F::Random(rng);
  for (auto _ : state) {
    a = a + b;
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_Add<Fp>)->Name("BM_FpAdd");
BENCHMARK(BM_Add<Fr>)->Name("BM_FrAdd");

// Chained inversions (each result, plus one, is inverted next) with the given method.
template <typename F, F (F::*Invert)() const>
void BM_Inverse(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F a = F::Random(rng);
  for (auto _ : state) {
    a = (a.*Invert)() + F::One();
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_Inverse<Fp, &Fp::Inverse>)->Name("BM_FpInverse");
BENCHMARK(BM_Inverse<Fp, &Fp::InverseVartime>)->Name("BM_FpInverseVartime");
BENCHMARK(BM_Inverse<Fr, &Fr::InverseVartime>)->Name("BM_FrInverseVartime");

void BM_FpSqrt(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Fp a = Fp::Random(rng).Square();
  for (auto _ : state) benchmark::DoNotOptimize(a.Sqrt());
}
BENCHMARK(BM_FpSqrt);

void BM_Fp2Mul(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Fp2 a = Fp2::Random(rng), b = Fp2::Random(rng);
  for (auto _ : state) {
    a = a * b;
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_Fp2Mul);

void BM_Fp12Mul(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Fp12 a = Fp12::Random(rng), b = Fp12::Random(rng);
  for (auto _ : state) {
    a = a * b;
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_Fp12Mul);

void BM_Fp12CyclotomicSquare(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Fp12 a = Fp12::Random(rng);
  a = a.Conjugate() * a.Inverse();
  a = a.Frobenius(2) * a;  // now in the cyclotomic subgroup
  for (auto _ : state) {
    a = a.CyclotomicSquare();
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_Fp12CyclotomicSquare);

}  // namespace
}  // namespace cuzk::ff

BENCHMARK_MAIN();
