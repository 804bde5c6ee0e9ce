// SPDX-License-Identifier: Apache-2.0 OR MIT
// Proof = (A, B, C) with
//   A = alpha + sum_{A-query} w_j a_j + r delta
//   B = beta + sum_{B-query} w_j b_j + s delta                      (in G2)
//   C = s (alpha + A^) + r (beta + B1^) + r s delta + sum_i h_i H_i + sum_aux w_j l_j
// (bellperson prover/native.rs). The sums come from a ProverBackend (groth16/backend.h); this
// file checks the sizes before and blinds after.
#include "groth16/prover.h"

#include <chrono>
#include <random>
#include <string>

namespace cuzk::groth16 {
namespace {

using Clock = std::chrono::steady_clock;
using ff::Fr;

Status SizeMismatch(const char* what, size_t want, size_t got) {
  return Status::InvalidArgument(std::string("proving key and assignment disagree: ") + what +
                                 " expects " + std::to_string(want) + ", assignment gives " +
                                 std::to_string(got));
}

}  // namespace

Status CheckSizes(const ProvingKey& pk, const r1cs::ProvingAssignment& pa) {
  const auto& inputs = pa.inputs();
  const auto& aux = pa.aux();
  if (pk.vk.ic.size() != inputs.size())
    return SizeMismatch("public inputs", pk.vk.ic.size(), inputs.size());
  if (pk.l.size() != aux.size()) return SizeMismatch("aux variables (l)", pk.l.size(), aux.size());
  size_t a_count = inputs.size() + pa.a_aux_density().count();
  size_t b_count = pa.b_input_density().count() + pa.b_aux_density().count();
  if (pk.a.size() != a_count) return SizeMismatch("A-query points", pk.a.size(), a_count);
  if (pk.b_g1.size() != b_count) return SizeMismatch("B-query points", pk.b_g1.size(), b_count);
  if (pk.b_g2.size() != b_count) return SizeMismatch("B-query G2 points", pk.b_g2.size(), b_count);
  size_t n = size_t{1};
  while (n < pa.num_constraints()) n <<= 1;
  if (pk.h.size() != n - 1) return SizeMismatch("h points (domain - 1)", pk.h.size(), n - 1);
  return Status::Ok();
}

Status ProverInput::Prepare() {
  if (!compact()) return Status::Ok();
  return r1cs::PrepareEvaluation(*compiled_, *witness_, *assignment_);
}

Status ProverInput::Evaluate(const ProverOptions& options) {
  if (!compact()) return Status::Ok();
  auto start = Clock::now();
  assignment_->SetCancel(options.cancel);  // the proof's cancel stops the evaluation too
  Status s = r1cs::EvaluateCompiled(*compiled_, *witness_, *assignment_, options.threads);
  assignment_->SetCancel(nullptr);
  if (s.code() == StatusCode::kCancelled) return Cancelled();
  RETURN_IF_ERROR(s);
  evaluated_ = true;
  if (options.timings) {
    options.timings->evaluation += std::chrono::duration<double>(Clock::now() - start).count();
  }
  return Status::Ok();
}

Result<Proof> CreateProof(const ProvingKey& pk, ProverInput& input, const Fr& r, const Fr& s,
                          const ProverOptions& options) {
  auto start = Clock::now();
  // Sizes first, so a wrong key fails before any heavy work.
  RETURN_IF_ERROR(input.Prepare());
  RETURN_IF_ERROR(CheckSizes(pk, input.assignment()));
  ProverTimings t;
  ProverOptions backend_options = options;
  backend_options.timings = &t;
  ProverBackend& backend = options.backend ? *options.backend : CpuBackend();
  ASSIGN_OR_RETURN(QuerySums sums, backend.ComputeSums(pk, input, backend_options));

  const VerifyingKey& vk = pk.vk;
  ec::G1 alpha_a = sums.a + vk.alpha_g1;
  ec::G1 proof_a = alpha_a + ec::Mul(ec::G1(vk.delta_g1), r);
  ec::G2 proof_b = sums.b_g2 + vk.beta_g2 + ec::Mul(ec::G2(vk.delta_g2), s);
  ec::G1 proof_c = ec::Mul(alpha_a, s) + ec::Mul(sums.b_g1 + vk.beta_g1, r) +
                   ec::Mul(ec::G1(vk.delta_g1), r * s) + sums.h + sums.l;
  t.total = std::chrono::duration<double>(Clock::now() - start).count();
  if (options.timings) *options.timings = t;
  return Proof{proof_a.ToAffine(), proof_b.ToAffine(), proof_c.ToAffine()};
}

Result<Proof> CreateProof(const ProvingKey& pk, r1cs::ProvingAssignment& pa, const Fr& r,
                          const Fr& s, const ProverOptions& options) {
  ProverInput input(pa);
  return CreateProof(pk, input, r, s, options);
}

Result<Proof> CreateRandomProof(const ProvingKey& pk, ProverInput& input,
                                const ProverOptions& options) {
  std::random_device os_random;  // the OS entropy source on Linux (getrandom)
  auto draw = [&] {
    std::array<uint64_t, 8> words;
    for (auto& w : words) w = (uint64_t{os_random()} << 32) | os_random();
    // Reduce 512 uniform bits mod r: sum words[i] * 2^(64 i) in Fr.
    Fr acc, base = Fr::One(), two64 = Fr::FromUint64(1ull << 32) * Fr::FromUint64(1ull << 32);
    for (uint64_t w : words) {
      acc += Fr::FromUint64(w) * base;
      base *= two64;
    }
    return acc;
  };
  Fr r = draw();
  Fr s = draw();
  return CreateProof(pk, input, r, s, options);
}

Result<Proof> CreateRandomProof(const ProvingKey& pk, r1cs::ProvingAssignment& pa,
                                const ProverOptions& options) {
  ProverInput input(pa);
  return CreateRandomProof(pk, input, options);
}

}  // namespace cuzk::groth16
