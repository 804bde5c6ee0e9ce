// SPDX-License-Identifier: Apache-2.0 OR MIT
// Synthesis throughput of the gadgets into a ProvingAssignment on one thread: SHA-256
// compressions and Poseidon arity-8 and arity-11 hashes. Counters: constraints per second and
// heap allocations per constraint (counted by replacing the global operator new in this binary).
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <random>

#include "gadgets/poseidon.h"
#include "gadgets/sha256.h"
#include "r1cs/proving_assignment.h"

namespace {
std::atomic<uint64_t> g_allocations{0};
}  // namespace

void* operator new(size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
// GCC's -Wmismatched-new-delete cannot see that the replacement new above uses malloc.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace cuzk::gadgets {
namespace {

void Report(benchmark::State& state, uint64_t constraints, uint64_t allocations) {
  state.counters["constraints_per_s"] =
      benchmark::Counter(static_cast<double>(constraints), benchmark::Counter::kIsRate);
  state.counters["allocs_per_constraint"] =
      static_cast<double>(allocations) / static_cast<double>(constraints);
}

void BM_Sha256CompressionSynthesis(benchmark::State& state) {
  std::mt19937_64 rng(1);
  uint64_t constraints = 0, allocations = 0;
  for (auto _ : state) {
    state.PauseTiming();
    r1cs::ProvingAssignment pa;
    pa.Reserve(8 * 25840 + 512, 8 * 25840 + 512);
    std::vector<Boolean> block;
    for (int i = 0; i < 512; ++i) block.push_back(Boolean::Alloc(pa, rng() & 1));
    size_t before = pa.num_constraints();
    uint64_t alloc_before = g_allocations.load();
    state.ResumeTiming();
    for (int k = 0; k < 8; ++k) benchmark::DoNotOptimize(Sha256Compression(pa, block, Sha256Iv()));
    state.PauseTiming();
    allocations += g_allocations.load() - alloc_before;
    constraints += pa.num_constraints() - before;
    state.ResumeTiming();
  }
  Report(state, constraints, allocations);
}
BENCHMARK(BM_Sha256CompressionSynthesis)->Unit(benchmark::kMillisecond);

void BM_PoseidonSynthesis(benchmark::State& state) {
  size_t arity = static_cast<size_t>(state.range(0));
  std::mt19937_64 rng(2);
  uint64_t constraints = 0, allocations = 0;
  for (auto _ : state) {
    state.PauseTiming();
    r1cs::ProvingAssignment pa;
    pa.Reserve(101 * 600, 101 * 600 + 16);
    std::vector<AllocatedNum> preimage;
    for (size_t i = 0; i < arity; ++i) preimage.push_back(AllocatedNum::Alloc(pa, Fr::Random(rng)));
    (void)PoseidonHashGadget(pa, preimage);  // warm the constant cache
    size_t before = pa.num_constraints();
    uint64_t alloc_before = g_allocations.load();
    state.ResumeTiming();
    for (int k = 0; k < 100; ++k) benchmark::DoNotOptimize(PoseidonHashGadget(pa, preimage));
    state.PauseTiming();
    allocations += g_allocations.load() - alloc_before;
    constraints += pa.num_constraints() - before;
    state.ResumeTiming();
  }
  Report(state, constraints, allocations);
}
BENCHMARK(BM_PoseidonSynthesis)->Arg(8)->Arg(11)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace cuzk::gadgets

BENCHMARK_MAIN();
