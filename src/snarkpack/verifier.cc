// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/verifier.h"

#include <algorithm>
#include <string>

#include "base/parallel.h"
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

// A pairing check prod e(g1_i, g2_i) == expected, evaluated with the others in one batch.
struct PairingEquation {
  std::vector<G1Affine> g1;
  std::vector<G2Affine> g2;
  Fp12 expected;
  const char* failure;  // what a mismatch means
};

// Evaluates every equation (Miller loops and final exponentiations in parallel) and returns the
// first failure, in order.
Status CheckAll(std::span<const PairingEquation> equations) {
  std::vector<std::vector<ec::G2Prepared>> prepared;
  for (const PairingEquation& e : equations) prepared.push_back(PrepareAll(e.g2));
  std::vector<std::vector<PairingTerm>> products;
  for (size_t i = 0; i < equations.size(); ++i) {
    products.push_back({{equations[i].g1, prepared[i]}});
  }
  const std::vector<Fp12> values = PairingProducts(products);
  for (size_t i = 0; i < equations.size(); ++i) {
    if (!(values[i] == equations[i].expected)) {
      return Status::InvalidArgument(std::string("aggregate proof: ") + equations[i].failure);
    }
  }
  return Status::Ok();
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

  // GIPA's challenges, then the commitments folded with them: each round multiplies in its left
  // messages to the power c and its right ones to c^-1. The 10 exponentiations per round are
  // independent; the proof's GT elements are in GT (the precondition verifier.h states), hence
  // in the cyclotomic subgroup, where cyclotomic squarings apply.
  std::vector<Fr> challenges, challenges_inv;
  Fr c_inv = GipaStartChallenge(hcom, proof.ip_ab, proof.agg_c, r);
  for (size_t i = 0; i < rounds; ++i) {
    c_inv = GipaRoundChallenge(i, c_inv, RoundOf(g, i));
    challenges.push_back(c_inv.Inverse());
    challenges_inv.push_back(c_inv);
  }
  Folded f{proof.com_ab.first, proof.com_ab.second, proof.ip_ab,
           proof.com_c.first,  proof.com_c.second,  G1(proof.agg_c)};
  Fp12* const folded[] = {&f.tab, &f.uab, &f.zab, &f.tc, &f.uc};
  std::vector<Fp12> powers(10 * rounds);
  ParallelFor(powers.size(), 0, [&](size_t begin, size_t end) {
    for (size_t k = begin; k < end; ++k) {
      const GipaRound m = RoundOf(g, k / 10);
      const Fp12* base[] = {&m.tab_l.first,  &m.tab_l.second, &m.zab_l,        &m.tuc_l.first,
                            &m.tuc_l.second, &m.tab_r.first,  &m.tab_r.second, &m.zab_r,
                            &m.tuc_r.first,  &m.tuc_r.second};
      const Fr& e = k % 10 < 5 ? challenges[k / 10] : challenges_inv[k / 10];
      powers[k] = base[k % 10]->CyclotomicPow(e.ToCanonical());
    }
  });
  for (size_t k = 0; k < powers.size(); ++k) *folded[k % 5] *= powers[k];
  for (size_t i = 0; i < rounds; ++i) {
    const GipaRound m = RoundOf(g, i);
    f.zc += ec::Mul(G1(m.zc_l), challenges[i]) + ec::Mul(G1(m.zc_r), challenges_inv[i]);
  }
  const Fr extra = GipaExtraChallenge(challenges.back(), g);
  std::reverse(challenges.begin(), challenges.end());
  std::reverse(challenges_inv.begin(), challenges_inv.end());
  const Fr final_r = TranscriptPolynomialAt(challenges_inv, r, Fr::One());
  const Fr z = KzgChallenge(extra, g);

  // Every pairing equation, evaluated in one batch; a failure names the first that fails.
  const auto& [v0, v1] = g.final_vkey;
  const auto& [w0, w1] = g.final_wkey;
  std::vector<PairingEquation> eq;
  // KZG: the final v key opens f_v at z, the final w key f_w (verify_kzg_v, verify_kzg_w).
  const Fr v_at_z = TranscriptPolynomialAt(challenges_inv, z, Fr::One());
  const G1Affine neg_g = -srs.g;
  const G1 g_z = ec::Mul(G1(srs.g), z);
  const std::pair<G2Affine, G1Affine> v_checks[] = {{v0, srs.g_alpha}, {v1, srs.g_beta}};
  const G2Affine v_pi[] = {proof.vkey_opening.first, proof.vkey_opening.second};
  for (int k = 0; k < 2; ++k) {
    const G2Affine b = (G2(v_checks[k].first) - ec::Mul(G2(srs.h), v_at_z)).ToAffine();
    const G1Affine c = (G1(v_checks[k].second) - g_z).ToAffine();
    eq.push_back(
        {{neg_g, c}, {b, v_pi[k]}, Fp12::One(), "the v key's KZG opening does not verify"});
  }
  Fr z_n = Fr::One();
  for (size_t i = 0; i < n; ++i) z_n *= z;
  const Fr w_at_z = TranscriptPolynomialAt(challenges, z, r.Inverse()) * z_n;
  const G2Affine neg_h = -srs.h;
  const G2 h_z = ec::Mul(G2(srs.h), z);
  const std::pair<G1Affine, G2Affine> w_checks[] = {{w0, srs.h_alpha}, {w1, srs.h_beta}};
  const G1Affine w_pi[] = {proof.wkey_opening.first, proof.wkey_opening.second};
  for (int k = 0; k < 2; ++k) {
    const G1Affine a = (G1(w_checks[k].first) - ec::Mul(G1(srs.g), w_at_z)).ToAffine();
    const G2Affine d = (G2(w_checks[k].second) - h_z).ToAffine();
    eq.push_back(
        {{a, w_pi[k]}, {neg_h, d}, Fp12::One(), "the w key's KZG opening does not verify"});
  }

  // The final folded values against the folded commitments (verify_tipp_mipp).
  const char* tipp = "TIPP (the A, B pairing product) fails";
  const char* mipp = "MIPP (the C multi-exponentiation) fails";
  eq.push_back({{g.final_a}, {g.final_b}, f.zab, tipp});
  eq.push_back({{g.final_a, w0}, {v0, g.final_b}, f.tab, tipp});
  eq.push_back({{g.final_a, w1}, {v1, g.final_b}, f.uab, tipp});
  eq.push_back({{g.final_c}, {v0}, f.tc, mipp});
  eq.push_back({{g.final_c}, {v1}, f.uc, mipp});

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
  eq.push_back({{alpha_r, ic, proof.agg_c},
                {vk.beta_g2, vk.gamma_g2, vk.delta_g2},
                proof.ip_ab,
                "the Groth16 equation over the combined proofs fails"});
  if (Status s = CheckAll(eq); !s.ok()) return s;
  // MIPP's G1 side: the final C to the power final_r is the folded C^r.
  if (!(ec::Mul(G1(g.final_c), final_r) == f.zc)) {
    return Status::InvalidArgument("aggregate proof: MIPP (the C multi-exponentiation) fails");
  }
  return Status::Ok();
}

}  // namespace cuzk::snarkpack
