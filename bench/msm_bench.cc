// SPDX-License-Identifier: Apache-2.0 OR MIT
// MSM benchmarks: G1 and G2 Pippenger on full-width random scalars and on Filecoin-like scalars
// (90% zeros and ones), sizes 2^k, all hardware threads. Reports points/s and peak RSS. BM_MsmG1
// and BM_MsmG2 add on eight AVX-512 IFMA Fp lanes where the CPU has them (label "ifma");
// BM_MsmG1Scalar and BM_MsmG2Scalar never, as their baselines there.
#include <benchmark/benchmark.h>

#include <random>

#include "bench_util.h"
#include "ff/fp_x8_ifma.h"
#include "msm/pippenger.h"

namespace cuzk::msm {
namespace {

std::vector<Fr> Scalars(size_t n, bool mostly_trivial) {
  std::mt19937_64 rng(7);
  std::vector<Fr> s(n);
  for (auto& k : s) {
    k = Fr::Random(rng);
    if (mostly_trivial && rng() % 10 != 0) k = (rng() & 1) ? Fr::One() : Fr::Zero();
  }
  return s;
}

// Times G1 MSMs of 2^range(0) points, with 90% trivial scalars if range(1), on `kernel`.
void RunMsmG1(benchmark::State& state, MsmKernel kernel) {
  size_t n = size_t{1} << state.range(0);
  static auto bases = bench::DistinctPoints<ec::G1>(size_t{1} << 22);
  auto scalars = Scalars(n, state.range(1) != 0);
  for (auto _ : state) {
    benchmark::DoNotOptimize(MsmG1(std::span(bases).first(n), scalars, 0, nullptr, kernel));
  }
  state.counters["points_per_s"] =
      benchmark::Counter(static_cast<double>(n * state.iterations()), benchmark::Counter::kIsRate);
  bool lanes = kernel == MsmKernel::kAuto && ff::ifma::CheckedIfmaFpKernels() != nullptr;
  state.SetLabel(lanes ? "ifma" : "scalar");
  bench::ReportPeakRss(state);
}

void BM_MsmG1(benchmark::State& state) { RunMsmG1(state, MsmKernel::kAuto); }
// Args: log2(size), 90% trivial scalars?
BENCHMARK(BM_MsmG1)
    ->ArgsProduct({{16, 18, 20, 22}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The scalar field arithmetic on any CPU: BM_MsmG1's baseline where the CPU has AVX-512 IFMA.
void BM_MsmG1Scalar(benchmark::State& state) { RunMsmG1(state, MsmKernel::kScalar); }
BENCHMARK(BM_MsmG1Scalar)
    ->ArgsProduct({{16, 20}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Times G2 MSMs of 2^range(0) random scalars on `kernel`.
void RunMsmG2(benchmark::State& state, MsmKernel kernel) {
  size_t n = size_t{1} << state.range(0);
  auto bases = bench::DistinctPoints<ec::G2>(n);
  auto scalars = Scalars(n, false);
  for (auto _ : state) benchmark::DoNotOptimize(MsmG2(bases, scalars, 0, nullptr, kernel));
  state.counters["points_per_s"] =
      benchmark::Counter(static_cast<double>(n * state.iterations()), benchmark::Counter::kIsRate);
  bool lanes = kernel == MsmKernel::kAuto && ff::ifma::CheckedIfmaFpKernels() != nullptr;
  state.SetLabel(lanes ? "ifma" : "scalar");
  bench::ReportPeakRss(state);
}

void BM_MsmG2(benchmark::State& state) { RunMsmG2(state, MsmKernel::kAuto); }
BENCHMARK(BM_MsmG2)->Arg(16)->Unit(benchmark::kMillisecond)->UseRealTime();

// BM_MsmG2's baseline where the CPU has AVX-512 IFMA.
void BM_MsmG2Scalar(benchmark::State& state) { RunMsmG2(state, MsmKernel::kScalar); }
BENCHMARK(BM_MsmG2Scalar)->Arg(16)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace cuzk::msm

BENCHMARK_MAIN();
