#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# WindowPoSt and WinningPoSt through the CLI: seal 2KiB sectors, write their vanilla proofs in
# Curio's form, generate TEST parameters under the official names, prove and verify locally; a
# sector written in Lotus's on-disk layout and read back (--sealed, --cache, --comm-r) gives the
# same vanilla proof. Then the failure paths: other randomness, a tampered vanilla proof, garbage
# and a comm_r that is not the sector's each end in an error that names the problem, and no
# proof file.
# Usage: cli_post_test.sh CUZK_BENCH
set -euo pipefail
bench="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

"$bench" gen-params --type wpost --sector-size 2KiB --out params | tee gen.log
grep -q "0170db1f394b35d995252228ee359194b13199d259380541dc529fb0099096b0.params" gen.log
"$bench" gen-params --type winning --sector-size 2KiB --out params > /dev/null
"$bench" gen-vanilla window-post --sector-size 2KiB --sectors 2 --out wpost.json
"$bench" gen-vanilla winning-post --sector-size 2KiB --out winning.json
"$bench" gen-vanilla window-post --sector-size 2KiB --sectors 1 --registered-proof 5 \
  --out wpost-v1.json > /dev/null

"$bench" prove-post --type wpost --vanilla wpost.json --params params --out wpost.proof \
  | tee wpost.log
grep -q "proof verified" wpost.log
test "$(stat -c %s wpost.proof)" -eq 192
"$bench" prove-post --type winning --vanilla winning.json --params params --out winning.proof \
  | tee winning.log
grep -q "90883 constraints" winning.log
# verify, public-inputs and export-r1cs take any kind, through the proof-kind table.
"$bench" verify -t wpost --vanilla wpost.json --proof wpost.proof --params params | grep -q "^VALID"
"$bench" verify -t winning --vanilla winning.json --proof winning.proof --params params \
  | grep -q "^VALID"
if "$bench" verify -t winning --vanilla winning.json --proof wpost.proof --params params \
    2> err.txt; then
  echo "a WindowPoSt proof verified as the WinningPoSt"; exit 1
fi
grep -q "INVALID" err.txt
# WindowPoSt: 2 sectors x (comm_r + 10 challenged leaves) = 22 public inputs.
test "$("$bench" public-inputs -t wpost --vanilla wpost.json | grep -Ec '^0x[0-9a-f]{64}$')" -eq 22
"$bench" export-r1cs -t winning --vanilla winning.json --out r1cs | tee export.log
# 90,883 rows less the 133 input constraints the prover adds (iden3 files carry none).
grep -q "wrote r1cs/winning.r1cs and r1cs/winning.wtns: 90750 constraints, 133 inputs" export.log
test -s r1cs/winning.wtns
# A short WindowPoSt V1 partition (one sector in a two-sector circuit).
"$bench" prove-post --type wpost --registered-proof 5 --vanilla wpost-v1.json --params params \
  | grep -q "proof verified"

expect_failure() {  # expect_failure PATTERN ARGS...: the command fails and says PATTERN
  local pattern="$1"; shift
  if "$bench" "$@" --out bad.proof 2> err.txt; then echo "unexpected success: $*"; exit 1; fi
  grep -q "$pattern" err.txt || { echo "expected '$pattern', got:"; cat err.txt; exit 1; }
  test ! -e bad.proof
}
other=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff
expect_failure "the randomness challenges leaf" prove-post --type wpost --vanilla wpost.json \
  --params params --randomness "$other"
# The winning vanilla proof sent as a WindowPoSt: 66 challenge proofs where 10 are needed.
expect_failure "needs 10" prove-post --type wpost --vanilla winning.json --params params
# A flipped byte in a Merkle path sibling: the circuit is not satisfied, so no proof verifies.
python3 - wpost.json <<'PY'
import base64, json, sys
proofs = json.load(open(sys.argv[1]))
raw = bytearray(base64.b64decode(proofs[0]))
raw[150] ^= 1  # inside the first inclusion proof's path
proofs[0] = base64.b64encode(bytes(raw)).decode()
json.dump(proofs, open("tampered.json", "w"))
PY
expect_failure "do not hash to comm_r_last" prove-post --type wpost --vanilla tampered.json \
  --params params
echo '["not base64!"]' > garbage.json
expect_failure "vanilla proofs\[0\]" prove-post --type wpost --vanilla garbage.json --params params
head -c 300 /dev/urandom | base64 -w0 | python3 -c 'import json,sys; print(json.dumps([sys.stdin.read()]))' \
  > random.json
expect_failure "vanilla proof" prove-post --type wpost --vanilla random.json --params params

# Lotus's layout: the same sector sealed in memory and read back from its files, comm_r given as
# commdr.txt, as a CID and as hex.
"$bench" gen-vanilla porep --seed 5 --sector-id 3 --lotus-dir lotus > porep.log
"$bench" gen-vanilla window-post --seed 5 --sector-id 3 --sectors 1 --out mem.json > /dev/null
sector=(--sealed lotus/sealed/s-t01000-3 --cache lotus/cache/s-t01000-3 --sector-number 3)
"$bench" gen-vanilla window-post "${sector[@]}" --comm-r lotus/commdr.txt -o disk.json
cmp mem.json disk.json
cid=$(sed 's/.* r://' lotus/commdr.txt)
hex=$(awk '/^  comm_r /{print $2; exit}' porep.log)
"$bench" gen-vanilla window-post "${sector[@]}" --comm-r "$cid" -o disk-cid.json > /dev/null
"$bench" gen-vanilla window-post "${sector[@]}" --comm-r "$hex" -o disk-hex.json > /dev/null
cmp mem.json disk-cid.json
cmp mem.json disk-hex.json
"$bench" prove-post --type wpost --vanilla disk.json --params params | grep -q "proof verified"
wrong=$(printf '%02x%s' $((0x${hex:0:2} ^ 1)) "${hex:2}")  # another field element
if "$bench" gen-vanilla window-post "${sector[@]}" --comm-r "$wrong" -o bad.json 2> err.txt; then
  echo "another comm_r was accepted"; exit 1
fi
grep -q "is not this sector's" err.txt
test ! -e bad.json
echo "cli post: ok"
