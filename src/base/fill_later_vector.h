// SPDX-License-Identifier: Apache-2.0 OR MIT
// FillLaterVector: a vector of plain-data elements whose value-initialization
// (FillLaterVector<T>(n), resize(n)) leaves the new elements unwritten, so that the caller fills
// them on many threads. A std::vector would first write every byte on one thread: 0.13 s for the
// 1.1 GB 2KiB PoRep key on this project's 2-core VM, and seconds for the 47 GB 32GiB key, however
// many threads then decode it. (Huge pages, as base/huge_page_allocator.h, did not make the key's
// load faster on that VM, the kernel's time zeroing 2 MiB pages rising more than the faults saved;
// on a later VM they took it from 1.7-2.3 s to 1.0-1.3 s, and the key now uses them:
// groth16/params_io.cc.)
#pragma once

#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "base/huge_page_allocator.h"

namespace cuzk {

// An allocator (Base's memory: std::allocator's, or base/huge_page_allocator.h's) whose
// construct() with no arguments does nothing. T must be trivially copyable and destructible (an
// implicit-lifetime type, so that allocation creates the objects).
template <typename T, template <typename> class Base = std::allocator>
class FillLaterAllocator : public Base<T> {
 public:
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "FillLaterAllocator holds plain data only");

  // The same allocator for U (std::allocator_traits cannot derive it: Base is a template).
  template <typename U>
  struct rebind {
    using other = FillLaterAllocator<U, Base>;
  };

  FillLaterAllocator() = default;
  template <typename U>
  FillLaterAllocator(const FillLaterAllocator<U, Base>&) {}  // NOLINT: rebinding, as std::allocator

  // Value-initialization: leaves the element as allocated (unwritten).
  template <typename U>
  void construct(U*) noexcept {}
  // Every other construction (copies, push_back) as std::allocator.
  template <typename U, typename Arg, typename... Args>
  void construct(U* p, Arg&& arg, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Arg>(arg), std::forward<Args>(args)...);
  }

  friend bool operator==(const FillLaterAllocator&, const FillLaterAllocator&) { return true; }
};

// A vector whose new elements are unwritten until the caller fills them; see above.
template <typename T>
using FillLaterVector = std::vector<T, FillLaterAllocator<T>>;

// A FillLaterVector whose large buffers live on transparent huge pages: where first-touch page
// faults, not the kernel's zeroing, are the cost (see base/huge_page_allocator.h).
template <typename T>
using HugeFillLaterVector = std::vector<T, FillLaterAllocator<T, HugePageAllocator>>;

}  // namespace cuzk
