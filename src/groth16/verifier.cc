// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "groth16/verifier.h"

#include <random>
#include <string>

#include "ec/g1.h"
#include "ec/g2.h"
#include "msm/pippenger.h"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

Result<ec::G1> InputCombination(const PreparedVerifyingKey& pvk, std::span<const Fr> inputs) {
  if (inputs.size() + 1 != pvk.ic.size()) {
    return Status::InvalidArgument("verifying key expects " + std::to_string(pvk.ic.size() - 1) +
                                   " public inputs, got " + std::to_string(inputs.size()));
  }
  ec::G1 acc(pvk.ic[0]);
  acc += msm::MsmG1(std::span(pvk.ic).subspan(1), inputs, 1);
  return acc;
}

// Returns an error unless A, C are points of G1 and B of G2, on their curves and in the
// prime-order subgroups: a point of the cofactor part added to A or C leaves the pairing equation
// true (e(T, Q) = 1), so without this a valid proof's bytes could be changed and still verify.
Status CheckProofPoints(const Proof& proof) {
  const char* bad = nullptr;
  if (!proof.a.IsOnCurve() || !ec::IsInG1Subgroup(proof.a)) bad = "A";
  if (!proof.b.IsOnCurve() || !ec::IsInG2Subgroup(proof.b)) bad = "B";
  if (!proof.c.IsOnCurve() || !ec::IsInG1Subgroup(proof.c)) bad = "C";
  if (bad) {
    return Status::InvalidArgument(std::string("proof does not verify: its ") + bad +
                                   " is not a point of the prime-order subgroup");
  }
  return Status::Ok();
}

}  // namespace

PreparedVerifyingKey PrepareVerifyingKey(const VerifyingKey& vk) {
  PreparedVerifyingKey pvk;
  pvk.alpha_beta = ec::Pairing(vk.alpha_g1, vk.beta_g2);
  pvk.neg_gamma = ec::PrepareG2(-vk.gamma_g2);
  pvk.neg_delta = ec::PrepareG2(-vk.delta_g2);
  pvk.ic = vk.ic;
  return pvk;
}

Status VerifyProof(const PreparedVerifyingKey& pvk, const Proof& proof,
                   std::span<const Fr> public_inputs) {
  RETURN_IF_ERROR(CheckProofPoints(proof));
  auto acc = InputCombination(pvk, public_inputs);
  RETURN_IF_ERROR(acc);
  ec::G2Prepared b = ec::PrepareG2(proof.b);
  std::pair<ec::G1Affine, const ec::G2Prepared*> pairs[] = {
      {proof.a, &b}, {acc->ToAffine(), &pvk.neg_gamma}, {proof.c, &pvk.neg_delta}};
  if (ec::FinalExponentiation(ec::MultiMillerLoop(pairs)) != pvk.alpha_beta) {
    return Status::InvalidArgument("proof does not verify: pairing equation fails");
  }
  return Status::Ok();
}

Status VerifyProofBatch(const PreparedVerifyingKey& pvk, std::span<const Proof> proofs,
                        std::span<const std::vector<Fr>> public_inputs) {
  if (proofs.size() != public_inputs.size()) {
    return Status::InvalidArgument(std::to_string(proofs.size()) + " proofs but " +
                                   std::to_string(public_inputs.size()) + " input sets");
  }
  if (proofs.empty()) return Status::Ok();
  // prod e(w_k A_k, B_k) = e(alpha, beta)^(sum w_k) e(sum w_k acc_k, gamma) e(sum w_k C_k, delta)
  std::random_device os_random;
  std::vector<ec::G2Prepared> bs;
  bs.reserve(proofs.size());
  std::vector<std::pair<ec::G1Affine, const ec::G2Prepared*>> pairs;
  ec::G1 acc_sum, c_sum;
  Fr weight_sum;
  for (size_t k = 0; k < proofs.size(); ++k) {
    if (Status s = CheckProofPoints(proofs[k]); !s.ok()) {
      return Status::InvalidArgument("proof " + std::to_string(k) + ": " + s.message());
    }
    auto acc = InputCombination(pvk, public_inputs[k]);
    if (!acc.ok())
      return Status::InvalidArgument("proof " + std::to_string(k) + ": " + acc.status().message());
    Fr w = *Fr::FromCanonical({(uint64_t{os_random()} << 32) | os_random(),
                               (uint64_t{os_random()} << 32) | os_random(), 0, 0});  // 128 bits
    weight_sum += w;
    acc_sum += ec::Mul(*acc, w);
    c_sum += ec::Mul(ec::G1(proofs[k].c), w);
    bs.push_back(ec::PrepareG2(proofs[k].b));
    pairs.emplace_back(ec::Mul(ec::G1(proofs[k].a), w).ToAffine(), &bs.back());
  }
  pairs.emplace_back(acc_sum.ToAffine(), &pvk.neg_gamma);
  pairs.emplace_back(c_sum.ToAffine(), &pvk.neg_delta);
  ff::Fp12 lhs = ec::FinalExponentiation(ec::MultiMillerLoop(pairs));
  if (lhs != pvk.alpha_beta.CyclotomicPow(weight_sum.ToCanonical())) {
    return Status::InvalidArgument("batch of " + std::to_string(proofs.size()) +
                                   " proofs does not verify: at least one is invalid");
  }
  return Status::Ok();
}

}  // namespace cuzk::groth16
