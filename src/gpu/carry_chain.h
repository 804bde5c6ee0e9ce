// SPDX-License-Identifier: Apache-2.0 OR MIT
// CarryChain: 32-bit additions, subtractions and multiply-adds that pass a carry (or borrow) from
// one to the next, as PTX's extended-precision instructions do (add.cc, addc, sub.cc, subc,
// mad.lo.cc, madc.hi.cc; PTX ISA, "Extended-Precision Integer Arithmetic Instructions"). In device
// code each call is that one instruction and the carry is the hardware's condition code, so the
// calls of one chain must follow each other with no other carry-using code between them; on the
// host the carry is a member with the same meaning, so that what is written over a chain (Field's
// 32-bit product, gpu/field.h) runs, and is tested against src/ff, on every machine.
#pragma once

#include "gpu/hd.h"

namespace cuzk::gpu {

class CarryChain {
 public:
  // lo(a * b) + c; sets the carry (a chain's first step: no carry in).
  CUZK_HD uint32_t MadLo(uint32_t a, uint32_t b, uint32_t c) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
#else
    return Host(uint64_t{static_cast<uint32_t>(uint64_t{a} * b)} + c, false);
#endif
  }
  // lo(a * b) + c + carry; sets the carry.
  CUZK_HD uint32_t MadcLo(uint32_t a, uint32_t b, uint32_t c) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
#else
    return Host(uint64_t{static_cast<uint32_t>(uint64_t{a} * b)} + c, true);
#endif
  }
  // hi(a * b) + c + carry; sets the carry.
  CUZK_HD uint32_t MadcHi(uint32_t a, uint32_t b, uint32_t c) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
#else
    return Host(((uint64_t{a} * b) >> 32) + c, true);
#endif
  }
  // a + b; sets the carry (a chain's first step).
  CUZK_HD uint32_t Add(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
#else
    return Host(uint64_t{a} + b, false);
#endif
  }
  // a + b + carry; sets the carry.
  CUZK_HD uint32_t Addc(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
#else
    return Host(uint64_t{a} + b, true);
#endif
  }
  // a + b + carry, ending the chain.
  CUZK_HD uint32_t AddcEnd(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("addc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
#else
    return Host(uint64_t{a} + b, true);
#endif
  }
  // a - b; sets the borrow (a chain's first step).
  CUZK_HD uint32_t Sub(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
#else
    return HostSub(a, b, false);
#endif
  }
  // a - (b + borrow); sets the borrow.
  CUZK_HD uint32_t Subc(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
#else
    return HostSub(a, b, true);
#endif
  }
  // a - (b + borrow), ending the chain.
  CUZK_HD uint32_t SubcEnd(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
    uint32_t d;
    asm volatile("subc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
#else
    return HostSub(a, b, true);
#endif
  }

#if !defined(__CUDA_ARCH__)
 private:
  // The low word of sum (+ the carry when with_carry), setting the carry to what goes above it.
  uint32_t Host(uint64_t sum, bool with_carry) {
    if (with_carry) sum += carry_;
    carry_ = static_cast<uint32_t>(sum >> 32);
    return static_cast<uint32_t>(sum);
  }
  // a - b (- the borrow when with_borrow), setting the borrow.
  uint32_t HostSub(uint32_t a, uint32_t b, bool with_borrow) {
    uint64_t subtrahend = uint64_t{b} + (with_borrow ? carry_ : 0);
    carry_ = uint64_t{a} < subtrahend ? 1 : 0;
    return static_cast<uint32_t>(uint64_t{a} - subtrahend);
  }

  uint32_t carry_ = 0;
#endif
};

}  // namespace cuzk::gpu
