#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# SnapDeals vanilla proofs from an updated sector's files, as Curio's Rust cuzk-bench reads them:
# a 2KiB sector sealed and updated here and written in Lotus's layout (--lotus-dir) gives, read
# back with --sector-key, --replica, their caches and the two commdr.txt files, the same vanilla
# proofs as made in memory; the commitments given as hex do too. Commitments of another sector,
# or the update's given as the sector key's, end in an error that names them, and no output.
# Usage: cli_snap_files_test.sh CUZK_BENCH
set -euo pipefail
bench="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

"$bench" gen-vanilla snap-prove --seed 3 --sector-id 5 --lotus-dir lotus -o mem.json | tee gen.log
files=(--sector-key lotus/sealed/s-t01000-5 --sector-key-cache lotus/cache/s-t01000-5
       --replica lotus/update/s-t01000-5 --replica-cache lotus/update-cache/s-t01000-5)
"$bench" gen-vanilla snap-prove "${files[@]}" --orig-commdr lotus/commdr.txt \
  --update-commdr lotus/update-commdr.txt -o disk.json | tee read.log
cmp mem.json disk.json
# The same three commitments printed either way.
diff <(grep '^comm_' gen.log) <(grep '^comm_' read.log)
hex() { awk -v k="$1" '$1 == k {print $2}' gen.log; }
"$bench" gen-vanilla snap-prove "${files[@]}" --comm-r-old "$(hex comm_r_old)" \
  --comm-d-new "$(hex comm_d_new)" --comm-r-new "$(hex comm_r_new)" -o disk-hex.json > /dev/null
cmp mem.json disk-hex.json

expect_failure() {  # expect_failure PATTERN ARGS...: the command fails and says PATTERN
  local pattern="$1"; shift
  if "$bench" gen-vanilla snap-prove "${files[@]}" "$@" -o bad.json 2> err.txt; then
    echo "unexpected success: $*"; exit 1
  fi
  grep -q "$pattern" err.txt || { echo "expected '$pattern', got:"; cat err.txt; exit 1; }
  test ! -e bad.json
}
expect_failure "comm_r_old .* is not this sector's" --orig-commdr lotus/update-commdr.txt \
  --update-commdr lotus/update-commdr.txt
expect_failure "comm_d_new .* is not the root of" --orig-commdr lotus/commdr.txt \
  --comm-d-new "$(hex comm_r_new)" --comm-r-new "$(hex comm_r_new)"
expect_failure "needs --update-commdr" --orig-commdr lotus/commdr.txt
echo "cli snap files: ok"
