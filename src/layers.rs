//! The modules' layers, checked: each module may use modules of lower layers and of its own, except
//! the MCP features (layer 3), which are peers and never use one another. ARCHITECTURE.md draws
//! the same table; this test keeps the two true by reading every `crate::` path in `src/`. And no
//! module imports a module that imports it back, directly or around a circle (`cycles`).

mod cycles;

use std::path::Path;

/// Every top-level module of the library and its layer, bottom first.
const LAYERS: &[(&str, u8)] = &[
    // 0: foundations: logging, errors, the wire, the command line, HTTP, and pure helpers for text
    // and numbers.
    ("log", 0),
    ("error", 0),
    ("mcp", 0),
    ("cli", 0),
    ("client", 0),
    ("dns", 0),
    ("http_proxy", 0),
    ("scan", 0),
    ("json", 0),
    // A reply as one JSON line (crates/text), which `mcp` writes.
    ("line", 0),
    ("decimal", 0),
    // 1: data and text, no I/O: the backend's shapes, languages, the statement's parse, conversion,
    // samples, the statement's judging facts (limits, tolerance, any-answer phrases), templates.
    ("models", 1),
    ("language", 1),
    ("dom", 1),
    ("convert", 1),
    ("samples", 1),
    ("statement", 1),
    ("format", 1),
    // 2: problem fetching and formatting (an operation per tool), the local judge (the operation
    // of `test_solution`, which fetches through `problems`), and what the features name in common
    // (URIs, modes).
    ("problems", 2),
    ("judge", 2),
    ("routes", 2),
    // The solve log (a file of JSON lines and the statistics read from it): beside `problems`,
    // whose `Ctx` carries it to the operations and the features; it does I/O (its file), so it
    // is not pure, and it uses nothing of `problems`, so no cycle.
    ("solvelog", 2),
    ("view", 2),
    // The texts compiled in packed (the tools' and prompts'): unpacked by the judge's inflater.
    ("texts", 2),
    // 3: the MCP features, peers.
    ("tools", 3),
    ("resources", 3),
    ("prompts", 3),
    ("complete", 3),
    // 4: the protocol: dispatch, eras, the read loop.
    ("server", 4),
];

/// Where the modules' files are: the server's, and the statement pipeline's crate, whose modules
/// the server re-exports under the same names (`crate::convert`, …) and which keep their layers.
const SOURCES: &[&str] = &["src", "crates/text/src"];

/// The layer in which a feature may not use its peers.
const PEERS: u8 = 3;

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l)
}

/// The top-level modules a source text names through `crate::` paths (macros left out), in code
/// lines only.
fn uses(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                // `use crate::{a, b::c}`: the first name of each item (one line in this code base).
                let end = group.find('}').unwrap_or(group.len());
                out.extend(group[..end].split(',').filter_map(|item| ident(item.trim())).map(String::from));
            } else if let Some(name) = ident(rest)
                && !rest[name.len()..].starts_with('!')
            {
                out.push(name.to_string());
            }
        }
    }
    out
}

fn ident(s: &str) -> Option<&str> {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    (end > 0).then(|| &s[..end])
}

/// Every `.rs` file under `dir`, with the top-level module it belongs to.
fn files(dir: &Path, module: Option<&str>, out: &mut Vec<(String, std::path::PathBuf)>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let owner = module.map_or(name.clone(), String::from);
        if path.is_dir() {
            files(&path, Some(&owner), out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((owner, path));
        }
    }
}

#[test]
fn modules_use_only_lower_layers_and_features_never_each_other() {
    let mut all = Vec::new();
    for dir in SOURCES {
        files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), None, &mut all);
    }
    let mut wrong = Vec::new();
    for (module, path) in &all {
        // The crate root, the binary's own modules and this test stand outside the layers.
        if matches!(module.as_str(), "lib" | "main" | "alloc" | "mem" | "layers") {
            continue;
        }
        let Some(mine) = layer(module) else {
            wrong.push(format!("{}: module `{module}` has no layer in src/layers.rs", path.display()));
            continue;
        };
        for used in uses(&std::fs::read_to_string(path).unwrap()) {
            if used == *module {
                continue;
            }
            match layer(&used) {
                None => wrong.push(format!("{}: uses `{used}`, which has no layer", path.display())),
                Some(l) if l > mine || (l == mine && mine == PEERS) => {
                    wrong.push(format!("{}: `{module}` (layer {mine}) uses `{used}` (layer {l})", path.display()));
                }
                Some(_) => {}
            }
        }
    }
    assert!(wrong.is_empty(), "layering broken:\n{}", wrong.join("\n"));
}

/// Import cycles allowed: none. An entry here would name a cycle as `cycles::cycles` names it,
/// and fails the test once the cycle is gone.
const ALLOWED_CYCLES: &[&[&str]] = &[];

/// Every `.rs` file under `dir`, by its path relative to `src/` (`/`-separated), with its text.
fn sources(dir: &Path, rel: &str, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = format!("{rel}{}", entry.file_name().to_string_lossy());
        if path.is_dir() {
            sources(&path, &format!("{name}/"), out);
        } else if name.ends_with(".rs") {
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

#[test]
fn no_module_imports_itself_around_a_circle() {
    let mut all = Vec::new();
    for dir in SOURCES {
        sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), "", &mut all);
    }
    let found = cycles::cycles(&cycles::graph(&all));
    let allowed = |c: &Vec<String>| ALLOWED_CYCLES.iter().any(|a| a == c);
    let new: Vec<String> = found.iter().filter(|c| !allowed(c)).map(|c| c.join(" <-> ")).collect();
    assert!(new.is_empty(), "import cycles (../shared/tools/cycles.py lists them too):\n{}", new.join("\n"));
    let gone: Vec<String> =
        ALLOWED_CYCLES.iter().filter(|a| !found.iter().any(|c| c == *a)).map(|a| a.join(" <-> ")).collect();
    assert!(gone.is_empty(), "allowed cycles no longer there: remove them from ALLOWED_CYCLES:\n{}", gone.join("\n"));
}

#[test]
fn crate_paths_are_read_in_every_form() {
    let text = "use crate::{complete, prompts::X};\nuse crate::tools::{self, Y};\n// crate::server\nlet a = crate::format::f(); crate::debug!(\"x\");";
    assert_eq!(uses(text), ["complete", "prompts", "tools", "format"]);
}

/// Whether ARCHITECTURE.md names `rel` (a path from the repository's root): the path itself; a
/// folder's `mod.rs` by the folder; else a line naming the folder (or its module's file, as
/// `src/judge/leetcode/cpp.rs` names `cpp/`) that names the file as `` `scan.rs` ``,
/// `` `cpp/scan.rs` `` or `` `scan` ``, or in a list such as `src/problems/{daily,tags}.rs`.
fn named_in(arch: &str, rel: &str) -> bool {
    if arch.contains(rel) {
        return true;
    }
    let Some((dir, name)) = rel.rsplit_once('/') else { return false };
    let stem = name.trim_end_matches(".rs");
    if name == "mod.rs" {
        return arch.contains(&format!("`{dir}/`")) || arch.contains(&format!("`{dir}.rs`"));
    }
    let last = dir.rsplit('/').next().unwrap_or(dir);
    let (folder, module) = (format!("{dir}/"), format!("{dir}.rs"));
    let forms = [format!("`{name}`"), format!("`{last}/{name}`"), format!("`{stem}`")];
    arch.lines().filter(|l| l.contains(&folder) || l.contains(&module)).any(|l| {
        forms.iter().any(|f| l.contains(f.as_str()))
            || l.match_indices(&format!("{folder}{{")).any(|(at, _)| {
                let list = &l[at + folder.len() + 1..];
                list.split_once("}.rs").is_some_and(|(names, _)| names.split(',').any(|n| n.trim() == stem))
            })
    })
}

/// ARCHITECTURE.md's Map and test map name every module (every `.rs` file under `src/` and
/// `crates/text/src/`) and every `tests/it` file, so that a newcomer finds each in one place.
#[test]
fn architecture_names_every_module_and_every_integration_test_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let arch = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut all = Vec::new();
    for dir in SOURCES.iter().chain(&["tests/it"]) {
        sources(&root.join(dir), &format!("{dir}/"), &mut all);
    }
    assert!(all.iter().any(|(p, _)| p == "tests/it/main.rs") && all.len() > 100, "{}", all.len());
    let missing: Vec<&str> = all.iter().map(|(p, _)| p.as_str()).filter(|p| !named_in(&arch, p)).collect();
    assert!(missing.is_empty(), "files ARCHITECTURE.md does not name (Map or Tests):\n{}", missing.join("\n"));
}

#[test]
fn a_file_is_named_by_its_path_its_folder_or_its_folders_line() {
    let arch = "| `src/a/mod.rs`, `b.rs` | x |\n| `src/c/` (`d.rs`, `e`) | y |\n| `src/f.rs` (+ `f/g.rs`) | z |\n\
| `src/h/{i,j}.rs` | w |\n| `tests/it/k.rs`, `l.rs` | v |";
    for p in [
        "src/a/mod.rs",
        "src/a/b.rs",
        "src/c/mod.rs",
        "src/c/d.rs",
        "src/c/e.rs",
        "src/f/g.rs",
        "src/h/j.rs",
        "tests/it/l.rs",
    ] {
        assert!(named_in(arch, p), "{p}");
    }
    for p in ["src/a/z.rs", "src/c/f.rs", "src/h/k.rs", "src/h/mod.rs", "tests/it/m.rs", "src/zz.rs"] {
        assert!(!named_in(arch, p), "{p}");
    }
}
