// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fp2 = Fp[u]/(u^2 + 1), the field of G2 coordinates. The tower's non-residue is xi = 1 + u.
#pragma once

#include <optional>
#include <span>

#include "ff/fp.h"

namespace cuzk::ff {

// An element c0 + c1*u of Fp2.
struct Fp2 {
  Fp c0;
  Fp c1;

  // Returns 0.
  static Fp2 Zero() { return {}; }
  // Returns 1.
  static Fp2 One() { return {Fp::One(), Fp::Zero()}; }
  // Returns a uniformly random element.
  template <typename Rng>
  static Fp2 Random(Rng& rng) {
    Fp a = Fp::Random(rng);
    return {a, Fp::Random(rng)};
  }

  // Returns true iff the element is 0.
  bool IsZero() const { return c0.IsZero() && c1.IsZero(); }
  // Returns true iff the element is 1.
  bool IsOne() const { return c0.IsOne() && c1.IsZero(); }
  friend bool operator==(const Fp2&, const Fp2&) = default;

  Fp2 operator+(const Fp2& o) const { return {c0 + o.c0, c1 + o.c1}; }
  Fp2 operator-(const Fp2& o) const { return {c0 - o.c0, c1 - o.c1}; }
  Fp2 operator-() const { return {-c0, -c1}; }
  // Karatsuba: 3 Fp multiplications.
  Fp2 operator*(const Fp2& o) const {
    Fp v0 = c0 * o.c0;
    Fp v1 = c1 * o.c1;
    return {v0 - v1, (c0 + c1) * (o.c0 + o.c1) - v0 - v1};
  }
  Fp2& operator+=(const Fp2& o) { return *this = *this + o; }
  Fp2& operator-=(const Fp2& o) { return *this = *this - o; }
  Fp2& operator*=(const Fp2& o) { return *this = *this * o; }

  // Returns a^2 by the complex method: (c0+c1)(c0-c1) + 2 c0 c1 u, 2 Fp multiplications.
  Fp2 Square() const {
    Fp t = c0 * c1;
    return {(c0 + c1) * (c0 - c1), t + t};
  }
  // Returns 2a.
  Fp2 Double() const { return *this + *this; }
  // Returns a * s for s in Fp.
  Fp2 MulByFp(const Fp& s) const { return {c0 * s, c1 * s}; }
  // Returns a * xi = a * (1 + u).
  Fp2 MulByNonResidue() const { return {c0 - c1, c0 + c1}; }
  // Returns c0 - c1*u, which is also a^p.
  Fp2 Conjugate() const { return {c0, -c1}; }
  // Returns a^(p^power).
  Fp2 Frobenius(unsigned power) const { return (power & 1) ? Conjugate() : *this; }
  // Returns the norm c0^2 + c1^2 in Fp.
  Fp Norm() const { return c0.Square() + c1.Square(); }
  // Returns a^{-1} = conj(a) / norm(a); the inverse of 0 is 0.
  Fp2 Inverse() const {
    Fp t = Norm().Inverse();
    return {c0 * t, -(c1 * t)};
  }
  // Returns a^{-1} in time that depends on a (Fp::InverseVartime): for public data only.
  Fp2 InverseVartime() const {
    Fp t = Norm().InverseVartime();
    return {c0 * t, -(c1 * t)};
  }

  // Returns a^e for e given as little-endian 64-bit limbs.
  Fp2 Pow(std::span<const uint64_t> exponent) const;
  // Returns a square root, or nullopt when there is none.
  std::optional<Fp2> Sqrt() const;
  // Returns true iff c1 > (p-1)/2, or c1 = 0 and c0 > (p-1)/2 (ZCash sign rule for G2).
  bool IsLexicographicallyLargest() const;
};

}  // namespace cuzk::ff
