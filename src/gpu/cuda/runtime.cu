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

}  // namespace cuzk::gpu
