//! The Go driver: the user's top-level LeetCode code (no package clause, no imports) in
//! `solution.go` after `package main`, the imports it uses and a `//line` directive (compiler
//! messages name the user's lines); a generated `main.go` with LeetCode's node types and hidden
//! APIs that passes the function (or the Constructor and the method expressions) to the driver
//! package `lcdriver` (`go/*.go`), built once per session into a Go path of its own, which
//! converts by reflect and prints. The signature is read here only for names: which function,
//! which methods, which parameter names.

use super::driver::{Driver, Shape, Shared};
use super::kind::NodeClass;

/// The driver package's files, under `src/lcdriver/` of the session's Go path.
const PACKAGE: [(&str, &str); 5] = [
    ("call.go", include_str!("go/call.go")),
    ("convert.go", include_str!("go/convert.go")),
    ("nodes.go", include_str!("go/nodes.go")),
    ("nested.go", include_str!("go/nested.go")),
    ("show.go", include_str!("go/show.go")),
];

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

/// The Go driver for `code`, or why it cannot be driven.
pub(super) fn driver(code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    let blank = skeleton(code);
    let (funcs, names) = declarations(&blank);
    let entry = entry(&blank, &funcs, shape)?;
    let words = |w: &[&str]| tool.iter().cloned().chain(w.iter().map(|s| s.to_string())).collect::<Vec<_>>();
    let mut shared = words(&["build", "lcdriver"]);
    shared.extend(WARM.iter().map(|s| s.to_string()));
    Ok(Driver {
        files: vec![
            ("solution.go".into(), solution(code, &blank, &names)),
            ("main.go".into(), main_go(code, &names, shape, &entry)),
        ],
        compile: words(&["build", "-o", crate::judge::lang::EXE, "solution.go", "main.go"]),
        run: vec![format!("{{dir}}/{}", crate::judge::lang::EXE)],
        shared: Some(Shared {
            name: "go-driver".into(),
            files: PACKAGE.iter().map(|(f, text)| (format!("src/lcdriver/{f}"), text.to_string())).collect(),
            compile: shared,
        }),
    })
}

/// `solution.go`: the code as the user wrote it, after the package clause and the imports it
/// uses (none that a top-level name of its own would clash with), each kept used.
fn solution(code: &str, blank: &str, names: &[String]) -> String {
    if starts_with_package(blank) {
        return code.to_string();
    }
    let used: Vec<_> = IMPORTS
        .iter()
        .filter(|(name, _, _)| !names.iter().any(|n| n == name) && selects(blank, name))
        .collect();
    let mut out = String::from("package main\n\nimport (\n");
    for (_, path, _) in &used {
        out.push_str(&format!("\t\"{path}\"\n"));
    }
    out.push_str(")\n\n//line solution.go:1:1\n");
    out.push_str(code);
    out.push('\n');
    for (_, _, use_) in &used {
        out.push_str(&format!("\nvar _ = {use_}"));
    }
    out.push('\n');
    out
}

fn starts_with_package(blank: &str) -> bool {
    blank.trim_start().strip_prefix("package").is_some_and(|r| r.starts_with(char::is_whitespace))
}

/// Whether `name.` occurs in the code (comments and strings blanked) as a package's selector.
fn selects(blank: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.');
    blank.match_indices(name).any(|(i, _)| {
        !word(blank[..i].chars().next_back()) && blank[i + name.len()..].trim_start().starts_with('.')
    })
}

/// What `main` calls: the driver's entry and its arguments, as Go.
fn entry(blank: &str, funcs: &[Func], shape: &Shape) -> Result<String, String> {
    let quoted = |xs: &[String]| xs.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(", ");
    let ctor = funcs.iter().find(|f| f.name == "Constructor" && f.receiver.is_none());
    let class = ctor.map(|c| c.returns.trim().trim_start_matches('*').trim().to_string());
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
    if let (Some(_), Some(class)) = (ctor, &class) {
        // No design example: 341's iterator, or a codec whose two methods undo each other.
        let ms = methods(class);
        let find = |n: &str| ms.iter().find(|m| m.name.eq_ignore_ascii_case(n)).map(|m| format!("(*{class}).{}", m.name));
        if let (Some(h), Some(n)) = (find("hasNext"), find("next")) {
            return Ok(format!("lcdriver.Iterate(Constructor, {h}, {n})"));
        }
        for (e, d) in [("serialize", "deserialize"), ("encode", "decode")] {
            if let (Some(e), Some(d)) = (find(e), find(d)) {
                return Ok(format!("lcdriver.Codec(Constructor, {e}, {d})"));
            }
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
        && let Some(fields) = node_fields(code, shape.extras.node)
    {
        out.push_str(&format!("type Node struct {{\n{fields}}}\n\n"));
    }
    if !defined("NestedInteger") && shape.extras.nested {
        out.push_str("type NestedInteger = lcdriver.NestedInteger\n\n");
    }
    let api = shape.extras.api.map(|(name, _)| name);
    out.push_str(match api {
        Some("isBadVersion") => "func isBadVersion(version int) bool { return version >= lcdriver.API() }\n\n",
        Some("guess") => "func guess(num int) int {\n\tpick := lcdriver.API()\n\tif num > pick {\n\t\treturn -1\n\t}\n\
\tif num < pick {\n\t\treturn 1\n\t}\n\treturn 0\n}\n\n",
        Some("MountainArray") if !defined("MountainArray") => "type MountainArray struct{ a []int }\n\n\
func (m *MountainArray) get(i int) int { return m.a[i] }\nfunc (m *MountainArray) length() int { return len(m.a) }\n\
func (m *MountainArray) Get(i int) int { return m.a[i] }\nfunc (m *MountainArray) Length() int { return len(m.a) }\n\n\
func init() { lcdriver.Make(func(a []int) *MountainArray { return &MountainArray{a} }) }\n\n",
        _ => "",
    });
    if !defined("Iterator") && shape.design.as_ref().is_some_and(|(c, _)| c == "PeekingIterator") {
        out.push_str(ITERATOR);
    }
    out.push_str(&format!("func main() {{\n\t{entry}\n}}\n"));
    out
}

/// LeetCode's Iterator over a list (284's constructor argument), in both spellings.
const ITERATOR: &str = "type Iterator struct {\n\ta []int\n\ti int\n}\n\n\
func (this *Iterator) hasNext() bool { return this.i < len(this.a) }\n\
func (this *Iterator) next() int { this.i++; return this.a[this.i-1] }\n\
func (this *Iterator) HasNext() bool { return this.hasNext() }\nfunc (this *Iterator) Next() int { return this.next() }\n\n\
func init() { lcdriver.Make(func(a []int) *Iterator { return &Iterator{a: a} }) }\n\n";

/// The fields of `Node`: as the template's comment defines it (`type Node struct { … }`), else
/// LeetCode's for the kind the judge read; `None` when the code uses no `Node`.
fn node_fields(code: &str, kind: Option<NodeClass>) -> Option<String> {
    if let Some(at) = code.find("type Node struct") {
        let body = &code[at..];
        let end = body.find('}')?;
        let fields: String = body[..end]
            .lines()
            .skip(1)
            .map(|l| l.trim().trim_start_matches(['*', '/']).trim())
            .filter(|l| !l.is_empty())
            .map(|l| format!("\t{l}\n"))
            .collect();
        return Some(fields);
    }
    let fields = match kind? {
        NodeClass::Nary => "Val int\nChildren []*Node",
        NodeClass::Graph => "Val int\nNeighbors []*Node",
        NodeClass::Random => "Val int\nNext *Node\nRandom *Node",
        NodeClass::Next => "Val int\nLeft *Node\nRight *Node\nNext *Node",
    };
    Some(fields.lines().map(|l| format!("\t{l}\n")).collect())
}

/// The code with comments, strings and characters blanked (spaces, newlines kept): byte offsets
/// are the code's, and what remains is only code.
fn skeleton(code: &str) -> String {
    let b = code.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        let end = match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => code[i..].find('\n').map_or(b.len(), |e| i + e),
            b'/' if b.get(i + 1) == Some(&b'*') => code[i + 2..].find("*/").map_or(b.len(), |e| i + e + 4),
            b'`' => code[i + 1..].find('`').map_or(b.len(), |e| i + e + 2),
            q @ (b'"' | b'\'') => {
                let mut j = i + 1;
                while j < b.len() && b[j] != q && b[j] != b'\n' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                j + 1
            }
            _ => {
                i += 1;
                continue;
            }
        };
        // Quotes stay: `'a'` is still a value where it was.
        let keep = matches!(b[i], b'"' | b'\'' | b'`');
        blank(&mut out, if keep { i + 1 } else { i }, if keep { end.saturating_sub(1) } else { end });
        i = end;
    }
    // Only ASCII bytes were blanked, each whole character of a comment or string: still UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// The top-level functions and every top-level name (types, functions, variables, constants).
fn declarations(blank: &str) -> (Vec<Func>, Vec<String>) {
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
    s[i..].starts_with(|c: char| c.is_alphabetic() || c == '_') && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
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
mod tests;
