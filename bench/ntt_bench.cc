// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTT benchmarks: forward FFT and the coset FFT of sizes 2^k on all hardware threads.
#include <benchmark/benchmark.h>

#include <random>

#include "bench_util.h"
#include "ntt/evaluation_domain.h"

namespace cuzk::ntt {
namespace {

void BM_Fft(benchmark::State& state) {
  auto domain = *EvaluationDomain::ForSize(size_t{1} << state.range(0));
  std::mt19937_64 rng(1);
  std::vector<Fr> values(domain.size());
  for (auto& v : values) v = Fr::Random(rng);
  for (auto _ : state) {
    domain.Fft(values);
    benchmark::ClobberMemory();
  }
  state.counters["elements_per_s"] = benchmark::Counter(
      static_cast<double>(domain.size() * state.iterations()), benchmark::Counter::kIsRate);
  bench::ReportPeakRss(state);
}
BENCHMARK(BM_Fft)->DenseRange(16, 22, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

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
