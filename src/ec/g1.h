// SPDX-License-Identifier: Apache-2.0 OR MIT
// G1: the order-r subgroup of E(Fp): y^2 = x^3 + 4. Cofactor h1 =
// 0x396c8c005555e1568c00aaab0000aaab.
#pragma once

#include "ec/curve.h"
#include "ff/fp.h"
#include "ff/fr.h"

namespace cuzk::ec {

// Curve data of G1: coordinates in Fp, b = 4, the standard (ZCash) generator.
struct G1Curve {
  using Field = ff::Fp;
  static const Field& B();
  static const Affine<G1Curve>& Generator();
};

using G1Affine = Affine<G1Curve>;
using G1 = Jacobian<G1Curve>;
extern template class Jacobian<G1Curve>;

// The BLS12-381 seed x = -0xd201000000010000, stored as |x|.
inline constexpr uint64_t kSeedAbs = 0xd201000000010000;

// Returns [k]P for a scalar-field element k.
G1 Mul(const G1& p, const ff::Fr& k);

// Returns phi(P) = (beta x, y), the GLV endomorphism with eigenvalue -x^2 on G1.
G1Affine G1Endomorphism(const G1Affine& p);

// Returns true iff P is in the order-r subgroup: phi(P) = [-x^2] P (Scott, "A note on group
// membership tests for G1, G2 and GT on BLS pairing-friendly curves", eprint 2021/1130, Sec. 6).
// P must be on the curve.
bool IsInG1Subgroup(const G1Affine& p);

}  // namespace cuzk::ec
