// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ec/subgroup_mul.h"

#include <array>

namespace cuzk::ec {
namespace {

using u128 = unsigned __int128;

// Jacobian::BatchToAffine with a variable-time inversion (this file's inputs are public).
template <typename Curve, size_t N>
std::array<Affine<Curve>, N> ToAffineVartime(const std::array<Jacobian<Curve>, N>& in) {
  using Field = typename Curve::Field;
  std::array<Field, N> prefix;  // product of the Z of the points before i (identities skipped)
  Field acc = Field::One();
  for (size_t i = 0; i < N; ++i) {
    prefix[i] = acc;
    if (!in[i].IsIdentity()) acc *= in[i].z();
  }
  Field inv = acc.InverseVartime();
  std::array<Affine<Curve>, N> out;
  for (size_t i = N; i-- > 0;) {
    if (in[i].IsIdentity()) continue;  // out[i] stays the point at infinity
    const Field zinv = inv * prefix[i];
    inv *= in[i].z();
    const Field zinv2 = zinv.Square();
    out[i] = Affine<Curve>::FromXY(in[i].x() * zinv2, in[i].y() * zinv2 * zinv);
  }
  return out;
}

// Straus's joint ladder for [s_0] P_0 + ... + [s_{M-1}] P_{M-1}: the scalars are read W bits at
// a time from the top, and the W-bit digits of all M scalars index one table of the 2^(M W) = 16
// sums of their multiples, so each step is W doublings and at most one addition.
template <typename Curve, size_t M, size_t W>
Jacobian<Curve> JointMul(const std::array<Affine<Curve>, M>& points,
                         const std::array<u128, M>& scalars, int bits) {
  static_assert(M * W == 4, "a table of 16 sums");
  using Point = Jacobian<Curve>;
  constexpr u128 kDigitMask = (1u << W) - 1;
  std::array<Point, 16> sums;  // sums[i] = sum over j of digit j of i times P_j
  for (size_t i = 1; i < 16; ++i) {
    size_t j = 0;
    while (((i >> (W * j)) & kDigitMask) == 0) ++j;
    sums[i] = sums[i - (size_t{1} << (W * j))] + points[j];
  }
  const std::array<Affine<Curve>, 16> table = ToAffineVartime(sums);
  Point acc;
  for (int t = bits / static_cast<int>(W) - 1; t >= 0; --t) {
    for (size_t k = 0; k < W; ++k) acc = acc.Double();
    size_t index = 0;
    for (size_t j = 0; j < M; ++j) {
      index |= static_cast<size_t>((scalars[j] >> (W * t)) & kDigitMask) << (W * j);
    }
    acc += table[index];  // table[0] is the point at infinity, which += skips
  }
  return acc;
}

}  // namespace

std::array<uint64_t, 4> SeedDigits(const ff::Fr& k) {
  std::array<uint64_t, 4> q = k.ToCanonical();
  std::array<uint64_t, 4> digits{};
  for (size_t d = 0; d < 4; ++d) {  // q <- q / |x|, long division by one 64-bit limb
    u128 rem = 0;
    for (size_t i = 4; i-- > 0;) {
      const u128 cur = (rem << 64) | q[i];
      q[i] = static_cast<uint64_t>(cur / kSeedAbs);
      rem = cur % kSeedAbs;
    }
    digits[d] = static_cast<uint64_t>(rem);
  }
  return digits;
}

G1 MulInG1(const G1Affine& p, const ff::Fr& k) {
  if (p.infinity) return G1();
  // k = e0 + e1 |x|^2 with e0, e1 < 2^128, and [|x|^2] P = -phi(P).
  const std::array<uint64_t, 4> d = SeedDigits(k);
  const std::array<u128, 2> e = {d[0] + u128{d[1]} * kSeedAbs, d[2] + u128{d[3]} * kSeedAbs};
  return JointMul<G1Curve, 2, 2>({p, -G1Endomorphism(p)}, e, 128);
}

G2 MulInG2(const G2Affine& q, const ff::Fr& k) {
  if (q.infinity) return G2();
  // [|x|^i] Q = (-psi)^i (Q), since psi(Q) = [x] Q and x = -|x|.
  const std::array<uint64_t, 4> d = SeedDigits(k);
  const G2Affine psi1 = -G2Psi(q);
  const G2Affine psi2 = -G2Psi(psi1);
  const G2Affine psi3 = -G2Psi(psi2);
  return JointMul<G2Curve, 4, 1>({q, psi1, psi2, psi3}, {d[0], d[1], d[2], d[3]}, 64);
}

}  // namespace cuzk::ec
