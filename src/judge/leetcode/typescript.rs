//! The TypeScript driver: the user's code as `solution.ts`, type-checked and compiled by `tsc`
//! with the checks LeetCode states (`toolchain::TSC_FLAGS`; a type error is a `CE` at the user's line),
//! beside `leetcode.d.ts`: LeetCode's classes (`ListNode`, `TreeNode`, `Node` and `_Node` as the
//! template's comment defines them, `NestedInteger`), its hidden APIs and libraries, declared
//! only where the code does not define them itself. What `tsc` writes is run by the JavaScript
//! driver (`driver.js`), which reads the parameters' types from the TypeScript source and maps a
//! runtime error's lines back to it (`--sourceMap`).

use super::build::{Driver, Shape};
use super::javascript::{self, Found, defines, without_comments};
use super::kind::Extras;
use super::node::NodeKind;
use crate::judge::toolchain::{self, Lang, TSC_FLAGS};

#[cfg_attr(oj_size, optimize(size))]
pub(super) fn driver(code: &str, shape: &Shape, tsc: &[String]) -> Result<Driver, String> {
    let node = Lang::JavaScript.tool(&|k| std::env::var(k).ok());
    let libs = javascript::libraries(code, &|k| std::env::var(k).ok(), &node)?;
    // Ours, then the override's words (`--target ES2020` in place of ours).
    let mut compile = toolchain::with_flags(tsc, TSC_FLAGS);
    // A file with `export` is a module: CommonJS output still runs as a script.
    compile.extend(["--module", "commonjs", "--sourceMap", "solution.ts", "leetcode.d.ts"].map(String::from));
    Ok(Driver {
        fallback: None,
        files: vec![
            ("solution.ts".into(), code.into()),
            ("leetcode.d.ts".into(), declarations(code, &shape.extras, &libs)),
        ],
        compile,
        run: javascript::run(&node, "{dir}/solution.js", Some("{dir}/solution.ts"), &libs),
        shared: Some(javascript::shared(&node)),
    })
}

/// LeetCode's environment as declarations: what its TypeScript has and the code uses without
/// defining it.
fn declarations(code: &str, extras: &Extras, libs: &[Found]) -> String {
    let code = without_comments(code);
    let mut out = String::from(
        "// LeetCode's environment, declared for tsc; the driver defines it at run time.\n\
declare var console: any, require: any, process: any;\ndeclare function structuredClone<T>(value: T, options?: any): T;\n",
    );
    // `@` in a body is the class's own name.
    let class = |out: &mut String, name: &str, body: &str| {
        if !defines(&code, name) {
            out.push_str(&format!("declare class {name} {}\n", body.replace('@', name)));
        }
    };
    class(&mut out, "ListNode", "{ val: number; next: @ | null; constructor(val?: number, next?: @ | null); }");
    class(
        &mut out,
        "TreeNode",
        "{ val: number; left: @ | null; right: @ | null; constructor(val?: number, left?: @ | null, right?: @ | null); }",
    );
    let node = extras.node.and_then(|kind| match kind {
        NodeKind::Nary => Some("{ val: number; children: @[]; constructor(val?: number, children?: @[]); }"),
        NodeKind::Graph => Some("{ val: number; neighbors: @[]; constructor(val?: number, neighbors?: @[]); }"),
        NodeKind::Random => Some(
            "{ val: number; next: @ | null; random: @ | null; constructor(val?: number, next?: @ | null, random?: @ | null); }",
        ),
        NodeKind::Next => Some(
            "{ val: number; left: @ | null; right: @ | null; next: @ | null; \
constructor(val?: number, left?: @ | null, right?: @ | null, next?: @ | null); }",
        ),
        NodeKind::Quad => Some(
            "{ val: boolean; isLeaf: boolean; topLeft: @ | null; topRight: @ | null; bottomLeft: @ | null; \
bottomRight: @ | null; constructor(val?: boolean, isLeaf?: boolean, ...children: (@ | null)[]); }",
        ),
        // The other kinds' links are among `any`'s.
        _ => None,
    });
    // No kind read from the template: a node with every link LeetCode's other `Node`s have (a
    // tree's `parent`, a list's `prev`, 430's `child`).
    let any = "{ val: number; left: @ | null; right: @ | null; next: @ | null; prev: @ | null; parent: @ | null; \
child: @ | null; constructor(val?: number, ...links: any[]); }";
    for name in ["Node", "_Node"] {
        if node.is_some() || javascript::mentions(&code, name) {
            class(&mut out, name, node.unwrap_or(any));
        }
    }
    if extras.nested {
        class(
            &mut out,
            "NestedInteger",
            "{ constructor(value?: number); isInteger(): boolean; getInteger(): number | null; \
setInteger(value: number): void; add(elem: @): void; getList(): @[]; }",
        );
    }
    // An API the code defines itself (a stub of its own) is its own, as a class of its own is.
    if let Some((api, _)) = extras.api.filter(|(api, _)| !defines(&code, api)) {
        match api {
            "MountainArray" => class(&mut out, "MountainArray", "{ get(index: number): number; length(): number; }"),
            "guess" => out.push_str("declare function guess(num: number): number;\n"),
            "isBadVersion" => out.push_str("declare function isBadVersion(version: number): boolean;\n"),
            _ => out.push_str("declare function knows(a: number, b: number): boolean;\n"),
        }
    }
    for (lib, _) in libs {
        // `import … from "lodash"` too, as anything.
        out.push_str(&format!("declare module \"{}\";\n", lib.package));
    }
    for name in libs.iter().flat_map(|(lib, _)| lib.names) {
        if *name == "_" {
            out.push_str("declare var _: any;\n");
        } else {
            // Loosely: any method, any result (the package's own typings differ by version).
            let any = "<T = any> { constructor(...args: any[]); [key: string]: any; static [key: string]: any; }";
            out.push_str(&format!("declare class {name}{any}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_for_what_the_code_uses() {
        let d = declarations("function f(head: ListNode | null): ListNode | null {}", &Extras::default(), &[]);
        assert!(d.contains("declare class ListNode { val: number; next: ListNode | null;"), "{d}");
        assert!(d.contains("declare class TreeNode") && !d.contains("_Node") && !d.contains("NestedInteger"));
        // The code's own class is not declared again (146's `class Node`, a `ListNode` of its own).
        let own = "class ListNode { val = 0 }\nfunction f(root: _Node | null) {}";
        let nary =
            Extras { node: Some(NodeKind::Nary), nested: true, api: Some(("guess", "pick")), ..Extras::default() };
        let d = declarations(own, &nary, &[]);
        assert!(
            !d.contains("declare class ListNode")
                && d.contains("declare class _Node { val: number; children: _Node[];")
        );
        assert!(d.contains("declare class Node { val: number; children: Node[];"), "{d}");
        assert!(d.contains("getList(): NestedInteger[]") && d.contains("declare function guess(num: number)"));
        let stub = "const knows = (a: number, b: number): boolean => a < b;\nfunction findCelebrity(n: number) {}";
        let celebrity = Extras { api: Some(("knows", "graph")), ..Extras::default() };
        assert!(!declarations(stub, &celebrity, &[]).contains("declare function knows"));
    }

    #[test]
    fn compile_and_run() {
        let d = driver("function f(): number { return 1; }", &Shape::default(), &["tsc".into()]).unwrap();
        assert_eq!(d.files[0].0, "solution.ts");
        assert_eq!(d.files[1].0, "leetcode.d.ts");
        assert_eq!(d.compile[0], "tsc");
        assert!(d.compile.ends_with(&["--sourceMap".into(), "solution.ts".into(), "leetcode.d.ts".into()]));
        assert!(d.compile.contains(&"--noEmitOnError".into()));
        assert!(d.run.ends_with(&["{dir}/solution.js".into(), "--source".into(), "{dir}/solution.ts".into()]));
    }
}
