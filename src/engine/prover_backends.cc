// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/prover_backends.h"

#include <spdlog/spdlog.h>

#include <string>

#include "gpu/cuda_backend.h"

namespace cuzk::engine {

Result<groth16::QuerySums> FallbackBackend::ComputeSums(const groth16::ProvingKey& pk,
                                                        groth16::ProverInput& input,
                                                        const groth16::ProverOptions& options) {
  if (std::string fault = Fault(); !fault.empty()) {
    if (!allow_cpu_) {
      return Status(StatusCode::kUnavailable,
                    primary_->name() + " is out of use after a fatal error (gpu_only): " + fault);
    }
    return groth16::CpuBackend().ComputeSums(pk, input, options);
  }
  auto sums = primary_->ComputeSums(pk, input, options);
  if (sums.ok() || sums.status().code() == StatusCode::kCancelled) return sums;
  if (sums.status().code() == StatusCode::kInternal) {
    bool first = false;
    {
      MutexLock lock(mu_);
      first = fault_.empty();
      if (first) fault_ = sums.status().message();
    }
    if (first) {
      spdlog::error(
          "{}: fatal device error: {}; the device is out of use until the daemon restarts ({})",
          primary_->name(), sums.status().message(),
          allow_cpu_ ? "its partitions prove on the CPU" : "gpu_only: its partitions fail");
    }
  }
  if (!allow_cpu_) {
    return Status(sums.status().code(),
                  primary_->name() + " failed (gpu_only): " + sums.status().message());
  }
  // The same failure partition after partition (a device too small for the circuit) is logged
  // once as a warning, then at debug level.
  bool repeated = false;
  {
    MutexLock lock(mu_);
    repeated = last_failure_ == sums.status().message();
    if (!repeated) last_failure_ = sums.status().message();
  }
  spdlog::log(repeated ? spdlog::level::debug : spdlog::level::warn,
              "{} failed: {}; proving this partition on the CPU instead{}", primary_->name(),
              sums.status().message(),
              repeated ? "" : " (the same failure again is logged at debug level)");
  return groth16::CpuBackend().ComputeSums(pk, input, options);
}

std::optional<groth16::DeviceUsage> FallbackBackend::device() const {
  std::optional<groth16::DeviceUsage> usage = primary_->device();
  if (usage) usage->fault = Fault();
  return usage;
}

std::string FallbackBackend::Fault() const {
  MutexLock lock(mu_);
  return fault_;
}

std::vector<std::shared_ptr<groth16::ProverBackend>> MakeGpuBackends(const GpuConfig& config) {
  std::vector<std::shared_ptr<groth16::ProverBackend>> out;
  if (!config.enabled) {
    spdlog::info("GPU: disabled by [gpus] enabled = false; proving on the CPU");
    return out;
  }
  // Counting opens no device: only the devices used are opened (CudaBackend::Create), so one
  // that is busy or another process's neither gets a context of ours nor stops the others.
  auto count = gpu::CountDevices();
  if (!count.ok()) {
    spdlog::info("GPU: none used ({}); proving on the CPU", count.status().message());
    return out;
  }
  std::vector<int> wanted = config.devices;
  if (wanted.empty()) {
    for (int i = 0; i < *count; ++i) wanted.push_back(i);
  }
  for (int ordinal : wanted) {
    auto backend = gpu::CudaBackend::Create(ordinal);
    if (!backend.ok()) {
      spdlog::warn("GPU: cuda:{} not used: {}", ordinal, backend.status().message());
      continue;
    }
    const gpu::DeviceInfo info = (*backend)->info();
    auto shared = std::make_shared<FallbackBackend>(
        std::shared_ptr<groth16::ProverBackend>(std::move(backend).value()), !config.gpu_only);
    // What the device can prove at all, known now rather than from each partition that fails: a
    // 32GiB PoRep partition's domain is 2^27; keys that do not fit are streamed.
    spdlog::info(
        "GPU: {} ({:.1f} GiB, sm_{}{}): {} prover worker(s){}; proves domains up to 2^{}, "
        "streaming keys that do not fit beside a proof",
        shared->name(), info.total_bytes / 1073741824.0, info.compute_major, info.compute_minor,
        config.workers_per_device, config.gpu_only ? ", gpu_only" : ", CPU fallback",
        gpu::CudaBackend::LargestLogDomain(info.total_bytes));
    for (size_t i = 0; i < std::max<size_t>(config.workers_per_device, 1); ++i)
      out.push_back(shared);
  }
  if (out.empty()) spdlog::info("GPU: no configured device is usable; proving on the CPU");
  return out;
}

}  // namespace cuzk::engine
