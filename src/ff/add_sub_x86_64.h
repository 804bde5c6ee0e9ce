// SPDX-License-Identifier: Apache-2.0 OR MIT
// Modular addition and subtraction for the 4-limb (Fr) and 6-limb (Fp) fields as inline x86-64
// assembly. Inline, the operands stay in registers: the out-of-line kernels these replace paid a
// call, a store and a reload per operation, which showed in the NTT butterflies and the MSM's
// batch-affine additions. Only ADD/ADC/SUB/SBB/CMOV are used (baseline x86-64). Every function
// requires a, b < p with p < 2^(64N-1), so a + b never carries out of the top limb. b is read
// through one pointer register (the 6-limb forms need 12 registers of their own), declared as a
// memory input so the compiler knows the words are read.
#pragma once

#include <cstdint>

namespace cuzk::ff::x86_64 {

// out = a + b mod p (4 limbs): the sum, a trial subtraction of p, and a select on its borrow.
[[gnu::always_inline]] inline void AddMod4(uint64_t* out, const uint64_t* a, const uint64_t* b,
                                           const uint64_t* p) {
  uint64_t r0 = a[0], r1 = a[1], r2 = a[2], r3 = a[3];
  uint64_t t0, t1, t2, t3;
  asm("addq (%[b]), %[r0]\n\t"
      "adcq 8(%[b]), %[r1]\n\t"
      "adcq 16(%[b]), %[r2]\n\t"
      "adcq 24(%[b]), %[r3]\n\t"
      "movq %[r0], %[t0]\n\t"
      "movq %[r1], %[t1]\n\t"
      "movq %[r2], %[t2]\n\t"
      "movq %[r3], %[t3]\n\t"
      "subq %[p0], %[t0]\n\t"
      "sbbq %[p1], %[t1]\n\t"
      "sbbq %[p2], %[t2]\n\t"
      "sbbq %[p3], %[t3]\n\t"
      "cmovncq %[t0], %[r0]\n\t"  // no borrow: a + b >= p, keep the difference
      "cmovncq %[t1], %[r1]\n\t"
      "cmovncq %[t2], %[r2]\n\t"
      "cmovncq %[t3], %[r3]"
      : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [t0] "=&r"(t0),
        [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3)
      : [b] "r"(b), "m"(*reinterpret_cast<const uint64_t(*)[4]>(b)), [p0] "m"(p[0]), [p1] "m"(p[1]),
        [p2] "m"(p[2]), [p3] "m"(p[3])
      : "cc");
  out[0] = r0, out[1] = r1, out[2] = r2, out[3] = r3;
}

// out = a - b mod p (4 limbs): the difference, plus p where it borrowed. (This one needs no spare
// bit: it also serves the modulus 2r of the NTT's lazy butterflies, for a, b < 2r.)
[[gnu::always_inline]] inline void SubMod4(uint64_t* out, const uint64_t* a, const uint64_t* b,
                                           const uint64_t* p) {
  uint64_t r0 = a[0], r1 = a[1], r2 = a[2], r3 = a[3];
  uint64_t t0, t1, t2, t3;
  asm("subq (%[b]), %[r0]\n\t"
      "sbbq 8(%[b]), %[r1]\n\t"
      "sbbq 16(%[b]), %[r2]\n\t"
      "sbbq 24(%[b]), %[r3]\n\t"
      "movq $0, %[t0]\n\t"  // MOV keeps the borrow flag for the CMOVs
      "movq $0, %[t1]\n\t"
      "movq $0, %[t2]\n\t"
      "movq $0, %[t3]\n\t"
      "cmovcq %[p0], %[t0]\n\t"  // borrow: add p back
      "cmovcq %[p1], %[t1]\n\t"
      "cmovcq %[p2], %[t2]\n\t"
      "cmovcq %[p3], %[t3]\n\t"
      "addq %[t0], %[r0]\n\t"
      "adcq %[t1], %[r1]\n\t"
      "adcq %[t2], %[r2]\n\t"
      "adcq %[t3], %[r3]"
      : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [t0] "=&r"(t0),
        [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3)
      : [b] "r"(b), "m"(*reinterpret_cast<const uint64_t(*)[4]>(b)), [p0] "m"(p[0]), [p1] "m"(p[1]),
        [p2] "m"(p[2]), [p3] "m"(p[3])
      : "cc");
  out[0] = r0, out[1] = r1, out[2] = r2, out[3] = r3;
}

// out = a + b, less m if that is at least m, for a, b < m < 2^256 (4 limbs; m = 2r in the NTT's
// lazy butterflies, where a + b may carry out of 256 bits): the sum, a trial subtraction of m,
// and a select of the difference unless the sum neither carried nor reached m. out < m.
[[gnu::always_inline]] inline void AddBelowBound4(uint64_t* out, const uint64_t* a,
                                                  const uint64_t* b, const uint64_t* m) {
  uint64_t r0 = a[0], r1 = a[1], r2 = a[2], r3 = a[3];
  uint64_t t0, t1, t2, t3, carry;
  asm("addq (%[b]), %[r0]\n\t"
      "adcq 8(%[b]), %[r1]\n\t"
      "adcq 16(%[b]), %[r2]\n\t"
      "adcq 24(%[b]), %[r3]\n\t"
      "movl $0, %k[c]\n\t"  // MOV keeps the carry flag
      "adcq $0, %[c]\n\t"   // c = carry out of the sum
      "movq %[r0], %[t0]\n\t"
      "movq %[r1], %[t1]\n\t"
      "movq %[r2], %[t2]\n\t"
      "movq %[r3], %[t3]\n\t"
      "subq %[m0], %[t0]\n\t"
      "sbbq %[m1], %[t1]\n\t"
      "sbbq %[m2], %[t2]\n\t"
      "sbbq %[m3], %[t3]\n\t"
      "sbbq $0, %[c]\n\t"  // borrows only if c = 0 and the subtraction borrowed: sum < m
      "cmovncq %[t0], %[r0]\n\t"
      "cmovncq %[t1], %[r1]\n\t"
      "cmovncq %[t2], %[r2]\n\t"
      "cmovncq %[t3], %[r3]"
      : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [t0] "=&r"(t0),
        [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [c] "=&r"(carry)
      : [b] "r"(b), "m"(*reinterpret_cast<const uint64_t(*)[4]>(b)), [m0] "m"(m[0]), [m1] "m"(m[1]),
        [m2] "m"(m[2]), [m3] "m"(m[3])
      : "cc");
  out[0] = r0, out[1] = r1, out[2] = r2, out[3] = r3;
}

// out = a + b mod p (6 limbs), as AddMod4.
[[gnu::always_inline]] inline void AddMod6(uint64_t* out, const uint64_t* a, const uint64_t* b,
                                           const uint64_t* p) {
  uint64_t r0 = a[0], r1 = a[1], r2 = a[2], r3 = a[3], r4 = a[4], r5 = a[5];
  uint64_t t0, t1, t2, t3, t4, t5;
  asm("addq (%[b]), %[r0]\n\t"
      "adcq 8(%[b]), %[r1]\n\t"
      "adcq 16(%[b]), %[r2]\n\t"
      "adcq 24(%[b]), %[r3]\n\t"
      "adcq 32(%[b]), %[r4]\n\t"
      "adcq 40(%[b]), %[r5]\n\t"
      "movq %[r0], %[t0]\n\t"
      "movq %[r1], %[t1]\n\t"
      "movq %[r2], %[t2]\n\t"
      "movq %[r3], %[t3]\n\t"
      "movq %[r4], %[t4]\n\t"
      "movq %[r5], %[t5]\n\t"
      "subq %[p0], %[t0]\n\t"
      "sbbq %[p1], %[t1]\n\t"
      "sbbq %[p2], %[t2]\n\t"
      "sbbq %[p3], %[t3]\n\t"
      "sbbq %[p4], %[t4]\n\t"
      "sbbq %[p5], %[t5]\n\t"
      "cmovncq %[t0], %[r0]\n\t"  // no borrow: a + b >= p, keep the difference
      "cmovncq %[t1], %[r1]\n\t"
      "cmovncq %[t2], %[r2]\n\t"
      "cmovncq %[t3], %[r3]\n\t"
      "cmovncq %[t4], %[r4]\n\t"
      "cmovncq %[t5], %[r5]"
      : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "+&r"(r4),
        [r5] "+&r"(r5), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
        [t4] "=&r"(t4), [t5] "=&r"(t5)
      : [b] "r"(b), "m"(*reinterpret_cast<const uint64_t(*)[6]>(b)), [p0] "m"(p[0]), [p1] "m"(p[1]),
        [p2] "m"(p[2]), [p3] "m"(p[3]), [p4] "m"(p[4]), [p5] "m"(p[5])
      : "cc");
  out[0] = r0, out[1] = r1, out[2] = r2, out[3] = r3, out[4] = r4, out[5] = r5;
}

// out = a - b mod p (6 limbs), as SubMod4.
[[gnu::always_inline]] inline void SubMod6(uint64_t* out, const uint64_t* a, const uint64_t* b,
                                           const uint64_t* p) {
  uint64_t r0 = a[0], r1 = a[1], r2 = a[2], r3 = a[3], r4 = a[4], r5 = a[5];
  uint64_t t0, t1, t2, t3, t4, t5;
  asm("subq (%[b]), %[r0]\n\t"
      "sbbq 8(%[b]), %[r1]\n\t"
      "sbbq 16(%[b]), %[r2]\n\t"
      "sbbq 24(%[b]), %[r3]\n\t"
      "sbbq 32(%[b]), %[r4]\n\t"
      "sbbq 40(%[b]), %[r5]\n\t"
      "movq $0, %[t0]\n\t"  // MOV keeps the borrow flag for the CMOVs
      "movq $0, %[t1]\n\t"
      "movq $0, %[t2]\n\t"
      "movq $0, %[t3]\n\t"
      "movq $0, %[t4]\n\t"
      "movq $0, %[t5]\n\t"
      "cmovcq %[p0], %[t0]\n\t"  // borrow: add p back
      "cmovcq %[p1], %[t1]\n\t"
      "cmovcq %[p2], %[t2]\n\t"
      "cmovcq %[p3], %[t3]\n\t"
      "cmovcq %[p4], %[t4]\n\t"
      "cmovcq %[p5], %[t5]\n\t"
      "addq %[t0], %[r0]\n\t"
      "adcq %[t1], %[r1]\n\t"
      "adcq %[t2], %[r2]\n\t"
      "adcq %[t3], %[r3]\n\t"
      "adcq %[t4], %[r4]\n\t"
      "adcq %[t5], %[r5]"
      : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "+&r"(r4),
        [r5] "+&r"(r5), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
        [t4] "=&r"(t4), [t5] "=&r"(t5)
      : [b] "r"(b), "m"(*reinterpret_cast<const uint64_t(*)[6]>(b)), [p0] "m"(p[0]), [p1] "m"(p[1]),
        [p2] "m"(p[2]), [p3] "m"(p[3]), [p4] "m"(p[4]), [p5] "m"(p[5])
      : "cc");
  out[0] = r0, out[1] = r1, out[2] = r2, out[3] = r3, out[4] = r4, out[5] = r5;
}

}  // namespace cuzk::ff::x86_64
