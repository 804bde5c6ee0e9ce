// SPDX-License-Identifier: Apache-2.0 OR MIT
// SrsCache: Groth16 proving keys resident in memory by circuit id ("porep-32g", "wpost-2k", ...),
// loaded from a parameter directory under the official file names on first use or on request,
// shared by the jobs that hold them, and evicted only when no job does. Which files a circuit id
// names is told by its owner (the proof kinds' table: KeyFilesOfCircuit in kinds/proof_kind.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/cancel.h"
#include "base/mutex.h"
#include "base/status.h"
#include "engine/memory_budget.h"
#include "groth16/keys.h"
#include "snarkpack/srs.h"

namespace cuzk::engine {

// One loaded circuit, for status reports.
struct SrsInfo {
  std::string circuit_id;
  uint64_t size_bytes = 0;
  uint32_t ref_count = 0;   // jobs holding it now
  double idle_seconds = 0;  // since a job last acquired it
};

// The file names, inside the parameter directory, of one circuit's proving and verifying keys.
struct KeyFileNames {
  std::string params, vk;
};
// Returns the key files of a circuit id, or NotFound naming the ids it knows.
using KeyFileNamer = std::function<Result<KeyFileNames>(const std::string& circuit_id)>;

class SrsCache {
 public:
  // `param_dir` holds the .params files, named by `key_files` (empty: no circuit is known);
  // `threads` decode points (0 = all). With a `budget`, resident keys hold a reservation of
  // their size, and loading one first evicts the least recently used keys no job holds when the
  // budget lacks room.
  SrsCache(std::string param_dir, KeyFileNamer key_files, size_t threads = 0,
           MemoryBudget* budget = nullptr);

  // Keys used within `idle` are not evicted for another circuit ([memory] eviction_min_idle;
  // default 0: an idle key gives way at once). Set before concurrent use.
  void SetEvictionMinIdle(std::chrono::seconds idle) { min_idle_ = idle; }
  // Calls `hook` with every key the cache evicts, before freeing it (the engine's prover backends
  // drop their device copies: SrsCache owns the key, on the host and on every GPU). Set before
  // concurrent use.
  void SetReleaseHook(std::function<void(const groth16::ProvingKey&)> hook) {
    release_ = std::move(hook);
  }
  // Holds `bytes` of the budget for `keep`'s work, evicting idle keys as TryReserveEvicting
  // does, and otherwise waiting for room, re-trying eviction each second (keys become evictable
  // as their eviction_min_idle passes), until `timeout`, or until `*cancel` is set (checked every
  // 100 ms; a kCancelled error).
  Result<MemoryBudget::Reservation> ReserveWaiting(const std::string& keep, uint64_t bytes,
                                                   std::chrono::milliseconds timeout,
                                                   const CancelFlag* cancel = nullptr);

  // Returns the proving key of `circuit_id`, loading it if needed; `load_ms` receives the time
  // this call spent loading (0 when it was resident). Concurrent callers load it once. The .vk
  // beside the .params must exist, be valid and be the .params' own verifying key (proofs are
  // checked by others against the .vk), or the parameters are refused. Setting `*cancel` (the
  // job's flag) stops this caller's wait for memory or its load with a kCancelled error; a caller
  // waiting for that load then loads the key itself.
  Result<std::shared_ptr<const groth16::ProvingKey>> Acquire(const std::string& circuit_id,
                                                             uint64_t* load_ms = nullptr,
                                                             const CancelFlag* cancel = nullptr);
  // Returns the memory `circuit_id`'s proving key holds when resident: its size when loaded,
  // else an estimate from its file (0 when the file is missing; Acquire then says so).
  Result<uint64_t> ResidentBytes(const std::string& circuit_id) const;
  // Drops `circuit_id` if loaded and unused; returns the bytes freed (0 when it was not loaded)
  // or an error when a job holds it.
  Result<uint64_t> Evict(const std::string& circuit_id);
  // Returns what is loaded.
  std::vector<SrsInfo> Loaded() const;
  // Returns SnarkPack's SRS (`v28-fil-inner-product-v1.srs` in the parameter directory, as much
  // of it as filecoin-proofs reads), loading it on first use and keeping it resident, its bytes
  // held in the budget; a missing or invalid file is an error that names it.
  Result<std::shared_ptr<const snarkpack::GenericSrs>> AggregationSrs();
  // Holds `bytes` of the budget (the cache must have one), evicting the least recently used
  // keys no job holds, other than `keep`, until they fit. Returns an empty reservation when they
  // do not fit even with every such key evicted. Never waits.
  MemoryBudget::Reservation TryReserveEvicting(const std::string& keep, uint64_t bytes);

 private:
  struct Entry {
    std::shared_ptr<const groth16::ProvingKey> key;
    uint64_t size_bytes = 0;
    MemoryBudget::Reservation reservation;  // the key's share of the budget
    std::chrono::steady_clock::time_point last_used;
    std::shared_ptr<Mutex> loading = std::make_shared<Mutex>();
  };
  // Evicts the least recently used key that no job holds, other than `keep`; returns the bytes
  // freed, 0 when there is nothing to evict.
  uint64_t EvictLeastRecentlyUsed(const std::string& keep);
  // An evicted key with its share of the budget, freed outside the lock.
  struct Evicted {
    MemoryBudget::Reservation reservation;
    std::shared_ptr<const groth16::ProvingKey> key;  // destroyed first
  };
  // Empties `e` (whose key no job holds) and returns what it held, for Free.
  Evicted TakeLocked(Entry& e) CUZK_REQUIRES(mu_);
  // Runs the release hook on the key, frees it, then gives its budget back.
  void Free(Evicted evicted);
  // Reserves `bytes` for a key about to load, evicting idle keys (other than `keep`) as needed,
  // waiting up to 10 minutes or until `*cancel` is set.
  Result<MemoryBudget::Reservation> ReserveForLoad(const std::string& keep, uint64_t bytes,
                                                   const CancelFlag* cancel);
  // The paths of a circuit's .params and .vk files.
  struct KeyFiles {
    std::string params, vk;
  };
  Result<KeyFiles> FilesOf(const std::string& circuit_id) const;

  std::string param_dir_;
  KeyFileNamer key_files_;
  size_t threads_;
  MemoryBudget* budget_;
  std::chrono::seconds min_idle_{0};
  std::function<void(const groth16::ProvingKey&)> release_;
  mutable Mutex mu_;
  std::map<std::string, Entry> entries_ CUZK_GUARDED_BY(mu_);
  Mutex aggregation_mu_;  // held while the SRS loads, so it loads once
  std::shared_ptr<const snarkpack::GenericSrs> aggregation_srs_ CUZK_GUARDED_BY(aggregation_mu_);
  MemoryBudget::Reservation aggregation_memory_ CUZK_GUARDED_BY(aggregation_mu_);
};

}  // namespace cuzk::engine
