// SPDX-License-Identifier: Apache-2.0 OR MIT
// gpu/runtime.h on the CUDA runtime.
#include <cuda_runtime.h>

#include "gpu/cuda/check.cuh"
#include "gpu/runtime.h"

namespace cuzk::gpu {

bool BuiltWithCuda() { return true; }

Result<int> CountDevices() {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    return Status(StatusCode::kUnavailable,
                  std::string("no usable CUDA device (is an NVIDIA driver for CUDA 13 loaded?): ") +
                      cudaGetErrorName(e) + ": " + cudaGetErrorString(e));
  }
  if (count == 0) return Status(StatusCode::kUnavailable, "no CUDA device is visible");
  return count;
}

Result<std::vector<DeviceInfo>> ListDevices() {
  ASSIGN_OR_RETURN(int count, CountDevices());
  std::vector<DeviceInfo> devices;
  for (int i = 0; i < count; ++i) {
    ASSIGN_OR_RETURN(DeviceInfo info, QueryDevice(i));
    devices.push_back(info);
  }
  return devices;
}

Result<DeviceInfo> QueryDevice(int device) {
  cudaDeviceProp prop;
  CUZK_CUDA_RETURN_IF_ERROR(cudaGetDeviceProperties(&prop, device), device,
                            "reading its properties");
  DeviceInfo info;
  info.index = device;
  info.name = prop.name;
  info.compute_major = prop.major;
  info.compute_minor = prop.minor;
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device), device, "selecting it");
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_CUDA_RETURN_IF_ERROR(cudaMemGetInfo(&free_bytes, &total_bytes), device,
                            "reading its memory");
  info.free_bytes = free_bytes;
  info.total_bytes = total_bytes;
  return info;
}

std::string DeviceLabel(int device) {
  std::string label = "cuda:" + std::to_string(device);
  cudaDeviceProp prop;
  if (cudaGetDeviceProperties(&prop, device) == cudaSuccess)
    label += std::string(" (") + prop.name + ")";
  return label;
}

DeviceMemory::~DeviceMemory() {
  if (ptr_) {
    cudaSetDevice(device_);
    cudaFree(ptr_);
  }
}

Result<DeviceMemory> DeviceMemory::Allocate(int device, size_t bytes, const std::string& what) {
  DeviceMemory m;
  m.device_ = device;
  if (bytes == 0) return std::move(m);
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device), device, "selecting it");
  if (const cudaError_t e = cudaMalloc(&m.ptr_, bytes); e != cudaSuccess) {
    // The failure is also the thread's last error, which the next launch's cudaGetLastError
    // (cuda/exec.cuh) would report as its own, failing the retry after an eviction: clear it.
    cudaGetLastError();
    m.ptr_ = nullptr;
    return CudaStatus(e, device, "allocating " + std::to_string(bytes) + " bytes for " + what);
  }
  m.bytes_ = bytes;
  return std::move(m);
}

Status DeviceMemory::Upload(const void* host, size_t bytes, size_t offset) {
  if (offset + bytes > bytes_) return Status(StatusCode::kInternal, "device upload out of range");
  if (bytes == 0) return Status::Ok();
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device_), device_, "selecting it");
  CUZK_CUDA_RETURN_IF_ERROR(
      cudaMemcpy(static_cast<char*>(ptr_) + offset, host, bytes, cudaMemcpyHostToDevice), device_,
      "copying " + std::to_string(bytes) + " bytes to the device");
  return Status::Ok();
}

Status DeviceMemory::Download(void* host, size_t bytes, size_t offset) const {
  if (offset + bytes > bytes_) return Status(StatusCode::kInternal, "device download out of range");
  if (bytes == 0) return Status::Ok();
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device_), device_, "selecting it");
  CUZK_CUDA_RETURN_IF_ERROR(
      cudaMemcpy(host, static_cast<const char*>(ptr_) + offset, bytes, cudaMemcpyDeviceToHost),
      device_, "copying " + std::to_string(bytes) + " bytes from the device");
  return Status::Ok();
}

Status DeviceMemory::Zero(size_t bytes, size_t offset) {
  if (offset + bytes > bytes_) return Status(StatusCode::kInternal, "device memset out of range");
  if (bytes == 0) return Status::Ok();
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device_), device_, "selecting it");
  CUZK_CUDA_RETURN_IF_ERROR(cudaMemset(static_cast<char*>(ptr_) + offset, 0, bytes), device_,
                            "zeroing device memory");
  return Status::Ok();
}

PinnedHostMemory::~PinnedHostMemory() {
  if (ptr_) cudaFreeHost(ptr_);
}

Result<PinnedHostMemory> PinnedHostMemory::Allocate(size_t bytes, const std::string& what) {
  PinnedHostMemory m;
  if (bytes == 0) return std::move(m);
  if (const cudaError_t e = cudaMallocHost(&m.ptr_, bytes); e != cudaSuccess) {
    cudaGetLastError();  // as DeviceMemory::Allocate: no error left for the next launch
    m.ptr_ = nullptr;
    return Status(StatusCode::kUnavailable, "allocating " + std::to_string(bytes) +
                                                " bytes of pinned host memory for " + what + ": " +
                                                cudaGetErrorName(e));
  }
  m.bytes_ = bytes;
  return std::move(m);
}

struct CopyStream::State {
  int device = 0;
  cudaStream_t stream = nullptr;
  ~State() {
    if (stream) {
      cudaSetDevice(device);
      cudaStreamDestroy(stream);
    }
  }
};

CopyStream::CopyStream() = default;
CopyStream::CopyStream(CopyStream&&) noexcept = default;
CopyStream& CopyStream::operator=(CopyStream&&) noexcept = default;
CopyStream::~CopyStream() = default;

Result<CopyStream> CopyStream::Create(int device) {
  CopyStream out;
  out.state_ = std::make_unique<State>();
  out.state_->device = device;
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device), device, "selecting it");
  CUZK_CUDA_RETURN_IF_ERROR(cudaStreamCreateWithFlags(&out.state_->stream, cudaStreamNonBlocking),
                            device, "creating a copy stream");
  return std::move(out);
}

Status CopyStream::Upload(DeviceMemory& dst, const PinnedHostMemory& host, size_t bytes,
                          size_t offset) {
  if (offset + bytes > dst.size() || bytes > host.size())
    return Status(StatusCode::kInternal, "device upload out of range");
  if (bytes == 0) return Status::Ok();
  int device = state_->device;
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device), device, "selecting it");
  CUZK_CUDA_RETURN_IF_ERROR(cudaMemcpyAsync(dst.as<char>() + offset, host.data(), bytes,
                                            cudaMemcpyHostToDevice, state_->stream),
                            device,
                            "queueing a copy of " + std::to_string(bytes) + " bytes to the device");
  return Status::Ok();
}

Status CopyStream::Synchronize() {
  int device = state_->device;
  CUZK_CUDA_RETURN_IF_ERROR(cudaSetDevice(device), device, "selecting it");
  CUZK_CUDA_RETURN_IF_ERROR(cudaStreamSynchronize(state_->stream), device, "copying to the device");
  return Status::Ok();
}

}  // namespace cuzk::gpu
