// The six release targets: Rust target triple, npm package, archive and MCP Bundle names.
// The one table that the packaging scripts share (the workflow matrix in
// .github/workflows/release.yml repeats the triples; check-versions.mjs checks they agree).

export const NAME = "oj-mcp-rs";

/** `os`/`cpu` are Node's `process.platform`/`process.arch` values, as npm's `os`/`cpu` fields use. */
export const TARGETS = [
  { target: "x86_64-unknown-linux-musl", os: "linux", cpu: "x64" },
  { target: "aarch64-unknown-linux-musl", os: "linux", cpu: "arm64" },
  { target: "x86_64-apple-darwin", os: "darwin", cpu: "x64" },
  { target: "aarch64-apple-darwin", os: "darwin", cpu: "arm64" },
  { target: "x86_64-pc-windows-msvc", os: "win32", cpu: "x64" },
  { target: "aarch64-pc-windows-msvc", os: "win32", cpu: "arm64" },
].map((t) => {
  // Package names say `windows`, not `win32`, to stay clear of npm's spam detection
  // (proposal R7); the package's `os` field stays `win32`, Node's name.
  const platform = `${t.os === "win32" ? "windows" : t.os}-${t.cpu}`;
  const exe = t.os === "win32" ? ".exe" : "";
  return {
    ...t,
    platform,
    pkg: `${NAME}-${platform}`,
    exe,
    binary: `${NAME}${exe}`,
    archive: `${NAME}-${t.target}.${t.os === "win32" ? "zip" : "tar.gz"}`,
    mcpb: `${NAME}-${platform}.mcpb`,
  };
});

/** The entry for a Rust target triple, or for this machine (`host`). */
export function findTarget(target) {
  const found =
    target === "host"
      ? TARGETS.find((t) => t.os === process.platform && t.cpu === process.arch)
      : TARGETS.find((t) => t.target === target);
  if (!found) {
    const what = target === "host" ? `${process.platform}-${process.arch}` : target;
    throw new Error(`no release target for ${what}; known: ${TARGETS.map((t) => t.target).join(", ")}`);
  }
  return found;
}

/** Parse `--key value` pairs (and bare `--flag`s) into an object. */
export function parseArgs(argv, flags = []) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) throw new Error(`unexpected argument ${a}`);
    const key = a.slice(2);
    if (flags.includes(key)) out[key] = true;
    else if (i + 1 < argv.length) out[key] = argv[++i];
    else throw new Error(`${a} needs a value`);
  }
  return out;
}
