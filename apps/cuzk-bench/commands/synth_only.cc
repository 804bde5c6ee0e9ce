// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench synth-only`: synthesizes PoRep partitions into the prover's ProvingAssignment (or
// a witness-only or counting system, or a compact witness, alone or evaluated through the
// compiled circuit) and reports seconds, constraints per second and peak RSS. The witness comes
// from a C1 file (--c1; `gen-c1 --synthetic` makes one of any size) or, without one, from seeded
// placeholder values of the right shape: synthesis work does not depend on the witness being
// satisfiable.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "base/hex.h"
#include "circuits/porep/c1_inputs.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "engine/kinds/porep_work.h"
#include "engine/kinds/reference_digests.h"
#include "filecoin/c1_check.h"
#include "r1cs/compact_witness.h"
#include "r1cs/compiled_circuit.h"
#include "r1cs/compiled_circuit_io.h"
#include "r1cs/counting.h"
#include "r1cs/proving_assignment.h"
#include "r1cs/witness_only.h"

namespace cuzk::bench {
namespace {

struct SynthOptions {
  std::string sector_size = "2KiB";
  std::string c1;
  uint32_t partition = 0;
  bool all = false;
  std::string mode = "prove";
  bool witness_only = false;
  std::string c_evaluations = "derive";
  int iterations = 1;
  size_t threads = 1;
  size_t eval_threads = 1;  // compiled mode: threads evaluating one partition's A·w and B·w
  bool no_compile_digest = false;    // compiled mode: compile without the R1CS digest
  bool hash_compile_digest = false;  // compiled mode: hash it even where a fingerprint is pinned
  std::string compiled_file;         // compiled mode: read the circuit from it, or keep it there
  uint64_t seed = 1;
  double cancel_after = 0;                // seconds; 0 = never
  uint64_t miner_id = 0, sector_num = 0;  // with --c1 and a miner: the C1's sector, checked
};

using circuits::porep::PartitionWitness;

// One worker's buffers, kept from partition to partition, and its compiled-mode phase times.
struct Worker {
  explicit Worker(r1cs::CEvaluations c) : assignment(c) {}
  r1cs::ProvingAssignment assignment;
  r1cs::CompactWitness compact;
  double witness_s = 0, evaluation_s = 0;
};

// Synthesizes one partition in `mode` into `worker`'s buffers; `constraints`/`aux` size the
// reservation. In compiled mode the values go to a compact witness, then a and b are evaluated
// from `compiled` into the assignment on `eval_threads` threads. Setting `*cancel` stops it as
// the daemon's CancelProof does.
Status SynthesizeOne(const circuits::porep::CircuitShape& shape, PartitionWitness witness,
                     const std::string& mode, size_t constraints, size_t aux,
                     const r1cs::CompiledCircuit* compiled, size_t eval_threads, Worker& worker,
                     const CancelFlag* cancel) {
  circuits::porep::StackedCircuit circuit(shape, std::move(witness));
  r1cs::ProvingAssignment& pa = worker.assignment;
  if (mode == "prove") {
    pa.Clear();
    pa.Reserve(constraints, aux);
    pa.SetCancel(cancel);
    return pa.SynthesizeFrom(circuit);
  }
  if (mode == "compiled" || mode == "compact") {
    auto t = Clock::now();
    worker.compact.Clear();
    worker.compact.Reserve(aux);
    worker.compact.SetCancel(cancel);
    RETURN_IF_ERROR(circuit.Synthesize(worker.compact));
    worker.witness_s += Since(t);
    if (mode == "compact") return Status::Ok();  // what a partition waiting to be proved holds
    t = Clock::now();
    // Not cleared, as the engine does: the previous partition's buffers are overwritten.
    pa.Reserve(constraints, aux);
    RETURN_IF_ERROR(r1cs::EvaluateCompiled(*compiled, worker.compact, pa, eval_threads));
    worker.evaluation_s += Since(t);
    return Status::Ok();
  }
  r1cs::WitnessOnly w;
  w.Reserve(aux);
  w.SetCancel(cancel);
  return circuit.Synthesize(w);
}

// Sets `flag` `seconds` after it starts (unless stopped first) and keeps the time it did.
class CancelTimer {
 public:
  CancelTimer(CancelFlag& flag, double seconds) {
    if (seconds <= 0) return;
    thread_ = std::thread([this, &flag, seconds] {
      std::unique_lock<std::mutex> lock(mu_);
      auto at = Clock::now() +
                std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
      if (cv_.wait_until(lock, at, [this] { return stopped_; })) return;
      flag = true;
      set_at_ = Clock::now();
    });
  }
  ~CancelTimer() { Stop(); }
  // Stops the timer (if it has not fired); returns when it fired, if it did.
  std::optional<Clock::time_point> Stop() {
    if (thread_.joinable()) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        stopped_ = true;
      }
      cv_.notify_all();
      thread_.join();
    }
    return set_at_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopped_ = false;
  std::optional<Clock::time_point> set_at_;
  std::thread thread_;
};

int RunSynthOnly(SynthOptions o) {
  const char* name = "synth-only";
  if (o.witness_only) o.mode = "witness";
  std::vector<PartitionWitness> witnesses;
  filecoin::SectorShape sector;
  if (!o.c1.empty()) {
    auto c1 = LoadC1(o.c1);
    if (!c1.ok()) return Fail(name, "reading the C1", c1.status());
    sector = c1->registered_proof.shape;
    if (o.miner_id != 0) {
      if (Status s = filecoin::CheckReplicaIdentity(*c1, o.miner_id, o.sector_num); !s.ok()) {
        return Fail(name, "checking --miner-id and --sector-num against the C1", s);
      }
    }
    uint32_t first = o.all ? 0 : o.partition;
    uint32_t last = o.all ? static_cast<uint32_t>(c1->vanilla_proofs.size()) : o.partition + 1;
    for (uint32_t k = first; k < last; ++k) {
      auto w = circuits::porep::PartitionWitnessFromC1(*c1, k);
      if (!w.ok()) return Fail(name, "partition " + std::to_string(k), w.status());
      witnesses.push_back(std::move(w).value());
    }
  } else {
    auto proof = ResolveProof(o.sector_size, "");
    if (!proof.ok()) return Fail(name, "arguments", proof.status());
    sector = proof->shape;
    circuits::porep::CircuitShape shape = circuits::porep::ShapeOf(sector);
    uint32_t count = o.all ? proof->partitions : 1;
    for (uint32_t k = 0; k < count; ++k) {
      witnesses.push_back(circuits::porep::PlaceholderWitness(shape, o.seed + k));
    }
  }
  circuits::porep::CircuitShape shape = circuits::porep::ShapeOf(sector);
  std::printf(
      "synth-only: %zu partition(s) of %u challenges, %u layers; mode %s%s; %zu at a time; "
      "%s witness\n",
      witnesses.size(), shape.challenges, shape.layers, o.mode.c_str(),
      o.mode != "prove"             ? ""
      : o.c_evaluations == "record" ? " (c recorded)"
                                    : " (c derived by the prover)",
      o.threads, o.c1.empty() ? "placeholder" : "C1");
  // One untimed counting pass: the shape, and the sizes to reserve so the timed runs do not
  // reallocate (at 32GiB a doubling of the 4 GiB a/b/c vectors would also inflate peak memory).
  auto t = Clock::now();
  r1cs::CountingConstraintSystem counter;
  if (Status s = circuits::porep::StackedCircuit(shape, witnesses[0]).Synthesize(counter);
      !s.ok()) {
    return Fail(name, "counting", s);
  }
  size_t constraints = counter.num_constraints() + counter.num_inputs();  // + input constraints
  std::printf("  shape: %zu R1CS rows, %zu inputs, %zu aux per partition (counted in %.1f s)\n",
              constraints, counter.num_inputs(), counter.num_aux(), Since(t));
  if (o.mode == "count") return 0;
  // One set of buffers per worker, reused across partitions and iterations as the engine hands a
  // proved partition's assignment to the job's next synthesis: iteration 0 pays the first touch
  // of its pages (32GiB, derived c: 11.7 GiB, 17-29 s of kernel time on the 2-core development
  // VM), later ones do not.
  size_t workers = std::max<size_t>(o.threads, 1);
  std::vector<Worker> buffers(workers, Worker(o.c_evaluations == "record" && o.mode == "prove"
                                                  ? r1cs::CEvaluations::kRecord
                                                  : r1cs::CEvaluations::kDerive));
  // Compiled mode: the circuit's A and B, recorded once from its synthesis and shared.
  std::optional<r1cs::CompiledCircuit> compiled;
  if (o.mode == "compiled" && !o.compiled_file.empty()) {
    t = Clock::now();
    auto c = r1cs::ReadCompiledCircuit(o.compiled_file);
    if (c.ok()) {
      compiled = std::move(c).value();
      std::printf("  compiled circuit read back from %s in %.1f s (%.2f GiB), peak RSS %.2f GiB\n",
                  o.compiled_file.c_str(), Since(t), compiled->Bytes() / double(1 << 30),
                  PeakRssGiB());
    } else if (c.status().code() != StatusCode::kNotFound) {
      std::printf("  %s; compiling it\n", c.status().message().c_str());
    }
  }
  if (o.mode == "compiled" && !compiled) {
    // The digest as the daemon takes it: from the reference when the compiled form's fingerprint
    // is the one pinned with it, else hashed.
    const std::string id = engine::PoRepCircuitId(sector);
    std::optional<r1cs::KnownCompilation> known;
    if (!o.hash_compile_digest) {
      known = r1cs::KnownCompilationOf(engine::ReferenceDigestOf(id),
                                       engine::CompiledFingerprintOf(id));
    }
    t = Clock::now();
    auto c = r1cs::CompileCircuit(circuits::porep::StackedCircuit(shape, witnesses[0]),
                                  {.rows = constraints,
                                   .aux = counter.num_aux(),
                                   .digest = !o.no_compile_digest,
                                   .known = known && !o.no_compile_digest ? &*known : nullptr});
    if (!c.ok()) return Fail(name, "compiling the circuit", c.status());
    compiled = std::move(c).value();
    std::printf(
        "  compiled circuit: %.2f GiB (A %zu terms, B %zu terms, %zu distinct coefficients), "
        "built in %.1f s, peak RSS %.2f GiB\n",
        compiled->Bytes() / double(1 << 30), compiled->a.terms(), compiled->b.terms(),
        compiled->coefficients.size() - 1, Since(t), PeakRssGiB());
    if (compiled->digest) {
      std::printf("  its R1CS digest: %s (%s)\n", compiled->digest->Hex().c_str(),
                  known ? "the reference's: its fingerprint is the one pinned with it"
                        : "hashed while compiling");
    }
    t = Clock::now();
    std::string fingerprint_hex = ToHex(r1cs::CompiledFingerprint(*compiled));
    std::printf("  its fingerprint: %s (%.1f s)\n", fingerprint_hex.c_str(), Since(t));
    if (!o.compiled_file.empty()) {
      t = Clock::now();
      Status kept = r1cs::WriteCompiledCircuit(*compiled, o.compiled_file);
      if (!kept.ok()) return Fail(name, "keeping the compiled circuit", kept);
      std::printf("  kept in %s in %.1f s\n", o.compiled_file.c_str(), Since(t));
    }
    std::fflush(stdout);
  }
  for (int i = 0; i < o.iterations; ++i) {
    std::atomic<size_t> next{0};
    std::atomic<bool> failed{false};
    Status error;
    CancelFlag cancel{false};
    auto worker = [&](size_t w) {
      for (size_t k; (k = next.fetch_add(1)) < witnesses.size();) {
        Status s =
            SynthesizeOne(shape, witnesses[k], o.mode, constraints, counter.num_aux(),
                          compiled ? &*compiled : nullptr, o.eval_threads, buffers[w], &cancel);
        if (!s.ok() && !failed.exchange(true)) error = s;
      }
    };
    t = Clock::now();
    CpuSeconds cpu_before = ProcessCpuSeconds();
    CancelTimer timer(cancel, o.cancel_after);
    std::vector<std::thread> pool;
    for (size_t w = 1; w < workers; ++w) pool.emplace_back(worker, w);
    worker(0);
    for (auto& th : pool) th.join();
    auto stopped = Clock::now();
    double seconds = Since(t);
    CpuSeconds cpu = ProcessCpuSeconds();
    if (auto set_at = timer.Stop(); set_at && error.code() == StatusCode::kCancelled) {
      std::printf("  iteration %d: cancelled %.2f s in; the synthesis stopped %.1f ms later (%s)\n",
                  i, std::chrono::duration<double>(*set_at - t).count(),
                  std::chrono::duration<double, std::milli>(stopped - *set_at).count(),
                  error.message().c_str());
      std::fflush(stdout);
      continue;
    }
    if (failed) return Fail(name, "synthesis", error);
    double total = static_cast<double>(constraints) * static_cast<double>(witnesses.size());
    // Kernel time is mostly first-touch page clearing: high in iteration 0, near zero after.
    std::printf(
        "  iteration %d: %.2f s = %.2f M constraints/s (%.2f s per partition), cpu user %.2f s "
        "kernel %.2f s, peak RSS %.2f GiB\n",
        i, seconds, total / seconds / 1e6, seconds / witnesses.size(), cpu.user - cpu_before.user,
        cpu.system - cpu_before.system, PeakRssGiB());
    std::fflush(stdout);
    if (o.mode == "compiled" || o.mode == "compact") {
      double witness_s = 0, evaluation_s = 0;
      size_t compact_bytes = 0;
      for (Worker& w : buffers) {
        witness_s += std::exchange(w.witness_s, 0);
        evaluation_s += std::exchange(w.evaluation_s, 0);
        compact_bytes = std::max(compact_bytes, w.compact.CapacityBytes());
      }
      std::printf("    per partition: compact witness %.2f s (%.1f MiB, %zu values not 0 or 1)",
                  witness_s / witnesses.size(), compact_bytes / double(1 << 20),
                  buffers[0].compact.num_other());
      if (compiled)
        std::printf(", A·w and B·w %.2f s on %zu thread(s)", evaluation_s / witnesses.size(),
                    o.eval_threads);
      std::printf("\n");
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace

void RegisterSynthOnly(CLI::App& app) {
  static SynthOptions o;
  auto* cmd = app.add_subcommand(
      "synth-only", "Synthesize PoRep partitions and report throughput and peak memory");
  cmd->add_option("--c1", o.c1, "C1 JSON (raw or Curio wrapper); without it a placeholder witness")
      ->check(CLI::ExistingFile);
  cmd->add_option("--sector-size", o.sector_size,
                  "Without --c1: 2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
      ->capture_default_str();
  auto* partition =
      cmd->add_option("--partition", o.partition, "Partition to synthesize")->capture_default_str();
  cmd->add_flag("--all", o.all, "Synthesize every partition")->excludes(partition);
  cmd->add_option(
         "--mode", o.mode,
         "prove (the evaluations a, b (and c, see --c-evaluations) + aux: what the prover needs), "
         "witness (values only), compiled (values as a compact witness, then a and b evaluated "
         "from the circuit compiled once: the times of each are reported), compact (the compact "
         "witness only: what a partition waiting for the prover holds) or count (shape only)")
      ->check(CLI::IsMember({"prove", "witness", "compiled", "compact", "count"}))
      ->capture_default_str();
  cmd->add_flag("--witness-only", o.witness_only, "Same as --mode witness");
  cmd->add_option(
         "--c-evaluations", o.c_evaluations,
         "prove mode: derive (the daemon's way: a/b + aux, the prover forms c_i = a_i b_i) "
         "or record (also evaluates and stores every c_i, 4.2 GB more at 32GiB)")
      ->check(CLI::IsMember({"derive", "record"}))
      ->capture_default_str();
  cmd->add_option(
         "-i,--iterations", o.iterations,
         "Times to repeat the synthesis (the first maps fresh buffers, later ones reuse them as "
         "the daemon does between a job's partitions)")
      ->capture_default_str();
  cmd->add_option("--threads", o.threads,
                  "Partitions synthesized at once, one thread each (memory grows with it)")
      ->capture_default_str();
  cmd->add_option("--eval-threads", o.eval_threads,
                  "compiled mode: threads evaluating each partition's A·w and B·w (the daemon "
                  "uses its prover threads)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  cmd->add_flag("--no-compile-digest", o.no_compile_digest,
                "compiled mode: compile without the R1CS digest (the daemon uses a compiled "
                "circuit only if its digest is Rust's)");
  cmd->add_flag("--hash-compile-digest", o.hash_compile_digest,
                "compiled mode: hash the R1CS digest while compiling even where the compiled "
                "form's fingerprint is pinned with the reference digest (the daemon then "
                "takes the reference, checking the fingerprint: 2.9 GB hashed instead of "
                "29.6 GB for a 32GiB partition)");
  cmd->add_option("--compiled-file", o.compiled_file,
                  "compiled mode: read the compiled circuit from this file (as the daemon reads "
                  "one it kept), or compile it and write it there; reports both times");
  cmd->add_option("--seed", o.seed, "Seed of the placeholder values")->capture_default_str();
  cmd->add_option("--miner-id", o.miner_id,
                  "With --c1: the miner whose sector it is (as the Rust cuzk-bench takes it); its "
                  "replica_id is checked against --miner-id and --sector-num first, as the "
                  "daemon checks a request's (synthesis itself reads only the C1)");
  cmd->add_option("--sector-num", o.sector_num, "With --c1 and --miner-id: the sector number");
  cmd->add_option("--cancel-after", o.cancel_after,
                  "Cancel each iteration this many seconds in, as the daemon's CancelProof does, "
                  "and report how long the synthesis took to stop (0: never)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->callback([] {
    if (int rc = RunSynthOnly(o); rc != 0) std::exit(rc);
  });
}

}  // namespace cuzk::bench
