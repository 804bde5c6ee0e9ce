// SPDX-License-Identifier: Apache-2.0 OR MIT
// Field<P>: a prime field in Montgomery form for the host and the device, with the same limbs as
// ff::MontField (R = 2^(64N)), so elements move between the two by copying their limbs.
// Multiplication is CIOS (Koc, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication
// algorithms", IEEE Micro 1996, Sec. 4). Values are kept fully reduced, below p.
// P supplies: kLimbs, Modulus(), MontgomeryOne() (R mod p) and kInv (-p^-1 mod 2^64).
#pragma once

#include "gpu/hd.h"

namespace cuzk::gpu {

template <typename P>
struct Field {
  static constexpr int N = P::kLimbs;
  uint64_t l[N];

  // Returns 0.
  CUZK_HD static Field Zero() {
    Field r;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) r.l[i] = 0;
    return r;
  }
  // Returns 1 (R in Montgomery form).
  CUZK_HD static Field One() {
    constexpr Limbs<N> one = P::MontgomeryOne();
    Field r;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) r.l[i] = one.v[i];
    return r;
  }
  // Returns true iff the element is 0.
  CUZK_HD bool IsZero() const {
    uint64_t acc = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) acc |= l[i];
    return acc == 0;
  }
  CUZK_HD friend bool operator==(const Field& a, const Field& b) {
    uint64_t acc = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) acc |= a.l[i] ^ b.l[i];
    return acc == 0;
  }
  CUZK_HD friend bool operator!=(const Field& a, const Field& b) { return !(a == b); }

  CUZK_HD friend Field operator+(const Field& a, const Field& b) {
    Field s;
    uint64_t carry = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) s.l[i] = AddCarry(a.l[i], b.l[i], carry);
    // p < 2^(64N - 1), so a + b < 2^(64N): no carry out; subtract p once if s >= p.
    return s.ReduceOnce();
  }
  CUZK_HD friend Field operator-(const Field& a, const Field& b) {
    constexpr Limbs<N> p = P::Modulus();
    Field d;
    uint64_t borrow = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) d.l[i] = SubBorrow(a.l[i], b.l[i], borrow);
    // On a borrow, add p back (the mask is all ones or zero).
    uint64_t mask = 0 - borrow, carry = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) d.l[i] = AddCarry(d.l[i], p.v[i] & mask, carry);
    return d;
  }
  CUZK_HD Field operator-() const { return Zero() - *this; }
  CUZK_HD Field Double() const { return *this + *this; }

  CUZK_HD friend Field operator*(const Field& a, const Field& b) {
    constexpr Limbs<N> p = P::Modulus();
    uint64_t t[N + 2];
    CUZK_UNROLL
    for (int i = 0; i < N + 2; ++i) t[i] = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) {
      uint64_t carry = 0;
      CUZK_UNROLL
      for (int j = 0; j < N; ++j) t[j] = MulAdd(a.l[j], b.l[i], t[j], carry);
      uint64_t c2 = 0;
      t[N] = AddCarry(t[N], carry, c2);
      t[N + 1] = c2;
      uint64_t m = t[0] * P::kInv;
      carry = 0;
      MulAdd(m, p.v[0], t[0], carry);  // the low word is 0 by the choice of m
      CUZK_UNROLL
      for (int j = 1; j < N; ++j) t[j - 1] = MulAdd(m, p.v[j], t[j], carry);
      c2 = 0;
      t[N - 1] = AddCarry(t[N], carry, c2);
      t[N] = t[N + 1] + c2;
    }
    Field r;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) r.l[i] = t[i];
    // The CIOS result is below 2p (and t[N] is 0, p having a spare top bit).
    return r.ReduceOnce();
  }
  CUZK_HD Field Square() const { return *this * *this; }

  // Returns the element times the plain integer 1, i.e. out of Montgomery form: the canonical
  // integer's limbs.
  CUZK_HD Field FromMontgomeryForm() const {
    Field one_raw = Zero();
    one_raw.l[0] = 1;
    return *this * one_raw;
  }

 private:
  // Subtracts p when the value is >= p (the value must be below 2p).
  CUZK_HD Field ReduceOnce() const {
    constexpr Limbs<N> p = P::Modulus();
    Field d;
    uint64_t borrow = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; ++i) d.l[i] = SubBorrow(l[i], p.v[i], borrow);
    // borrow set: the value was below p, keep it.
    return borrow ? *this : d;
  }
};

}  // namespace cuzk::gpu
