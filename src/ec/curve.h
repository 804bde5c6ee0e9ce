// SPDX-License-Identifier: Apache-2.0 OR MIT
// Short-Weierstrass points y^2 = x^3 + b (a = 0) in affine and Jacobian form, generic over the
// curve. G1 (over Fp) and G2 (over Fp2) are the two instances; see ec/g1.h and ec/g2.h. The
// formulas live in ec/curve_impl.h and are instantiated once, in g1.cc and g2.cc.
#pragma once

#include <cstdint>
#include <span>

namespace cuzk::ec {

// Curve requirements: `Field` (the coordinate field), `B()` (the constant b), `Generator()`.
template <typename Curve>
struct Affine {
  using Field = typename Curve::Field;
  Field x;
  Field y;
  bool infinity = true;

  // Returns the point at infinity.
  static Affine Identity() { return Affine(); }
  // Returns (x, y) without checking that it lies on the curve.
  static Affine FromXY(const Field& px, const Field& py) { return Affine{px, py, false}; }
  // Returns true iff y^2 = x^3 + b, or the point is at infinity.
  bool IsOnCurve() const { return infinity || y.Square() == x.Square() * x + Curve::B(); }
  // Returns -P.
  Affine operator-() const { return infinity ? *this : Affine{x, -y, false}; }
  friend bool operator==(const Affine& a, const Affine& b) {
    if (a.infinity || b.infinity) return a.infinity == b.infinity;
    return a.x == b.x && a.y == b.y;
  }
};

// A point (X : Y : Z) standing for (X/Z^2, Y/Z^3); Z = 0 is the point at infinity.
template <typename Curve>
class Jacobian {
 public:
  using Field = typename Curve::Field;
  using AffinePoint = Affine<Curve>;

  // The point at infinity.
  Jacobian() : x_(Field::One()), y_(Field::One()), z_(Field::Zero()) {}
  // Lifts an affine point.
  explicit Jacobian(const AffinePoint& p)
      : x_(p.x), y_(p.y), z_(p.infinity ? Field::Zero() : Field::One()) {
    if (p.infinity) x_ = y_ = Field::One();
  }
  // Wraps raw Jacobian coordinates.
  static Jacobian FromXYZ(const Field& x, const Field& y, const Field& z) {
    Jacobian p;
    p.x_ = x;
    p.y_ = y;
    p.z_ = z;
    return p;
  }
  // Returns the point at infinity.
  static Jacobian Identity() { return Jacobian(); }
  // Returns the group generator.
  static Jacobian Generator() { return Jacobian(Curve::Generator()); }

  const Field& x() const { return x_; }
  const Field& y() const { return y_; }
  const Field& z() const { return z_; }

  // Returns true iff this is the point at infinity.
  bool IsIdentity() const { return z_.IsZero(); }
  // Returns true iff Y^2 = X^3 + b Z^6 (every Jacobian identity counts as on the curve).
  bool IsOnCurve() const;
  // Projective equality: X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3.
  bool operator==(const Jacobian& o) const;

  // Returns 2P (dbl-2009-l, 2M + 5S).
  Jacobian Double() const;
  // Returns P + Q (add-1998-cmo-2, 12M + 4S; handles P = Q and P = -Q).
  Jacobian operator+(const Jacobian& o) const;
  // Returns P + Q for affine Q (madd-2004-hmv, 8M + 3S).
  Jacobian operator+(const AffinePoint& o) const;
  Jacobian operator-(const Jacobian& o) const { return *this + (-o); }
  Jacobian operator-() const { return FromXYZ(x_, -y_, z_); }
  Jacobian& operator+=(const Jacobian& o) { return *this = *this + o; }
  // Adds affine Q in place (madd-2004-hmv), writing the new coordinates over the old ones instead
  // of copying a returned point back.
  Jacobian& operator+=(const AffinePoint& o);

  // Returns [k]P for k given as little-endian 64-bit limbs (4-bit fixed window).
  Jacobian Mul(std::span<const uint64_t> scalar) const;
  // Returns [k]P for a 64-bit k (plain double-and-add; fast for sparse k such as the seed).
  Jacobian MulByUint64(uint64_t k) const;

  // Returns the affine form (one field inversion).
  AffinePoint ToAffine() const;
  // Converts many points with a single field inversion (Montgomery's trick).
  static void BatchToAffine(std::span<const Jacobian> in, std::span<AffinePoint> out);

 private:
  Field x_, y_, z_;
};

}  // namespace cuzk::ec
