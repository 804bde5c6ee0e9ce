// SPDX-License-Identifier: Apache-2.0 OR MIT
// The inner products SnarkPack commits with (bellperson 0.27 groth16/aggregate/inner_product.rs
// and commit.rs): pairing products in GT and multi-exponentiations in G1.
#pragma once

#include <span>
#include <vector>

#include "ec/g1.h"
#include "ec/g2.h"
#include "ec/pairing.h"
#include "ff/fp12.h"
#include "ff/fr.h"
#include "snarkpack/aggregate_proof.h"
#include "snarkpack/srs.h"

namespace cuzk::snarkpack {

// prod_i e(a_i, b_i) (one Miller loop over all pairs, one final exponentiation).
ff::Fp12 PairingProduct(std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b);

// Every point of `b` with its Miller-loop lines, prepared in parallel.
std::vector<ec::G2Prepared> PrepareAll(std::span<const ec::G2Affine> b);

// prod_i e(g1_i, g2_i) over equally long lists, the G2 side prepared.
struct PairingTerm {
  std::span<const ec::G1Affine> g1;
  std::span<const ec::G2Prepared> g2;
};

// Each product's value: the product of its terms' pairings. The Miller loops of all products
// are split into chunks of pairs that run in parallel, then the final exponentiations do, so
// that a batch of small products (GIPA's last rounds) uses every thread as a large one does.
std::vector<ff::Fp12> PairingProducts(std::span<const std::vector<PairingTerm>> products);

// sum_i s_i a_i in G1, affine.
ec::G1Affine MultiExp(std::span<const ec::G1Affine> a, std::span<const ff::Fr> s);

}  // namespace cuzk::snarkpack
