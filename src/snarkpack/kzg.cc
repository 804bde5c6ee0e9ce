// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/kzg.h"

#include "base/run_together.h"
#include "msm/pippenger.h"

namespace cuzk::snarkpack {

using ff::Fr;

std::vector<Fr> TranscriptPolynomial(std::span<const Fr> xs, const Fr& r_shift) {
  std::vector<Fr> coefficients = {Fr::One()};
  coefficients.reserve(size_t{1} << xs.size());
  Fr power = r_shift;  // r_shift^(2^j)
  for (size_t j = 0; j < xs.size(); ++j) {
    if (j > 0) power = power.Square();
    const Fr factor = xs[j] * power;
    const size_t n = coefficients.size();
    for (size_t k = 0; k < n; ++k) coefficients.push_back(coefficients[k] * factor);
  }
  return coefficients;
}

Fr TranscriptPolynomialAt(std::span<const Fr> xs, const Fr& z, const Fr& r_shift) {
  Fr power = z * r_shift;  // (r z)^(2^j)
  Fr value = Fr::One() + xs[0] * power;
  for (size_t j = 1; j < xs.size(); ++j) {
    power = power.Square();
    value *= Fr::One() + xs[j] * power;
  }
  return value;
}

std::vector<Fr> DivideByLinear(std::span<const Fr> f, const Fr& z) {
  if (f.size() < 2) return {};
  std::vector<Fr> q(f.size() - 1);
  q.back() = f.back();
  for (size_t k = q.size() - 1; k > 0; --k) q[k - 1] = f[k] + z * q[k];
  return q;
}

std::pair<ec::G2Affine, ec::G2Affine> OpenVKey(const ProverSrs& srs, std::span<const Fr> xs_inv,
                                               const Fr& z) {
  std::vector<Fr> q = DivideByLinear(TranscriptPolynomial(xs_inv, Fr::One()), z);
  q.resize(srs.n, Fr::Zero());
  std::pair<ec::G2Affine, ec::G2Affine> opening;
  RunTogether({[&] { opening.first = msm::MsmG2(srs.h_alpha_powers, q).ToAffine(); },
               [&] { opening.second = msm::MsmG2(srs.h_beta_powers, q).ToAffine(); }});
  return opening;
}

std::pair<ec::G1Affine, ec::G1Affine> OpenWKey(const ProverSrs& srs, std::span<const Fr> xs,
                                               const Fr& r_inverse, const Fr& z) {
  std::vector<Fr> f(srs.n, Fr::Zero());  // X^n times the transcript polynomial
  std::vector<Fr> tail = TranscriptPolynomial(xs, r_inverse);
  f.insert(f.end(), tail.begin(), tail.end());
  std::vector<Fr> q = DivideByLinear(f, z);
  q.resize(2 * srs.n, Fr::Zero());
  std::pair<ec::G1Affine, ec::G1Affine> opening;
  RunTogether({[&] { opening.first = msm::MsmG1(srs.g_alpha_powers, q).ToAffine(); },
               [&] { opening.second = msm::MsmG1(srs.g_beta_powers, q).ToAffine(); }});
  return opening;
}

}  // namespace cuzk::snarkpack
