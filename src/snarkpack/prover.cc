// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/prover.h"

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "base/parallel.h"
#include "base/run_together.h"
#include "ec/subgroup_mul.h"
#include "msm/pippenger.h"
#include "snarkpack/challenges.h"
#include "snarkpack/inner_products.h"
#include "snarkpack/kzg.h"

namespace cuzk::snarkpack {
namespace {

using ec::G1Affine;
using ec::G2Affine;
using ff::Fr;

// [s] P for P in G1 or G2: every point the prover multiplies is a proof element, an SRS key or a
// combination of them, so the endomorphism ladders apply.
ec::G1 MulInGroup(const G1Affine& p, const Fr& s) { return ec::MulInG1(p, s); }
ec::G2 MulInGroup(const G2Affine& p, const Fr& s) { return ec::MulInG2(p, s); }

// out[i] = point(i) for i in [0, n), computed in parallel, each chunk made affine with one
// inversion.
template <typename Affine, typename PointAt>
void ComputeAffine(size_t n, std::span<Affine> out, const PointAt& point) {
  using Point = std::invoke_result_t<const PointAt&, size_t>;
  ParallelFor(n, 0, [&](size_t begin, size_t end) {
    std::vector<Point> chunk;
    chunk.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) chunk.push_back(point(i));
    Point::BatchToAffine(chunk, out.subspan(begin, end - begin));
  });
}

// p_i * s_i for each i, affine.
template <typename Affine>
std::vector<Affine> Scale(std::span<const Affine> p, std::span<const Fr> s) {
  std::vector<Affine> out(p.size());
  ComputeAffine(p.size(), std::span(out), [&](size_t i) { return MulInGroup(p[i], s[i]); });
  return out;
}

// compress (mod.rs): left_i = left_i + right_i * x, then the vector keeps its left half.
template <typename Affine>
void Fold(std::vector<Affine>& v, const Fr& x) {
  const size_t half = v.size() / 2;
  ComputeAffine(half, std::span(v), [&](size_t i) { return MulInGroup(v[half + i], x) + v[i]; });
  v.resize(half);
}

}  // namespace

Result<AggregateProof> AggregateProofs(const ProverSrs& srs,
                                       std::span<const uint8_t> transcript_include,
                                       std::span<const groth16::Proof> proofs) {
  const size_t n = proofs.size();
  if (n < 2 || (n & (n - 1)) != 0) {
    return Status::InvalidArgument(
        "SnarkPack aggregates a power of two of at least 2 proofs, not " + std::to_string(n));
  }
  if (srs.n != n) {
    return Status::InvalidArgument("the SRS is specialized to " + std::to_string(srs.n) +
                                   " proofs, not " + std::to_string(n));
  }
  std::vector<G1Affine> a(n), c(n);
  std::vector<G2Affine> b(n);
  for (size_t i = 0; i < n; ++i) a[i] = proofs[i].a, b[i] = proofs[i].b, c[i] = proofs[i].c;
  const CommitmentKeys& keys = srs.keys;

  AggregateProof out;
  {
    // commit::pair over (A, B) and commit::single_g1 over C.
    const std::vector<ec::G2Prepared> v_a = PrepareAll(keys.v_a), v_b = PrepareAll(keys.v_b);
    const std::vector<ec::G2Prepared> b_prepared = PrepareAll(b);
    const std::vector<PairingTerm> products[] = {{{a, v_a}, {keys.w_a, b_prepared}},
                                                 {{a, v_b}, {keys.w_b, b_prepared}},
                                                 {{c, v_a}},
                                                 {{c, v_b}}};
    const std::vector<ff::Fp12> gt = PairingProducts(products);
    out.com_ab = {gt[0], gt[1]};
    out.com_c = {gt[2], gt[3]};
  }
  const Fr hcom = HcomChallenge(out.com_ab, out.com_c);
  const Fr r = CombinationChallenge(hcom, transcript_include);

  // r_vec = 1, r, r^2, ...; B^r; C^r for the verifier; w^(r^-1). A.B^r is computed with the
  // first GIPA round's pairings, which do not depend on it.
  std::vector<Fr> r_vec(n), r_inv(n);
  r_vec[0] = Fr::One();
  for (size_t i = 1; i < n; ++i) r_vec[i] = r_vec[i - 1] * r;
  for (size_t i = 0; i < n; ++i) r_inv[i] = r_vec[i].Inverse();
  std::vector<G2Affine> b_r;
  std::vector<G1Affine> w_a, w_b;
  RunTogether(
      {[&] { b_r = Scale<G2Affine>(b, r_vec); }, [&] { w_a = Scale<G1Affine>(keys.w_a, r_inv); },
       [&] { w_b = Scale<G1Affine>(keys.w_b, r_inv); }, [&] { out.agg_c = MultiExp(c, r_vec); }});
  std::vector<G2Affine> v_a = keys.v_a, v_b = keys.v_b;

  // GIPA over A, B^r (TIPP) and C, r (MIPP) together, halving each round.
  GipaProof& g = out.gipa;
  g.nproofs = static_cast<uint32_t>(n);
  std::vector<G1Affine> m_a = a, m_c = c;
  std::vector<G2Affine> m_b = b_r;
  std::vector<Fr> m_r = r_vec;
  Fr c_inv;
  std::vector<Fr> challenges, challenges_inv;
  for (size_t i = 0; m_a.size() > 1; ++i) {
    const size_t h = m_a.size() / 2;
    auto lo = [h](auto& v) { return std::span(v).first(h); };
    auto hi = [h](auto& v) { return std::span(v).subspan(h); };
    // The G2 vectors prepared once for the round's ten pairing products.
    const std::vector<ec::G2Prepared> pv_a = PrepareAll(v_a), pv_b = PrepareAll(v_b);
    const std::vector<ec::G2Prepared> pm_b = PrepareAll(m_b);
    std::vector<std::vector<PairingTerm>> products = {
        {{hi(m_a), lo(pv_a)}, {hi(w_a), lo(pm_b)}},  // T_l = commit::pair(A_hi, B_lo)
        {{hi(m_a), lo(pv_b)}, {hi(w_b), lo(pm_b)}},
        {{lo(m_a), hi(pv_a)}, {lo(w_a), hi(pm_b)}},  // T_r = commit::pair(A_lo, B_hi)
        {{lo(m_a), hi(pv_b)}, {lo(w_b), hi(pm_b)}},
        {{hi(m_a), lo(pm_b)}},  // Z_l = A_hi . B_lo
        {{lo(m_a), hi(pm_b)}},  // Z_r = A_lo . B_hi
        {{hi(m_c), lo(pv_a)}},  // U_l = commit::single_g1(C_hi)
        {{hi(m_c), lo(pv_b)}},
        {{lo(m_c), hi(pv_a)}},  // U_r = commit::single_g1(C_lo)
        {{lo(m_c), hi(pv_b)}}};
    if (i == 0) products.push_back({{m_a, pm_b}});  // A.B^r, over the whole vectors
    const std::vector<ff::Fp12> gt = PairingProducts(products);
    if (i == 0) {
      out.ip_ab = gt[10];
      c_inv = GipaStartChallenge(hcom, out.ip_ab, out.agg_c, r_vec[1]);
    }
    GipaRound m;
    m.tab_l = {gt[0], gt[1]};
    m.tab_r = {gt[2], gt[3]};
    m.zab_l = gt[4];
    m.zab_r = gt[5];
    m.tuc_l = {gt[6], gt[7]};
    m.tuc_r = {gt[8], gt[9]};
    m.zc_l = MultiExp(hi(m_c), lo(m_r));
    m.zc_r = MultiExp(lo(m_c), hi(m_r));
    // V2: the first round's challenge covers its messages too, under the tag "gipa-0" again.
    c_inv = GipaRoundChallenge(i, c_inv, m);
    const Fr x = c_inv.Inverse();
    for (size_t j = 0; j < h; ++j) m_r[j] += m_r[h + j] * c_inv;
    m_r.resize(h);
    // The seven folds are independent: run together, the small last rounds use every thread.
    RunTogether({[&] { Fold(m_b, c_inv); }, [&] { Fold(v_a, c_inv); }, [&] { Fold(v_b, c_inv); },
                 [&] { Fold(m_a, x); }, [&] { Fold(m_c, x); }, [&] { Fold(w_a, x); },
                 [&] { Fold(w_b, x); }});
    g.comms_ab.emplace_back(m.tab_l, m.tab_r);
    g.comms_c.emplace_back(m.tuc_l, m.tuc_r);
    g.z_ab.emplace_back(m.zab_l, m.zab_r);
    g.z_c.emplace_back(m.zc_l, m.zc_r);
    challenges.push_back(x);
    challenges_inv.push_back(c_inv);
  }
  g.final_a = m_a[0];
  g.final_b = m_b[0];
  g.final_c = m_c[0];
  g.final_vkey = {v_a[0], v_b[0]};
  g.final_wkey = {w_a[0], w_b[0]};
  const Fr extra = GipaExtraChallenge(challenges.back(), g);

  // KZG openings of the final keys at z, the challenges taken last round first.
  std::reverse(challenges.begin(), challenges.end());
  std::reverse(challenges_inv.begin(), challenges_inv.end());
  const Fr z = KzgChallenge(extra, g);
  const Fr r_inverse = r_vec[1].Inverse();
  RunTogether({[&] { out.vkey_opening = OpenVKey(srs, challenges_inv, z); },
               [&] { out.wkey_opening = OpenWKey(srs, challenges, r_inverse, z); }});
  return out;
}

}  // namespace cuzk::snarkpack
