// SPDX-License-Identifier: Apache-2.0 OR MIT
// EvaluationDomain: the multiplicative subgroup of Fr of size n = 2^k used for the Groth16 QAP
// (bellperson domain.rs; spec porep-c2-circuit.md 7.6): omega = ROOT_OF_UNITY^(2^(32-k)), coset
// generator 7, constraint i <-> omega^i. All transforms are in place on natural-order data.
#pragma once

#include <span>

#include "base/status.h"
#include "ff/fr.h"

namespace cuzk::ntt {

using ff::Fr;

// A radix-2 domain with its FFTs. Cost: n/2 log2(n) butterflies (one Fr multiplication each)
// plus n multiplications for the per-stage twiddles.
class EvaluationDomain {
 public:
  // Returns the smallest domain with at least `min_size` points; an error past 2^32.
  static Result<EvaluationDomain> ForSize(size_t min_size);

  // Returns n.
  size_t size() const { return size_t{1} << log_size_; }
  // Returns log2(n).
  uint32_t log_size() const { return log_size_; }
  // Returns the generator omega of the domain.
  const Fr& omega() const { return omega_; }

  // Evaluates the polynomial with coefficients `values` at omega^0..omega^(n-1).
  void Fft(std::span<Fr> values, size_t threads = 0) const;
  // Interpolates: the inverse of Fft, including the factor 1/n.
  void Ifft(std::span<Fr> values, size_t threads = 0) const;
  // Evaluates at g*omega^i (g = 7): scales coefficient i by g^i, then Fft.
  void CosetFft(std::span<Fr> values, size_t threads = 0) const;
  // The inverse of CosetFft: Ifft, then scales coefficient i by g^-i.
  void IcosetFft(std::span<Fr> values, size_t threads = 0) const;
  // Returns Z(g*omega^i) = g^n - 1, the vanishing polynomial on the coset (the same for every i).
  Fr VanishingOnCoset() const;
  // Multiplies every value by (g^n - 1)^{-1}.
  void DivideByVanishingOnCoset(std::span<Fr> values, size_t threads = 0) const;

  // The prover's two compositions, each with its scalings fused into one pass over the data:
  // Ifft then CosetFft (evaluations on the domain -> evaluations on the coset).
  void DomainToCoset(std::span<Fr> values, size_t threads = 0) const;
  // DivideByVanishingOnCoset then IcosetFft (coset evaluations of Z*H -> coefficients of H).
  void CosetQuotientToCoefficients(std::span<Fr> values, size_t threads = 0) const;

 private:
  EvaluationDomain(uint32_t log_size, const Fr& omega);
  void Transform(std::span<Fr> values, const Fr& root, size_t threads) const;

  uint32_t log_size_;
  Fr omega_, omega_inv_, size_inv_;
};

// Multiplies values[i] by start * step^i (used for coset shifts), in parallel chunks.
void ScaleByPowers(std::span<Fr> values, const Fr& start, const Fr& step, size_t threads);

}  // namespace cuzk::ntt
