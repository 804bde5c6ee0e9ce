// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CUDA ProverBackend: on one device, H from the assignment's a, b, c (six transforms without
// a round trip to the host) and the G1 MSMs (h, l, a, b_g1) over the proving key's queries, which
// stay resident on the device between proofs (several keys, least recently used evicted when the
// device lacks room, and released when the SrsCache evicts the key); b_g2 runs on the CPU
// meanwhile (supraseal does the same), so the device does only G1 work. A key that does not fit
// beside a proof's working memory (a 32GiB PoRep key is 38 GiB; many providers' cards have 16-24
// GB) is streamed instead: each query's bases go up in chunks (gpu/device_ops.h's BaseStreamer),
// the next chunk copied while the device sums the current one.
#pragma once

#include <list>
#include <memory>
#include <mutex>
#include <optional>

#include "gpu/device_ops.h"
#include "groth16/backend.h"

namespace cuzk::gpu {

// Proves partitions on one CUDA device; calls are serialized (one proof at a time per device).
class CudaBackend final : public groth16::ProverBackend {
 public:
  // Returns the backend of `device`, or kUnavailable naming why it cannot be used.
  static Result<std::unique_ptr<CudaBackend>> Create(int device);

  std::string name() const override { return label_; }
  Result<groth16::QuerySums> ComputeSums(const groth16::ProvingKey& pk, groth16::ProverInput& input,
                                         const groth16::ProverOptions& options) override;
  std::optional<groth16::DeviceUsage> device() const override;
  // Returns the device's figures as Create read them (memory free then).
  const DeviceInfo& info() const { return info_; }
  // Plans every proof as if the device had `bytes` of memory (0: all of it), the rest taken by
  // someone else: the streaming path on a large card, as a 16-24 GB card would take it.
  void SetMemoryLimit(uint64_t bytes);
  // Returns the device bytes the resident keys hold (0 when none).
  uint64_t resident_bytes() const;
  // Returns how many keys are resident.
  size_t resident_keys() const;
  // Frees every resident key's device memory.
  void Evict();
  // Frees `pk`'s resident queries, if it has any.
  void Release(const groth16::ProvingKey& pk) override;
  // Returns the device memory a proof over a domain of n under `pk` takes besides the key (an
  // upper bound): a, b and c for the quotient; then a, the largest scalar upload and the largest
  // MSM's buffers, b and c being freed once H is computed.
  static uint64_t WorkingBytes(const groth16::ProvingKey& pk, size_t n);
  // Returns the device memory `pk`'s G1 queries take resident.
  static uint64_t KeyBytes(const groth16::ProvingKey& pk);
  // Returns the device memory a proof over n under `pk` takes when its key is streamed in chunks
  // of `chunk` bases: a, b and c for the quotient; then a or the largest scalar upload, the two
  // chunk buffers and a chunk's MSM buffers.
  static uint64_t StreamingBytes(const groth16::ProvingKey& pk, size_t n, size_t chunk);
  // Returns the most bases per streamed chunk (a power of two from kMinStreamChunk to
  // kMaxStreamChunk, no more than the largest query needs) with which a proof over n under `pk`
  // fits in `free_bytes`; 0 if none does.
  static size_t StreamChunk(const groth16::ProvingKey& pk, size_t n, uint64_t free_bytes);
  // The fewest bases per streamed chunk.
  static constexpr size_t kMinStreamChunk = 256;
  // The most bases per streamed chunk: 2^24 take 1.5 GiB of pinned host memory per staging
  // buffer, and an MSM of 2^24 points already fills a GPU.
  static constexpr size_t kMaxStreamChunk = size_t{1} << 24;
  // Returns log2 of the largest domain a device of `device_bytes` can prove over, its key streamed
  // (taking the key's largest query as the domain's size), or 0 if none.
  static unsigned LargestLogDomain(uint64_t device_bytes);
  // Returns how many proofs streamed their key.
  uint64_t streamed_proofs() const;

 private:
  // What identifies a proving key's contents cheaply: its address, query sizes and end points.
  struct KeyFingerprint {
    const groth16::ProvingKey* key = nullptr;
    size_t sizes[4] = {};
    ec::G1Affine ends[8];
    bool operator==(const KeyFingerprint&) const = default;
  };
  // One key's G1 queries on the device.
  struct ResidentKey {
    KeyFingerprint fingerprint;
    DeviceBases h, l, a, b_g1;
    uint64_t bytes() const { return h.bytes() + l.bytes() + a.bytes() + b_g1.bytes(); }
  };
  static KeyFingerprint FingerprintOf(const groth16::ProvingKey& pk);
  // Returns `pk`'s resident queries, uploading them first when absent; least recently used keys
  // are evicted while the device lacks room for the upload plus `working_bytes`.
  Result<ResidentKey*> MakeResident(const groth16::ProvingKey& pk, uint64_t working_bytes,
                                    size_t threads);
  // Returns the bases per chunk with which to stream `pk` (every resident key evicted first), or
  // kUnavailable saying how much the device lacks.
  Result<size_t> PlanStreaming(const groth16::ProvingKey& pk, size_t n);
  // Returns true when `pk` is resident or would fit, with the proof's `working_bytes`, in the
  // device's free memory plus what the other resident keys hold.
  bool FitsResident(const groth16::ProvingKey& pk, uint64_t working_bytes) const;
  // Returns the device memory this backend may use in all (the limit set, or the device's).
  uint64_t UsableBytes() const;
  // Returns the device's free memory less what the memory limit puts out of reach.
  Result<uint64_t> FreeBytes() const;
  // Uploads the quotient's constants for 2^log_n points unless they are on the device.
  Status PrepareQuotient(unsigned log_n);
  // Proves on the device with `key` resident, or, when `key` is null, streaming the key's bases
  // through streamer_.
  Result<groth16::QuerySums> Prove(const groth16::ProvingKey& pk, const ResidentKey* key,
                                   r1cs::ProvingAssignment& pa,
                                   const groth16::ProverOptions& options);
  // Evicts least recently used keys other than the first (the current one); returns how many.
  size_t EvictOthers();

  int device_ = 0;
  DeviceInfo info_;
  std::string label_;
  mutable std::mutex mu_;
  std::list<ResidentKey> resident_;  // most recently used first
  std::optional<DeviceQuotient> quotient_;
  std::optional<BaseStreamer> streamer_;  // kept between streamed proofs (its pinned memory)
  uint64_t streamed_proofs_ = 0;
  uint64_t memory_limit_ = 0;  // 0: none
};

}  // namespace cuzk::gpu
