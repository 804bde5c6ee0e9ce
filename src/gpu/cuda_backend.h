// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CUDA ProverBackend: on one device, H from the assignment's a, b, c (six transforms without
// a round trip to the host) and the G1 MSMs (h, l, a, b_g1) over the proving key's queries, which
// stay resident on the device between proofs (several keys, least recently used evicted when the
// device lacks room, and released when the SrsCache evicts the key); b_g2 runs on the CPU
// meanwhile (supraseal does the same), so the device does only G1 work.
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
  // Proves on the device with `key` resident.
  Result<groth16::QuerySums> Prove(const groth16::ProvingKey& pk, const ResidentKey& key,
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
};

}  // namespace cuzk::gpu
