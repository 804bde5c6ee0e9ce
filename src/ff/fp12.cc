// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/fp12.h"

namespace cuzk::ff {

Fp12 Fp12::operator*(const Fp12& o) const {
  // Karatsuba over Fp6 with w^2 = v.
  Fp6 v0 = c0 * o.c0;
  Fp6 v1 = c1 * o.c1;
  return {v1.MulByNonResidue() + v0, (c0 + c1) * (o.c0 + o.c1) - v0 - v1};
}

Fp12 Fp12::Square() const {
  Fp6 ab = c0 * c1;
  Fp6 r0 = (c0 + c1) * (c0 + c1.MulByNonResidue()) - ab - ab.MulByNonResidue();
  return {r0, ab + ab};
}

Fp12 Fp12::Inverse() const {
  Fp6 t = (c0.Square() - c1.Square().MulByNonResidue()).Inverse();
  return {c0 * t, -(c1 * t)};
}

Fp12 Fp12::Frobenius(unsigned power) const {
  Fp12 r = *this;
  for (; power > 3; power -= 3) r = r.Frobenius(3);
  if (power == 0) return r;
  // Coefficient of w^k is multiplied by xi^(k(p^n-1)/6) after conjugating it n times;
  // c0.cj holds w^(2j) and c1.cj holds w^(2j+1).
  auto f = [&](const Fp2& x, unsigned k) {
    return x.Frobenius(power) * FrobeniusCoefficient(power, k);
  };
  return {{f(r.c0.c0, 0), f(r.c0.c1, 2), f(r.c0.c2, 4)},
          {f(r.c1.c0, 1), f(r.c1.c1, 3), f(r.c1.c2, 5)}};
}

Fp12 Fp12::MulBy014(const Fp2& o0, const Fp2& o1, const Fp2& o4) const {
  Fp6 aa = c0.MulBy01(o0, o1);
  Fp6 bb = c1.MulBy1(o4);
  Fp6 r1 = (c1 + c0).MulBy01(o0, o1 + o4) - aa - bb;
  return {bb.MulByNonResidue() + aa, r1};
}

namespace {

// (x + y z)^2 in Fp4 = Fp2[z]/(z^2 - xi): returns {x^2 + xi y^2, 2xy}.
inline void Fp4Square(const Fp2& x, const Fp2& y, Fp2& out0, Fp2& out1) {
  Fp2 t0 = x.Square();
  Fp2 t1 = y.Square();
  out0 = t1.MulByNonResidue() + t0;
  out1 = (x + y).Square() - t0 - t1;
}

}  // namespace

Fp12 Fp12::CyclotomicSquare() const {
  // Granger, Scott, "Faster Squaring in the Cyclotomic Subgroup of Sixth Degree Extensions"
  // (PKC 2010), Sec. 3.2. Read Fp12 as Fp4[w]/(w^3 - z) with z = w^3, z^2 = xi, and
  // f = A + B w + C w^2 where A = g0 + g3 z, B = g1 + g4 z, C = g2 + g5 z (g_k the Fp2
  // coefficient of w^k). Then f^2 = (3A^2 - 2 conj A) + (3 z C^2 + 2 conj B) w
  // + (3 B^2 - 2 conj C) w^2, conj being z -> -z.
  const Fp2 &g0 = c0.c0, &g1 = c1.c0, &g2 = c0.c1, &g3 = c1.c1, &g4 = c0.c2, &g5 = c1.c2;
  Fp2 a0, a1, b0, b1, s0, s1;
  Fp4Square(g0, g3, a0, a1);
  Fp4Square(g1, g4, b0, b1);
  Fp4Square(g2, g5, s0, s1);
  Fp2 zc = s1.MulByNonResidue();  // the Fp2 part of z * C^2
  Fp2 h0 = (a0 - g0).Double() + a0;
  Fp2 h3 = (a1 + g3).Double() + a1;
  Fp2 h1 = (zc + g1).Double() + zc;
  Fp2 h4 = (s0 - g4).Double() + s0;
  Fp2 h2 = (b0 - g2).Double() + b0;
  Fp2 h5 = (b1 + g5).Double() + b1;
  return {{h0, h2, h4}, {h1, h3, h5}};
}

Fp12 Fp12::CyclotomicPow(std::span<const uint64_t> exponent) const {
  Fp12 acc = One();
  for (size_t i = exponent.size() * 64; i-- > 0;) {
    acc = acc.CyclotomicSquare();
    if ((exponent[i / 64] >> (i % 64)) & 1) acc *= *this;
  }
  return acc;
}

Fp12 Fp12::Pow(std::span<const uint64_t> exponent) const {
  Fp12 acc = One();
  for (size_t i = exponent.size() * 64; i-- > 0;) {
    acc = acc.Square();
    if ((exponent[i / 64] >> (i % 64)) & 1) acc *= *this;
  }
  return acc;
}

}  // namespace cuzk::ff
