// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight-lane kernels on AVX-512 IFMA: ff/fr_x8_kernels.inc and ff/fp_x8_kernels.inc over
// intrinsics. Every function
// carries the target attribute, so this file builds without -mavx512* and runs only where
// FrX8Supported() says so.
#include "ff/fr_x8_ifma.h"

#include <immintrin.h>

#include <cstdint>
#include <utility>

#include "ff/fp.h"
#include "ff/fp_x8_ifma.h"
#include "ff/fr.h"

namespace cuzk::ff::ifma {
namespace {

constexpr std::array<uint64_t, FrX8::kLimbs> kFrModulusLimbs = FrX8::Split(FrConfig::kModulus);
// p's limbs.
constexpr std::array<uint64_t, FpX8::kLimbs> kFpModulusLimbs = FpX8::Split(FpConfig::kModulus);

// -r^-1 mod 2^52.
constexpr uint64_t kFrNegInverse = NegInverse64(FrConfig::kModulus[0]) & FrX8::kLimbMask;
// Fp's one in Montgomery form (R mod p), as words.
constexpr Limbs<6> kFpOneWords = Fp::kR;
// -p^-1 mod 2^52.
constexpr uint64_t kFpNegInverse = NegInverse64(FpConfig::kModulus[0]) & FpX8::kLimbMask;

#define CUZK_X8_INLINE __attribute__((target("avx512f,avx512ifma"), always_inline)) inline
#define CUZK_X8_TARGET __attribute__((target("avx512f,avx512ifma")))

// GCC 12's _mm512_srli_epi64 passes _mm512_undefined_epi32() as its unused merge source, which
// -Wuninitialized reports from inside the intrinsic header.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"

using Vec = __m512i;
using Mask = __mmask8;

CUZK_X8_INLINE Vec Zero() { return _mm512_setzero_si512(); }
CUZK_X8_INLINE Vec Set1(uint64_t x) { return _mm512_set1_epi64(static_cast<int64_t>(x)); }
CUZK_X8_INLINE Vec LoadV(const uint64_t* p) { return _mm512_load_si512(p); }
CUZK_X8_INLINE void StoreV(uint64_t* p, Vec v) { _mm512_store_si512(p, v); }
CUZK_X8_INLINE Vec Add(Vec a, Vec b) { return _mm512_add_epi64(a, b); }
CUZK_X8_INLINE Vec Sub(Vec a, Vec b) { return _mm512_sub_epi64(a, b); }
CUZK_X8_INLINE Vec And(Vec a, Vec b) { return _mm512_and_si512(a, b); }
CUZK_X8_INLINE Vec Or(Vec a, Vec b) { return _mm512_or_si512(a, b); }
CUZK_X8_INLINE Vec LoadAddresses(const void* const at[8]) { return _mm512_loadu_si512(at); }
CUZK_X8_INLINE Vec GatherWords(Mask m, Vec fallback, Vec addresses) {
  return _mm512_mask_i64gather_epi64(fallback, m, addresses, nullptr, 1);
}
CUZK_X8_INLINE void ScatterWords(Mask m, Vec addresses, Vec v) {
  _mm512_mask_i64scatter_epi64(nullptr, m, addresses, v, 1);
}
template <unsigned kBits>
CUZK_X8_INLINE Vec ShiftRight(Vec a) {
  return _mm512_srli_epi64(a, kBits);
}
template <unsigned kBits>
CUZK_X8_INLINE Vec ShiftRightSigned(Vec a) {
  return _mm512_srai_epi64(a, kBits);
}
template <unsigned kBits>
CUZK_X8_INLINE Vec ShiftLeft(Vec a) {
  return _mm512_slli_epi64(a, kBits);
}
CUZK_X8_INLINE Vec MAdd52Lo(Vec acc, Vec a, Vec b) { return _mm512_madd52lo_epu64(acc, a, b); }
CUZK_X8_INLINE Vec MAdd52Hi(Vec acc, Vec a, Vec b) { return _mm512_madd52hi_epu64(acc, a, b); }
CUZK_X8_INLINE Mask NegativeLanes(Vec a) { return _mm512_cmplt_epi64_mask(a, Zero()); }
CUZK_X8_INLINE Mask NonZeroLanes(Vec a) { return _mm512_cmpneq_epi64_mask(a, Zero()); }
CUZK_X8_INLINE Vec Blend(Mask m, Vec a, Vec b) { return _mm512_mask_blend_epi64(m, a, b); }

// The helpers first, then the kernels that use them.
#include "ff/x8_modular_lanes.inc"
// (kept apart so that include sorting leaves the order)
#include "ff/fp_x8_kernels.inc"
#include "ff/fr_x8_kernels.inc"

}  // namespace

bool FrX8Supported() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma");
}

CUZK_X8_TARGET void MulMontFrX8(FrX8& out, const FrX8& a, const FrX8& b) { MulMontBody(out, a, b); }

CUZK_X8_TARGET void ButterflyFrX8(FrX8& u, FrX8& v, const FrX8& w) { ButterflyBody(u, v, w); }

CUZK_X8_TARGET void ReduceFrX8(FrX8& x) { ReduceBody(x); }

CUZK_X8_TARGET void MulMontFpX8(FpX8& out, const FpX8& a, const FpX8& b) { FpMulBody(out, a, b); }

CUZK_X8_TARGET void AddFpX8(FpX8& out, const FpX8& a, const FpX8& b) { FpAddBody(out, a, b); }

CUZK_X8_TARGET void SubFpX8(FpX8& out, const FpX8& a, const FpX8& b) { FpSubBody(out, a, b); }

CUZK_X8_TARGET void ChordForwardFpX8(FpX8& diff, FpX8& prefix, FpX8& product,
                                     const uint64_t* const p[8], const uint64_t* const q[8],
                                     int lanes) {
  ChordForwardBody<1>(&diff, &prefix, &product, p, q, lanes);
}

CUZK_X8_TARGET void ChordBackwardFpX8(FpX8& product, const FpX8& prefix, const FpX8& diff,
                                      uint64_t* const p[8], const uint64_t* const q[8], int lanes,
                                      unsigned negate_q) {
  ChordBackwardBody<1>(&product, &prefix, &diff, p, q, lanes, negate_q);
}

CUZK_X8_TARGET void ChordForwardFp2X8(Fp2X8& diff, Fp2X8& prefix, Fp2X8& product,
                                      const uint64_t* const p[8], const uint64_t* const q[8],
                                      int lanes) {
  ChordForwardBody<2>(diff.c, prefix.c, product.c, p, q, lanes);
}

CUZK_X8_TARGET void ChordBackwardFp2X8(Fp2X8& product, const Fp2X8& prefix, const Fp2X8& diff,
                                       uint64_t* const p[8], const uint64_t* const q[8], int lanes,
                                       unsigned negate_q) {
  ChordBackwardBody<2>(product.c, prefix.c, diff.c, p, q, lanes, negate_q);
}

#pragma GCC diagnostic pop

}  // namespace cuzk::ff::ifma
