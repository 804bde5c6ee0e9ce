// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ntt/evaluation_domain.h"

#include <string>
#include <utility>
#include <vector>

#include "base/parallel.h"

namespace cuzk::ntt {
namespace {

constexpr size_t kMinChunk = 1 << 12;

Fr PowU64(const Fr& base, uint64_t e) {
  const uint64_t limbs[1] = {e};
  return base.Pow(limbs);
}

void BitReverse(std::span<Fr> values, uint32_t log_n) {
  size_t n = values.size();
  for (size_t i = 0; i < n; ++i) {
    size_t j = 0;
    for (uint32_t b = 0, x = static_cast<uint32_t>(i); b < log_n; ++b, x >>= 1) j = (j << 1) | (x & 1);
    if (i < j) std::swap(values[i], values[j]);
  }
}

}  // namespace

void ScaleByPowers(std::span<Fr> values, const Fr& start, const Fr& step, size_t threads) {
  ParallelFor(
      values.size(), threads,
      [&](size_t begin, size_t end) {
        Fr w = start * PowU64(step, begin);
        for (size_t i = begin; i < end; ++i) {
          values[i] *= w;
          w *= step;
        }
      },
      kMinChunk);
}

Result<EvaluationDomain> EvaluationDomain::ForSize(size_t min_size) {
  uint32_t k = 0;
  while ((size_t{1} << k) < min_size) ++k;
  if (k > ff::kFrTwoAdicity) {
    return Status::InvalidArgument("evaluation domain of " + std::to_string(min_size) +
                                   " points exceeds Fr's 2-adicity (2^32)");
  }
  // omega = ROOT_OF_UNITY squared (32 - k) times.
  Fr omega = ff::FrRootOfUnity();
  for (uint32_t i = k; i < ff::kFrTwoAdicity; ++i) omega = omega.Square();
  return EvaluationDomain(k, omega);
}

EvaluationDomain::EvaluationDomain(uint32_t log_size, const Fr& omega)
    : log_size_(log_size),
      omega_(omega),
      omega_inv_(omega.Inverse()),
      size_inv_(Fr::FromUint64(uint64_t{1} << log_size).Inverse()) {}

void EvaluationDomain::Transform(std::span<Fr> values, const Fr& root, size_t threads) const {
  // Iterative radix-2 decimation in time (Cormen et al., "Introduction to Algorithms", 30.3):
  // bit-reverse, then log2(n) stages of butterflies. Stage with half-width h uses the twiddles
  // w^j, j < h, w = root^(n/2h), computed contiguously into `twiddles`.
  size_t n = size();
  BitReverse(values, log_size_);
  std::vector<Fr> twiddles(n / 2);
  for (size_t h = 1; h < n; h <<= 1) {
    Fr w = PowU64(root, n / (2 * h));
    ParallelFor(
        h, threads,
        [&](size_t begin, size_t end) {
          Fr t = PowU64(w, begin);
          for (size_t j = begin; j < end; ++j) {
            twiddles[j] = t;
            t *= w;
          }
        },
        kMinChunk);
    ParallelFor(
        n / 2, threads,
        [&](size_t begin, size_t end) {
          for (size_t i = begin; i < end; ++i) {
            size_t j = i & (h - 1);
            size_t lo = ((i - j) << 1) + j;  // block start (2h-aligned) + j
            Fr t = values[lo + h] * twiddles[j];
            values[lo + h] = values[lo] - t;
            values[lo] += t;
          }
        },
        kMinChunk);
  }
}

void EvaluationDomain::Fft(std::span<Fr> values, size_t threads) const {
  Transform(values, omega_, threads);
}

void EvaluationDomain::Ifft(std::span<Fr> values, size_t threads) const {
  Transform(values, omega_inv_, threads);
  ScaleByPowers(values, size_inv_, Fr::One(), threads);
}

void EvaluationDomain::CosetFft(std::span<Fr> values, size_t threads) const {
  ScaleByPowers(values, Fr::One(), ff::FrMultiplicativeGenerator(), threads);
  Fft(values, threads);
}

void EvaluationDomain::IcosetFft(std::span<Fr> values, size_t threads) const {
  Ifft(values, threads);
  ScaleByPowers(values, Fr::One(), ff::FrMultiplicativeGenerator().Inverse(), threads);
}

Fr EvaluationDomain::VanishingOnCoset() const {
  return PowU64(ff::FrMultiplicativeGenerator(), size()) - Fr::One();
}

void EvaluationDomain::DivideByVanishingOnCoset(std::span<Fr> values, size_t threads) const {
  ScaleByPowers(values, VanishingOnCoset().Inverse(), Fr::One(), threads);
}

}  // namespace cuzk::ntt
