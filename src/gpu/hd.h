// SPDX-License-Identifier: Apache-2.0 OR MIT
// Code shared by the host and the device. Under nvcc, CUZK_HD marks a function for both (and
// inlines it); under the host compiler it is plain `inline`, so the same headers are compiled by
// g++ and tested against src/ff and src/ec on every `make test`, with or without a GPU. It is the
// one host/device mark: the launches' per-thread work is function objects with CUZK_HD call
// operators (ntt_steps.h, msm_steps.h), not lambdas, which could not take `inline`.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define CUZK_HD __host__ __device__ __forceinline__
#define CUZK_UNROLL _Pragma("unroll")
#else
#define CUZK_HD inline
#define CUZK_UNROLL
#endif

namespace cuzk::gpu {

// N little-endian 64-bit limbs, a literal type usable in constexpr device code.
template <int N>
struct Limbs {
  uint64_t v[N];
};

// Returns a + b + carry_in in 64 bits and sets carry to the carry out (0 or 1).
CUZK_HD uint64_t AddCarry(uint64_t a, uint64_t b, uint64_t& carry) {
  unsigned __int128 s = static_cast<unsigned __int128>(a) + b + carry;
  carry = static_cast<uint64_t>(s >> 64);
  return static_cast<uint64_t>(s);
}

// Returns a - b - borrow_in in 64 bits and sets borrow to the borrow out (0 or 1).
CUZK_HD uint64_t SubBorrow(uint64_t a, uint64_t b, uint64_t& borrow) {
  unsigned __int128 d = static_cast<unsigned __int128>(a) - b - borrow;
  borrow = static_cast<uint64_t>(d >> 64) & 1;
  return static_cast<uint64_t>(d);
}

// Returns the low word of a * b + c + carry_in and sets carry to the high word.
CUZK_HD uint64_t MulAdd(uint64_t a, uint64_t b, uint64_t c, uint64_t& carry) {
  unsigned __int128 t = static_cast<unsigned __int128>(a) * b + c + carry;
  carry = static_cast<uint64_t>(t >> 64);
  return static_cast<uint64_t>(t);
}

}  // namespace cuzk::gpu
