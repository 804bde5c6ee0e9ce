// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/fp2.h"

namespace cuzk::ff {

Fp2 Fp2::Pow(std::span<const uint64_t> exponent) const {
  Fp2 acc = One();
  for (size_t i = exponent.size() * 64; i-- > 0;) {
    acc = acc.Square();
    if ((exponent[i / 64] >> (i % 64)) & 1) acc *= *this;
  }
  return acc;
}

std::optional<Fp2> Fp2::Sqrt() const {
  // Norm method (Adj, Rodriguez-Henriquez, "Square root computation over even extension
  // fields", eprint 2012/685, Alg. 8 for q = 3 mod 4): with n = c0^2 + c1^2 and s = sqrt(n),
  // x0 = sqrt((c0 +- s)/2) and x1 = c1 / (2 x0). Two Fp square roots and one inversion.
  if (c1.IsZero()) {
    if (std::optional<Fp> r = c0.Sqrt()) return Fp2{*r, Fp::Zero()};
    // -1 is a non-residue in Fp, so -c0 is a square and sqrt(c0) = sqrt(-c0) * u.
    std::optional<Fp> r = (-c0).Sqrt();
    if (!r) return std::nullopt;
    return Fp2{Fp::Zero(), *r};
  }
  std::optional<Fp> s = Norm().Sqrt();
  if (!s) return std::nullopt;
  Fp half = Fp::FromUint64(2).Inverse();
  Fp t = (c0 + *s) * half;
  if (t.Legendre() != 1) t = (c0 - *s) * half;
  std::optional<Fp> x0 = t.Sqrt();
  if (!x0 || x0->IsZero()) return std::nullopt;
  Fp2 root{*x0, c1 * (x0->Double()).Inverse()};
  if (root.Square() != *this) return std::nullopt;
  return root;
}

bool Fp2::IsLexicographicallyLargest() const {
  if (!c1.IsZero()) return c1.IsLexicographicallyLargest();
  return c0.IsLexicographicallyLargest();
}

}  // namespace cuzk::ff
