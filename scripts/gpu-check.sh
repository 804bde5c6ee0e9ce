#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The GPU check of the CUDA backend (issue 23), in two halves, because the lent GPU machine has
# nvcc and CMake but none of our Debian packages (GoogleTest, Google Benchmark, OpenSSL headers)
# and no network:
#   scripts/gpu-check.sh prepare      on a build machine: builds the `gpu` tests and gpu_bench
#                                     with CUDA into build/gpu and gathers them, with the shared
#                                     libraries they need, in build/gpu-carry (the path to carry),
#                                     and prints the kernels' static figures (no GPU needed)
#   scripts/gpu-check.sh [--quick]    on the GPU machine: runs the gathered tests (device results
#                                     against the CPU's), then the benchmarks, and prints a table
# Without build/gpu-carry, the second form builds build/gpu itself and runs `ctest -L gpu` (for a
# GPU machine that has the packages). Logs and JSON go to $OUT when set, else build/gpu-carry/out.
# Each binary runs under `timeout` (150 s for the tests and 210 s for the benchmarks, with the
# streamed key's; --quick 90 s and 60 s; GPU_CHECK_TEST_LIMIT and GPU_CHECK_BENCH_LIMIT
# override), and a summary of every step's outcome and time ends the output. Full: about 5 minutes on an H200 with 16 cores (estimate; to be
# measured); --quick: about 2.
set -euo pipefail
cd "$(dirname "$0")/.."
carry=build/gpu-carry

prepare() {
  cmake -S . -B build/gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUZK_CUDA=ON \
    -DCUZK_BUILD_BENCHMARKS=ON >/dev/null
  cmake --build build/gpu -j"${JOBS:-2}" --target gpu_device_test gpu_proof_test gpu_bench
  rm -rf "$carry"
  mkdir -p "$carry/lib"
  cp build/gpu/src/gpu/gpu_device_test build/gpu/tests/gpu_proof_test build/gpu/bench/gpu_bench \
    "$carry/"
  # Every shared library but the C library's own and the driver (which the GPU machine provides).
  for binary in "$carry"/gpu_*; do ldd "$binary" | awk '/=> \//{print $3}'; done | sort -u |
    while read -r lib; do
      case "$(basename "$lib")" in
        libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | ld-linux* | libcuda.so*) ;;
        *) cp -L "$lib" "$carry/lib/" ;;
      esac
    done
  du -sh "$carry"
  # The kernels' static figures (registers, spills, instructions, occupancy; issue 46's targets),
  # which need nvcc but no GPU.
  python3 tools/gpu_static_check.py --nvcc "$(grep -m1 '^CMAKE_CUDA_COMPILER:' build/gpu/CMakeCache.txt |
    cut -d= -f2)" --check src/gpu/cuda/static_limits.txt | tee "$carry/static-check.txt" ||
    echo "static check: a kernel is worse than src/gpu/cuda/static_limits.txt allows (above)"
}

# step NAME LIMIT LOG CMD...: runs CMD under `timeout LIMIT` (seconds) with its output in LOG, shown
# after it ends, and adds NAME's outcome and time to the summary; returns CMD's status.
summary=()
step() {
  local name=$1 limit=$2 log=$3 t0=$SECONDS rc=0 result=passed
  shift 3
  timeout --kill-after=10 "$limit" "$@" >"$log" 2>&1 || rc=$?
  cat "$log"
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    result="TIMED OUT (${limit} s)"
  elif [ "$rc" != 0 ]; then
    result="FAILED (exit $rc)"
  fi
  summary+=("$(printf '%-20s %-20s %5d s' "$name" "$result" $((SECONDS - t0)))")
  return "$rc"
}

run() {
  local quick=$1 out=${OUT:-$carry/out} status=0
  # Per-step limits (seconds), so that one hung binary cannot spend the device budget.
  local test_limit=${GPU_CHECK_TEST_LIMIT:-150} bench_limit=${GPU_CHECK_BENCH_LIMIT:-210}
  [ "$quick" = 1 ] && test_limit=${GPU_CHECK_TEST_LIMIT:-90} bench_limit=${GPU_CHECK_BENCH_LIMIT:-60}
  mkdir -p "$out"
  echo "== device"
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 || true
  local tests=("$carry/gpu_device_test" "$carry/gpu_proof_test") bench="$carry/gpu_bench"
  if [ ! -x "$carry/gpu_bench" ]; then
    echo "== no $carry: building build/gpu here"
    cmake -S . -B build/gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUZK_CUDA=ON >/dev/null
    cmake --build build/gpu -j"$(nproc)" --target gpu_device_test gpu_proof_test gpu_bench
    tests=(build/gpu/src/gpu/gpu_device_test build/gpu/tests/gpu_proof_test)
    bench=build/gpu/bench/gpu_bench
  else
    export LD_LIBRARY_PATH="$PWD/$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
  echo "== tests (device against CPU)"
  local filter='*'
  [ "$quick" = 1 ] && filter='-*PoRep2KiB*'
  for t in "${tests[@]}"; do
    step "$(basename "$t")" "$test_limit" "$out/$(basename "$t").log" \
      "$t" --gtest_brief=1 --gtest_filter="$filter" || status=1
  done
  echo "== benchmarks"
  local benches='.'
  [ "$quick" = 1 ] && benches='BM_GpuMsmG1/(20|22)/|BM_GpuNtt/(22|24)/|BM_GpuQuotient/22/'
  step gpu_bench "$bench_limit" "$out/gpu_bench.log" \
    "$bench" --benchmark_filter="$benches" --benchmark_min_time=0.2 \
    --benchmark_out="$out/gpu_bench.json" --benchmark_out_format=json >/dev/null || status=1
  python3 - "$out/gpu_bench.json" <<'PY' || status=1
import json, sys
runs = json.load(open(sys.argv[1]))["benchmarks"]
print(f"{'benchmark':<48} {'ms':>10} {'Mpoints/s':>10}")
for r in runs:
    if r.get("error_occurred"):
        print(f"{r['name']:<48} {'-':>10} {'-':>10}  {r.get('error_message', '')[:60]}")
        continue
    rate = r.get("points_per_s")
    rate = f"{rate / 1e6:10.1f}" if rate else f"{'':>10}"
    print(f"{r['name']:<48} {r['real_time']:10.1f} {rate}")
PY
  echo "== summary"
  printf '%s\n' "${summary[@]}"
  if grep -q "no GPU:" "$out"/*.log; then
    echo "gpu-check: no usable GPU here: the device tests skipped and nothing was measured"
    return 1
  fi
  [ "$status" = 0 ] && echo "gpu-check: passed" || echo "gpu-check: FAILED (logs in $out)"
  return "$status"
}

case "${1:-}" in
  prepare) prepare ;;
  --quick) run 1 ;;
  "") run 0 ;;
  *)
    echo "usage: scripts/gpu-check.sh prepare | scripts/gpu-check.sh [--quick]" >&2
    exit 2
    ;;
esac
