//! Java: the user's code compiled against the driver's classes, which are built once per
//! session: `java/OjDriver.java` (the call read and made by reflection), `OjNodes.java` (LeetCode's
//! linked structures built and shown), `OjSpecial.java` (what LeetCode drives without a class
//! Solution), `OjJson.java`, and `LeetCode.java` (`ListNode`, `TreeNode`, `NestedInteger`, `Pair`,
//! the hidden APIs' parents). LeetCode's imports go on the user's first line, so javac's line
//! numbers are the user's; the `Node` the template defines is written beside it (`java/Node.java`
//! for the kinds the judge knows, else the template comment's own definition).

use super::build::{Driver, Shape, Shared};
use super::node::NodeKind;

/// The driver's sources, compiled once per session into `{shared}` (packed in the binary:
/// `packed.rs`).
fn shared_sources() -> [(&'static str, String); 5] {
    [
        ("OjDriver.java", super::packed::text("java/OjDriver.java")),
        ("OjNodes.java", super::packed::text("java/OjNodes.java")),
        ("OjSpecial.java", super::packed::text("java/OjSpecial.java")),
        ("OjJson.java", super::packed::text("java/OjJson.java")),
        ("LeetCode.java", super::packed::text("java/LeetCode.java")),
    ]
}

/// The `Node` classes, one section per kind (`java/Node.java`, unpacked once).
fn nodes() -> &'static str {
    static NODES: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NODES.get_or_init(|| super::packed::text("java/Node.java"))
}
/// What LeetCode's Java imports for the user, on one line (the user's first).
const IMPORTS: &str = "import java.util.*; import java.util.function.*; import java.util.stream.*; \
import java.util.concurrent.*; import java.util.concurrent.atomic.*; import java.util.concurrent.locks.*; \
import java.util.regex.*; import java.math.*; ";

/// javac's JVM started for a short job: C1 only, one GC thread, no performance-data file (whose
/// name, the PID, is the same in every PID namespace), and options a JVM without them (another
/// vendor's, an older one) ignores. A missing or stale class archive is ignored too.
const JAVAC_VM: &[&str] =
    &["-J-XX:+IgnoreUnrecognizedVMOptions", "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-XX:-UsePerfData"];

/// The classpath separator of the JVM here.
const SEP: &str = if cfg!(windows) { ";" } else { ":" };

/// The driver for `code`, or why it cannot be driven.
#[cfg_attr(oj_size, optimize(size))]
pub(super) fn driver(code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    let types = drivable(code, shape)?;
    let java = crate::judge::toolchain::java_for(tool);
    if crate::judge::paths::which(&java).is_none() {
        return Err(format!(
            "`{java}` (the Java runtime that runs what `{}` compiles) was not found on PATH: install a JDK \
(Debian/Ubuntu: openjdk-17-jdk-headless), or name it in the server's environment variable OJ_JAVA.",
            tool.first().map_or("javac", String::as_str)
        ));
    }
    Ok(make(code, &types, shape, tool, &java))
}

/// The code's top-level types, if it declares the class the examples use.
fn drivable(code: &str, shape: &Shape) -> Result<Vec<(String, bool)>, String> {
    let text = code_only(code);
    let types = top_level_types(&text);
    let wanted = shape.design.as_ref().map_or("Solution", |(class, _)| class.as_str());
    if types.iter().any(|(n, _)| n == wanted) || shape.design.is_none() && without_solution(&text, &types) {
        return Ok(types);
    }
    Err(format!(
        "The Java code declares no `class {wanted}`, which the examples call: give the class as LeetCode's template \
has it (`class {wanted} {{ public … }}`), with its method inside."
    ))
}

/// Whether LeetCode drives the code without a class Solution (`OjSpecial.java`): an iterator
/// (341, 281), a codec (297, 535), 1628's `TreeBuilder`, a class whose method takes another of
/// its instances (1570).
fn without_solution(text: &str, types: &[(String, bool)]) -> bool {
    types.iter().any(|(n, _)| {
        n == "Codec"
            || n == "TreeBuilder"
            || n.ends_with("Iterator")
            || text.contains(&format!("({n} "))
            || text.contains(&format!(", {n} "))
    })
}

/// The build: the user's file (named for its public class), the `Node` it needs, the commands.
fn make(code: &str, types: &[(String, bool)], shape: &Shape, tool: &[String], java: &str) -> Driver {
    let file = format!("{}.java", types.iter().find(|(_, public)| *public).map_or("Solution", |(n, _)| n.as_str()));
    let mut files = vec![(file.clone(), format!("{IMPORTS}{code}"))];
    for (name, class) in template_classes(code, shape.extras.node, types) {
        files.push((format!("{name}.java"), format!("import java.util.*;\n{class}")));
    }
    // Ours, the override's words (an option they name in place of ours), then the driver's own.
    let words = |w: &[&str]| {
        let ours: Vec<&str> = JAVAC_VM.iter().chain(&["-encoding", "UTF-8"]).copied().collect();
        let mut argv = crate::judge::toolchain::with_flags(tool, &ours);
        argv.extend(w.iter().map(|s| s.to_string()));
        argv
    };
    // -parameters: the parameters' names, matched to the example's; -implicit:none: nothing of
    // the driver's recompiled into the build; string concatenation inlined, as before Java 9: the
    // JVM then starts without bootstrapping it (about 20 ms a run).
    let mut compile = words(&[
        "-parameters",
        "-proc:none",
        "-implicit:none",
        "-XDstringConcat=inline",
        "-J-XX:SharedArchiveFile={shared}/javac.jsa",
        "-cp",
        "{shared}",
        "-d",
        ".",
    ]);
    compile.extend(files.iter().map(|(name, _)| name.clone()));
    // C1 only: the JVM starts and runs a small example sooner than with C2's compilations. The
    // driver gets the source and the names of the classes it declares.
    let mut run: Vec<String> = [
        java,
        "-XX:+IgnoreUnrecognizedVMOptions",
        "-Xmx{memory}m",
        "-Xss64m",
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-XX:-UsePerfData",
        "-Xshare:auto",
        "-cp",
        &format!("{{dir}}{SEP}{{shared}}"),
        "OjDriver",
        &format!("{{dir}}/{file}"),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    run.extend(types.iter().map(|(n, _)| n.clone()));
    let mut shared = words(&[
        // javac's own classes archived as it exits, for the problems' compiles to map.
        "-J-XX:ArchiveClassesAtExit={shared}/javac.jsa",
        "-proc:none",
        "-XDstringConcat=inline",
        "-d",
        ".",
    ]);
    let sources = shared_sources();
    shared.extend(sources.iter().map(|(name, _)| name.to_string()));
    Driver {
        fallback: None,
        files,
        compile,
        run,
        shared: Some(Shared {
            name: "java-driver".into(),
            files: sources.into_iter().map(|(n, t)| (n.to_string(), t)).collect(),
            compile: shared,
        }),
    }
}

/// The classes LeetCode's template gives the code that it uses and does not declare, each for a
/// file of its own: `Node` as LeetCode's class for the kind the judge decided (`node::decide`),
/// else as the template comment defines it, and so `Employee` (690), `Interval` (759)...
fn template_classes(code: &str, kind: Option<NodeKind>, types: &[(String, bool)]) -> Vec<(String, String)> {
    let text = code_only(code);
    let used: Vec<&str> = text.split(|c: char| !(c.is_alphanumeric() || c == '_')).collect();
    // The classes the code's comments define (`class Employee {`), and `Node` where the judge
    // read its kind.
    let notes = comments_only(code);
    let defined = |at: usize| {
        let rest = &notes[at + "class ".len()..];
        let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
        let name = &rest[..end];
        (name.starts_with(|c: char| c.is_ascii_uppercase()) && rest[end..].trim_start().starts_with('{'))
            .then_some((name, at))
    };
    let mut names: Vec<(&str, Option<usize>)> =
        notes.match_indices("class ").filter_map(|(at, _)| defined(at)).map(|(n, at)| (n, Some(at))).collect();
    names.extend(kind.map(|_| ("Node", None)));
    let mut out: Vec<(String, String)> = Vec::new();
    for (name, at) in names {
        let declared = types.iter().any(|(n, _)| n == name) || out.iter().any(|(n, _)| n == name);
        if declared || ["ListNode", "TreeNode"].contains(&name) || !used.contains(&name) {
            continue;
        }
        // `Node` as LeetCode defines it for the kind the judge decided (`node::decide`).
        let own = match (name, kind) {
            ("Node", Some(k)) => Some(section(k.name())).filter(|text| !text.is_empty()).map(str::to_string),
            _ => None,
        };
        let comment = || at.and_then(|at| commented(&notes[at..]));
        out.extend(own.or_else(comment).map(|c| (name.to_string(), c)));
    }
    out
}

/// A class from its comment's lines, `class X` to its closing brace, without their `*` or `//`.
fn commented(from: &str) -> Option<String> {
    let mut out = String::new();
    let mut depth = 0usize;
    for line in from.lines() {
        let t = line.trim_start();
        let t = t
            .strip_prefix("//")
            .or_else(|| t.strip_prefix('*').filter(|r| !r.starts_with('/')))
            .unwrap_or(t)
            .trim_start();
        for c in t.chars() {
            out.push(c);
            match c {
                '{' => depth += 1,
                '}' if depth == 1 => return Some(out + "\n"),
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        out.push('\n');
    }
    None
}

/// A `Node` class of `java/Node.java`, by its section's name (`nary`, `graph`, `random`, `next`,
/// `quad`).
fn section(name: &str) -> &'static str {
    let marker = format!("// node: {name}\n");
    let nodes = nodes();
    let Some(at) = nodes.find(&marker) else { return "" };
    let rest = &nodes[at + marker.len()..];
    &rest[..rest.find("// node: ").unwrap_or(rest.len())]
}

/// The types the code declares at its top level (`class`, `interface`, `enum`, `record`), each
/// with whether it is public, in the code's order; `text` is the code without its comments,
/// strings and character literals (`code_only`).
fn top_level_types(text: &str) -> Vec<(String, bool)> {
    let (mut depth, mut words, mut out) = (0usize, Vec::<&str>::new(), Vec::new());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c.is_alphabetic() || c == '_' || c == '$' {
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(rest.len());
            if depth == 0 {
                words.push(&rest[..end]);
            }
            rest = &rest[end..];
            continue;
        }
        match c {
            '{' => {
                if depth == 0
                    && let Some(i) = words.iter().position(|w| matches!(*w, "class" | "interface" | "enum" | "record"))
                    && let Some(name) = words.get(i + 1)
                {
                    out.push((name.to_string(), words[..i].contains(&"public")));
                }
                depth += 1;
                words.clear();
            }
            '}' => {
                depth = depth.saturating_sub(1);
                words.clear();
            }
            ';' if depth == 0 => words.clear(),
            _ => {}
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The code with comments, strings (text blocks too) and character literals blanked: the one
/// scanner's Java rules (`leetcode::source`).
fn code_only(code: &str) -> String {
    super::source::code(code, &super::source::JAVA)
}

/// The code's comments, all else blanked (line ends kept).
fn comments_only(code: &str) -> String {
    super::source::comments(code, &super::source::JAVA)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::leetcode::build::fill;
    use crate::judge::leetcode::kind::Extras;

    /// The build without looking for `java` (the machine may have none).
    fn build(code: &str, shape: &Shape) -> Result<Driver, String> {
        Ok(make(code, &drivable(code, shape)?, shape, &["javac".into()], "java"))
    }

    const TWO_SUM: &str =
        "class Solution {\n    public int[] twoSum(int[] nums, int target) {\n        return null;\n    }\n}\n";

    #[test]
    fn top_level_types_skip_comments_strings_and_members() {
        let code = "/* class Node { int val; } */\n// class Fake {\npublic class Solution extends VersionControl {\n  \
String s = \"class X {\"; char c = '{';\n  class Inner {}\n}\nrecord Pair(int a, int b) {}\n\
interface I {}\nclass Codec<T> implements I { String t = \"\"\"\n class Y {\n\"\"\"; }\n";
        assert_eq!(
            top_level_types(&code_only(code)),
            [("Solution".into(), true), ("Pair".into(), false), ("I".into(), false), ("Codec".into(), false)]
        );
    }

    #[test]
    fn files_commands_and_the_users_line_numbers() {
        let tool = ["javac".to_string()];
        let d = build(TWO_SUM, &Shape::default()).unwrap();
        let (name, text) = &d.files[0];
        assert_eq!(name, "Solution.java");
        // The imports share the user's first line: line N of the file is the user's line N.
        assert!(text.starts_with("import java.util.*;") && text.ends_with(TWO_SUM));
        assert_eq!(text.lines().count(), TWO_SUM.lines().count());
        assert_eq!(d.files.len(), 1);
        assert!(d.compile.starts_with(&tool) && d.compile.ends_with(&["-d".into(), ".".into(), name.clone()]));
        assert!(d.compile.contains(&"-parameters".to_string()));
        let run = fill(&d.run, "/b", "/s", 512);
        assert!(run.contains(&"-Xmx512m".to_string()) && run.contains(&format!("/b{SEP}/s")), "{run:?}");
        assert_eq!(&run[run.len() - 3..], ["OjDriver", "/b/Solution.java", "Solution"]);
        let shared = d.shared.unwrap();
        assert_eq!(shared.files.len(), 5);
        assert!(
            shared.files.iter().all(|(_, text)| text.contains("final class Oj") || text.contains("class ListNode"))
        );
        assert!(shared.compile.ends_with(&[
            "OjDriver.java".into(),
            "OjNodes.java".into(),
            "OjSpecial.java".into(),
            "OjJson.java".into(),
            "LeetCode.java".into()
        ]));
    }

    #[test]
    fn the_public_class_names_the_file_and_node_classes_are_written() {
        let code = "/* The isBadVersion API */\npublic class Solution extends VersionControl {}";
        assert_eq!(build(code, &Shape::default()).unwrap().files[0].0, "Solution.java");
        let shape = Shape { extras: Extras { node: Some(NodeKind::Graph), ..Extras::default() }, ..Shape::default() };
        let d = build("/*\nclass Node { List<Node> neighbors; }\n*/\nclass Solution { Node f(Node n) {} }", &shape)
            .unwrap();
        assert_eq!(d.files[1].0, "Node.java");
        assert!(d.files[1].1.contains("public List<Node> neighbors;") && !d.files[1].1.contains("random"));
        assert!(d.compile.ends_with(&["Solution.java".into(), "Node.java".into()]));
        // The user's own Node is theirs.
        let own = build("class Node { Node next; }\nclass Solution {}", &shape).unwrap();
        assert_eq!(own.files.len(), 1);
        // No kind decided: the template comment's own class, undecorated; a quad tree's is
        // LeetCode's whole class (its comment leaves out constructors).
        let parent = "/*\n// Definition for a Node.\nclass Node {\n    public int val;\n    public Node parent;\n\
    public Node() {\n        this.val = 0;\n    }\n};\n*/\n\nclass Solution {\n    public Node f(Node p) {}\n}";
        let d = build(parent, &Shape::default()).unwrap();
        assert_eq!(
            d.files[1].1,
            "import java.util.*;\nclass Node {\npublic int val;\npublic Node parent;\npublic Node() {\n\
this.val = 0;\n}\n}\n"
        );
        let quad = "/*\nclass Node {\n    public boolean isLeaf;\n}\n*/\nclass Solution { Node construct() {} }";
        let quads = Shape { extras: Extras { node: Some(NodeKind::Quad), ..Extras::default() }, ..Shape::default() };
        assert!(build(quad, &quads).unwrap().files[1].1.contains("public Node(boolean val, boolean isLeaf) {"));
        let starred = "/**\n * public class Node {\n *     int val;\n *     Node left;\n * }\n */\nclass Solution { Node f() {} }";
        assert_eq!(
            build(starred, &Shape::default()).unwrap().files[1].1,
            "import java.util.*;\nclass Node {\nint val;\nNode left;\n}\n"
        );
        // Other classes of the template (690's Employee), never a class of the code itself.
        let employee = "/*\n// Definition for Employee.\nclass Employee {\n    public int id;\n};\n*/\n\
class Solution {\n    class Trie { int n; }\n    int f(List<Employee> e, Trie t) {}\n}";
        let d = build(employee, &Shape::default()).unwrap();
        assert_eq!(d.files.len(), 2);
        assert_eq!(
            d.files[1],
            ("Employee.java".into(), "import java.util.*;\nclass Employee {\npublic int id;\n}\n".into())
        );
        // Not written where the code does not use Node.
        assert_eq!(build("/* class Node {} */ class Solution {}", &Shape::default()).unwrap().files.len(), 1);
        for kind in [
            "nary",
            "graph",
            "random",
            "next",
            "quad",
            "parent",
            "tree",
            "ring",
            "doubly",
            "multilevel",
            "circular",
            "list",
        ] {
            let text = section(kind);
            assert!(text.starts_with("class Node {") && text.matches("class Node").count() == 1, "{text}");
        }
    }

    #[test]
    fn the_class_the_examples_call_must_be_there() {
        let err = build("class Solutions {}", &Shape::default()).unwrap_err();
        assert!(err.contains("`class Solution`"), "{err}");
        let design = Shape { design: Some(("MinStack".into(), vec!["MinStack".into()])), ..Shape::default() };
        assert!(build(TWO_SUM, &design).unwrap_err().contains("`class MinStack`"));
        let d = build("class MinStack { public MinStack() {} }", &design).unwrap();
        assert_eq!(d.files[0].0, "Solution.java");
        // What LeetCode drives without a class Solution.
        assert!(build("public class NestedIterator implements Iterator<Integer> {}", &Shape::default()).is_ok());
        assert!(build("class Codec { }", &Shape::default()).is_ok());
        assert!(build("class SparseVector { int dotProduct(SparseVector vec) {} }", &Shape::default()).is_ok());
        if std::env::var_os("OJ_JAVA").is_none() {
            let err = driver(TWO_SUM, &Shape::default(), &["/nowhere/bin/javac".into()]).unwrap_err();
            assert!(err.contains("`/nowhere/bin/java`") && err.contains("OJ_JAVA"), "{err}");
        }
    }
}
