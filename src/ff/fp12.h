// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fp12 = Fp6[w]/(w^2 - v): the target field of the pairing (GT lives in its cyclotomic subgroup).
#pragma once

#include <span>

#include "ff/fp6.h"

namespace cuzk::ff {

// An element c0 + c1*w of Fp12.
struct Fp12 {
  Fp6 c0;
  Fp6 c1;

  // Returns 0.
  static Fp12 Zero() { return {}; }
  // Returns 1.
  static Fp12 One() { return {Fp6::One(), Fp6::Zero()}; }
  // Returns a uniformly random element.
  template <typename Rng>
  static Fp12 Random(Rng& rng) {
    Fp6 a = Fp6::Random(rng);
    return {a, Fp6::Random(rng)};
  }

  // Returns true iff the element is 1.
  bool IsOne() const { return *this == One(); }
  friend bool operator==(const Fp12&, const Fp12&) = default;

  Fp12 operator*(const Fp12& o) const;
  Fp12& operator*=(const Fp12& o) { return *this = *this * o; }

  // Returns a^2 (complex squaring, 2 Fp6 multiplications).
  Fp12 Square() const;
  // Returns a^{-1}; the inverse of 0 is 0.
  Fp12 Inverse() const;
  // Returns c0 - c1*w = a^(p^6); equals a^{-1} in the cyclotomic subgroup.
  Fp12 Conjugate() const { return {c0, -c1}; }
  // Returns a^(p^power).
  Fp12 Frobenius(unsigned power) const;
  // Returns a * (o0 + o1*v + o4*v*w): the sparse line value of the Miller loop (coefficients
  // 0, 1 and 4 when Fp12 is read as six Fp2 coefficients c0.c0, c0.c1, c0.c2, c1.c0, ...).
  Fp12 MulBy014(const Fp2& o0, const Fp2& o1, const Fp2& o4) const;
  // Returns a^2 for a in the cyclotomic subgroup (Granger-Scott); wrong for other elements.
  Fp12 CyclotomicSquare() const;
  // Returns a^e for a in the cyclotomic subgroup; e as little-endian 64-bit limbs.
  Fp12 CyclotomicPow(std::span<const uint64_t> exponent) const;
  // Returns a^e for any a by plain square-and-multiply (the slow reference).
  Fp12 Pow(std::span<const uint64_t> exponent) const;
};

}  // namespace cuzk::ff
