# SPDX-License-Identifier: Apache-2.0 OR MIT
# Sourced by the shell tests that start a daemon: makes a temporary work folder, enters it, and on
# exit stops the daemon whose process id is in $pid (if any), prints the end of daemon.log when
# the test failed, and removes the folder. Usage: . daemon_workdir.sh TEST_NAME LOG_LINES
test_name="$1"
log_lines="$2"
work="$(mktemp -d)"
pid=""
cleanup() {
  local rc=$?
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  if [ "$rc" -ne 0 ] && [ -f "$work/daemon.log" ]; then
    echo "$test_name failed (exit $rc); the daemon's log ends:"
    tail -n "$log_lines" "$work/daemon.log"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
