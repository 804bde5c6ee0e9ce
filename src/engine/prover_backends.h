// SPDX-License-Identifier: Apache-2.0 OR MIT
// Which backend each prover worker proves on: one worker per GPU (times workers_per_device), each
// falling back to the CPU when its device fails (unless gpu_only), or CPU workers when there is
// no usable GPU, which the log says once.
#pragma once

#include <memory>
#include <vector>

#include "base/mutex.h"
#include "groth16/backend.h"

namespace cuzk::engine {

// The [gpus] settings.
struct GpuConfig {
  bool enabled = true;            // false: prove on the CPU even where a GPU is found
  std::vector<int> devices;       // CUDA ordinals (after CUDA_VISIBLE_DEVICES); empty: all
  size_t workers_per_device = 1;  // prover workers sharing each device (they take turns)
  bool gpu_only = false;          // a failed device proof fails the partition instead of the
                                  // CPU retrying it
};

// A backend that retries on the CPU when its primary fails (or, with allow_cpu false, returns
// the primary's error naming it); the retry is logged as a warning, the same failure repeated
// at debug level. A fatal primary error
// (kInternal: a failed kernel, a corrupted device context), unlike running out of device memory
// (kUnavailable), takes the device out of use for good: logged once as an error, reported by
// device() as its fault, and every later partition goes straight to the CPU (or fails, naming
// the fault, with allow_cpu false).
class FallbackBackend final : public groth16::ProverBackend {
 public:
  FallbackBackend(std::shared_ptr<groth16::ProverBackend> primary, bool allow_cpu)
      : primary_(std::move(primary)), allow_cpu_(allow_cpu) {}
  std::string name() const override { return primary_->name(); }
  Result<groth16::QuerySums> ComputeSums(const groth16::ProvingKey& pk, groth16::ProverInput& input,
                                         const groth16::ProverOptions& options) override;
  std::optional<groth16::DeviceUsage> device() const override;
  void Release(const groth16::ProvingKey& pk) override { primary_->Release(pk); }

 private:
  // Returns the fault that took the device out of use, or empty.
  std::string Fault() const;

  std::shared_ptr<groth16::ProverBackend> primary_;
  bool allow_cpu_;
  mutable Mutex mu_;
  std::string fault_ CUZK_GUARDED_BY(mu_);
  std::string last_failure_ CUZK_GUARDED_BY(mu_);  // the last failure retried on the CPU
};

// Returns one backend per GPU prover worker from `config` (empty: prove on the CPU), logging
// which devices are used, or why none is.
std::vector<std::shared_ptr<groth16::ProverBackend>> MakeGpuBackends(const GpuConfig& config);

}  // namespace cuzk::engine
