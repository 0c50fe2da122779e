# oj-mcp-rs: every job a developer or CI runs. CI (.ci/run) runs `make test`.
CARGO ?= cargo
HOST_TARGET ?= x86_64-unknown-linux-musl
RELEASE_BIN := target/$(HOST_TARGET)/release/oj-mcp-rs

.PHONY: build release test lint unit shipped-tests smoke doc fmt

build:
	$(CARGO) build

# The host's static (musl) release binary, built as it ships: std rebuilt for size with the binary
# (scripts/ship/cargo-release.sh; OJ_BUILD_STD=0 uses the prebuilt std). ensure-musl.sh first adds
# the musl target and a C compiler for it (apt-get as root), or stops with one line saying what to
# install: so this works on a fresh clone (tests/it/fresh_machine.rs).
release:
	@musl_env=$$(scripts/ship/ensure-musl.sh $(HOST_TARGET)) && \
	env $$musl_env CARGO="$(CARGO)" scripts/ship/cargo-release.sh $(HOST_TARGET)

lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --workspace
	@# The library forbids unsafe code; the binary denies it and allows it only for the allocator,
	@# the static build's memcpy/memmove, the signal handlers and the judge init's wait4, all declared in main.rs (the bench
	@# compiles the allocator in too).
	@for lib in src/lib.rs crates/text/src/lib.rs; do grep -qx '#!\[forbid(unsafe_code)\]' $$lib || { echo "lint: $$lib must forbid unsafe code"; exit 1; }; done
	@bad=$$(grep -rln 'allow(unsafe_code)' src crates examples tests fuzz 2>/dev/null | grep -vxE 'src/main\.rs|examples/bench/main\.rs'); \
	if [ -n "$$bad" ]; then echo "lint: allow(unsafe_code) outside main.rs and the bench: $$bad"; exit 1; fi

fmt:
	$(CARGO) fmt

# Rust unit tests and every test binary but the integration suite (`it`, which spawns the server):
# `make test` runs that suite once, against the binary as it ships (shipped-tests), and only builds
# it here. `cargo test` runs everything, the suite against the debug build.
unit:
	$(CARGO) build --workspace --all-targets
	$(CARGO) test --workspace --lib --bins --test fuzz_dispatch --test fuzz_samples --test entities
	$(CARGO) test --workspace --doc

# Everything CI runs: the README's test command.
test: lint unit app-tests shipped-tests aarch64-tests windows-tests fuzz-ci npm-smoke mcpb ship-check

# The integration suite again, and the real-client suites, on the static release binary as it
# ships (std rebuilt for size, musl libc) rather than cargo's debug build.
shipped-tests: ship-release
	OJ_MCP_BIN=$(CURDIR)/$(RELEASE_BIN) $(CARGO) test --test it
	$(MAKE) --no-print-directory client-tests OJ_MCP_BIN=$(CURDIR)/$(RELEASE_BIN)

# A scripted MCP session against the project's own fixture backend; prints what each tool returns
# (and one judged run of test_solution when a C++ compiler is on PATH).
smoke:
	$(CARGO) build --release
	$(CARGO) run --release --example smoke -- --judge --bin target/release/oj-mcp-rs

# Fragments for other jobs (shipping, benchmarks, client tests).
-include mk/*.mk
