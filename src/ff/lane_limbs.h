// SPDX-License-Identifier: Apache-2.0 OR MIT
// LaneLimbs: integers of kWordCount 64-bit words (256 bits for Fr, 384 for Fp) spread over SIMD
// lanes in a reduced radix, the operand layout of the vector field kernels (ff/fr_x4_avx2.h,
// ff/fr_x8_ifma.h, ff/fp_x8_ifma.h): limb j of every lane sits in one vector register, and limbs
// narrower than a word leave room to accumulate products uncarried.
#pragma once

#include <array>
#include <cstdint>

#include "ff/limbs.h"

namespace cuzk::ff {

template <int kLimbCount, int kLimbWidth, int kLaneCount, int kWordCount = 4>
struct alignas(8 * kLaneCount) LaneLimbs {
  static constexpr int kLimbs = kLimbCount;
  static constexpr int kLimbBits = kLimbWidth;
  static constexpr int kLanes = kLaneCount;
  static constexpr int kWords = kWordCount;
  static_assert(kLimbs * kLimbBits >= 64 * kWords, "a lane must hold every word");
  static_assert((kLimbs - 1) * kLimbBits < 64 * kWords, "every limb starts inside the words");
  using Words = Limbs<kWords>;

  static constexpr uint64_t kLimbMask = (uint64_t{1} << kLimbBits) - 1;

  // limb[j][k] is limb j (kLimbBits bits) of lane k.
  uint64_t limb[kLimbs][kLanes];

  // Returns one integer's limbs in the reduced radix (for the kernels' constants).
  static constexpr std::array<uint64_t, kLimbs> Split(const Words& v) {
    std::array<uint64_t, kLimbs> out{};
    for (int j = 0; j < kLimbs; ++j) out[j] = BitField(v, j * kLimbBits, kLimbBits);
    return out;
  }
  // Returns the integers v[0..kLanes-1] in reduced radix.
  static LaneLimbs Pack(const std::array<Words, kLanes>& v) {
    LaneLimbs x;
    for (int k = 0; k < kLanes; ++k) x.SetLane(k, v[k]);
    return x;
  }
  // Returns the lanes as integers; each must be below 2^(64 kWords).
  std::array<Words, kLanes> Unpack() const {
    std::array<Words, kLanes> out{};
    for (int k = 0; k < kLanes; ++k) out[k] = Lane(k);
    return out;
  }
  // Sets lane k to v.
  void SetLane(int k, const Words& v) {
    for (int j = 0; j < kLimbs; ++j) limb[j][k] = BitField(v, j * kLimbBits, kLimbBits);
  }
  // Returns lane k as an integer; it must be below 2^(64 kWords).
  Words Lane(int k) const {
    Words out{};
    for (int j = 0; j < kLimbs; ++j) {
      int bit = j * kLimbBits, word = bit / 64, shift = bit % 64;
      out[word] |= limb[j][k] << shift;
      if (shift + kLimbBits > 64 && word + 1 < kWords) out[word + 1] |= limb[j][k] >> (64 - shift);
    }
    return out;
  }
};

}  // namespace cuzk::ff
