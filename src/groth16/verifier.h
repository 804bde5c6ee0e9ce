// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Groth16 verifier: e(A, B) = e(alpha, beta) e(sum x_i IC_i, gamma) e(C, delta).
#pragma once

#include <span>
#include <vector>

#include "base/status.h"
#include "ec/pairing.h"
#include "groth16/keys.h"

namespace cuzk::groth16 {

// A verifying key with e(alpha, beta) computed and the Miller-loop lines of -gamma and -delta
// precomputed, so each verification costs one 3-pair Miller loop and one final exponentiation.
struct PreparedVerifyingKey {
  ff::Fp12 alpha_beta;
  ec::G2Prepared neg_gamma, neg_delta;
  std::vector<ec::G1Affine> ic;
};

// Prepares `vk` for repeated verification.
PreparedVerifyingKey PrepareVerifyingKey(const VerifyingKey& vk);

// Returns OK iff `proof` is valid for `public_inputs` (without the leading ONE): its points in
// their prime-order subgroups and the pairing equation true. A wrong number of inputs is an
// error; a proof that does not verify gives an error saying so.
Status VerifyProof(const PreparedVerifyingKey& pvk, const Proof& proof,
                   std::span<const ff::Fr> public_inputs);

// Verifies many proofs with one final exponentiation, combining them with random 128-bit
// weights (a false proof passes with probability about 2^-128). Returns OK iff all are valid.
Status VerifyProofBatch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                        std::span<const std::vector<ff::Fr>> public_inputs);

}  // namespace cuzk::groth16
