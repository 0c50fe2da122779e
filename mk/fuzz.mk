# Fuzzing the stdin path: framing (mcp::read_line), classification (mcp::parse) and dispatch
# (server::run with an in-memory stdout and a backend that refuses connections), checked by
# fuzz/src/oracle.rs: every stdout line is JSON-RPC 2.0, every request is answered exactly once,
# no panic, no hang. And sample extraction (FUZZ_TARGET=samples: samples::extract over any
# statement, checked by fuzz/src/samples_oracle.rs: no panic, the text rules hold; seeds in
# fuzz/seeds-samples/, dictionary fuzz/samples.dict). Included by the top Makefile (it defines CARGO).
#
#   make fuzz        coverage-guided: cargo-fuzz (libFuzzer) runs FUZZ_TARGET (dispatch, or
#                    parse) for FUZZ_SECONDS (default 600), then prints the figures. Installs
#                    cargo-fuzz if missing; runs on the stable toolchain with RUSTC_BOOTSTRAP=1.
#                    Crashes land in fuzz/artifacts/FUZZ_TARGET/; replay one with
#                    `make fuzz-replay FUZZ_INPUT=fuzz/artifacts/dispatch/crash-…`.
#   make fuzz-ci     the dependency-free mutation fuzzers (tests/fuzz_dispatch.rs for 20 s,
#                    tests/fuzz_samples.rs for 8 s): no nightly features, no cargo-fuzz; for CI
#                    (its time bounded by CI's 25 minutes; `make fuzz` is the long run).
#   make fuzz-lite   the same for FUZZ_SECONDS.

FUZZ_SECONDS ?= 600
FUZZ_TARGET ?= dispatch
# none by default: a sanitizer mostly costs speed, and unsafe code is confined to the allocator
# (src/alloc.rs, not used by the fuzz build) and the signal handler; `address` is there when needed.
FUZZ_SANITIZER ?= none
FUZZ_MAX_LEN ?= 16384
FUZZ_CI_SECONDS ?= 20
FUZZ_CI_SAMPLES_SECONDS ?= 8
# The samples target reads statements, not JSON-RPC sessions: its own seeds and dictionary.
FUZZ_SEEDS = $(if $(filter samples,$(FUZZ_TARGET)),fuzz/seeds-samples,fuzz/seeds)
FUZZ_DICT = $(if $(filter samples,$(FUZZ_TARGET)),fuzz/samples.dict,fuzz/jsonrpc.dict)
CARGO_FUZZ_VERSION ?= 0.13.2
FUZZ_RUN = RUSTC_BOOTSTRAP=1 $(CARGO) fuzz run -s $(FUZZ_SANITIZER) --debug-assertions

.PHONY: fuzz fuzz-ci fuzz-lite fuzz-tools fuzz-replay

fuzz-tools:
	@command -v cargo-fuzz >/dev/null 2>&1 || $(CARGO) install cargo-fuzz --version $(CARGO_FUZZ_VERSION) --locked
	@command -v c++ >/dev/null 2>&1 || { echo "libFuzzer needs a C++ compiler: apt-get install -y g++"; exit 1; }

fuzz: fuzz-tools
	@mkdir -p fuzz/corpus/$(FUZZ_TARGET) fuzz/artifacts/$(FUZZ_TARGET)
	@log=fuzz/$(FUZZ_TARGET).log; \
	$(FUZZ_RUN) $(FUZZ_TARGET) fuzz/corpus/$(FUZZ_TARGET) $(FUZZ_SEEDS) -- \
		-max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) -dict=$(FUZZ_DICT) \
		-timeout=60 -rss_limit_mb=4096 -print_final_stats=1 2>&1 | tee $$log \
		| grep --line-buffered -E '^#[0-9]+[[:space:]]+(pulse|DONE)|^Done|ERROR|panicked|invariant'; \
	status=$$(grep -c -E '^==[0-9]+== ERROR|^SUMMARY' $$log); \
	fuzz/summary.sh $(FUZZ_TARGET) $$log $(FUZZ_SECONDS); \
	test "$$status" = 0

fuzz-replay: fuzz-tools
	$(FUZZ_RUN) $(FUZZ_TARGET) $(FUZZ_INPUT)

fuzz-ci:
	FUZZ_SECONDS=$(FUZZ_CI_SECONDS) $(CARGO) test --test fuzz_dispatch -- --nocapture
	FUZZ_SECONDS=$(FUZZ_CI_SAMPLES_SECONDS) $(CARGO) test --test fuzz_samples -- --nocapture

fuzz-lite:
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(CARGO) test --test fuzz_dispatch --test fuzz_samples -- --nocapture
