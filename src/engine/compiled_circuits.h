// SPDX-License-Identifier: Apache-2.0 OR MIT
// CompiledCircuits: the engine's compiled circuits (r1cs/compiled_circuit.h) by circuit id, one
// per process, shared by every job of that circuit. The first job of a circuit starts compiling
// it on a thread of its own and synthesizes as before meanwhile (the Rust cuzk's PCE does the
// same); once it is ready, partitions are synthesized as compact witnesses and their a and b
// evaluated just before proving. Each compiled circuit holds a share of the memory budget; one
// that does not fit is not compiled (tried again after a minute). Its R1CS digest is hashed while
// it compiles (from the matrices as compiled), or, where a test pinned the compiled form's
// fingerprint beside the reference, taken from the reference when the fingerprint matches (a
// 32GiB PoRep partition: 2.9 GB to hash instead of 29.6 GB); one whose digest is not the
// reference given (the digest rust-fil-proofs gives the circuit) is never used. With a folder to
// keep them in, each is written there once compiled (cuzk-compiled-ID.bin,
// r1cs/compiled_circuit_io.h) and read back by a later process instead of compiled again, when the
// file is intact, has the circuit's shape and its digest is the reference; any other file is
// compiled over, with a warning.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "base/cancel.h"
#include "base/mutex.h"
#include "base/status.h"
#include "engine/memory_budget.h"
#include "r1cs/compiled_circuit.h"

namespace cuzk::engine {

// One compiled circuit, for status reports.
struct CompiledInfo {
  std::string circuit_id;
  uint64_t size_bytes = 0;
  double build_seconds = 0;     // the R1CS digest's hashing (or the fingerprint's) included
  std::string r1cs_digest;      // 64 hex digits
  bool digest_checked = false;  // true: equal to the reference; false: there was no reference
  bool read_back = false;       // read from the folder it was kept in, not compiled
};

// Returns how many aux values other than 0 and 1 a partition's compact witness is expected to
// hold: as many as the witness `compiled` was compiled from, and a quarter more (the values of
// partitions differ).
size_t WitnessOtherEstimate(const r1cs::CompiledCircuit& compiled);
// Returns the bytes a partition's compact witness for `compiled` is expected to hold.
uint64_t WitnessMemoryEstimate(const r1cs::CompiledCircuit& compiled);

class CompiledCircuits {
 public:
  // Returns one instance of a circuit (any witness: only its R1CS is recorded).
  using CircuitFn = std::function<Result<std::unique_ptr<r1cs::Circuit>>()>;

  // Compiled circuits hold reservations of `budget` (none when null) and are kept in `dir` (none
  // when empty).
  explicit CompiledCircuits(MemoryBudget* budget, std::string dir = {})
      : budget_(budget), dir_(std::move(dir)) {}
  // Stops compilations in progress (within a synthesis step) and waits for them.
  ~CompiledCircuits();
  CompiledCircuits(const CompiledCircuits&) = delete;
  CompiledCircuits& operator=(const CompiledCircuits&) = delete;

  // Returns `circuit_id`'s compiled circuit when it is ready. Otherwise returns null and, unless
  // it is compiling already (or failed less than a minute ago, or was refused), starts compiling
  // it from `make()`, whose R1CS has about `rows` rows (it sizes the reservation), on a thread of
  // its own. `reference_digest` (64 hex digits; empty: none known) is the R1CS digest the circuit
  // must have: a compiled circuit with another is refused, logged as an error, and never compiled
  // again in this process. `known_fingerprint` (64 hex digits; empty: none) is the compiled form's
  // fingerprint (r1cs::CompiledFingerprint) seen with that digest: a compilation with it takes the
  // digest without hashing the R1CS; one without it is compiled again, hashing, with a warning.
  std::shared_ptr<const r1cs::CompiledCircuit> GetOrStartCompiling(
      const std::string& circuit_id, CircuitFn make, uint64_t rows,
      std::string_view reference_digest = {}, std::string_view known_fingerprint = {});
  // Drops every ready compiled circuit that no partition or caller holds now (one in use would
  // free nothing) and returns the budget bytes released; none is compiled again for a minute.
  // The engine's budget calls it when a reservation does not fit and there are no idle buffers
  // to free.
  uint64_t Drop();
  // Returns the compiled circuits that are ready.
  std::vector<CompiledInfo> Ready() const;

  // Bytes a compiled circuit of `rows` rows is expected to take: 24 per row, measured on the
  // 32GiB PoRep partition (2.87 GiB for 130.3 M rows; A has 2.4 terms per row, B one).
  static uint64_t EstimatedBytes(uint64_t rows) { return rows * 24; }

 private:
  struct Entry {
    std::shared_ptr<const r1cs::CompiledCircuit> compiled;
    MemoryBudget::Reservation reservation;
    bool compiling = false;
    bool refused = false;  // its digest was not the reference: never compiled again
    std::chrono::steady_clock::time_point failed_at{};
    double build_seconds = 0;
    bool digest_checked = false;
    bool read_back = false;
  };
  // Compiles on its own thread (or reads it from dir_) and files the result under `circuit_id`.
  void Compile(std::string circuit_id, CircuitFn make, uint64_t rows, std::string reference_digest,
               std::string known_fingerprint, MemoryBudget::Reservation reservation);
  // Compiles `circuit`, taking its digest from the known pair when both hex strings are given and
  // the fingerprint matches (`*by_fingerprint` set), else hashing it.
  Result<r1cs::CompiledCircuit> CompileWithDigest(const std::string& circuit_id,
                                                  const r1cs::Circuit& circuit, uint64_t rows,
                                                  const std::string& reference_digest,
                                                  const std::string& known_fingerprint,
                                                  bool* by_fingerprint);
  // Returns the circuit kept in `path` if it is usable for `circuit` (see the class comment),
  // else an error saying why not.
  static Result<r1cs::CompiledCircuit> ReadKept(const std::string& path,
                                                const r1cs::Circuit& circuit,
                                                const std::string& reference_digest,
                                                const CancelFlag* cancel);

  MemoryBudget* budget_;
  std::string dir_;
  CancelFlag stop_{false};  // set by the destructor: shutdown does not wait for a compilation
  mutable Mutex mu_;
  std::map<std::string, Entry> entries_ CUZK_GUARDED_BY(mu_);
  std::vector<std::thread> threads_ CUZK_GUARDED_BY(mu_);
};

}  // namespace cuzk::engine
