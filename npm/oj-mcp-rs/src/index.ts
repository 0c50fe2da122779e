#!/usr/bin/env node
// The `oj-mcp-rs` command of the npm package: find the native binary for this machine and run it.
//
// `npx -y oj-mcp-rs` lands here. The binary ships in one of six optional dependencies
// (`oj-mcp-rs-{linux,darwin,windows}-{x64,arm64}`); npm installs only the one whose `os`/`cpu`
// match, with no install script. The MCP client talks to the binary directly (inherited stdio).
//
// Two ways to run it, so that no Node process is left holding memory or orphaning the server:
// - `process.execve` (Node 22.15+ / 23.11+, Unix): this process becomes the binary. No launcher
//   stays resident, and the client's signals reach the server itself. A failed execve aborts Node
//   (it cannot be caught), so it is tried only on a binary the checks below accept.
// - otherwise (older Node, Windows, a binary the checks reject) an asynchronous spawn: SIGINT,
//   SIGTERM and SIGHUP are forwarded to the binary, and the launcher exits with its code, or dies
//   of the same signal (128 + n where a signal cannot be re-raised), as a shell would.
// Start-up time is the whole point of the project, so it loads only built-in modules, and only
// the ones the path taken needs. The Linux binaries are static musl builds: no libc probe.

import type { ChildProcess } from "node:child_process";

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

/** The signals a host uses to stop a server, forwarded to the binary on the spawn path. */
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function fail(message: string, code: number): never {
  // A synchronous write to fd 2: process.stderr is asynchronous for pipes on Windows (the message
  // could be lost to the exit below), and it cannot open a pipe Wine made from a Unix one.
  const fs = require("node:fs") as typeof import("node:fs");
  try {
    fs.writeSync(2, `oj-mcp-rs: ${message}\n`);
  } catch {
    // stderr closed: the exit code still says it
  }
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

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

/** ELF `e_machine` and Mach-O `cputype` of the CPUs Node runs on here; others go to spawn. */
const ELF_MACHINE: Record<string, number> = { x64: 62, arm64: 183 };
const MACHO_CPU: Record<string, number> = { x64: 0x01000007, arm64: 0x0100000c };

/** Whether the kernel will run `file` as this CPU's program: every execve failure (ENOENT from a
 * missing ELF or `#!` interpreter, ENOEXEC from a foreign format) aborts Node, so anything not
 * plainly runnable is left to spawn, which reports it as an error. Throws on an unreadable file. */
function kernelRuns(file: string, depth = 0): boolean {
  const fs = require("node:fs") as typeof import("node:fs");
  if (!fs.statSync(file).isFile()) return false;
  fs.accessSync(file, fs.constants.X_OK);
  const head = Buffer.alloc(4096);
  const fd = fs.openSync(file, "r");
  let n: number;
  try {
    n = fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  const b = head.subarray(0, n);
  if (b.length >= 2 && b[0] === 0x23 && b[1] === 0x21 && depth === 0) {
    // `#!interpreter [arg]`: the interpreter must be runnable in turn (one level, as Linux allows
    // only a few and a script interpreter here would be odd).
    const line = b.toString("latin1", 2).split("\n", 1)[0].trim();
    const interp = line.split(/[ \t]/, 1)[0];
    return interp.startsWith("/") && kernelRuns(interp, 1);
  }
  if (b.length >= 64 && b.readUInt32BE(0) === 0x7f454c46) {
    // ELF: 64-bit little-endian, this CPU, and a program interpreter (dynamic loader) that exists.
    if (b[4] !== 2 || b[5] !== 1 || b.readUInt16LE(18) !== ELF_MACHINE[process.arch]) return false;
    const phoff = Number(b.readBigUInt64LE(32));
    const phentsize = b.readUInt16LE(54);
    const phnum = b.readUInt16LE(56);
    if (phoff + phnum * phentsize > b.length) return false;
    for (let i = 0; i < phnum; i++) {
      const ph = phoff + i * phentsize;
      if (b.readUInt32LE(ph) !== 3) continue; // PT_INTERP
      const off = Number(b.readBigUInt64LE(ph + 8));
      const size = Number(b.readBigUInt64LE(ph + 32));
      if (off + size > b.length) return false;
      const interp = b.toString("latin1", off, off + size).replace(/\0+$/, "");
      return fs.existsSync(interp);
    }
    return true; // static: no interpreter
  }
  if (b.length >= 8 && b.readUInt32LE(0) === 0xfeedfacf) {
    return b.readUInt32LE(4) === MACHO_CPU[process.arch]; // thin 64-bit Mach-O
  }
  if (b.length >= 8 && b.readUInt32BE(0) === 0xcafebabe) {
    // Universal Mach-O: one of its slices must be for this CPU (20-byte fat_arch entries).
    const count = b.readUInt32BE(4);
    for (let i = 0; i < count && 8 + i * 20 + 4 <= b.length; i++) {
      if (b.readUInt32BE(8 + i * 20) === MACHO_CPU[process.arch]) return true;
    }
  }
  return false;
}

/** `process.execve` when this Node has it and the binary passes the checks; else undefined. */
function execveFor(bin: string): Execve | undefined {
  const execve = (process as unknown as { execve?: Execve }).execve;
  // A bare name is looked up in PATH by spawn, as before; execve takes only a path.
  if (typeof execve !== "function" || process.platform === "win32" || !bin.includes("/")) {
    return undefined;
  }
  try {
    return kernelRuns(bin) ? execve.bind(process) : undefined;
  } catch {
    return undefined; // missing, unreadable or not executable: spawn reports it with its code
  }
}

/** Runs `bin` as a child and mirrors its end; forwards the stop signals to it meanwhile. */
function spawnAndMirror(bin: string, args: string[]): void {
  const { spawn } = require("node:child_process") as typeof import("node:child_process");
  // The handlers go in before the spawn, so that no stop signal can end Node while the child is
  // already running; one that comes first is passed on as soon as there is a child. On Windows a
  // console's Ctrl-C and Ctrl-Break reach the child by themselves, and `kill` would terminate it
  // instead of letting it exit cleanly: there the handlers only keep Node alive.
  let child: ChildProcess | undefined;
  let early: NodeJS.Signals | undefined;
  const forward = (sig: NodeJS.Signals) => {
    if (process.platform === "win32") return;
    if (child) child.kill(sig);
    else early = sig;
  };
  for (const sig of FORWARDED) process.on(sig, forward);
  if (process.platform === "win32") process.on("SIGBREAK", forward);
  child = spawn(bin, args, { stdio: "inherit" });
  if (early) child.kill(early);
  child.on("error", (err: NodeJS.ErrnoException) => {
    // As a shell would: 127 when there is no such file, 126 when it cannot be executed.
    fail(`cannot run ${bin}: ${err.message}`, err.code === "ENOENT" ? 127 : 126);
  });
  child.on("exit", (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    const { constants } = require("node:os") as typeof import("node:os");
    const n = constants.signals[signal] ?? 0;
    // Die of the same signal, so that our parent sees what a shell would show; Node ignores
    // some (SIGPIPE) and Windows has none, hence the exit code after it.
    for (const sig of FORWARDED) process.removeAllListeners(sig);
    if (process.platform !== "win32") {
      try {
        process.kill(process.pid, signal);
      } catch {
        // not a signal we may send ourselves: the exit code below says it
      }
    }
    process.exit(128 + n);
  });
}

const bin = binaryPath();
const args = process.argv.slice(2);
const execve = execveFor(bin);
if (execve) {
  execve(bin, [bin, ...args], process.env);
} else {
  spawnAndMirror(bin, args);
}
