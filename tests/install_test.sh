#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs the build into a temporary prefix and runs what an operator runs: `cuzk --help` (the
# name Curio's documentation uses), cuzk-daemon and cuzk-bench, and finds the example
# configuration (which the installed daemon parses without a warning) and the systemd unit.
# Usage: install_test.sh CMAKE BUILD_DIR
set -euo pipefail
cmake="$1"
build="$2"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
"$cmake" --install "$build" --prefix "$prefix" > /dev/null
test -L "$prefix/bin/cuzk"
"$prefix/bin/cuzk" --help | grep -q -- "--config"
"$prefix/bin/cuzk-daemon" --help | grep -q -- "--listen"
"$prefix/bin/cuzk-bench" --help | grep -q "single"
test -f "$prefix/share/cuzk/cuzk.service"
grep -q "ExecStart=/usr/local/bin/cuzk " "$prefix/share/cuzk/cuzk.service"
# The unit runs as a user every machine has (root: no User=, as Curio's documented unit), and
# systemd reads it without a complaint (pointed at the installed binary).
user=$(sed -n 's/^User=//p' "$prefix/share/cuzk/cuzk.service")
test -z "$user" || id -u "$user" > /dev/null
if command -v systemd-analyze > /dev/null; then
  sed -e "s|/usr/local/bin/cuzk|$prefix/bin/cuzk|" "$prefix/share/cuzk/cuzk.service" \
    > "$prefix/cuzk.service"
  systemd-analyze verify "$prefix/cuzk.service"
fi
# The installed example, with a listen address this test may use, starts the daemon cleanly.
sed -e "s|unix:///run/curio/cuzk.sock|unix://$prefix/cuzk.sock|" \
  "$prefix/share/cuzk/cuzk.example.toml" > "$prefix/cuzk.toml"
"$prefix/bin/cuzk" -c "$prefix/cuzk.toml" --param-dir "$prefix" > "$prefix/daemon.log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q "listening on" "$prefix/daemon.log" && break; sleep 0.1; done
"$prefix/bin/cuzk-bench" -a "unix://$prefix/cuzk.sock" status | grep -q "proofs completed 0"
kill -TERM "$pid"
wait "$pid"
# The one warning expected: this test's parameter folder holds no keys.
grep -q "warning parameter folder $prefix holds no circuit's .params and .vk" "$prefix/daemon.log"
if grep "warning" "$prefix/daemon.log" | grep -qv "parameter folder"; then
  cat "$prefix/daemon.log"; exit 1
fi
echo "install: ok"
