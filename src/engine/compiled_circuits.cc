// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/compiled_circuits.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "r1cs/compiled_circuit_io.h"
#include "r1cs/counting.h"

namespace cuzk::engine {

size_t WitnessOtherEstimate(const r1cs::CompiledCircuit& compiled) {
  return compiled.witness_other + compiled.witness_other / 4;
}

uint64_t WitnessMemoryEstimate(const r1cs::CompiledCircuit& compiled) {
  return r1cs::CompactWitness::EstimatedBytes(compiled.num_aux, WitnessOtherEstimate(compiled));
}

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::seconds kRetryAfter{60};

}  // namespace

CompiledCircuits::~CompiledCircuits() {
  stop_ = true;
  std::vector<std::thread> threads;
  {
    MutexLock lock(mu_);
    threads.swap(threads_);
  }
  for (std::thread& t : threads) t.join();
}

std::shared_ptr<const r1cs::CompiledCircuit> CompiledCircuits::GetOrStartCompiling(
    const std::string& circuit_id, CircuitFn make, uint64_t rows, std::string_view reference_digest,
    std::string_view known_fingerprint) {
  MutexLock lock(mu_);
  Entry& e = entries_[circuit_id];
  if (e.compiled || e.compiling || e.refused) return e.compiled;
  if (e.failed_at != Clock::time_point{} && Clock::now() - e.failed_at < kRetryAfter) {
    return nullptr;
  }
  MemoryBudget::Reservation reservation;
  if (budget_) {
    reservation = budget_->TryReserve(EstimatedBytes(rows));
    if (reservation.bytes() == 0) {
      spdlog::info(
          "{}: no room in the memory budget to compile the circuit ({} MiB); "
          "partitions are synthesized in full",
          circuit_id, EstimatedBytes(rows) >> 20);
      e.failed_at = Clock::now();
      return nullptr;
    }
  }
  e.compiling = true;
  threads_.emplace_back(&CompiledCircuits::Compile, this, circuit_id, std::move(make), rows,
                        std::string(reference_digest), std::string(known_fingerprint),
                        std::move(reservation));
  return nullptr;
}

Result<r1cs::CompiledCircuit> CompiledCircuits::ReadKept(const std::string& path,
                                                         const r1cs::Circuit& circuit,
                                                         const std::string& reference_digest,
                                                         const CancelFlag* cancel) {
  ASSIGN_OR_RETURN(r1cs::CompiledCircuit kept, r1cs::ReadCompiledCircuit(path));
  std::string digest = kept.digest->Hex();
  if (!reference_digest.empty() && digest != reference_digest) {
    return Status::InvalidArgument(path + ": its R1CS digest " + digest + " is not the circuit's");
  }
  // Without a reference, its shape at least must be the circuit's (counting costs little).
  r1cs::CountingConstraintSystem counts;
  counts.SetCancel(cancel);
  RETURN_IF_ERROR(circuit.Synthesize(counts));
  if (counts.num_inputs() != kept.num_inputs || counts.num_aux() != kept.num_aux ||
      counts.num_constraints() != kept.digest->constraints) {
    return Status::InvalidArgument(
        path + ": it has " + std::to_string(kept.digest->constraints) + " constraints, " +
        std::to_string(kept.num_aux) + " aux variables and " + std::to_string(kept.num_inputs) +
        " inputs; the circuit " + std::to_string(counts.num_constraints()) + ", " +
        std::to_string(counts.num_aux()) + " and " + std::to_string(counts.num_inputs()));
  }
  return kept;
}

Result<r1cs::CompiledCircuit> CompiledCircuits::CompileWithDigest(
    const std::string& circuit_id, const r1cs::Circuit& circuit, uint64_t rows,
    const std::string& reference_digest, const std::string& known_fingerprint,
    bool* by_fingerprint) {
  *by_fingerprint = false;
  if (auto known = r1cs::KnownCompilationOf(reference_digest, known_fingerprint)) {
    auto compiled = r1cs::CompileCircuit(
        circuit, {.rows = rows, .cancel = &stop_, .digest = true, .known = &*known});
    if (compiled.ok() || compiled.status().code() == StatusCode::kCancelled || stop_) {
      *by_fingerprint = compiled.ok();
      return compiled;
    }
    spdlog::warn("{}: {}; compiling it again, hashing its R1CS digest", circuit_id,
                 compiled.status().message());
  }
  return r1cs::CompileCircuit(circuit, {.rows = rows, .cancel = &stop_, .digest = true});
}

void CompiledCircuits::Compile(std::string circuit_id, CircuitFn make, uint64_t rows,
                               std::string reference_digest, std::string known_fingerprint,
                               MemoryBudget::Reservation reservation) {
  auto start = Clock::now();
  Result<r1cs::CompiledCircuit> compiled = Status(StatusCode::kInternal, "not compiled");
  bool read_back = false, by_fingerprint = false;
  const std::string path = dir_.empty() ? "" : dir_ + "/cuzk-compiled-" + circuit_id + ".bin";
  auto circuit = make();
  if (!circuit.ok()) {
    compiled = circuit.status();
  } else {
    if (!path.empty()) {
      compiled = ReadKept(path, **circuit, reference_digest, &stop_);
      read_back = compiled.ok();
      if (!compiled.ok() && compiled.status().code() != StatusCode::kNotFound &&
          compiled.status().code() != StatusCode::kCancelled) {
        spdlog::warn("{}: the compiled circuit kept is not used ({}); compiling it again",
                     circuit_id, compiled.status().message());
      }
    }
    if (!read_back && !stop_) {
      compiled = CompileWithDigest(circuit_id, **circuit, rows, reference_digest, known_fingerprint,
                                   &by_fingerprint);
    }
  }
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  MutexLock lock(mu_);
  Entry& e = entries_[circuit_id];
  e.compiling = false;
  if (stop_ || (!compiled.ok() && compiled.status().code() == StatusCode::kCancelled)) {
    return;  // shutting down
  } else if (!compiled.ok()) {
    spdlog::warn("{}: compiling the circuit failed ({}); partitions are synthesized in full",
                 circuit_id, compiled.status().message());
    e.failed_at = Clock::now();
    return;
  }
  std::string digest = compiled->digest->Hex();
  if (!reference_digest.empty() && digest != reference_digest) {
    // The same code would compile the same matrices again: refused for good.
    spdlog::error(
        "{}: the compiled circuit's R1CS digest {} is not the circuit's ({}, rust-fil-proofs "
        "19.1); it is never used, and partitions are synthesized in full",
        circuit_id, digest, reference_digest);
    e.refused = true;
    return;
  }
  std::string digest_note = "equal to rust-fil-proofs 19.1's";
  if (reference_digest.empty()) {
    digest_note = "no reference digest known for this circuit";
  } else if (by_fingerprint) {
    digest_note =
        "rust-fil-proofs 19.1's: the compiled form's fingerprint is the one pinned with it";
  }
  spdlog::info(
      "{}: circuit {} in {:.1f} s, {} MiB resident, R1CS digest {} ({}); partitions now "
      "synthesize compact witnesses",
      circuit_id, read_back ? "read back from " + path : std::string("compiled"), seconds,
      compiled->Bytes() >> 20, digest, digest_note);
  e.compiled = std::make_shared<const r1cs::CompiledCircuit>(std::move(compiled).value());
  // The estimate gives way to what it holds, when that is less (the engine counts Bytes()).
  if (e.compiled->Bytes() < reservation.bytes()) reservation.ShrinkTo(e.compiled->Bytes());
  e.reservation = std::move(reservation);
  e.build_seconds = seconds;
  e.digest_checked = !reference_digest.empty();
  e.read_back = read_back;
  if (path.empty() || read_back) return;
  // Kept for the next process, outside the lock (the circuit is shared and no longer changes).
  std::shared_ptr<const r1cs::CompiledCircuit> keep = e.compiled;
  lock.Unlock();
  auto t = Clock::now();
  Status written = r1cs::WriteCompiledCircuit(*keep, path);
  if (written.ok()) {
    spdlog::info("{}: compiled circuit kept in {} ({:.1f} s)", circuit_id, path,
                 std::chrono::duration<double>(Clock::now() - t).count());
  } else {
    spdlog::warn(
        "{}: the compiled circuit could not be kept ({}); the next process compiles it "
        "again",
        circuit_id, written.message());
  }
}

uint64_t CompiledCircuits::Drop() {
  std::vector<MemoryBudget::Reservation> released;
  std::vector<std::shared_ptr<const r1cs::CompiledCircuit>> dropped;
  {
    MutexLock lock(mu_);
    for (auto& [id, e] : entries_) {
      // One that partitions hold stays: dropping it would free nothing, and the job's next
      // partitions would wait for memory in full instead (a reference is only handed out under
      // mu_, so a count of one stays one here).
      if (!e.compiled || e.compiled.use_count() > 1) continue;
      spdlog::info("{}: compiled circuit dropped to make room in the memory budget", id);
      dropped.push_back(std::move(e.compiled));
      released.push_back(std::move(e.reservation));
      e.failed_at = Clock::now();
    }
  }
  uint64_t bytes = 0;
  for (const auto& r : released) bytes += r.bytes();
  return bytes;  // `dropped` and then `released` go out of scope here, outside the lock
}

std::vector<CompiledInfo> CompiledCircuits::Ready() const {
  MutexLock lock(mu_);
  std::vector<CompiledInfo> out;
  for (const auto& [id, e] : entries_) {
    if (e.compiled) {
      out.push_back({id, e.compiled->Bytes(), e.build_seconds, e.compiled->digest->Hex(),
                     e.digest_checked, e.read_back});
    }
  }
  return out;
}

}  // namespace cuzk::engine
