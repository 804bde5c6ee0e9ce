// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack's structured reference string (bellperson 0.27 groth16/aggregate/srs.rs): the powers
// g^(alpha^i), g^(beta^i) in G1 and h^(alpha^i), h^(beta^i) in G2 of a shared setup (Filecoin's:
// `v28-fil-inner-product-v1.srs`), read from bellperson's `GenericSRS` layout and specialized to
// a proof count n as `GenericSRS::specialize` does.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "ec/g1.h"
#include "ec/g2.h"

namespace cuzk::snarkpack {

// The SRS file's official name in the parameter folder.
inline constexpr const char* kSrsFileName = "v28-fil-inner-product-v1.srs";
// The most points filecoin-proofs reads of each vector (get_stacked_srs_key: (2 << 14) + 1).
inline constexpr size_t kFilecoinSrsMaxLen = (size_t{2} << 14) + 1;
// The longest vector bellperson accepts in a file (MAX_SRS_SIZE).
inline constexpr size_t kMaxSrsVectorLen = (size_t{2} << 19) + 1;

// The four power vectors (at most `max_len` of each kept).
struct GenericSrs {
  std::vector<ec::G1Affine> g_alpha_powers, g_beta_powers;
  std::vector<ec::G2Affine> h_alpha_powers, h_beta_powers;
};

// The commitment keys: v = (h^(alpha^i), h^(beta^i)), i < n, in G2; w = (g^(alpha^(n+i)),
// g^(beta^(n+i))), i < n, in G1.
struct CommitmentKeys {
  std::vector<ec::G2Affine> v_a, v_b;
  std::vector<ec::G1Affine> w_a, w_b;
};

// What the prover needs for n proofs: the keys, and the powers its KZG openings use (2n in G1,
// n in G2).
struct ProverSrs {
  size_t n = 0;
  CommitmentKeys keys;
  std::span<const ec::G1Affine> g_alpha_powers, g_beta_powers;  // 2n each, into the GenericSrs
  std::span<const ec::G2Affine> h_alpha_powers, h_beta_powers;  // n each
};

// What the verifier needs for n proofs (specialize_vk): g, h, g^alpha, g^beta, h^alpha, h^beta
// and h^(alpha^(len - n)), len being the number of G1 alpha powers read.
struct VerifierSrs {
  size_t n = 0;
  ec::G1Affine g, g_alpha, g_beta;
  ec::G2Affine h, h_alpha, h_beta, h_alpha_d;
};

// Parses an SRS file's bytes: four vectors (g_alpha, g_beta, h_alpha, h_beta), each a u32
// big-endian length then that many compressed points, keeping at most `max_len` of each; every
// point kept is checked on the curve and in its subgroup. Errors name the vector and point.
Result<GenericSrs> ParseSrs(std::span<const uint8_t> bytes, size_t max_len = kFilecoinSrsMaxLen);
// Reads and parses the SRS file at `path` (errors name the file).
Result<GenericSrs> ReadSrs(const std::string& path, size_t max_len = kFilecoinSrsMaxLen);

// Specializes `srs` to `n` proofs (a power of two, at least 2); fails when the SRS is too short
// (2n powers of each are needed). The result points into `srs`, which must outlive it.
Result<ProverSrs> SpecializeProver(const GenericSrs& srs, size_t n);
Result<VerifierSrs> SpecializeVerifier(const GenericSrs& srs, size_t n);

}  // namespace cuzk::snarkpack
