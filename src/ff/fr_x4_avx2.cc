// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/fr_x4_avx2.h"

#include <immintrin.h>

#include "ff/fr.h"

namespace cuzk::ff::avx2 {
namespace {

constexpr uint64_t kLimbMask = FrX4::kLimbMask;
constexpr std::array<uint64_t, FrX4::kLimbs> kModulusLimbs = FrX4::Split(FrConfig::kModulus);

// -r^-1 mod 2^29.
constexpr uint64_t kNegInverse = NegInverse64(FrConfig::kModulus[0]) & kLimbMask;

}  // namespace

bool FrX4Supported() { return __builtin_cpu_supports("avx2"); }

// Operand-scanning Montgomery multiplication (Koc, Acar and Kaliski, IEEE Micro 1996) per lane
// in radix 2^29: t += a b_i; m = t_0 (-r^-1) mod 2^29; t = (t + m r) / 2^29. Limb t_j gains at
// most two 58-bit products per step and is shifted down once per step, so after nine steps it
// holds under 18 * 2^58 + carries < 2^63: no carry propagation until the end. The result
// (a b + M r) / 2^261 < (4 r^2 + 2^261 r) / 2^261 < 2r for a, b < 2r, as r < 2^255.
__attribute__((target("avx2"))) void MulMontFrX4(FrX4& out, const FrX4& a, const FrX4& b) {
  const __m256i mask = _mm256_set1_epi64x(static_cast<int64_t>(kLimbMask));
  const __m256i neg_inverse = _mm256_set1_epi64x(static_cast<int64_t>(kNegInverse));
  __m256i av[FrX4::kLimbs], p[FrX4::kLimbs], t[FrX4::kLimbs];
#pragma GCC unroll 9
  for (int j = 0; j < FrX4::kLimbs; ++j) {
    av[j] = _mm256_load_si256(reinterpret_cast<const __m256i*>(a.limb[j]));
    p[j] = _mm256_set1_epi64x(static_cast<int64_t>(kModulusLimbs[j]));
    t[j] = _mm256_setzero_si256();
  }
#pragma GCC unroll 9
  for (int i = 0; i < FrX4::kLimbs; ++i) {
    __m256i bi = _mm256_load_si256(reinterpret_cast<const __m256i*>(b.limb[i]));
#pragma GCC unroll 9
    for (int j = 0; j < FrX4::kLimbs; ++j)
      t[j] = _mm256_add_epi64(t[j], _mm256_mul_epu32(av[j], bi));
    __m256i m = _mm256_and_si256(_mm256_mul_epu32(t[0], neg_inverse), mask);
#pragma GCC unroll 9
    for (int j = 0; j < FrX4::kLimbs; ++j) t[j] = _mm256_add_epi64(t[j], _mm256_mul_epu32(m, p[j]));
    __m256i carry = _mm256_srli_epi64(t[0], FrX4::kLimbBits);  // t_0's low 29 bits are now zero
#pragma GCC unroll 9
    for (int j = 0; j + 1 < FrX4::kLimbs; ++j) t[j] = t[j + 1];
    t[0] = _mm256_add_epi64(t[0], carry);
    t[FrX4::kLimbs - 1] = _mm256_setzero_si256();
  }
  __m256i carry = _mm256_setzero_si256();
#pragma GCC unroll 9
  for (int j = 0; j < FrX4::kLimbs; ++j) {
    __m256i v = _mm256_add_epi64(t[j], carry);
    _mm256_store_si256(reinterpret_cast<__m256i*>(out.limb[j]), _mm256_and_si256(v, mask));
    carry = _mm256_srli_epi64(v, FrX4::kLimbBits);
  }
}

}  // namespace cuzk::ff::avx2
