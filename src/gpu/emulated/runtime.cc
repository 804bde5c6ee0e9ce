// SPDX-License-Identifier: Apache-2.0 OR MIT
// gpu/runtime.h emulated in host memory: one "device", whose memory is malloc's, of 4 GiB or what
// SetEmulatedDeviceBytes says (emulated_device.h): allocations past it fail as cudaMalloc would,
// with kUnavailable (recording the thread's last error, as CUDA does, which Allocate clears),
// and fresh blocks hold a fill pattern, not zeros; a copy stream's copies run when it is waited
// for, the latest CUDA allows. Linked only into the emulated tests, which run the CUDA backend's
// whole sequence on the CPU.
#include "gpu/runtime.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gpu/emulated/emulated_device.h"

namespace cuzk::gpu {
namespace {

std::atomic<uint64_t> allocated{0};
std::atomic<uint64_t> device_bytes{kDefaultEmulatedDeviceBytes};
std::atomic<int> allocations_to_fail{0};
thread_local bool last_error_out_of_memory = false;  // CUDA keeps its last error per thread

uint64_t TotalBytes() { return device_bytes.load(); }

// cudaMalloc's part: the block, or nullptr with the thread's last error recorded.
void* EmulatedMalloc(size_t bytes) {
  bool fail = allocated + bytes > TotalBytes();
  for (int n = allocations_to_fail.load(); !fail && n > 0;) {
    fail = allocations_to_fail.compare_exchange_weak(n, n - 1);
  }
  void* p = fail ? nullptr : std::malloc(bytes);
  if (!p) last_error_out_of_memory = true;
  return p;
}

}  // namespace

void FailEmulatedAllocations(int count) { allocations_to_fail.store(count); }

Status TakeEmulatedLastError() {
  if (!last_error_out_of_memory) return Status::Ok();
  last_error_out_of_memory = false;
  return Status(StatusCode::kUnavailable, "cudaErrorMemoryAllocation (emulated): out of memory");
}

void SetEmulatedDeviceBytes(uint64_t bytes) {
  device_bytes.store(bytes ? bytes : kDefaultEmulatedDeviceBytes);
}

bool BuiltWithCuda() { return false; }

Result<DeviceInfo> QueryDevice(int device) {
  if (device != 0) {
    return Status(StatusCode::kUnavailable,
                  DeviceLabel(device) + ": the emulator has one device, 0");
  }
  DeviceInfo info;
  info.name = "host emulation";
  info.total_bytes = TotalBytes();
  info.free_bytes = info.total_bytes > allocated ? info.total_bytes - allocated : 0;
  return info;
}

Result<int> CountDevices() { return 1; }

Result<std::vector<DeviceInfo>> ListDevices() {
  ASSIGN_OR_RETURN(DeviceInfo info, QueryDevice(0));
  return std::vector<DeviceInfo>{info};
}

std::string DeviceLabel(int device) { return "emulated:" + std::to_string(device); }

DeviceMemory::~DeviceMemory() {
  std::free(ptr_);
  allocated -= bytes_;
}

Result<DeviceMemory> DeviceMemory::Allocate(int device, size_t bytes, const std::string& what) {
  DeviceMemory m;
  m.device_ = device;
  if (bytes == 0) return m;
  m.ptr_ = EmulatedMalloc(bytes);
  if (!m.ptr_) {
    (void)TakeEmulatedLastError();  // as cuda/runtime.cu clears it
    return Status(StatusCode::kUnavailable, DeviceLabel(device) + ": allocating " +
                                                std::to_string(bytes) + " bytes for " + what +
                                                ": out of (emulated) device memory");
  }
  // cudaMalloc does not clear memory: neither does the emulator, which fills it with a pattern
  // instead, so that a kernel reading what nothing wrote fails here too rather than finding
  // zeros or what a previous block left.
  std::memset(m.ptr_, 0xa5, bytes);
  m.bytes_ = bytes;
  allocated += bytes;
  return m;
}

Status DeviceMemory::Upload(const void* host, size_t bytes, size_t offset) {
  if (offset + bytes > bytes_) return Status(StatusCode::kInternal, "device upload out of range");
  if (bytes) std::memcpy(static_cast<char*>(ptr_) + offset, host, bytes);
  return Status::Ok();
}

Status DeviceMemory::Download(void* host, size_t bytes, size_t offset) const {
  if (offset + bytes > bytes_) return Status(StatusCode::kInternal, "device download out of range");
  if (bytes) std::memcpy(host, static_cast<const char*>(ptr_) + offset, bytes);
  return Status::Ok();
}

Status DeviceMemory::Zero(size_t bytes, size_t offset) {
  if (offset + bytes > bytes_) return Status(StatusCode::kInternal, "device memset out of range");
  if (bytes) std::memset(static_cast<char*>(ptr_) + offset, 0, bytes);
  return Status::Ok();
}

PinnedHostMemory::~PinnedHostMemory() { std::free(ptr_); }

Result<PinnedHostMemory> PinnedHostMemory::Allocate(size_t bytes, const std::string& what) {
  PinnedHostMemory m;
  if (bytes == 0) return m;
  m.ptr_ = std::malloc(bytes);
  if (!m.ptr_) {
    return Status(StatusCode::kUnavailable, "allocating " + std::to_string(bytes) +
                                                " bytes of pinned host memory for " + what);
  }
  m.bytes_ = bytes;
  return m;
}

// The emulated stream runs its copies as late as CUDA may: when Synchronize is called. Code that
// touches a copy's source or destination before then reads or writes what a GPU might not have
// copied yet, and the emulated tests see the difference.
struct CopyStream::State {
  struct Copy {
    char* dst;
    const void* src;
    size_t bytes;
  };
  std::vector<Copy> queued;
};

CopyStream::CopyStream() = default;
CopyStream::CopyStream(CopyStream&&) noexcept = default;
CopyStream& CopyStream::operator=(CopyStream&&) noexcept = default;
CopyStream::~CopyStream() = default;

Result<CopyStream> CopyStream::Create(int device) {
  if (device != 0) {
    return Status(StatusCode::kUnavailable,
                  DeviceLabel(device) + ": the emulator has one device, 0");
  }
  CopyStream out;
  out.state_ = std::make_unique<State>();
  return out;
}

Status CopyStream::Upload(DeviceMemory& dst, const PinnedHostMemory& host, size_t bytes,
                          size_t offset) {
  if (offset + bytes > dst.size() || bytes > host.size())
    return Status(StatusCode::kInternal, "device upload out of range");
  if (bytes) state_->queued.push_back({dst.as<char>() + offset, host.data(), bytes});
  return Status::Ok();
}

Status CopyStream::Synchronize() {
  for (const State::Copy& c : state_->queued) std::memcpy(c.dst, c.src, c.bytes);
  state_->queued.clear();
  return Status::Ok();
}

}  // namespace cuzk::gpu
