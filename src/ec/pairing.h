// SPDX-License-Identifier: Apache-2.0 OR MIT
// The optimal ate pairing e: G1 x G2 -> GT (subgroup of Fp12*), BLS12-381, and the product
// check a Groth16 verifier needs.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "ec/g1.h"
#include "ec/g2.h"
#include "ff/fp12.h"

namespace cuzk::ec {

// The line coefficients of one Miller-loop step; evaluated at P = (xp, yp) they give the sparse
// Fp12 element c0 + (c1 xp) v + (c2 yp) v w.
struct LineCoefficients {
  ff::Fp2 c0, c1, c2;
};

// A G2 point with every Miller-loop line precomputed (63 doublings and 5 additions), so that
// fixed verifying-key points are paired without redoing G2 arithmetic.
struct G2Prepared {
  std::vector<LineCoefficients> lines;
  bool infinity = true;
};

// Precomputes the Miller-loop lines of Q.
G2Prepared PrepareG2(const G2Affine& q);

// Returns the product of f_{x,Q_i}(P_i) over all pairs (one shared squaring chain); pairs with
// an identity point contribute 1.
ff::Fp12 MultiMillerLoop(std::span<const std::pair<G1Affine, const G2Prepared*>> pairs);

// Returns f^(3 (p^12 - 1)/r): the usual final exponent times 3, as zkcrypto's bls12_381 computes
// it, so that GT values match the Rust ecosystem's.
ff::Fp12 FinalExponentiation(const ff::Fp12& f);

// Returns e(P, Q).
ff::Fp12 Pairing(const G1Affine& p, const G2Affine& q);

// Returns true iff the product of e(P_i, Q_i) is 1 (one Miller loop, one final exponentiation).
bool PairingCheck(std::span<const std::pair<G1Affine, G2Affine>> pairs);

}  // namespace cuzk::ec
