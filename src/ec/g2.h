// SPDX-License-Identifier: Apache-2.0 OR MIT
// G2: the order-r subgroup of the sextic M-twist E'(Fp2): y^2 = x^3 + 4(1 + u).
#pragma once

#include "ec/curve.h"
#include "ec/g1.h"
#include "ff/fp2.h"

namespace cuzk::ec {

// Curve data of G2: coordinates in Fp2, b' = 4(1 + u), the standard (ZCash) generator.
struct G2Curve {
  using Field = ff::Fp2;
  static const Field& B();
  static const Affine<G2Curve>& Generator();
};

using G2Affine = Affine<G2Curve>;
using G2 = Jacobian<G2Curve>;
extern template class Jacobian<G2Curve>;

// Returns [k]Q for a scalar-field element k.
G2 Mul(const G2& q, const ff::Fr& k);

// Returns psi(Q) = untwist-Frobenius-twist: (conj(x) / xi^((p-1)/3), conj(y) / xi^((p-1)/2)).
G2Affine G2Psi(const G2Affine& q);

// Returns true iff Q is in the order-r subgroup: psi(Q) = [x] Q (Scott, eprint 2021/1130,
// Sec. 4). Q must be on the curve.
bool IsInG2Subgroup(const G2Affine& q);

}  // namespace cuzk::ec
