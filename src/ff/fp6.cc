// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fp6 arithmetic. Multiplication and squaring follow Devegili, O hEigeartaigh, Scott, Dahab,
// "Multiplication and Squaring on Pairing-Friendly Fields" (eprint 2006/471): Karatsuba (6 Fp2
// multiplications) and Chung-Hasan SQR2; inversion follows Beuchat et al., eprint 2010/354 Alg. 17.
#include "ff/fp6.h"

#include <array>

namespace cuzk::ff {

Fp6 Fp6::operator*(const Fp6& o) const {
  Fp2 v0 = c0 * o.c0;
  Fp2 v1 = c1 * o.c1;
  Fp2 v2 = c2 * o.c2;
  Fp2 r0 = ((c1 + c2) * (o.c1 + o.c2) - v1 - v2).MulByNonResidue() + v0;
  Fp2 r1 = (c0 + c1) * (o.c0 + o.c1) - v0 - v1 + v2.MulByNonResidue();
  Fp2 r2 = (c0 + c2) * (o.c0 + o.c2) - v0 - v2 + v1;
  return {r0, r1, r2};
}

Fp6 Fp6::Square() const {
  Fp2 s0 = c0.Square();
  Fp2 s1 = (c0 * c1).Double();
  Fp2 s2 = (c0 - c1 + c2).Square();
  Fp2 s3 = (c1 * c2).Double();
  Fp2 s4 = c2.Square();
  return {s3.MulByNonResidue() + s0, s4.MulByNonResidue() + s1, s1 + s2 + s3 - s0 - s4};
}

Fp6 Fp6::Inverse() const {
  Fp2 t0 = c0.Square() - (c1 * c2).MulByNonResidue();
  Fp2 t1 = c2.Square().MulByNonResidue() - c0 * c1;
  Fp2 t2 = c1.Square() - c0 * c2;
  Fp2 t3 = c0 * t0 + (c2 * t1 + c1 * t2).MulByNonResidue();
  Fp2 inv = t3.Inverse();
  return {t0 * inv, t1 * inv, t2 * inv};
}

Fp6 Fp6::MulBy01(const Fp2& b0, const Fp2& b1) const {
  Fp2 v0 = c0 * b0;
  Fp2 v1 = c1 * b1;
  Fp2 r0 = (c2 * b1).MulByNonResidue() + v0;
  Fp2 r1 = (c0 + c1) * (b0 + b1) - v0 - v1;
  Fp2 r2 = c2 * b0 + v1;
  return {r0, r1, r2};
}

Fp6 Fp6::MulBy1(const Fp2& b1) const { return {(c2 * b1).MulByNonResidue(), c0 * b1, c1 * b1}; }

Fp6 Fp6::Frobenius(unsigned power) const {
  Fp6 r = *this;
  for (; power > 3; power -= 3) r = r.Frobenius(3);
  if (power == 0) return r;
  return {r.c0.Frobenius(power), r.c1.Frobenius(power) * FrobeniusCoefficient(power, 2),
          r.c2.Frobenius(power) * FrobeniusCoefficient(power, 4)};
}

const Fp2& FrobeniusCoefficient(unsigned n, unsigned k) {
  // gamma[1][k] = xi^(k(p-1)/6); xi^(k(p^n-1)/6) is the product of conj^i(gamma[1][k]) over
  // i < n, because x^p = conj(x) on Fp2.
  static const std::array<std::array<Fp2, 6>, 4> kTable = [] {
    constexpr Limbs<6> kExp = [] {
      Limbs<6> e = SubSmall(FpConfig::kModulus, 1);
      // Divide by 6 = 2 * 3: shift, then long division by 3.
      ShiftRight1(e);
      uint128_t rem = 0;
      for (size_t i = 6; i-- > 0;) {
        uint128_t cur = (rem << 64) | e[i];
        e[i] = static_cast<uint64_t>(cur / 3);
        rem = cur % 3;
      }
      return e;
    }();
    std::array<std::array<Fp2, 6>, 4> t{};
    Fp2 xi = Fp2::One().MulByNonResidue();
    Fp2 g = xi.Pow(kExp);
    t[1][0] = Fp2::One();
    for (unsigned j = 1; j < 6; ++j) t[1][j] = t[1][j - 1] * g;
    for (unsigned j = 0; j < 6; ++j) {
      t[2][j] = t[1][j] * t[1][j].Conjugate();
      t[3][j] = t[2][j] * t[1][j];
      t[0][j] = Fp2::One();
    }
    return t;
  }();
  return kTable[n][k];
}

}  // namespace cuzk::ff
