#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Every configuration the Rust cuzk accepts starts this daemon: its example file as it ships, a
# minimal one, and each of its keys alone with the values its documentation uses; each daemon
# must serve GetStatus. Then: a -c file that does not exist (a warning, defaults), JSON log lines
# that parse one by one, log levels in any case and RUST_LOG directives, and the start-up line
# that names the parameter folder and the circuits whose keys it holds; then numbers out of range.
# Usage: daemon_config_test.sh CUZK_DAEMON CUZK_BENCH
set -euo pipefail
daemon="$1"
bench="$2"
# shellcheck source=support/daemon_workdir.sh
. "$(dirname "$0")/support/daemon_workdir.sh" daemon_config_test 20
mkdir params

# start NAME ARGS...: starts the daemon on its own socket with ARGS, waits until it serves
# GetStatus (or exits, which fails the test), leaves its log in NAME.log.
start() {
  local name=$1; shift
  "$daemon" --listen "unix://$work/$name.sock" --param-dir "$work/params" "$@" > "$name.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do
    [ -S "$work/$name.sock" ] && "$bench" -a "unix://$work/$name.sock" status > /dev/null 2>&1 && return 0
    if ! kill -0 "$pid" 2>/dev/null; then echo "$name: the daemon exited"; cat "$name.log"; exit 1; fi
    sleep 0.1
  done
  echo "$name: no GetStatus answer"; cat "$name.log"; exit 1
}
stop() { kill -TERM "$pid"; wait "$pid" || true; pid=""; }

# The Rust cuzk's example configuration, every key as it ships (testdata/rust-cuzk says more).
cp "$(dirname "$0")/../testdata/rust-cuzk/cuzk.example.toml" rust-example.toml
# Each key alone, with the values the Rust cuzk's documentation and example comments suggest.
keys=(
  '[daemon]|status_listen = "127.0.0.1:0"'
  '[srs]|param_cache = "/data/zk/params"'
  '[srs]|preload = ["porep-32g", "wpost-32g"]'
  '[memory]|total_budget = "auto"'
  '[memory]|total_budget = "256GiB"'
  '[memory]|safety_margin = "5GiB"'
  '[memory]|eviction_min_idle = "5m"'
  '[memory]|pinned_budget = "64GiB"'
  '[memory]|working_memory_budget = "128GiB"'
  '[gpus]|devices = []'
  '[gpus]|devices = [0, 1]'
  '[gpus]|gpu_threads = 32'
  '[gpus]|gpu_workers_per_device = 2'
  '[scheduler]|max_batch_size = 1'
  '[scheduler]|max_batch_size = 2'
  '[scheduler]|max_batch_size = 3'
  '[scheduler]|max_batch_wait_ms = 10000'
  '[scheduler]|sort_by_type = true'
  '[synthesis]|threads = 0'
  '[synthesis]|partition_workers = 10'
  '[pipeline]|enabled = true'
  '[pipeline]|enabled = false'
  '[pipeline]|synthesis_lookahead = 1'
  '[pipeline]|synthesis_concurrency = 1'
  '[pipeline]|max_parallel_synthesis = 18'
  '[pipeline]|slot_size = 0'
  '[pipeline]|max_gpu_queue_depth = 8'
  '[logging]|level = "info"'
  '[logging]|level = "debug"'
  '[logging]|format = "json"'
)
start rust-example -c rust-example.toml --cpu-only
stop
printf '[daemon]\nlisten = "unix:///run/curio/cuzk.sock"\n[srs]\nparam_cache = "/data/zk/params"\n' \
  > minimal.toml
start minimal -c minimal.toml --cpu-only
stop
i=0
for entry in "${keys[@]}"; do
  i=$((i + 1))
  printf '%s\n%s\n' "${entry%%|*}" "${entry#*|}" > "key$i.toml"
  start "key$i" -c "key$i.toml" --cpu-only
  stop
  if grep -q "unknown key" "key$i.log"; then echo "key$i: $entry is unknown"; cat "key$i.log"; exit 1; fi
done
grep -q "max_batch_size = 2 accepted, but sectors are not batched" key15.log

# A -c file that does not exist: a warning, then defaults (the Rust daemon's behaviour).
start missing -c "$work/no-such.toml" --cpu-only
stop
grep -q "config file $work/no-such.toml does not exist: starting on defaults" missing.log

# JSON logs: every line one object with ts, level, target and message.
printf '[logging]\nformat = "json"\n' > json.toml
start json -c json.toml --cpu-only
stop
python3 - json.log <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert lines, "no log lines"
for line in lines:
    record = json.loads(line)
    assert {"ts", "level", "target", "message"} <= record.keys(), record
assert any("listening on" in json.loads(l)["message"] for l in lines)
EOF

# Levels in any case, RUST_LOG directives from the flag and from the environment.
start warn-level --log-level WARN --cpu-only
stop
if grep -q " info " warn-level.log; then echo "WARN still logged info lines"; cat warn-level.log; exit 1; fi
start rust-log-flag --log-level "cuzk_core=debug,info" --cpu-only
stop
grep -q "listening on" rust-log-flag.log
RUST_LOG="h2=warn,cuzk_core=info" start rust-log-env --cpu-only
stop
grep -q "log directives for h2 ignored" rust-log-env.log
if timeout 20 "$daemon" --listen "unix://$work/bad.sock" --log-level cuzk=loud > bad.log 2>&1; then
  echo "an unknown log level was accepted"; exit 1
fi
grep -q 'log level "loud"' bad.log

# The parameter folder: named at start-up with the circuits whose .params and .vk it holds.
start empty-params --cpu-only
stop
grep -q "parameter folder $work/params holds no circuit's .params and .vk" empty-params.log
"$bench" gen-params --type winning --sector-size 2KiB --out params > /dev/null
start some-params --cpu-only
stop
grep -q "parameter folder $work/params: .params and .vk of winning-2k" some-params.log
# Numbers out of range, from a flag or from the file: refused at start-up by an error that names
# the setting (0, -1, nan, inf, 1e30 and a huge integer for each); thread counts above the
# machine's are lowered to it with a warning.
refuse() {  # refuse PATTERN ARGS...: the daemon must not start, and must say PATTERN
  local pattern=$1; shift
  timeout 20 "$daemon" --listen "unix://$work/refused.sock" --param-dir "$work/params" --cpu-only \
    "$@" > refused.log 2>&1 || true
  if grep -q "listening on" refused.log || ! grep -q -- "$pattern" refused.log; then
    echo "not refused by name ($pattern): $*"; cat refused.log; exit 1
  fi
}
refused=0
for v in 0 -1 nan inf 1e30 99999999999999999999 1025; do refuse "workers" "--workers=$v"; refused=$((refused + 1)); done
for v in -1 nan inf 1e30 99999999999999999999 65 100000; do
  refuse "synthesis-lookahead" "--synthesis-lookahead=$v"; refused=$((refused + 1))
done
for v in -1 nan inf -inf 1e30 99999999999999999999; do
  refuse "memory-budget" "--memory-budget=$v"; refused=$((refused + 1))
done
for v in -5 nan inf 1e30 99999999999999999999; do refuse "result-ttl" "--result-ttl=$v"; refused=$((refused + 1)); done
for v in -1 nan inf 1e30 99999999999999999999; do
  refuse "prover-threads" "--prover-threads=$v"; refused=$((refused + 1))
done
bad_keys=(
  '[scheduler]|workers = 0|workers'
  '[scheduler]|workers = -1|workers'
  '[scheduler]|workers = 99999999|workers'
  '[scheduler]|result_ttl_seconds = -5|result_ttl_seconds'
  '[scheduler]|result_ttl_seconds = 99999999999|result_ttl_seconds'
  '[pipeline]|synthesis_lookahead = 100000|synthesis_lookahead'
  '[pipeline]|synthesis_lookahead = -1|synthesis_lookahead'
  '[pipeline]|max_parallel_synthesis = 100000|max_parallel_synthesis'
  '[pipeline]|prover_threads = 1e30|prover_threads'
  '[memory]|budget_gib = nan|budget_gib'
  '[memory]|budget_gib = inf|budget_gib'
  '[memory]|budget_gib = -1|budget_gib'
  '[memory]|budget_gib = 1e30|budget_gib'
  '[gpus]|gpu_workers_per_device = 1000|gpu_workers_per_device'
  '[gpus]|gpu_workers_per_device = 0|gpu_workers_per_device'
)
for entry in "${bad_keys[@]}"; do
  IFS='|' read -r table line pattern <<< "$entry"
  printf '%s\n%s\n' "$table" "$line" > bad-key.toml
  refuse "$pattern" -c bad-key.toml
  refused=$((refused + 1))
done
start many-threads --prover-threads 100000 --cpu-only
stop
grep -q "100000 is more than the [0-9]* hardware threads; using" many-threads.log
echo "daemon_config_test: ok ($((i + 2)) configurations, $refused bad numbers refused by name)"
