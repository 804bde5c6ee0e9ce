#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# How the CPU prover's cost grows with the circuit (issue 43 item 4): for each size 2^k, a
# circom-style chain of 2^(k-1) - 1 rounds (two constraints each: `cuzk-bench export-example`,
# dense field-element witnesses, so every MSM is dense) is proved by `cuzk-bench prove-r1cs`, and
# the whole process's wall time and peak RSS (GNU time) are printed with the prover's phases, as
# Markdown table rows. TEST parameters are generated first, untimed, and kept in build/scaling
# (2^24: about 11 GB on disk and in memory).
# Usage: scripts/scaling.sh [FIRST_LOG [LAST_LOG [THREADS]]]   (default 16 22 0 = all threads;
# needs `make build`). On the project's 2-core VM: 16-22 take about 5 minutes, 24 about 15 more.
set -euo pipefail
cd "$(dirname "$0")/.."
first="${1:-16}"
last="${2:-22}"
threads="${3:-0}"
build=build/release
bench="$build/apps/cuzk-bench/cuzk-bench"
work="$build/scaling"
mkdir -p "$work"
[[ -x /usr/bin/time ]] || { echo "scaling.sh needs GNU time (apt install time)"; exit 1; }

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) threads;" \
  "prover threads: ${threads/#0/all}; $(date -u +%F)"
echo
echo "| constraints | prove, whole process | peak RSS | parameters | ntt | msm h | msm l | msm a | msm b_g1 | msm b_g2 |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for ((k = first; k <= last; k += 2)); do
  rounds=$(((1 << (k - 1)) - 2))
  prefix="$work/chain-$k"
  [[ -f "$prefix.r1cs" ]] || "$bench" export-example --rounds "$rounds" --out "$prefix" >/dev/null
  out="$work/out-$k"
  mkdir -p "$out"
  if [[ ! -f "$prefix.params" ]]; then
    # The first run writes the TEST parameters; its time is not the proof's.
    "$bench" prove-r1cs --r1cs "$prefix.r1cs" --wtns "$prefix.wtns" --params "$prefix.params" \
      --out "$out" --threads "$threads" >/dev/null
  fi
  log="$work/prove-$k.log"
  /usr/bin/time -f 'wall %e s, peak %M kB' "$bench" prove-r1cs --r1cs "$prefix.r1cs" \
    --wtns "$prefix.wtns" --params "$prefix.params" --out "$out" --threads "$threads" >"$log" 2>&1
  wall=$(grep -Eo 'wall [0-9.]+' "$log" | cut -d' ' -f2)
  peak_kb=$(grep -Eo 'peak [0-9]+' "$log" | cut -d' ' -f2)
  phase() { grep -Eo "$1 [0-9.]+" "$log" | head -1 | awk '{print $NF}'; }
  params_gb=$(awk -v b="$(stat -c %s "$prefix.params")" 'BEGIN {printf "%.2f GB", b / 1e9}')
  printf '| 2^%d | %s s | %.2f GiB | %s | %s | %s | %s | %s | %s | %s |\n' "$k" "$wall" \
    "$(awk -v kb="$peak_kb" 'BEGIN {print kb / 1048576}')" "$params_gb" "$(phase fft)" \
    "$(phase 'msm h')" "$(phase ' l')" "$(phase ' a')" "$(phase b_g1)" "$(phase b_g2)"
done
