// SPDX-License-Identifier: Apache-2.0 OR MIT
// Jacobian formulas for a = 0 short-Weierstrass curves, from the Explicit-Formulas Database
// (hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html). Include only from g1.cc and g2.cc.
#pragma once

#include <array>
#include <vector>

#include "ec/curve.h"

namespace cuzk::ec {

template <typename Curve>
bool Jacobian<Curve>::IsOnCurve() const {
  if (IsIdentity()) return true;
  Field z2 = z_.Square();
  Field z6 = z2.Square() * z2;
  return y_.Square() == x_.Square() * x_ + Curve::B() * z6;
}

template <typename Curve>
bool Jacobian<Curve>::operator==(const Jacobian& o) const {
  if (IsIdentity() || o.IsIdentity()) return IsIdentity() && o.IsIdentity();
  Field z1z1 = z_.Square();
  Field z2z2 = o.z_.Square();
  if (x_ * z2z2 != o.x_ * z1z1) return false;
  return y_ * z2z2 * o.z_ == o.y_ * z1z1 * z_;
}

template <typename Curve>
Jacobian<Curve> Jacobian<Curve>::Double() const {
  if (IsIdentity()) return *this;
  // dbl-2009-l
  Field a = x_.Square();
  Field b = y_.Square();
  Field c = b.Square();
  Field d = ((x_ + b).Square() - a - c).Double();
  Field e = a.Double() + a;
  Field f = e.Square();
  Field x3 = f - d.Double();
  Field c8 = c.Double().Double().Double();
  Field y3 = e * (d - x3) - c8;
  Field z3 = (y_ * z_).Double();
  return FromXYZ(x3, y3, z3);
}

template <typename Curve>
Jacobian<Curve> Jacobian<Curve>::operator+(const Jacobian& o) const {
  if (IsIdentity()) return o;
  if (o.IsIdentity()) return *this;
  // add-1998-cmo-2 in the EFD (Cohen, Miyaji and Ono): 12M + 4S and 7 additions, against
  // add-2007-bl's 11M + 5S and 15; squaring costs what a product does here. BM_G1Add
  // 484-493 -> 462-471 ns.
  Field z1z1 = z_.Square();
  Field z2z2 = o.z_.Square();
  Field u1 = x_ * z2z2;
  Field s1 = y_ * (o.z_ * z2z2);
  Field h = o.x_ * z1z1 - u1;         // U2 - U1
  Field r = o.y_ * (z_ * z1z1) - s1;  // S2 - S1
  if (h.IsZero()) return r.IsZero() ? Double() : Identity();
  Field hh = h.Square();
  Field hhh = hh * h;
  Field v = u1 * hh;
  Field x3 = r.Square() - hhh - v.Double();
  Field y3 = r * (v - x3) - s1 * hhh;
  Field z3 = z_ * o.z_ * h;
  return FromXYZ(x3, y3, z3);
}

template <typename Curve>
Jacobian<Curve> Jacobian<Curve>::operator+(const AffinePoint& o) const {
  Jacobian sum = *this;
  sum += o;
  return sum;
}

template <typename Curve>
Jacobian<Curve>& Jacobian<Curve>::operator+=(const AffinePoint& o) {
  if (o.infinity) return *this;
  if (IsIdentity()) return *this = Jacobian(o);
  // Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve Cryptography", Algorithm 3.22
  // (madd-2004-hmv in the EFD): 8M + 3S and 7 additions. It has one product more than
  // madd-2007-bl's 7M + 4S, but squaring costs what a product does here, and it needs half the
  // additions: BM_G1MixedAdd 347-352 -> 318-342 ns, BM_G2MixedAdd 1115-1152 -> 992-1086 ns.
  Field z1z1 = z_.Square();
  Field h = o.x * z1z1 - x_;         // U2 - X1
  Field r = o.y * (z1z1 * z_) - y_;  // S2 - Y1
  if (h.IsZero()) return *this = r.IsZero() ? Double() : Identity();
  Field hh = h.Square();
  Field hhh = hh * h;
  Field v = x_ * hh;  // X1 H^2
  Field x3 = r.Square() - hhh - v.Double();
  Field y3 = r * (v - x3) - y_ * hhh;
  Field z3 = z_ * h;
  x_ = x3;
  y_ = y3;
  z_ = z3;
  return *this;
}

template <typename Curve>
Jacobian<Curve> Jacobian<Curve>::Mul(std::span<const uint64_t> scalar) const {
  std::array<Jacobian, 16> table;
  table[0] = Identity();
  for (size_t i = 1; i < 16; ++i) table[i] = table[i - 1] + *this;
  Jacobian acc;
  for (size_t i = scalar.size() * 16; i-- > 0;) {
    for (int k = 0; k < 4; ++k) acc = acc.Double();
    size_t nibble = (scalar[i / 16] >> (4 * (i % 16))) & 15;
    if (nibble != 0) acc += table[nibble];
  }
  return acc;
}

template <typename Curve>
Jacobian<Curve> Jacobian<Curve>::MulByUint64(uint64_t k) const {
  Jacobian acc;
  if (z_.IsOne()) {  // an affine base allows the cheaper mixed addition
    AffinePoint base = AffinePoint::FromXY(x_, y_);
    for (int i = 63; i >= 0; --i) {
      acc = acc.Double();
      if ((k >> i) & 1) acc += base;
    }
    return acc;
  }
  for (int i = 63; i >= 0; --i) {
    acc = acc.Double();
    if ((k >> i) & 1) acc += *this;
  }
  return acc;
}

template <typename Curve>
Affine<Curve> Jacobian<Curve>::ToAffine() const {
  if (IsIdentity()) return AffinePoint::Identity();
  Field zinv = z_.Inverse();
  Field zinv2 = zinv.Square();
  return AffinePoint::FromXY(x_ * zinv2, y_ * zinv2 * zinv);
}

template <typename Curve>
void Jacobian<Curve>::BatchToAffine(std::span<const Jacobian> in, std::span<AffinePoint> out) {
  // Prefix products of the Z coordinates, one inversion, then unwind.
  std::vector<Field> prefix(in.size());
  Field acc = Field::One();
  for (size_t i = 0; i < in.size(); ++i) {
    prefix[i] = acc;
    if (!in[i].IsIdentity()) acc *= in[i].z_;
  }
  Field inv = acc.Inverse();
  for (size_t i = in.size(); i-- > 0;) {
    if (in[i].IsIdentity()) {
      out[i] = AffinePoint::Identity();
      continue;
    }
    Field zinv = inv * prefix[i];
    inv *= in[i].z_;
    Field zinv2 = zinv.Square();
    out[i] = AffinePoint::FromXY(in[i].x_ * zinv2, in[i].y_ * zinv2 * zinv);
  }
}

}  // namespace cuzk::ec
