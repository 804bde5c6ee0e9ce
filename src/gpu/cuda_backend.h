// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CUDA ProverBackend: on one device, H from the assignment's a, b, c (six transforms without
// a round trip to the host) and the G1 MSMs (h, l, a, b_g1) over the proving key's queries, which
// stay resident on the device between proofs of the same key; b_g2 runs on the CPU meanwhile
// (supraseal does the same), so the device does only G1 work.
#pragma once

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
  Result<groth16::QuerySums> ComputeSums(const groth16::ProvingKey& pk,
                                         r1cs::ProvingAssignment& assignment,
                                         const groth16::ProverOptions& options) override;
  std::optional<groth16::DeviceUsage> device() const override;
  // Returns the device bytes the resident key holds (0 when none).
  uint64_t resident_bytes() const;
  // Frees the resident key's device memory.
  void Evict();

 private:
  // What identifies a proving key's contents cheaply: its address, query sizes and end points.
  struct KeyFingerprint {
    const groth16::ProvingKey* key = nullptr;
    size_t sizes[4] = {};
    ec::G1Affine ends[8];
    bool operator==(const KeyFingerprint&) const = default;
  };
  static KeyFingerprint FingerprintOf(const groth16::ProvingKey& pk);
  // Makes `pk`'s G1 queries resident, replacing another key's.
  Status MakeResident(const groth16::ProvingKey& pk, size_t threads);

  int device_ = 0;
  std::string label_;
  mutable std::mutex mu_;
  KeyFingerprint resident_key_;
  std::optional<DeviceBases> h_, l_, a_, b_g1_;
  std::optional<DeviceQuotient> quotient_;
};

}  // namespace cuzk::gpu
