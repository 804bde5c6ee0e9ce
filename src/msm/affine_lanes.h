// SPDX-License-Identifier: Apache-2.0 OR MIT
// Batch-affine G1 and G2 additions eight at a time on the chord kernels of ff/fp_x8_ifma.h
// (AVX-512 IFMA, or their plain-loop emulation in tests), which read and write the points where
// they lie. Lane k of group g holds pair 8g + k, so the prefix products of Montgomery's trick run
// as eight chains side by side, one per lane; the eight chain totals are inverted together on the
// scalar side (one inversion). Each addition costs six lane products in G1 (Fp), and in G2 five
// Fp2 products of three Fp lane products each (Karatsuba, as ff/fp2.h) plus a square of two, as
// in the scalar path (msm/batch_affine.h); the results are the same bit for bit: the lanes keep
// Fp's Montgomery form and reduce fully.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "ec/g1.h"
#include "ec/g2.h"
#include "ff/fp_x8_ifma.h"

namespace cuzk::msm::detail {

using ff::ifma::Fp2X8;
using ff::ifma::FpX8;
using ff::ifma::FpX8Kernels;

// The lane form of a coordinate field (ff::Fp or ff::Fp2).
template <typename Field>
struct LaneField;

template <>
struct LaneField<ff::Fp> {
  using Lanes = FpX8;
  // Sets lane k of x to v.
  static void Set(Lanes& x, int k, const ff::Fp& v) { x.SetLane(k, v.montgomery()); }
  // Returns lane k of x, below p.
  static ff::Fp Get(const Lanes& x, int k) { return ff::Fp::FromMontgomery(x.Lane(k)); }
};

template <>
struct LaneField<ff::Fp2> {
  using Lanes = Fp2X8;
  // Sets lane k of x to v.
  static void Set(Lanes& x, int k, const ff::Fp2& v) {
    x.c[0].SetLane(k, v.c0.montgomery());
    x.c[1].SetLane(k, v.c1.montgomery());
  }
  // Returns lane k of x, both parts below p.
  static ff::Fp2 Get(const Lanes& x, int k) {
    return {ff::Fp::FromMontgomery(x.c[0].Lane(k)), ff::Fp::FromMontgomery(x.c[1].Lane(k))};
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
  using Lanes = typename LaneField<Field>::Lanes;

  explicit AffineLaneAdder(const FpX8Kernels& kernels) : k_(kernels) {}

  // acc(i) returns an Affine& that no other i returns; addend(i) a const Affine& that aliases no
  // acc; negate(i) whether -addend(i) is added instead.
  template <typename Acc, typename Addend, typename Negate>
  void AddAll(size_t n, Acc acc, Addend addend, Negate negate) {
    // The kernels address a point by its first word: x then y, each Field's Fp words in order.
    static_assert(offsetof(Affine, x) == 0 && offsetof(Affine, y) == sizeof(Field) &&
                  sizeof(Field) % (6 * sizeof(uint64_t)) == 0 && std::is_standard_layout_v<Affine>);
    static_assert(offsetof(ff::Fp2, c0) == 0 && offsetof(ff::Fp2, c1) == sizeof(ff::Fp));
    constexpr bool kG1 = std::is_same_v<Field, ff::Fp>;
    if (n == 0) return;
    size_t groups = (n + 7) / 8;
    diff_.resize(groups);
    prefix_.resize(groups);
    uint64_t* p[8];
    const uint64_t* q[8];
    unsigned negated = 0;  // bit k: lane k adds -Q
    // Points the kernels at group g's pairs; returns how many lanes it fills.
    auto address = [&](size_t g) {
      int lanes = static_cast<int>(std::min<size_t>(8, n - 8 * g));
      negated = 0;
      for (int k = 0; k < 8; ++k) {
        size_t i = 8 * g + static_cast<size_t>(k);
        p[k] = k < lanes ? reinterpret_cast<uint64_t*>(&acc(i)) : nullptr;
        q[k] = k < lanes ? reinterpret_cast<const uint64_t*>(&addend(i)) : nullptr;
        if (k < lanes && negate(i)) negated |= 1u << k;
      }
      return lanes;
    };
    // Forward: diff = x_Q - x_P per lane; prefix[g] = product of the diffs before group g.
    Lanes product = OnesX8<Field>();
    for (size_t g = 0; g < groups; ++g) {
      int lanes = address(g);
      if constexpr (kG1) {
        k_.chord_forward(diff_[g], prefix_[g], product, p, q, lanes);
      } else {
        k_.chord_forward_fp2(diff_[g], prefix_[g], product, p, q, lanes);
      }
    }
    InvertEachLane<Field>(product);
    // Backward: 1 / diff = (inverse of the prefix through g) * prefix[g]; then the chord rule.
    for (size_t g = groups; g-- > 0;) {
      int lanes = address(g);
      if constexpr (kG1) {
        k_.chord_backward(product, prefix_[g], diff_[g], p, q, lanes, negated);
      } else {
        k_.chord_backward_fp2(product, prefix_[g], diff_[g], p, q, lanes, negated);
      }
    }
  }

  // AddAll adding every addend as it is.
  template <typename Acc, typename Addend>
  void AddAll(size_t n, Acc acc, Addend addend) {
    AddAll(n, acc, addend, [](size_t) { return false; });
  }

 private:
  const FpX8Kernels& k_;
  std::vector<Lanes> diff_, prefix_;
};

}  // namespace cuzk::msm::detail
