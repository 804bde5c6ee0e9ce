// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTT benchmarks: forward FFT and the coset FFT of sizes 2^k on all hardware threads. BM_Fft
// (eight-lane IFMA butterflies where the CPU has them; BM_FftScalar never) uses the domain's
// precomputed twiddle tables (built once per size and process, before the
// timing, as the prover's domains reuse them); BM_FftPerCallTwiddles computes them in every call,
// as domains above 2^22 points do (BM_FftPerCallTwiddlesScalar: the same on scalar butterflies).
#include <benchmark/benchmark.h>

#include <random>

#include "bench_util.h"
#include "ntt/evaluation_domain.h"

namespace cuzk::ntt {
namespace {

// Times FFTs of 2^range(0) random values with the given twiddle tables and kernel (labelled
// "ifma" or "scalar": what kAuto chose).
void RunFft(benchmark::State& state, TwiddleTables tables, NttKernel kernel = NttKernel::kAuto) {
  auto domain = *EvaluationDomain::ForSize(size_t{1} << state.range(0), tables, kernel);
  state.SetLabel(domain.kernel() == NttKernel::kEightLaneIfma ? "ifma" : "scalar");
  std::mt19937_64 rng(1);
  std::vector<Fr> values(domain.size());
  for (auto& v : values) v = Fr::Random(rng);
  domain.Fft(values);  // the eight-lane kernels pack their twiddles on first use
  for (auto _ : state) {
    domain.Fft(values);
    benchmark::ClobberMemory();
  }
  state.counters["elements_per_s"] = benchmark::Counter(
      static_cast<double>(domain.size() * state.iterations()), benchmark::Counter::kIsRate);
  bench::ReportPeakRss(state);
}

void BM_Fft(benchmark::State& state) { RunFft(state, TwiddleTables::kPrecomputed); }
BENCHMARK(BM_Fft)->DenseRange(16, 22, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The scalar butterflies on any CPU: BM_Fft's baseline where the CPU has AVX-512 IFMA.
void BM_FftScalar(benchmark::State& state) {
  RunFft(state, TwiddleTables::kPrecomputed, NttKernel::kScalar);
}
BENCHMARK(BM_FftScalar)->DenseRange(16, 22, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_FftPerCallTwiddles(benchmark::State& state) { RunFft(state, TwiddleTables::kPerCall); }
BENCHMARK(BM_FftPerCallTwiddles)
    ->Arg(22)
    ->Arg(24)
    ->Arg(26)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// BM_FftPerCallTwiddles' baseline where the CPU has AVX-512 IFMA.
void BM_FftPerCallTwiddlesScalar(benchmark::State& state) {
  RunFft(state, TwiddleTables::kPerCall, NttKernel::kScalar);
}
BENCHMARK(BM_FftPerCallTwiddlesScalar)
    ->Arg(22)
    ->Arg(24)
    ->Arg(26)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_CosetFft(benchmark::State& state) {
  auto domain = *EvaluationDomain::ForSize(size_t{1} << state.range(0));
  std::mt19937_64 rng(1);
  std::vector<Fr> values(domain.size());
  for (auto& v : values) v = Fr::Random(rng);
  for (auto _ : state) {
    domain.CosetFft(values);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_CosetFft)->Arg(20)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace cuzk::ntt

BENCHMARK_MAIN();
