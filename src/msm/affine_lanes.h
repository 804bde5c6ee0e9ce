// SPDX-License-Identifier: Apache-2.0 OR MIT
// Batch-affine G1 additions eight at a time on eight-lane Fp kernels (ff/fp_x8_ifma.h: AVX-512
// IFMA, or their plain-loop emulation in tests). Lane k of group g holds pair 8g + k, so the
// prefix products of Montgomery's trick run as eight chains side by side, one per lane; the eight
// chain totals are inverted together on the scalar side (one inversion). Each addition costs six
// lane products, as in the scalar path (msm/batch_affine.h), and gives the same result bit for
// bit: the lanes keep Fp's Montgomery form and reduce fully.
#pragma once

#include <cstddef>
#include <vector>

#include "ec/g1.h"
#include "ff/fp_x8_ifma.h"

namespace cuzk::msm::detail {

using ff::ifma::FpX8;
using ff::ifma::FpX8Kernels;

// Returns every lane set to Fp's one (Montgomery form).
FpX8 FpOnesX8();

// Replaces each lane, all non-zero, by its inverse (one scalar inversion for the eight).
void InvertEachLane(FpX8& x);

// Sets lane k of x to v.
inline void SetFpLane(FpX8& x, int k, const ff::Fp& v) { x.SetLane(k, v.montgomery()); }

// Returns lane k of x, below p.
inline ff::Fp FpLane(const FpX8& x, int k) { return ff::Fp::FromMontgomery(x.Lane(k)); }

// acc(i) += addend(i) for i < n, all pairs regular (neither point infinity, x coordinates
// distinct), with one inversion for the n additions.
class AffineLaneAdder {
 public:
  explicit AffineLaneAdder(const FpX8Kernels& kernels) : k_(kernels) {}

  // acc(i) returns an ec::G1Affine& that no other i returns; addend(i) a const ec::G1Affine&
  // that aliases no acc.
  template <typename Acc, typename Addend>
  void AddAll(size_t n, Acc acc, Addend addend) {
    if (n == 0) return;
    size_t groups = (n + 7) / 8;
    diff_.resize(groups);
    prefix_.resize(groups);
    // Forward: diff = x_Q - x_P per lane; prefix[g] = product of the diffs before group g. A lane
    // past n takes diff 1, so its chain stays invertible.
    FpX8 product = FpOnesX8();
    for (size_t g = 0; g < groups; ++g) {
      FpX8 px, qx;
      for (int k = 0; k < 8; ++k) {
        size_t i = 8 * g + static_cast<size_t>(k);
        SetFpLane(px, k, i < n ? acc(i).x : ff::Fp::Zero());
        SetFpLane(qx, k, i < n ? addend(i).x : ff::Fp::One());
      }
      k_.sub(diff_[g], qx, px);
      prefix_[g] = product;
      k_.mul(product, product, diff_[g]);
    }
    InvertEachLane(product);
    // Backward: 1 / diff = (inverse of the prefix through g) * prefix[g]; then
    // lambda = (y_Q - y_P) / diff, x = lambda^2 - x_P - x_Q, y = lambda (x_P - x) - y_P.
    for (size_t g = groups; g-- > 0;) {
      FpX8 inverse;
      k_.mul(inverse, product, prefix_[g]);
      k_.mul(product, product, diff_[g]);
      FpX8 px, py, qx, qy;
      for (int k = 0; k < 8; ++k) {
        size_t i = 8 * g + static_cast<size_t>(k);
        if (i >= n) {
          for (FpX8* v : {&px, &py, &qx, &qy}) SetFpLane(*v, k, ff::Fp::Zero());
          continue;
        }
        const ec::G1Affine &p = acc(i), &q = addend(i);
        SetFpLane(px, k, p.x);
        SetFpLane(py, k, p.y);
        SetFpLane(qx, k, q.x);
        SetFpLane(qy, k, q.y);
      }
      FpX8 lambda, x, y;
      k_.sub(lambda, qy, py);
      k_.mul(lambda, lambda, inverse);
      k_.mul(x, lambda, lambda);
      k_.sub(x, x, px);
      k_.sub(x, x, qx);
      k_.sub(y, px, x);
      k_.mul(y, lambda, y);
      k_.sub(y, y, py);
      for (int k = 0; k < 8 && 8 * g + static_cast<size_t>(k) < n; ++k) {
        ec::G1Affine& p = acc(8 * g + static_cast<size_t>(k));
        p.x = FpLane(x, k);
        p.y = FpLane(y, k);
      }
    }
  }

 private:
  const FpX8Kernels& k_;
  std::vector<FpX8> diff_, prefix_;
};

}  // namespace cuzk::msm::detail
