// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "base/fill_later_vector.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

namespace cuzk {
namespace {

struct Pair {
  uint64_t a = 7;
  uint64_t b = 9;
};

TEST(FillLaterVectorTest, ValueInitializationLeavesTheElementAsItWas) {
  FillLaterAllocator<Pair> alloc;
  Pair p{1, 2};
  alloc.construct(&p);  // what FillLaterVector(n) and resize(n) call per element
  EXPECT_EQ(p.a, 1u);
  EXPECT_EQ(p.b, 2u);
  alloc.construct(&p, Pair{3, 4});
  EXPECT_EQ(p.a, 3u);
  EXPECT_EQ(p.b, 4u);
}

TEST(FillLaterVectorTest, CopiesAppendsAndFillsAsAVector) {
  FillLaterVector<Pair> v(1000);
  for (size_t i = 0; i < v.size(); ++i) v[i] = Pair{i, 2 * i};
  v.push_back(Pair{});  // default member initializers apply to a pushed value
  FillLaterVector<Pair> copy = v;
  ASSERT_EQ(copy.size(), 1001u);
  for (size_t i = 0; i < 1000; ++i) {
    EXPECT_EQ(copy[i].a, i);
    EXPECT_EQ(copy[i].b, 2 * i);
  }
  EXPECT_EQ(copy[1000].a, 7u);
  EXPECT_EQ(copy[1000].b, 9u);
  FillLaterVector<std::array<uint8_t, 3>> bytes(2, {1, 2, 3});  // filled when a value is given
  EXPECT_EQ(bytes[1][2], 3);
}

// An over-aligned element, as the AVX-512 lanes of ff/lane_limbs.h.
struct alignas(64) Lanes {
  uint64_t limb[8];
};

TEST(FillLaterVectorTest, HugePageVectorsKeepTheElementsAlignment) {
  // Small buffers come from malloc's side of HugePageAllocator, large ones from 2 MiB pages:
  // both must honour alignof(Lanes), or aligned vector loads fault.
  for (size_t n : {size_t{1}, size_t{3}, size_t{1000}, (size_t{8} << 20) / sizeof(Lanes)}) {
    HugeFillLaterVector<Lanes> v(n);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(v.data()) % alignof(Lanes), 0u) << n << " elements";
    v.back().limb[7] = 5;
    HugeFillLaterVector<Lanes> copy = v;
    EXPECT_EQ(copy.back().limb[7], 5u);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(copy.data()) % alignof(Lanes), 0u);
  }
}

}  // namespace
}  // namespace cuzk
