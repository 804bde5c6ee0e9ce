// SPDX-License-Identifier: Apache-2.0 OR MIT
// HugePageAllocator: a std::allocator replacement that backs large arrays with transparent huge
// pages (2 MiB-aligned memory plus madvise(MADV_HUGEPAGE)), so filling a multi-GiB witness
// vector takes one page fault per 2 MiB instead of one per 4 KiB. Small arrays come from the C
// heap, aligned as T asks.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace cuzk {

template <typename T>
class HugePageAllocator {
 public:
  using value_type = T;
  static constexpr size_t kHugePage = size_t{2} << 20;
  static constexpr size_t kThreshold = size_t{4} << 20;  // arrays smaller than this use malloc

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}  // NOLINT: rebinding, as std::allocator

  T* allocate(size_t n) {
    size_t bytes = n * sizeof(T);
    void* p = nullptr;
    if (bytes >= kThreshold) {
      size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
      if (posix_memalign(&p, kHugePage, rounded) != 0) throw std::bad_alloc();
      madvise(p, rounded, MADV_HUGEPAGE);  // advisory: failure only costs speed
    } else {
      // T's own alignment where it asks for more than malloc's (AVX-512 lanes: 64 bytes).
      constexpr size_t align =
          alignof(T) > alignof(std::max_align_t) ? alignof(T) : alignof(std::max_align_t);
      if (posix_memalign(&p, align, bytes ? bytes : 1) != 0) throw std::bad_alloc();
    }
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t) noexcept { std::free(p); }

  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
};

// A vector whose large buffers live on huge pages.
template <typename T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace cuzk
