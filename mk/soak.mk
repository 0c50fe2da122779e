# Soak: SOAK_CALLS tool calls (default 10 000), SOAK_INFLIGHT (default 8) always in flight,
# against the in-process fixture backend; every reply checked, the server's RSS printed every
# 1000 calls, then a summary (calls/s, latency, RSS first/last/peak, flat or not). Not for CI.
# Included by the top Makefile (it defines CARGO).

SOAK_CALLS ?= 10000
SOAK_INFLIGHT ?= 8

.PHONY: soak

soak:
	$(CARGO) build --release
	$(CARGO) run --release --example soak -- --bin target/release/oj-mcp-rs --calls $(SOAK_CALLS) --inflight $(SOAK_INFLIGHT)
