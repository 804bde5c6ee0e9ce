// SPDX-License-Identifier: Apache-2.0 OR MIT
// MontField<Config>: a prime field in Montgomery form on N 64-bit limbs. Fp and Fr are the two
// instances (ff/fp.h, ff/fr.h). The cheap operations are inline here; the exponentiation-based
// ones live in ff/mont_field_impl.h and are instantiated once, in fp.cc and fr.cc.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "base/status.h"
#include "ff/cpu_kernels.h"
#include "ff/limbs.h"

// The inline-assembly addition and subtraction need 13 free registers: optimized builds only
// (at -O0 the frame pointer and unoptimized operands leave too few, and GCC rejects them).
#if CUZK_USE_ASM && defined(__OPTIMIZE__)
#define CUZK_ASM_ADD_SUB 1
#include "ff/add_sub_x86_64.h"
#else
#define CUZK_ASM_ADD_SUB 0
#endif

namespace cuzk::ff {

// Signature of the out-of-line multiplication kernel: out = a b / R mod p (Montgomery form).
using MontMulFn = void (*)(uint64_t* out, const uint64_t* a, const uint64_t* b);
// Signature of the out-of-line squaring kernel: out = a a / R mod p (Montgomery form).
using MontSqrFn = void (*)(uint64_t* out, const uint64_t* a);

// Config requirements: kLimbs, kBits (modulus bit length), kModulus (little-endian limbs with a
// spare top bit), kName, kUseAsm, kAsmMul (the MontMulFn kernel used when kUseAsm is true and the
// CPU runs it, ff/cpu_kernels.h; addition and subtraction then use the inline assembly of
// ff/add_sub_x86_64.h), kHasAsmSqr and kAsmSqr (whether Square uses its own MontSqrFn kernel, and
// that kernel; a bool, because the address of an extern function is not a constant expression
// under the sanitizers).
template <typename Config>
class MontField {
 public:
  static constexpr size_t kLimbs = Config::kLimbs;
  static constexpr size_t kBits = Config::kBits;
  static constexpr size_t kBytes = (kBits + 7) / 8;
  using Repr = Limbs<kLimbs>;
  static constexpr Repr kModulus = Config::kModulus;
  // -p^{-1} mod 2^64, the Montgomery reduction multiplier.
  static constexpr uint64_t kInv = NegInverse64(kModulus[0]);
  // R = 2^(64N) mod p, the Montgomery form of 1.
  static constexpr Repr kR = PowerOfTwoMod(64 * kLimbs, kModulus);
  // R^2 mod p, used to enter Montgomery form.
  static constexpr Repr kR2 = PowerOfTwoMod(128 * kLimbs, kModulus);
  // R^3 mod p: turns a plain inverse of a Montgomery representation back into Montgomery form.
  static constexpr Repr kR3 = PowerOfTwoMod(192 * kLimbs, kModulus);
  static_assert(kModulus[kLimbs - 1] < (~uint64_t{0} >> 1) - 1, "CIOS needs a spare top bit");
  static_assert(!Config::kUseAsm || kLimbs == 4 || kLimbs == 6, "inline assembly: 4 or 6 limbs");

  // Zero.
  constexpr MontField() = default;

  // Returns 0.
  static constexpr MontField Zero() { return MontField(); }
  // Returns 1.
  static constexpr MontField One() { return FromMontgomery(kR); }
  // Returns 2 (2R mod p), computed at compile time: no multiplication at run time.
  static constexpr MontField Two() {
    return FromMontgomery(PowerOfTwoMod(64 * kLimbs + 1, kModulus));
  }
  // Returns -1 (p - R), computed at compile time.
  static constexpr MontField MinusOne() {
    Repr m = kModulus;
    SubInPlace(m, kR);
    return FromMontgomery(m);
  }
  // Wraps limbs that are already in Montgomery form (must be < p).
  static constexpr MontField FromMontgomery(const Repr& m) {
    MontField f;
    f.v_ = m;
    return f;
  }
  // Returns the element equal to the integer x.
  static MontField FromUint64(uint64_t x) {
    Repr r{};
    r[0] = x;
    if (!LessThan(r, kModulus)) SubInPlace(r, kModulus);  // only for tiny moduli; kept general
    return FromMontgomery(r) * FromMontgomery(kR2);
  }
  // Returns the element with canonical value `value`, or nullopt when value >= p.
  static std::optional<MontField> FromCanonical(const Repr& value) {
    if (!LessThan(value, kModulus)) return std::nullopt;
    return FromMontgomery(value) * FromMontgomery(kR2);
  }
  // Returns the canonical integer value (out of Montgomery form).
  Repr ToCanonical() const {
    Repr one{};
    one[0] = 1;
    return (*this * FromMontgomery(one)).v_;
  }
  // Returns the Montgomery-form limbs.
  const Repr& montgomery() const { return v_; }

  // Returns true iff the element is 0.
  bool IsZero() const {
    uint64_t acc = 0;
    for (uint64_t l : v_) acc |= l;
    return acc == 0;
  }
  // Returns true iff the element is 1.
  constexpr bool IsOne() const { return Equal(v_, kR); }
  // Limb-wise comparison, inlined (a defaulted == would call memcmp on this hot path).
  friend constexpr bool operator==(const MontField& a, const MontField& b) {
    return Equal(a.v_, b.v_);
  }

  [[gnu::always_inline]] MontField operator+(const MontField& o) const {
    MontField r = *this;
    r += o;
    return r;
  }
  [[gnu::always_inline]] MontField operator-(const MontField& o) const {
    MontField r = *this;
    r -= o;
    return r;
  }
  MontField operator*(const MontField& o) const {
    MontField r;
    MulInto(r.v_, v_, o.v_);
    return r;
  }
  [[gnu::always_inline]] MontField operator-() const {
    MontField r;
    r -= *this;
    return r;
  }
  // a + b mod p: sum, trial subtraction of p, constant-time select. The additions and
  // subtractions are always inlined: a few instructions that GCC otherwise calls out of line once
  // a translation unit grows (it did in msm/pippenger.cc: BM_MsmG1/20 8% slower).
  [[gnu::always_inline]] MontField& operator+=(const MontField& o) {
#if CUZK_ASM_ADD_SUB
    if constexpr (Config::kUseAsm) {
      if constexpr (kLimbs == 4)
        x86_64::AddMod4(v_.data(), v_.data(), o.v_.data(), kModulus.data());
      if constexpr (kLimbs == 6)
        x86_64::AddMod6(v_.data(), v_.data(), o.v_.data(), kModulus.data());
      return *this;
    }
#endif
    Repr s = v_;
    AddInPlace(s, o.v_);  // no carry out: both < p < 2^(64N-1)
    Repr d = s;
    uint64_t keep_sum = 0 - SubInPlace(d, kModulus);  // all ones iff s < p
    for (size_t i = 0; i < kLimbs; ++i) v_[i] = (s[i] & keep_sum) | (d[i] & ~keep_sum);
    return *this;
  }
  // a - b mod p: difference, then add p back under a borrow mask.
  [[gnu::always_inline]] MontField& operator-=(const MontField& o) {
#if CUZK_ASM_ADD_SUB
    if constexpr (Config::kUseAsm) {
      if constexpr (kLimbs == 4)
        x86_64::SubMod4(v_.data(), v_.data(), o.v_.data(), kModulus.data());
      if constexpr (kLimbs == 6)
        x86_64::SubMod6(v_.data(), v_.data(), o.v_.data(), kModulus.data());
      return *this;
    }
#endif
    uint64_t mask = 0 - SubInPlace(v_, o.v_);
    Repr p = kModulus;
    for (auto& l : p) l &= mask;
    AddInPlace(v_, p);
    return *this;
  }
  MontField& operator*=(const MontField& o) {
    MulInto(v_, v_, o.v_);
    return *this;
  }
  // Returns 2a.
  MontField Double() const { return *this + *this; }
  // Returns a^2.
  MontField Square() const {
    MontField r;
    if constexpr (Config::kUseAsm && Config::kHasAsmSqr) {
      if (AsmKernelsInUse()) [[likely]] {
        Config::kAsmSqr(r.v_.data(), v_.data());
        return r;
      }
    }
    MulInto(r.v_, v_, v_);
    return r;
  }

  // Returns a^{-1} (Fermat: a^{p-2}, the same time for every a); the inverse of 0 is 0.
  MontField Inverse() const;
  // Returns a^{-1} like Inverse, ~9x faster, in time that depends on a (Bernstein-Yang
  // divsteps, ff/modinv.h): for public data only, such as MSM bucket sums.
  MontField InverseVartime() const;
  // Returns a^e for e given as little-endian 64-bit limbs (sliding 5-bit windows).
  MontField Pow(std::span<const uint64_t> exponent) const;
  // Returns a square root, or nullopt when a is a non-residue (p = 3 mod 4 shortcut or
  // Tonelli-Shanks, chosen by the modulus).
  std::optional<MontField> Sqrt() const;
  // Returns the Legendre symbol: 0 for 0, 1 for a non-zero square, -1 otherwise.
  int Legendre() const;
  // Returns true iff the canonical value is greater than (p-1)/2 ("lexicographically largest").
  bool IsLexicographicallyLargest() const;
  // Replaces every non-zero element of `values` by its inverse with one field inversion
  // (Montgomery's trick); zeros stay zero.
  static void BatchInverse(std::span<MontField> values);

  // Returns the canonical value as kBytes big-endian bytes.
  std::array<uint8_t, kBytes> ToBytesBE() const;
  // Returns the canonical value as kBytes little-endian bytes (Filecoin's Fr "repr").
  std::array<uint8_t, kBytes> ToBytesLE() const;
  // Parses exactly kBytes big-endian bytes; rejects other lengths and values >= p.
  static Result<MontField> FromBytesBE(std::span<const uint8_t> bytes);
  // Parses exactly kBytes little-endian bytes; rejects other lengths and values >= p.
  static Result<MontField> FromBytesLE(std::span<const uint8_t> bytes);

  // Returns a uniformly random element drawn from a 64-bit generator (rejection sampling).
  template <typename Rng>
  static MontField Random(Rng& rng) {
    constexpr uint64_t kTopMask =
        (kBits % 64 == 0) ? ~uint64_t{0} : (uint64_t{1} << (kBits % 64)) - 1;
    for (;;) {
      Repr r;
      for (auto& l : r) l = static_cast<uint64_t>(rng());
      r[kLimbs - 1] &= kTopMask;
      if (LessThan(r, kModulus)) return FromMontgomery(r);
    }
  }

  // The portable C++ kernel, exposed so tests can compare it with the assembly one.
  static void MulPortable(Repr& out, const Repr& a, const Repr& b);
  // Returns true iff this process multiplies with the assembly kernel (built with it, and the CPU
  // runs it; ff/cpu_kernels.h).
  static bool UsesAsm() { return Config::kUseAsm && AsmKernelsInUse(); }

 private:
  static constexpr bool Equal(const Repr& a, const Repr& b) {
    uint64_t diff = 0;
    for (size_t i = 0; i < kLimbs; ++i) diff |= a[i] ^ b[i];
    return diff == 0;
  }
  static void MulInto(Repr& out, const Repr& a, const Repr& b) {
    if constexpr (Config::kUseAsm) {
      if (AsmKernelsInUse()) [[likely]] {
        Config::kAsmMul(out.data(), a.data(), b.data());
        return;
      }
    }
    MulPortable(out, a, b);
  }

  Repr v_{};
};

// CIOS Montgomery multiplication with the "no-carry" shortcut for moduli with a spare top bit
// (Koc-Acar-Kaliski 1996; the shortcut as in gnark-crypto's field generator). ~40 ns for 6 limbs.
template <typename Config>
inline void MontField<Config>::MulPortable(Repr& out, const Repr& a, const Repr& b) {
  constexpr size_t N = kLimbs;
  uint64_t t[N] = {};
  for (size_t i = 0; i < N; ++i) {
    // 1. t += a * b[i]; the top word goes to `hi`.
    uint64_t carry = 0;
    for (size_t j = 0; j < N; ++j) {
      uint128_t acc = static_cast<uint128_t>(a[j]) * b[i] + t[j] + carry;
      t[j] = static_cast<uint64_t>(acc);
      carry = static_cast<uint64_t>(acc >> 64);
    }
    uint64_t hi = carry;
    // 2. t = (t + m*p) / 2^64, m chosen so the low word cancels.
    uint64_t m = t[0] * kInv;
    uint128_t acc = static_cast<uint128_t>(m) * kModulus[0] + t[0];
    carry = static_cast<uint64_t>(acc >> 64);
    for (size_t j = 1; j < N; ++j) {
      acc = static_cast<uint128_t>(m) * kModulus[j] + t[j] + carry;
      t[j - 1] = static_cast<uint64_t>(acc);
      carry = static_cast<uint64_t>(acc >> 64);
    }
    t[N - 1] = hi + carry;
  }
  // 3. t < 2p: one conditional subtraction.
  Repr s;
  for (size_t j = 0; j < N; ++j) s[j] = t[j];
  Repr d = s;
  uint64_t keep = 0 - SubInPlace(d, kModulus);
  for (size_t j = 0; j < N; ++j) out[j] = (s[j] & keep) | (d[j] & ~keep);
}

}  // namespace cuzk::ff
