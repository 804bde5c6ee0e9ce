// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CUDA runtime as the rest of cuzk sees it: which devices there are, device memory, pinned
// host memory and streams of copies.
// Implemented by cuda/runtime.cu when cuzk is built with CUDA (CUZK_CUDA), else by no_cuda.cc,
// whose every call answers kUnavailable saying so, and, for the emulated tests, by
// emulated/runtime.cc (host memory standing for a device's); host code compiles the same either
// way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"

namespace cuzk::gpu {

// One CUDA device as the runtime reports it.
struct DeviceInfo {
  int index = 0;  // the runtime's ordinal (after CUDA_VISIBLE_DEVICES)
  std::string name;
  uint64_t total_bytes = 0, free_bytes = 0;
  int compute_major = 0, compute_minor = 0;
};

// Returns true iff this build includes the CUDA backend.
bool BuiltWithCuda();

// Returns the number of visible devices without opening any; an error says why there are none
// (built without CUDA, no driver, no device).
Result<int> CountDevices();

// Returns every visible device's figures; an error says why there are none, or names the first
// device that cannot be queried. It opens a context on each device (QueryDevice): for listing
// (tests, benchmarks), not for choosing the devices to use.
Result<std::vector<DeviceInfo>> ListDevices();

// Returns one device's figures (memory free now), opening a context on it only.
Result<DeviceInfo> QueryDevice(int device);

// Returns "cuda:<index> (<name>)" for messages.
std::string DeviceLabel(int device);

// A block of device memory, freed on destruction; move-only.
class DeviceMemory {
 public:
  DeviceMemory() = default;
  DeviceMemory(DeviceMemory&& o) noexcept { *this = std::move(o); }
  // Swaps with `o`, whose destruction then frees what this block held.
  DeviceMemory& operator=(DeviceMemory&& o) noexcept {
    std::swap(ptr_, o.ptr_);
    std::swap(bytes_, o.bytes_);
    std::swap(device_, o.device_);
    return *this;
  }
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  ~DeviceMemory();

  // Allocates `bytes` on `device`; the error names the device, the size and `what`. A failed
  // allocation leaves no error behind for the next kernel launch to report.
  static Result<DeviceMemory> Allocate(int device, size_t bytes, const std::string& what);
  // Copies `bytes` from host memory to offset `offset`.
  Status Upload(const void* host, size_t bytes, size_t offset = 0);
  // Copies `bytes` from offset `offset` to host memory.
  Status Download(void* host, size_t bytes, size_t offset = 0) const;
  // Sets `bytes` from offset `offset` to zero.
  Status Zero(size_t bytes, size_t offset = 0);

  // Returns the device pointer (null when empty).
  void* data() const { return ptr_; }
  // Returns the block's size in bytes.
  size_t size() const { return bytes_; }
  // Returns the device the block lives on.
  int device() const { return device_; }
  // Returns the device pointer as a T*.
  template <typename T>
  T* as() const {
    return static_cast<T*>(ptr_);
  }

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
  int device_ = -1;
};

// Page-locked host memory (cudaMallocHost), which the device copies from asynchronously and at
// the link's full speed; freed on destruction, move-only.
class PinnedHostMemory {
 public:
  PinnedHostMemory() = default;
  PinnedHostMemory(PinnedHostMemory&& o) noexcept { *this = std::move(o); }
  // Swaps with `o`, whose destruction then frees what this block held.
  PinnedHostMemory& operator=(PinnedHostMemory&& o) noexcept {
    std::swap(ptr_, o.ptr_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  PinnedHostMemory(const PinnedHostMemory&) = delete;
  PinnedHostMemory& operator=(const PinnedHostMemory&) = delete;
  ~PinnedHostMemory();

  // Allocates `bytes`; the error names the size and `what`.
  static Result<PinnedHostMemory> Allocate(size_t bytes, const std::string& what);
  // Returns the memory (null when empty).
  void* data() const { return ptr_; }
  // Returns the block's size in bytes.
  size_t size() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

// A stream of copies to one device that runs beside its kernels (a non-blocking CUDA stream): a
// copy queued on it may run at any time until Synchronize returns, so neither its source nor its
// destination may be touched before then. Move-only.
class CopyStream {
 public:
  CopyStream();
  CopyStream(CopyStream&&) noexcept;
  CopyStream& operator=(CopyStream&&) noexcept;
  ~CopyStream();

  // Creates a copy stream on `device`.
  static Result<CopyStream> Create(int device);
  // Queues a copy of `bytes` from `host` to `dst` at `offset`.
  Status Upload(DeviceMemory& dst, const PinnedHostMemory& host, size_t bytes, size_t offset = 0);
  // Waits until every queued copy is done; an error names the first that failed.
  Status Synchronize();

 private:
  struct State;  // the runtime's stream (the emulator's queue of copies)
  std::unique_ptr<State> state_;
};

}  // namespace cuzk::gpu
