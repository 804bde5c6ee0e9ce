// SPDX-License-Identifier: Apache-2.0 OR MIT
// A SnarkPack aggregate of n Groth16 proofs and its byte form, field for field bellperson 0.27's
// `AggregateProof` (groth16/aggregate/proof.rs) and its `write`/`read`: GT elements compressed
// (288 bytes, gt_encoding.h), curve points ZCash-compressed, n as u32 little-endian.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "base/status.h"
#include "ec/g1.h"
#include "ec/g2.h"
#include "ff/fp12.h"

namespace cuzk::snarkpack {

// A commitment: two GT elements (commit.rs `Output`).
struct GtPair {
  ff::Fp12 first, second;
};

// GIPA's rounds for TIPP (A, B) and MIPP (C), and the final folded values and keys.
struct GipaProof {
  uint32_t nproofs = 0;
  std::vector<std::pair<GtPair, GtPair>> comms_ab;         // (T_l, T_r) of A, B per round
  std::vector<std::pair<GtPair, GtPair>> comms_c;          // (U_l, U_r) of C per round
  std::vector<std::pair<ff::Fp12, ff::Fp12>> z_ab;         // cross pairing products per round
  std::vector<std::pair<ec::G1Affine, ec::G1Affine>> z_c;  // cross multi-exponentiations
  ec::G1Affine final_a, final_c;
  ec::G2Affine final_b;
  std::pair<ec::G2Affine, ec::G2Affine> final_vkey;
  std::pair<ec::G1Affine, ec::G1Affine> final_wkey;
};

// The aggregate: commitments to A, B and C, the pairing product of A and B^r, the combination
// C^r, and the TIPP/MIPP proof with the KZG openings of the final commitment keys.
struct AggregateProof {
  GtPair com_ab, com_c;
  ff::Fp12 ip_ab;
  ec::G1Affine agg_c;
  GipaProof gipa;
  std::pair<ec::G2Affine, ec::G2Affine> vkey_opening;
  std::pair<ec::G1Affine, ec::G1Affine> wkey_opening;
};

// Returns the proof's bytes as bellperson's AggregateProof::write writes them.
std::vector<uint8_t> SerializeAggregateProof(const AggregateProof& proof);

// Parses bytes written by SerializeAggregateProof (or bellperson), checking every GT element and
// point (in its subgroup), that n is a power of two from 2 to 2^20, and that nothing follows;
// errors name the field.
Result<AggregateProof> ParseAggregateProof(std::span<const uint8_t> bytes);

}  // namespace cuzk::snarkpack
