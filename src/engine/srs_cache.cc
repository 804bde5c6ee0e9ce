// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/srs_cache.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>

#include "groth16/params_io.h"

namespace cuzk::engine {
namespace {

uint64_t KeyBytes(const groth16::ProvingKey& pk) {
  return (pk.h.size() + pk.l.size() + pk.a.size() + pk.b_g1.size()) * sizeof(ec::G1Affine) +
         pk.b_g2.size() * sizeof(ec::G2Affine);
}

// Returns the memory the key in the .params file at `path` takes once loaded: a point takes about
// 13/12 of its file size (an infinity flag and padding). 0 when the file is missing.
uint64_t EstimateFromFile(const std::string& path) {
  std::error_code ec;
  uint64_t file_bytes = std::filesystem::file_size(path, ec);
  return ec ? 0 : file_bytes / 12 * 13;
}

}  // namespace

SrsCache::SrsCache(std::string param_dir, KeyFileNamer key_files, size_t threads,
                   MemoryBudget* budget)
    : param_dir_(std::move(param_dir)),
      key_files_(std::move(key_files)),
      threads_(threads),
      budget_(budget) {}

SrsCache::Evicted SrsCache::TakeLocked(Entry& e) {
  Evicted out{std::move(e.reservation), std::move(e.key)};
  e.key.reset();
  e.size_bytes = 0;
  e.reservation = MemoryBudget::Reservation();
  return out;
}

void SrsCache::Free(Evicted evicted) {
  if (evicted.key && release_) release_(*evicted.key);
  evicted.key.reset();  // before the reservation, so the budget never counts the key as gone early
}

uint64_t SrsCache::EvictLeastRecentlyUsed(const std::string& keep) {
  MutexLock lock(mu_);
  Entry* victim = nullptr;
  auto recent = std::chrono::steady_clock::now() - min_idle_;
  for (auto& [id, e] : entries_) {
    if (id == keep || !e.key || e.key.use_count() > 1 || e.last_used > recent) continue;
    if (!victim || e.last_used < victim->last_used) victim = &e;
  }
  if (!victim) return 0;
  uint64_t freed = victim->size_bytes;
  Evicted evicted = TakeLocked(*victim);
  lock.Unlock();
  Free(std::move(evicted));
  return freed;
}

MemoryBudget::Reservation SrsCache::TryReserveEvicting(const std::string& keep, uint64_t bytes) {
  for (;;) {
    MemoryBudget::Reservation r = budget_->TryReserve(bytes);
    if (r.bytes() > 0 || bytes == 0) return r;
    uint64_t freed = EvictLeastRecentlyUsed(keep);
    if (freed == 0) return r;
    spdlog::info("evicted {} MiB of idle parameters to make room for {} MiB", freed >> 20,
                 bytes >> 20);
  }
}

Result<MemoryBudget::Reservation> SrsCache::ReserveWaiting(const std::string& keep, uint64_t bytes,
                                                           std::chrono::milliseconds timeout,
                                                           const CancelFlag* cancel) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  // A waiter that can be cancelled looks at its flag ten times a second.
  auto slice = std::chrono::milliseconds(cancel ? 100 : 1000);
  for (;;) {
    if (IsCancelled(cancel)) {
      return Status(StatusCode::kCancelled, "cancelled while waiting for memory");
    }
    MemoryBudget::Reservation r = TryReserveEvicting(keep, bytes);
    if (r.bytes() > 0 || bytes == 0) return r;
    // Nothing evictable now: wait a while for running jobs to release memory, then look again.
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    auto waited = budget_->ReserveFor(bytes, std::clamp(left, std::chrono::milliseconds(1), slice));
    if (waited.ok() || left <= slice) return waited;
  }
}

Result<MemoryBudget::Reservation> SrsCache::ReserveForLoad(const std::string& keep, uint64_t bytes,
                                                           const CancelFlag* cancel) {
  return ReserveWaiting(keep, bytes, std::chrono::minutes(10), cancel);
}

Result<SrsCache::KeyFiles> SrsCache::FilesOf(const std::string& circuit_id) const {
  if (!key_files_) {
    return Status(StatusCode::kNotFound, "unknown circuit id '" + circuit_id +
                                             "': this parameter cache knows no circuits");
  }
  ASSIGN_OR_RETURN(KeyFileNames names, key_files_(circuit_id));
  std::filesystem::path dir(param_dir_);
  return KeyFiles{(dir / names.params).string(), (dir / names.vk).string()};
}

Result<std::shared_ptr<const groth16::ProvingKey>> SrsCache::Acquire(const std::string& circuit_id,
                                                                     uint64_t* load_ms,
                                                                     const CancelFlag* cancel) {
  if (load_ms) *load_ms = 0;
  auto files = FilesOf(circuit_id);
  RETURN_IF_ERROR(files);
  const std::string& path = files->params;
  std::shared_ptr<Mutex> loading;
  {
    MutexLock lock(mu_);
    Entry& e = entries_[circuit_id];
    if (e.key) {
      e.last_used = std::chrono::steady_clock::now();
      return e.key;
    }
    loading = e.loading;
  }
  // One loader per circuit; others wait here and then find the key resident.
  MutexLock load_lock(*loading);
  {
    MutexLock lock(mu_);
    if (entries_[circuit_id].key) return entries_[circuit_id].key;
  }
  auto start = std::chrono::steady_clock::now();
  // The .vk first (small, and fully checked): it is what Filecoin verifies these proofs with.
  auto vk = groth16::ReadVerifyingKey(files->vk);
  if (!vk.ok()) {
    return Status(vk.status().code(), circuit_id + ": verifying key: " + vk.status().message());
  }
  MemoryBudget::Reservation reservation;
  if (budget_) {
    auto r = ReserveForLoad(circuit_id, EstimateFromFile(path), cancel);
    if (!r.ok()) return Status(r.status().code(), circuit_id + ": " + r.status().message());
    reservation = std::move(r).value();
  }
  // On-curve checks only: every proof is verified against the fully checked vk before it is
  // returned, so a bad proving-key point cannot yield a wrong proof (docs/architecture.md).
  auto read_start = std::chrono::steady_clock::now();
  auto pk = groth16::ReadParams(path, ec::SubgroupCheck::kSkip, threads_, cancel);
  if (!pk.ok()) return Status(pk.status().code(), circuit_id + ": " + pk.status().message());
  double read_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - read_start).count();
  std::error_code size_error;
  double gb = static_cast<double>(std::filesystem::file_size(path, size_error)) / 1e9;
  spdlog::info("{}: read {} ({:.2f} GB, on-curve checks) in {:.2f} s, {:.2f} GB/s", circuit_id,
               path, gb, read_s, read_s > 0 ? gb / read_s : 0.0);
  // A .params of another setup beside the real .vk would give proofs that verify here (against
  // the .params' own vk) and nowhere else.
  if (groth16::SerializeVerifyingKey(pk->vk) != groth16::SerializeVerifyingKey(*vk)) {
    return Status::InvalidArgument(circuit_id + ": " + path + " and " + files->vk +
                                   " are not the same key (the .params file's verifying key "
                                   "differs from the .vk); both must come from one setup");
  }
  auto key = std::make_shared<const groth16::ProvingKey>(std::move(pk).value());
  if (load_ms) {
    *load_ms = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::steady_clock::now() - start)
                                         .count());
  }
  MutexLock lock(mu_);
  Entry& e = entries_[circuit_id];
  e.key = key;
  e.size_bytes = KeyBytes(*key);
  // The file's estimate gives way to what the key holds, when that is less: the engine weighs
  // size_bytes (ResidentBytes) against the budget, and a reservation larger than it made a
  // partition wait for memory that nothing would release.
  if (reservation.bytes() > e.size_bytes) reservation.ShrinkTo(e.size_bytes);
  e.reservation = std::move(reservation);
  e.last_used = std::chrono::steady_clock::now();
  return key;
}

Result<uint64_t> SrsCache::ResidentBytes(const std::string& circuit_id) const {
  ASSIGN_OR_RETURN(KeyFiles files, FilesOf(circuit_id));
  {
    MutexLock lock(mu_);
    auto it = entries_.find(circuit_id);
    if (it != entries_.end() && it->second.key) return it->second.size_bytes;
  }
  return EstimateFromFile(files.params);
}

Result<uint64_t> SrsCache::Evict(const std::string& circuit_id) {
  RETURN_IF_ERROR(FilesOf(circuit_id));
  MutexLock lock(mu_);
  auto it = entries_.find(circuit_id);
  if (it == entries_.end() || !it->second.key) return uint64_t{0};
  if (it->second.key.use_count() > 1) {
    return Status::InvalidArgument(circuit_id + " is in use by " +
                                   std::to_string(it->second.key.use_count() - 1) + " job(s)");
  }
  uint64_t freed = it->second.size_bytes;
  Evicted evicted = TakeLocked(it->second);
  lock.Unlock();
  Free(std::move(evicted));
  return freed;
}

std::vector<SrsInfo> SrsCache::Loaded() const {
  MutexLock lock(mu_);
  std::vector<SrsInfo> out;
  const auto now = std::chrono::steady_clock::now();
  for (const auto& [id, e] : entries_) {
    if (!e.key) continue;
    out.push_back({id, e.size_bytes, static_cast<uint32_t>(e.key.use_count() - 1),
                   std::chrono::duration<double>(now - e.last_used).count()});
  }
  return out;
}

Result<std::shared_ptr<const snarkpack::GenericSrs>> SrsCache::AggregationSrs() {
  MutexLock lock(aggregation_mu_);
  if (aggregation_srs_) return aggregation_srs_;
  const std::string path = (std::filesystem::path(param_dir_) / snarkpack::kSrsFileName).string();
  auto t = std::chrono::steady_clock::now();
  auto srs = snarkpack::ReadSrs(path);
  RETURN_IF_ERROR(srs);
  const uint64_t bytes =
      (srs->g_alpha_powers.size() + srs->g_beta_powers.size()) * sizeof(ec::G1Affine) +
      (srs->h_alpha_powers.size() + srs->h_beta_powers.size()) * sizeof(ec::G2Affine);
  if (budget_) {
    auto r = ReserveWaiting("", bytes, std::chrono::minutes(10), nullptr);
    if (!r.ok()) return r.status().Prefixed("SnarkPack SRS: ");
    aggregation_memory_ = std::move(r).value();
  }
  aggregation_srs_ = std::make_shared<const snarkpack::GenericSrs>(std::move(srs).value());
  spdlog::info("srs {}: {} powers of each, {:.1f} MB resident, read in {:.2f} s", path,
               aggregation_srs_->g_alpha_powers.size(), static_cast<double>(bytes) / 1e6,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
  return aggregation_srs_;
}

}  // namespace cuzk::engine
