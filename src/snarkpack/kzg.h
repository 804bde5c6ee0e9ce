// SPDX-License-Identifier: Apache-2.0 OR MIT
// The KZG side of SnarkPack (bellperson 0.27 groth16/aggregate/prove.rs and verify.rs): after
// GIPA, the final commitment keys are openings of the polynomial f(X) = prod_j (1 + x_j
// (r X)^(2^j)), x_j the round challenges last round first, and the prover proves their
// evaluation at a random z (Kate, Zaverucha, Goldberg, "Constant-Size Commitments to
// Polynomials and Their Applications", ASIACRYPT 2010) over the SRS's alpha and beta powers.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "ff/fr.h"
#include "snarkpack/srs.h"

namespace cuzk::snarkpack {

// The coefficients of prod_j (1 + xs[j] (r_shift X)^(2^j)) (polynomial_coefficients_from_
// transcript): 2^|xs| of them.
std::vector<ff::Fr> TranscriptPolynomial(std::span<const ff::Fr> xs, const ff::Fr& r_shift);
// Its value at z in O(|xs|) (polynomial_evaluation_product_form_from_transcript).
ff::Fr TranscriptPolynomialAt(std::span<const ff::Fr> xs, const ff::Fr& z, const ff::Fr& r_shift);

// The quotient (f(X) - f(z)) / (X - z), by synthetic division (one coefficient fewer).
std::vector<ff::Fr> DivideByLinear(std::span<const ff::Fr> f, const ff::Fr& z);

// The v key's opening at z: h^(q(alpha)), h^(q(beta)) for q the quotient of f_v = prod (1 +
// x_inv_j X^(2^j)) (prove_commitment_v).
std::pair<ec::G2Affine, ec::G2Affine> OpenVKey(const ProverSrs& srs, std::span<const ff::Fr> xs_inv,
                                               const ff::Fr& z);
// The w key's opening at z: g^(q(alpha)), g^(q(beta)) for q the quotient of f_w = X^n prod (1 +
// x_j (r^-1 X)^(2^j)) (prove_commitment_w).
std::pair<ec::G1Affine, ec::G1Affine> OpenWKey(const ProverSrs& srs, std::span<const ff::Fr> xs,
                                               const ff::Fr& r_inverse, const ff::Fr& z);

}  // namespace cuzk::snarkpack
