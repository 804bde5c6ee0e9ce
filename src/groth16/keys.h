// SPDX-License-Identifier: Apache-2.0 OR MIT
// Groth16 keys and proofs over BLS12-381, with bellperson's field order and meaning (groth16/
// mod.rs, params.rs; docs/filecoin.md §7.2-7.6).
#pragma once

#include <vector>

#include "base/fill_later_vector.h"
#include "ec/g1.h"
#include "ec/g2.h"

namespace cuzk::groth16 {

// The verifying key: alpha, beta, gamma, delta and one IC point per public input (ONE first).
struct VerifyingKey {
  ec::G1Affine alpha_g1, beta_g1;
  ec::G2Affine beta_g2, gamma_g2;
  ec::G1Affine delta_g1;
  ec::G2Affine delta_g2;
  std::vector<ec::G1Affine> ic;
};

// The proving key (bellperson "Parameters"): the verifying key and five query vectors, which are
// HugeFillLaterVectors so that a multi-GB key is sized without writing it on one thread first and
// lives on huge pages (groth16/params_io.cc says why).
struct ProvingKey {
  VerifyingKey vk;
  HugeFillLaterVector<ec::G1Affine> h;  // tau^i Z(tau)/delta, i < n - 1
  HugeFillLaterVector<ec::G1Affine> l;  // (beta A_j + alpha B_j + C_j)(tau)/delta, one per aux var
  HugeFillLaterVector<ec::G1Affine> a;  // A_j(tau) for variables in the A query (inputs, then aux)
  HugeFillLaterVector<ec::G1Affine> b_g1;  // B_j(tau) for variables in the B query
  HugeFillLaterVector<ec::G2Affine> b_g2;  // the same in G2
};

// A proof (A in G1, B in G2, C in G1).
struct Proof {
  ec::G1Affine a;
  ec::G2Affine b;
  ec::G1Affine c;
  friend bool operator==(const Proof&, const Proof&) = default;
};

}  // namespace cuzk::groth16
