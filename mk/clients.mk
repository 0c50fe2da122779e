# Real-client tests: the official TypeScript SDK (v1 and v2), Python SDK and MCP Inspector CLI drive the release
# binary against the fixture backend (tests/clients/). Included by the top Makefile.
#
#   make client-deps    install the pinned clients into .deps/ (scripts/deps.sh; idempotent)
#   make client-tests   build, install, run all four suites (all run; fails if any failed)
#
# OJ_MCP_BIN=path tests another, already built server binary instead of target/release/oj-mcp-rs
# (e.g. `make release client-tests OJ_MCP_BIN=target/x86_64-unknown-linux-musl/release/oj-mcp-rs`,
# which reuses the shipped static build); only the fixture backend is then built here.
# Linux only: the suites' plumbing (bash coproc, select() on pipes, venv/bin) is not written for
# macOS or Windows, where `make client-tests` says so and does nothing.

.PHONY: client-deps client-build client-tests

client-deps:
	scripts/deps.sh

# One release build for the server and the fixture backend: one cargo run, shared dependencies.
# With OJ_MCP_BIN (a server already built: `make test` passes the shipped one) the fixture
# backend is the debug build: a fake backend's speed is not what is tested, and its release
# build is a whole LTO build of the library for nothing (minutes of CI).
FIXTURE_PROFILE := $(if $(OJ_MCP_BIN),debug,release)
client-build:
	$(CARGO) build $(if $(OJ_MCP_BIN),,--release --bin oj-mcp-rs) --example fixture_backend

ifeq ($(shell uname -s 2>/dev/null),Linux)
client-tests: client-build client-deps
	OJ_FIXTURE_BACKEND=$${OJ_FIXTURE_BACKEND:-$(CURDIR)/target/$(FIXTURE_PROFILE)/examples/fixture_backend} tests/clients/run.sh
else
client-tests:
	@echo "client-tests: skipped (Linux only)"
endif
