#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Generates src/ff/asm/mont_mul_x86_64.S: Montgomery multiplication for Fp and Fr, Fp squaring,
and Fr multiplication without the final subtraction (for the NTT's lazy butterflies). (Addition
and subtraction are inline assembly in src/ff/add_sub_x86_64.h, so their operands stay in
registers.)

Algorithm: CIOS Montgomery multiplication (Koc, Acar, Kaliski, "Analyzing and Comparing
Montgomery Multiplication Algorithms", IEEE Micro 1996), with the two independent carry chains
of Intel's ADX extension (Ozturk et al., "New Instructions Supporting Large Integer Arithmetic
on Intel Architecture Processors", 2012): MULX leaves the flags alone, ADOX accumulates the low
halves on OF and ADCX the high halves on CF. Both moduli leave the top bit of their top limb
clear, so the running sum fits in N+1 limbs and one final conditional subtraction suffices.

Two schedules (see emit_interleaved and emit_deferred); each field uses the faster one. On this
project's Zen 3 VM a MULX + ADOX + ADCX triple sustains at best one per 1.4 cycles (measured), so
the 72 triples of a 6-limb product and reduction alone take ~101 cycles (~31 ns at 3.2 GHz).

Usage: tools/gen_mont_asm.py > src/ff/asm/mont_mul_x86_64.S   (CI regenerates and diffs)
"""

FIELDS = {
    # name: (little-endian 64-bit limbs of the modulus, schedule); each field takes the schedule
    # measured faster for it (Fr: deferred 71 vs interleaved 68 cycles latency).
    "fp": ([0xB9FEFFFFFFFFAAAB, 0x1EABFFFEB153FFFF, 0x6730D2A0F6B0F624,
            0x64774B84F38512BF, 0x4B1BA7B6434BACD7, 0x1A0111EA397FE69A], "deferred"),
    "fr": ([0xFFFFFFFF00000001, 0x53BDA402FFFE5BFE, 0x3339D80809A1D805,
            0x73EDA753299D7D48], "interleaved"),
}

T_REGS = ["r8", "r9", "r10", "r11", "r12", "r13", "r14"]  # running sum, N+1 limbs
T_REGS_DEFERRED = T_REGS + ["r15"]  # N+2 limbs
LO, HI, ZERO = "rax", "rbx", "rbp"
OUT, A, B = "rdi", "rsi", "rcx"
CALLEE_SAVED = {"rbx", "rbp", "r12", "r13", "r14", "r15"}


def neg_inverse_64(p0):
    inv = 1
    for _ in range(6):
        inv = (inv * (2 - p0 * inv)) % 2**64
    return (-inv) % 2**64


def emit_fresh_row(w, dst, offsets):
    """dst[0..k] = rdx * (a[offsets] as one k-limb number), for a row whose words start empty:
    the low halves go straight into dst, and one carry chain adds the high halves."""
    k = len(offsets)
    w(f"    mulx {dst[1]}, {dst[0]}, [{A} + {offsets[0]}]")
    w(f"    xor {dst[k]}, {dst[k]}            # clears CF as well")
    for j in range(1, k):
        w(f"    mulx {HI}, {LO}, [{A} + {offsets[j]}]")
        w(f"    adcx {dst[j]}, {LO}")
        if j + 1 < k:
            w(f"    mov {dst[j + 1]}, {HI}")
        else:
            w(f"    adcx {dst[k]}, {HI}            # no carry out")


def emit_interleaved(w, name, n, sym):
    """Each step adds a * b[i], then reduces at once: m depends on the product just made."""
    t = T_REGS[: n + 1]
    saved = [r for r in ["rbx", "rbp", "r12", "r13", "r14"] if r in t + [HI, ZERO]]
    w(f"{sym}:")
    w("    .cfi_startproc")
    for r in saved:
        w(f"    push {r}")
    w(f"    mov {B}, rdx")
    w(f"    xor {ZERO}, {ZERO}")
    for i in range(n):
        w(f"    # t += a * b[{i}]")
        w(f"    mov rdx, [{B} + {8 * i}]")
        if i == 0:
            emit_fresh_row(w, t, [8 * j for j in range(n)])
        else:
            w(f"    xor {LO}, {LO}                # clear CF and OF")
            for j in range(n):
                w(f"    mulx {HI}, {LO}, [{A} + {8 * j}]")
                w(f"    adox {t[j]}, {LO}")
                w(f"    adcx {t[j + 1]}, {HI}")
            w(f"    adox {t[n]}, {ZERO}")
        w(f"    # t = (t + m*p) / 2^64 with m = t[0] * -p^-1")
        w(f"    mov rdx, {t[0]}")
        w(f"    imul rdx, [rip + .L{name}_inv]")
        w(f"    xor {LO}, {LO}")
        for j in range(n):
            w(f"    mulx {HI}, {LO}, [rip + .L{name}_modulus + {8 * j}]")
            w(f"    adox {t[j]}, {LO}")
            w(f"    adcx {t[j + 1]}, {HI}")
        w(f"    adox {t[n]}, {ZERO}")
        t = t[1:] + t[:1]  # t[0] is now zero and becomes the new top limb
    return t, saved


def emit_deferred(w, name, n, sym):
    """Step i adds a * b[i] * 2^64 before reducing step i - 1, so m = t[0] * -p^-1 is known while
    the products are made and the reduction does not wait on them (idea from blst's
    __mulx_mont_384). The running sum needs N+2 limbs; Fp: latency 131 -> 122 cycles."""
    t = T_REGS_DEFERRED[: n + 2]
    saved = [r for r in ["rbx", "rbp", "r12", "r13", "r14", "r15"] if r in t + [HI, ZERO]]
    w(f"{sym}:")
    w("    .cfi_startproc")
    for r in saved:
        w(f"    push {r}")
    w(f"    push {OUT}                # frees no register, but measured 9 cycles faster")
    w(f"    mov {B}, rdx")
    w(f"    xor {ZERO}, {ZERO}")
    w("    # t = a * b[0]")
    w(f"    mov rdx, [{B}]")
    emit_fresh_row(w, t, [8 * j for j in range(n)])
    for i in range(1, n + 1):
        if i < n:
            w(f"    # t += a * b[{i}] * 2^64 (t < 2^(64N+62) before, < 2^(64N+126) after)")
            w(f"    mov rdx, [{B} + {8 * i}]")
            w(f"    xor {t[n + 1]}, {t[n + 1]}        # clears CF and OF")
            for j in range(n):
                w(f"    mulx {HI}, {LO}, [{A} + {8 * j}]")
                w(f"    adox {t[j + 1]}, {LO}")
                w(f"    adcx {t[j + 2]}, {HI}")
            w(f"    adox {t[n + 1]}, {ZERO}")
        w(f"    # t = (t + m*p) / 2^64 with m = t[0] * -p^-1 (step {i - 1})")
        w(f"    mov rdx, {t[0]}")
        w(f"    imul rdx, [rip + .L{name}_inv]")
        w(f"    xor {LO}, {LO}")
        for j in range(n):
            w(f"    mulx {HI}, {LO}, [rip + .L{name}_modulus + {8 * j}]")
            w(f"    adcx {t[j]}, {LO}")
            w(f"    adox {t[j + 1]}, {HI}")
        w(f"    adcx {t[n]}, {ZERO}")
        if i < n:
            w(f"    adcx {t[n + 1]}, {ZERO}")
            w(f"    adox {t[n + 1]}, {ZERO}")
        t = t[1:] + t[:1]  # t[0] is now zero and becomes the free top limb
    w(f"    pop {OUT}")
    return t, saved


def emit_field(name, limbs, schedule, lazy=False):
    """The product kernel; with lazy=True the variant without the final conditional subtraction
    (it shares the first variant's constants, so it must follow it in the file)."""
    n = len(limbs)
    p = sum(l << (64 * i) for i, l in enumerate(limbs))
    assert limbs[-1] < 2**63 - 1, "the no-carry CIOS bound needs a spare top bit"
    sym = f"cuzk_{name}_mul_mont_lazy_x86_64" if lazy else f"cuzk_{name}_mul_mont_x86_64"
    lines = []
    w = lines.append
    if not lazy:
        w(f"# {name}: p = {p:#x}")
        w(".section .rodata")
        w(".p2align 5")
        w(f".L{name}_modulus:")
        for l in limbs:
            w(f"    .quad {l:#018x}")
        w(f".L{name}_inv:")
        w(f"    .quad {neg_inverse_64(limbs[0]):#018x}    # -p^-1 mod 2^64")
    w(".text")
    w(f".globl {sym}")
    w(f".type {sym}, @function")
    w(".p2align 5")
    w(f"# void {sym}(uint64_t out[{n}], const uint64_t a[{n}], const uint64_t b[{n}])")
    if lazy:
        # Each step keeps t < a + p (t + a b[i] + m p < (a + p) 2^64 < 2^(64N+64) needs only
        # b[i] < 2^64), so the result (a b + M p) / 2^(64N) < a + p < 2p for any b.
        w(f"# out = a*b/2^{64*n} mod p + (0 or p), below 2p, for a < p and any b < 2^{64*n}:")
        w("# the product kernel without its final conditional subtraction.")
    else:
        w(f"# out = a*b/2^{64*n} mod p for a, b < p (Montgomery form).")
    if schedule == "deferred":
        t, saved = emit_deferred(w, name, n, sym)
    else:
        t, saved = emit_interleaved(w, name, n, sym)
    if not lazy:
        emit_reduce_below_p(w, name, t[:n], ["rax", "rbx", "rdx", "rcx", "rsi", "rbp"][:n])
    emit_store_and_return(w, t[:n], saved)
    return lines + function_footer(sym)


def emit_square(name, limbs):
    """a^2 / 2^384 mod p for N = 6: the 15 cross products once, doubled, plus the 6 squares (21
    MULX instead of 36), then a Montgomery reduction of the low half alone, to which the high half
    is added: with T = a^2 = T_hi 2^384 + T_lo, U = (T_lo + M p) / 2^384 < p + 1 and
    T_hi < p^2 / 2^384 < p / 8, so U + T_hi < 2p needs one conditional subtraction (the
    separated operand scanning of Koc, Acar and Kaliski, 1996)."""
    n = len(limbs)
    assert n == 6
    sym = f"cuzk_{name}_sqr_mont_x86_64"
    lines = []
    w = lines.append
    w(".text")
    w(f".globl {sym}")
    w(f".type {sym}, @function")
    w(".p2align 5")
    w(f"# void {sym}(uint64_t out[{n}], const uint64_t a[{n}])")
    w(f"# out = a*a/2^{64*n} mod p for a < p (Montgomery form).")
    w(f"{sym}:")
    w("    .cfi_startproc")
    saved = ["rbx", "rbp", "r12", "r13", "r14", "r15"]
    for r in saved:
        w(f"    push {r}")
    w(f"    push {OUT}")
    w("    sub rsp, 56                # w0 and w6..w11 of the product")
    # product words w1..w11 in registers; w11 doubles as the zero register until the doubling.
    W = [None, "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rcx", "rbp", "rdi"]
    zero = W[11]
    w(f"    xor {zero}, {zero}")
    w("    # cross products a[i] * a[j], i < j, into w1..w10")
    w(f"    mov rdx, [{A}]")
    emit_fresh_row(w, W[1:7], [8 * j for j in range(1, n)])
    for i in range(1, n - 1):
        w(f"    mov rdx, [{A} + {8 * i}]")
        w(f"    xor {W[i + n]}, {W[i + n]}        # clears CF and OF")
        for j in range(i + 1, n):
            w(f"    mulx {HI}, {LO}, [{A} + {8 * j}]")
            w(f"    adox {W[i + j]}, {LO}")
            w(f"    adcx {W[i + j + 1]}, {HI}")
        w(f"    adox {W[i + n]}, {zero}")
    w("    # w = 2 w + sum a[i]^2 2^(128 i): the doubling carries on OF, the squares on CF")
    for i in range(n):
        w(f"    mov rdx, [{A} + {8 * i}]")
        if i == 0:
            w(f"    xor {LO}, {LO}                # clears CF and OF")
        w(f"    mulx {HI}, {LO}, rdx")
        if i == 0:
            w(f"    mov [rsp], {LO}            # w0: a[0]^2 alone")
        else:
            w(f"    adox {W[2 * i]}, {W[2 * i]}")
            w(f"    adcx {W[2 * i]}, {LO}")
        w(f"    adox {W[2 * i + 1]}, {W[2 * i + 1]}")
        w(f"    adcx {W[2 * i + 1]}, {HI}")
    w("    # spill the high half w6..w11")
    for k in range(6, 12):
        w(f"    mov [rsp + {8 * (k - 5)}], {W[k]}")
    zero = "rdi"
    # reduction of T_lo = w0..w5 in registers freed by the spill; the first row's t[0] is w0 on
    # the stack, and r14 is the top limb from the second row on
    t = ["MEM"] + W[1:6] + ["r13"]
    w(f"    xor {zero}, {zero}")
    for i in range(n):
        w(f"    # t = (t + m*p) / 2^64 with m = t[0] * -p^-1")
        if i == 0:
            w("    mov rdx, [rsp]")
        else:
            w(f"    mov rdx, {t[0]}")
        w(f"    imul rdx, [rip + .L{name}_inv]")
        w(f"    xor {t[n]}, {t[n]}            # clears CF and OF")
        for j in range(n):
            w(f"    mulx {HI}, {LO}, [rip + .L{name}_modulus + {8 * j}]")
            if j == 0 and i == 0:
                w(f"    adox {LO}, [rsp]          # the low word becomes zero: only its carry counts")
            else:
                w(f"    adox {t[j]}, {LO}")
            w(f"    adcx {t[j + 1]}, {HI}")
        w(f"    adox {t[n]}, {zero}")
        if i == 0:
            t = t[1:] + ["r14"]
        else:
            t = t[1:] + t[:1]
    w("    # add T_hi: U + T_hi < 2p")
    for j in range(n):
        op = "add" if j == 0 else "adc"
        w(f"    {op} {t[j]}, [rsp + {8 * (j + 1)}]")
    emit_reduce_below_p(w, name, t[:n], ["rax", "rbx", "rdx", "rsi", "rdi", t[n]])
    w("    add rsp, 56")
    w(f"    pop {OUT}")
    emit_store_and_return(w, t[:n], saved)
    return lines + function_footer(sym)


def emit_reduce_below_p(w, name, t, scratch):
    """t = t - p if t >= p, for t < 2p: a trial subtraction into scratch and a select on its
    borrow (constant time)."""
    w("    # conditional subtraction: t < 2p, so one subtraction of p reduces it")
    for r, s in zip(t, scratch):
        w(f"    mov {s}, {r}")
    for j, s in enumerate(scratch):
        op = "sub" if j == 0 else "sbb"
        w(f"    {op} {s}, [rip + .L{name}_modulus + {8 * j}]")
    for r, s in zip(t, scratch):
        w(f"    cmovae {r}, {s}")


def emit_store_and_return(w, t, saved):
    """Writes t to out[] and restores the callee-saved registers."""
    for j, r in enumerate(t):
        w(f"    mov [{OUT} + {8 * j}], {r}")
    for r in reversed(saved):
        w(f"    pop {r}")


def function_footer(sym):
    """Return, CFI close and symbol size."""
    return ["    ret", "    .cfi_endproc", f".size {sym}, .-{sym}"]


def main():
    out = [
        "# SPDX-License-Identifier: Apache-2.0 OR MIT",
        "# Generated by tools/gen_mont_asm.py; do not edit.",
        "# Montgomery multiplication for BLS12-381 Fp and Fr with MULX/ADCX/ADOX (BMI2 + ADX).",
        ".intel_syntax noprefix",
    ]
    for name, (limbs, schedule) in FIELDS.items():
        out += emit_field(name, limbs, schedule)
        if len(limbs) == 6:
            out += emit_square(name, limbs)
        else:
            # Fr: the NTT's lazy butterflies keep values below 2r between stages.
            out += emit_field(name, limbs, schedule, lazy=True)
    out.append('.section .note.GNU-stack,"",@progbits')
    print("\n".join(out))


if __name__ == "__main__":
    main()
