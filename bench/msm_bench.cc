// SPDX-License-Identifier: Apache-2.0 OR MIT
// MSM benchmarks: G1 and G2 Pippenger on full-width random scalars and on Filecoin-like scalars
// (90% zeros and ones), sizes 2^k, all hardware threads. Reports points/s and peak RSS.
#include <benchmark/benchmark.h>

#include <random>

#include "bench_util.h"
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

void BM_MsmG1(benchmark::State& state) {
  size_t n = size_t{1} << state.range(0);
  static auto bases = bench::DistinctPoints<ec::G1>(size_t{1} << 22);
  auto scalars = Scalars(n, state.range(1) != 0);
  for (auto _ : state) {
    benchmark::DoNotOptimize(MsmG1(std::span(bases).first(n), scalars));
  }
  state.counters["points_per_s"] =
      benchmark::Counter(static_cast<double>(n * state.iterations()), benchmark::Counter::kIsRate);
  bench::ReportPeakRss(state);
}
// Args: log2(size), 90% trivial scalars?
BENCHMARK(BM_MsmG1)
    ->ArgsProduct({{16, 18, 20, 22}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_MsmG2(benchmark::State& state) {
  size_t n = size_t{1} << state.range(0);
  auto bases = bench::DistinctPoints<ec::G2>(n);
  auto scalars = Scalars(n, false);
  for (auto _ : state) benchmark::DoNotOptimize(MsmG2(bases, scalars));
  state.counters["points_per_s"] =
      benchmark::Counter(static_cast<double>(n * state.iterations()), benchmark::Counter::kIsRate);
  bench::ReportPeakRss(state);
}
BENCHMARK(BM_MsmG2)->Arg(16)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace cuzk::msm

BENCHMARK_MAIN();
