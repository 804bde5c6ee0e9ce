// SPDX-License-Identifier: Apache-2.0 OR MIT
// Out-of-line members of MontField. Include only from the .cc file that instantiates a field
// (fp.cc, fr.cc), so the rest of the project compiles against declarations.
#pragma once

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <vector>

#include "ff/modinv.h"
#include "ff/mont_field.h"

namespace cuzk::ff {

template <typename Config>
MontField<Config> MontField<Config>::Pow(std::span<const uint64_t> exponent) const {
  // Left-to-right sliding windows of up to 5 bits over the odd powers x, x^3, ..., x^31
  // (Menezes et al., "Handbook of Applied Cryptography", Alg. 14.85), from the top set bit: for
  // the ~380-bit exponents of Inverse and Sqrt, ~63 multiplications instead of the ~95 of fixed
  // 4-bit windows. Exponents of at most 64 bits use plain square-and-multiply (no table).
  auto bit = [&](size_t i) { return (exponent[i / 64] >> (i % 64)) & 1; };
  size_t top = exponent.size() * 64;
  while (top > 0 && !bit(top - 1)) --top;
  if (top == 0) return One();
  if (top <= 64) {
    MontField acc = *this;
    for (size_t i = top - 1; i-- > 0;) {
      acc = acc.Square();
      if (bit(i)) acc *= *this;
    }
    return acc;
  }
  constexpr size_t kWindow = 5;
  std::array<MontField, 1 << (kWindow - 1)> odd;  // odd[k] = x^(2k+1)
  odd[0] = *this;
  MontField square = Square();
  for (size_t k = 1; k < odd.size(); ++k) odd[k] = odd[k - 1] * square;
  MontField acc;
  bool started = false;
  for (size_t i = top; i > 0;) {
    if (!bit(i - 1)) {
      acc = acc.Square();  // started: the top bit is set
      --i;
      continue;
    }
    // The window is bits [low, i), its lowest bit set.
    size_t low = i > kWindow ? i - kWindow : 0;
    while (!bit(low)) ++low;
    size_t value = 0;
    for (size_t b = i; b-- > low;) value = (value << 1) | bit(b);
    if (started) {
      for (size_t k = low; k < i; ++k) acc = acc.Square();
      acc *= odd[value >> 1];
    } else {
      acc = odd[value >> 1];
      started = true;
    }
    i = low;
  }
  return acc;
}

template <typename Config>
MontField<Config> MontField<Config>::Inverse() const {
  static constexpr Repr kPMinus2 = SubSmall(kModulus, 2);
  return Pow(kPMinus2);
}

template <typename Config>
MontField<Config> MontField<Config>::InverseVartime() const {
  // v_ = aR; its plain inverse is a^-1 R^-1, and a Montgomery product with R^3 gives a^-1 R.
  auto inverse = modinv::InverseVartime(v_, kModulus);
  if (!inverse) return Inverse();  // not reached: Bernstein-Yang's bound holds
  return FromMontgomery(*inverse) * FromMontgomery(kR3);
}

template <typename Config>
int MontField<Config>::Legendre() const {
  static constexpr Repr kHalf = ShiftRight(SubSmall(kModulus, 1), 1);
  if (IsZero()) return 0;
  return Pow(kHalf).IsOne() ? 1 : -1;
}

template <typename Config>
bool MontField<Config>::IsLexicographicallyLargest() const {
  static constexpr Repr kHalf = ShiftRight(SubSmall(kModulus, 1), 1);
  return LessThan(kHalf, ToCanonical());
}

template <typename Config>
std::optional<MontField<Config>> MontField<Config>::Sqrt() const {
  if (IsZero()) return Zero();
  if constexpr ((kModulus[0] & 3) == 3) {
    // p = 3 mod 4: a^((p+1)/4) is a root whenever one exists.
    static constexpr Repr kExp = ShiftRight(AddSmall(kModulus, 1), 2);
    MontField root = Pow(kExp);
    if (root.Square() != *this) return std::nullopt;
    return root;
  } else {
    // Tonelli-Shanks (Cohen, "A Course in Computational Algebraic Number Theory", Alg. 1.5.1).
    static constexpr size_t kTwoAdicity = TrailingZeros(SubSmall(kModulus, 1));
    static constexpr Repr kOddPart = ShiftRight(SubSmall(kModulus, 1), kTwoAdicity);
    static constexpr Repr kOddPartPlusOneHalf = ShiftRight(AddSmall(kOddPart, 1), 1);
    if (Legendre() != 1) return std::nullopt;
    MontField z = FromUint64(2);
    while (z.Legendre() != -1) z += One();
    size_t m = kTwoAdicity;
    MontField c = z.Pow(kOddPart);
    MontField t = Pow(kOddPart);
    MontField root = Pow(kOddPartPlusOneHalf);
    while (!t.IsOne()) {
      size_t i = 0;
      for (MontField t2 = t; !t2.IsOne(); t2 = t2.Square()) ++i;
      MontField b = c;
      for (size_t k = 0; k + i + 1 < m; ++k) b = b.Square();
      m = i;
      c = b.Square();
      t *= c;
      root *= b;
    }
    return root;
  }
}

template <typename Config>
void MontField<Config>::BatchInverse(std::span<MontField> values) {
  // Montgomery's trick: prefix products, one inversion, then unwind (3 multiplications each).
  std::vector<MontField> prefix(values.size());
  MontField acc = One();
  for (size_t i = 0; i < values.size(); ++i) {
    prefix[i] = acc;
    if (!values[i].IsZero()) acc *= values[i];
  }
  MontField inv = acc.Inverse();
  for (size_t i = values.size(); i-- > 0;) {
    if (values[i].IsZero()) continue;
    MontField next = inv * values[i];
    values[i] = inv * prefix[i];
    inv = next;
  }
}

template <typename Config>
std::array<uint8_t, MontField<Config>::kBytes> MontField<Config>::ToBytesBE() const {
  std::array<uint8_t, kBytes> out;
  Repr c = ToCanonical();
  if constexpr (kBytes == 8 * kLimbs && std::endian::native == std::endian::little) {
    // Fr and Fp: whole words, most significant first.
    for (size_t j = 0; j < kLimbs; ++j) {
      uint64_t be = __builtin_bswap64(c[kLimbs - 1 - j]);
      std::memcpy(out.data() + 8 * j, &be, 8);
    }
  } else {
    for (size_t i = 0; i < kBytes; ++i) {
      size_t k = kBytes - 1 - i;  // byte significance
      out[i] = static_cast<uint8_t>(c[k / 8] >> (8 * (k % 8)));
    }
  }
  return out;
}

template <typename Config>
std::array<uint8_t, MontField<Config>::kBytes> MontField<Config>::ToBytesLE() const {
  std::array<uint8_t, kBytes> out = ToBytesBE();
  std::reverse(out.begin(), out.end());
  return out;
}

template <typename Config>
Result<MontField<Config>> MontField<Config>::FromBytesBE(std::span<const uint8_t> bytes) {
  if (bytes.size() != kBytes) {
    return Status::InvalidArgument(std::string(Config::kName) + " encoding must be " +
                                   std::to_string(kBytes) + " bytes, got " +
                                   std::to_string(bytes.size()));
  }
  Repr value{};
  if constexpr (kBytes == 8 * kLimbs) {
    // Whole big-endian words (Fp, Fr): limb k is bytes [kBytes - 8(k+1), kBytes - 8k).
    for (size_t k = 0; k < kLimbs; ++k) {
      uint64_t word;
      std::memcpy(&word, bytes.data() + kBytes - 8 * (k + 1), 8);
      value[k] = __builtin_bswap64(word);
    }
  } else {
    for (size_t i = 0; i < kBytes; ++i) {
      size_t k = kBytes - 1 - i;
      value[k / 8] |= static_cast<uint64_t>(bytes[i]) << (8 * (k % 8));
    }
  }
  std::optional<MontField> f = FromCanonical(value);
  if (!f) {
    return Status::InvalidArgument(std::string(Config::kName) +
                                   " encoding is not less than the field modulus");
  }
  return *f;
}

template <typename Config>
Result<MontField<Config>> MontField<Config>::FromBytesLE(std::span<const uint8_t> bytes) {
  std::array<uint8_t, kBytes> be;
  if (bytes.size() == kBytes) std::reverse_copy(bytes.begin(), bytes.end(), be.begin());
  return FromBytesBE(bytes.size() == kBytes ? std::span<const uint8_t>(be) : bytes);
}

}  // namespace cuzk::ff
