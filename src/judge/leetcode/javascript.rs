//! The JavaScript driver: the user's code as `solution.js`, syntax-checked and run by `driver.js`
//! (`javascript/driver.js`, the session's [`Shared`] part: written once, checked once), which
//! runs the code as a script (`vm`: its errors name its own lines) and reads the parameters'
//! types from its JSDoc. LeetCode's libraries (lodash as `_`, the `@datastructures-js` queues)
//! are not shipped: the code that uses one gets it from where `npm install -g` put it, or is
//! refused before anything runs, with the command that installs it. TypeScript's driver
//! (`typescript.rs`) runs what `tsc` writes through the same `driver.js`.

use std::path::{Path, PathBuf};

use super::build::{Driver, Shape, Shared};

/// A package of LeetCode's JavaScript environment: what it is called on npm, the version LeetCode
/// names, and the globals it gives: lodash is `_`, the others' globals are their exports.
#[derive(Debug)]
pub(super) struct Library {
    pub(super) package: &'static str,
    version: &'static str,
    pub(super) names: &'static [&'static str],
}

const LIBRARIES: &[Library] = &[
    Library { package: "lodash", version: "4.17.21", names: &["_"] },
    Library {
        package: "@datastructures-js/priority-queue",
        version: "6.3.4",
        names: &["PriorityQueue", "MinPriorityQueue", "MaxPriorityQueue"],
    },
    Library { package: "@datastructures-js/queue", version: "4.2.3", names: &["Queue"] },
    Library { package: "@datastructures-js/deque", version: "1.0.4", names: &["Deque"] },
];

/// A library the code uses, and the folder it was found in.
pub(super) type Found = (&'static Library, PathBuf);

#[cfg_attr(oj_size, optimize(size))]
pub(super) fn driver(code: &str, shape: &Shape, node: &[String]) -> Result<Driver, String> {
    let _ = shape;
    let libs = libraries(code, &|k| std::env::var(k).ok(), node)?;
    let mut compile = node.to_vec();
    compile.extend(["{shared}/driver.js", "--check", "solution.js"].map(String::from));
    Ok(Driver {
        fallback: None,
        files: vec![("solution.js".into(), code.into())],
        compile,
        run: run(node, "{dir}/solution.js", None, &libs),
        shared: Some(shared(node)),
    })
}

/// `driver.js` in the session's folder, checked by the `node` that will run it.
pub(super) fn shared(node: &[String]) -> Shared {
    let mut compile = node.to_vec();
    compile.extend(["--check", "driver.js"].map(String::from));
    // The driver, run as `node driver.js solution.js` with the call on stdin (packed in the binary).
    Shared {
        name: "js-driver".into(),
        files: vec![("driver.js".into(), super::packed::text("javascript/driver.js"))],
        compile,
    }
}

/// The run: `node driver.js FILE`, with the TypeScript source its types are read from, and the
/// libraries found.
pub(super) fn run(node: &[String], file: &str, source: Option<&str>, libs: &[Found]) -> Vec<String> {
    let mut argv = node.to_vec();
    // V8's heap, in place of the address-space limit it cannot live under.
    argv.extend(["--max-old-space-size={memory}", "{shared}/driver.js", file].map(String::from));
    if let Some(s) = source {
        argv.extend(["--source".into(), s.into()]);
    }
    for (lib, folder) in libs {
        let names = lib.names.join(",");
        argv.extend(["--lib".into(), lib.package.into(), names, folder.to_string_lossy().into_owned()]);
    }
    argv
}

/// The libraries the code may use and does not define itself, each with its folder; or, for one
/// it surely uses that is not installed, a sentence saying so and how to install it. A bare `_`
/// may be lodash (`fill(_)`) or a parameter (`(_, i) => i`): lodash is given where it is
/// installed, and required only for `_.` and `_(`.
#[cfg_attr(oj_size, optimize(size))]
pub(super) fn libraries(
    code: &str,
    env: &dyn Fn(&str) -> Option<String>,
    node: &[String],
) -> Result<Vec<Found>, String> {
    let code = without_comments(code);
    let maybe = |l: &&Library| l.names.iter().any(|n| uses(&code, n) || (*n == "_" && mentions(&code, n)));
    let mut found = Vec::new();
    for lib in LIBRARIES.iter().filter(maybe) {
        let folders = folders(env, node);
        match folders.iter().map(|f| f.join(lib.package)).find(|d| d.join("package.json").is_file()) {
            Some(dir) => found.push((lib, dir)),
            None if !lib.names.iter().any(|n| uses(&code, n)) => {}
            None => {
                let name = lib.names.iter().find(|n| uses(&code, n)).unwrap_or(&lib.names[0]);
                let looked: Vec<String> = folders.iter().map(|f| f.display().to_string()).collect();
                return Err(format!(
                    "This code uses `{name}`, which LeetCode's JavaScript provides from the npm package {} \
({}), and it is not installed where Node can find it (looked in: {}): install it with `npm install -g {}@{}`, or \
name the folder that holds it in the server's environment variable OJ_NODE_MODULES.",
                    lib.package,
                    lib.version,
                    if looked.is_empty() { "nowhere".into() } else { looked.join(", ") },
                    lib.package,
                    lib.version
                ));
            }
        }
    }
    Ok(found)
}

/// Where the libraries are looked for: `OJ_NODE_MODULES`'s folders if it is set, else `NODE_PATH`'s,
/// the global folder of the `node` used (`npm install -g` puts packages in `<prefix>/lib/node_modules`,
/// on Windows `<prefix>\node_modules`), and the usual global folders.
fn folders(env: &dyn Fn(&str) -> Option<String>, node: &[String]) -> Vec<PathBuf> {
    if let Some(v) = env("OJ_NODE_MODULES").filter(|v| !v.trim().is_empty()) {
        return std::env::split_paths(&v).collect();
    }
    let mut out: Vec<PathBuf> = env("NODE_PATH").map(|v| std::env::split_paths(&v).collect()).unwrap_or_default();
    let exe = node.first().and_then(|n| crate::judge::paths::which(n)).and_then(|p| p.canonicalize().ok());
    if let Some(bin) = exe.as_deref().and_then(Path::parent) {
        out.push(bin.join("node_modules"));
        out.extend(bin.parent().map(|prefix| prefix.join("lib/node_modules")));
    }
    if let Some(appdata) = env("APPDATA") {
        out.push(Path::new(&appdata).join("npm").join("node_modules"));
    }
    out.extend(["/usr/local/lib/node_modules", "/usr/lib/node_modules"].map(PathBuf::from));
    out.dedup();
    out
}

/// Whether the code surely uses `name` as a global: `_.` or `_(` for lodash, else the word, where
/// the code does not declare it itself.
fn uses(code: &str, name: &str) -> bool {
    occurs(code, name, |after| name != "_" || matches!(after, Some('.' | '('))) && !defines(code, name)
}

/// Whether `name` occurs as an identifier of its own, not a property.
pub(super) fn mentions(code: &str, name: &str) -> bool {
    occurs(code, name, |_| true)
}

fn occurs(code: &str, name: &str, then: impl Fn(Option<char>) -> bool) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
    code.match_indices(name).any(|(i, _)| {
        let (before, after) = (code[..i].chars().next_back(), code[i + name.len()..].chars().next());
        !word(before) && before != Some('.') && !word(after) && then(after)
    })
}

/// Whether the code declares `name` itself (`class Queue {`, not `class QueueItem`).
pub(super) fn defines(code: &str, name: &str) -> bool {
    ["class ", "function ", "var ", "let ", "const ", "interface ", "type "].iter().any(|k| {
        let decl = format!("{k}{name}");
        code.match_indices(&decl)
            .any(|(i, _)| !code[i + decl.len()..].chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_'))
    })
}

/// The code with `//` and `/* */` comments blanked (a word in a comment is not a use): the one
/// scanner's JavaScript rules (`leetcode::source`). Strings are not told apart: a `//` inside one
/// blanks the rest of its line, which only hides words.
pub(super) fn without_comments(code: &str) -> String {
    super::source::code(code, &super::source::JAVASCRIPT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("oj-js-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn files_and_commands() {
        let code = "var twoSum = function(nums, target) {};";
        let d = driver(code, &Shape::default(), &["node".into()]).unwrap();
        assert_eq!(d.files, [("solution.js".to_string(), code.to_string())]);
        assert_eq!(d.compile, ["node", "{shared}/driver.js", "--check", "solution.js"]);
        assert_eq!(d.run, ["node", "--max-old-space-size={memory}", "{shared}/driver.js", "{dir}/solution.js"]);
        let shared = d.shared.unwrap();
        assert_eq!((shared.files[0].0.as_str(), shared.compile.len()), ("driver.js", 3));
        assert!(shared.files[0].1.contains("vm.runInThisContext"));
    }

    #[test]
    fn libraries_used_found_or_refused() {
        let empty = temp("empty");
        let env_empty = |k: &str| (k == "OJ_NODE_MODULES").then(|| empty.to_string_lossy().into_owned());
        let none = libraries("var f = function(a) { return a; };", &env_empty, &[]).unwrap();
        assert!(none.is_empty());
        // Words in comments, properties and the code's own classes are not uses.
        let own = "// uses a Queue\nclass Queue {}\nconst q = new Queue(); x.PriorityQueue; a_.b; /* _.max */";
        assert!(libraries(own, &env_empty, &[]).unwrap().is_empty());
        let err = libraries("const pq = new MinPriorityQueue();", &env_empty, &[]).unwrap_err();
        assert!(
            err.contains("`MinPriorityQueue`")
                && err.contains("npm install -g @datastructures-js/priority-queue@6.3.4")
        );
        assert!(err.contains("OJ_NODE_MODULES"), "{err}");
        let err = libraries("return _.sum(nums);", &env_empty, &[]).unwrap_err();
        assert!(err.contains("lodash"), "{err}");
        let with = temp("with");
        std::fs::create_dir_all(with.join("lodash")).unwrap();
        std::fs::write(with.join("lodash/package.json"), "{}").unwrap();
        let env_with = |k: &str| (k == "OJ_NODE_MODULES").then(|| with.to_string_lossy().into_owned());
        let found = libraries("return _.sum(nums);", &env_with, &[]).unwrap();
        assert_eq!((found[0].0.package, found[0].1.clone()), ("lodash", with.join("lodash")));
        // A bare `_` gets lodash where it is installed, and is no reason to refuse where not.
        assert_eq!(libraries("a.fill(_).map((_, i) => i);", &env_with, &[]).unwrap().len(), 1);
        assert!(libraries("a.fill(_).map((_, i) => i);", &env_empty, &[]).unwrap().is_empty());
        let argv = run(&["node".into()], "f.js", Some("f.ts"), &found);
        assert_eq!(argv[4..], ["--source", "f.ts", "--lib", "lodash", "_", &with.join("lodash").to_string_lossy()]);
        let _ = std::fs::remove_dir_all(&empty);
        let _ = std::fs::remove_dir_all(&with);
    }

    #[test]
    fn comments_blanked() {
        assert_eq!(without_comments("a // b\nc /* d */ e / f"), "a     \nc         e / f");
    }
}
