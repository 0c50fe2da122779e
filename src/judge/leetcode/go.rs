//! The Go driver: the user's top-level LeetCode code (no package clause, no imports) in
//! `solution.go` after `package main`, the imports it uses and a `//line` directive (compiler
//! messages name the user's lines); a generated `main.go` with LeetCode's node types and hidden
//! APIs that passes the function (or the Constructor and the method expressions) to the driver
//! package `lcdriver` (`go/*.go`), built once per session into a Go path of its own, which
//! converts by reflect and prints. The signature is read here only for names: which function,
//! which methods, which parameter names.

use super::build::{Driver, Shape, Shared};
use super::node::NodeKind;

/// The driver package's files, under `src/lcdriver/` of the session's Go path (packed in the
/// binary: `packed.rs`).
fn package() -> [(&'static str, String); 5] {
    [
        ("call.go", super::packed::text("go/call.go")),
        ("convert.go", super::packed::text("go/convert.go")),
        ("nodes.go", super::packed::text("go/nodes.go")),
        ("nested.go", super::packed::text("go/nested.go")),
        ("show.go", super::packed::text("go/show.go")),
    ]
}

/// The packages LeetCode's Go imports for the code that uses them, by the name the code uses,
/// with a use that keeps an import used where a local variable shadows the name.
const IMPORTS: &[(&str, &str, &str)] = &[
    ("sort", "sort", "sort.Ints"),
    ("strings", "strings", "strings.Split"),
    ("strconv", "strconv", "strconv.Itoa"),
    ("math", "math", "math.Abs"),
    ("bits", "math/bits", "bits.OnesCount"),
    ("rand", "math/rand", "rand.Intn"),
    ("big", "math/big", "big.NewInt"),
    ("cmplx", "math/cmplx", "cmplx.Abs"),
    ("heap", "container/heap", "heap.Init"),
    ("list", "container/list", "list.New"),
    ("ring", "container/ring", "ring.New"),
    ("unicode", "unicode", "unicode.IsDigit"),
    ("utf8", "unicode/utf8", "utf8.RuneLen"),
    ("slices", "slices", "slices.Clone[[]int]"),
    ("maps", "maps", "maps.Clone[map[int]int]"),
    ("cmp", "cmp", "cmp.Compare[int]"),
    ("bytes", "bytes", "bytes.Equal"),
    ("regexp", "regexp", "regexp.MustCompile"),
    ("fmt", "fmt", "fmt.Sprint"),
    ("errors", "errors", "errors.New"),
    ("time", "time", "time.Now"),
    ("bufio", "bufio", "bufio.NewReader"),
    ("os", "os", "os.Exit"),
    ("sync", "sync", "sync.NewCond"),
    ("atomic", "sync/atomic", "atomic.AddInt64"),
    ("reflect", "reflect", "reflect.DeepEqual"),
    // LeetCode's Go also has github.com/emirpasic/gods (found on the Go path: `paths::go_path`).
    ("arraylist", "github.com/emirpasic/gods/lists/arraylist", "arraylist.New"),
    ("doublylinkedlist", "github.com/emirpasic/gods/lists/doublylinkedlist", "doublylinkedlist.New"),
    ("singlylinkedlist", "github.com/emirpasic/gods/lists/singlylinkedlist", "singlylinkedlist.New"),
    ("hashmap", "github.com/emirpasic/gods/maps/hashmap", "hashmap.New"),
    ("linkedhashmap", "github.com/emirpasic/gods/maps/linkedhashmap", "linkedhashmap.New"),
    ("treemap", "github.com/emirpasic/gods/maps/treemap", "treemap.NewWithIntComparator"),
    ("hashbidimap", "github.com/emirpasic/gods/maps/hashbidimap", "hashbidimap.New"),
    ("treebidimap", "github.com/emirpasic/gods/maps/treebidimap", "treebidimap.NewWithIntComparators"),
    ("hashset", "github.com/emirpasic/gods/sets/hashset", "hashset.New"),
    ("linkedhashset", "github.com/emirpasic/gods/sets/linkedhashset", "linkedhashset.New"),
    ("treeset", "github.com/emirpasic/gods/sets/treeset", "treeset.NewWithIntComparator"),
    ("arraystack", "github.com/emirpasic/gods/stacks/arraystack", "arraystack.New"),
    ("linkedliststack", "github.com/emirpasic/gods/stacks/linkedliststack", "linkedliststack.New"),
    ("avltree", "github.com/emirpasic/gods/trees/avltree", "avltree.NewWithIntComparator"),
    ("binaryheap", "github.com/emirpasic/gods/trees/binaryheap", "binaryheap.NewWithIntComparator"),
    ("btree", "github.com/emirpasic/gods/trees/btree", "btree.NewWithIntComparator"),
    ("redblacktree", "github.com/emirpasic/gods/trees/redblacktree", "redblacktree.NewWithIntComparator"),
    ("arrayqueue", "github.com/emirpasic/gods/queues/arrayqueue", "arrayqueue.New"),
    ("linkedlistqueue", "github.com/emirpasic/gods/queues/linkedlistqueue", "linkedlistqueue.New"),
    ("priorityqueue", "github.com/emirpasic/gods/queues/priorityqueue", "priorityqueue.NewWith"),
    ("circularbuffer", "github.com/emirpasic/gods/queues/circularbuffer", "circularbuffer.New"),
    ("utils", "github.com/emirpasic/gods/utils", "utils.IntComparator"),
];

/// The standard packages the session's first build compiles besides the driver's own (LeetCode
/// solutions' usual imports), so that a problem's build compiles only the user's code.
const WARM: &[&str] = &["sort", "container/heap", "math/bits", "slices", "strings", "strconv", "math"];

/// A top-level `func` of the code.
#[derive(Debug, Clone, PartialEq)]
struct Func {
    name: String,
    /// The receiver's type (`MinStack` for `func (this *MinStack) Push`), for a method.
    receiver: Option<String>,
    params: Vec<String>,
    /// Type parameters: it cannot be passed without instantiation.
    generic: bool,
    /// What follows the parameters, up to the body: the result type.
    returns: String,
    /// Where the declaration starts and its body ends, in the code.
    span: (usize, usize),
}

/// The Go driver for `code`, or why it cannot be driven (a package it imports missing here, too).
pub(super) fn driver(code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    let d = assemble(code, shape, tool)?;
    missing_package(&d.files[0].1, &crate::judge::paths::go_library_dirs())?;
    Ok(d)
}

/// The driver's files and commands, whatever this machine has.
#[cfg_attr(oj_size, optimize(size))]
fn assemble(code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    let blank = skeleton(code);
    let (funcs, names) = declarations(code, &blank);
    let entry = entry(&blank, &funcs, shape)?;
    // `go build`, then the override's words (`OJ_GO="go -gcflags=-B"`), then ours.
    let words = |w: &[&str]| {
        let mut argv = crate::judge::toolchain::with_flags(tool, &["build"]);
        argv.extend(w.iter().map(|s| s.to_string()));
        argv
    };
    let mut shared = words(&["lcdriver"]);
    shared.extend(WARM.iter().map(|s| s.to_string()));
    Ok(Driver {
        fallback: None,
        files: vec![
            ("solution.go".into(), solution(code, &blank, &names)),
            ("main.go".into(), main_go(code, &names, shape, &entry)),
        ],
        compile: words(&["-o", crate::judge::toolchain::EXE, "solution.go", "main.go"]),
        run: vec![format!("{{dir}}/{}", crate::judge::toolchain::EXE)],
        shared: Some(Shared {
            name: "go-driver".into(),
            files: package().into_iter().map(|(f, text)| (format!("src/lcdriver/{f}"), text)).collect(),
            compile: shared,
        }),
    })
}

/// A third-party package the solution imports (`github.com/…`) that no folder of the Go path holds:
/// a sentence naming it and how to install it, where the build would blame the code with a `CE`.
fn missing_package(solution: &str, dirs: &[std::path::PathBuf]) -> Result<(), String> {
    let imported = solution.lines().map(str::trim).filter_map(|l| l.strip_prefix('"')?.strip_suffix('"'));
    let Some(path) = imported
        .filter(|p| p.starts_with("github.com/"))
        .find(|p| !dirs.iter().any(|d| d.join("src").join(p).is_dir()))
    else {
        return Ok(());
    };
    // LeetCode's Go has the standard library and gods, nothing else from github.com.
    let whose = if path.starts_with("github.com/emirpasic/gods/") {
        "which LeetCode's Go provides"
    } else {
        "which LeetCode's Go does not provide either (it has gods and the standard library only)"
    };
    let how = if path.starts_with("github.com/emirpasic/gods/v2/") {
        "gods v2 (its generic API, as in `redblacktree.New[int, int]()`), which Debian does not package: put its \
sources in `$GOPATH/src/github.com/emirpasic/gods/v2`"
    } else if path.starts_with("github.com/emirpasic/gods/") {
        "gods v1: `apt install golang-github-emirpasic-gods-dev`, or its sources in `$GOPATH/src/github.com/emirpasic/gods`"
    } else {
        "its sources under `$GOPATH/src`"
    };
    let looked: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    Err(format!(
        "This code uses the Go package {path}, {whose}, and it is not on the Go path here (looked in: {}): \
install {how}. It was not built, so this says nothing about the code.",
        if looked.is_empty() { "nowhere".into() } else { looked.join(", ") }
    ))
}

/// `solution.go`: the code as the user wrote it, after the package clause and the imports it
/// uses (none that a top-level name of its own would clash with), each kept used.
fn solution(code: &str, blank: &str, names: &[String]) -> String {
    if starts_with_package(blank) {
        return code.to_string();
    }
    let used: Vec<_> =
        IMPORTS.iter().filter(|(name, _, _)| !names.iter().any(|n| n == name) && selects(blank, name)).collect();
    let mut out = String::from("package main\n\nimport (\n");
    let mut uses = String::new();
    for (name, path, use_) in &used {
        // gods' generic API (`redblacktree.New[int, int]()`) is its v2, whose names differ.
        match path.strip_prefix("github.com/emirpasic/gods/") {
            Some(rest) if generic_use(blank, name) => {
                out.push_str(&format!("\t\"github.com/emirpasic/gods/v2/{rest}\"\n"))
            }
            _ => {
                out.push_str(&format!("\t\"{path}\"\n"));
                uses.push_str(&format!("\nvar _ = {use_}"));
            }
        }
    }
    out.push_str(")\n\n//line solution.go:1:1\n");
    out.push_str(code);
    out.push('\n');
    out.push_str(&uses);
    out.push('\n');
    out
}

/// Whether the code instantiates a generic function of package `name` (`name.New[`).
fn generic_use(blank: &str, name: &str) -> bool {
    blank.match_indices(&format!("{name}.")).any(|(i, m)| {
        let rest = &blank[i + m.len()..];
        let f = ident(rest);
        !f.is_empty() && rest[f.len()..].starts_with('[')
    })
}

fn starts_with_package(blank: &str) -> bool {
    blank.trim_start().strip_prefix("package").is_some_and(|r| r.starts_with(char::is_whitespace))
}

/// Whether `name.X` occurs in the code (comments and strings blanked) as a package's selector: an
/// exported name after the dot (`list.val` is a variable's field).
fn selects(blank: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.');
    blank.match_indices(name).any(|(i, _)| {
        let after = blank[i + name.len()..].trim_start().strip_prefix('.').map(str::trim_start);
        !word(blank[..i].chars().next_back()) && after.is_some_and(|a| a.starts_with(char::is_uppercase))
    })
}

/// What `main` calls: the driver's entry and its arguments, as Go.
fn entry(blank: &str, funcs: &[Func], shape: &Shape) -> Result<String, String> {
    let quoted = |xs: &[String]| xs.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(", ");
    let ctor = funcs.iter().find(|f| f.name == "Constructor" && f.receiver.is_none());
    // `MinStack`, `*NestedIterator`, `(_ Trie)`: the last word.
    let class =
        ctor.and_then(|c| c.returns.split(|c: char| !(c.is_alphanumeric() || c == '_')).rfind(|w| !w.is_empty()));
    let class = class.map(str::to_string);
    let methods = |class: &str| -> Vec<&Func> {
        funcs.iter().filter(|f| f.receiver.as_deref() == Some(class) && !f.generic).collect()
    };
    if let Some((name, _)) = &shape.design {
        let (Some(_), Some(class)) = (ctor, class) else {
            return Err(format!(
                "This is a design problem (`{name}`): the Go code needs LeetCode's `func Constructor(…) {name}` and \
the methods on `{name}` (`func (this *{name}) Method(…)`), as LeetCode's Go template has them."
            ));
        };
        let table: Vec<String> =
            methods(&class).iter().map(|m| format!("{:?}: (*{class}).{}", m.name, m.name)).collect();
        return Ok(format!("lcdriver.Design(Constructor, map[string]interface{{}}{{{}}})", table.join(", ")));
    }
    // A method of `class` by its name in any case, as a method expression.
    let find = |class: &str, n: &str| {
        methods(class).iter().find(|m| m.name.eq_ignore_ascii_case(n)).map(|m| format!("(*{class}).{}", m.name))
    };
    // A codec: its two methods that undo each other.
    let codec = |class: &str| {
        [("serialize", "deserialize"), ("encode", "decode")]
            .iter()
            .find_map(|(e, d)| Some((find(class, e)?, find(class, d)?)))
    };
    if let (Some(_), Some(class)) = (ctor, &class) {
        // No design example: an iterator (341, 281), or a codec.
        if let (Some(h), Some(n)) = (find(class, "hasNext"), find(class, "next")) {
            return Ok(format!("lcdriver.Iterate(Constructor, {h}, {n})"));
        }
        if let Some((e, d)) = codec(class) {
            return Ok(format!("lcdriver.Codec(Constructor, {e}, {d})"));
        }
    }
    if ctor.is_none() {
        // 271's template has no `Constructor` (LeetCode writes `var codec Codec`): the zero value.
        let mut receivers = funcs.iter().filter_map(|f| f.receiver.as_deref());
        if let Some((class, (e, d))) = receivers.find_map(|r| Some((r, codec(r)?))) {
            return Ok(format!("lcdriver.Codec(func() *{class} {{ return new({class}) }}, {e}, {d})"));
        }
    }
    let f = choose(blank, funcs, &shape.names).ok_or_else(|| {
        "The Go code has no top-level function to call: give it as LeetCode's Go template has it (`func \
twoSum(nums []int, target int) []int { … }`, no package clause)."
            .to_string()
    })?;
    Ok(format!("lcdriver.Function({}, []string{{{}}})", f.name, quoted(&f.params)))
}

/// The function the example calls: the one whose parameters are the example's names, else a
/// part of them, else as many; among equals, one the rest of the code does not call (helpers are
/// called by it), then the first.
fn choose<'a>(blank: &str, funcs: &'a [Func], names: &[String]) -> Option<&'a Func> {
    let named: Vec<&String> = names.iter().filter(|n| !n.is_empty()).collect();
    let tier = |f: &Func| {
        if !named.is_empty() && f.params.iter().eq(named.iter().copied()) {
            0
        } else if !f.params.is_empty() && f.params.iter().all(|p| named.contains(&p)) {
            1
        } else if f.params.len() == names.len() {
            2
        } else {
            3
        }
    };
    let called = |f: &Func| {
        let call = format!("{}(", f.name);
        blank.match_indices(&call).any(|(i, _)| {
            let before = blank[..i].chars().next_back();
            (i < f.span.0 || i > f.span.1) && !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
        })
    };
    funcs
        .iter()
        .filter(|f| f.receiver.is_none() && !f.generic && !["main", "init", "Constructor"].contains(&f.name.as_str()))
        .min_by_key(|f| (tier(f), called(f)))
}

/// `main.go`: LeetCode's node types and hidden APIs the code uses but does not define, and the
/// call to the driver.
fn main_go(code: &str, names: &[String], shape: &Shape, entry: &str) -> String {
    let defined = |n: &str| names.iter().any(|x| x == n);
    let mut out = String::from("package main\n\nimport \"lcdriver\"\n\n");
    if !defined("ListNode") {
        out.push_str("type ListNode struct {\n\tVal  int\n\tNext *ListNode\n}\n\n");
    }
    if !defined("TreeNode") {
        out.push_str("type TreeNode struct {\n\tVal   int\n\tLeft  *TreeNode\n\tRight *TreeNode\n}\n\n");
    }
    if !defined("Node")
        && let Some(fields) = node_fields(shape.extras.node)
    {
        out.push_str(&format!("type Node struct {{\n{fields}}}\n\n"));
    }
    if !defined("PolyNode") && shape.extras.node == Some(NodeKind::Poly) {
        out.push_str("type PolyNode struct {\n\tCoefficient, Power int\n\tNext *PolyNode\n}\n\n");
    }
    if !defined("Interval") && code.contains("type Interval struct") {
        // 759's `Interval`, defined in the template's comment.
        out.push_str("type Interval struct {\n\tStart int\n\tEnd   int\n}\n\n");
    }
    if !defined("NestedInteger") && shape.extras.nested {
        out.push_str("type NestedInteger = lcdriver.NestedInteger\n\n");
    }
    let api = shape.extras.api.map(|(name, _)| name);
    out.push_str(match api {
        Some("isBadVersion") => "func isBadVersion(version int) bool { return version >= lcdriver.API() }\n\n",
        Some("guess") => {
            "func guess(num int) int {\n\tpick := lcdriver.API()\n\tif num > pick {\n\t\treturn -1\n\t}\n\
\tif num < pick {\n\t\treturn 1\n\t}\n\treturn 0\n}\n\n"
        }
        Some("MountainArray") if !defined("MountainArray") => {
            "type MountainArray struct{ a []int }\n\n\
func (m *MountainArray) get(i int) int { return m.a[i] }\nfunc (m *MountainArray) length() int { return len(m.a) }\n\
func (m *MountainArray) Get(i int) int { return m.a[i] }\nfunc (m *MountainArray) Length() int { return len(m.a) }\n\n\
func init() { lcdriver.Make(func(a []int) *MountainArray { return &MountainArray{a} }) }\n\n"
        }
        _ => "",
    });
    if !defined("Iterator") && shape.design.as_ref().is_some_and(|(c, _)| c == "PeekingIterator") {
        out.push_str(ITERATOR);
    }
    out.push_str(&format!("func main() {{\n\tlcdriver.Many(func() {{ {entry} }})\n}}\n"));
    out
}

/// LeetCode's Iterator over a list (284's constructor argument), in both spellings.
const ITERATOR: &str = "type Iterator struct {\n\ta []int\n\ti int\n}\n\n\
func (this *Iterator) hasNext() bool { return this.i < len(this.a) }\n\
func (this *Iterator) next() int { this.i++; return this.a[this.i-1] }\n\
func (this *Iterator) HasNext() bool { return this.hasNext() }\nfunc (this *Iterator) Next() int { return this.next() }\n\n\
func init() { lcdriver.Make(func(a []int) *Iterator { return &Iterator{a: a} }) }\n\n";

/// The fields of `Node` as LeetCode's Go template defines it for the kind the judge decided
/// (`node::decide`); `None` without a kind.
fn node_fields(kind: Option<NodeKind>) -> Option<String> {
    let fields = match kind? {
        NodeKind::Nary => "Val int\nChildren []*Node",
        NodeKind::Graph => "Val int\nNeighbors []*Node",
        NodeKind::Random => "Val int\nNext *Node\nRandom *Node",
        NodeKind::Next => "Val int\nLeft *Node\nRight *Node\nNext *Node",
        NodeKind::Parent => "Val int\nLeft *Node\nRight *Node\nParent *Node",
        NodeKind::Tree | NodeKind::Ring => "Val int\nLeft *Node\nRight *Node",
        NodeKind::Quad => "Val bool\nIsLeaf bool\nTopLeft *Node\nTopRight *Node\nBottomLeft *Node\nBottomRight *Node",
        NodeKind::Doubly => "Val int\nPrev *Node\nNext *Node",
        NodeKind::Multilevel => "Val int\nPrev *Node\nNext *Node\nChild *Node",
        NodeKind::List | NodeKind::Circular => "Val int\nNext *Node",
        NodeKind::Poly => return None,
    };
    Some(fields.lines().map(|l| format!("\t{l}\n")).collect())
}

/// The code with comments, strings and characters blanked (spaces, newlines kept; quotes stay,
/// `'a'` is still a value where it was): the one scanner's Go rules (`leetcode::source`).
fn skeleton(code: &str) -> String {
    super::source::code(code, &super::source::GO)
}

/// The top-level functions and every top-level name (types, functions, variables, constants,
/// and the packages the code imports itself).
fn declarations(code: &str, blank: &str) -> (Vec<Func>, Vec<String>) {
    let b = blank.as_bytes();
    let (mut funcs, mut names) = (Vec::new(), Vec::new());
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            _ if depth == 0 && starts_word(blank, i) => {
                let word = ident(&blank[i..]);
                match word {
                    "func" => {
                        if let Some(f) = func_at(blank, i) {
                            names.push(f.name.clone());
                            i = f.span.1;
                            funcs.push(f);
                            continue;
                        }
                    }
                    "type" | "var" | "const" => names.extend(declared(&blank[i + word.len()..])),
                    "import" => names.extend(imported(&code[i + word.len()..], &blank[i + word.len()..])),
                    _ => {}
                }
                i += word.len().max(1);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (funcs, names)
}

fn starts_word(s: &str, i: usize) -> bool {
    let before = s[..i].chars().next_back();
    s[i..].starts_with(|c: char| c.is_alphabetic() || c == '_')
        && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The identifier at the start of `s`.
fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The names a `type`, `var` or `const` declaration (after the keyword) declares: one, several
/// (`a, b int`), or a parenthesised group's, one line each.
fn declared(s: &str) -> Vec<String> {
    let s = s.trim_start();
    let lines = |t: &str| -> Vec<String> {
        let head = t.split(['=', ';']).next().unwrap_or("");
        let names = head.split(',').map(|p| ident(p.trim()).to_string());
        // `a, b int`: every part but the last is a name; the last part's first word is one too.
        names.filter(|n| !n.is_empty()).collect()
    };
    match s.strip_prefix('(') {
        Some(group) => {
            let end = matching(group, 0).unwrap_or(group.len());
            group[..end].lines().flat_map(lines).collect()
        }
        None => lines(s.lines().next().unwrap_or("")),
    }
}

/// The names an `import` declaration (after the keyword; `blank` is the same text blanked) binds:
/// each alias, else the path's last element (`…/gods/v2/trees/redblacktree`: `redblacktree`).
fn imported(code: &str, blank: &str) -> Vec<String> {
    let t = blank.trim_start();
    let start = blank.len() - t.len();
    let end = match t.strip_prefix('(') {
        Some(group) => start + 1 + matching(group, 0).unwrap_or(group.len()),
        None => start + t.find('\n').unwrap_or(t.len()),
    };
    let mut names = Vec::new();
    for spec in code[start..end].trim_start_matches('(').split([';', '\n']) {
        let spec = spec.trim();
        let Some(q) = spec.find(['"', '`']) else { continue };
        let alias = spec[..q].trim();
        let path = spec[q + 1..].trim_end_matches(['"', '`']);
        let last = path.rsplit('/').find(|e| !(e.starts_with('v') && e[1..].parse::<u32>().is_ok()));
        match alias {
            "" => names.extend(last.map(str::to_string)),
            "_" | "." => {}
            a => names.push(a.to_string()),
        }
    }
    names
}

/// The offset in `s` of the bracket closing one opened before `s`, with `depth` more open.
fn matching(s: &str, mut depth: usize) -> Option<usize> {
    for (i, c) in s.bytes().enumerate() {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => return Some(i),
            b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The `func` declaration at `at` (the keyword): `None` if it is not one (a func type's `func`).
fn func_at(blank: &str, at: usize) -> Option<Func> {
    let mut i = at + 4;
    let skip = |i: usize| i + blank[i..].len() - blank[i..].trim_start().len();
    i = skip(i);
    let mut receiver = None;
    if blank[i..].starts_with('(') {
        let end = i + 1 + matching(&blank[i + 1..], 0)?;
        let words = blank[i + 1..end].replace('*', " ");
        let ty = words.split_whitespace().last()?;
        receiver = Some(ident(ty).to_string());
        i = skip(end + 1);
    }
    let name = ident(&blank[i..]).to_string();
    if name.is_empty() {
        return None;
    }
    i += name.len();
    let generic = blank[i..].starts_with('[');
    if generic {
        i += 1 + matching(&blank[i + 1..], 0)? + 1;
    }
    if !blank[i..].starts_with('(') {
        return None;
    }
    let close = i + 1 + matching(&blank[i + 1..], 0)?;
    let params = params(&blank[i + 1..close]);
    let body = close + 1 + body_at(&blank[close + 1..])?;
    let returns = blank[close + 1..body].trim().to_string();
    let end = body + 1 + matching(&blank[body + 1..], 0)? + 1;
    Some(Func { name, receiver, params, generic, returns, span: (at, end) })
}

/// The offset of a function's body in what follows its parameters: the first `{` that does not
/// open a `struct{…}` or `interface{…}` result type.
fn body_at(s: &str) -> Option<usize> {
    let mut from = 0;
    loop {
        let at = from + s[from..].find('{')?;
        let before = s[..at].trim_end();
        if !(before.ends_with("struct") || before.ends_with("interface")) {
            return Some(at);
        }
        from = at + 1 + matching(&s[at + 1..], 0)? + 1;
    }
}

/// The parameter names of a parameter list: `a, b int, c []string` gives a, b, c.
fn params(list: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in list.bytes().enumerate() {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                parts.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&list[start..]);
    parts.iter().map(|p| ident(p.trim()).to_string()).filter(|n| !n.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::leetcode::kind::Extras;

    fn shape(names: &[&str]) -> Shape {
        Shape { names: names.iter().map(|s| s.to_string()).collect(), ..Shape::default() }
    }

    fn files(code: &str, shape: &Shape) -> (String, String) {
        let d = assemble(code, shape, &["go".into()]).unwrap();
        (d.files[0].1.clone(), d.files[1].1.clone())
    }

    #[test]
    fn a_third_party_package_not_on_the_go_path_is_named_not_a_compile_error() {
        let dir = std::env::temp_dir().join(format!("oj-go-path-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src/github.com/emirpasic/gods/trees/redblacktree")).unwrap();
        let dirs = [dir.clone()];
        let v1 = "package main\n\nimport (\n\t\"sort\"\n\t\"github.com/emirpasic/gods/trees/redblacktree\"\n)\n";
        assert_eq!(missing_package(v1, &dirs), Ok(()));
        let v2 = v1.replace("gods/trees", "gods/v2/trees");
        let err = missing_package(&v2, &dirs).unwrap_err();
        assert!(err.contains("github.com/emirpasic/gods/v2/trees/redblacktree") && err.contains("gods v2"), "{err}");
        assert!(err.contains(&dir.display().to_string()) && err.contains("says nothing about the code"), "{err}");
        let err = missing_package(v1, &[]).unwrap_err();
        assert!(err.contains("golang-github-emirpasic-gods-dev") && err.contains("nowhere"), "{err}");
        assert!(err.contains("which LeetCode's Go provides"), "{err}");
        // Another github.com package: LeetCode has none but gods, which the sentence says.
        let other = "package main\n\nimport (\n\t\"github.com/someone/helpers\"\n)\n";
        let err = missing_package(other, &dirs).unwrap_err();
        assert!(err.contains("does not provide either") && err.contains("github.com/someone/helpers"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn signatures_read_for_names() {
        let code = "// func fake(a int) {}\nfunc dfs(root *TreeNode, d int) int {\n\treturn d\n}\n\n\
func maxDepth(root *TreeNode) (ans int) {\n\ts := \"func x(\"\n\t_ = s\n\treturn dfs(root, 1)\n}\n\
func (h *hp) Push(v any) { *h = append(*h, v.(int)) }\nfunc max2[T cmp.Ordered](a, b T) T { return a }\n\
type hp []int\nvar (\n\tmod = 7\n\tdirs, n = 1, 2\n)\n";
        let (funcs, names) = declarations(code, &skeleton(code));
        let got: Vec<_> = funcs.iter().map(|f| (f.name.as_str(), f.receiver.as_deref(), f.generic)).collect();
        assert_eq!(
            got,
            [("dfs", None, false), ("maxDepth", None, false), ("Push", Some("hp"), false), ("max2", None, true)]
        );
        assert_eq!(funcs[0].params, ["root", "d"]);
        assert_eq!(funcs[1].returns, "(ans int)");
        for n in ["hp", "mod", "dirs", "n", "maxDepth"] {
            assert!(names.contains(&n.to_string()), "{n}: {names:?}");
        }
        assert_eq!(params("a, b int, f func(int, int) bool, xs ...[]string"), ["a", "b", "f", "xs"]);
        // The function the example calls: by its names, and not the helper it calls.
        let blank = skeleton(code);
        assert_eq!(choose(&blank, &funcs, &["root".into()]).unwrap().name, "maxDepth");
        assert_eq!(choose(&blank, &funcs, &["root".into(), "d".into()]).unwrap().name, "dfs");
        assert_eq!(choose(&blank, &funcs, &[String::new()]).unwrap().name, "maxDepth");
    }

    #[test]
    fn the_solution_file_imports_what_the_code_uses() {
        let code = "func f(a []int) int {\n\tsort.Ints(a)\n\tlist := T{}\n\t_ = list.val\n\t// strings.Split\n\t\
h := &hp{}\n\theap.Push(h, 1)\n\treturn bits.OnesCount(uint(a[0])) + redblacktree.New().Size()\n}\nfunc max(a, b int) int { return a }\n";
        let (solution, main) = files(code, &shape(&["a"]));
        assert!(
            solution.starts_with("package main\n\nimport (\n\t\"sort\"\n\t\"math/bits\"\n\t\"container/heap\"\n"),
            "{solution}"
        );
        assert!(solution.contains("\"github.com/emirpasic/gods/trees/redblacktree\""), "{solution}");
        assert!(!solution.contains("\"strings\"") && !solution.contains("container/list"), "{solution}");
        assert!(solution.contains(")\n\n//line solution.go:1:1\nfunc f(") && solution.contains("var _ = heap.Init"));
        assert!(
            main.contains("lcdriver.Function(f, []string{\"a\"})") && main.contains("type ListNode struct"),
            "{main}"
        );
        // A package clause of its own: the code is left as it is.
        let (solution, _) = files("package main\n\nfunc f(a int) int { return a }\n", &shape(&["a"]));
        assert_eq!(solution, "package main\n\nfunc f(a int) int { return a }\n");
    }

    #[test]
    fn design_iterators_nodes_and_apis_in_main() {
        let code = "type MinStack struct{ s []int }\nfunc Constructor() MinStack { return MinStack{} }\n\
func (this *MinStack) Push(val int) {}\nfunc (this *MinStack) GetMin() int { return 0 }\n";
        let design =
            Shape { design: Some(("MinStack".into(), vec!["MinStack".into(), "push".into()])), ..Shape::default() };
        let (_, main) = files(code, &design);
        assert!(main.contains("lcdriver.Design(Constructor, map[string]interface{}{\"Push\": (*MinStack).Push, \"GetMin\": (*MinStack).GetMin})"), "{main}");
        let err = driver("func f() {}", &design, &["go".into()]).unwrap_err();
        assert!(err.contains("func Constructor"), "{err}");
        let iter = "type NestedIterator struct{}\nfunc Constructor(nestedList []*NestedInteger) *NestedIterator { return nil }\n\
func (this *NestedIterator) Next() int { return 0 }\nfunc (this *NestedIterator) HasNext() bool { return false }\n";
        let mut nested = shape(&["nestedList"]);
        nested.extras = Extras { nested: true, ..Extras::default() };
        let (_, main) = files(iter, &nested);
        assert!(
            main.contains("lcdriver.Iterate(Constructor, (*NestedIterator).HasNext, (*NestedIterator).Next)"),
            "{main}"
        );
        assert!(main.contains("type NestedInteger = lcdriver.NestedInteger"), "{main}");
        let nary = "/**\n * type Node struct {\n *     Val int\n *     Children []*Node\n * }\n */\nfunc maxDepth(root *Node) int { return 0 }\n";
        // The fields of the kind the judge decided (`node::decide` reads the comment's).
        let mut tree = shape(&["root"]);
        tree.extras = Extras { node: crate::judge::leetcode::node::decide("", nary), ..Extras::default() };
        let (_, main) = files(nary, &tree);
        assert!(main.contains("type Node struct {\n\tVal int\n\tChildren []*Node\n}"), "{main}");
        let mut bad = shape(&["n", "bad"]);
        bad.extras = Extras { api: Some(("isBadVersion", "bad")), ..Extras::default() };
        let (_, main) = files("func firstBadVersion(n int) int { return n }", &bad);
        assert!(main.contains("func isBadVersion(version int) bool"), "{main}");
        let (_, main) = files("type ListNode struct{ Val int }\nfunc f(n int) int { return n }", &shape(&["n"]));
        assert!(!main.contains("type ListNode") && main.contains("type TreeNode"), "{main}");
    }
}
