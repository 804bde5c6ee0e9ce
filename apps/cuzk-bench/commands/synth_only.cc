// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench synth-only`: synthesizes PoRep partitions into the prover's ProvingAssignment (or
// a witness-only or counting system) and reports seconds, constraints per second and peak RSS.
// Until the C1 reader lands, the partition is filled with seeded placeholder values of the right
// shape: synthesis work does not depend on the witness being satisfiable.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <map>

#include "circuits/porep/stacked_circuit.h"
#include "commands/commands.h"
#include "filecoin/registered_proof.h"
#include "r1cs/counting.h"
#include "r1cs/proving_assignment.h"
#include "r1cs/witness_only.h"

namespace cuzk::bench {
namespace {

struct SynthOptions {
  std::string sector_size = "2KiB";
  std::string mode = "prove";
  int iterations = 1;
  uint64_t seed = 1;
};

double PeakRssGiB() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);
}

int RunSynthOnly(const SynthOptions& o) {
  static const std::map<std::string, uint64_t> kProofBySize = {
      {"2KiB", 5}, {"8MiB", 6}, {"512MiB", 7}, {"32GiB", 8}, {"64GiB", 9}};
  auto it = kProofBySize.find(o.sector_size);
  if (it == kProofBySize.end()) {
    std::fprintf(stderr, "synth-only: unknown sector size %s (2KiB, 8MiB, 512MiB, 32GiB, 64GiB)\n",
                 o.sector_size.c_str());
    return 1;
  }
  auto proof = *filecoin::SealProofById(it->second);
  circuits::porep::CircuitShape shape{proof.shape.nodes,      proof.shape.layers,
                                      proof.shape.base_arity, proof.shape.sub_arity,
                                      proof.shape.top_arity,  proof.shape.challenges_per_partition};
  std::printf("synth-only: %s partition (%u challenges, %u layers), mode %s, placeholder witness\n",
              o.sector_size.c_str(), shape.challenges, shape.layers, o.mode.c_str());
  // One untimed counting pass: the shape, and the sizes to reserve so the timed runs do not
  // reallocate (at 32GiB a doubling of the 4 GiB a/b/c vectors would also inflate peak memory).
  auto count_start = std::chrono::steady_clock::now();
  r1cs::CountingConstraintSystem counter;
  if (Status s =
          circuits::porep::StackedCircuit(shape, circuits::porep::PlaceholderWitness(shape, o.seed))
              .Synthesize(counter);
      !s.ok()) {
    std::fprintf(stderr, "synth-only: %s\n", s.message().c_str());
    return 1;
  }
  size_t constraints = counter.num_constraints() + counter.num_inputs();  // + input constraints
  std::printf(
      "  shape: %zu R1CS rows, %zu inputs, %zu aux (counted in %.1f s)\n", constraints,
      counter.num_inputs(), counter.num_aux(),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - count_start).count());
  if (o.mode == "count") return 0;
  for (int i = 0; i < o.iterations; ++i) {
    circuits::porep::StackedCircuit circuit(shape,
                                            circuits::porep::PlaceholderWitness(shape, o.seed + i));
    auto start = std::chrono::steady_clock::now();
    Status s;
    if (o.mode == "prove") {
      r1cs::ProvingAssignment pa;
      pa.Reserve(constraints, counter.num_aux());
      s = pa.SynthesizeFrom(circuit);
    } else {
      r1cs::WitnessOnly w;
      s = circuit.Synthesize(w);
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!s.ok()) {
      std::fprintf(stderr, "synth-only: %s\n", s.message().c_str());
      return 1;
    }
    std::printf("  iteration %d: %.2f s = %.2f M constraints/s, peak RSS %.2f GiB\n", i, seconds,
                static_cast<double>(constraints) / seconds / 1e6, PeakRssGiB());
  }
  return 0;
}

}  // namespace

void RegisterSynthOnly(CLI::App& app) {
  static SynthOptions o;
  auto* cmd = app.add_subcommand(
      "synth-only", "Synthesize PoRep partitions (placeholder witness) and report throughput");
  cmd->add_option("--sector-size", o.sector_size, "2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
      ->capture_default_str();
  cmd->add_option(
         "--mode", o.mode,
         "prove (a/b/c + aux, what the prover needs), witness (values only) or count (shape only)")
      ->check(CLI::IsMember({"prove", "witness", "count"}))
      ->capture_default_str();
  cmd->add_option("-i,--iterations", o.iterations, "Number of partitions to synthesize")
      ->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed of the placeholder values")->capture_default_str();
  cmd->callback([] {
    int rc = RunSynthOnly(o);
    if (rc != 0) std::exit(rc);
  });
}

}  // namespace cuzk::bench
