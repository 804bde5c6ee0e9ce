// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/inner_products.h"

#include <utility>
#include <vector>

#include "base/parallel.h"
#include "ec/pairing.h"
#include "msm/pippenger.h"

namespace cuzk::snarkpack {
namespace {

// The Miller loop of prod e(a_i, b_i), the G2 points prepared on every thread.
ff::Fp12 MillerProduct(std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b) {
  std::vector<ec::G2Prepared> prepared(b.size());
  ParallelFor(b.size(), 0, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) prepared[i] = ec::PrepareG2(b[i]);
  });
  std::vector<std::pair<ec::G1Affine, const ec::G2Prepared*>> pairs;
  pairs.reserve(a.size());
  for (size_t i = 0; i < a.size(); ++i) pairs.emplace_back(a[i], &prepared[i]);
  return ec::MultiMillerLoop(pairs);
}

}  // namespace

ff::Fp12 PairingProduct(std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b) {
  return ec::FinalExponentiation(MillerProduct(a, b));
}

ff::Fp12 PairingProduct2(std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b,
                         std::span<const ec::G1Affine> c, std::span<const ec::G2Affine> d) {
  return ec::FinalExponentiation(MillerProduct(a, b) * MillerProduct(c, d));
}

ec::G1Affine MultiExp(std::span<const ec::G1Affine> a, std::span<const ff::Fr> s) {
  return msm::MsmG1(a, s).ToAffine();
}

GtPair CommitPair(std::span<const ec::G2Affine> v_a, std::span<const ec::G2Affine> v_b,
                  std::span<const ec::G1Affine> w_a, std::span<const ec::G1Affine> w_b,
                  std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b) {
  const size_t n = a.size();
  return {PairingProduct2(a, v_a.first(n), w_a.first(n), b),
          PairingProduct2(a, v_b.first(n), w_b.first(n), b)};
}

GtPair CommitSingle(std::span<const ec::G2Affine> v_a, std::span<const ec::G2Affine> v_b,
                    std::span<const ec::G1Affine> c) {
  const size_t n = c.size();
  return {PairingProduct(c, v_a.first(n)), PairingProduct(c, v_b.first(n))};
}

}  // namespace cuzk::snarkpack
