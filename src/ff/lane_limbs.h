// SPDX-License-Identifier: Apache-2.0 OR MIT
// LaneLimbs: 256-bit integers spread over SIMD lanes in a reduced radix, the operand layout of
// the vector Fr kernels (ff/fr_x4_avx2.h, ff/fr_x8_ifma.h): limb j of every lane sits in one
// vector register, and limbs narrower than a word leave room to accumulate products uncarried.
#pragma once

#include <array>
#include <cstdint>

#include "ff/limbs.h"

namespace cuzk::ff {

template <int kLimbCount, int kLimbWidth, int kLaneCount>
struct alignas(8 * kLaneCount) LaneLimbs {
  static constexpr int kLimbs = kLimbCount;
  static constexpr int kLimbBits = kLimbWidth;
  static constexpr int kLanes = kLaneCount;
  static_assert(kLimbs * kLimbBits >= 256, "a lane must hold 256 bits");
  static_assert((kLimbs - 1) * kLimbBits < 256, "every limb starts inside the 256 bits");

  static constexpr uint64_t kLimbMask = (uint64_t{1} << kLimbBits) - 1;

  // limb[j][k] is limb j (kLimbBits bits) of lane k.
  uint64_t limb[kLimbs][kLanes];

  // Returns one 256-bit integer's limbs in the reduced radix (for the kernels' constants).
  static constexpr std::array<uint64_t, kLimbs> Split(const Limbs<4>& v) {
    std::array<uint64_t, kLimbs> out{};
    for (int j = 0; j < kLimbs; ++j) out[j] = BitField(v, j * kLimbBits, kLimbBits);
    return out;
  }
  // Returns the 256-bit integers v[0..kLanes-1] in reduced radix.
  static LaneLimbs Pack(const std::array<Limbs<4>, kLanes>& v) {
    LaneLimbs x;
    for (int k = 0; k < kLanes; ++k) {
      std::array<uint64_t, kLimbs> limbs = Split(v[k]);
      for (int j = 0; j < kLimbs; ++j) x.limb[j][k] = limbs[j];
    }
    return x;
  }
  // Returns the lanes as 256-bit integers; each must be below 2^256.
  std::array<Limbs<4>, kLanes> Unpack() const {
    std::array<Limbs<4>, kLanes> out{};
    for (int k = 0; k < kLanes; ++k) {
      for (int j = 0; j < kLimbs; ++j) {
        int bit = j * kLimbBits, word = bit / 64, shift = bit % 64;
        out[k][word] |= limb[j][k] << shift;
        if (shift + kLimbBits > 64 && word + 1 < 4) out[k][word + 1] |= limb[j][k] >> (64 - shift);
      }
    }
    return out;
  }
};

}  // namespace cuzk::ff
