# SPDX-License-Identifier: Apache-2.0 OR MIT
# Sourced by the shell tests that start a daemon: makes a temporary work folder, enters it, and on
# exit stops the daemon whose process id is in $pid (if any), prints the end of the daemon's log
# when the test failed, and removes the folder. Usage: . daemon_workdir.sh TEST_NAME LOG_LINES
test_name="$1"
log_lines="$2"
work="$(mktemp -d)"
pid=""
cleanup() {
  local rc=$?
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  # The log written last by a daemon the test ran (a test may start several, one after the
  # other: daemon.log, daemon2.log, ...; daemon-twin.log is one that had to fail to start).
  local log
  log="$(ls -t "$work"/daemon*.log 2>/dev/null | grep -v twin | head -1)" || true
  if [ "$rc" -ne 0 ] && [ -n "$log" ]; then
    echo "$test_name failed (exit $rc); the end of $(basename "$log"):"
    tail -n "$log_lines" "$log"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
