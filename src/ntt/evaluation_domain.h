// SPDX-License-Identifier: Apache-2.0 OR MIT
// EvaluationDomain: the multiplicative subgroup of Fr of size n = 2^k used for the Groth16 QAP
// (bellperson domain.rs; docs/filecoin.md §7.6): omega = ROOT_OF_UNITY^(2^(32-k)), coset
// generator 7, constraint i <-> omega^i. All transforms are in place on natural-order data.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "base/cancel.h"
#include "base/status.h"
#include "ff/fr.h"

namespace cuzk::ntt {

using ff::Fr;

// Where a domain's FFTs get their twiddle factors.
enum class TwiddleTables {
  kAuto,         // precomputed up to 2^kMaxPrecomputedLogSize points, per call above
  kPrecomputed,  // built once per size and process, shared by every domain of that size
  kPerCall,      // computed by each transform (~2/3 n multiplications, n/2 elements of memory)
};

// Which butterflies a domain's transforms run.
enum class NttKernel {
  kAuto,               // eight-lane AVX-512 IFMA where the CPU has it (and
                       // the field-kernel choice is kAuto, ff/cpu_kernels.h), else scalar
  kScalar,             // one butterfly at a time (MULX/ADX or portable Fr products)
  kEightLaneIfma,      // the stages of half-width 8 and more on IFMA lanes (ntt/transform_x8.h)
  kEightLanePortable,  // the same lanes with a portable lane-by-lane butterfly (tests)
};

// The largest domain whose twiddle tables are kept by default: 2^22 points (the 2KiB PoRep
// circuit's) take 2 x 85 MiB as Fr tables, or 2 x 160 MiB packed for the IFMA lanes (each is
// built on first use by a transform that needs it); a 32GiB partition's 2^27 would take 32 times
// as much.
inline constexpr uint32_t kMaxPrecomputedLogSize = 22;

// A radix-2 domain with its FFTs. Cost: n/2 log2(n) butterflies (one Fr multiplication each),
// plus ~2/3 n multiplications for the twiddles where they are not precomputed (gnark-crypto's
// fft.Domain keeps them the same way).
class EvaluationDomain {
 public:
  // Returns the smallest domain with at least `min_size` points; an error past 2^32, or for
  // kEightLaneIfma on a CPU without IFMA. Without precomputed tables (kPerCall, or kAuto past
  // 2^22 points) the eight-lane kernels run the stages past a 2^14-point block with twiddles
  // composed from small per-call tables (x8::HighStagesComposed).
  static Result<EvaluationDomain> ForSize(size_t min_size,
                                          TwiddleTables tables = TwiddleTables::kAuto,
                                          NttKernel kernel = NttKernel::kAuto);

  // Returns n.
  size_t size() const { return size_t{1} << log_size_; }
  // Returns log2(n).
  uint32_t log_size() const { return log_size_; }
  // Returns the generator omega of the domain.
  const Fr& omega() const { return omega_; }
  // Returns the butterflies the transforms run: kScalar, kEightLaneIfma or kEightLanePortable.
  NttKernel kernel() const { return kernel_; }

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

  // The prover's two compositions, each with its scalings fused into one pass over the data. A
  // set `cancel` (base/cancel.h) stops them within milliseconds, leaving meaningless values.
  // Ifft then CosetFft (evaluations on the domain -> evaluations on the coset).
  void DomainToCoset(std::span<Fr> values, size_t threads = 0,
                     const CancelFlag* cancel = nullptr) const;
  // The Groth16 quotient: given A*B on the coset (ab, from DomainToCoset of A and of B) and C on
  // the domain (c), leaves in ab the coefficients of H = (A*B - C)/Z, exactly what
  // DomainToCoset(c), ab - c, DivideByVanishingOnCoset and IcosetFft give, with two transforms
  // instead of three. Both spans hold n values; c is overwritten (with n times C's coefficients).
  void QuotientCoefficients(std::span<Fr> ab, std::span<Fr> c, size_t threads = 0,
                            const CancelFlag* cancel = nullptr) const;

 private:
  struct Twiddles;
  EvaluationDomain(uint32_t log_size, const Fr& omega);
  // Returns the process-wide tables of the domain of 2^log_size points, building them once.
  static std::shared_ptr<const Twiddles> SharedTwiddles(uint32_t log_size, const Fr& omega,
                                                        const Fr& omega_inv);
  // The FFT with root omega (inverse = false) or omega^-1 (true), without the 1/n; returns early
  // when `cancel` is set.
  void Transform(std::span<Fr> values, bool inverse, size_t threads,
                 const CancelFlag* cancel = nullptr) const;

  uint32_t log_size_;
  Fr omega_, omega_inv_, size_inv_;
  std::shared_ptr<const Twiddles> twiddles_;  // null: computed per call
  NttKernel kernel_ = NttKernel::kScalar;
};

// Multiplies values[i] by start * step^i (used for coset shifts), in parallel chunks.
void ScaleByPowers(std::span<Fr> values, const Fr& start, const Fr& step, size_t threads);

}  // namespace cuzk::ntt
