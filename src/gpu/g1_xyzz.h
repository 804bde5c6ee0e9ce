// SPDX-License-Identifier: Apache-2.0 OR MIT
// G1 (y^2 = x^3 + 4 over Fp) for the host and the device. Bases are affine, with (0, 0) standing
// for the point at infinity ((0, 0) is not on the curve). Sums are kept in extended Jacobian
// "XYZZ" coordinates (x = X/ZZ, y = Y/ZZZ, ZZ^3 = ZZZ^2; ZZ = 0 at infinity), whose mixed
// addition needs 8 multiplications and 2 squarings and no special case for the result at
// infinity. Formulas: the Explicit-Formulas Database, "XYZZ coordinates for short Weierstrass
// curves" (madd-2008-s, add-2008-s, mdbl-2008-s-1, dbl-2008-s-1; Sutherland), with a = 0.
#pragma once

#include "gpu/bls12_381.h"

namespace cuzk::gpu {

// An affine G1 point in Montgomery form; (0, 0) is the point at infinity.
struct G1AffineDev {
  DevFp x, y;

  // Returns true iff the point is the point at infinity.
  CUZK_HD bool IsInfinity() const { return x.IsZero() && y.IsZero(); }
  // Returns -P.
  CUZK_HD G1AffineDev Negated() const { return {x, IsInfinity() ? y : -y}; }
};

// A G1 point (X : Y : ZZ : ZZZ).
struct G1Xyzz {
  DevFp x, y, zz, zzz;

  // Returns the point at infinity.
  CUZK_HD static G1Xyzz Infinity() {
    return {DevFp::Zero(), DevFp::Zero(), DevFp::Zero(), DevFp::Zero()};
  }
  // Returns true iff the point is the point at infinity.
  CUZK_HD bool IsInfinity() const { return zz.IsZero(); }
  // Returns the affine point p as an XYZZ point.
  CUZK_HD static G1Xyzz FromAffine(const G1AffineDev& p) {
    if (p.IsInfinity()) return Infinity();
    return {p.x, p.y, DevFp::One(), DevFp::One()};
  }

  // Returns 2P (dbl-2008-s-1).
  CUZK_HD G1Xyzz Double() const {
    if (IsInfinity()) return *this;
    DevFp u = y.Double();
    DevFp v = u.Square();
    DevFp w = u * v;
    DevFp s = x * v;
    DevFp xx = x.Square();
    DevFp m = xx.Double() + xx;
    DevFp x3 = m.Square() - s.Double();
    DevFp y3 = m * (s - x3) - w * y;
    return {x3, y3, v * zz, w * zzz};
  }

  // Returns P + Q for an affine Q (madd-2008-s; doubles through mdbl-2008-s-1 when Q = P).
  CUZK_HD G1Xyzz AddAffine(const G1AffineDev& q) const {
    if (q.IsInfinity()) return *this;
    if (IsInfinity()) return FromAffine(q);
    DevFp u2 = q.x * zz;
    DevFp s2 = q.y * zzz;
    DevFp p = u2 - x;
    DevFp r = s2 - y;
    if (p.IsZero()) {
      if (!r.IsZero()) return Infinity();  // Q = -P
      return DoubleAffine(q);
    }
    DevFp pp = p.Square();
    DevFp ppp = p * pp;
    DevFp q1 = x * pp;
    DevFp x3 = r.Square() - ppp - q1.Double();
    DevFp y3 = r * (q1 - x3) - y * ppp;
    return {x3, y3, zz * pp, zzz * ppp};
  }

  // Returns P + Q (add-2008-s; doubles when Q = P). Ordered as AddAffine: P's and Q's X and Y die
  // after their first products, and the doubling needs neither, since (U1 : S1 : ZZ1 ZZ2 :
  // ZZZ1 ZZZ2) is P itself (x = X1 ZZ2 / (ZZ1 ZZ2), y likewise).
  CUZK_HD G1Xyzz Add(const G1Xyzz& q) const {
    if (q.IsInfinity()) return *this;
    if (IsInfinity()) return q;
    DevFp u1 = x * q.zz;
    DevFp s1 = y * q.zzz;
    DevFp p = q.x * zz - u1;
    DevFp r = q.y * zzz - s1;
    DevFp zz3 = zz * q.zz;
    DevFp zzz3 = zzz * q.zzz;
    if (p.IsZero()) {
      if (!r.IsZero()) return Infinity();  // Q = -P
      return G1Xyzz{u1, s1, zz3, zzz3}.Double();
    }
    DevFp pp = p.Square();
    DevFp ppp = p * pp;
    DevFp q1 = u1 * pp;
    zz3 = zz3 * pp;
    zzz3 = zzz3 * ppp;
    DevFp x3 = r.Square() - ppp - q1.Double();
    DevFp y3 = r * (q1 - x3) - s1 * ppp;
    return {x3, y3, zz3, zzz3};
  }

  // Returns -P.
  CUZK_HD G1Xyzz Negated() const { return {x, -y, zz, zzz}; }

 private:
  // Returns 2Q for an affine Q not at infinity (mdbl-2008-s-1).
  CUZK_HD static G1Xyzz DoubleAffine(const G1AffineDev& q) {
    DevFp u = q.y.Double();
    DevFp v = u.Square();
    DevFp w = u * v;
    DevFp s = q.x * v;
    DevFp xx = q.x.Square();
    DevFp m = xx.Double() + xx;
    DevFp x3 = m.Square() - s.Double();
    DevFp y3 = m * (s - x3) - w * q.y;
    return {x3, y3, v, w};
  }
};

}  // namespace cuzk::gpu
