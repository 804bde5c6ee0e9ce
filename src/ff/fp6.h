// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fp6 = Fp2[v]/(v^3 - xi), xi = 1 + u: the middle of the BLS12-381 tower.
#pragma once

#include "ff/fp2.h"

namespace cuzk::ff {

// An element c0 + c1*v + c2*v^2 of Fp6.
struct Fp6 {
  Fp2 c0;
  Fp2 c1;
  Fp2 c2;

  // Returns 0.
  static Fp6 Zero() { return {}; }
  // Returns 1.
  static Fp6 One() { return {Fp2::One(), Fp2::Zero(), Fp2::Zero()}; }
  // Returns a uniformly random element.
  template <typename Rng>
  static Fp6 Random(Rng& rng) {
    Fp2 a = Fp2::Random(rng);
    Fp2 b = Fp2::Random(rng);
    return {a, b, Fp2::Random(rng)};
  }

  // Returns true iff the element is 0.
  bool IsZero() const { return c0.IsZero() && c1.IsZero() && c2.IsZero(); }
  friend bool operator==(const Fp6&, const Fp6&) = default;

  Fp6 operator+(const Fp6& o) const { return {c0 + o.c0, c1 + o.c1, c2 + o.c2}; }
  Fp6 operator-(const Fp6& o) const { return {c0 - o.c0, c1 - o.c1, c2 - o.c2}; }
  Fp6 operator-() const { return {-c0, -c1, -c2}; }
  Fp6 operator*(const Fp6& o) const;
  Fp6& operator+=(const Fp6& o) { return *this = *this + o; }
  Fp6& operator-=(const Fp6& o) { return *this = *this - o; }
  Fp6& operator*=(const Fp6& o) { return *this = *this * o; }

  // Returns a^2 (Chung-Hasan SQR2).
  Fp6 Square() const;
  // Returns a^{-1}; the inverse of 0 is 0.
  Fp6 Inverse() const;
  // Returns a * v.
  Fp6 MulByNonResidue() const { return {c2.MulByNonResidue(), c0, c1}; }
  // Returns a * (b0 + b1*v), the sparse product used by line evaluations.
  Fp6 MulBy01(const Fp2& b0, const Fp2& b1) const;
  // Returns a * (b1*v).
  Fp6 MulBy1(const Fp2& b1) const;
  // Returns a^(p^power).
  Fp6 Frobenius(unsigned power) const;
};

// Returns xi^(k (p^n - 1)/6) for n in 1..3 and k in 0..5: the Frobenius coefficient of w^k in
// Fp12 (and of v^(k/2) in Fp6), derived from xi at first use.
const Fp2& FrobeniusCoefficient(unsigned n, unsigned k);

}  // namespace cuzk::ff
