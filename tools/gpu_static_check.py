#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Static performance figures of the CUDA kernels, without a GPU (issue 46, item 7).

Compiles src/gpu/cuda/kernels.cu for one architecture (default sm_90) to a cubin with ptxas's
report (-Xptxas -v), and three probe kernels of the same shape as MultiplyPass (out[i] = a[i] op
b[i]): a copy, an Fr product and an Fp product, whose difference in code size is one product.
For each kernel it prints registers, stack and spill bytes (ptxas), SASS instructions (its .text
section's size / 16 bytes per instruction) and the theoretical occupancy of its 256-thread blocks
(register-limited: 64K registers and 64 warps per SM, allocated per warp in units of 256), then
the issue's targets, met or not.

With --check FILE, it also fails when a kernel is worse than FILE allows (registers, spill bytes,
instructions: the recorded values, so that a change cannot make them worse unnoticed; tighten
them as the kernels improve). The targets themselves are reported, not enforced, until they are
met.
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THREADS_PER_BLOCK = 256  # gpu/cuda/exec.cuh kThreads

PROBE = r'''
#include "gpu/bls12_381.h"
namespace cuzk::gpu {
__global__ void ProbeCopy(uint64_t n, DevFp* out, const DevFp* a, const DevFp* b) {
  uint64_t i = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i];
}
__global__ void ProbeFpProduct(uint64_t n, DevFp* out, const DevFp* a, const DevFp* b) {
  uint64_t i = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] * b[i];
}
__global__ void ProbeFrCopy(uint64_t n, DevFr* out, const DevFr* a, const DevFr* b) {
  uint64_t i = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i];
}
__global__ void ProbeFrProduct(uint64_t n, DevFr* out, const DevFr* a, const DevFr* b) {
  uint64_t i = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] * b[i];
}
}  // namespace cuzk::gpu
'''

# The MSM and NTT kernels, which are not to spill (issue 46's spill target).
MSM_AND_NTT = ("AccumulatePass", "FoldPass", "MergeSegmentsPass", "HalvingPass", "RadixPass",
               "BitReversePass", "OnesPass", "DigitsPass")
# Those whose threads together run over every point (or every element of a transform), which are
# to reach 25% occupancy as well (issue 46: "every kernel that runs over all points"). The fold
# and the segment merges run one thread per segment or pair of runs (at most 1,024 per window:
# 16,384 threads for 16 windows, 64 blocks, fewer than the SMs, so occupancy cannot limit them),
# the halving one per partial sum of the scalar-1 bases.
OVER_ALL_POINTS = ("AccumulatePass", "RadixPass", "BitReversePass", "OnesPass", "DigitsPass")


def find_nvcc(given):
    for candidate in (given, os.environ.get("CUDACXX"), shutil.which("nvcc"),
                      "/usr/local/cuda/bin/nvcc"):
        if candidate and Path(candidate).is_file():
            return candidate
    sys.exit("gpu_static_check: nvcc not found (--nvcc PATH, or CUDACXX)")


def compile_cubin(nvcc, source, cubin, arch):
    command = [nvcc, f"-I{ROOT / 'src'}", "-O3", "-DNDEBUG", "-std=c++20", f"-arch={arch}",
               "-cubin", "-Xptxas", "-v", "-diag-suppress=2810", "-o", str(cubin), str(source)]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.exit(f"gpu_static_check: {' '.join(command)} failed:\n{result.stdout[-4000:]}")
    return result.stdout


def ptxas_figures(report):
    """mangled kernel name -> {registers, stack, spill_stores, spill_loads}."""
    figures, current = {}, None
    for line in report.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            current = figures.setdefault(m.group(1), {})
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads",
                      line)
        if m:
            current.update(stack=int(m.group(1)), spill_stores=int(m.group(2)),
                           spill_loads=int(m.group(3)))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            current["registers"] = int(m.group(1))
    return figures


def text_sizes(cubin):
    """mangled kernel name -> size in bytes of its .text section (ELF64 section headers)."""
    data = Path(cubin).read_bytes()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names_offset = headers[shstrndx][4]

    def name(offset):
        end = data.index(b"\0", names_offset + offset)
        return data[names_offset + offset:end].decode()

    sizes = {}
    for h in headers:
        section = name(h[0])
        if section.startswith(".text."):
            sizes[section[len(".text."):]] = h[5]
    return sizes


def demangle(names):
    result = subprocess.run(["c++filt"], input="\n".join(names), stdout=subprocess.PIPE, text=True)
    return dict(zip(names, result.stdout.splitlines()))


def short_name(demangled):
    """`FoldPass`, `RadixPass<3>`, `ProbeCopy`: the step a kernel runs."""
    m = re.search(r"ForEachKernel<cuzk::gpu::(.*?)\s*>\(", demangled)
    if m:
        return re.sub(r"<(\d+)u>", r"<\1>", m.group(1))
    m = re.search(r"cuzk::gpu::(\w+)\(", demangled)
    return m.group(1) if m else demangled


def occupancy(registers):
    """Share of an SM's 64 warps that 256-thread blocks of `registers` per thread can keep."""
    warps_per_block = THREADS_PER_BLOCK // 32
    per_warp = -(-registers * 32 // 256) * 256
    blocks = min(65536 // per_warp // warps_per_block, 64 // warps_per_block, 32)
    return blocks * warps_per_block / 64


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nvcc", help="nvcc to use (default: $CUDACXX, PATH, /usr/local/cuda)")
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--check", help="fail when a kernel exceeds this file's limits")
    args = parser.parse_args()
    nvcc = find_nvcc(args.nvcc)

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        probe = tmp / "probe.cu"
        probe.write_text(PROBE)
        figures, sizes = {}, {}
        for source, cubin in ((ROOT / "src/gpu/cuda/kernels.cu", tmp / "kernels.cubin"),
                              (probe, tmp / "probe.cubin")):
            figures.update(ptxas_figures(compile_cubin(nvcc, source, cubin, args.arch)))
            sizes.update(text_sizes(cubin))
    names = demangle(list(figures))
    rows = {}
    for mangled, f in figures.items():
        rows[short_name(names[mangled])] = dict(f, instructions=sizes.get(mangled, 0) // 16,
                                                occupancy=occupancy(f.get("registers", 255)))

    print(f"CUDA kernels for {args.arch} (nvcc: {nvcc}; 256 threads per block)")
    print(f"{'kernel':22} {'regs':>5} {'stack':>6} {'spill st/ld':>12} {'SASS':>8} {'occupancy':>10}")
    for name in sorted(rows):
        r = rows[name]
        print(f"{name:22} {r['registers']:5} {r['stack']:6} "
              f"{r['spill_stores']:>6}/{r['spill_loads']:<5} {r['instructions']:8} "
              f"{100 * r['occupancy']:9.1f}%")
    fp = rows["ProbeFpProduct"]["instructions"] - rows["ProbeCopy"]["instructions"]
    fr = rows["ProbeFrProduct"]["instructions"] - rows["ProbeFrCopy"]["instructions"]
    print(f"one Fp product: about {fp} SASS instructions; one Fr product: about {fr}")

    heavy = [n for n in rows if n.split("<")[0] in MSM_AND_NTT]
    spilling = [n for n in heavy if rows[n]["spill_stores"] or rows[n]["spill_loads"]]
    wide = [n for n in rows if n.split("<")[0] in OVER_ALL_POINTS]
    low = [n for n in wide if rows[n]["occupancy"] < 0.25]
    print("targets (issue 46; reported, not enforced):")
    print(f"  Fp product <= 650 instructions: {'met' if fp <= 650 else 'NOT MET'} ({fp})")
    print(f"  no spills in the MSM and NTT kernels: {'met' if not spilling else 'NOT MET'}"
          + (f" ({', '.join(sorted(spilling))})" if spilling else ""))
    print(f"  occupancy >= 25% in the kernels over all points: {'met' if not low else 'NOT MET'}"
          + (f" ({', '.join(sorted(low))}: {len(low)} of {len(wide)} below)" if low else ""))

    if not args.check:
        return 0
    failures = []
    for line in Path(args.check).read_text().splitlines():
        line = line.split("#", 1)[0].split()
        if not line:
            continue
        name, max_registers, max_spill, max_instructions = line[0], *map(int, line[1:4])
        if name not in rows:
            failures.append(f"{name}: no such kernel any more (update {args.check})")
            continue
        r = rows[name]
        spill = r["spill_stores"] + r["spill_loads"]
        for what, value, limit in (("registers", r["registers"], max_registers),
                                   ("spill bytes", spill, max_spill),
                                   ("SASS instructions", r["instructions"], max_instructions)):
            if value > limit:
                failures.append(f"{name}: {what} {value} > {limit}")
    missing = set(rows) - {l.split()[0] for l in Path(args.check).read_text().splitlines()
                           if l.split() and not l.startswith("#")}
    failures += [f"{name}: not in {args.check}" for name in sorted(missing)]
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
