// SPDX-License-Identifier: Apache-2.0 OR MIT
// Native hash throughput: batched Poseidon (optimized schedule; arity 2, 8, 11) as tree building
// uses it, on all
// threads, and SHA-256 of 64-byte messages (tree-D nodes).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "hash/poseidon_optimized.h"
#include "hash/sha256.h"

namespace cuzk::hash {
namespace {

void BM_PoseidonHashMany(benchmark::State& state) {
  size_t arity = static_cast<size_t>(state.range(0));
  size_t count = 1 << 14;
  std::mt19937_64 rng(1);
  std::vector<Fr> preimages(count * arity), out(count);
  for (auto& x : preimages) x = Fr::Random(rng);
  for (auto _ : state) {
    (void)PoseidonHashMany(arity, preimages, out);
    benchmark::ClobberMemory();
  }
  state.counters["hashes_per_s"] = benchmark::Counter(
      static_cast<double>(count * state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PoseidonHashMany)
    ->Arg(2)
    ->Arg(8)
    ->Arg(11)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_Sha256Node(benchmark::State& state) {
  std::vector<uint8_t> data(64, 7);
  for (auto _ : state) {
    Digest d = Sha256(data);
    data[0] = d[0];
    benchmark::DoNotOptimize(d);
  }
  state.counters["hashes_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Sha256Node);

}  // namespace
}  // namespace cuzk::hash

BENCHMARK_MAIN();
