// SPDX-License-Identifier: Apache-2.0 OR MIT
// Batch-affine G1 and G2 additions eight at a time on eight-lane Fp kernels (ff/fp_x8_ifma.h:
// AVX-512 IFMA, or their plain-loop emulation in tests). Lane k of group g holds pair 8g + k, so
// the prefix products of Montgomery's trick run as eight chains side by side, one per lane; the
// eight chain totals are inverted together on the scalar side (one inversion). Each addition
// costs six lane products in G1 (Fp), and in G2 five Fp2 products of three Fp lane products each
// (Karatsuba, as ff/fp2.h) plus a square of two, as in the scalar path (msm/batch_affine.h); the
// results are the same bit for bit: the lanes keep Fp's Montgomery form and reduce fully.
#pragma once

#include <cstddef>
#include <vector>

#include "ec/g1.h"
#include "ec/g2.h"
#include "ff/fp_x8_ifma.h"

namespace cuzk::msm::detail {

using ff::ifma::FpX8;
using ff::ifma::FpX8Kernels;

// Eight Fp2 elements: their c0 parts in one set of Fp lanes, their c1 parts in another.
struct Fp2X8 {
  FpX8 c0, c1;
};

// The lane form of a coordinate field (ff::Fp or ff::Fp2) and its arithmetic on Fp kernels.
template <typename Field>
struct LaneField;

template <>
struct LaneField<ff::Fp> {
  using Lanes = FpX8;
  // Sets lane k of x to v.
  static void Set(Lanes& x, int k, const ff::Fp& v) { x.SetLane(k, v.montgomery()); }
  // Returns lane k of x, below p.
  static ff::Fp Get(const Lanes& x, int k) { return ff::Fp::FromMontgomery(x.Lane(k)); }
  // out = a - b per lane; out may alias a or b.
  static void Sub(const FpX8Kernels& f, Lanes& out, const Lanes& a, const Lanes& b) {
    f.sub(out, a, b);
  }
  // out = a b per lane; out may alias a or b.
  static void Mul(const FpX8Kernels& f, Lanes& out, const Lanes& a, const Lanes& b) {
    f.mul(out, a, b);
  }
  // out = a^2 per lane; out may alias a.
  static void Square(const FpX8Kernels& f, Lanes& out, const Lanes& a) { f.mul(out, a, a); }
};

template <>
struct LaneField<ff::Fp2> {
  using Lanes = Fp2X8;
  // Sets lane k of x to v.
  static void Set(Lanes& x, int k, const ff::Fp2& v) {
    x.c0.SetLane(k, v.c0.montgomery());
    x.c1.SetLane(k, v.c1.montgomery());
  }
  // Returns lane k of x, both parts below p.
  static ff::Fp2 Get(const Lanes& x, int k) {
    return {ff::Fp::FromMontgomery(x.c0.Lane(k)), ff::Fp::FromMontgomery(x.c1.Lane(k))};
  }
  // out = a - b per lane; out may alias a or b.
  static void Sub(const FpX8Kernels& f, Lanes& out, const Lanes& a, const Lanes& b) {
    f.sub(out.c0, a.c0, b.c0);
    f.sub(out.c1, a.c1, b.c1);
  }
  // out = a b per lane by Karatsuba (ff::Fp2::operator*): three Fp products; out may alias a or b.
  static void Mul(const FpX8Kernels& f, Lanes& out, const Lanes& a, const Lanes& b) {
    FpX8 v0, v1, sa, sb;
    f.mul(v0, a.c0, b.c0);
    f.mul(v1, a.c1, b.c1);
    f.add(sa, a.c0, a.c1);
    f.add(sb, b.c0, b.c1);
    f.mul(sa, sa, sb);
    f.sub(out.c0, v0, v1);
    f.sub(sa, sa, v0);
    f.sub(out.c1, sa, v1);
  }
  // out = a^2 per lane by the complex method (ff::Fp2::Square): two Fp products; out may alias a.
  static void Square(const FpX8Kernels& f, Lanes& out, const Lanes& a) {
    FpX8 t, s, d;
    f.mul(t, a.c0, a.c1);
    f.add(s, a.c0, a.c1);
    f.sub(d, a.c0, a.c1);
    f.mul(out.c0, s, d);
    f.add(out.c1, t, t);
  }
};

// Returns every lane set to Field's one.
template <typename Field>
typename LaneField<Field>::Lanes OnesX8() {
  typename LaneField<Field>::Lanes x;
  for (int k = 0; k < 8; ++k) LaneField<Field>::Set(x, k, Field::One());
  return x;
}

// Replaces each lane, all non-zero, by its inverse (one scalar inversion for the eight, by
// Montgomery's trick on the lanes).
template <typename Field>
void InvertEachLane(typename LaneField<Field>::Lanes& x) {
  using L = LaneField<Field>;
  Field lane[8], prefix[8];
  Field product = Field::One();
  for (int k = 0; k < 8; ++k) {
    lane[k] = L::Get(x, k);
    prefix[k] = product;
    product *= lane[k];
  }
  Field inverse = product.InverseVartime();
  for (int k = 8; k-- > 0;) {
    L::Set(x, k, inverse * prefix[k]);
    inverse *= lane[k];
  }
}

// acc(i) += addend(i) for i < n on Curve (G1 or G2), all pairs regular (neither point infinity,
// x coordinates distinct), with one inversion for the n additions.
template <typename Curve>
class AffineLaneAdder {
 public:
  using Field = typename Curve::Field;
  using Affine = ec::Affine<Curve>;
  using L = LaneField<Field>;
  using Lanes = typename L::Lanes;

  explicit AffineLaneAdder(const FpX8Kernels& kernels) : k_(kernels) {}

  // acc(i) returns an Affine& that no other i returns; addend(i) a const Affine& that aliases no
  // acc.
  template <typename Acc, typename Addend>
  void AddAll(size_t n, Acc acc, Addend addend) {
    if (n == 0) return;
    size_t groups = (n + 7) / 8;
    diff_.resize(groups);
    prefix_.resize(groups);
    // Forward: diff = x_Q - x_P per lane; prefix[g] = product of the diffs before group g. A lane
    // past n takes diff 1, so its chain stays invertible.
    Lanes product = OnesX8<Field>();
    for (size_t g = 0; g < groups; ++g) {
      Lanes px, qx;
      for (int k = 0; k < 8; ++k) {
        size_t i = 8 * g + static_cast<size_t>(k);
        L::Set(px, k, i < n ? acc(i).x : Field::Zero());
        L::Set(qx, k, i < n ? addend(i).x : Field::One());
      }
      L::Sub(k_, diff_[g], qx, px);
      prefix_[g] = product;
      L::Mul(k_, product, product, diff_[g]);
    }
    InvertEachLane<Field>(product);
    // Backward: 1 / diff = (inverse of the prefix through g) * prefix[g]; then
    // lambda = (y_Q - y_P) / diff, x = lambda^2 - x_P - x_Q, y = lambda (x_P - x) - y_P.
    for (size_t g = groups; g-- > 0;) {
      Lanes inverse;
      L::Mul(k_, inverse, product, prefix_[g]);
      L::Mul(k_, product, product, diff_[g]);
      Lanes px, py, qx, qy;
      for (int k = 0; k < 8; ++k) {
        size_t i = 8 * g + static_cast<size_t>(k);
        if (i >= n) {
          for (Lanes* v : {&px, &py, &qx, &qy}) L::Set(*v, k, Field::Zero());
          continue;
        }
        const Affine &p = acc(i), &q = addend(i);
        L::Set(px, k, p.x);
        L::Set(py, k, p.y);
        L::Set(qx, k, q.x);
        L::Set(qy, k, q.y);
      }
      Lanes lambda, x, y;
      L::Sub(k_, lambda, qy, py);
      L::Mul(k_, lambda, lambda, inverse);
      L::Square(k_, x, lambda);
      L::Sub(k_, x, x, px);
      L::Sub(k_, x, x, qx);
      L::Sub(k_, y, px, x);
      L::Mul(k_, y, lambda, y);
      L::Sub(k_, y, y, py);
      for (int k = 0; k < 8 && 8 * g + static_cast<size_t>(k) < n; ++k) {
        Affine& p = acc(8 * g + static_cast<size_t>(k));
        p.x = L::Get(x, k);
        p.y = L::Get(y, k);
      }
    }
  }

 private:
  const FpX8Kernels& k_;
  std::vector<Lanes> diff_, prefix_;
};

}  // namespace cuzk::msm::detail
