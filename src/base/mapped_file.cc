// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "base/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace cuzk {
namespace {

// Whether MappedFile copies the file into the heap: under AddressSanitizer (the ASan and fuzz
// builds), where a read past the bytes must be caught, as it would not be within the last page of
// a mapping.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCopyMappedFiles = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kCopyMappedFiles = true;
#else
constexpr bool kCopyMappedFiles = false;
#endif
#else
constexpr bool kCopyMappedFiles = false;
#endif

}  // namespace

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      copy_(std::move(other.copy_)) {}

MappedFile::~MappedFile() {
  if (data_ != nullptr) ::munmap(data_, size_);
}

Result<MappedFile> MappedFile::Open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status(StatusCode::kNotFound, "cannot open " + path);
  struct stat st;
  MappedFile file;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status(StatusCode::kNotFound, "cannot read " + path + ": not a regular file");
  }
  file.size_ = static_cast<size_t>(st.st_size);
  if (file.size_ > 0) {
    void* p = ::mmap(nullptr, file.size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (p == MAP_FAILED) {
      ::close(fd);
      return Status(StatusCode::kNotFound, "cannot map " + path + ": " + std::strerror(errno));
    }
    file.data_ = p;
  }
  ::close(fd);  // the mapping stays valid
  if (kCopyMappedFiles && file.data_ != nullptr) {
    const auto* bytes = static_cast<const uint8_t*>(file.data_);
    file.copy_.assign(bytes, bytes + file.size_);
    ::munmap(file.data_, file.size_);
    file.data_ = nullptr;
  }
  return file;
}

}  // namespace cuzk
