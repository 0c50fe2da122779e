# oj-mcp-rs: every job a developer or CI runs. CI (.ci/run) runs `make test`.
CARGO ?= cargo
HOST_TARGET ?= x86_64-unknown-linux-musl
RELEASE_BIN := target/$(HOST_TARGET)/release/oj-mcp-rs

.PHONY: build release test lint unit smoke doc fmt

build:
	$(CARGO) build

# The host's static (musl) release binary.
release:
	$(CARGO) build --release --target $(HOST_TARGET)

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps

fmt:
	$(CARGO) fmt

# Rust unit and integration tests.
unit:
	$(CARGO) test

# Everything CI runs: the README's test command.
test: lint unit fuzz-ci client-tests npm-smoke mcpb ship-check

# A scripted MCP session against the project's own fixture backend; prints what each tool returns.
smoke:
	$(CARGO) build --release
	$(CARGO) run --release --example smoke -- --bin target/release/oj-mcp-rs

# Fragments for other jobs (shipping, benchmarks, client tests).
-include mk/*.mk
