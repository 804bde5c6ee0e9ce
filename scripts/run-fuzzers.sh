#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Seeds each fuzz target's corpus from files our own tools write (a sealed sector's C1, PoSt and
# SnapDeals vanilla proofs, Groth16 parameters, a .vk and a proof, an iden3 circuit and witness,
# the example configuration, gRPC requests), then runs every target for SECONDS seconds. A crash
# leaves its input in build/fuzz/artifacts and fails the run (turn it into a unit test).
# Usage: scripts/run-fuzzers.sh CUZK_BENCH FUZZ_BIN_DIR SECONDS
set -euo pipefail
bench="$1"
bin="$2"
seconds="$3"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(dirname "$bin")"
corpus="$out/corpus"
seeds="$out/seeds"
artifacts="$out/artifacts"
mkdir -p "$corpus" "$artifacts"

if [ ! -f "$seeds/done" ]; then
  rm -rf "$seeds"
  mkdir -p "$seeds"/{c1,post,update,groth16,iden3,config,request}
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  "$bench" gen-vanilla porep --sector-size 2KiB --seed 1 --out "$seeds/c1/raw.json" > /dev/null
  "$bench" gen-vanilla porep --sector-size 2KiB --seed 2 --wrap --out "$seeds/c1/wrapped.json" \
    > /dev/null
  "$bench" gen-vanilla window-post --sector-size 2KiB --sectors 1 --out "$seeds/post/list.json" \
    > /dev/null
  "$bench" gen-vanilla snap-prove --sector-size 2KiB --out "$work/snap.json" > /dev/null
  "$bench" gen-vanilla snap-poseidon-prove --sector-size 2KiB --out "$work/snapp.json" > /dev/null
  # The JSON lists hold base64 bincode: the bytes Curio sends are the decoded items.
  python3 - "$seeds/post/list.json" "$seeds/post/proof" "$work/snap.json" "$seeds/update/proof" \
    "$work/snapp.json" "$seeds/update/poseidon" <<'PY'
import base64, json, sys
for src, dst in zip(sys.argv[1::2], sys.argv[2::2]):
    for i, item in enumerate(json.load(open(src))):
        open(f"{dst}{i}.bin", "wb").write(base64.b64decode(item))
PY
  "$bench" export-example --rounds 20 --out "$work/ex" > /dev/null
  "$bench" prove-r1cs --r1cs "$work/ex.r1cs" --wtns "$work/ex.wtns" --params "$work/ex.params" \
    --out "$work/out" > /dev/null
  # fuzz_iden3 and fuzz_groth16_files read a selector byte first.
  { printf '\x00'; cat "$work/ex.r1cs"; } > "$seeds/iden3/r1cs"
  { printf '\x01'; cat "$work/ex.wtns"; } > "$seeds/iden3/wtns"
  { printf '\x00'; cat "$work/ex.params"; } > "$seeds/groth16/params"
  { printf '\x01'; cat "$work/out/circuit.vk"; } > "$seeds/groth16/vk"
  { printf '\x02'; cat "$work/out/proof.bin"; } > "$seeds/groth16/proof"
  cp "$root/config/cuzk.example.toml" "$seeds/config/example.toml"
  printf '[daemon]\nlisten = "0.0.0.0:9820"\n[memory]\ntotal_budget = "256GiB"\neviction_min_idle = "5m"\n' \
    > "$seeds/config/rust.toml"
  proto="$root/proto/cuzk/v1/proving.proto"
  for text in 'request_id: "wdpost-1000-3-ab" proof_kind: WINDOW_POST_PARTITION priority: HIGH registered_proof: 10 vanilla_proofs: "\001\002" randomness: "0123456789abcdef0123456789abcdef" partition_index: 3' \
              'request_id: "porep-1000-9" proof_kind: POREP_SEAL_COMMIT vanilla_proof: "{}" miner_id: 1000 sector_number: 9 sector_size: 2048'; do
    echo "$text" | protoc --proto_path="$root/proto" --encode=cuzk.v1.SubmitProofRequest "$proto" \
      > "$seeds/request/$(echo "$text" | cksum | cut -d' ' -f1)"
  done
  touch "$seeds/done"
fi

failed=0
for target in c1:c1 post_vanilla:post update_vanilla:update groth16_files:groth16 iden3:iden3 \
              config:config request:request; do
  name="fuzz_${target%%:*}"
  mkdir -p "$corpus/$name"
  cp -n "$seeds/${target##*:}"/* "$corpus/$name/" 2>/dev/null || true
  log="$out/$name.log"
  if "$bin/$name" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=262144 \
      -artifact_prefix="$artifacts/$name-" -print_final_stats=1 "$corpus/$name" > "$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$name: ${execs:-?} runs in ${seconds} s, no crash ($(ls "$corpus/$name" | wc -l) inputs)"
  else
    echo "$name: FAILED, see $log and $artifacts"
    grep -E "ERROR|SUMMARY" "$log" | head -5
    failed=1
  fi
done
exit "$failed"
