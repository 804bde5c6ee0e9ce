#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The daemon really started on a Unix socket in a temporary directory: a 2KiB PoRep job through
# the gRPC client (verified by the client too), a second job finding the parameters resident
# (srs load 0 ms), a bad job failing with a clear error without harming the daemon, a CRITICAL job
# overtaking a running 13-partition (NI-PoRep) job between two partitions, cancellation of a
# queued and of that running job, preload/evict, status, WindowPoSt (eight at once, and two under
# one request id), WinningPoSt and SnapDeals jobs (both variants), a clean stop on SIGTERM and a
# prompt one during a job, a live socket and a TCP port that a second daemon may not take, and a
# second daemon started from a Rust-layout configuration file, corrupt parameters, and an
# NI-PoRep job without the SnarkPack SRS failing by the file's name before it proves.
# Usage: daemon_test.sh CUZK_DAEMON CUZK_BENCH PARAMS_DIR
set -euo pipefail
daemon="$1"
bench="$2"
params="$3"
# shellcheck source=support/daemon_workdir.sh
. "$(dirname "$0")/support/daemon_workdir.sh" daemon_test 40
addr="unix://$work/cuzk.sock"

"$daemon" --listen "$addr" --status-listen 127.0.0.1:0 --param-dir "$params" --workers 1 \
  --compiled-dir "$work/compiled" > daemon.log 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q "listening on" daemon.log && break; sleep 0.1; done
http_port="$(sed -n 's/.*HTTP status on port \([0-9]*\).*/\1/p' daemon.log)"
test -n "$http_port"
http_get() { python3 -c "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen('http://127.0.0.1:$http_port$1').read().decode())"; }
"$bench" --addr "$addr" status | grep -q "proofs completed 0"
# The socket is owner-and-group only; a second daemon on it fails and the first keeps serving.
test "$(stat -c %a "$work/cuzk.sock")" = 660
if "$daemon" --listen "$addr" --param-dir "$params" > daemon-twin.log 2>&1; then
  echo "a second daemon took over the live socket"; exit 1
fi
grep -q "address in use" daemon-twin.log
"$bench" --addr "$addr" status | grep -q "proofs completed 0"

"$bench" gen-vanilla porep --sector-size 2KiB --seed 11 --wrap --out c1.json > /dev/null
"$bench" --addr "$addr" single --c1 c1.json --params "$params" --request-id job-1 --out p1.bin \
  | tee single1.log
grep -q "COMPLETED" single1.log
grep -q "verified locally (VALID)" single1.log
test "$(stat -c %s p1.bin)" -eq 192

# A request the daemon must refuse: the C1 is 2KiB, the request claims 32GiB V1_1 (id 8).
if "$bench" --addr "$addr" single --c1 c1.json --registered-proof 8 --request-id bad 2> err.txt; then
  echo "a mismatched request was proved"; exit 1
fi
grep -q "registered_proof 8 does not match" err.txt
# The same request id with different content is a new, independent job (request ids are labels,
# as Curio uses them), refused on its own merits, not as the first job's repeat.
if "$bench" --addr "$addr" single --c1 c1.json --registered-proof 7 --request-id bad 2> err.txt; then
  echo "a mismatched request was proved"; exit 1
fi
grep -q "registered_proof 7 does not match" err.txt
# Curio sends the miner and sector with the C1 (cuzk-bench single --miner-id/--sector-num, as the
# Rust cuzk-bench): another miner's C1 fails at once, naming both.
if "$bench" -a "$addr" single -t porep --c1 c1.json --miner-id 999999 --sector-num 1 \
  --request-id other-miner 2> err.txt; then
  echo "another miner's C1 was proved"; exit 1
fi
grep -q "the request is for miner 999999, sector 1 but the C1's" err.txt || { cat err.txt; exit 1; }
# Garbage bytes instead of a C1: a clear error naming the problem.
head -c 4096 /dev/urandom > garbage.json
if "$bench" --addr "$addr" single --unchecked --c1 garbage.json --request-id garbage 2> err.txt; then
  echo "garbage was proved"; exit 1
fi
grep -q "not valid JSON" err.txt
# An oversized message (over the 256 MiB limit) is refused by the transport, not fatal.
head -c $((257 << 20)) /dev/zero > huge.json
if "$bench" --addr "$addr" single --unchecked --c1 huge.json --request-id huge 2> err.txt; then
  echo "an oversized request was accepted"; exit 1
fi
grep -qi "larger than max\|RESOURCE_EXHAUSTED\|exceeds" err.txt || { cat err.txt; exit 1; }
rm huge.json

# The daemon still proves, now with the parameters resident.
"$bench" gen-vanilla porep --sector-size 2KiB --seed 12 --wrap --out c2.json > /dev/null
"$bench" --addr "$addr" single --c1 c2.json --params "$params" --request-id job-2 | tee single2.log
grep -q "srs load 0 ms" single2.log
grep -q "verified locally (VALID)" single2.log
# A client that goes away mid-job loses nothing: the job completes, and submitting the same
# request id again returns its result.
"$bench" --addr "$addr" single --c1 c1.json --request-id dropped > /dev/null 2>&1 &
client_pid=$!
sleep 3
kill "$client_pid"
wait "$client_pid" || true
"$bench" --addr "$addr" single --c1 c1.json --params "$params" --request-id dropped \
  | tee dropped.log
grep -q "verified locally (VALID)" dropped.log
"$bench" --addr "$addr" status | tee status.log
grep -q "proofs completed 3, failed 4" status.log
grep -q "queue porep-c2: 0 pending" status.log  # the Rust cuzk's queue names
grep -q "srs porep-2k" status.log
# The resident parameters (1.2 GB) and the last partition's synthesis buffers (0.5 GB, kept for
# the next job) hold their share of the memory budget while idle.
grep -q "memory: 1\.[0-9]* GiB reserved" status.log

# Observability: the Rust cuzk's metric names over gRPC and HTTP, and the JSON status page.
"$bench" --addr "$addr" metrics | tee metrics.log
grep -q '^cuzk_proofs_completed{proof_kind="porep_c2"} 3$' metrics.log
grep -q '^cuzk_proofs_failed_total 4$' metrics.log
grep -q '^cuzk_queue_depth 0$' metrics.log
grep -q '^cuzk_proof_duration_seconds_count{proof_kind="porep_c2"} 3$' metrics.log
http_get /metrics | grep -q '^cuzk_proofs_completed_total 3$'
http_get /status > status.json
python3 - status.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
c = s["counters"]
assert (c["completed"], c["failed"]) == (3, 4), c
# The Rust cuzk's fields, under its names.
assert (c["total_completed"], c["total_failed"], c["queue_depth"]) == (3, 4, 0), c
assert c["completed_by_kind"] == {"porep-c2": 3}, c
assert s["memory"]["total_bytes"] == s["memory"]["budget"], s["memory"]
assert any(x["circuit_id"] == "porep-2k" for x in s["allocations"]["srs"]), s["allocations"]
# The first job compiled the circuit; the jobs after it proved from compact witnesses.
assert [x["circuit_id"] for x in s["allocations"]["pce"]] == ["porep-2k"], s["allocations"]
# Used because its R1CS digest is the one bellperson gives the circuit: the compiled form's
# fingerprint is the one pinned with that digest (engine/kinds/reference_digests.cc).
pce = s["allocations"]["pce"][0]
assert pce["digest_checked"] is True, pce
assert pce["r1cs_digest"] == "2c120b1125bd531d5a62b11932b2ae0e0cb47f455cea582994f97534e296bb42", pce
assert s["memory"]["total"] > 0 and s["memory"]["budget"] > 0, s["memory"]
assert any(x["circuit_id"] == "porep-2k" for x in s["srs"]), s["srs"]
states = {j["job_id"]: j["state"] for j in s["jobs"]}
assert states["job-1"] == "completed" and states["garbage"] == "failed", states
assert states["bad"] == "failed" and states["bad#2"] == "failed", states
PY
grep -q "job job-1: completed" daemon.log
grep -q "porep-2k: circuit compiled in .* R1CS digest 2c120b11.* (rust-fil-proofs 19.1's: the compiled form's fingerprint is the one pinned with it)" daemon.log
grep -q "porep-2k: compiled circuit kept in $work/compiled/cuzk-compiled-porep-2k.bin" daemon.log
test -s "$work/compiled/cuzk-compiled-porep-2k.bin"
grep -q "job garbage: failed" daemon.log

# Per-partition scheduling and cancellation: a 13-partition NI-PoRep job (same circuit and
# parameters) starts running and a second job waits behind it. The queued one is cancelled at
# once; a CRITICAL job goes between two of the running job's partitions and completes while that
# job still runs; then the running job is cancelled (its proof stops at the next step).
"$bench" --addr "$addr" preload porep-2k | grep -q "already loaded"
"$bench" gen-vanilla porep --sector-size 2KiB --registered-proof 15 --seed 13 --out ni.json > /dev/null
"$bench" --addr "$addr" single --c1 ni.json --request-id ni > ni.log 2>&1 &
ni_pid=$!
sleep 2
"$bench" --addr "$addr" single --c1 c2.json --request-id queued > queued.log 2>&1 &
queued_pid=$!
sleep 1
"$bench" --addr "$addr" cancel queued | grep -q "it was queued"
"$bench" --addr "$addr" single --c1 c2.json --params "$params" --request-id urgent --priority 4 \
    > urgent.log 2>&1
grep -q "verified locally (VALID)" urgent.log
http_get /status > running.json
python3 - running.json <<'PY'
import json, sys
jobs = {j["job_id"]: j for j in json.load(open(sys.argv[1]))["jobs"]}
assert jobs["urgent"]["state"] == "completed" and jobs["ni"]["state"] == "running", jobs
assert jobs["ni"]["phase"] in ("synthesizing", "proving", "verifying", "waiting"), jobs["ni"]
assert jobs["ni"]["partitions"] == 13 and 1 <= jobs["ni"]["partitions_proved"] < 13, jobs["ni"]
ni = {p["job_id"]: p for p in json.load(open(sys.argv[1]))["pipelines"]}["ni"]
assert ni["proof_kind"] == "porep-c2" and ni["total_partitions"] == 13, ni
assert [p["state"] for p in ni["partitions"]][:ni["partitions_done"]] == ["done"] * ni["partitions_done"], ni
PY
"$bench" --addr "$addr" cancel ni | grep -q "stops at the next step"
if wait "$queued_pid"; then echo "a cancelled queued job completed"; exit 1; fi
if wait "$ni_pid"; then echo "a cancelled running job completed"; exit 1; fi
grep -q "CANCELLED" queued.log
grep -q "CANCELLED" ni.log
"$bench" --addr "$addr" evict porep-2k | grep -q "freed"
# What stays reserved is one partition's idle synthesis buffers, which every job after the first
# synthesized into.
http_get /status > evicted.json
python3 - evicted.json <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))["memory"]
assert m["idle_synthesis_buffers"] == 1 and m["reused_synthesis_buffers"] >= 3, m
assert 0 < m["reserved"] < 1 << 30, m
PY
"$bench" --addr "$addr" status | grep -q "proofs completed 4, failed 4"
# The log shows the CRITICAL job's partition between the NI job's.
grep -q "job ni: partition [0-9]*/13 proved" daemon.log
[ "$(grep -c "job ni: partition [0-9]*/13 proved" daemon.log)" -lt 13 ]

# WindowPoSt and WinningPoSt from Curio's bincode vanilla proofs, each verified by the client
# too; vanilla proofs of other randomness fail by name; WinningPoSt runs as CRITICAL by default.
"$bench" gen-vanilla window-post --sector-size 2KiB --sectors 2 --out wpost.json > /dev/null
"$bench" gen-vanilla winning-post --sector-size 2KiB --out winning.json > /dev/null
"$bench" --addr "$addr" single --type wpost --vanilla wpost.json --params "$params" \
  --request-id wpost-1 --out wpost.proof | tee wpost.log
grep -q "verified locally (VALID)" wpost.log
test "$(stat -c %s wpost.proof)" -eq 192
# Eight concurrent jobs (WindowPoSt: seconds each) all complete and verify.
pids=()
for i in 1 2 3 4 5 6 7 8; do
  "$bench" --addr "$addr" single --type wpost --vanilla wpost.json --params "$params" \
    --request-id "wpost-c$i" > "wpost-c$i.log" 2>&1 &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
[ "$(cat wpost-c*.log | grep -c "verified locally (VALID)")" -eq 8 ] || { cat wpost-c*.log; exit 1; }
# Curio sends every WindowPoSt partition of a deadline under one request id: two requests of
# different content (other sectors) under one id at once are two jobs, and both complete.
"$bench" gen-vanilla window-post --sector-size 2KiB --sectors 2 --seed 2 --sector-id 5 \
  --out wpost-other.json > /dev/null
"$bench" --addr "$addr" single --type wpost --vanilla wpost.json --params "$params" \
  --request-id wdpost-1000-0-ab > same-id-1.log 2>&1 &
same1=$!
"$bench" --addr "$addr" single --type wpost --vanilla wpost-other.json --params "$params" \
  --request-id wdpost-1000-0-ab > same-id-2.log 2>&1 &
same2=$!
wait "$same1"
wait "$same2"
cat same-id-1.log same-id-2.log | grep -c "verified locally (VALID)" | grep -q "^2$"
cat same-id-1.log same-id-2.log | grep -q "job wdpost-1000-0-ab#2: COMPLETED"
# batch takes every kind with the Rust cuzk-bench's flags (-t, -c, -j).
"$bench" -a "$addr" batch -t wpost --vanilla wpost.json -c 2 -j 2 --params "$params" \
  | grep -q "batch: 2 returned proofs verified locally (VALID)"
"$bench" --addr "$addr" single --type winning --vanilla winning.json --params "$params" \
  --request-id winning-1 | tee winning.log
grep -q "verified locally (VALID)" winning.log
grep -q "job winning-1: .*winning.*priority 4" daemon.log
if "$bench" --addr "$addr" single --type wpost --vanilla wpost.json --request-id wpost-bad \
    --randomness 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff 2> err.txt; then
  echo "a WindowPoSt of the wrong randomness was proved"; exit 1
fi
grep -q "the randomness challenges leaf" err.txt
# SnapDeals: Curio's per-partition bincode vanilla proofs and the three commitments; a wrong
# comm_r_new is refused by name (its challenges are not the ones opened).
"$bench" gen-vanilla snap-prove --sector-size 2KiB --out snap.json | tee snapgen.log
comm() { awk -v k="$1" '$1 == k {print $2}' snapgen.log; }
"$bench" --addr "$addr" single --type snap --vanilla snap.json --comm-r-old "$(comm comm_r_old)" \
  --comm-d-new "$(comm comm_d_new)" --comm-r-new "$(comm comm_r_new)" --params "$params" \
  --request-id snap-1 | tee snap.log
grep -q "verified locally (VALID)" snap.log
if "$bench" --addr "$addr" single --type snap --vanilla snap.json --comm-r-old "$(comm comm_r_old)" \
    --comm-d-new "$(comm comm_d_new)" --comm-r-new "$(comm comm_r_old)" --request-id snap-bad \
    2> err.txt; then
  echo "a SnapDeals proof for the wrong comm_r_new was made"; exit 1
fi
grep -q "comm_r_new is not H(comm_c\|opens node" err.txt || { cat err.txt; exit 1; }
# SnapDeals' Poseidon variant (cuzk's proof kind 5): one partition proof, the same commitments;
# more than one vanilla proof is refused by name.
"$bench" gen-vanilla snap-poseidon-prove --sector-size 2KiB --out snapp.json | tee snapgen.log
"$bench" --addr "$addr" single --type snap-poseidon --vanilla snapp.json \
  --comm-r-old "$(comm comm_r_old)" --comm-d-new "$(comm comm_d_new)" \
  --comm-r-new "$(comm comm_r_new)" --params "$params" --request-id snapp-1 | tee snapp.log
grep -q "verified locally (VALID)" snapp.log
grep -q "job snapp-1: .*snap-poseidon" daemon.log
if "$bench" --addr "$addr" single --type snap-poseidon --vanilla snap.json \
    --comm-r-old "$(comm comm_r_old)" --comm-d-new "$(comm comm_d_new)" \
    --comm-r-new "$(comm comm_r_new)" --request-id snapp-bad 2> err.txt; then
  echo "a SnapDeals Poseidon proof of SHA-256-variant vanilla proofs was made"; exit 1
fi
grep -q "vanilla_proofs\[0\]: \|Poseidon partition proof" err.txt || { cat err.txt; exit 1; }
"$bench" --addr "$addr" status | tee status.log
grep -q "proofs completed 20, failed 7" status.log
grep -q "srs snap-2k" status.log
grep -q "srs snap-poseidon-2k" status.log
grep -q "srs wpost-2k" status.log
grep -q "srs winning-2k" status.log
"$bench" --addr "$addr" metrics | grep -q '^cuzk_proofs_completed{proof_kind="window_post"} 13$'

kill -TERM "$pid"
wait "$pid"
pid=""
grep -q "stopped$" daemon.log

# SIGTERM during a 13-partition PoRep job: the daemon stops within about a second (it took 8.4 s
# when it waited for the running partition), and the client is told.
"$daemon" --listen "$addr" --param-dir "$params" --workers 1 --compiled-dir "$work/compiled" \
  > daemon3.log 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q "listening on" daemon3.log && break; sleep 0.1; done
"$bench" --addr "$addr" preload porep-2k > /dev/null
"$bench" --addr "$addr" single --c1 ni.json --request-id sigterm > sigterm.log 2>&1 &
client=$!
# A partition takes 6 s on an AVX-512 IFMA host, 26 s on one without under make test's load.
for _ in $(seq 1800); do grep -q "job sigterm: partition 1/13" daemon3.log && break; sleep 0.1; done
grep -q "job sigterm: partition 1/13" daemon3.log
start_ms=$(date +%s%3N)
kill -TERM "$pid"
wait "$pid"
pid=""
stop_ms=$(($(date +%s%3N) - start_ms))
echo "SIGTERM during a job: stopped in $stop_ms ms"
test "$stop_ms" -lt 3000
if wait "$client"; then echo "the client did not see the job end"; exit 1; fi
# This daemon read back the circuit the first one kept, instead of compiling it.
grep -q "porep-2k: circuit read back from $work/compiled/cuzk-compiled-porep-2k.bin" daemon3.log

# A daemon started with only -c FILE in the Rust cuzk's layout (listen on TCP, param_cache)
# proves a 2KiB PoRep job that the client sends as the Rust cuzk-bench does
# (-a http://host:port single -t porep).
port=$((20000 + RANDOM % 20000))
printf '[daemon]\nlisten = "127.0.0.1:%s"\n[srs]\nparam_cache = "%s"\n' "$port" "$params" \
  > rust-layout.toml
addr2="http://127.0.0.1:$port"
"$daemon" -c rust-layout.toml > daemon2.log 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q "listening on" daemon2.log && break; sleep 0.1; done
grep -q "configuration from rust-layout.toml" daemon2.log
if grep -q "warning" daemon2.log; then cat daemon2.log; exit 1; fi
# Nor does a second daemon share its TCP port.
if "$daemon" --listen "127.0.0.1:$port" --param-dir "$params" > daemon-twin.log 2>&1; then
  echo "a second daemon shared the TCP port"; exit 1
fi
grep -q "cannot listen on 127.0.0.1:$port" daemon-twin.log
"$bench" -a "$addr2" single -t porep --c1 c1.json --params "$params" --request-id rust-layout \
  | tee rust-layout.log
grep -q "verified locally (VALID)" rust-layout.log
"$bench" -a "$addr2" status | grep -q "proofs completed 1, failed 0"
kill -TERM "$pid"
wait "$pid"
pid=""

# Corrupt parameters: a daemon whose .params is garbage under the official name fails the job
# with an error naming the file, and keeps serving.
mkdir corrupt
cp "$params"/*stacked-proof-of-replication*.vk corrupt/
vk="$(ls corrupt/*.vk)"
head -c 100000 /dev/urandom > "${vk%.vk}.params"
"$daemon" --listen "unix://$work/corrupt.sock" --param-dir corrupt > daemon4.log 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q "listening on" daemon4.log && break; sleep 0.1; done
if "$bench" -a "unix://$work/corrupt.sock" single --c1 c1.json --request-id corrupt 2> err.txt; then
  echo "a job was proved with corrupt parameters"; exit 1
fi
grep -q "parameters: .*\.params" err.txt || { cat err.txt; exit 1; }
"$bench" -a "unix://$work/corrupt.sock" status | grep -q "proofs completed 0, failed 1"
kill -TERM "$pid"
wait "$pid"
pid=""

# NI-PoRep without the SnarkPack SRS: the job fails before any partition is proved, naming the
# file it needs.
mkdir no-srs
ln -s "$params"/*stacked-proof-of-replication* no-srs/
"$daemon" --listen "unix://$work/no-srs.sock" --param-dir no-srs > daemon5.log 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q "listening on" daemon5.log && break; sleep 0.1; done
if "$bench" -a "unix://$work/no-srs.sock" single --c1 ni.json --request-id ni-no-srs 2> err.txt; then
  echo "an NI-PoRep job completed without the SnarkPack SRS"; exit 1
fi
grep -q "v28-fil-inner-product-v1.srs" err.txt || { cat err.txt; exit 1; }
if grep -q "job ni-no-srs: partition" daemon5.log; then echo "proved before failing"; exit 1; fi
kill -TERM "$pid"
wait "$pid"
pid=""
echo "daemon: ok"
