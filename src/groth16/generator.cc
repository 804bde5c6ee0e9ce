// SPDX-License-Identifier: Apache-2.0 OR MIT
// Parameter generation (Groth, "On the Size of Pairing-based Non-interactive Arguments",
// EUROCRYPT 2016, Sec. 3.2, in bellperson's variant, groth16/generator.rs). With the toxic waste
// known, every query point is a scalar multiple of a generator, so the polynomials are evaluated
// at tau directly in Fr:
//   1. L_j(tau) = Z(tau)/n * omega^j / (tau - omega^j), the Lagrange basis of the domain, with
//      Z(tau) = tau^n - 1 (one batched inversion);
//   2. A_v(tau) = sum_j A[j][v] L_j(tau), likewise B_v, C_v, in one sweep over the matrices;
//   3. scalars: IC_v = (beta A_v + alpha B_v + C_v)/gamma for inputs, l_v = .../delta for aux,
//      a = A_v and b = B_v where non-zero (bellperson drops identity points), h_i = tau^i Z/delta;
//   4. fixed-base multiplications of the G1 and G2 generators.
#include "groth16/generator.h"

#include <random>
#include <string>

#include "msm/fixed_base.h"
#include "ntt/evaluation_domain.h"

namespace cuzk::groth16 {

using ff::Fr;

ToxicWaste ToxicWaste::FromSeed(uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ull);
  ToxicWaste w;
  w.tau = Fr::Random(rng);
  w.alpha = Fr::Random(rng);
  w.beta = Fr::Random(rng);
  w.gamma = Fr::Random(rng);
  w.delta = Fr::Random(rng);
  return w;
}

Result<ProvingKey> GenerateParameters(const r1cs::R1csShape& shape, const ToxicWaste& waste,
                                      size_t threads) {
  size_t m = shape.num_constraints();
  auto domain = ntt::EvaluationDomain::ForSize(m);
  RETURN_IF_ERROR(domain);
  size_t n = domain->size();
  if (waste.gamma.IsZero() || waste.delta.IsZero()) {
    return Status::InvalidArgument("toxic waste gamma and delta must be non-zero");
  }
  // 1. Lagrange basis at tau (only the first m slots carry constraints).
  Fr z = waste.tau.Pow(ff::Limbs<1>{n}) - Fr::One();
  if (z.IsZero()) return Status::InvalidArgument("tau lies in the evaluation domain");
  Fr scale = z * Fr::FromUint64(n).Inverse();
  std::vector<Fr> lagrange(m);
  Fr omega_j = Fr::One();
  for (size_t j = 0; j < m; ++j) {
    lagrange[j] = waste.tau - omega_j;
    omega_j *= domain->omega();
  }
  Fr::BatchInverse(lagrange);
  omega_j = Fr::One();
  for (size_t j = 0; j < m; ++j) {
    lagrange[j] *= scale * omega_j;
    omega_j *= domain->omega();
  }
  // 2. Column polynomials at tau; variables indexed inputs first, then aux.
  size_t vars = shape.num_inputs + shape.num_aux;
  auto column = [&](r1cs::Variable v) {
    return v.is_input() ? v.index : shape.num_inputs + v.index;
  };
  auto evaluate = [&](const r1cs::SparseMatrix& mat) {
    std::vector<Fr> at(vars);
    for (size_t j = 0; j < m; ++j) {
      for (uint64_t e = mat.row_start[j]; e < mat.row_start[j + 1]; ++e) {
        at[column(mat.entries[e].var)] += mat.entries[e].coeff * lagrange[j];
      }
    }
    return at;
  };
  std::vector<Fr> at = evaluate(shape.a), bt = evaluate(shape.b), ct = evaluate(shape.c);
  // 3. Scalars of every query.
  Fr gamma_inv = waste.gamma.Inverse(), delta_inv = waste.delta.Inverse();
  std::vector<Fr> ic(shape.num_inputs), l(shape.num_aux), a, b;
  for (size_t v = 0; v < vars; ++v) {
    Fr k = waste.beta * at[v] + waste.alpha * bt[v] + ct[v];
    if (v < shape.num_inputs) {
      ic[v] = k * gamma_inv;
    } else {
      l[v - shape.num_inputs] = k * delta_inv;
    }
    if (!at[v].IsZero()) a.push_back(at[v]);
    if (!bt[v].IsZero()) b.push_back(bt[v]);
  }
  std::vector<Fr> h(n - 1);
  Fr power = z * delta_inv;
  for (size_t i = 0; i + 1 < n; ++i) {
    h[i] = power;
    power *= waste.tau;
  }
  // 4. Points.
  ProvingKey pk;
  auto g1 = msm::FixedBaseMulG1(std::vector<Fr>{waste.alpha, waste.beta, waste.delta}, 1);
  auto g2 = msm::FixedBaseMulG2(std::vector<Fr>{waste.beta, waste.gamma, waste.delta}, 1);
  pk.vk.alpha_g1 = g1[0];
  pk.vk.beta_g1 = g1[1];
  pk.vk.delta_g1 = g1[2];
  pk.vk.beta_g2 = g2[0];
  pk.vk.gamma_g2 = g2[1];
  pk.vk.delta_g2 = g2[2];
  auto ic_points = msm::FixedBaseMulG1(ic, threads);
  pk.vk.ic.assign(ic_points.begin(), ic_points.end());
  for (size_t i = 0; i < pk.vk.ic.size(); ++i) {
    if (pk.vk.ic[i].infinity) {
      return Status::InvalidArgument(
          "public input " + std::to_string(i) +
          " appears in no constraint (its IC point would be the identity)");
    }
  }
  pk.h = msm::FixedBaseMulG1(h, threads);
  pk.l = msm::FixedBaseMulG1(l, threads);
  pk.a = msm::FixedBaseMulG1(a, threads);
  pk.b_g1 = msm::FixedBaseMulG1(b, threads);
  pk.b_g2 = msm::FixedBaseMulG2(b, threads);
  return pk;
}

}  // namespace cuzk::groth16
