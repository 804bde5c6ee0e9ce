// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fp: the BLS12-381 base field, p = 0x1a0111ea...ffffaaab (381 bits, 6 limbs).
// p = (x-1)^2 (x^4 - x^2 + 1)/3 + x with x = -0xd201000000010000 (the curve seed).
#pragma once

#include "ff/mont_field.h"

#if CUZK_USE_ASM
extern "C" {
void cuzk_fp_mul_mont_x86_64(uint64_t* out, const uint64_t* a, const uint64_t* b);
void cuzk_fp_sqr_mont_x86_64(uint64_t* out, const uint64_t* a);
}
#endif

namespace cuzk::ff {

// Field parameters of Fp; see MontField for what each member means.
struct FpConfig {
  static constexpr size_t kLimbs = 6;
  static constexpr size_t kBits = 381;
  static constexpr const char* kName = "Fp";
  static constexpr Limbs<6> kModulus = {0xb9feffffffffaaab, 0x1eabfffeb153ffff, 0x6730d2a0f6b0f624,
                                        0x64774b84f38512bf, 0x4b1ba7b6434bacd7, 0x1a0111ea397fe69a};
#if CUZK_USE_ASM
  static constexpr bool kUseAsm = true;
  static constexpr MontMulFn kAsmMul = &cuzk_fp_mul_mont_x86_64;
  static constexpr bool kHasAsmSqr = true;
  static constexpr MontSqrFn kAsmSqr = &cuzk_fp_sqr_mont_x86_64;
#else
  static constexpr bool kUseAsm = false;
  static constexpr MontMulFn kAsmMul = nullptr;
  static constexpr bool kHasAsmSqr = false;
  static constexpr MontSqrFn kAsmSqr = nullptr;
#endif
};

// An element of the BLS12-381 base field.
using Fp = MontField<FpConfig>;
extern template class MontField<FpConfig>;

}  // namespace cuzk::ff
