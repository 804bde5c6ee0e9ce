// SPDX-License-Identifier: Apache-2.0 OR MIT
// A full Groth16 proof of a random satisfiable R1CS with 2^k constraints (input constraints
// included), with the phase breakdown as counters (seconds): fft, msm_h, msm_l, msm_a, msm_b_g1,
// msm_b_g2. Test parameters are generated once per size before timing (that takes a while).
// The proof is verified after timing; a failure aborts the benchmark.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <map>

#include "bench_util.h"
#include "groth16/generator.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "r1cs/shape.h"
#include "r1cs/test_constraint_system.h"
#include "support/test_circuits.h"

namespace cuzk::groth16 {
namespace {

constexpr size_t kInputs = 4;

const ProvingKey& KeyFor(int log_n, const r1cs::Circuit& circuit) {
  static std::map<int, ProvingKey> cache;
  auto it = cache.find(log_n);
  if (it != cache.end()) return it->second;
  auto start = std::chrono::steady_clock::now();
  auto shape = r1cs::ShapeRecorder::Record(circuit);
  auto pk = GenerateParameters(*shape, ToxicWaste::FromSeed(1));
  std::fprintf(stderr, "generated test parameters for 2^%d constraints in %.1f s\n", log_n,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return cache.emplace(log_n, std::move(*pk)).first->second;
}

void BM_Groth16Prove(benchmark::State& state) {
  int log_n = static_cast<int>(state.range(0));
  // Constraints = random + one tie per input + appended input constraints (inputs + ONE).
  size_t random = (size_t{1} << log_n) - 2 * kInputs - 1;
  testing::RandomCircuit circuit(random, kInputs, 3);
  const ProvingKey& pk = KeyFor(log_n, circuit);
  ProverTimings t;
  Proof proof;
  for (auto _ : state) {
    state.PauseTiming();
    r1cs::ProvingAssignment pa(r1cs::CEvaluations::kDerive);  // as the engine synthesizes
    auto synth_start = std::chrono::steady_clock::now();
    if (!pa.SynthesizeFrom(circuit).ok()) state.SkipWithError("synthesis failed");
    state.counters["synthesis"] =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - synth_start).count();
    state.ResumeTiming();
    auto p = CreateRandomProof(pk, pa, {.timings = &t});
    if (!p.ok()) state.SkipWithError(p.status().ToString().c_str());
    proof = *p;
  }
  r1cs::TestConstraintSystem cs;
  (void)circuit.Synthesize(cs);
  std::vector<ff::Fr> inputs(cs.inputs().begin() + 1, cs.inputs().end());
  if (!VerifyProof(PrepareVerifyingKey(pk.vk), proof, inputs).ok()) {
    state.SkipWithError("the benchmarked proof does not verify");
  }
  state.counters["fft"] = t.fft;
  state.counters["msm_h"] = t.msm_h;
  state.counters["msm_l"] = t.msm_l;
  state.counters["msm_a"] = t.msm_a;
  state.counters["msm_b_g1"] = t.msm_b_g1;
  state.counters["msm_b_g2"] = t.msm_b_g2;
  state.counters["constraints_per_s"] = benchmark::Counter(
      static_cast<double>(size_t{1} << log_n) * state.iterations(), benchmark::Counter::kIsRate);
  bench::ReportPeakRss(state);
}
BENCHMARK(BM_Groth16Prove)
    ->Arg(16)
    ->Arg(20)
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

}  // namespace
}  // namespace cuzk::groth16

BENCHMARK_MAIN();
