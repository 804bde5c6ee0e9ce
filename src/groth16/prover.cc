// SPDX-License-Identifier: Apache-2.0 OR MIT
// Proof = (A, B, C) with
//   A = alpha + sum_{A-query} w_j a_j + r delta
//   B = beta + sum_{B-query} w_j b_j + s delta                      (in G2)
//   C = s (alpha + A^) + r (beta + B1^) + r s delta + sum_i h_i H_i + sum_aux w_j l_j
// where H = (a b - c)/Z is computed on the coset 7 * <omega> (bellperson prover/native.rs):
//   1. a, b, c <- iFFT, coset FFT; 2. a <- (a b - c) / Z; 3. coset iFFT; H = first n-1 coeffs.
// Here c skips its coset FFT: the coset iFFT is linear and returns C itself, so
// H = (icoset(a b) - iFFT(c)) / Z (EvaluationDomain::QuotientCoefficients), the same values.
// An assignment that did not record c (r1cs::CEvaluations::kDerive) gets c_i = a_i b_i first.
#include "groth16/prover.h"

#include <chrono>
#include <random>
#include <string>

#include "base/parallel.h"
#include "msm/pippenger.h"
#include "ntt/evaluation_domain.h"

namespace cuzk::groth16 {
namespace {

using Clock = std::chrono::steady_clock;
using ff::Fr;

double SecondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

Status SizeMismatch(const char* what, size_t want, size_t got) {
  return Status::InvalidArgument(std::string("proving key and assignment disagree: ") + what +
                                 " expects " + std::to_string(want) + ", assignment gives " +
                                 std::to_string(got));
}

// Computes the H coefficients in place in `a` (size n - 1 on return); b and c are emptied (their
// memory freed unless `keep_buffers`).
Status ComputeH(r1cs::ProvingAssignment& pa, size_t threads, bool keep_buffers) {
  size_t rows = pa.num_constraints();
  auto domain = ntt::EvaluationDomain::ForSize(rows);
  RETURN_IF_ERROR(domain);
  size_t n = domain->size();
  HugeVector<Fr>& a = pa.mutable_a();
  HugeVector<Fr>& b = pa.mutable_b();
  HugeVector<Fr>& c = pa.mutable_c();
  // Zero-filling the three tails (first-touch pages in a fresh assignment: 144 MB at 2^22) side by
  // side.
  HugeVector<Fr>* vectors[] = {&a, &b, &c};
  ParallelFor(
      3, threads,
      [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) vectors[i]->resize(n);
      },
      1);
  if (!pa.records_c()) {
    // c_i = a_i b_i for a satisfying witness (r1cs::CEvaluations); the zero tails stay zero.
    ParallelFor(rows, threads, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) c[i] = a[i] * b[i];
    });
  }
  domain->DomainToCoset(a, threads);
  domain->DomainToCoset(b, threads);
  ParallelFor(n, threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) a[i] *= b[i];
  });
  auto release = [keep_buffers](HugeVector<Fr>& v) {
    if (keep_buffers) {
      v.clear();
    } else {
      HugeVector<Fr>().swap(v);
    }
  };
  release(b);
  // c stays on the domain: the quotient needs only its coefficients (one transform, not two).
  domain->QuotientCoefficients(a, c, threads);
  release(c);
  a.resize(n - 1);
  return Status::Ok();
}

}  // namespace

Result<Proof> CreateProof(const ProvingKey& pk, r1cs::ProvingAssignment& pa, const Fr& r,
                          const Fr& s, const ProverOptions& options) {
  ProverTimings t;
  auto start = Clock::now();
  size_t threads = options.threads;
  const auto& inputs = pa.inputs();
  const auto& aux = pa.aux();
  // Sizes first, so a wrong key fails before any heavy work.
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

  auto phase = Clock::now();
  Status hs = ComputeH(pa, threads, options.keep_buffers);
  RETURN_IF_ERROR(hs);
  t.fft = SecondsSince(phase);

  phase = Clock::now();
  // H's coefficients are dense and no longer needed: converted in place, not copied.
  ec::G1 h_acc = msm::MsmG1DenseInPlace(pk.h, pa.mutable_a(), threads);
  t.msm_h = SecondsSince(phase);
  phase = Clock::now();
  ec::G1 l_acc = msm::MsmG1(pk.l, aux, threads);
  t.msm_l = SecondsSince(phase);

  // Density-filtered scalars: A takes every input and the aux in the A query; B filters both.
  // They go into b's and c's buffers, emptied by ComputeH (with keep_buffers their memory is
  // still mapped, so a reused assignment costs no fresh pages here).
  HugeVector<Fr>& a_scalars = pa.mutable_b();
  HugeVector<Fr>& b_scalars = pa.mutable_c();
  a_scalars.assign(inputs.begin(), inputs.end());
  b_scalars.clear();
  a_scalars.reserve(a_count);
  b_scalars.reserve(b_count);
  for (size_t i = 0; i < aux.size(); ++i) {
    if (pa.a_aux_density().Get(i)) a_scalars.push_back(aux[i]);
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (pa.b_input_density().Get(i)) b_scalars.push_back(inputs[i]);
  }
  for (size_t i = 0; i < aux.size(); ++i) {
    if (pa.b_aux_density().Get(i)) b_scalars.push_back(aux[i]);
  }
  phase = Clock::now();
  ec::G1 a_acc = msm::MsmG1(pk.a, a_scalars, threads);
  t.msm_a = SecondsSince(phase);
  phase = Clock::now();
  ec::G1 b1_acc = msm::MsmG1(pk.b_g1, b_scalars, threads);
  t.msm_b_g1 = SecondsSince(phase);
  phase = Clock::now();
  ec::G2 b2_acc = msm::MsmG2(pk.b_g2, b_scalars, threads);
  t.msm_b_g2 = SecondsSince(phase);

  const VerifyingKey& vk = pk.vk;
  ec::G1 alpha_a = a_acc + vk.alpha_g1;
  ec::G1 proof_a = alpha_a + ec::Mul(ec::G1(vk.delta_g1), r);
  ec::G2 proof_b = b2_acc + vk.beta_g2 + ec::Mul(ec::G2(vk.delta_g2), s);
  ec::G1 proof_c = ec::Mul(alpha_a, s) + ec::Mul(b1_acc + vk.beta_g1, r) +
                   ec::Mul(ec::G1(vk.delta_g1), r * s) + h_acc + l_acc;
  t.total = SecondsSince(start);
  if (options.timings) *options.timings = t;
  return Proof{proof_a.ToAffine(), proof_b.ToAffine(), proof_c.ToAffine()};
}

Result<Proof> CreateRandomProof(const ProvingKey& pk, r1cs::ProvingAssignment& pa,
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
  return CreateProof(pk, pa, r, s, options);
}

}  // namespace cuzk::groth16
