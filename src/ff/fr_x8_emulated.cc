// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight-lane kernels of ff/fr_x8_kernels.inc and ff/fp_x8_kernels.inc over plain loops that
// give each IFMA intrinsic its documented result (Intel's Intrinsics Guide: VPMADD52LUQ/HUQ add the
// low/high 52 bits of the 104-bit product of the operands' low 52 bits), so that the kernels'
// arithmetic is tested on every CPU; ff/fr_x8_ifma_test.cc holds the real kernels to these where
// the CPU has IFMA.
#include <cstdint>
#include <utility>

#include "ff/fp.h"
#include "ff/fp_x8_ifma.h"
#include "ff/fr.h"
#include "ff/fr_x8_ifma.h"

namespace cuzk::ff::ifma::emulated {
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

#define CUZK_X8_INLINE inline

struct Vec {
  uint64_t lane[8];
};
using Mask = uint8_t;

// Returns a vector whose lane i is f(i).
template <typename F>
Vec Lanes(F f) {
  Vec v;
  for (int i = 0; i < 8; ++i) v.lane[i] = f(i);
  return v;
}

Vec Zero() {
  return Lanes([](int) { return uint64_t{0}; });
}
Vec Set1(uint64_t x) {
  return Lanes([x](int) { return x; });
}
Vec LoadV(const uint64_t* p) {
  return Lanes([p](int i) { return p[i]; });
}
void StoreV(uint64_t* p, Vec v) {
  for (int i = 0; i < 8; ++i) p[i] = v.lane[i];
}
Vec Add(Vec a, Vec b) {
  return Lanes([&](int i) { return a.lane[i] + b.lane[i]; });
}
Vec Sub(Vec a, Vec b) {
  return Lanes([&](int i) { return a.lane[i] - b.lane[i]; });
}
Vec And(Vec a, Vec b) {
  return Lanes([&](int i) { return a.lane[i] & b.lane[i]; });
}
Vec Or(Vec a, Vec b) {
  return Lanes([&](int i) { return a.lane[i] | b.lane[i]; });
}
Vec LoadAddresses(const void* const at[8]) {
  return Lanes([&](int i) { return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(at[i])); });
}
Vec GatherWords(Mask m, Vec fallback, Vec addresses) {
  return Lanes([&](int i) {
    return ((m >> i) & 1) ? *reinterpret_cast<const uint64_t*>(addresses.lane[i])
                          : fallback.lane[i];
  });
}
void ScatterWords(Mask m, Vec addresses, Vec v) {
  for (int i = 0; i < 8; ++i) {
    if ((m >> i) & 1) *reinterpret_cast<uint64_t*>(addresses.lane[i]) = v.lane[i];
  }
}
template <unsigned kBits>
Vec ShiftRight(Vec a) {
  return Lanes([&](int i) { return a.lane[i] >> kBits; });
}
template <unsigned kBits>
Vec ShiftRightSigned(Vec a) {
  return Lanes(
      [&](int i) { return static_cast<uint64_t>(static_cast<int64_t>(a.lane[i]) >> kBits); });
}
template <unsigned kBits>
Vec ShiftLeft(Vec a) {
  return Lanes([&](int i) { return a.lane[i] << kBits; });
}
unsigned __int128 Product52(uint64_t a, uint64_t b) {
  constexpr uint64_t k52 = (uint64_t{1} << 52) - 1;
  return static_cast<unsigned __int128>(a & k52) * (b & k52);
}
Vec MAdd52Lo(Vec acc, Vec a, Vec b) {
  return Lanes([&](int i) {
    constexpr uint64_t k52 = (uint64_t{1} << 52) - 1;
    return acc.lane[i] + (static_cast<uint64_t>(Product52(a.lane[i], b.lane[i])) & k52);
  });
}
Vec MAdd52Hi(Vec acc, Vec a, Vec b) {
  return Lanes([&](int i) {
    return acc.lane[i] + static_cast<uint64_t>(Product52(a.lane[i], b.lane[i]) >> 52);
  });
}
Mask NegativeLanes(Vec a) {
  Mask m = 0;
  for (int i = 0; i < 8; ++i) m |= static_cast<Mask>((a.lane[i] >> 63) << i);
  return m;
}
Mask NonZeroLanes(Vec a) {
  Mask m = 0;
  for (int i = 0; i < 8; ++i) m |= static_cast<Mask>((a.lane[i] != 0 ? 1u : 0u) << i);
  return m;
}
Vec Blend(Mask m, Vec a, Vec b) {
  return Lanes([&](int i) { return ((m >> i) & 1) ? b.lane[i] : a.lane[i]; });
}

// The helpers first, then the kernels that use them.
#include "ff/x8_modular_lanes.inc"
// (kept apart so that include sorting leaves the order)
#include "ff/fp_x8_kernels.inc"
#include "ff/fr_x8_kernels.inc"

}  // namespace

void MulMontFrX8(FrX8& out, const FrX8& a, const FrX8& b) { MulMontBody(out, a, b); }

void ButterflyFrX8(FrX8& u, FrX8& v, const FrX8& w) { ButterflyBody(u, v, w); }
void ReduceFrX8(FrX8& x) { ReduceBody(x); }

void MulMontFpX8(FpX8& out, const FpX8& a, const FpX8& b) { FpMulBody(out, a, b); }

void AddFpX8(FpX8& out, const FpX8& a, const FpX8& b) { FpAddBody(out, a, b); }

void SubFpX8(FpX8& out, const FpX8& a, const FpX8& b) { FpSubBody(out, a, b); }

void ChordForwardFpX8(FpX8& diff, FpX8& prefix, FpX8& product, const uint64_t* const p[8],
                      const uint64_t* const q[8], int lanes) {
  ChordForwardBody<1>(&diff, &prefix, &product, p, q, lanes);
}

void ChordBackwardFpX8(FpX8& product, const FpX8& prefix, const FpX8& diff, uint64_t* const p[8],
                       const uint64_t* const q[8], int lanes, unsigned negate_q) {
  ChordBackwardBody<1>(&product, &prefix, &diff, p, q, lanes, negate_q);
}

void ChordForwardFp2X8(Fp2X8& diff, Fp2X8& prefix, Fp2X8& product, const uint64_t* const p[8],
                       const uint64_t* const q[8], int lanes) {
  ChordForwardBody<2>(diff.c, prefix.c, product.c, p, q, lanes);
}

void ChordBackwardFp2X8(Fp2X8& product, const Fp2X8& prefix, const Fp2X8& diff,
                        uint64_t* const p[8], const uint64_t* const q[8], int lanes,
                        unsigned negate_q) {
  ChordBackwardBody<2>(product.c, prefix.c, diff.c, p, q, lanes, negate_q);
}

const FpX8Kernels& FpKernels() {
  static constexpr FpX8Kernels kKernels{&MulMontFpX8,       &AddFpX8,           &SubFpX8,
                                        &ChordForwardFpX8,  &ChordBackwardFpX8, &ChordForwardFp2X8,
                                        &ChordBackwardFp2X8};
  return kKernels;
}

}  // namespace cuzk::ff::ifma::emulated
