#!/usr/bin/env node
// The `oj-mcp-rs` command of the npm package: find the native binary for this machine and run it.
//
// `npx -y oj-mcp-rs` lands here. The binary ships in one of six optional dependencies
// (`oj-mcp-rs-{linux,darwin,windows}-{x64,arm64}`); npm installs only the one whose `os`/`cpu`
// match, with no install script. This file runs the binary with inherited stdio (the MCP
// client talks to the binary directly), then exits with the binary's code, or with 128 + n when
// the binary died of signal n, as a shell would. Start-up time is the whole point of the
// project, so it loads only `child_process` up front: the Linux binaries are static musl builds,
// so there is no glibc/musl probe (no `ldd` spawn), and `os` is loaded only after a signal death.

import { spawnSync } from "node:child_process";

/** Every platform a package is published for, as `npm-os-cpu` names (`win32` is `windows`). */
const SUPPORTED = [
  "linux-x64",
  "linux-arm64",
  "darwin-x64",
  "darwin-arm64",
  "windows-x64",
  "windows-arm64",
];

const OVERRIDE_ENV = "OJ_MCP_RS_BINARY";

function fail(message: string, code: number): never {
  process.stderr.write(`oj-mcp-rs: ${message}\n`);
  process.exit(code);
}

/** The binary to run: the override if set, else the one in this platform's package. */
function binaryPath(): string {
  const override = process.env[OVERRIDE_ENV];
  if (override) {
    return override;
  }
  const { platform, arch } = process;
  const os = platform === "win32" || platform === "cygwin" ? "windows" : platform;
  const name = `${os}-${arch}`;
  const pkg = `oj-mcp-rs-${name}`;
  const exe = os === "windows" ? ".exe" : "";
  try {
    return require.resolve(`${pkg}/bin/oj-mcp-rs${exe}`);
  } catch {
    const why = SUPPORTED.includes(name)
      ? `the package ${pkg} is not installed (were optional dependencies omitted, ` +
        `e.g. by --omit=optional or a lock file made on another platform?)`
      : `there is no prebuilt binary for this platform (${platform} ${arch})`;
    fail(
      `${why}.\n` +
        `Supported platforms: ${SUPPORTED.join(", ")}.\n` +
        `Set ${OVERRIDE_ENV} to the path of an oj-mcp-rs binary, or build one with ` +
        "`cargo install oj-mcp-rs`.",
      1,
    );
  }
}

const bin = binaryPath();
const result = spawnSync(bin, process.argv.slice(2), { stdio: "inherit" });

if (result.error) {
  const err = result.error as NodeJS.ErrnoException;
  // As a shell would: 127 when there is no such file, 126 when it cannot be executed.
  fail(`cannot run ${bin}: ${err.message}`, err.code === "ENOENT" ? 127 : 126);
}
if (result.signal) {
  const { constants } = require("node:os") as typeof import("node:os");
  process.exit(128 + (constants.signals[result.signal] ?? 0));
}
process.exit(result.status ?? 1);
