#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The AVX-512 IFMA check (issue 26), for the first CPU with IFMA that a session gets: the IFMA
# kernels' tests (which skip without IFMA), then each IFMA path against its scalar baseline in
# interleaved A/B rounds on the release build:
#   Fp and Fr products      BM_FpMulThroughput / BM_FpMulX8IfmaThroughput (and Fr's)
#   NTT 2^22                BM_FftScalar/22 / BM_Fft/22
#   NTT 2^24, no tables     BM_FftPerCallTwiddlesScalar/24 / BM_FftPerCallTwiddles/24
#   G1 MSM 2^20             BM_MsmG1Scalar/20/{0,1} / BM_MsmG1/20/{0,1}
#   G2 MSM 2^16             BM_MsmG2Scalar/16 / BM_MsmG2/16
#   2KiB PoRep params load  cuzk-bench load-params, CUZK_FIELD_KERNEL=no-ifma / auto
#   2KiB PoRep C2           cuzk-bench prove, CUZK_FIELD_KERNEL=no-ifma / auto
#   prove-r1cs 2^16         cuzk-bench prove-r1cs (whole process), CUZK_FIELD_KERNEL=no-ifma / auto
# Usage: scripts/ifma-check.sh [ROUNDS]   (default 3; needs `make build`; the last two rows need
# the test parameters of `make test`, build/release/test-params). About 15 minutes on 2 cores.
# On a CPU without IFMA it runs the tests and says that nothing was measured (IFMA_CHECK_FORCE=1
# runs the rounds anyway, scalar against scalar: a test of this script).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
build=build/release
bench="$build/apps/cuzk-bench/cuzk-bench"
params="$build/test-params"

echo "== CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
"$bench" tour | grep 'field kernels'
ctest --test-dir "$build" --output-on-failure \
  -R '^(ff_fr_x8_ifma_test|ff_fp_x8_ifma_test|ntt_test|msm_test|ec_serialization_test)$'
if ! grep -qw avx512ifma /proc/cpuinfo && [[ -z "${IFMA_CHECK_FORCE:-}" ]]; then
  echo "this CPU has no AVX-512 IFMA: the IFMA tests skipped and nothing was measured"
  exit 0
fi

# Prints benchmark lines of BINARY matching FILTER: name and real time.
gbench() { "$build/bench/$1" --benchmark_filter="$2" 2>/dev/null | awk '/^BM_/ {print $1, $2, $3, $NF}'; }
# Runs cuzk-bench with CUZK_FIELD_KERNEL=KERNEL and prints, prefixed by KERNEL, what of its
# output matches PATTERN (grep -E).
with_kernel() {
  local kernel=$1 pattern=$2
  shift 2
  CUZK_FIELD_KERNEL=$kernel "$bench" "$@" 2>&1 | grep -Eo "$pattern" | tr '\n' ' ' |
    sed "s/^/$kernel: /"
  echo
}
porep_params=$(ls "$params"/v28-stacked-proof-of-replication-*-sha256_hasher-032d*.params 2>/dev/null || true)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -n "$porep_params" ]]; then
  "$bench" gen-vanilla porep --sector-size 2KiB --seed 21 --out "$work/c1.json" >/dev/null
fi
# A 2^16-constraint chain circuit and its TEST parameters (generated once, outside the rounds).
"$bench" export-example --rounds 32766 --out "$work/ex" >/dev/null
"$bench" prove-r1cs --r1cs "$work/ex.r1cs" --wtns "$work/ex.wtns" --params "$work/ex.params" \
  --out "$work/ex-out" >/dev/null
for round in $(seq "$rounds"); do
  echo "== round $round"
  gbench ff_bench 'BM_(Fp|Fr)Mul(X8Ifma)?Throughput$'
  gbench ntt_bench 'BM_Fft(Scalar)?/22/|BM_FftPerCallTwiddles(Scalar)?/24/'
  gbench msm_bench 'BM_MsmG1(Scalar)?/20/|BM_MsmG2(Scalar)?/16/'
  for kernel in no-ifma auto; do
    TIMEFORMAT="$kernel: prove-r1cs, whole process, %R s"
    time CUZK_FIELD_KERNEL=$kernel "$bench" prove-r1cs --r1cs "$work/ex.r1cs" \
      --wtns "$work/ex.wtns" --params "$work/ex.params" --out "$work/ex-out" >/dev/null
  done
  if [[ -n "$porep_params" ]]; then
    for kernel in no-ifma auto; do
      with_kernel "$kernel" 'read in [0-9.]+ s' load-params "$porep_params"
      with_kernel "$kernel" 'ntt [0-9.]+|msm h [0-9.]+|prove [0-9.]+' \
        prove --c1 "$work/c1.json" --params "$params" --out "$work/p.bin"
    done
  else
    echo "no 2KiB PoRep parameters in $params (make test writes them): load and prove not run"
  fi
done
