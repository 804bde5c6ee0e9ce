// SPDX-License-Identifier: Apache-2.0 OR MIT
// Variable-time modular inversion by Bernstein-Yang divsteps ("Fast constant-time gcd
// computation and modular inversion", TCHES 2019), in batches of 62 as in Wuille's "safegcd"
// write-up for libsecp256k1, with the variable-time shortcut of skipping a run of zero low bits of
// g at once. Include only from mont_field_impl.h.
//
// State: f (the modulus at first) and g (x at first), with d * x = f and e * x = g (mod p).
// A batch works on the low 64 bits of f and g only: 62 divsteps yield a 2x2 integer matrix M
// (entries below 2^62 in magnitude) with (f, g) <- M (f, g) / 2^62 exactly; (d, e) follow the
// same matrix, the division by 2^62 made exact by adding a multiple of p. When g reaches 0, f is
// +-1 (the gcd) and x^-1 = +-d.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "ff/limbs.h"

namespace cuzk::ff::modinv {

using int128_t = __int128;
constexpr int kShift = 62;
constexpr uint64_t kMask = (uint64_t{1} << kShift) - 1;

// A signed integer sum_i limb[i] 2^(62 i): limbs below the top in [0, 2^62), the top signed.
template <size_t M>
using Signed62 = std::array<int64_t, M>;

// The transition matrix of a batch: (f', g') = (u f + v g, q f + r g) / 2^62.
struct Matrix {
  int64_t u, v, q, r;
};

// Runs 62 divsteps on the low bits of f and g (f odd), updating eta (= -delta); returns M.
inline Matrix Divsteps62(int64_t& eta, uint64_t f, uint64_t g) {
  // Invariant: f * 2^done = u F + v G and g * 2^done = q F + r G (mod 2^64), F, G the inputs.
  int64_t u = 1, v = 0, q = 0, r = 1;
  int left = kShift;
  for (;;) {
    // Halve g over its run of zero low bits (each halving is one divstep; the f row doubles
    // instead so the matrix stays integral).
    int zeros = __builtin_ctzll(g | (uint64_t{1} << left));
    g >>= zeros;
    u <<= zeros;
    v <<= zeros;
    eta -= zeros;
    left -= zeros;
    if (left == 0) break;
    // g is odd. With delta > 0 (eta < 0), swap: (f, g) <- (g, -f), as divstep's (g - f).
    if (eta < 0) {
      eta = -eta;
      uint64_t t = f;
      f = g;
      g = uint64_t{0} - t;
      int64_t tu = u, tv = v;
      u = q;
      v = r;
      q = -tu;
      r = -tv;
    }
    // Both odd: g + f is even, halved by the next round.
    g += f;
    q += u;
    r += v;
  }
  return {u, v, q, r};
}

// Returns (x a + y b + z c) / 2^62; the low 62 bits of the sum must be zero.
template <size_t M>
Signed62<M> CombineShifted(int64_t x, const Signed62<M>& a, int64_t y, const Signed62<M>& b,
                           int64_t z, const Signed62<M>& c) {
  Signed62<M> out{};
  int128_t acc = int128_t{x} * a[0] + int128_t{y} * b[0] + int128_t{z} * c[0];
  acc >>= kShift;
  for (size_t i = 1; i < M; ++i) {
    acc += int128_t{x} * a[i] + int128_t{y} * b[i] + int128_t{z} * c[i];
    out[i - 1] = static_cast<int64_t>(static_cast<uint64_t>(acc) & kMask);
    acc >>= kShift;
  }
  out[M - 1] = static_cast<int64_t>(acc);
  return out;
}

// (f, g) <- M (f, g) / 2^62, exactly.
template <size_t M>
void UpdateFg(Signed62<M>& f, Signed62<M>& g, const Matrix& m) {
  Signed62<M> f2 = CombineShifted(m.u, f, m.v, g, 0, f);
  g = CombineShifted(m.q, f, m.r, g, 0, f);
  f = f2;
}

// Returns a + sign * p for sign = +1 or -1 (limbs renormalized).
template <size_t M>
Signed62<M> AddMultipleOfP(const Signed62<M>& a, const Signed62<M>& p, int64_t sign) {
  Signed62<M> out{};
  int128_t c = 0;
  for (size_t i = 0; i < M; ++i) {
    c += int128_t{a[i]} + int128_t{sign} * p[i];
    if (i + 1 < M) {
      out[i] = static_cast<int64_t>(static_cast<uint64_t>(c) & kMask);
      c >>= kShift;
    } else {
      out[i] = static_cast<int64_t>(c);
    }
  }
  return out;
}

// Returns true iff a >= b (both with limbs normalized as in Signed62).
template <size_t M>
bool GreaterOrEqual(const Signed62<M>& a, const Signed62<M>& b) {
  for (size_t i = M; i-- > 0;) {
    if (a[i] != b[i]) return a[i] > b[i];
  }
  return true;
}

// (d, e) <- M (d, e) / 2^62 mod p, for d, e in [0, p); the results are brought back to [0, p).
template <size_t M>
void UpdateDe(Signed62<M>& d, Signed62<M>& e, const Matrix& m, const Signed62<M>& p,
              uint64_t p_inv62) {
  // md, me in [0, 2^62) make the low 62 bits of (u d + v e + md p) and (q d + r e + me p) zero.
  uint64_t low_d = static_cast<uint64_t>(m.u) * static_cast<uint64_t>(d[0]) +
                   static_cast<uint64_t>(m.v) * static_cast<uint64_t>(e[0]);
  uint64_t low_e = static_cast<uint64_t>(m.q) * static_cast<uint64_t>(d[0]) +
                   static_cast<uint64_t>(m.r) * static_cast<uint64_t>(e[0]);
  int64_t md = static_cast<int64_t>((uint64_t{0} - low_d * p_inv62) & kMask);
  int64_t me = static_cast<int64_t>((uint64_t{0} - low_e * p_inv62) & kMask);
  Signed62<M> d2 = CombineShifted(m.u, d, m.v, e, md, p);
  e = CombineShifted(m.q, d, m.r, e, me, p);
  d = d2;
  // |u| + |v| <= 2^62, so the results lie in (-p, 2p).
  for (Signed62<M>* x : {&d, &e}) {
    if ((*x)[M - 1] < 0) {
      *x = AddMultipleOfP(*x, p, 1);
    } else if (GreaterOrEqual(*x, p)) {
      *x = AddMultipleOfP(*x, p, -1);
    }
  }
}

// Returns the 62-bit-limb form of a non-negative N-limb integer.
template <size_t M, size_t N>
Signed62<M> ToSigned62(const Limbs<N>& a) {
  Signed62<M> out{};
  for (size_t i = 0; i < M; ++i) {
    out[i] = static_cast<int64_t>(BitField(a, i * kShift, kShift));
  }
  return out;
}

// Returns the N-limb form of a 62-bit-limb integer in [0, 2^(64 N)).
template <size_t N, size_t M>
Limbs<N> FromSigned62(const Signed62<M>& a) {
  Limbs<N> out{};
  for (size_t i = 0; i < M; ++i) {
    size_t bit = i * kShift, limb = bit / 64, shift = bit % 64;
    uint64_t w = static_cast<uint64_t>(a[i]);
    if (limb < N) out[limb] |= w << shift;
    if (shift > 64 - kShift && limb + 1 < N) out[limb + 1] |= w >> (64 - shift);
  }
  return out;
}

// Returns p^-1 mod 2^62 for odd p (Newton's iteration).
constexpr uint64_t InverseMod2To62(uint64_t p0) {
  uint64_t inv = 1;
  for (int i = 0; i < 6; ++i) inv *= 2 - p0 * inv;
  return inv & kMask;
}

// Returns x^-1 mod p for 0 <= x < p (0 for x = 0), p an odd prime below 2^(64 N); nullopt
// only if the divsteps did not finish within Bernstein-Yang's bound (which would be a bug).
template <size_t N>
std::optional<Limbs<N>> InverseVartime(const Limbs<N>& x, const Limbs<N>& p) {
  constexpr size_t M = (64 * N + 2 + kShift - 1) / kShift;  // room for a sign and a carry bit
  static_assert(M >= 3, "the low 64 bits are read from limbs 0 and 1");
  const uint64_t p_inv62 = InverseMod2To62(p[0]);
  const Signed62<M> p62 = ToSigned62<M>(p);
  Signed62<M> f = p62, g = ToSigned62<M>(x), d{}, e{};
  e[0] = 1;
  int64_t eta = -1;
  auto is_zero = [](const Signed62<M>& a) {
    for (int64_t limb : a) {
      if (limb != 0) return false;
    }
    return true;
  };
  if (is_zero(g)) return Limbs<N>{};
  // Bernstein-Yang's bound for inputs below 2^(64 N): (49 * 64 N + 80) / 17 divsteps.
  constexpr size_t kMaxBatches = (49 * 64 * N + 80) / 17 / kShift + 2;
  for (size_t batch = 0; batch < kMaxBatches && !is_zero(g); ++batch) {
    uint64_t f_low = static_cast<uint64_t>(f[0]) | static_cast<uint64_t>(f[1]) << kShift;
    uint64_t g_low = static_cast<uint64_t>(g[0]) | static_cast<uint64_t>(g[1]) << kShift;
    Matrix m = Divsteps62(eta, f_low, g_low);
    UpdateFg(f, g, m);
    UpdateDe(d, e, m, p62, p_inv62);
  }
  if (!is_zero(g)) return std::nullopt;
  // f = +-1 (the gcd): x^-1 = f d, and p - d when f = -1 (d is not 0: x is invertible).
  if (f[M - 1] < 0) {
    Signed62<M> minus_d;
    for (size_t i = 0; i < M; ++i) minus_d[i] = -d[i];
    d = AddMultipleOfP(minus_d, p62, 1);
  }
  return FromSigned62<N>(d);
}

}  // namespace cuzk::ff::modinv
