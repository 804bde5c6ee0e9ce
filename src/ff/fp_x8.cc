// SPDX-License-Identifier: Apache-2.0 OR MIT
// Choosing the eight-lane Fp kernels at run time: the IFMA ones only where the CPU runs them, the
// environment allows them and they agree with Fp's scalar arithmetic on a known-answer check.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <random>
#include <type_traits>

#include "ff/fp.h"
#include "ff/fp2.h"
#include "ff/fp_x8_ifma.h"
#include "ff/fr_x8_ifma.h"

namespace cuzk::ff::ifma {
namespace {

// Returns lanes of values[first + k] (k < 8, indices mod 24).
FpX8 PackValues(const Fp (&values)[24], int first) {
  FpX8 x;
  for (int k = 0; k < 8; ++k) x.SetLane(k, values[(first + k) % 24].montgomery());
  return x;
}

// An (x, y) pair laid out as the chord kernels read it: twelve words (Fp) or 24 (Fp2).
template <typename Field>
struct XY {
  Field x, y;
};
static_assert(sizeof(XY<Fp>) == 12 * sizeof(uint64_t) && std::is_standard_layout_v<XY<Fp>>);
static_assert(sizeof(XY<Fp2>) == 24 * sizeof(uint64_t) && std::is_standard_layout_v<XY<Fp2>>);

// Runs the chord kernels over Field (Fp or Fp2) on group g of pairs p, q: forward, or backward
// (Q negated in the lanes on in negate_q).
template <typename Field>
void RunChordStep(const FpX8Kernels& kernels, bool forward, auto& diff, auto& prefix, auto& product,
                  uint64_t* const p[8], const uint64_t* const q[8], int lanes, unsigned negate_q) {
  if constexpr (std::is_same_v<Field, Fp>) {
    if (forward) return kernels.chord_forward(diff, prefix, product, p, q, lanes);
    kernels.chord_backward(product, prefix, diff, p, q, lanes, negate_q);
  } else {
    if (forward) return kernels.chord_forward_fp2(diff, prefix, product, p, q, lanes);
    kernels.chord_backward_fp2(product, prefix, diff, p, q, lanes, negate_q);
  }
}

// Whether the chord kernels over Field add 11 pseudo-random pairs (a full group of eight, then
// three lanes; Q negated in some lanes of each) as the scalar chord rule does, and leave the
// points past those lanes alone.
template <typename Field>
bool ChordKernelsAgreeWithScalar(const FpX8Kernels& kernels, std::mt19937_64& rng) {
  using Lanes = std::conditional_t<std::is_same_v<Field, Fp>, FpX8, Fp2X8>;
  constexpr int kPairs = 11;
  XY<Field> p[kPairs + 1], q[kPairs + 1];
  for (int i = 0; i <= kPairs; ++i) {
    p[i] = {Field::Random(rng), Field::Random(rng)};
    q[i] = {Field::Random(rng), Field::Random(rng)};
  }
  XY<Field> before[kPairs + 1];
  std::copy(std::begin(p), std::end(p), before);
  auto words = [](XY<Field>& v) { return reinterpret_cast<uint64_t*>(&v); };
  uint64_t* p_at[2][8];
  const uint64_t* q_at[2][8];
  for (int i = 0; i < 16; ++i) {
    p_at[i / 8][i % 8] = i <= kPairs ? words(p[i]) : nullptr;
    q_at[i / 8][i % 8] = i <= kPairs ? words(q[i]) : nullptr;
  }
  const int lanes[2] = {8, kPairs - 8};
  const unsigned negate[2] = {0b10100110, 0b010};
  Lanes diff[2], prefix[2], product;
  // The lanes as Field elements: Fp's words, or Fp2's two parts.
  auto get = [](const Lanes& x, int k) {
    if constexpr (std::is_same_v<Field, Fp>) {
      return Fp::FromMontgomery(x.Lane(k));
    } else {
      return Fp2{Fp::FromMontgomery(x.c[0].Lane(k)), Fp::FromMontgomery(x.c[1].Lane(k))};
    }
  };
  auto set = [](Lanes& x, int k, const Field& v) {
    if constexpr (std::is_same_v<Field, Fp>) {
      x.SetLane(k, v.montgomery());
    } else {
      x.c[0].SetLane(k, v.c0.montgomery());
      x.c[1].SetLane(k, v.c1.montgomery());
    }
  };
  for (int k = 0; k < 8; ++k) set(product, k, Field::One());
  for (int g = 0; g < 2; ++g)
    RunChordStep<Field>(kernels, true, diff[g], prefix[g], product, p_at[g], q_at[g], lanes[g], 0);
  for (int k = 0; k < 8; ++k) set(product, k, get(product, k).InverseVartime());
  for (int g = 2; g-- > 0;)
    RunChordStep<Field>(kernels, false, diff[g], prefix[g], product, p_at[g], q_at[g], lanes[g],
                        negate[g]);
  for (int i = 0; i < kPairs; ++i) {
    const XY<Field>& a = before[i];
    XY<Field> b = q[i];
    if ((negate[i / 8] >> (i % 8)) & 1) b.y = -b.y;
    Field lambda = (b.y - a.y) * (b.x - a.x).InverseVartime();
    Field x = lambda.Square() - a.x - b.x;
    if (p[i].x != x || p[i].y != lambda * (a.x - x) - a.y) return false;
  }
  return p[kPairs].x == before[kPairs].x && p[kPairs].y == before[kPairs].y;
}

}  // namespace

bool FpKernelsAgreeWithScalar(const FpX8Kernels& kernels) {
  std::mt19937_64 rng(0x5eed1e55);
  Fp values[24];
  for (Fp& v : values) v = Fp::Random(rng);
  values[0] = values[13] = Fp::Zero();
  values[1] = values[22] = Fp::One();
  values[2] = values[11] = values[23] = -Fp::One();
  for (int round = 0; round < 3; ++round) {
    FpX8 a = PackValues(values, 8 * round), b = PackValues(values, 8 * round + 5);
    FpX8 product, sum, difference;
    kernels.mul(product, a, b);
    kernels.add(sum, a, b);
    kernels.sub(difference, a, b);
    for (int k = 0; k < 8; ++k) {
      const Fp &x = values[(8 * round + k) % 24], &y = values[(8 * round + 5 + k) % 24];
      if (product.Lane(k) != (x * y).montgomery() || sum.Lane(k) != (x + y).montgomery() ||
          difference.Lane(k) != (x - y).montgomery()) {
        return false;
      }
    }
  }
  return ChordKernelsAgreeWithScalar<Fp>(kernels, rng) &&
         ChordKernelsAgreeWithScalar<Fp2>(kernels, rng);
}

const FpX8Kernels* CheckedIfmaFpKernels() {
#if defined(__x86_64__)
  static const FpX8Kernels kIfma{&MulMontFpX8,       &AddFpX8,           &SubFpX8,
                                 &ChordForwardFpX8,  &ChordBackwardFpX8, &ChordForwardFp2X8,
                                 &ChordBackwardFp2X8};
  static const bool usable = [] {
    if (!FrX8Supported()) return false;
    if (!FpKernelsAgreeWithScalar(kIfma)) {
      std::fprintf(stderr,
                   "cuzk: the AVX-512 IFMA Fp kernels disagree with the scalar ones on this CPU: "
                   "the MSM runs scalar\n");
      return false;
    }
    return true;
  }();
  return usable && !IfmaDeclined() ? &kIfma : nullptr;
#else
  return nullptr;
#endif
}

}  // namespace cuzk::ff::ifma
