# Benchmarks: `make bench` prints figures and a verdict per target (docs/benchmarks.md). A
# benchmark, not a test: never part of `make test` or CI's pass/fail. Included by the top Makefile
# (it defines CARGO, HOST_TARGET and RELEASE_BIN).
#
#   make bench                            build the static release binary and examples/bench in one
#                                         cargo run, then measure them (a few minutes on 2 cores)
#   make bench BENCH_COMPARE="CMD ARGS"   also measure another stdio MCP server, side by side
#   make bench BENCH_ARGS="--quick"       any examples/bench option (--help lists them)
#   make bench BENCH_NICE=-10             run at a higher priority than background jobs (root only;
#                                         the harness prints the load average either way)
#
# The npm launcher row needs `make npm-smoke` first: its tarballs (target/ship/npm-smoke/tgz) are
# installed offline into target/bench/npm, and the installed platform binary is replaced by
# $(RELEASE_BIN), so that the launcher row compares the launcher with the very binary it runs.
# Without them the row says "skipped". The launcher runs under the machine's Node and under the
# pinned Node 24 of npm-smoke (NODE24_VERSION, mk/ship.mk), so that the session-tree RSS rows show
# the launcher's spawn path (Node < 22.15) and its execve path beside the binary alone.

BENCH_BIN := target/$(HOST_TARGET)/release/examples/bench
BENCH_NPM := target/bench/npm
BENCH_TGZ := target/ship/npm-smoke/tgz
BENCH_ARGS ?=
BENCH_COMPARE ?=
BENCH_NICE ?=

.PHONY: bench bench-build bench-launcher

# One cargo run for the server and the harness: the converter is measured as the binary ships it
# (static musl, release profile). ensure-musl.sh adds the musl target and a C compiler if needed.
bench-build:
	@musl_env=$$( [ -x scripts/ship/ensure-musl.sh ] && scripts/ship/ensure-musl.sh $(HOST_TARGET) ) ; \
	env $$musl_env CARGO="$(CARGO)" scripts/ship/cargo-release.sh $(HOST_TARGET) --bin oj-mcp-rs --example bench

# Installs the launcher from the npm-smoke tarballs (offline, no registry, no install scripts),
# again only when they changed; removes a stale install when they are gone.
bench-launcher: bench-build
	@set -e; \
	case "$$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) arch=none ;; esac; \
	root=$$(ls $(BENCH_TGZ)/oj-mcp-rs-[0-9]*.tgz 2>/dev/null | head -n 1); \
	plat=$$(ls $(BENCH_TGZ)/oj-mcp-rs-linux-$$arch-[0-9]*.tgz 2>/dev/null | head -n 1); \
	if [ -z "$$root" ] || [ -z "$$plat" ] || ! command -v npm >/dev/null 2>&1; then \
		rm -rf $(BENCH_NPM); exit 0; \
	fi; \
	stamp=$(BENCH_NPM)/.installed; \
	if [ ! -e $$stamp ] || [ "$$root" -nt $$stamp ] || [ "$$plat" -nt $$stamp ]; then \
		echo "bench: installing the npm launcher from $(BENCH_TGZ) into $(BENCH_NPM)"; \
		rm -rf $(BENCH_NPM) && mkdir -p $(BENCH_NPM); \
		: > $(BENCH_NPM)/npmrc; : > $(BENCH_NPM)/npmrc-global; \
		npm_config_userconfig=$(CURDIR)/$(BENCH_NPM)/npmrc npm_config_globalconfig=$(CURDIR)/$(BENCH_NPM)/npmrc-global \
		npm_config_registry=http://127.0.0.1:9/ npm_config_offline=true \
		npm_config_cache=$(CURDIR)/$(BENCH_NPM)/cache npm_config_audit=false npm_config_fund=false \
		npm_config_update_notifier=false npm_config_ignore_scripts=true npm_config_loglevel=error \
			npm install --prefix $(BENCH_NPM) "$(CURDIR)/$$root" "$(CURDIR)/$$plat" >/dev/null; \
		touch $$stamp; \
	fi; \
	for bin in $(BENCH_NPM)/node_modules/oj-mcp-rs-*/bin/oj-mcp-rs; do cp $(RELEASE_BIN) "$$bin"; done

bench: bench-build bench-launcher
	@launcher=$(CURDIR)/$(BENCH_NPM)/node_modules/.bin/oj-mcp-rs; \
	if [ -x "$$launcher" ]; then \
		node24=$$(scripts/ship/ensure-node.sh $(NODE24_VERSION) linux-$(NODE_CPU)) || exit 1; \
		set -- --launcher "$$launcher" --launcher-node "$$node24"; \
	else set --; fi; \
	if [ -n "$(BENCH_COMPARE)" ]; then set -- "$$@" --compare "$(BENCH_COMPARE)"; fi; \
	$(if $(BENCH_NICE),nice -n $(BENCH_NICE)) $(BENCH_BIN) --server $(RELEASE_BIN) "$$@" $(BENCH_ARGS)
