#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# SnarkPack v2, cuzk against bellperson 0.27 on this machine: aggregation, SRS specialization and
# verification of 2 to 1024 random proofs over a seeded fake SRS, as bench/snarkpack_bench and
# `bp-oracle aggregate-bench` time them. The two run interleaved, ROUNDS times, so both see the
# same load; each line is one round's figures (Google Benchmark's mean for ours, the median of
# three runs for bellperson's), in milliseconds.
#
# usage: scripts/snarkpack-vs-bellperson.sh [ROUNDS]   (default 2)
# Needs build/release (make build) and the Rust reference that `make xcheck` builds into
# $CUZK_XCHECK_CACHE (default ~/.cache/cuzk/xcheck); builds it if missing (cargo, Rust >= 1.89).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${1:-2}
OURS=$ROOT/build/release/bench/snarkpack_bench
CACHE=${CUZK_XCHECK_CACHE:-$HOME/.cache/cuzk/xcheck}
export CARGO_TARGET_DIR=$CACHE/target
[ -x "$OURS" ] || { echo "no $OURS (make build first)"; exit 2; }
(cd "$ROOT/tools/rust-reference" && cargo build --release --locked -q)
RUST=$CARGO_TARGET_DIR/release/bp-oracle
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '%-6s %-5s %10s %10s %12s %12s %10s %10s\n' round n agg_cuzk agg_bellp spec_cuzk spec_bellp ver_cuzk ver_bellp
for r in $(seq 1 "$ROUNDS"); do
  "$OURS" --benchmark_format=csv 2>/dev/null > "$TMP/ours.csv"
  "$RUST" aggregate-bench 2>/dev/null > "$TMP/rust.txt"
  python3 - "$r" "$TMP/ours.csv" "$TMP/rust.txt" <<'EOF'
import csv, re, sys
r, ours_csv, rust_txt = sys.argv[1:]
ours = {}
for row in csv.DictReader(l for l in open(ours_csv) if l.startswith(('name', '"BM_'))):
    m = re.match(r'BM_(\w+)/(\d+)', row['name'])
    ours[(m[1], int(m[2]))] = float(row['real_time'])  # ms: the benchmarks' unit
rust = {}
for l in open(rust_txt):
    m = re.match(r'aggregate-bench bellperson n=(\d+) specialize_ms=([\d.]+) aggregate_ms=([\d.]+) verify_ms=([\d.]+)', l)
    if m: rust[int(m[1])] = tuple(float(x) for x in m.groups()[1:])
for n in sorted(rust):
    s, a, v = rust[n]
    print(f"{r:<6} {n:<5} {ours[('AggregateProofs', n)]:10.1f} {a:10.1f} "
          f"{ours[('SpecializeProver', n)]:12.1f} {s:12.1f} {ours[('VerifyAggregate', n)]:10.1f} {v:10.1f}")
EOF
done
