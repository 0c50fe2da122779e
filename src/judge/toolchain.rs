//! The languages the judge knows: the file a source goes into, how it is compiled and run (the
//! usual judge flags), and the environment variable that names another compiler or interpreter.

use std::path::Path;

/// A programming language of the `language` argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Lang {
    Cpp,
    C,
    Python,
    /// Python run by PyPy (`pypy3`), as AtCoder and Codeforces offer it.
    PyPy,
    Java,
    Rust,
    Go,
    JavaScript,
    /// Compiled by `tsc` (`OJ_TSC`) to JavaScript, run by `node` (`OJ_NODE`).
    TypeScript,
}

/// The wire names, in the order the schema lists them.
pub(crate) const NAMES: &[&str] = &["cpp", "c", "python", "pypy", "java", "rust", "go", "javascript", "typescript"];

/// One row per language: wire name, the variable that overrides the tool, the default tool, the
/// source file name, and how the tool's description shows what builds and runs it. One table,
/// read by every function below.
struct Row {
    lang: Lang,
    name: &'static str,
    var: &'static str,
    default: &'static str,
    file: &'static str,
    shown: &'static str,
}

const ROWS: &[Row] = &[
    Row {
        lang: Lang::Cpp,
        name: "cpp",
        var: "OJ_CXX",
        default: "g++",
        file: "main.cpp",
        shown: "g++ -std=gnu++17 -O2",
    },
    Row { lang: Lang::C, name: "c", var: "OJ_CC", default: "gcc", file: "main.c", shown: "gcc -std=gnu11 -O2" },
    Row { lang: Lang::Python, name: "python", var: "OJ_PYTHON", default: PYTHON, file: "main.py", shown: "python3" },
    Row { lang: Lang::PyPy, name: "pypy", var: "OJ_PYPY", default: "pypy3", file: "main.py", shown: "pypy3" },
    Row { lang: Lang::Java, name: "java", var: "OJ_JAVAC", default: "javac", file: "Main.java", shown: "javac/java" },
    Row { lang: Lang::Rust, name: "rust", var: "OJ_RUSTC", default: "rustc", file: "main.rs", shown: "rustc -O" },
    Row { lang: Lang::Go, name: "go", var: "OJ_GO", default: "go", file: "main.go", shown: "go build" },
    Row { lang: Lang::JavaScript, name: "javascript", var: "OJ_NODE", default: "node", file: "main.js", shown: "node" },
    Row {
        lang: Lang::TypeScript,
        name: "typescript",
        var: "OJ_TSC",
        default: "tsc",
        file: "main.ts",
        shown: "tsc, then node",
    },
];

/// `tsc`'s options for every TypeScript build: the checks LeetCode states for its TypeScript
/// (`--alwaysStrict --strictBindCallApply --strictFunctionTypes`, target ES2022) and no others
/// (TypeScript 6 and later are `--strict` unless told), the ECMAScript library without the DOM's
/// (whose `Node` and `name` a solution may declare itself), library files not checked (most of
/// the compile time), no output where there is an error (a type error is a `CE`), and plain
/// messages (`main.ts(3,5): error TS2322: …`).
pub(crate) const TSC_FLAGS: &[&str] = &[
    "--target",
    "ES2022",
    "--lib",
    "esnext",
    "--strict",
    "false",
    "--alwaysStrict",
    "--strictBindCallApply",
    "--strictFunctionTypes",
    "--skipLibCheck",
    "--noEmitOnError",
    "--pretty",
    "false",
];

/// Node's globals and modules for a TypeScript program that reads stdin, loosely typed: the
/// build does not assume `@types/node`.
const NODE_DTS: &str = "declare var require: any, process: any, module: any, exports: any, console: any, \
Buffer: any, __dirname: string, __filename: string;\n\
declare function setTimeout(f: (...a: any[]) => void, ms?: number, ...a: any[]): any;\n\
declare function setImmediate(f: (...a: any[]) => void, ...a: any[]): any;\n\
declare function structuredClone<T>(value: T, options?: any): T;\n\
declare module \"fs\"; declare module \"node:fs\"; declare module \"readline\"; declare module \"node:readline\";\n\
declare module \"os\"; declare module \"util\"; declare module \"process\"; declare module \"node:process\";\n";

/// Windows installs Python as `python`; elsewhere `python3` is the one that is surely 3.
const PYTHON: &str = if cfg!(windows) { "python" } else { "python3" };

/// The C++ flags after the compiler's word and before the user's (`OJ_CXX`'s other words, which
/// come after them and so win): optimised, as every judge builds. The standard is chosen per
/// judge (`standard`). A precompiled header is built with exactly the build's flags (`pch`).
pub(crate) const CXX_FLAGS: [&str; 2] = ["-O2", "-pipe"];

/// LeetCode's C++ compiler, used for its problems where it is installed ([`Lang::tool_for`]).
const CLANG: &str = "clang++";

/// The program's name on disk after compiling.
pub(crate) const EXE: &str = if cfg!(windows) { "main.exe" } else { "main" };

/// Every language with what builds and runs it, as the tool's description lists them:
/// `cpp (g++ -std=gnu++17 -O2), c (gcc -std=gnu11 -O2), …`.
pub(crate) fn described() -> String {
    let each: Vec<String> = ROWS.iter().map(|r| format!("{} ({})", r.name, r.shown)).collect();
    each.join(", ")
}

impl Lang {
    /// The language of a wire name (`cpp`, `c++` and `python3` are accepted too).
    pub(crate) fn parse(s: &str) -> Option<Lang> {
        let s = s.trim().to_ascii_lowercase();
        let alias = match s.as_str() {
            "c++" | "cxx" | "cc" => "cpp",
            "py" | "python3" | "cpython" => "python",
            "pypy3" => "pypy",
            "js" | "node" => "javascript",
            "ts" => "typescript",
            "rs" => "rust",
            "golang" => "go",
            other => other,
        };
        ROWS.iter().find(|r| r.name == alias).map(|r| r.lang)
    }

    fn row(self) -> &'static Row {
        ROWS.iter().find(|r| r.lang == self).unwrap_or(&ROWS[0])
    }

    /// The wire name.
    pub(crate) fn name(self) -> &'static str {
        self.row().name
    }

    /// The file the source is written to (Java: the public class's name decides).
    pub(crate) fn file_name(self, source: &str) -> String {
        if self == Lang::Java
            && let Some(class) = java_public_class(source)
        {
            return format!("{class}.java");
        }
        self.row().file.to_string()
    }

    /// Whether the language is interpreted here (the run names the source, not a binary).
    fn interpreted(self) -> bool {
        matches!(self, Lang::Python | Lang::PyPy | Lang::JavaScript)
    }

    /// Files written beside a source before its build: TypeScript's declarations of Node's
    /// globals (`node.d.ts`).
    pub(crate) fn support_files(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::TypeScript => &[("node.d.ts", NODE_DTS)],
            _ => &[],
        }
    }

    /// The compiler (or interpreter) command: the override variable's words, else the default.
    pub(crate) fn tool(self, env: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
        let row = self.row();
        let words = env(row.var).map(|v| words(&v)).unwrap_or_default();
        let tool = if words.is_empty() { vec![row.default.to_string()] } else { words };
        if self == Lang::TypeScript { native_tsc(tool) } else { tool }
    }

    /// [`Lang::tool`] for a problem of `judge`: a LeetCode C++ program without `OJ_CXX` is built
    /// by `clang++` where it is on `PATH` (LeetCode's own compiler is Clang; its precompiled
    /// prelude makes a call's build about 40% cheaper than with g++: docs/cpp.md), else `g++`;
    /// but by `g++` where only it can build with AddressSanitizer (clang++ without compiler-rt's
    /// runtime): LeetCode builds with it, and an out-of-bounds read it reports as a Runtime
    /// Error would pass here silently (a planted `j <= n - 1` of 2684 passed 100 rounds).
    pub(crate) fn tool_for(self, judge: &str, env: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
        let unset = env(self.var()).is_none_or(|v| v.trim().is_empty());
        if self == Lang::Cpp && judge.eq_ignore_ascii_case("leetcode") && unset && super::paths::which(CLANG).is_some()
        {
            let gxx = || super::paths::which(self.row().default).is_some() && sanitizes(&[self.row().default.into()]);
            if sanitizes(&[CLANG.into()]) || !gxx() {
                return vec![CLANG.to_string()];
            }
        }
        self.tool(env)
    }

    /// Whether `tool` is a bare `g++` where an installed `clang++` cannot build with ASan: what
    /// [`Lang::tool_for`] chooses then (after it, whose probes are cached: cheap).
    pub(crate) fn passed_over_clang(self, judge: &str, tool: &[String]) -> bool {
        self == Lang::Cpp
            && judge.eq_ignore_ascii_case("leetcode")
            && tool == [self.row().default]
            && super::paths::which(CLANG).is_some()
            && !sanitizes(&[CLANG.into()])
    }

    /// The other language's tool a build's runs need, where the tool writes a program that is
    /// not run by itself: TypeScript's JavaScript is run by `node` (`OJ_NODE`).
    pub(crate) fn runner(self) -> Option<(Vec<String>, Lang)> {
        (self == Lang::TypeScript).then(|| (Lang::JavaScript.tool(&|k| std::env::var(k).ok()), Lang::JavaScript))
    }

    /// How to install the default tool: the package that has it, on Debian or Ubuntu, macOS and
    /// Windows, and the version LeetCode or AtCoder compile with where an older one refuses code.
    pub(crate) fn install(self) -> &'static str {
        match self {
            Lang::Cpp => {
                " (GCC's `g++`: `apt install g++`; Xcode's command-line tools on macOS, `xcode-select --install`; \
MSYS2's mingw-w64 on Windows)"
            }
            Lang::C => " (`apt install gcc`; `xcode-select --install` on macOS; MSYS2's mingw-w64 on Windows)",
            Lang::Python => " (Python 3: `apt install python3`, python.org)",
            Lang::PyPy => " (`apt install pypy3`, `brew install pypy3`, pypy.org)",
            Lang::Java => {
                " (a JDK, 17 or newer; LeetCode compiles Java 21: `apt install openjdk-21-jdk-headless` or \
`openjdk-17-jdk-headless`, `brew install openjdk`, adoptium.net)"
            }
            Lang::Rust => " (rustup.rs, or `apt install rustc`)",
            Lang::Go => " (Go 1.21 or newer: go.dev/dl, `apt install golang-go`, `brew install go`)",
            Lang::TypeScript => " (`npm install -g typescript`, which needs Node.js)",
            Lang::JavaScript => " (Node.js: nodejs.org, `apt install nodejs`, `brew install node`)",
        }
    }

    /// The variable that overrides [`Lang::tool`].
    pub(crate) fn var(self) -> &'static str {
        self.row().var
    }

    /// The compile command in `dir` for `file`, or a syntax check for the interpreted ones (so a
    /// syntax error is one `CE`, not a runtime error per sample). `standard` is the `-std=` flag
    /// of a C or C++ build (`standard::choose`). The user's words (the override's after its
    /// first) come after our options, and an option they name replaces ours ([`with_defaults`]):
    /// what the user wrote is what the compiler uses.
    pub(crate) fn compile(self, tool: &[String], file: &str, standard: Option<&str>) -> Vec<String> {
        let std: Vec<&str> = standard.into_iter().collect();
        let (defaults, tail): (Vec<&[&str]>, &[&str]) = match self {
            Lang::Cpp => (vec![&std, &CXX_FLAGS[..1], &CXX_FLAGS[1..]], &["-o", EXE, file]),
            Lang::C => (vec![&std, &["-O2"], &["-pipe"]], &["-o", EXE, file, "-lm"]),
            Lang::Python | Lang::PyPy => (Vec::new(), &["-m", "py_compile", file]),
            Lang::Java => (vec![&["-encoding", "UTF-8"]], &["-d", ".", file]),
            Lang::Rust => (vec![&["--edition", "2021"], &["-O"]], &["-o", EXE, file]),
            // `go build`'s options come after the subcommand.
            Lang::Go => (vec![&["build"]], &["-o", EXE, file]),
            Lang::JavaScript => (Vec::new(), &["--check", file]),
            // `import … from "fs"` becomes `require`, which Node runs as it is.
            Lang::TypeScript => {
                let mut d = options(TSC_FLAGS);
                d.extend([&["--module", "commonjs"][..], &["--esModuleInterop"]]);
                (d, &[file, "node.d.ts"])
            }
        };
        let mut argv = if self.interpreted() { tool.to_vec() } else { with_defaults(tool, &defaults) };
        argv.extend(tail.iter().map(|s| s.to_string()));
        argv
    }

    /// The command that runs the built program in `dir` (absolute paths: runs happen elsewhere).
    /// `memory_mb` sizes the JVM's heap, which replaces the address-space limit for Java.
    pub(crate) fn run(self, tool: &[String], dir: &Path, source: &str, memory_mb: u64) -> Vec<String> {
        let path = |f: &str| dir.join(f).to_string_lossy().into_owned();
        match self {
            Lang::Java => {
                // `java` beside the `javac` the user named, else `java` (OJ_JAVA overrides).
                let class = java_public_class(source).unwrap_or("Main");
                let java = java_for(tool);
                vec![
                    java,
                    format!("-Xmx{memory_mb}m"),
                    "-Xss64m".into(),
                    "-XX:+UseSerialGC".into(),
                    "-cp".into(),
                    dir.to_string_lossy().into_owned(),
                    class.to_string(),
                ]
            }
            Lang::TypeScript => {
                // `tsc` wrote main.js; `node` (OJ_NODE) runs it.
                let mut argv = Lang::JavaScript.tool(&|k| std::env::var(k).ok());
                argv.push(format!("--max-old-space-size={memory_mb}"));
                argv.push(path("main.js"));
                argv
            }
            l if l.interpreted() => {
                let mut argv = tool.to_vec();
                if l == Lang::JavaScript {
                    // V8's heap, in place of the address-space limit it cannot live under.
                    argv.push(format!("--max-old-space-size={memory_mb}"));
                }
                argv.push(path(self.row().file));
                argv
            }
            _ => vec![path(EXE)],
        }
    }

    /// Whether an address-space limit can be put on this language's runs without breaking its
    /// runtime (the JVM and V8 reserve far more address space than they use).
    pub(crate) fn address_space_limit_ok(self) -> bool {
        !matches!(self, Lang::Java | Lang::JavaScript | Lang::TypeScript | Lang::Go)
    }
}

impl Lang {
    /// Whether the language is Python, run by CPython or PyPy.
    pub(crate) fn is_python(self) -> bool {
        matches!(self, Lang::Python | Lang::PyPy)
    }
}

/// `-fuse-ld=…` naming a faster linker than GNU ld (ld.bfd) where one is on `PATH` (Linux): lld,
/// else gold (a program linked with gold takes 0.02 s of CPU, with ld.bfd 0.1 s, about a tenth
/// of a LeetCode call's build with its prelude precompiled). Not mold: GCC before 12.1 refuses
/// it. GCC and Clang take both; a `-fuse-ld=` in `OJ_CXX` wins (`with_defaults`). Looked up once.
pub(crate) fn linker() -> Option<&'static str> {
    static FOUND: std::sync::OnceLock<Option<&'static str>> = std::sync::OnceLock::new();
    *FOUND.get_or_init(|| {
        let on_path = |(ld, _): &(&str, &str)| super::paths::which(ld).is_some();
        let each = [("ld.lld", "-fuse-ld=lld"), ("ld.gold", "-fuse-ld=gold")];
        cfg!(target_os = "linux").then(|| each.into_iter().find(on_path).map(|(_, flag)| flag)).flatten()
    })
}

/// What a LeetCode C++ build adds to be built as LeetCode builds it, with AddressSanitizer (ASan;
/// `-fsanitize=address`, compiled and linked): an out-of-bounds read or a use after free is then
/// a run-time error with ASan's report, as LeetCode answers, where a plain -O2 build runs on
/// silently. `-fno-omit-frame-pointer` lets ASan walk the stack by frame pointers (fast, and
/// whole at -O2); `-g1` writes line tables only, so the report names `solution.cpp:LINE` (the
/// least debug information that does; GCC and Clang take it). In the precompiled prelude's key
/// (`pch::prelude`): a header built with other flags is refused or misused.
pub(crate) const ASAN: [&str; 3] = ["-fsanitize=address", "-fno-omit-frame-pointer", "-g1"];

/// Whether `tool` builds and runs a program with AddressSanitizer here: a tiny test build, run
/// once, asked once per tool for the session. Not where its runtime is missing (GCC without
/// libasan, a Clang without compiler-rt's ASan: the link fails), nor on musl, which ASan does not
/// support, nor where the runtime cannot map its shadow memory.
pub(crate) fn sanitizes(tool: &[String]) -> bool {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock, PoisonError};
    static SEEN: OnceLock<Mutex<HashMap<Vec<String>, bool>>> = OnceLock::new();
    if tool.is_empty() || cfg!(not(unix)) {
        return false;
    }
    // Held while probing: two calls probe a tool once.
    let mut seen = SEEN.get_or_init(Mutex::default).lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(ok) = seen.get(tool) {
        return *ok;
    }
    let dir = std::env::temp_dir().join(format!("oj-judge-{}-asan-probe-{}", std::process::id(), seen.len()));
    let (source, exe) = (dir.join("probe.cpp"), dir.join("probe"));
    let built = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&source, "int main() { return 0; }\n"));
    let quiet = |c: &mut std::process::Command| {
        c.stdin(std::process::Stdio::null()).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
        c.status().is_ok_and(|s| s.success())
    };
    let ok = built.is_ok()
        && quiet(std::process::Command::new(&tool[0]).args(&tool[1..]).args(ASAN).arg("-o").arg(&exe).arg(&source))
        && quiet(std::process::Command::new(&exe).env("ASAN_OPTIONS", "detect_leaks=0"));
    let _ = std::fs::remove_dir_all(&dir);
    crate::debug!("judge: {} {} build with AddressSanitizer", tool[0], if ok { "can" } else { "cannot" });
    seen.insert(tool.to_vec(), ok);
    ok
}

/// Whether a compile command builds with AddressSanitizer: the last word that turns it on
/// (`-fsanitize=address`) or off (`-fno-sanitize=address`, `-fno-sanitize=all`) decides, as in
/// GCC and Clang, so `OJ_CXX="clang++ -fno-sanitize=address"`, whose words come after ours,
/// turns it off.
pub(crate) fn sanitized(argv: &[String]) -> bool {
    let names = |list: &str, all: bool| list.split(',').any(|s| s == "address" || all && s == "all");
    argv.iter().fold(false, |on, w| match (w.strip_prefix("-fsanitize="), w.strip_prefix("-fno-sanitize=")) {
        (Some(list), _) if names(list, false) => true,
        (_, Some(list)) if names(list, true) => false,
        _ => on,
    })
}

/// `tool --version`'s first line (`Python 3.11.7`), asked once per tool for the session: a
/// syntax error's message names the version that refused it.
pub(crate) fn version(tool: &[String]) -> Option<String> {
    ask(tool, &["--version"], false)
}

/// The interpreter a Python run starts: the one `tool` runs (`sys.executable`), asked once per
/// tool for the session, where it is a file; else `tool`'s own first word. A version manager's
/// shim (pyenv's `python3` is a shell script that runs `pyenv exec`) cost each run about 0.13 s
/// of CPU here, more than the interpreter's own start: a stress round starts three. It is asked
/// in a run's environment (no variables but `PATH`, `HOME` and `LANG`, in the temporary folder),
/// where the shim picks the version a run would get.
pub(crate) fn interpreter(tool: &str) -> String {
    let script = "import sys; print(sys.executable)";
    let exe = ask(&[tool.to_string()], &["-c", script], true).filter(|p| {
        let p = Path::new(p);
        p.is_absolute() && p.is_file()
    });
    exe.unwrap_or_else(|| tool.to_string())
}

/// The first line `tool extra…` prints (its standard output, else its error), asked once per
/// command for the session; `clean`: in a run's environment (see [`interpreter`]).
fn ask(tool: &[String], extra: &[&str], clean: bool) -> Option<String> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock, PoisonError};
    static SEEN: OnceLock<Mutex<HashMap<Vec<String>, Option<String>>>> = OnceLock::new();
    let seen = SEEN.get_or_init(Mutex::default);
    let key: Vec<String> = tool.iter().cloned().chain(extra.iter().map(|s| s.to_string())).collect();
    if let Some(v) = seen.lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return v.clone();
    }
    let mut cmd = std::process::Command::new(key.first()?);
    cmd.args(&key[1..]).stdin(std::process::Stdio::null());
    if clean {
        let tmp = std::env::temp_dir();
        let lang = std::env::var("LANG").unwrap_or_else(|_| "C.UTF-8".into());
        cmd.env_clear().current_dir(&tmp).env("HOME", &tmp).env("LANG", lang);
        cmd.envs(std::env::var_os("PATH").map(|p| ("PATH", p)));
    }
    let out = cmd.output().ok();
    let text =
        out.map(|o| String::from_utf8_lossy(if o.stdout.is_empty() { &o.stderr } else { &o.stdout }).into_owned());
    let v = text.and_then(|t| t.lines().next().map(|l| l.trim().to_string())).filter(|l| !l.is_empty());
    seen.lock().unwrap_or_else(PoisonError::into_inner).insert(key, v.clone());
    v
}

/// The words of an override: split at whitespace, except inside double quotes, so that a path
/// with spaces can be named (Windows: `"C:\Program Files\LLVM\bin\clang.exe" -O2`). Nothing else
/// is special: backslashes stay as they are, since they separate a Windows path's folders.
fn words(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in value.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// `tool`'s first word (the compiler), then each of our `defaults` (an option with its value)
/// that the user's words do not name, then the user's words: GCC, Clang, rustc and tsc take
/// the last of an option given twice, and an option the user names is not given twice at all
/// (rustc and javac refuse some repeated ones). The user's `-std=`, `-O…`, `-D…` and `-I…` are
/// what the compiler uses. Words before the user's first option stay in front of ours: they name
/// the compiler a wrapper runs (`ccache g++`, `distcc gcc`, a shim and its compiler's path).
pub(crate) fn with_defaults(tool: &[String], defaults: &[&[&str]]) -> Vec<String> {
    if tool.is_empty() {
        return Vec::new();
    }
    let (front, user) = tool.split_at(lead(tool));
    let mut argv = front.to_vec();
    for option in defaults.iter().filter(|o| !o.is_empty()) {
        // Named by the user, or in front already (`go build` with `build` as a default).
        if !tool[1..].iter().any(|w| option_name(w) == option_name(option[0])) {
            argv.extend(option.iter().map(|s| s.to_string()));
        }
    }
    argv.extend(user.iter().cloned());
    argv
}

/// How many of a command's first words name the compiler: the first, and those before the first
/// option (`ccache g++ -O2 …`: 2). Our options go after them.
pub(crate) fn lead(argv: &[String]) -> usize {
    argv.get(1..).map_or(argv.len(), |rest| 1 + rest.iter().take_while(|w| !w.starts_with('-')).count())
}

/// [`with_defaults`] with `flags` as the defaults, each option with its value: what the
/// LeetCode drivers' commands start with, so an override's words win there too.
pub(crate) fn with_flags(tool: &[String], flags: &[&str]) -> Vec<String> {
    with_defaults(tool, &options(flags))
}

/// `flags` as options, each with its value (`--target ES2022`: a word not starting with `-`).
fn options<'a>(flags: &'a [&'a str]) -> Vec<&'a [&'a str]> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < flags.len() {
        let n = if flags.get(i + 1).is_some_and(|v| !v.starts_with('-')) { 2 } else { 1 };
        out.push(&flags[i..i + n]);
        i += n;
    }
    out
}

/// What an option word sets, for [`with_defaults`]: `-O2`, `-Ofast` and rustc's `-C
/// opt-level=3` all set `-O`; `-std=c++20` sets `-std`; `--edition=2024` sets `--edition`.
fn option_name(word: &str) -> &str {
    if word.starts_with("-O") || word.contains("opt-level") {
        return "-O";
    }
    word.split('=').next().unwrap_or(word)
}

/// TypeScript 7's `tsc` is a Node script that starts the native compiler of the platform's
/// package beside it (`@typescript/typescript-linux-x64/lib/tsc`): that compiler itself, where it
/// is there, saves a Node start per build (half of a small build). Other `tsc`s as they are.
fn native_tsc(mut tool: Vec<String>) -> Vec<String> {
    let platform = match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => "linux-x64",
        ("linux", "aarch64") => "linux-arm64",
        ("macos", "x86_64") => "darwin-x64",
        ("macos", "aarch64") => "darwin-arm64",
        ("windows", "x86_64") => "win32-x64",
        ("windows", "aarch64") => "win32-arm64",
        _ => return tool,
    };
    // `<node_modules>/typescript/bin/tsc`, the platform's package in that node_modules or its own.
    let script = tool.first().and_then(|t| super::paths::which(t)).and_then(|p| p.canonicalize().ok());
    let Some(package) = script.as_deref().and_then(Path::parent).and_then(Path::parent) else { return tool };
    let native = Path::new("@typescript").join(format!("typescript-{platform}")).join("lib").join(if cfg!(windows) {
        "tsc.exe"
    } else {
        "tsc"
    });
    let found = [package.parent(), Some(&package.join("node_modules"))]
        .into_iter()
        .flatten()
        .map(|dir| dir.join(&native))
        .find(|p| p.is_file() && package.join("package.json").is_file());
    if let Some(exe) = found {
        tool[0] = exe.to_string_lossy().into_owned();
    }
    tool
}

/// `java` for a `javac` command: `OJ_JAVA` wins (read by the caller into `tool[0]`'s sibling),
/// else the `java` in the same folder as the `javac` named, else `java`.
pub(crate) fn java_for(tool: &[String]) -> String {
    if let Ok(java) = std::env::var("OJ_JAVA")
        && !java.trim().is_empty()
    {
        return java.trim().to_string();
    }
    let javac = tool.first().map(String::as_str).unwrap_or("javac");
    match javac.rfind(['/', '\\']) {
        Some(i) => format!("{}java", &javac[..=i]),
        None => "java".into(),
    }
}

/// The name of the first `public class X` in a Java source.
fn java_public_class(source: &str) -> Option<&str> {
    let at = source.find("public class ")? + "public class ".len();
    let rest = source[at..].trim_start();
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_aliases_and_overrides() {
        assert_eq!(Lang::parse("C++"), Some(Lang::Cpp));
        assert_eq!(Lang::parse("python3"), Some(Lang::Python));
        assert_eq!(Lang::parse("cobol"), None);
        for n in NAMES {
            assert_eq!(Lang::parse(n).map(Lang::name), Some(*n));
        }
        let rows: Vec<&str> = ROWS.iter().map(|r| r.name).collect();
        assert_eq!(rows, NAMES, "the schema's enum and the table name the same languages in the same order");
        assert!(described().starts_with("cpp (g++ -std=gnu++17 -O2), c (gcc -std=gnu11 -O2), python (python3), "));
        let env = |k: &str| (k == "OJ_CXX").then(|| "clang++ -stdlib=libc++".to_string());
        assert_eq!(Lang::Cpp.tool(&env), ["clang++", "-stdlib=libc++"]);
        assert_eq!(Lang::C.tool(&env), ["gcc"]);
        let env = |_: &str| Some(r#""C:\Program Files\LLVM\bin\clang.exe"  -O2 a" "b"#.to_string());
        assert_eq!(Lang::C.tool(&env), [r"C:\Program Files\LLVM\bin\clang.exe", "-O2", "a b"]);
        let argv = Lang::Cpp.compile(&Lang::Cpp.tool(&env), "main.cpp", Some("-std=gnu++23"));
        assert_eq!(argv[..4], [r"C:\Program Files\LLVM\bin\clang.exe", "-std=gnu++23", "-pipe", "-O2"]);
    }

    /// A shim in front of Python (pyenv's is a shell script) is replaced by the interpreter it
    /// runs; a command that is not Python stays as it is.
    #[cfg(unix)]
    #[test]
    fn python_runs_start_the_interpreter_behind_a_shim() {
        use std::os::unix::fs::PermissionsExt;
        if super::super::paths::which("python3").is_none() {
            return;
        }
        let dir = std::env::temp_dir().join(format!("oj-judge-shim-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let shim = dir.join("python3");
        std::fs::write(&shim, "#!/bin/sh\nexec python3 \"$@\"\n").unwrap();
        std::fs::set_permissions(&shim, std::fs::Permissions::from_mode(0o755)).unwrap();
        let shim = shim.to_string_lossy().into_owned();
        let real = interpreter(&shim);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(real != shim && Path::new(&real).is_absolute() && Path::new(&real).is_file(), "{real}");
        assert_eq!(interpreter("/nonexistent/python3"), "/nonexistent/python3");
        assert_eq!(interpreter("true"), "true");
    }

    #[test]
    fn leetcode_cpp_is_clang_where_it_is_installed_unless_oj_cxx_names_one() {
        let none = |_: &str| None;
        let clang = super::super::paths::which(CLANG).is_some();
        // Unless only g++ builds with AddressSanitizer here.
        let asan_gxx_only = !sanitizes(&[CLANG.into()]) && sanitizes(&["g++".into()]);
        let want = if clang && !asan_gxx_only { CLANG } else { "g++" };
        assert_eq!(Lang::Cpp.tool_for("leetcode", &none), [want]);
        assert_eq!(Lang::Cpp.tool_for("atcoder", &none), ["g++"]);
        assert_eq!(Lang::C.tool_for("leetcode", &none), ["gcc"]);
        let gxx = |k: &str| (k == "OJ_CXX").then(|| "g++ -O3".to_string());
        assert_eq!(Lang::Cpp.tool_for("leetcode", &gxx), ["g++", "-O3"]);
    }

    #[test]
    fn a_wrapped_compiler_stays_in_front_of_our_options() {
        let tool: Vec<String> = ["ccache", "g++", "-std=gnu++20"].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            with_defaults(&tool, &[&["-std=gnu++23"], &["-O2"]]),
            ["ccache", "g++", "-O2", "-std=gnu++20"].map(String::from)
        );
        // A default the words in front name already is not given twice (`go build build`).
        let tool: Vec<String> = ["go", "build", "-race"].iter().map(|s| s.to_string()).collect();
        assert_eq!(Lang::Go.compile(&tool, "main.go", None), ["go", "build", "-race", "-o", EXE, "main.go"]);
    }

    #[test]
    fn the_user_s_words_come_after_ours_and_replace_what_they_name() {
        let g = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let argv = Lang::Cpp.compile(&g(&["g++", "-std=gnu++20", "-DLOCAL", "-I/x"]), "main.cpp", Some("-std=gnu++23"));
        assert_eq!(argv, g(&["g++", "-O2", "-pipe", "-std=gnu++20", "-DLOCAL", "-I/x", "-o", EXE, "main.cpp"]));
        let argv = Lang::Cpp.compile(&g(&["clang++", "-O3"]), "main.cpp", Some("-std=gnu++23"));
        assert_eq!(argv, g(&["clang++", "-std=gnu++23", "-pipe", "-O3", "-o", EXE, "main.cpp"]));
        let argv = Lang::C.compile(&g(&["gcc", "-Ofast"]), "main.c", Some("-std=gnu2x"));
        assert_eq!(argv, g(&["gcc", "-std=gnu2x", "-pipe", "-Ofast", "-o", EXE, "main.c", "-lm"]));
        // rustc refuses `-O` beside `-C opt-level`, and a second `--edition`.
        let argv = Lang::Rust.compile(&g(&["rustc", "--edition=2024", "-C", "opt-level=3"]), "main.rs", None);
        assert_eq!(argv, g(&["rustc", "--edition=2024", "-C", "opt-level=3", "-o", EXE, "main.rs"]));
        assert_eq!(
            Lang::Go.compile(&g(&["go", "-race"]), "main.go", None),
            g(&["go", "build", "-race", "-o", EXE, "main.go"])
        );
        let tsc = Lang::TypeScript.compile(&g(&["tsc", "--target", "ES2020"]), "main.ts", None);
        assert!(
            !tsc.contains(&"ES2022".to_string()) && tsc.ends_with(&g(&["--target", "ES2020", "main.ts", "node.d.ts"]))
        );
        assert_eq!(tsc.iter().filter(|w| *w == "--pretty").count(), 1, "{tsc:?}");
        let py = Lang::Python.compile(&g(&["python3", "-X", "utf8"]), "main.py", None);
        assert_eq!(py, g(&["python3", "-X", "utf8", "-m", "py_compile", "main.py"]));
    }

    #[test]
    fn typescript_7s_native_compiler_without_its_node_launcher() {
        let root = std::env::temp_dir().join(format!("oj-tsc-test-{}", std::process::id()));
        let script = root.join("node_modules/typescript/bin/tsc");
        std::fs::create_dir_all(script.parent().unwrap()).unwrap();
        std::fs::write(&script, "#!/usr/bin/env node\n").unwrap();
        std::fs::write(root.join("node_modules/typescript/package.json"), "{}").unwrap();
        let tool = vec![script.to_string_lossy().into_owned(), "--x".into()];
        assert_eq!(native_tsc(tool.clone()), tool, "TypeScript 5: the script itself");
        let native = root.join("node_modules/@typescript/typescript-linux-x64/lib/tsc");
        std::fs::create_dir_all(native.parent().unwrap()).unwrap();
        std::fs::write(&native, "").unwrap();
        if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
            let want = native.canonicalize().unwrap().to_string_lossy().into_owned();
            assert_eq!(native_tsc(tool), [want, "--x".into()]);
        }
        let _ = std::fs::remove_dir_all(&root);
    }

    /// The last word that names AddressSanitizer decides, as in GCC and Clang: `OJ_CXX`'s
    /// `-fno-sanitize=address`, after ours, turns it off.
    #[test]
    fn the_last_sanitizer_word_decides() {
        let g = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(sanitized(&g(&["clang++", "-fsanitize=address", "-O2"])));
        assert!(sanitized(&g(&["clang++", "-fsanitize=undefined,address"])));
        assert!(!sanitized(&g(&["clang++", "-O2"])));
        let tool = g(&["clang++", "-fno-sanitize=address"]);
        let argv = with_defaults(&tool, &[&["-O2"], &[ASAN[0]], &[ASAN[1]]]);
        assert!(!sanitized(&argv), "{argv:?}");
        assert!(!sanitized(&g(&["g++", "-fsanitize=address", "-fno-sanitize=all"])));
        assert!(sanitized(&g(&["g++", "-fno-sanitize=address", "-fsanitize=address"])));
    }

    #[test]
    fn java_class_names_the_file() {
        assert_eq!(Lang::Java.file_name("import x;\npublic class Solver {"), "Solver.java");
        assert_eq!(Lang::Java.file_name("class Main {}"), "Main.java");
        assert_eq!(java_for(&["/opt/jdk/bin/javac".into()]), "/opt/jdk/bin/java");
    }
}
