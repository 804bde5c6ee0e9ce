// SPDX-License-Identifier: Apache-2.0 OR MIT
// Field<P>: a prime field in Montgomery form for the host and the device, with the same limbs as
// ff::MontField (R = 2^(64N)), so elements move between the two by copying their limbs.
// Multiplication is CIOS (Koc, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication
// algorithms", IEEE Micro 1996, Sec. 4): on 64-bit words on the host, on 32-bit words in device
// code (Mul32), where a 32x32-bit multiply-add with carry is one instruction and a 64-bit product
// takes four. Values are kept fully reduced, below p.
// P supplies: kLimbs, Modulus(), MontgomeryOne() (R mod p) and kInv (-p^-1 mod 2^64).
#pragma once

#include "gpu/carry_chain.h"
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
#if defined(__CUDA_ARCH__)
    return Mul32(a, b);
#else
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
#endif
  }
  CUZK_HD Field Square() const { return *this * *this; }

  // a * b by CIOS on M = 2N 32-bit words, as device code multiplies (the host tests it against
  // operator* and src/ff). A row's products go to two accumulators, as Emmart and Weems split them
  // ("Optimizing modular multiplication for NVIDIA's Maxwell GPUs", ARITH 2016): those of the even
  // words of a (and of p) to `t`, in (low, high) pairs at even positions, those of the odd words
  // to `o`, one word up; each pair's halves follow each other in one carry chain, which the
  // device compiles to one wide multiply-add with carry, and neither accumulator's pairs ever
  // straddle the other's. Position 0 is t's alone, so m comes from t[0]; the row ends by adding
  // o to t shifted down a word (dropping t[0], made zero by m * p). With a < p, t < 2p at a row's
  // start (CIOS's bound) and 2p < 2^(32M): t and o each fit M + 1 words.
  CUZK_HD static Field Mul32(const Field& a, const Field& b) {
    constexpr int M = 2 * N;
    uint32_t x[M], y[M], p[M], t[M + 1];
    Words<M>(a.l, x);
    Words<M>(b.l, y);
    Words<M>(P::Modulus().v, p);
    CUZK_UNROLL
    for (int j = 0; j <= M; ++j) t[j] = 0;
    CUZK_UNROLL
    for (int i = 0; i < M; ++i) {
      uint32_t o[M + 1];
      CUZK_UNROLL
      for (int j = 0; j <= M; ++j) o[j] = 0;
      AddPairProducts<M>(t, x, y[i]);
      AddPairProducts<M>(o, x + 1, y[i]);
      ReduceRow<M>(t, o, p);
    }
    return BelowP<M>(t, p);
  }

  // The element times 2^(-32M) mod p, i.e. out of Montgomery form (FromMontgomeryForm in device
  // code): Mul32's rows without their products, as multiplying by the integer 1 would leave them.
  CUZK_HD static Field Redc32(const Field& a) {
    constexpr int M = 2 * N;
    uint32_t p[M], t[M + 1];
    Words<M>(P::Modulus().v, p);
    Words<M>(a.l, t);
    t[M] = 0;
    CUZK_UNROLL
    for (int i = 0; i < M; ++i) {
      uint32_t o[M + 1];
      CUZK_UNROLL
      for (int j = 0; j <= M; ++j) o[j] = 0;
      ReduceRow<M>(t, o, p);
    }
    return BelowP<M>(t, p);
  }

  // Returns the element times the plain integer 1, i.e. out of Montgomery form: the canonical
  // integer's limbs.
  CUZK_HD Field FromMontgomeryForm() const {
#if defined(__CUDA_ARCH__)
    return Redc32(*this);
#else
    Field one_raw = Zero();
    one_raw.l[0] = 1;
    return *this * one_raw;
#endif
  }

 private:
  // The M 32-bit words of M/2 64-bit limbs, low first.
  template <int M>
  CUZK_HD static void Words(const uint64_t* limbs, uint32_t* words) {
    CUZK_UNROLL
    for (int j = 0; j < M / 2; ++j) {
      words[2 * j] = static_cast<uint32_t>(limbs[j]);
      words[2 * j + 1] = static_cast<uint32_t>(limbs[j] >> 32);
    }
  }

  // One row's reduction, Mul32's and Redc32's: adds m * p with m = t[0] * (-p^-1 mod 2^32) (even
  // words' products to t, odd words' to o, as the row's products), then t = (t + o * 2^32) / 2^32,
  // exact since that makes the low word zero.
  template <int M>
  CUZK_HD static void ReduceRow(uint32_t* t, uint32_t* o, const uint32_t* p) {
    const uint32_t m = t[0] * static_cast<uint32_t>(P::kInv);
    AddPairProducts<M>(t, p, m);  // t[0] becomes 0
    AddPairProducts<M>(o, p + 1, m);
    CarryChain c;
    t[0] = c.Add(t[1], o[0]);
    CUZK_UNROLL
    for (int j = 1; j < M; ++j) t[j] = c.Addc(t[j + 1], o[j]);
    t[M] = c.AddcEnd(o[M], 0);
  }

  // The field element of t < 2p (M words; t[M] is 0): t, less p unless that borrows.
  template <int M>
  CUZK_HD static Field BelowP(const uint32_t* t, const uint32_t* p) {
    uint32_t d[M];
    CarryChain s;
    d[0] = s.Sub(t[0], p[0]);
    CUZK_UNROLL
    for (int j = 1; j < M; ++j) d[j] = s.Subc(t[j], p[j]);
    const uint32_t borrow = s.SubcEnd(0, 0);  // all ones when t < p
    Field r;
    CUZK_UNROLL
    for (int j = 0; j < N; ++j) {
      const uint32_t lo = borrow ? t[2 * j] : d[2 * j];
      const uint32_t hi = borrow ? t[2 * j + 1] : d[2 * j + 1];
      r.l[j] = (uint64_t{hi} << 32) | lo;
    }
    return r;
  }

  // acc[0..M] += the sum of v[2k] * w * 2^(64k) for k < M/2: the products of v's even words (or,
  // given v + 1, its odd words), each added as a (low, high) pair in one carry chain.
  template <int M>
  CUZK_HD static void AddPairProducts(uint32_t* acc, const uint32_t* v, uint32_t w) {
    CarryChain c;
    acc[0] = c.MadLo(v[0], w, acc[0]);
    acc[1] = c.MadcHi(v[0], w, acc[1]);
    CUZK_UNROLL
    for (int k = 2; k < M; k += 2) {
      acc[k] = c.MadcLo(v[k], w, acc[k]);
      acc[k + 1] = c.MadcHi(v[k], w, acc[k + 1]);
    }
    acc[M] = c.AddcEnd(acc[M], 0);
  }

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
