// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fr: the BLS12-381 scalar field, r = 0x73eda753...00000001 (255 bits, 4 limbs), the field of
// every Groth16 witness, public input and NTT. r = x^4 - x^2 + 1 for the curve seed x.
#pragma once

#include "ff/mont_field.h"

#if CUZK_USE_ASM
extern "C" {
void cuzk_fr_mul_mont_x86_64(uint64_t* out, const uint64_t* a, const uint64_t* b);
// The same product without its final conditional subtraction: out < 2r for a < r and any b
// (the NTT's lazy butterflies).
void cuzk_fr_mul_mont_lazy_x86_64(uint64_t* out, const uint64_t* a, const uint64_t* b);
}
#endif

namespace cuzk::ff {

// Field parameters of Fr; see MontField for what each member means.
struct FrConfig {
  static constexpr size_t kLimbs = 4;
  static constexpr size_t kBits = 255;
  static constexpr const char* kName = "Fr";
  static constexpr Limbs<4> kModulus = {0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805,
                                        0x73eda753299d7d48};
#if CUZK_USE_ASM
  static constexpr bool kUseAsm = true;
  static constexpr MontMulFn kAsmMul = &cuzk_fr_mul_mont_x86_64;
  static constexpr bool kHasAsmSqr = false;
  static constexpr MontSqrFn kAsmSqr = nullptr;
#else
  static constexpr bool kUseAsm = false;
  static constexpr MontMulFn kAsmMul = nullptr;
  static constexpr bool kHasAsmSqr = false;
  static constexpr MontSqrFn kAsmSqr = nullptr;
#endif
};

// An element of the BLS12-381 scalar field.
using Fr = MontField<FrConfig>;
extern template class MontField<FrConfig>;

// Fr's 2-adicity: r - 1 = 2^32 * odd.
inline constexpr size_t kFrTwoAdicity = 32;

// Returns Fr's multiplicative generator 7 (the coset shift of the QAP domain).
Fr FrMultiplicativeGenerator();
// Returns 7^((r-1)/2^32), a primitive 2^32-th root of unity (bellperson's ROOT_OF_UNITY).
Fr FrRootOfUnity();

}  // namespace cuzk::ff
