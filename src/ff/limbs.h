// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fixed-width unsigned integers as little-endian arrays of 64-bit limbs, with the constexpr
// helpers the field code needs to derive its Montgomery constants from the modulus alone.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace cuzk::ff {

template <size_t N>
using Limbs = std::array<uint64_t, N>;

using uint128_t = unsigned __int128;

// Returns -p0^{-1} mod 2^64 for odd p0 (Newton iteration; each step doubles the correct bits).
constexpr uint64_t NegInverse64(uint64_t p0) {
  uint64_t inv = 1;
  for (int i = 0; i < 6; ++i) inv *= 2 - p0 * inv;
  return ~inv + 1;
}

// a += b; returns the carry out.
template <size_t N>
constexpr uint64_t AddInPlace(Limbs<N>& a, const Limbs<N>& b) {
  uint64_t carry = 0;
  for (size_t i = 0; i < N; ++i) {
    uint128_t s = static_cast<uint128_t>(a[i]) + b[i] + carry;
    a[i] = static_cast<uint64_t>(s);
    carry = static_cast<uint64_t>(s >> 64);
  }
  return carry;
}

// a -= b; returns the borrow out (1 iff a < b before the call).
template <size_t N>
constexpr uint64_t SubInPlace(Limbs<N>& a, const Limbs<N>& b) {
  uint64_t borrow = 0;
  for (size_t i = 0; i < N; ++i) {
    uint128_t d = static_cast<uint128_t>(a[i]) - b[i] - borrow;
    a[i] = static_cast<uint64_t>(d);
    borrow = static_cast<uint64_t>(d >> 64) & 1;
  }
  return borrow;
}

// Returns true iff a < b.
template <size_t N>
constexpr bool LessThan(const Limbs<N>& a, const Limbs<N>& b) {
  for (size_t i = N; i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

// a >>= 1.
template <size_t N>
constexpr void ShiftRight1(Limbs<N>& a) {
  for (size_t i = 0; i + 1 < N; ++i) a[i] = (a[i] >> 1) | (a[i + 1] << 63);
  a[N - 1] >>= 1;
}

// Returns bit `i` of a.
template <size_t N>
constexpr bool TestBit(const Limbs<N>& a, size_t i) {
  return (a[i / 64] >> (i % 64)) & 1;
}

// Returns bits [bit, bit + width) of a, 0 < width < 64; bits past the top read as zero.
template <size_t N>
constexpr uint64_t BitField(const Limbs<N>& a, size_t bit, unsigned width) {
  size_t limb = bit / 64, shift = bit % 64;
  if (limb >= N) return 0;
  uint64_t raw = a[limb] >> shift;
  if (shift + width > 64 && limb + 1 < N) raw |= a[limb + 1] << (64 - shift);
  return raw & ((uint64_t{1} << width) - 1);
}

// Returns the index of the highest set bit plus one (0 for a == 0).
template <size_t N>
constexpr size_t BitLength(const Limbs<N>& a) {
  for (size_t i = N; i-- > 0;) {
    if (a[i] != 0) return 64 * i + 64 - static_cast<size_t>(__builtin_clzll(a[i]));
  }
  return 0;
}

// Returns 2^k mod p by k modular doublings of 1 (compile-time use only; p must be odd).
template <size_t N>
constexpr Limbs<N> PowerOfTwoMod(size_t k, const Limbs<N>& p) {
  Limbs<N> x{};
  x[0] = 1;
  for (size_t i = 0; i < k; ++i) {
    uint64_t carry = AddInPlace(x, x);
    if (carry || !LessThan(x, p)) SubInPlace(x, p);
  }
  return x;
}

// Returns a + small (no overflow check; compile-time use).
template <size_t N>
constexpr Limbs<N> AddSmall(Limbs<N> a, uint64_t small) {
  Limbs<N> b{};
  b[0] = small;
  AddInPlace(a, b);
  return a;
}

// Returns a - small (a >= small).
template <size_t N>
constexpr Limbs<N> SubSmall(Limbs<N> a, uint64_t small) {
  Limbs<N> b{};
  b[0] = small;
  SubInPlace(a, b);
  return a;
}

// Returns a >> k.
template <size_t N>
constexpr Limbs<N> ShiftRight(Limbs<N> a, size_t k) {
  for (size_t i = 0; i < k; ++i) ShiftRight1(a);
  return a;
}

// Returns the number of trailing zero bits of a (a != 0).
template <size_t N>
constexpr size_t TrailingZeros(const Limbs<N>& a) {
  size_t k = 0;
  while (!TestBit(a, k)) ++k;
  return k;
}

}  // namespace cuzk::ff
