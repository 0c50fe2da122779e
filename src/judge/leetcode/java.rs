//! Java: the user's code compiled against the driver's classes (`java/OjDriver.java`: the call
//! read and made by reflection, and LeetCode's `ListNode`, `TreeNode`, `NestedInteger`, `Pair` and
//! hidden-API parents), which are built once per session. LeetCode's imports go on the user's first
//! line, so javac's line numbers are the user's; the `Node` the template comment defines is
//! written beside it (`java/Node.java`).

use super::driver::{Driver, Shape, Shared};
use super::kind::NodeClass;

/// The driver's classes, compiled once per session into `{shared}`.
const DRIVER: &str = include_str!("java/OjDriver.java");
/// The `Node` classes, one section per kind.
const NODES: &str = include_str!("java/Node.java");
/// What LeetCode's Java imports for the user, on one line (the user's first).
const IMPORTS: &str = "import java.util.*; import java.util.function.*; import java.util.stream.*; \
import java.util.concurrent.*; import java.util.concurrent.atomic.*; import java.util.concurrent.locks.*; \
import java.util.regex.*; import java.math.*; ";

/// javac's JVM started for a short job: C1 only, one GC thread, and options a JVM without them
/// (another vendor's, an older one) ignores. A missing or stale class archive is ignored too.
const JAVAC_VM: &[&str] = &["-J-XX:+IgnoreUnrecognizedVMOptions", "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"];

/// The classpath separator of the JVM here.
const SEP: &str = if cfg!(windows) { ";" } else { ":" };

/// The driver for `code`, or why it cannot be driven: it must declare the class the examples use.
pub(super) fn driver(code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    let types = top_level_types(code);
    let declares = |name: &str| types.iter().any(|(n, _)| n == name);
    let wanted = shape.design.as_ref().map_or("Solution", |(class, _)| class.as_str());
    // 341 and the codecs (297, 535) have no Solution: LeetCode drives them its own way.
    let special = shape.design.is_none() && (declares("NestedIterator") || declares("Codec"));
    if !declares(wanted) && !special {
        return Err(format!(
            "The Java code declares no `class {wanted}`, which the examples call: give the class as LeetCode's \
template has it (`class {wanted} {{ public … }}`), with its method inside."
        ));
    }
    let java = crate::judge::lang::java_for(tool);
    if crate::judge::cache::which(&java).is_none() {
        return Err(format!(
            "`{java}` (the Java runtime that runs what `{}` compiles) was not found on PATH: install a JDK \
(Debian/Ubuntu: openjdk-17-jdk-headless), or name it in the server's environment variable OJ_JAVA.",
            tool.first().map_or("javac", String::as_str)
        ));
    }
    Ok(make(code, &types, shape, tool, &java))
}

/// The build: the user's file (named for its public class), the `Node` it needs, the commands.
fn make(code: &str, types: &[(String, bool)], shape: &Shape, tool: &[String], java: &str) -> Driver {
    let declares = |name: &str| types.iter().any(|(n, _)| n == name);
    let file = format!("{}.java", types.iter().find(|(_, public)| *public).map_or("Solution", |(n, _)| n.as_str()));
    let mut files = vec![(file.clone(), format!("{IMPORTS}{code}"))];
    if let Some(kind) = shape.extras.node
        && !declares("Node")
    {
        files.push(("Node.java".into(), format!("import java.util.*;\n{}", node_class(kind))));
    }
    let words = |w: &[&str]| {
        let mut argv = tool.to_vec();
        argv.extend(JAVAC_VM.iter().chain(w).map(|s| s.to_string()));
        argv
    };
    // -parameters: the parameters' names, matched to the example's; -implicit:none: nothing of
    // the driver's recompiled into the build; string concatenation inlined, as before Java 9: the
    // JVM then starts without bootstrapping it (about 20 ms a run).
    let mut compile = words(&[
        "-encoding",
        "UTF-8",
        "-parameters",
        "-proc:none",
        "-implicit:none",
        "-XDstringConcat=inline",
        "-J-XX:SharedArchiveFile={shared}/javac.jsa",
        "-cp",
        "{shared}",
    ]);
    compile.extend(["-d".into(), ".".into()]);
    compile.extend(files.iter().map(|(name, _)| name.clone()));
    // C1 only: the JVM starts and runs a small example sooner than with C2's compilations; no
    // performance-data file in /tmp.
    let run = [
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
    ];
    Driver {
        files,
        compile,
        run: run.iter().map(|s| s.to_string()).collect(),
        shared: Some(Shared {
            name: "java-driver".into(),
            files: vec![("OjDriver.java".into(), DRIVER.into())],
            // javac's own classes archived as it exits, for the problems' compiles to map.
            compile: words(&[
                "-J-XX:ArchiveClassesAtExit={shared}/javac.jsa",
                "-encoding",
                "UTF-8",
                "-proc:none",
                "-XDstringConcat=inline",
                "-d",
                ".",
                "OjDriver.java",
            ]),
        }),
    }
}

/// The `Node` class of a kind: its section of `java/Node.java`.
fn node_class(kind: NodeClass) -> &'static str {
    let name = match kind {
        NodeClass::Nary => "nary",
        NodeClass::Graph => "graph",
        NodeClass::Random => "random",
        NodeClass::Next => "next",
    };
    let marker = format!("// node: {name}\n");
    let Some(at) = NODES.find(&marker) else { return "" };
    let rest = &NODES[at + marker.len()..];
    &rest[..rest.find("// node: ").unwrap_or(rest.len())]
}

/// The types the code declares at its top level (`class`, `interface`, `enum`, `record`), each
/// with whether it is public; comments, strings and character literals are skipped.
fn top_level_types(code: &str) -> Vec<(String, bool)> {
    let text = code_only(code);
    let (mut depth, mut words, mut out) = (0usize, Vec::<&str>::new(), Vec::new());
    let mut rest = text.as_str();
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

/// The code with comments, strings (text blocks too) and character literals blanked.
fn code_only(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(c) = rest.chars().next() {
        let skip = if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if let Some(after) = rest.strip_prefix("/*") {
            after.find("*/").map_or(rest.len(), |i| i + 4)
        } else if let Some(after) = rest.strip_prefix("\"\"\"") {
            after.find("\"\"\"").map_or(rest.len(), |i| i + 6)
        } else if c == '"' || c == '\'' {
            literal(rest, c)
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        };
        out.push(' ');
        rest = &rest[skip..];
    }
    out
}

/// The length of the string or character literal at the start of `s`, quotes included.
fn literal(s: &str, quote: char) -> usize {
    let mut escaped = false;
    for (i, c) in s.char_indices().skip(1) {
        match c {
            '\\' if !escaped => escaped = true,
            '\n' => return i,
            c if c == quote && !escaped => return i + 1,
            _ => escaped = false,
        }
    }
    s.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::leetcode::driver::fill;
    use crate::judge::leetcode::kind::Extras;

    /// The build without looking for `java` (the machine may have none).
    fn build(code: &str, shape: &Shape) -> Result<Driver, String> {
        let types = top_level_types(code);
        let wanted = shape.design.as_ref().map_or("Solution", |(class, _)| class.as_str());
        let found = types.iter().any(|(n, _)| n == wanted || n == "NestedIterator");
        if !found {
            // The refusal is driver()'s: it comes before `java` is looked for.
            return driver(code, shape, &["javac".into()]);
        }
        Ok(make(code, &types, shape, &["javac".into()], "java"))
    }

    const TWO_SUM: &str =
        "class Solution {\n    public int[] twoSum(int[] nums, int target) {\n        return null;\n    }\n}\n";

    #[test]
    fn top_level_types_skip_comments_strings_and_members() {
        let code = "/* class Node { int val; } */\n// class Fake {\npublic class Solution extends VersionControl {\n  \
String s = \"class X {\"; char c = '{';\n  class Inner {}\n}\nrecord Pair(int a, int b) {}\n\
interface I {}\nclass Codec<T> implements I { String t = \"\"\"\n class Y {\n\"\"\"; }\n";
        assert_eq!(
            top_level_types(code),
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
        assert_eq!(&run[run.len() - 2..], ["OjDriver", "/b/Solution.java"]);
        let shared = d.shared.unwrap();
        assert_eq!(shared.files[0].0, "OjDriver.java");
    }

    #[test]
    fn the_public_class_names_the_file_and_node_classes_are_written() {
        let code = "/* The isBadVersion API */\npublic class Solution extends VersionControl {}";
        assert_eq!(build(code, &Shape::default()).unwrap().files[0].0, "Solution.java");
        let shape = Shape { extras: Extras { node: Some(NodeClass::Graph), ..Extras::default() }, ..Shape::default() };
        let d = build("/*\nclass Node { List<Node> neighbors; }\n*/\nclass Solution {}", &shape).unwrap();
        assert_eq!(d.files[1].0, "Node.java");
        assert!(d.files[1].1.contains("public List<Node> neighbors;") && !d.files[1].1.contains("random"));
        assert!(d.compile.ends_with(&["Solution.java".into(), "Node.java".into()]));
        // The user's own Node is theirs.
        let own = build("class Node { Node next; }\nclass Solution {}", &shape).unwrap();
        assert_eq!(own.files.len(), 1);
        for kind in [NodeClass::Nary, NodeClass::Graph, NodeClass::Random, NodeClass::Next] {
            let text = node_class(kind);
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
        assert!(build("public class NestedIterator implements Iterator<Integer> {}", &Shape::default()).is_ok());
        if std::env::var_os("OJ_JAVA").is_none() {
            let err = driver(TWO_SUM, &Shape::default(), &["/nowhere/bin/javac".into()]).unwrap_err();
            assert!(err.contains("`/nowhere/bin/java`") && err.contains("OJ_JAVA"), "{err}");
        }
    }
}
