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
cp ex.wtns ex-good.wtns
python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[-32] ^= 1; open(sys.argv[1], "wb").write(b)' \
  ex.wtns
cmp -s ex.wtns ex-good.wtns && { echo "the flipped witness equals the original"; exit 1; }
if "$bench" prove-r1cs --r1cs ex.r1cs --wtns ex.wtns --params ex.params --out bad 2> err.txt; then
  echo "a corrupted witness was proved"; exit 1
fi
grep -q "is not satisfied" err.txt
test ! -e bad/proof.bin
echo "cli prove-r1cs: ok"
