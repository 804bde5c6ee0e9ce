// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CPU backend: H from six radix-2 transforms (ntt/), the G1 and G2 MSMs by Pippenger (msm/).
// H = (a b - c)/Z is computed on the coset 7 * <omega> (bellperson prover/native.rs):
//   1. a, b, c <- iFFT, coset FFT; 2. a <- (a b - c) / Z; 3. coset iFFT; H = first n-1 coeffs.
// Here c skips its coset FFT: the coset iFFT is linear and returns C itself, so
// H = (icoset(a b) - iFFT(c)) / Z (EvaluationDomain::QuotientCoefficients), the same values.
// An assignment that did not record c (r1cs::CEvaluations::kDerive) gets c_i = a_i b_i first; a
// compact input (ProverInput) is evaluated into the assignment before all that.
#include <chrono>

#include "base/parallel.h"
#include "groth16/backend.h"
#include "msm/pippenger.h"
#include "ntt/evaluation_domain.h"

namespace cuzk::groth16 {
namespace {

using Clock = std::chrono::steady_clock;
using ff::Fr;

double SecondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Computes the H coefficients in place in `a` (size n - 1 on return); b and c are emptied (their
// memory freed unless options.keep_buffers). Stops early when the proof is cancelled.
Status ComputeH(r1cs::ProvingAssignment& pa, const ProverOptions& options) {
  size_t threads = options.threads;
  bool keep_buffers = options.keep_buffers;
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
  if (options.cancelled()) return Cancelled();
  domain->DomainToCoset(a, threads, options.cancel);
  if (options.cancelled()) return Cancelled();
  domain->DomainToCoset(b, threads, options.cancel);
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
  if (options.cancelled()) return Cancelled();
  // c stays on the domain: the quotient needs only its coefficients (one transform, not two).
  domain->QuotientCoefficients(a, c, threads, options.cancel);
  release(c);
  if (options.cancelled()) return Cancelled();
  a.resize(n - 1);
  return Status::Ok();
}

// The CPU implementation of ProverBackend.
class CpuProverBackend final : public ProverBackend {
 public:
  std::string name() const override { return "cpu"; }

  Result<QuerySums> ComputeSums(const ProvingKey& pk, ProverInput& input,
                                const ProverOptions& options) override {
    size_t threads = options.threads;
    ProverTimings* t = options.timings;
    // A compact input's a and b, evaluated into the assignment's buffers just before H.
    RETURN_IF_ERROR(input.Evaluate(options));
    r1cs::ProvingAssignment& pa = input.assignment();
    auto phase = Clock::now();
    RETURN_IF_ERROR(ComputeH(pa, options));
    if (t) t->fft = SecondsSince(phase);
    QuerySums sums;
    // Each MSM is one step; a cancelled one returns early and the proof stops there.
    const CancelFlag* cancel = options.cancel;
    auto step = [&](double ProverTimings::*timing, auto&& msm) -> Status {
      if (options.cancelled()) return Cancelled();
      phase = Clock::now();
      msm();
      if (options.cancelled()) return Cancelled();
      if (t) t->*timing = SecondsSince(phase);
      return Status::Ok();
    };
    // H's coefficients are dense and no longer needed: converted in place, not copied.
    RETURN_IF_ERROR(step(&ProverTimings::msm_h, [&] {
      sums.h = msm::MsmG1DenseInPlace(pk.h, pa.mutable_a(), threads, cancel);
    }));
    RETURN_IF_ERROR(
        step(&ProverTimings::msm_l, [&] { sums.l = msm::MsmG1(pk.l, pa.aux(), threads, cancel); }));
    // The filtered scalars go into b's and c's buffers, emptied by ComputeH (with keep_buffers
    // their memory is still mapped, so a reused assignment costs no fresh pages here).
    HugeVector<Fr>& a_scalars = pa.mutable_b();
    HugeVector<Fr>& b_scalars = pa.mutable_c();
    GatherQueryScalars(pa, a_scalars, b_scalars);
    RETURN_IF_ERROR(step(&ProverTimings::msm_a,
                         [&] { sums.a = msm::MsmG1(pk.a, a_scalars, threads, cancel); }));
    RETURN_IF_ERROR(step(&ProverTimings::msm_b_g1,
                         [&] { sums.b_g1 = msm::MsmG1(pk.b_g1, b_scalars, threads, cancel); }));
    RETURN_IF_ERROR(step(&ProverTimings::msm_b_g2,
                         [&] { sums.b_g2 = msm::MsmG2(pk.b_g2, b_scalars, threads, cancel); }));
    return sums;
  }
};

}  // namespace

Status Cancelled() { return Status(StatusCode::kCancelled, "the proof was cancelled"); }

ProverBackend& CpuBackend() {
  static CpuProverBackend backend;
  return backend;
}

void GatherQueryScalars(const r1cs::ProvingAssignment& pa, HugeVector<Fr>& a_scalars,
                        HugeVector<Fr>& b_scalars) {
  const auto& inputs = pa.inputs();
  const auto& aux = pa.aux();
  a_scalars.assign(inputs.begin(), inputs.end());
  b_scalars.clear();
  a_scalars.reserve(inputs.size() + pa.a_aux_density().count());
  b_scalars.reserve(pa.b_input_density().count() + pa.b_aux_density().count());
  for (size_t i = 0; i < aux.size(); ++i) {
    if (pa.a_aux_density().Get(i)) a_scalars.push_back(aux[i]);
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (pa.b_input_density().Get(i)) b_scalars.push_back(inputs[i]);
  }
  for (size_t i = 0; i < aux.size(); ++i) {
    if (pa.b_aux_density().Get(i)) b_scalars.push_back(aux[i]);
  }
}

}  // namespace cuzk::groth16
