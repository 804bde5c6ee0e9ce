# SPDX-License-Identifier: Apache-2.0 OR MIT
# Entry points for people and CI. `make demo` and `make test` work on a fresh Debian 12 machine:
# each installs missing packages first (scripts/install-deps.sh), then configures and builds.

JOBS ?= 2
BUILD := build/release
PORTABLE := build/portable
ASAN := build/asan
TSAN := build/tsan

FUZZ := build/fuzz
FUZZ_SECONDS ?= 60

.PHONY: mutate xcheck all deps build build-portable build-asan build-tsan tsan soak test demo bench check-generated check-format \
	format clean fuzz fuzz-build

all: build

deps:
	@scripts/install-deps.sh

build: deps
	@cmake --preset release >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

build-portable: deps
	@cmake --preset portable -DCUZK_BUILD_BENCHMARKS=OFF >/dev/null
	@cmake --build $(PORTABLE) -j$(JOBS)

# The portable C++ field code (no assembly) under AddressSanitizer and UBSan, built by clang.
build-asan: deps
	@cmake --preset asan-ubsan -DCUZK_BUILD_BENCHMARKS=OFF >/dev/null
	@cmake --build $(ASAN) -j$(JOBS)

# The thread pool, engine, scheduler, parameter cache, memory budget and assignment pool tests,
# the service layer with the HTTP status server under concurrent clients (service_test), and the
# gRPC server under concurrent clients over real channels (server_test), under ThreadSanitizer
# (clang). Debian's gRPC is not built with TSan: server_test runs with
# TSAN_OPTIONS=ignore_noninstrumented_modules=1 (src/server/CMakeLists.txt says why).
TSAN_TESTS := base_test engine_test service_test server_test
build-tsan: deps
	@cmake --preset tsan >/dev/null
	@cmake --build $(TSAN) -j$(JOBS) --target $(TSAN_TESTS)

tsan: build-tsan
	@ctest --test-dir $(TSAN) --output-on-failure -j$(JOBS) -R '^($(subst $() ,|,$(TSAN_TESTS)))$$'

# The daemon under a mixed load of 140 jobs with waiter floods, idle status connections and big
# malformed requests beside them (tests/soak_test.sh; 60 jobs take 4-5 minutes on 2 cores, so 140
# about 10-12, not timed), alone; `make test` runs the same with 60 jobs.
soak: build
	@ctest --test-dir $(BUILD) --output-on-failure -R '^test_params_2kib'
	@tests/soak_test.sh $(CURDIR)/$(BUILD)/apps/cuzk-daemon/cuzk-daemon \
	  $(CURDIR)/$(BUILD)/apps/cuzk-bench/cuzk-bench $(CURDIR)/$(BUILD)/test-params 140

# Every test on the assembly build (the `slow` label included: the 32/64GiB circuit shapes, the
# 32GiB R1CS digests and the daemon's soak under 60 mixed jobs), the quick subset of the mutation
# check (make mutate), the fast ones again on the portable (CUZK_ASM=OFF) code under
# AddressSanitizer and UBSan built by clang (less the two sealed-circuit suites, which take 9
# minutes there and ran on the release build), the engine's tests under ThreadSanitizer, the check
# that generated sources match their generators, the check that every C++ file is formatted as
# .clang-format says, and every fuzz target for a few seconds (about a minute in all) so that a
# parser that crashes near its seeds is caught. About 29 minutes on 2 cores without AVX-512 once
# built (docs/performance.md, "The test suite").
test: build build-asan build-tsan check-generated check-format fuzz-build
	@ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)
	@scripts/mutate.sh --build $(BUILD) --quick
	@ctest --test-dir $(ASAN) --output-on-failure -j$(JOBS) -LE slow \
	  -E '^(snap_circuit_test|porep_c1_test)$$'
	@$(MAKE) --no-print-directory tsan
	@scripts/run-fuzzers.sh $(BUILD)/apps/cuzk-bench/cuzk-bench $(FUZZ)/fuzz 8

# libFuzzer targets (fuzz/, clang with ASan and UBSan) of every parser of outside bytes: the C1
# reader, PoSt and SnapDeals vanilla proofs, .params/.vk/proof files, iden3 files, the TOML
# configuration, gRPC requests. `make fuzz` runs each for FUZZ_SECONDS (default 60); the corpora
# grow in build/fuzz/corpus, crashes land in build/fuzz/artifacts.
fuzz-build: deps
	@cmake --preset fuzz >/dev/null
	@cmake --build $(FUZZ) --target fuzzers -j$(JOBS)

fuzz: build fuzz-build
	@scripts/run-fuzzers.sh $(BUILD)/apps/cuzk-bench/cuzk-bench $(FUZZ)/fuzz $(FUZZ_SECONDS)

# Mutation check (tools/mutate.py, tests/mutations.txt): one-line mutations at the places where a
# wrong line would give a wrong or forgeable proof or a lost job, each in a scratch copy with only
# what it touches rebuilt; every one must make a fast test fail. 53 mutations, about 15 minutes
# on 2 cores without AVX-512 once the build is complete; `make test` runs the few marked quick.
mutate: build
	@scripts/mutate.sh --build $(BUILD)

# The most complete end-to-end path the project has today: the arithmetic tour, then a PoRep C2
# of a freshly sealed 2KiB sector through the daemon: seal and write the C1 in Curio's wrapper,
# generate TEST parameters under the official file name (about 2 minutes on 2 cores, once; kept
# in build/demo/params), start cuzk-daemon on a Unix socket, submit the job with the gRPC client
# (which verifies the returned proof too), then a WindowPoSt of two sealed 2KiB sectors through the
# same daemon (its parameters take seconds), print the daemon's status, stop it.
DEMO := build/demo
BENCH_CLI := $(BUILD)/apps/cuzk-bench/cuzk-bench
DAEMON := $(BUILD)/apps/cuzk-daemon/cuzk-daemon
DEMO_ADDR := unix://$(abspath $(DEMO))/cuzk.sock
demo: build
	@$(BENCH_CLI) tour
	@mkdir -p $(DEMO)
	@$(BENCH_CLI) gen-vanilla porep --sector-size 2KiB --wrap --out $(DEMO)/c1-2KiB.json
	@$(BENCH_CLI) gen-params --sector-size 2KiB --out $(DEMO)/params
	@$(BENCH_CLI) gen-vanilla window-post --sector-size 2KiB --sectors 2 --out $(DEMO)/wpost-2KiB.json
	@$(BENCH_CLI) gen-params --type wpost --sector-size 2KiB --out $(DEMO)/params
	@$(DAEMON) --listen $(DEMO_ADDR) --param-dir $(DEMO)/params & pid=$$!; \
	  trap 'kill $$pid 2>/dev/null' EXIT; \
	  for i in $$(seq 50); do [ -S $(DEMO)/cuzk.sock ] && break; sleep 0.1; done; \
	  $(BENCH_CLI) --addr $(DEMO_ADDR) single --c1 $(DEMO)/c1-2KiB.json --params $(DEMO)/params \
	    --out $(DEMO)/proof-2KiB.bin && \
	  $(BENCH_CLI) --addr $(DEMO_ADDR) single --type wpost --vanilla $(DEMO)/wpost-2KiB.json \
	    --params $(DEMO)/params --out $(DEMO)/wpost-2KiB.bin && \
	  $(BENCH_CLI) --addr $(DEMO_ADDR) status && kill -TERM $$pid && wait $$pid

# cuzk judged by the Rust reference (tools/rust-reference: rust-fil-proofs 19.1, bellperson 0.27):
# digests, vanilla proofs, every kind proved by us and verified by Rust and the other way, with
# our TEST keys and with keys bellperson made (scripts/xcheck.sh says what it checks). Needs cargo
# >= 1.89 and crates.io; the Rust build and the keys are cached in ~/.cache/cuzk/xcheck (cold:
# 30-40 minutes on 2 cores; warm: about 8).
xcheck: build
	@scripts/xcheck.sh

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

# Lists the C++ files clang-format would change and fails if there is one (`make format` fixes
# them). The version is Debian 12's (clang-format 14), as scripts/install-deps.sh installs it.
check-format: deps
	@bad=$$(git ls-files '*.h' '*.cc' '*.cu' '*.cuh' | while read -r f; do \
	  clang-format "$$f" | cmp -s - "$$f" || echo "$$f"; done); \
	if [ -n "$$bad" ]; then echo "not formatted (run make format):"; echo "$$bad"; exit 1; fi; \
	echo "every C++ file is formatted"

format:
	@git ls-files '*.h' '*.cc' '*.cu' '*.cuh' | xargs clang-format -i

clean:
	@rm -rf build
