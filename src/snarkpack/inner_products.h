// SPDX-License-Identifier: Apache-2.0 OR MIT
// The inner products SnarkPack commits with (bellperson 0.27 groth16/aggregate/inner_product.rs
// and commit.rs): pairing products in GT and multi-exponentiations in G1.
#pragma once

#include <span>

#include "ec/g1.h"
#include "ec/g2.h"
#include "ff/fp12.h"
#include "ff/fr.h"
#include "snarkpack/aggregate_proof.h"
#include "snarkpack/srs.h"

namespace cuzk::snarkpack {

// prod_i e(a_i, b_i) (one Miller loop over all pairs, one final exponentiation).
ff::Fp12 PairingProduct(std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b);
// The products of two lists of pairs: prod e(a, b) * prod e(c, d).
ff::Fp12 PairingProduct2(std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b,
                         std::span<const ec::G1Affine> c, std::span<const ec::G2Affine> d);

// sum_i s_i a_i in G1, affine.
ec::G1Affine MultiExp(std::span<const ec::G1Affine> a, std::span<const ff::Fr> s);

// commit::pair: (e(A, v_a) e(w_a, B), e(A, v_b) e(w_b, B)) over the keys' first |A| entries.
GtPair CommitPair(std::span<const ec::G2Affine> v_a, std::span<const ec::G2Affine> v_b,
                  std::span<const ec::G1Affine> w_a, std::span<const ec::G1Affine> w_b,
                  std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b);
// commit::single_g1: (e(C, v_a), e(C, v_b)).
GtPair CommitSingle(std::span<const ec::G2Affine> v_a, std::span<const ec::G2Affine> v_b,
                    std::span<const ec::G1Affine> c);

}  // namespace cuzk::snarkpack
