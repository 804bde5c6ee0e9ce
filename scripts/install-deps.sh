#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs the Debian 12 packages cuzk needs to build, test and benchmark. Idempotent: it only
# calls apt-get when a package is missing, so a second run costs a few dpkg queries.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config python3
  clang-format                                 # make check-format (part of make test)
  clang                                        # the sanitizer build and libFuzzer targets (make test)
  libclang-rt-14-dev                           # clang's ASan/UBSan/TSan and libFuzzer runtimes
  libgtest-dev libgmock-dev libbenchmark-dev   # tests and micro-benchmarks
  libgmp-dev                                   # slow big-integer reference, tests only
  libboost-dev                                 # header-only containers (small_vector)
  libcli11-dev                                 # command-line parsing of apps/
  libssl-dev                                   # SHA-256 (SHA-NI where the CPU has it)
  libsimdjson-dev                              # C1 JSON parsing (about 1 GB/s)
  libgrpc++-dev libprotobuf-dev                # the daemon's gRPC service and client
  protobuf-compiler protobuf-compiler-grpc     # code generation from proto/cuzk/v1
  libtomlplusplus-dev                          # the daemon's configuration file
  libspdlog-dev                                # the engine's and daemon's logs
  libcpp-httplib-dev nlohmann-json3-dev        # the daemon's HTTP /status and /metrics
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
