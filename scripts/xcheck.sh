#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# `make xcheck`: cuzk judged by the Rust reference (rust-fil-proofs 19.1, bellperson 0.27, built
# from tools/rust-reference) on 2KiB sectors our sealer makes:
#   1. R1CS digests of the five circuits: Rust's blank circuit against `cuzk-bench r1cs-hash`;
#   2. Rust's vanilla verifiers on our C1 and our PoSt and SnapDeals vanilla proofs; PoSt and
#      SnapDeals vanilla proofs of sectors in Lotus's on-disk layout (2KiB and 8MiB ones Rust
#      sealed and updated, 2KiB ones ours wrote), Rust's and ours byte for byte equal;
#   3. PoRep, WindowPoSt (one partition, and three sectors over two partitions proved one by one
#      through the daemon, joined as Curio joins them), WinningPoSt, SnapDeals and its Poseidon
#      variant (through the daemon; Rust's circuit built from our vanilla proof, Groth16 through
#      storage-proofs' CompoundProof): our proof -> Rust verifies, Rust's proof -> we verify;
#      with our TEST keys, then with keys bellperson generated (ChaCha20 seed 7); a PoRep of
#      another miner and sector; tampered proofs that Rust must refuse;
#   4. SnarkPack (bellperson's fake SRS): an NI-PoRep C2 through the daemon (13 partitions,
#      aggregated) and by cuzk-bench prove -> Rust's verify_seal; two sectors aggregated by us ->
#      Rust's verify_aggregate_seal_commit_proofs, and Rust's aggregate -> ours, byte for byte
#      equal;
#   5. with --ni-8mib: an 8MiB NI-PoRep sector (13 partitions of 3.8M constraints) through the
#      daemon -> Rust's verify_seal, after both digests of the 8MiB circuit agree (adds about 5
#      minutes and 1.4 GB of keys the first time, 2 after); and Rust's own NI C2 of the 2KiB NI
#      sector (its seal_commit_phase2: the aggregate) -> our verifier (Rust's CPU prover: about
#      10 minutes on 2 cores);
#   6. with --side-by-side (informative, not a check; about 1.5 minutes on 2 cores, so CI leaves
#      it out): whole-process 2KiB PoRep C2 time and peak memory, ours and Rust's, same keys,
#      same machine.
# One line per check, OK or FAIL; exits 1 on any FAIL.
#
# usage: scripts/xcheck.sh [--cuzk-bench PATH] [--seed N] [--miner M] [--no-rust-params] [--ni-8mib]
#                          [--side-by-side]
# The Rust build, both sets of keys and the scratch files live in $CUZK_XCHECK_CACHE (default
# ~/.cache/cuzk/xcheck), outside the clone, so a second run rebuilds nothing that did not change:
# cold, 30-40 minutes on 2 cores (cargo about 17, key generation about 20, measured while other
# builds ran); warm, about 8 minutes.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CB=$ROOT/build/release/apps/cuzk-bench/cuzk-bench
DAEMON=$ROOT/build/release/apps/cuzk-daemon/cuzk-daemon
CACHE=${CUZK_XCHECK_CACHE:-$HOME/.cache/cuzk/xcheck}
RP=1; SEED=1; MINER=1000; NI8=0; SIDE=0
while [ $# -gt 0 ]; do case $1 in
  --cuzk-bench) CB=$2; shift 2;; --no-rust-params) RP=0; shift;; --ni-8mib) NI8=1; shift;; --side-by-side) SIDE=1; shift;;
  --seed) SEED=$2; shift 2;; --miner) MINER=$2; shift 2;;
  -h|--help) sed -n '3,34p' "$0"; exit 0;;
  *) echo "unknown argument $1"; exit 2;; esac; done
CB=$(readlink -f "$CB"); [ -x "$CB" ] || { echo "no cuzk-bench at $CB (make build first)"; exit 2; }
mkdir -p "$CACHE"; CACHE=$(readlink -f "$CACHE")

# The reference, built once into the cache (cargo rebuilds only what changed).
export CARGO_TARGET_DIR=$CACHE/target
echo "xcheck: building the Rust reference (tools/rust-reference; about 8 minutes the first time)"
(cd "$ROOT/tools/rust-reference" && cargo build --release --locked -q) || { echo "rust-reference build: FAIL"; exit 1; }
B=$CARGO_TARGET_DIR/release/bp-oracle
export FIL_PROOFS_PARENT_CACHE=$CACHE/parents  # the SDR parent cache lotus-seal's PC1 writes

fails=0; passes=0
check() { # name, command...: prints "name: OK (last line)" or "name: FAIL (...)"
  local name=$1; shift; local out; out=$("$@" 2>"$W/last.err"); local rc=$?
  local last; last=$(printf '%s\n' "$out" | grep -v '^$' | tail -1)
  if [ $rc -eq 0 ]; then echo "$name: OK  ($last)"; passes=$((passes+1)); else
    echo "$name: FAIL ($last; stderr: $(tail -2 "$W/last.err" | tr '\n' ' '))"; fails=$((fails+1)); fi
}
flip() { # in out: a copy of the proof `in` with byte 100 (in B) XORed with 1
  python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[100] ^= 1; open(sys.argv[2], "wb").write(b)' "$1" "$2"
}
expect_fail() { # name, command...: the command must fail
  local name=$1; shift
  if "$@" >/dev/null 2>&1; then echo "$name: FAIL (accepted)"; fails=$((fails+1)); else
    echo "$name: OK (rejected)"; passes=$((passes+1)); fi
}

W=$CACHE/run; rm -rf "$W"; mkdir -p "$W"; cd "$W"
R=0b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e90a
"$CB" gen-vanilla porep --sector-size 2KiB --wrap --seed "$SEED" --miner-id "$MINER" --out c1.json >/dev/null || exit 1
"$CB" gen-vanilla window-post --sector-size 2KiB --sectors 2 --seed "$SEED" --miner-id "$MINER" --randomness $R --out wpost.json >/dev/null || exit 1
"$CB" gen-vanilla winning-post --sector-size 2KiB --seed "$SEED" --miner-id "$MINER" --randomness $R --out winning.json >/dev/null || exit 1
# Three sectors: two WindowPoSt partitions at 2KiB (two sectors each), one file per partition.
"$CB" gen-vanilla window-post --sector-size 2KiB --sectors 3 --seed $((SEED + 10)) --miner-id "$MINER" --sector-id 11 --randomness $R --out wpost3.json >/dev/null || exit 1
# A second sector of the same miner (aggregation), and an NI-PoRep sector (13 partitions).
"$CB" gen-vanilla porep --sector-size 2KiB --wrap --seed $((SEED + 1)) --miner-id "$MINER" --sector-id 2 --out c1-2.json >/dev/null || exit 1
"$CB" gen-vanilla porep --sector-size 2KiB --wrap --registered-proof 15 --seed $((SEED + 30)) --miner-id "$MINER" --sector-id 3 --out c1-ni.json >/dev/null || exit 1
# Another miner and sector number.
"$CB" gen-vanilla porep --sector-size 2KiB --wrap --seed $((SEED + 20)) --miner-id 4242 --sector-id 77 --out c1-other.json >/dev/null || exit 1
SNAP=$("$CB" gen-vanilla snap-prove --sector-size 2KiB --seed "$SEED" --out snap.json) || exit 1
S="--comm-r-old $(echo "$SNAP" | awk '/^comm_r_old/{print $2}') --comm-d-new $(echo "$SNAP" | awk '/^comm_d_new/{print $2}') --comm-r-new $(echo "$SNAP" | awk '/^comm_r_new/{print $2}')"
SNAPP=$("$CB" gen-vanilla snap-poseidon-prove --sector-size 2KiB --seed "$SEED" --out snapp.json) || exit 1
SP="--comm-r-old $(echo "$SNAPP" | awk '/^comm_r_old/{print $2}') --comm-d-new $(echo "$SNAPP" | awk '/^comm_d_new/{print $2}') --comm-r-new $(echo "$SNAPP" | awk '/^comm_r_new/{print $2}')"
WP="--registered-proof StackedDrgWindow2KiBV1_2 --randomness $R --prover-id $MINER"
NP="--registered-proof StackedDrgWinning2KiBV1 --randomness $R --prover-id $MINER"

# 1. Digests: Rust's blank circuit against ours. Ours are remembered: our TEST keys are made anew
# when a digest moves.
declare -A DIGEST
for k in "porep 5 porep" "wpost 10 wpost" "winning 0 winning" "snap 0 snap" "snap-poseidon 0 snap-poseidon"; do
  set -- $k; ours=$("$CB" r1cs-hash -t $1 --registered-proof $2 2>/dev/null | grep -o '^[0-9a-f]\{64\}' | head -1)
  rust=$("$B" digest --what $3 --skip-test-cs 2>/dev/null | grep -o 'hash=[0-9a-f]*' | head -1 | cut -d= -f2)
  DIGEST[$1]=$ours
  if [ -n "$ours" ] && [ "$ours" = "$rust" ]; then echo "digest $1: OK  ($ours)"; passes=$((passes+1)); else
    echo "digest $1: FAIL (ours $ours, Rust $rust)"; fails=$((fails+1)); fi
done

# Our TEST keys, kept while the circuit's digest is the same. gen-params is seeded (the same
# circuit always gets the same keys), so those that make test generated into the build tree after
# cuzk-bench was last built are taken as they are (on a cold cache this spares generating the 2KiB
# PoRep and SnapDeals keys a second time; where it has none, they are made there); older ones may
# be of an earlier circuit and are not.
P=$CACHE/cuzk-params; mkdir -p "$P"
TP=$(dirname "$(dirname "$(dirname "$CB")")")/test-params  # build/release/test-params
for t in porep wpost winning snap snap-poseidon; do
  if [ "$(cat "$P/.digest-$t" 2>/dev/null)" != "${DIGEST[$t]}" ]; then
    force=--force
    if [ -d "$TP" ]; then
      made=$("$CB" gen-params --type $t --sector-size 2KiB --out "$TP" |
        sed -n 's/ and its .vk exist.*//p; s/^  wrote \(.*\) ([0-9.]* GB).*/\1/p')
      if [ -n "$made" ] && [ "$made" -nt "$CB" ]; then cp "$made" "${made%.params}.vk" "$P/" && force= && echo "xcheck: our TEST $t keys from $TP"; fi
    fi
    if [ -n "$force" ]; then
      echo "xcheck: generating our TEST $t keys"
      "$CB" gen-params --type $t --sector-size 2KiB --out "$P" $force >/dev/null || { echo "gen-params $t: FAIL"; exit 1; }
    fi
    echo "${DIGEST[$t]}" > "$P/.digest-$t"
  fi
done

# 2. Rust's vanilla verifiers on our sealer's data.
check "vanilla porep (Rust verifies our C1)" "$B" vanilla-check --what porep --c1 c1.json
check "vanilla wpost" "$B" vanilla-check --what wpost --vanilla wpost.json --randomness $R --prover-id $MINER
check "vanilla wpost, 3 sectors" "$B" vanilla-check --what wpost --vanilla wpost3.json --randomness $R --prover-id $MINER
check "vanilla winning" "$B" vanilla-check --what winning --vanilla winning.json --randomness $R --prover-id $MINER
check "vanilla snap" "$B" vanilla-check --what snap --vanilla snap.json $S
# SnapDeals' Poseidon variant: Rust leaves its vanilla verifier unimplemented, so Rust's circuit is
# built from our vanilla proof and must be satisfied, with the public inputs we derive.
check "snap-poseidon: our vanilla proof satisfies Rust's circuit" "$B" digest --what snap-poseidon --vanilla snapp.json $SP --inputs-out rust-snapp-inputs.txt
check "snap-poseidon: our public inputs equal Rust's" sh -c "'$CB' public-inputs -t snap-poseidon --vanilla snapp.json $SP > our-snapp-inputs.txt && diff -q rust-snapp-inputs.txt our-snapp-inputs.txt && wc -l < our-snapp-inputs.txt"

# 2b. Sectors in Lotus's on-disk layout (sealed/s-t0<miner>-<n>, cache/s-t0<miner>-<n>, update/,
# update-cache/): Rust seals and updates sectors as Lotus does (add_piece, PC1, PC2, clear_cache,
# empty_sector_update_encode_into) and our gen-vanilla reads them (the 8MiB one's tree files
# discard two rows, as 32GiB's do); Rust reads ones our sealer wrote. Rust's and our PoSt and
# SnapDeals vanilla proofs of each must be the same bytes.
lotus_checks() {
  local rust2 rust8 ours ln=s-t0$MINER
  rust2=$("$B" lotus-seal --dir "$W/lotus-rust" --miner-id "$MINER" --sector-id 21 --seed "$SEED" 2>/dev/null | awk '/^comm_r /{print $2; exit}')
  rust8=$("$B" lotus-seal --registered-proof StackedDrg8MiBV1_1 --dir "$W/lotus-rust" --miner-id "$MINER" --sector-id 31 --seed "$SEED" 2>/dev/null | awk '/^comm_r /{print $2; exit}')
  ours=$("$CB" gen-vanilla porep --sector-size 2KiB --seed $((SEED + 40)) --miner-id "$MINER" --sector-id 22 --lotus-dir "$W/lotus-ours" | awk '/^  comm_r /{print $2; exit}')
  [ -n "$rust2" ] && [ -n "$rust8" ] && [ -n "$ours" ] || { echo "lotus layout: FAIL (sealing: Rust comm_r '$rust2' '$rust8', ours '$ours')"; fails=$((fails+1)); return; }
  local side label size n cr dir comm t cmd id rp
  for side in "Rust-sealed 2KiB 21 $rust2 lotus-rust $rust2" "Rust-sealed 8MiB 31 $rust8 lotus-rust $rust8" \
              "our-sealed 2KiB 22 $ours lotus-ours $W/lotus-ours/commdr.txt"; do
    read -r label size n cr dir comm <<<"$side"; dir=$W/$dir
    for t in "window-post $([ $size = 2KiB ] && echo 10 || echo 11) StackedDrgWindow${size}V1_2" "winning-post $([ $size = 2KiB ] && echo 0 || echo 1) StackedDrgWinning${size}V1"; do
      read -r cmd id rp <<<"$t"
      check "lotus layout, $label $size sector $n, $cmd: our vanilla proof equals Rust's" sh -c "
        '$B' post-vanilla --registered-proof $rp --randomness $R --prover-id $MINER --sealed '$dir/sealed/$ln-$n' --cache '$dir/cache/$ln-$n' --comm-r $cr --sector-id $n --out r-lv.json >/dev/null &&
        '$CB' gen-vanilla $cmd --sector-size $size --registered-proof $id --randomness $R --sealed '$dir/sealed/$ln-$n' --cache '$dir/cache/$ln-$n' --comm-r '$comm' --sector-number $n -o o-lv.json >/dev/null &&
        python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' r-lv.json o-lv.json && echo 'equal bytes'"
    done
  done
  # SnapDeals: Rust updates its two sectors (add_piece, empty_sector_update_encode_into); ours is
  # sealed and updated here. generate_partition_proofs and our gen-vanilla snap-prove read each.
  local enc old dn rn
  for side in "Rust-updated 2KiB 21 $rust2 lotus-rust" "Rust-updated 8MiB 31 $rust8 lotus-rust" "our-updated 2KiB 23 - lotus-ours-snap"; do
    read -r label size n old dir <<<"$side"; dir=$W/$dir
    if [ "$old" = - ]; then
      enc=$("$CB" gen-vanilla snap-prove --sector-size 2KiB --seed $((SEED + 60)) --miner-id "$MINER" --sector-id $n --lotus-dir "$dir" -o /dev/null)
      old=$(echo "$enc" | awk '/^comm_r_old /{print $2}')
    else
      enc=$("$B" snap-encode --registered-proof StackedDrg${size}V1 --dir "$dir" --miner-id "$MINER" --sector-id $n --seed $((SEED + 50)) 2>/dev/null)
    fi
    dn=$(echo "$enc" | awk '/^comm_d_new /{print $2}'); rn=$(echo "$enc" | awk '/^comm_r_new /{print $2}')
    local files="--sector-key '$dir/sealed/$ln-$n' --sector-key-cache '$dir/cache/$ln-$n' --replica '$dir/update/$ln-$n' --replica-cache '$dir/update-cache/$ln-$n'"
    check "lotus layout, $label $size sector $n, snap-prove: our vanilla proofs equal Rust's" sh -c "
      '$B' snap-vanilla --registered-proof StackedDrg${size}V1 --comm-r-old $old --comm-d-new $dn --comm-r-new $rn $files --out r-lv.json >/dev/null &&
      '$CB' gen-vanilla snap-prove --sector-size $size $files --comm-r-old $old --comm-d-new $dn --comm-r-new $rn -o o-lv.json >/dev/null &&
      python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' r-lv.json o-lv.json && echo 'equal bytes'"
  done
}
lotus_checks

# 3. Proofs both ways under the keys in folder $1, named $2.
cross() {
  local D=$1 T=$2
  check "$T porep: ours -> Rust verify" sh -c "'$CB' prove --c1 c1.json --params '$D' --out o-porep.bin >/dev/null && '$B' --params '$D' porep-verify --c1 c1.json --prover-id $MINER --proof o-porep.bin"
  check "$T porep: Rust prove -> ours verify" sh -c "'$B' --params '$D' porep-prove --c1 c1.json --prover-id $MINER --out r-porep.bin >/dev/null && '$CB' verify --c1 c1.json --proof r-porep.bin --params '$D'"
  check "$T wpost: ours -> Rust verify" sh -c "'$CB' prove-post --type wpost --sector-size 2KiB --randomness $R --vanilla wpost.json --params '$D' --out o-wpost.bin >/dev/null && '$B' --params '$D' post-verify $WP --proof o-wpost.bin --vanilla wpost.json"
  check "$T wpost: Rust prove -> ours verify" sh -c "'$B' --params '$D' post-prove $WP --vanilla wpost.json --out r-wpost.bin >/dev/null && '$CB' verify -t wpost --randomness $R --vanilla wpost.json --proof r-wpost.bin --params '$D'"
  check "$T winning: ours -> Rust verify" sh -c "'$CB' prove-post --type winning --sector-size 2KiB --registered-proof 0 --randomness $R --vanilla winning.json --params '$D' --out o-win.bin >/dev/null && '$B' --params '$D' post-verify $NP --proof o-win.bin --vanilla winning.json"
  check "$T winning: Rust prove -> ours verify" sh -c "'$B' --params '$D' post-prove $NP --vanilla winning.json --out r-win.bin >/dev/null && '$CB' verify -t winning --randomness $R --vanilla winning.json --proof r-win.bin --params '$D'"
  check "$T snap: ours -> Rust verify" sh -c "'$CB' prove-snap --vanilla snap.json $S --params '$D' --out o-snap.bin >/dev/null && '$B' --params '$D' snap-verify $S --proof o-snap.bin"
  check "$T snap: Rust prove -> ours verify" sh -c "'$B' --params '$D' snap-prove $S --vanilla snap.json --out r-snap.bin >/dev/null && '$CB' verify -t snap --vanilla snap.json $S --proof r-snap.bin --params '$D'"
}
# Through the daemon: WindowPoSt over two partitions, each partition its own request with its
# index (as Curio sends them), the proofs joined in partition order, Rust verifying the whole; and
# SnapDeals' Poseidon variant (cuzk's kind 5, which has no local prove command).
daemon_checks() {
  local D=$1 T=$2 NI=${3:-} sock=$W/cuzk.sock pid
  "$DAEMON" --listen "unix://$sock" --param-dir "$D" >"$W/daemon.log" 2>&1 & pid=$!
  for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
  check "$T wpost, 3 sectors in 2 partitions via the daemon -> Rust verify" sh -c "
    '$CB' --addr 'unix://$sock' single --type wpost --randomness $R --vanilla wpost3.partition0.json --partition 0 --params '$D' --out o-wp0.bin >/dev/null &&
    '$CB' --addr 'unix://$sock' single --type wpost --randomness $R --vanilla wpost3.partition1.json --partition 1 --params '$D' --out o-wp1.bin >/dev/null &&
    cat o-wp0.bin o-wp1.bin > o-wp3.bin && '$B' --params '$D' post-verify $WP --proof o-wp3.bin --vanilla wpost3.json"
  check "$T wpost, 3 sectors: Rust prove -> ours verify, per partition" sh -c "
    '$B' --params '$D' post-prove $WP --vanilla wpost3.json --out r-wp3.bin >/dev/null &&
    head -c 192 r-wp3.bin > r-wp0.bin && tail -c 192 r-wp3.bin > r-wp1.bin &&
    '$CB' verify -t wpost --randomness $R --vanilla wpost3.partition0.json --partition 0 --proof r-wp0.bin --params '$D' &&
    '$CB' verify -t wpost --randomness $R --vanilla wpost3.partition1.json --partition 1 --proof r-wp1.bin --params '$D'"
  expect_fail "$T wpost, 3 sectors: partitions swapped, Rust refuses" sh -c "
    cat o-wp1.bin o-wp0.bin > t.bin && '$B' --params '$D' post-verify $WP --proof t.bin --vanilla wpost3.json"
  check "$T snap-poseidon: ours (daemon) -> Rust verify" sh -c "
    '$CB' --addr 'unix://$sock' single --type snap-poseidon --vanilla snapp.json $SP --params '$D' --out o-snapp.bin >/dev/null &&
    '$B' --params '$D' snap-poseidon-verify $SP --proof o-snapp.bin"
  check "$T snap-poseidon: Rust prove -> ours verify" sh -c "
    '$B' --params '$D' snap-poseidon-prove $SP --vanilla snapp.json --out r-snapp.bin >/dev/null &&
    '$CB' verify -t snap-poseidon --vanilla snapp.json $SP --proof r-snapp.bin --params '$D'"
  flip o-snapp.bin t.bin
  expect_fail "$T snap-poseidon: tampered proof, Rust refuses" "$B" --params "$D" snap-poseidon-verify $SP --proof t.bin
  if [ -n "$NI" ]; then  # 13 partitions: about two minutes on 2 cores
    check "$T NI-PoRep C2 via the daemon (13 partitions, aggregated) -> Rust verify_seal" sh -c "
      '$CB' --addr 'unix://$sock' single --c1 c1-ni.json --params '$D' --out o-ni.bin >/dev/null &&
      '$B' --params '$D' porep-verify --c1 c1-ni.json --prover-id $MINER --proof o-ni.bin"
    flip o-ni.bin t.bin
    expect_fail "$T NI-PoRep: tampered aggregate, Rust refuses" "$B" --params "$D" porep-verify --c1 c1-ni.json --prover-id $MINER --proof t.bin
    check "$T NI-PoRep C2 by cuzk-bench prove (local) -> Rust verify_seal" sh -c "
      '$CB' prove --c1 c1-ni.json --params '$D' --out o-ni-local.bin >/dev/null &&
      '$B' --params '$D' porep-verify --c1 c1-ni.json --prover-id $MINER --proof o-ni-local.bin"
    # Rust's CPU prover takes many minutes over 13 NI partitions: opt-in, with --ni-8mib (the
    # vector test checks Rust's NI aggregate of its own sector on every make test).
    if [ "$NI8" = 1 ]; then
      check "$T NI-PoRep: Rust seal_commit_phase2 (its aggregate) -> ours verify" sh -c "
        '$B' --params '$D' porep-prove --c1 c1-ni.json --prover-id $MINER --out r-ni.bin >/dev/null &&
        '$CB' verify --c1 c1-ni.json --proof r-ni.bin --params '$D'"
    fi
  fi
  kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null
}

# SnarkPack's SRS for aggregation: bellperson's fake one (testdata), under the official name.
cp "$ROOT/testdata/rust-fil-proofs-19.1/snarkpack-2KiB/fake-srs-seed11-size256.srs" "$P/v28-fil-inner-product-v1.srs"
cross "$P" "cuzk-keys"
daemon_checks "$P" "cuzk-keys" ni
# SnarkPack over two interactive sectors, as Lotus aggregates commits: both ways, and the bytes.
check "aggregate of 2 sectors: ours -> Rust verify_aggregate_seal_commit_proofs" sh -c "
  '$CB' prove --c1 c1-2.json --params '$P' --out o-porep2.bin >/dev/null &&
  '$CB' aggregate --c1 c1.json c1-2.json --proof o-porep.bin o-porep2.bin --params '$P' --out o-agg.bin >/dev/null &&
  '$B' --params '$P' aggregate --c1 c1.json c1-2.json --prover-id $MINER --verify o-agg.bin"
check "aggregate of 2 sectors: Rust -> ours verify" sh -c "
  '$B' --params '$P' aggregate --c1 c1.json c1-2.json --proof o-porep.bin o-porep2.bin --prover-id $MINER --out r-agg.bin >/dev/null &&
  '$CB' aggregate --c1 c1.json c1-2.json --params '$P' --verify r-agg.bin"
check "aggregate of 2 sectors: ours equals Rust's byte for byte" cmp o-agg.bin r-agg.bin
flip o-agg.bin t.bin
expect_fail "aggregate: tampered, Rust refuses" "$B" --params "$P" aggregate --c1 c1.json c1-2.json --prover-id $MINER --verify t.bin
check "cuzk-keys porep, miner 4242 sector 77: ours -> Rust verify" sh -c "'$CB' prove --c1 c1-other.json --params '$P' --out o-other.bin >/dev/null && '$B' --params '$P' porep-verify --c1 c1-other.json --prover-id 4242 --proof o-other.bin"
expect_fail "cuzk-keys porep, miner 4242's proof as miner 1000's: Rust refuses" "$B" --params "$P" porep-verify --c1 c1-other.json --prover-id 1000 --proof o-other.bin
flip o-porep.bin t.bin
expect_fail "tampered porep proof: Rust refuses" "$B" --params "$P" porep-verify --c1 c1.json --prover-id $MINER --proof t.bin
flip o-snap.bin t.bin
expect_fail "tampered snap proof: Rust refuses" "$B" --params "$P" snap-verify $S --proof t.bin

if [ $RP = 1 ]; then
  # bellperson's generate_random_parameters, ChaCha20 seed 7; kept while the reference's lock is.
  Q=$CACHE/bellperson-params; mkdir -p "$Q"
  lock=$(sha256sum "$ROOT/tools/rust-reference/Cargo.lock" | cut -c1-16)
  for t in wpost winning snap snap-poseidon porep; do
    [ "$(cat "$Q/.made-$t" 2>/dev/null)" = "$lock" ] && continue
    echo "xcheck: bellperson generates its $t keys (porep: about 10 minutes, once)"
    if "$B" gen-params --what $t --out "$Q" --seed 7 >/dev/null 2>"$W/last.err"; then echo "$lock" > "$Q/.made-$t"; else
      echo "gen-params $t: FAIL ($(tail -1 "$W/last.err"))"; fails=$((fails+1)); fi
  done
  cross "$Q" "bellperson-keys"
  daemon_checks "$Q" "bellperson-keys"
fi

# 5. An 8MiB NI-PoRep sector, as Curio sends it, judged by Rust's verify_seal (our TEST keys).
if [ $NI8 = 1 ]; then
  ours=$("$CB" r1cs-hash -t porep --registered-proof 16 2>/dev/null | grep -o '^[0-9a-f]\{64\}' | head -1)
  rust=$("$B" digest --what porep --registered-proof StackedDrg8MiBV1_2_Feat_NonInteractivePoRep --skip-test-cs 2>/dev/null | grep -o 'hash=[0-9a-f]*' | head -1 | cut -d= -f2)
  if [ -n "$ours" ] && [ "$ours" = "$rust" ]; then echo "digest porep 8MiB: OK  ($ours)"; passes=$((passes+1)); else
    echo "digest porep 8MiB: FAIL (ours $ours, Rust $rust)"; fails=$((fails+1)); fi
  if [ "$(cat "$P/.digest-porep-8MiB" 2>/dev/null)" != "$ours" ]; then
    echo "xcheck: generating our TEST 8MiB porep keys (about 2.5 minutes)"
    "$CB" gen-params --type porep --sector-size 8MiB --out "$P" --force >/dev/null && echo "$ours" > "$P/.digest-porep-8MiB"
  fi
  "$CB" gen-vanilla porep --sector-size 8MiB --wrap --registered-proof 16 --seed $((SEED + 40)) --miner-id "$MINER" --sector-id 5 --out c1-ni8.json >/dev/null || exit 1
  "$DAEMON" --listen "unix://$W/cuzk8.sock" --param-dir "$P" >"$W/daemon8.log" 2>&1 & pid=$!
  for _ in $(seq 100); do [ -S "$W/cuzk8.sock" ] && break; sleep 0.1; done
  check "8MiB NI-PoRep C2 via the daemon (13 partitions, aggregated) -> Rust verify_seal" sh -c "
    '$CB' --addr 'unix://$W/cuzk8.sock' single --c1 c1-ni8.json --params '$P' --out o-ni8.bin >/dev/null &&
    '$B' --params '$P' porep-verify --c1 c1-ni8.json --prover-id $MINER --proof o-ni8.bin"
  kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null
  flip o-ni8.bin t.bin
  expect_fail "8MiB NI-PoRep: tampered aggregate, Rust refuses" "$B" --params "$P" porep-verify --c1 c1-ni8.json --prover-id $MINER --proof t.bin
fi

# 6. With --side-by-side, informative: the same C1 and keys, one process each.
side() { # label, command...: prints wall time and peak RSS of the command
  local label=$1; shift
  if /usr/bin/time -f '%e %M' -o "$W/time.txt" "$@" >/dev/null 2>&1; then
    read -r secs kib < "$W/time.txt"
    printf '  %-34s %7.1f s  %6.2f GiB peak\n' "$label" "$secs" "$(awk -v k="$kib" 'BEGIN{print k/1048576}')"
  else echo "  $label: failed"; fi
}
if [ $SIDE -eq 1 ] && [ -x /usr/bin/time ]; then
  echo "side by side (informative): 2KiB PoRep C2, whole process, cuzk TEST keys, $(nproc) CPUs"
  side "cuzk-bench prove" "$CB" prove --c1 c1.json --params "$P" --out s-ours.bin
  side "bp-oracle porep-prove (Rust)" "$B" --params "$P" porep-prove --c1 c1.json --prover-id $MINER --out s-rust.bin
fi

echo "xcheck: $passes passed, $fails failed"
[ $fails -eq 0 ]
