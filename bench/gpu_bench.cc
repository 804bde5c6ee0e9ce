// SPDX-License-Identifier: Apache-2.0 OR MIT
// GPU benchmarks (CUDA backend, device 0), data resident on the device: G1 MSM of 2^20..2^26
// random or 90%-trivial scalars, one NTT and the whole quotient H at 2^22..2^27, and the G1 work
// of one 32GiB PoRep partition (H at 2^27, then the h, l, a and b_g1 MSMs at that circuit's
// sizes; the b_g2 MSM, on the CPU, is left out); then the MSM and the partition with the bases
// streamed from host memory (CudaBackend's path for a key too large for the card). Bases are
// 2^20 distinct points repeated (an MSM's cost does not depend on the bases' values). Each
// benchmark reports an error and no time
// when no GPU is usable. Timings are wall clock around synchronous calls (every launcher waits
// for its kernels), host-side window folding included.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "bench_util.h"
#include "gpu/device_ops.h"

namespace cuzk::gpu {
namespace {

using ff::Fr;

constexpr int kDevice = 0;

// The 32GiB PoRep partition's query sizes (Curio's recorded circuit: 130,278,869 aux variables,
// 129,753,621 A-query and 33,112,282 B-query points), rounded to whole millions.
constexpr size_t kPartitionL = 130'000'000, kPartitionA = 130'000'000, kPartitionB = 33'000'000;
constexpr unsigned kPartitionLogN = 27;

// Returns the reason no GPU is usable, or empty.
std::string NoDevice() {
  auto devices = ListDevices();
  return devices.ok() ? "" : "no GPU: " + devices.status().message();
}

// Device bases shared by every benchmark: 2^27 of them, built on first use.
const DeviceBases* Bases() {
  static Result<DeviceBases> bases = [] {
    auto pattern = bench::DistinctPoints<ec::G1>(size_t{1} << 20);
    return DeviceBases::Repeat(kDevice, pattern, size_t{1} << kPartitionLogN, "benchmark bases");
  }();
  return bases.ok() ? &*bases : nullptr;
}

// Returns n device scalars: random, or 90% zeros and ones (as a Filecoin witness's aux values).
Result<DeviceMemory> Scalars(size_t n, bool mostly_trivial, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> pattern(std::min<size_t>(n, size_t{1} << 22));
  for (auto& k : pattern) {
    k = Fr::Random(rng);
    if (mostly_trivial && rng() % 10 != 0) k = (rng() & 1) ? Fr::One() : Fr::Zero();
  }
  ASSIGN_OR_RETURN(auto memory, DeviceMemory::Allocate(kDevice, n * sizeof(Fr), "scalars"));
  for (size_t begin = 0; begin < n; begin += pattern.size()) {
    size_t count = std::min(pattern.size(), n - begin);
    RETURN_IF_ERROR(memory.Upload(pattern.data(), count * sizeof(Fr), begin * sizeof(Fr)));
  }
  return memory;
}

#define SKIP_ON_ERROR(state, status)                    \
  if (!(status).ok()) {                                 \
    (state).SkipWithError((status).ToString().c_str()); \
    return;                                             \
  }

void BM_GpuMsmG1(benchmark::State& state) {
  if (std::string why = NoDevice(); !why.empty()) return state.SkipWithError(why.c_str());
  size_t n = size_t{1} << state.range(0);
  const DeviceBases* bases = Bases();
  if (!bases) return state.SkipWithError("uploading the bases failed");
  auto scalars = Scalars(n, state.range(1) != 0, 7);
  SKIP_ON_ERROR(state, scalars.status());
  for (auto _ : state) {
    auto sum = MsmG1(*bases, scalars->as<const DevFr>(), n);
    SKIP_ON_ERROR(state, sum.status());
    benchmark::DoNotOptimize(*sum);
  }
  state.counters["points_per_s"] =
      benchmark::Counter(static_cast<double>(n * state.iterations()), benchmark::Counter::kIsRate);
}
// Args: log2(points), 90% trivial scalars?
BENCHMARK(BM_GpuMsmG1)
    ->ArgsProduct({{20, 22, 24, 26}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_GpuNtt(benchmark::State& state) {
  if (std::string why = NoDevice(); !why.empty()) return state.SkipWithError(why.c_str());
  unsigned log_n = static_cast<unsigned>(state.range(0));
  auto quotient = DeviceQuotient::Create(kDevice, log_n);
  SKIP_ON_ERROR(state, quotient.status());
  auto values = Scalars(size_t{1} << log_n, false, 8);
  SKIP_ON_ERROR(state, values.status());
  for (auto _ : state) {
    Status s = quotient->Transform(values->as<DevFr>(), false);
    SKIP_ON_ERROR(state, s);
  }
}
BENCHMARK(BM_GpuNtt)->Arg(22)->Arg(24)->Arg(27)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_GpuQuotient(benchmark::State& state) {
  if (std::string why = NoDevice(); !why.empty()) return state.SkipWithError(why.c_str());
  unsigned log_n = static_cast<unsigned>(state.range(0));
  size_t n = size_t{1} << log_n;
  auto quotient = DeviceQuotient::Create(kDevice, log_n);
  SKIP_ON_ERROR(state, quotient.status());
  auto a = Scalars(n, false, 9), b = Scalars(n, false, 10);
  SKIP_ON_ERROR(state, a.status());
  SKIP_ON_ERROR(state, b.status());
  auto c = DeviceMemory::Allocate(kDevice, n * sizeof(Fr), "c");
  SKIP_ON_ERROR(state, c.status());
  for (auto _ : state) {
    Status s = quotient->Run(a->as<DevFr>(), b->as<DevFr>(), c->as<DevFr>(), true);
    SKIP_ON_ERROR(state, s);
  }
}
// H from a and b (c = a*b derived on the device): six transforms, the scalings and the quotient.
BENCHMARK(BM_GpuQuotient)->Arg(22)->Arg(24)->Arg(27)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_GpuPoRep32GiBPartition(benchmark::State& state) {
  if (std::string why = NoDevice(); !why.empty()) return state.SkipWithError(why.c_str());
  size_t n = size_t{1} << kPartitionLogN;
  const DeviceBases* bases = Bases();
  if (!bases) return state.SkipWithError("uploading the bases failed");
  auto quotient = DeviceQuotient::Create(kDevice, kPartitionLogN);
  SKIP_ON_ERROR(state, quotient.status());
  auto a = Scalars(n, false, 11), b = Scalars(n, false, 12);
  auto c = DeviceMemory::Allocate(kDevice, n * sizeof(Fr), "c");
  auto aux = Scalars(kPartitionL, true, 13);
  SKIP_ON_ERROR(state, a.status());
  SKIP_ON_ERROR(state, b.status());
  SKIP_ON_ERROR(state, c.status());
  SKIP_ON_ERROR(state, aux.status());
  for (auto _ : state) {
    Status s = quotient->Run(a->as<DevFr>(), b->as<DevFr>(), c->as<DevFr>(), true);
    SKIP_ON_ERROR(state, s);
    for (auto [scalars, count] :
         {std::pair{a->as<const DevFr>(), n - 1}, std::pair{aux->as<const DevFr>(), kPartitionL},
          std::pair{aux->as<const DevFr>(), kPartitionA},
          std::pair{aux->as<const DevFr>(), kPartitionB}}) {
      auto sum = MsmG1(*bases, scalars, count);
      SKIP_ON_ERROR(state, sum.status());
      benchmark::DoNotOptimize(*sum);
    }
  }
}
BENCHMARK(BM_GpuPoRep32GiBPartition)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

// Host bases for the streamed benchmarks: 2^27 points (14 GB of host memory), the 2^20 distinct
// points of Bases() repeated, built on first use.
const std::vector<ec::G1Affine>& HostBases() {
  static const std::vector<ec::G1Affine> bases = [] {
    auto pattern = bench::DistinctPoints<ec::G1>(size_t{1} << 20);
    std::vector<ec::G1Affine> out(size_t{1} << kPartitionLogN);
    for (size_t begin = 0; begin < out.size(); begin += pattern.size())
      std::copy(pattern.begin(), pattern.end(), out.begin() + static_cast<ptrdiff_t>(begin));
    return out;
  }();
  return bases;
}

void BM_GpuStreamedMsmG1(benchmark::State& state) {
  if (std::string why = NoDevice(); !why.empty()) return state.SkipWithError(why.c_str());
  size_t n = size_t{1} << state.range(0);
  auto streamer = BaseStreamer::Create(kDevice, size_t{1} << state.range(1));
  SKIP_ON_ERROR(state, streamer.status());
  SKIP_ON_ERROR(state, streamer->AllocateDevice());
  auto scalars = Scalars(n, false, 14);
  SKIP_ON_ERROR(state, scalars.status());
  const auto& bases = HostBases();
  for (auto _ : state) {
    auto sum = streamer->Msm(bases, scalars->as<const DevFr>(), n);
    SKIP_ON_ERROR(state, sum.status());
    benchmark::DoNotOptimize(*sum);
  }
  state.counters["points_per_s"] =
      benchmark::Counter(static_cast<double>(n * state.iterations()), benchmark::Counter::kIsRate);
}
// Args: log2(points), log2(bases per chunk). The bases cross from host memory every time (a key
// too large for the card, CudaBackend's streaming path), random scalars.
BENCHMARK(BM_GpuStreamedMsmG1)
    ->ArgsProduct({{24, 26}, {22, 24}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The G1 work of BM_GpuPoRep32GiBPartition with the key streamed from host memory in chunks of
// 2^arg bases, as on a card too small for its 38 GiB (a 24 GB card takes chunks of 2^24).
void BM_GpuPoRep32GiBPartitionStreamed(benchmark::State& state) {
  if (std::string why = NoDevice(); !why.empty()) return state.SkipWithError(why.c_str());
  size_t n = size_t{1} << kPartitionLogN;
  const auto& bases = HostBases();
  auto streamer = BaseStreamer::Create(kDevice, size_t{1} << state.range(0));
  SKIP_ON_ERROR(state, streamer.status());
  auto quotient = DeviceQuotient::Create(kDevice, kPartitionLogN);
  SKIP_ON_ERROR(state, quotient.status());
  for (auto _ : state) {
    {  // a, b and c for the quotient, as a proof holds them
      auto a = Scalars(n, false, 11), b = Scalars(n, false, 12);
      auto c = DeviceMemory::Allocate(kDevice, n * sizeof(Fr), "c");
      SKIP_ON_ERROR(state, a.status());
      SKIP_ON_ERROR(state, b.status());
      SKIP_ON_ERROR(state, c.status());
      Status s = quotient->Run(a->as<DevFr>(), b->as<DevFr>(), c->as<DevFr>(), true);
      SKIP_ON_ERROR(state, s);
      SKIP_ON_ERROR(state, streamer->AllocateDevice());
      auto h = streamer->Msm(bases, a->as<const DevFr>(), n - 1);
      SKIP_ON_ERROR(state, h.status());
      benchmark::DoNotOptimize(*h);
    }
    auto aux = Scalars(kPartitionL, true, 13);
    SKIP_ON_ERROR(state, aux.status());
    for (size_t count : {kPartitionL, kPartitionA, kPartitionB}) {
      auto sum = streamer->Msm(bases, aux->as<const DevFr>(), count);
      SKIP_ON_ERROR(state, sum.status());
      benchmark::DoNotOptimize(*sum);
    }
    streamer->ReleaseDevice();
  }
}
BENCHMARK(BM_GpuPoRep32GiBPartitionStreamed)
    ->Arg(24)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(2);

}  // namespace
}  // namespace cuzk::gpu

BENCHMARK_MAIN();
