// SPDX-License-Identifier: Apache-2.0 OR MIT
// The runtime of a build without CUDA (CUZK_CUDA=OFF, or AUTO without nvcc), which links no
// kernels: every call says so, and the daemon proves on the CPU.
#include "gpu/kernels.h"
#include "gpu/runtime.h"

namespace cuzk::gpu {
namespace {

Status NotBuilt() {
  return Status(StatusCode::kUnavailable,
                "cuzk was built without CUDA (CUZK_CUDA=OFF, or nvcc was not found when it was "
                "configured)");
}

}  // namespace

bool BuiltWithCuda() { return false; }
Result<int> CountDevices() { return NotBuilt(); }
Result<std::vector<DeviceInfo>> ListDevices() { return NotBuilt(); }
Result<DeviceInfo> QueryDevice(int) { return NotBuilt(); }
std::string DeviceLabel(int device) { return "cuda:" + std::to_string(device); }

DeviceMemory::~DeviceMemory() = default;
Result<DeviceMemory> DeviceMemory::Allocate(int, size_t, const std::string&) { return NotBuilt(); }
Status DeviceMemory::Upload(const void*, size_t, size_t) { return NotBuilt(); }
Status DeviceMemory::Download(void*, size_t, size_t) const { return NotBuilt(); }
Status DeviceMemory::Zero(size_t, size_t) { return NotBuilt(); }

PinnedHostMemory::~PinnedHostMemory() = default;
Result<PinnedHostMemory> PinnedHostMemory::Allocate(size_t, const std::string&) {
  return NotBuilt();
}

struct CopyStream::State {};
CopyStream::CopyStream() = default;
CopyStream::CopyStream(CopyStream&&) noexcept = default;
CopyStream& CopyStream::operator=(CopyStream&&) noexcept = default;
CopyStream::~CopyStream() = default;
Result<CopyStream> CopyStream::Create(int) { return NotBuilt(); }
Status CopyStream::Upload(DeviceMemory&, const PinnedHostMemory&, size_t, size_t) {
  return NotBuilt();
}
Status CopyStream::Synchronize() { return NotBuilt(); }

Result<const DeviceKernels*> LinkedKernels() { return NotBuilt(); }

}  // namespace cuzk::gpu
