// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack's Fiat-Shamir challenges, one function per transcript that bellperson 0.27's prover
// and verifier both build (groth16/aggregate/prove.rs and verify.rs, version 2), so that our
// prover and verifier cannot drift apart.
#pragma once

#include <cstddef>
#include <span>

#include "ff/fr.h"
#include "snarkpack/aggregate_proof.h"

namespace cuzk::snarkpack {

// One GIPA round's messages: the cross commitments of A, B (T) and of C (U), and the cross
// pairing products and multi-exponentiations.
struct GipaRound {
  GtPair tab_l, tab_r, tuc_l, tuc_r;
  ff::Fp12 zab_l, zab_r;
  ec::G1Affine zc_l, zc_r;
};

// Round `i` as the proof stores it.
GipaRound RoundOf(const GipaProof& gipa, size_t i);

// "hcom": over the commitments to A, B and to C.
ff::Fr HcomChallenge(const GtPair& com_ab, const GtPair& com_c);
// "random-r": the proofs' combination, over hcom and the caller's transcript bytes.
ff::Fr CombinationChallenge(const ff::Fr& hcom, std::span<const uint8_t> transcript_include);
// "gipa-0" before the rounds: over hcom, A.B^r, C^r and r.
ff::Fr GipaStartChallenge(const ff::Fr& hcom, const ff::Fp12& ip_ab, const ec::G1Affine& agg_c,
                          const ff::Fr& r);
// Round i's c^-1: "gipa-i" over the previous challenge and the round's messages (version 2: the
// first round too, under "gipa-0" again).
ff::Fr GipaRoundChallenge(size_t i, const ff::Fr& previous, const GipaRound& m);
// "gipa-extra-link": over the last round's challenge, the final A, B, C and the last messages.
ff::Fr GipaExtraChallenge(const ff::Fr& last_challenge, const GipaProof& gipa);
// "random-z", the KZG evaluation point: over the extra challenge, the final keys and A, B, C.
ff::Fr KzgChallenge(const ff::Fr& extra, const GipaProof& gipa);

}  // namespace cuzk::snarkpack
