// SPDX-License-Identifier: Apache-2.0 OR MIT
// Scalar multiplication of points known to lie in G1 or G2, shortened by the groups'
// endomorphisms: on G1 phi(P) = [-x^2] P splits a scalar into two 128-bit halves (Gallant,
// Lambert, Vanstone, "Faster point multiplication on elliptic curves with efficient
// endomorphisms", CRYPTO 2001); on G2 psi(Q) = [x] Q splits it into four 64-bit digits in base
// |x| (Galbraith, Lin, Scott, "Endomorphisms for faster elliptic curve cryptography on a large
// class of curves", EUROCRYPT 2009). The parts are multiplied together by Straus's joint ladder
// over a 16-entry table. For a point outside its subgroup the result is not [k]P.
//
// Variable time (the table lookups and skipped zero digits follow the scalar): for public data
// only, such as SnarkPack aggregation. Jacobian::Mul is the plain, scalar-independent ladder.
#pragma once

#include "ec/g1.h"
#include "ec/g2.h"

namespace cuzk::ec {

// Returns [k]P for P in G1, about twice as fast as Mul(G1(p), k).
G1 MulInG1(const G1Affine& p, const ff::Fr& k);

// Returns [k]Q for Q in G2, about three times as fast as Mul(G2(q), k).
G2 MulInG2(const G2Affine& q, const ff::Fr& k);

// The digits d0..d3 < |x| of k = d0 + d1 |x| + d2 |x|^2 + d3 |x|^3 (k < r < |x|^4).
std::array<uint64_t, 4> SeedDigits(const ff::Fr& k);

}  // namespace cuzk::ec
