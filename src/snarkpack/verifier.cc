// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/verifier.h"

#include <algorithm>
#include <string>

#include "ec/pairing.h"
#include "snarkpack/challenges.h"
#include "snarkpack/inner_products.h"
#include "snarkpack/kzg.h"

namespace cuzk::snarkpack {
namespace {

using ec::G1;
using ec::G1Affine;
using ec::G2;
using ec::G2Affine;
using ff::Fp12;
using ff::Fr;

Fp12 GtPow(const Fp12& f, const Fr& k) { return f.Pow(k.ToCanonical()); }

// prod e(a_i, b_i) == expected.
bool PairingsEqual(std::initializer_list<std::pair<G1Affine, G2Affine>> pairs,
                   const Fp12& expected) {
  std::vector<G1Affine> a;
  std::vector<G2Affine> b;
  for (const auto& [p, q] : pairs) a.push_back(p), b.push_back(q);
  return PairingProduct(a, b) == expected;
}

// The commitments folded with every round's challenges (gipa_verify_tipp_mipp's GipaTUZ).
struct Folded {
  Fp12 tab, uab, zab, tc, uc;
  G1 zc;
};

}  // namespace

Status VerifyAggregateProof(const VerifierSrs& srs, const groth16::VerifyingKey& vk,
                            std::span<const std::vector<Fr>> public_inputs,
                            const AggregateProof& proof,
                            std::span<const uint8_t> transcript_include) {
  const GipaProof& g = proof.gipa;
  const size_t n = g.nproofs;
  size_t rounds = 0;
  while ((size_t{1} << rounds) < n) ++rounds;
  if (n < 2 || (n & (n - 1)) != 0 || g.comms_ab.size() != rounds || g.comms_c.size() != rounds ||
      g.z_ab.size() != rounds || g.z_c.size() != rounds) {
    return Status::InvalidArgument("aggregate proof: malformed (nproofs " + std::to_string(n) +
                                   ", " + std::to_string(g.comms_ab.size()) + " rounds)");
  }
  if (public_inputs.size() != n) {
    return Status::InvalidArgument("aggregate proof of " + std::to_string(n) + " proofs, " +
                                   std::to_string(public_inputs.size()) + " public input sets");
  }
  for (const auto& inputs : public_inputs) {
    if (inputs.size() + 1 != vk.ic.size()) {
      return Status::InvalidArgument("a proof has " + std::to_string(inputs.size()) +
                                     " public inputs; the key takes " +
                                     std::to_string(vk.ic.size() - 1));
    }
  }
  if (srs.n != n) {
    return Status::InvalidArgument("the SRS is specialized to " + std::to_string(srs.n) +
                                   " proofs, not " + std::to_string(n));
  }
  const Fr hcom = HcomChallenge(proof.com_ab, proof.com_c);
  const Fr r = CombinationChallenge(hcom, transcript_include);

  // GIPA's challenges, and the commitments folded with them.
  std::vector<Fr> challenges, challenges_inv;
  Fr c_inv = GipaStartChallenge(hcom, proof.ip_ab, proof.agg_c, r);
  Folded f{proof.com_ab.first, proof.com_ab.second, proof.ip_ab,
           proof.com_c.first,  proof.com_c.second,  G1(proof.agg_c)};
  for (size_t i = 0; i < rounds; ++i) {
    const GipaRound m = RoundOf(g, i);
    c_inv = GipaRoundChallenge(i, c_inv, m);
    const Fr c = c_inv.Inverse();
    challenges.push_back(c);
    challenges_inv.push_back(c_inv);
    f.tab *= GtPow(m.tab_l.first, c) * GtPow(m.tab_r.first, c_inv);
    f.uab *= GtPow(m.tab_l.second, c) * GtPow(m.tab_r.second, c_inv);
    f.zab *= GtPow(m.zab_l, c) * GtPow(m.zab_r, c_inv);
    f.tc *= GtPow(m.tuc_l.first, c) * GtPow(m.tuc_r.first, c_inv);
    f.uc *= GtPow(m.tuc_l.second, c) * GtPow(m.tuc_r.second, c_inv);
    f.zc += ec::Mul(G1(m.zc_l), c) + ec::Mul(G1(m.zc_r), c_inv);
  }
  const Fr extra = GipaExtraChallenge(challenges.back(), g);
  std::reverse(challenges.begin(), challenges.end());
  std::reverse(challenges_inv.begin(), challenges_inv.end());
  const Fr final_r = TranscriptPolynomialAt(challenges_inv, r, Fr::One());
  const Fr z = KzgChallenge(extra, g);

  // KZG: the final v key opens f_v at z, the final w key f_w (verify_kzg_v, verify_kzg_w).
  const Fr v_at_z = TranscriptPolynomialAt(challenges_inv, z, Fr::One());
  const G1Affine neg_g = -srs.g;
  const G1 g_z = ec::Mul(G1(srs.g), z);
  const std::pair<G2Affine, G1Affine> v_checks[] = {{g.final_vkey.first, srs.g_alpha},
                                                    {g.final_vkey.second, srs.g_beta}};
  const G2Affine v_pi[] = {proof.vkey_opening.first, proof.vkey_opening.second};
  for (int k = 0; k < 2; ++k) {
    const G2Affine b = (G2(v_checks[k].first) - ec::Mul(G2(srs.h), v_at_z)).ToAffine();
    const G1Affine c = (G1(v_checks[k].second) - g_z).ToAffine();
    if (!PairingsEqual({{neg_g, b}, {c, v_pi[k]}}, Fp12::One())) {
      return Status::InvalidArgument("aggregate proof: the v key's KZG opening does not verify");
    }
  }
  Fr z_n = Fr::One();
  for (size_t i = 0; i < n; ++i) z_n *= z;
  const Fr w_at_z = TranscriptPolynomialAt(challenges, z, r.Inverse()) * z_n;
  const G2Affine neg_h = -srs.h;
  const G2 h_z = ec::Mul(G2(srs.h), z);
  const std::pair<G1Affine, G2Affine> w_checks[] = {{g.final_wkey.first, srs.h_alpha},
                                                    {g.final_wkey.second, srs.h_beta}};
  const G1Affine w_pi[] = {proof.wkey_opening.first, proof.wkey_opening.second};
  for (int k = 0; k < 2; ++k) {
    const G1Affine a = (G1(w_checks[k].first) - ec::Mul(G1(srs.g), w_at_z)).ToAffine();
    const G2Affine d = (G2(w_checks[k].second) - h_z).ToAffine();
    if (!PairingsEqual({{a, neg_h}, {w_pi[k], d}}, Fp12::One())) {
      return Status::InvalidArgument("aggregate proof: the w key's KZG opening does not verify");
    }
  }

  // The final folded values against the folded commitments (verify_tipp_mipp).
  const auto& [v0, v1] = g.final_vkey;
  const auto& [w0, w1] = g.final_wkey;
  if (!PairingsEqual({{g.final_a, g.final_b}}, f.zab) ||
      !PairingsEqual({{g.final_a, v0}, {w0, g.final_b}}, f.tab) ||
      !PairingsEqual({{g.final_a, v1}, {w1, g.final_b}}, f.uab)) {
    return Status::InvalidArgument("aggregate proof: TIPP (the A, B pairing product) fails");
  }
  if (!(ec::Mul(G1(g.final_c), final_r) == f.zc) || !PairingsEqual({{g.final_c, v0}}, f.tc) ||
      !PairingsEqual({{g.final_c, v1}}, f.uc)) {
    return Status::InvalidArgument("aggregate proof: MIPP (the C multi-exponentiation) fails");
  }

  // Groth16 over the combination: e(alpha r_sum, beta) e(IC, gamma) e(agg_c, delta) = ip_ab, where
  // r_sum = sum r^j and IC = r_sum ic_0 + sum_i ic_(i+1) sum_j r^j inputs_j,i.
  std::vector<Fr> r_powers(n);
  r_powers[0] = Fr::One();
  for (size_t j = 1; j < n; ++j) r_powers[j] = r_powers[j - 1] * r;
  Fr r_sum = Fr::Zero();
  for (const Fr& p : r_powers) r_sum += p;
  std::vector<Fr> combined(vk.ic.size());
  combined[0] = r_sum;
  for (size_t i = 0; i + 1 < vk.ic.size(); ++i) {
    Fr c = Fr::Zero();
    for (size_t j = 0; j < n; ++j) c += public_inputs[j][i] * r_powers[j];
    combined[i + 1] = c;
  }
  const G1Affine ic = MultiExp(vk.ic, combined);
  const G1Affine alpha_r = ec::Mul(G1(vk.alpha_g1), r_sum).ToAffine();
  if (!PairingsEqual({{alpha_r, vk.beta_g2}, {ic, vk.gamma_g2}, {proof.agg_c, vk.delta_g2}},
                     proof.ip_ab)) {
    return Status::InvalidArgument(
        "aggregate proof: the Groth16 equation over the combined proofs fails");
  }
  return Status::Ok();
}

}  // namespace cuzk::snarkpack
