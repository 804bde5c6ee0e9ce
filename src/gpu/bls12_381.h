// SPDX-License-Identifier: Apache-2.0 OR MIT
// BLS12-381's two fields and G1's b for device code, as literals (device code cannot read the
// host's constexpr arrays); gpu_arith_test checks each against src/ff.
#pragma once

#include "gpu/field.h"

namespace cuzk::gpu {

// The base field Fp (381 bits).
struct FpParams {
  static constexpr int kLimbs = 6;
  static constexpr uint64_t kInv = 0x89f3fffcfffcfffd;
  CUZK_HD static constexpr Limbs<6> Modulus() {
    return {{0xb9feffffffffaaab, 0x1eabfffeb153ffff, 0x6730d2a0f6b0f624, 0x64774b84f38512bf,
             0x4b1ba7b6434bacd7, 0x1a0111ea397fe69a}};
  }
  CUZK_HD static constexpr Limbs<6> MontgomeryOne() {
    return {{0x760900000002fffd, 0xebf4000bc40c0002, 0x5f48985753c758ba, 0x77ce585370525745,
             0x5c071a97a256ec6d, 0x15f65ec3fa80e493}};
  }
};

// The scalar field Fr (255 bits).
struct FrParams {
  static constexpr int kLimbs = 4;
  static constexpr uint64_t kInv = 0xfffffffeffffffff;
  CUZK_HD static constexpr Limbs<4> Modulus() {
    return {{0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805, 0x73eda753299d7d48}};
  }
  CUZK_HD static constexpr Limbs<4> MontgomeryOne() {
    return {{0x00000001fffffffe, 0x5884b7fa00034802, 0x998c4fefecbc4ff5, 0x1824b159acc5056f}};
  }
  // (r - 1) / 2: a canonical scalar above it is taken as r - k with the base negated.
  CUZK_HD static constexpr Limbs<4> HalfModulus() {
    return {{0x7fffffff80000000, 0xa9ded2017fff2dff, 0x199cec0404d0ec02, 0x39f6d3a994cebea4}};
  }
};

using DevFp = Field<FpParams>;
using DevFr = Field<FrParams>;

}  // namespace cuzk::gpu
