// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/fr_x8_ifma.h"

#include <immintrin.h>

#include "ff/fr.h"

namespace cuzk::ff::ifma {
namespace {

constexpr uint64_t kLimbMask = FrX8::kLimbMask;
constexpr std::array<uint64_t, FrX8::kLimbs> kModulusLimbs = FrX8::Split(FrConfig::kModulus);

// -r^-1 mod 2^52.
constexpr uint64_t kNegInverse = NegInverse64(FrConfig::kModulus[0]) & kLimbMask;

}  // namespace

bool FrX8Supported() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma");
}

// Operand-scanning Montgomery multiplication (Koc, Acar and Kaliski, IEEE Micro 1996) per lane
// in radix 2^52: t += a b_i; m = t_0 (-r^-1) mod 2^52; t = (t + m r) / 2^52. Limb t_j gains at
// most four 52-bit halves per step and is shifted down once per step, so after five steps it
// holds under 20 * 2^52 + carries < 2^57. The sum (a b + M r) / 2^260 is below
// (4 r^2 + 2^260 r) / 2^260 < 1.5 r for a, b < 2r (r < 2^255), so after carrying, one
// conditional subtraction of r leaves it below r.
// GCC 12's _mm512_srli_epi64 passes _mm512_undefined_epi32() as its unused merge source, which
// -Wuninitialized reports from inside the intrinsic header.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
__attribute__((target("avx512f,avx512ifma"))) void MulMontFrX8(FrX8& out, const FrX8& a,
                                                               const FrX8& b) {
  const __m512i zero = _mm512_setzero_si512();
  const __m512i mask = _mm512_set1_epi64(static_cast<int64_t>(kLimbMask));
  const __m512i neg_inverse = _mm512_set1_epi64(static_cast<int64_t>(kNegInverse));
  __m512i av[FrX8::kLimbs], p[FrX8::kLimbs], t[FrX8::kLimbs + 1];
#pragma GCC unroll 5
  for (int j = 0; j < FrX8::kLimbs; ++j) {
    av[j] = _mm512_load_si512(a.limb[j]);
    p[j] = _mm512_set1_epi64(static_cast<int64_t>(kModulusLimbs[j]));
    t[j] = zero;
  }
  t[FrX8::kLimbs] = zero;
#pragma GCC unroll 5
  for (int i = 0; i < FrX8::kLimbs; ++i) {
    const __m512i bi = _mm512_load_si512(b.limb[i]);
#pragma GCC unroll 5
    for (int j = 0; j < FrX8::kLimbs; ++j) {
      t[j] = _mm512_madd52lo_epu64(t[j], av[j], bi);
      t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], av[j], bi);
    }
    const __m512i m = _mm512_and_si512(_mm512_madd52lo_epu64(zero, t[0], neg_inverse), mask);
#pragma GCC unroll 5
    for (int j = 0; j < FrX8::kLimbs; ++j) {
      t[j] = _mm512_madd52lo_epu64(t[j], m, p[j]);
      t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], m, p[j]);
    }
    // t_0 is now 0 mod 2^52: shift one limb down, carrying its high bits.
    t[0] = _mm512_add_epi64(t[1], _mm512_srli_epi64(t[0], FrX8::kLimbBits));
#pragma GCC unroll 4
    for (int j = 1; j < FrX8::kLimbs; ++j) t[j] = t[j + 1];
    t[FrX8::kLimbs] = zero;
  }
#pragma GCC unroll 4
  for (int j = 0; j + 1 < FrX8::kLimbs; ++j) {
    t[j + 1] = _mm512_add_epi64(t[j + 1], _mm512_srli_epi64(t[j], FrX8::kLimbBits));
    t[j] = _mm512_and_si512(t[j], mask);
  }
  // d = t - r limb by limb, each borrow taken from the sign bit of the limb below.
  __m512i d[FrX8::kLimbs];
  d[0] = _mm512_sub_epi64(t[0], p[0]);
#pragma GCC unroll 4
  for (int j = 1; j < FrX8::kLimbs; ++j) {
    d[j] = _mm512_sub_epi64(_mm512_sub_epi64(t[j], p[j]), _mm512_srli_epi64(d[j - 1], 63));
  }
  const __mmask8 below_r = _mm512_cmplt_epi64_mask(d[FrX8::kLimbs - 1], zero);  // top borrowed
#pragma GCC unroll 5
  for (int j = 0; j < FrX8::kLimbs; ++j) {
    _mm512_store_si512(out.limb[j],
                       _mm512_mask_blend_epi64(below_r, _mm512_and_si512(d[j], mask), t[j]));
  }
}
#pragma GCC diagnostic pop

}  // namespace cuzk::ff::ifma
