// SPDX-License-Identifier: Apache-2.0 OR MIT
// Optimal ate pairing on BLS12-381 (Vercauteren, "Optimal pairings", eprint 2008/096) with the
// loop parameter x = -0xd201000000010000.
//
// Lines. Q' = (x', y') on the twist maps to (x' w^-2, y' w^-3) on E(Fp12). A line through T'
// with slope lambda', evaluated at P = (xp, yp) and multiplied by w^3 (an Fp4 factor that the
// final exponentiation removes), is  yp w^3 - lambda' xp w^2 + (lambda' x' - y'), i.e. the
// sparse element c0 + c1 v + c2 v w with w^2 = v. T is kept in homogeneous projective
// coordinates (X : Y : Z), and each line is scaled by an Fp2 factor to avoid inversions
// (Costello, Lange, Naehrig, "Faster pairing computations on curves with high-degree twists",
// eprint 2009/615, Sec. 5).
#include "ec/pairing.h"

namespace cuzk::ec {
namespace {

using ff::Fp;
using ff::Fp12;
using ff::Fp2;

// Homogeneous projective point on the twist: (X/Z, Y/Z).
struct Projective {
  Fp2 x, y, z;
};

// 3b' = 12 (1 + u).
const Fp2& ThreeB() {
  static const Fp2 v = G2Curve::B().Double() + G2Curve::B();
  return v;
}

// T <- 2T and the tangent line at T, scaled by 2YZ^2/Z:
// c0 = 3b'Z^2 - Y^2, c1 = 3X^2, c2 = -2YZ.
LineCoefficients DoublingStep(Projective& t) {
  static const Fp kHalf = Fp::FromUint64(2).Inverse();
  Fp2 a = (t.x * t.y).MulByFp(kHalf);      // XY/2
  Fp2 b = t.y.Square();                    // Y^2
  Fp2 c = t.z.Square();                    // Z^2
  Fp2 e = ThreeB() * c;                    // 3b'Z^2
  Fp2 f = e.Double() + e;                  // 9b'Z^2
  Fp2 g = (b + f).MulByFp(kHalf);          // (Y^2 + 9b'Z^2)/2
  Fp2 h = (t.y + t.z).Square() - (b + c);  // 2YZ
  Fp2 j = t.x.Square();                    // X^2
  LineCoefficients line{e - b, j.Double() + j, -h};
  t.x = a * (b - f);                                      // XY/2 (Y^2 - 9b'Z^2)
  t.y = g.Square() - (e.Square().Double() + e.Square());  // G^2 - 27b'^2 Z^4
  t.z = b * h;                                            // 2Y^3 Z
  return line;
}

// T <- T + Q and the line through T and Q, scaled by v = x2 Z - X:
// c0 = u x2 - v y2, c1 = -u, c2 = v, with u = y2 Z - Y.
LineCoefficients AdditionStep(Projective& t, const G2Affine& q) {
  Fp2 u = q.y * t.z - t.y;
  Fp2 v = q.x * t.z - t.x;
  LineCoefficients line{u * q.x - v * q.y, -u, v};
  // Mixed projective addition: A = u^2 Z - v^3 - 2 v^2 X; X3 = vA; Y3 = u(v^2 X - A) - v^3 Y;
  // Z3 = v^3 Z.
  Fp2 vv = v.Square();
  Fp2 vvv = vv * v;
  Fp2 vvx = vv * t.x;
  Fp2 a = u.Square() * t.z - vvv - vvx.Double();
  t.x = v * a;
  t.y = u * (vvx - a) - vvv * t.y;
  t.z = vvv * t.z;
  return line;
}

Fp12 Evaluate(const Fp12& f, const LineCoefficients& line, const G1Affine& p) {
  return f.MulBy014(line.c0, line.c1.MulByFp(p.x), line.c2.MulByFp(p.y));
}

// Computes f^x for f in the cyclotomic subgroup (x < 0, so the result is conjugated).
Fp12 PowSeed(const Fp12& f) {
  const uint64_t e[1] = {kSeedAbs};
  return f.CyclotomicPow(e).Conjugate();
}

}  // namespace

G2Prepared PrepareG2(const G2Affine& q) {
  G2Prepared out;
  if (q.infinity) return out;
  out.infinity = false;
  Projective t{q.x, q.y, Fp2::One()};
  for (int i = 62; i >= 0; --i) {  // bit 63 of |x| is the leading one
    out.lines.push_back(DoublingStep(t));
    if ((kSeedAbs >> i) & 1) out.lines.push_back(AdditionStep(t, q));
  }
  return out;
}

Fp12 MultiMillerLoop(std::span<const std::pair<G1Affine, const G2Prepared*>> pairs) {
  Fp12 f = Fp12::One();
  size_t step = 0;
  for (int i = 62; i >= 0; --i) {
    if (i != 62) f = f.Square();
    int lines_this_bit = ((kSeedAbs >> i) & 1) ? 2 : 1;
    for (const auto& [p, q] : pairs) {
      if (p.infinity || q->infinity) continue;
      for (int k = 0; k < lines_this_bit; ++k) f = Evaluate(f, q->lines[step + k], p);
    }
    step += lines_this_bit;
  }
  return f.Conjugate();  // x < 0: f_{x,Q} = 1/f_{|x|,Q} up to factors the final exponent removes
}

Fp12 FinalExponentiation(const Fp12& f) {
  // Easy part: f^((p^6 - 1)(p^2 + 1)) puts f in the cyclotomic subgroup.
  Fp12 t = f.Conjugate() * f.Inverse();
  t = t.Frobenius(2) * t;
  // Hard part, times 3 (Hayashida, Hayasaka, Teruya, eprint 2020/875, Sec. 4):
  //   3 (p^4 - p^2 + 1)/r = (x - 1)^2 (x + p)(x^2 + p^2 - 1) + 3.
  // The factor 3 is coprime to r, so this is still a non-degenerate bilinear pairing; it is the
  // convention of zkcrypto's bls12_381 (and so of the GT values the Rust ecosystem produces).
  Fp12 a = PowSeed(t) * t.Conjugate();                            // t^(x - 1)
  a = PowSeed(a) * a.Conjugate();                                 // t^((x - 1)^2)
  Fp12 b = PowSeed(a) * a.Frobenius(1);                           // a^(x + p)
  Fp12 c = PowSeed(PowSeed(b)) * b.Frobenius(2) * b.Conjugate();  // b^(x^2 + p^2 - 1)
  return c * t.CyclotomicSquare() * t;                            // * t^3
}

Fp12 Pairing(const G1Affine& p, const G2Affine& q) {
  G2Prepared prepared = PrepareG2(q);
  std::pair<G1Affine, const G2Prepared*> pair{p, &prepared};
  return FinalExponentiation(MultiMillerLoop(std::span(&pair, 1)));
}

bool PairingCheck(std::span<const std::pair<G1Affine, G2Affine>> pairs) {
  std::vector<G2Prepared> prepared;
  prepared.reserve(pairs.size());
  std::vector<std::pair<G1Affine, const G2Prepared*>> refs;
  for (const auto& [p, q] : pairs) {
    prepared.push_back(PrepareG2(q));
    refs.emplace_back(p, &prepared.back());
  }
  return FinalExponentiation(MultiMillerLoop(refs)).IsOne();
}

}  // namespace cuzk::ec
