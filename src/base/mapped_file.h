// SPDX-License-Identifier: Apache-2.0 OR MIT
// A file mapped read-only: its page-cache pages, shared with every other reader of the file,
// without a copy into fresh memory. Readers of large files (iden3 .r1cs/.wtns, kept compiled
// circuits) take views into it instead of reading into buffers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"

namespace cuzk {

// The whole of one file, mapped read-only (or copied, under AddressSanitizer); movable, unmapped
// when destroyed.
class MappedFile {
 public:
  // An empty file.
  MappedFile() = default;
  // Takes `other`'s mapping, leaving it empty.
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&&) = delete;
  // Unmaps the file.
  ~MappedFile();

  // Maps the whole of `path`, its pages read in now (MAP_POPULATE); kNotFound when it cannot be
  // opened, is not a regular file or cannot be mapped. Under AddressSanitizer the bytes are
  // copied into the heap instead, so that a read past them is caught (within a mapping's last
  // page it would not be). A file replaced by a rename keeps its mapping; one truncated in place
  // while mapped faults the process, as with any mapping.
  static Result<MappedFile> Open(const std::string& path);

  // Returns the file's bytes.
  std::span<const uint8_t> bytes() const {
    if (data_ == nullptr) return copy_;
    return {static_cast<const uint8_t*>(data_), size_};
  }

 private:
  void* data_ = nullptr;  // the mapping, or null (an empty or copied file)
  size_t size_ = 0;
  std::vector<uint8_t> copy_;  // the bytes, where they are copied
};

}  // namespace cuzk
