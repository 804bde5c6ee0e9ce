#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# PoRep C2 end to end through the CLI: seal a 2KiB sector, write its C1 (raw and Curio-wrapped),
# generate TEST parameters (cached in PARAMS_DIR between runs), prove, verify. Then the failure
# paths: a tampered proof and another sector's public inputs must not verify, and a C1 whose
# witness does not satisfy the circuit must not yield a proof file.
# Last, verify-records on regression records made from this proof (rust-fil-proofs' JSON-lines
# form): the right record verifies; another graph, sector or a flipped bit fails; a missing .vk
# or a malformed line is reported as such.
# Usage: cli_porep_c2_test.sh CUZK_BENCH PARAMS_DIR
set -euo pipefail
bench="$1"
params="$2"
tools="$(cd "$(dirname "$0")/.." && pwd)/tools"
testdata="$(cd "$(dirname "$0")/.." && pwd)/testdata"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

"$bench" gen-vanilla porep --sector-size 2KiB --seed 7 --out c1.json
"$bench" gen-vanilla porep --sector-size 2KiB --seed 7 --wrap --out c1-curio.json
"$bench" gen-vanilla porep --sector-size 2KiB --seed 8 --out other.json
"$bench" gen-params --sector-size 2KiB --out "$params"

# Prove from Curio's wrapper; verify against the raw C1 of the same sector.
"$bench" prove --c1 c1-curio.json --params "$params" --out proof.bin --overlap | tee prove.log
grep -q "every proof verified" prove.log
test "$(stat -c %s proof.bin)" -eq 192
"$bench" verify --c1 c1.json --proof proof.bin --params "$params" | grep -q VALID

# 39 public inputs (replica_id, comm_d, comm_r, 18 per challenge), 0x big-endian hex.
test "$("$bench" public-inputs --c1 c1.json | grep -Ec '^0x[0-9a-f]{64}$')" -eq 39

# A flipped bit in the proof's C point.
python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[150] ^= 1; open(sys.argv[2], "wb").write(b)' \
  proof.bin tampered.bin
cmp -s proof.bin tampered.bin && { echo "the tampered copy equals the proof"; exit 1; }
if "$bench" verify --c1 c1.json --proof tampered.bin --params "$params" 2> err.txt; then
  echo "a tampered proof verified"; exit 1
fi
grep -q "INVALID" err.txt

# The right proof against another sector's public inputs.
if "$bench" verify --c1 other.json --proof proof.bin --params "$params" 2> err.txt; then
  echo "a proof verified against another sector's public inputs"; exit 1
fi
grep -q "INVALID: partition 0" err.txt

# A synthetic C1 (random values) does not satisfy the circuit: the proof fails verification and
# is never written.
"$bench" gen-c1 --synthetic --sector-size 2KiB --out synthetic.json
if "$bench" prove --c1 synthetic.json --params "$params" --out bad.bin 2> err.txt; then
  echo "an unsatisfied C1 was proved"; exit 1
fi
grep -q "does not verify (not returned)" err.txt
test ! -e bad.bin

# Synthesis from a C1, the benchmark path.
"$bench" synth-only --c1 c1.json -i 1 | grep -q "M constraints/s"
# The Rust cuzk-bench's --miner-id/--sector-num: the C1's sector (gen-vanilla's defaults: miner
# 1000, sector 1) passes; another miner is refused, named, before anything is synthesized.
"$bench" synth-only --c1 c1.json --miner-id 1000 --sector-num 1 --mode count > /dev/null
if "$bench" synth-only --c1 c1.json --miner-id 1001 --sector-num 1 --mode count 2> miner.txt; then
  echo "synth-only accepted another miner's C1"; exit 1
fi
grep -q "miner 1001, sector 1" miner.txt
# The compiled path on the same C1: the circuit compiled once, then a compact witness evaluated.
"$bench" synth-only --c1 c1.json -i 2 --mode compiled > compiled.log
grep -q "compiled circuit: .* distinct coefficients" compiled.log
[ "$(grep -c "per partition: compact witness" compiled.log)" -eq 2 ]
grep -q "A·w and B·w" compiled.log
# The compact witness alone (what a partition waiting for the prover holds), every partition.
"$bench" synth-only --c1 c1.json --all --mode compact > compact.log
grep -q "per partition: compact witness .* values not 0 or 1)$" compact.log
# Seal regression records. gen-vanilla's defaults: miner f01000, sector 1, StackedDrg2KiBV1_1.
record() { python3 "$tools/make_seal_record.py" c1.json proof.bin 1000 "$1" 5 "$2"; }
record 1 V1_1_0 > good.jsonl
"$bench" verify-records --records good.jsonl --params "$params" | tee records.log
grep -q "^1 verified, 0 FAILED" records.log
python3 - <<'PY' > flipped.jsonl
import json
r = json.loads(open("good.jsonl").read())
r["proof"][150] ^= 1
print(json.dumps(r, separators=(",", ":")))
PY
{ record 1 V1_0_0; record 2 V1_1_0; cat flipped.jsonl; echo '{"porep_config":{}}'; } > bad.jsonl
if "$bench" verify-records --records bad.jsonl --params "$params" > records.log; then
  echo "bad records verified"; exit 1
fi
cat records.log
test "$(grep -c "FAILED 2KiB interactive" records.log)" -eq 3
grep -q "line 4: MALFORMED" records.log
mkdir empty
"$bench" verify-records --records "$testdata/seal_records/v16-2kib.jsonl" --params empty \
  | tee records.log
grep -q "0 verified, 0 FAILED, 0 malformed, 2 skipped (2 without a .vk" records.log

# self-check with TEST parameters: the three prove-and-verify checks pass (the same path as the
# daemon, each .params checked against its .vk), and the bundled regression records, real
# Filecoin proofs, fail with a message saying they need the official .vk files.
if "$bench" self-check --params "$params" > self-check.log; then
  echo "self-check passed with TEST parameters"; cat self-check.log; exit 1
fi
cat self-check.log
for check in "2KiB PoRep C2" "2KiB WindowPoSt" "2KiB WinningPoSt"; do
  grep -q "^PASS $check" self-check.log
done
grep -q "^FAIL regression records: 0 verified, 2 failed" self-check.log
grep -q "verify only against the official .vk files" self-check.log
echo "cli porep c2: ok"
