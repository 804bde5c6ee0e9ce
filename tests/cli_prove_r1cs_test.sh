#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# End to end through the CLI: export an example circuit, prove it with test parameters generated
# on the fly, check the outputs; then a corrupted witness must be refused with a clear message.
set -euo pipefail
bench="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

"$bench" export-example --rounds 300 --out ex
"$bench" prove-r1cs --r1cs ex.r1cs --wtns ex.wtns --params ex.params --out out | tee log.txt
grep -q "proof verified" log.txt
test "$(stat -c %s out/proof.bin)" -eq 192
test -s out/circuit.vk
grep -Eq '^0x[0-9a-f]{64}$' out/public_inputs.txt

# Flip a bit in the last witness value: the command must fail and name the constraint.
size=$(stat -c %s ex.wtns)
printf '\x05' | dd of=ex.wtns bs=1 seek=$((size - 32)) conv=notrunc status=none
if "$bench" prove-r1cs --r1cs ex.r1cs --wtns ex.wtns --params ex.params --out bad 2> err.txt; then
  echo "a corrupted witness was proved"; exit 1
fi
grep -q "is not satisfied" err.txt
test ! -e bad/proof.bin
echo "cli prove-r1cs: ok"
