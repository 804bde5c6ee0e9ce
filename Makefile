# SPDX-License-Identifier: Apache-2.0 OR MIT
# Entry points for people and CI. `make demo` and `make test` work on a fresh Debian 12 machine:
# each installs missing packages first (scripts/install-deps.sh), then configures and builds.

JOBS ?= 2
BUILD := build/release
PORTABLE := build/portable

.PHONY: all deps build build-portable test demo bench check-generated format clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	@cmake --preset release >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

build-portable: deps
	@cmake --preset portable -DCUZK_BUILD_BENCHMARKS=OFF >/dev/null
	@cmake --build $(PORTABLE) -j$(JOBS)

# Every test on the assembly build (the `slow` label included: the 32/64GiB circuit shapes, about
# a minute), the fast ones again on the portable (CUZK_ASM=OFF) build, and the check that
# generated sources match their generators.
test: build build-portable check-generated
	@ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)
	@ctest --test-dir $(PORTABLE) --output-on-failure -j$(JOBS) -LE slow

# The most complete end-to-end path the project has today: the arithmetic tour, then a Groth16
# proof of an example circuit through the iden3 interchange (test parameters generated on first
# use), then the field and curve micro-benchmarks.
DEMO := build/demo
demo: build
	@$(BUILD)/apps/cuzk-bench/cuzk-bench tour
	@mkdir -p $(DEMO)
	@$(BUILD)/apps/cuzk-bench/cuzk-bench export-example --rounds 20000 --out $(DEMO)/example
	@$(BUILD)/apps/cuzk-bench/cuzk-bench prove-r1cs --r1cs $(DEMO)/example.r1cs \
	  --wtns $(DEMO)/example.wtns --params $(DEMO)/example.params --out $(DEMO)
	@$(BUILD)/bench/ff_bench --benchmark_min_time=0.1
	@$(BUILD)/bench/ec_bench --benchmark_min_time=0.1

bench: build
	@$(BUILD)/bench/ff_bench
	@$(BUILD)/bench/ec_bench
	@$(BUILD)/bench/ntt_bench
	@$(BUILD)/bench/msm_bench
	@$(BUILD)/bench/hash_bench
	@$(BUILD)/bench/gadgets_bench
	@$(BUILD)/bench/groth16_bench
	@$(BUILD)/apps/cuzk-bench/cuzk-bench synth-only --sector-size 2KiB -i 3

check-generated:
	@python3 tools/gen_mont_asm.py | diff -q - src/ff/asm/mont_mul_x86_64.S >/dev/null || \
	  (echo "src/ff/asm/mont_mul_x86_64.S is stale: run tools/gen_mont_asm.py > src/ff/asm/mont_mul_x86_64.S"; exit 1)
	@echo "generated sources are up to date"

format:
	@git ls-files '*.h' '*.cc' | xargs clang-format -i

clean:
	@rm -rf build
