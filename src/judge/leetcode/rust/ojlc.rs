//! The Rust driver library of oj-mcp-rs's LeetCode judge, compiled once per session into an
//! rlib (`libojlc.rlib`) that each problem's program links (`--extern ojlc`): a small JSON reader
//! and writer, the types LeetCode's Rust environment defines (`NestedInteger`, `MountainArray`,
//! `guess`, the data behind `isBadVersion` and `knows`; `ListNode` and `TreeNode` through
//! traits, since the program defines them itself), the
//! conversions from the call's JSON to the parameters' types (`FromJson`) and from the result
//! back (`ToJson`), and the call itself (arguments by name or by position, a design problem's
//! calls one by one). The program's `main` is generated per problem from the user's signatures
//! (`leetcode/rust.rs` in the server). std only: LeetCode's programs have no serde either.
#![allow(non_snake_case, clippy::all)]

use std::any::Any;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering::Relaxed};
use std::sync::Mutex;

/// What LeetCode defines around the user's code that the program takes from here, glob-imported
/// (the user's own definitions of the same names win over a glob). `ListNode` and `TreeNode` are
/// the program's own (a solution may implement `Ord` for them), converted through [`ListLike`]
/// and [`TreeLike`].
pub mod lc {
    pub use super::{guess, MountainArray, NestedInteger};
}

// ---- LeetCode's types, as its templates' comments show them ----

/// What the library needs of the program's `ListNode`.
pub trait ListLike: Sized {
    fn make(val: i32, next: Option<Box<Self>>) -> Self;
    fn val(&self) -> i32;
    fn next(&self) -> Option<&Self>;
}

/// What the library needs of the program's `TreeNode`.
pub trait TreeLike: Sized + 'static {
    fn make(val: i32) -> Self;
    fn val(&self) -> i32;
    fn kids(&self) -> [Option<Rc<RefCell<Self>>>; 2];
    fn set_kids(&mut self, left: Option<Rc<RefCell<Self>>>, right: Option<Rc<RefCell<Self>>>);
}

#[derive(Debug, PartialEq, Eq)]
pub enum NestedInteger {
    Int(i32),
    List(Vec<NestedInteger>),
}

/// 1095's hidden array, built from the example's `mountainArr`.
pub struct MountainArray {
    data: Vec<i32>,
}

impl MountainArray {
    pub fn get(&self, index: i32) -> i32 {
        self.data[index as usize]
    }
    pub fn length(&self) -> i32 {
        self.data.len() as i32
    }
}

/// The hidden APIs' data, from the call's `api` argument.
static PICK: AtomicI64 = AtomicI64::new(0);
static BAD: AtomicI64 = AtomicI64::new(0);
static KNOWS: Mutex<Vec<Vec<i32>>> = Mutex::new(Vec::new());
/// The expected answer is one value: a returned node is shown as its `val`.
/// Under `--many` ([`many`]): the call being made (its line) and its result's prefix ("N ").
static LINE: Mutex<(String, String)> = Mutex::new((String::new(), String::new()));

/// The program's `main`: `one` call, or with `--many MS` one per line of stdin, as python.py's
/// `many` (docs/stress.md): each result printed as "N RESULT", statics kept between calls (as on
/// LeetCode); a call past MS (the first counting the start) or a panic ends the driver with a
/// failure, and the judge runs that testcase again alone.
pub fn many(one: fn()) {
    use std::time::{Duration, Instant};
    let (started, a) = (Instant::now(), std::env::args().collect::<Vec<_>>());
    let n = a.len();
    if n < 3 || a[n - 2] != "--many" {
        return one();
    }
    let limit = Duration::from_millis(a[n - 1].parse().unwrap_or(0));
    let mut all = String::new();
    let _ = std::io::stdin().read_to_string(&mut all);
    let (tx, rx) = std::sync::mpsc::channel::<Duration>();
    // A call's time allowed, then a word when it is done: none in time ends the driver.
    std::thread::spawn(move || {
        while let Ok(d) = rx.recv() {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(d) {
                std::process::exit(1);
            }
        }
    });
    for (i, line) in all.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let begin = Instant::now();
        let spent = if i == 0 { begin - started } else { Duration::ZERO };
        let _ = tx.send(limit.saturating_sub(spent));
        *LINE.lock().unwrap_or_else(|e| e.into_inner()) = (line.to_string(), format!("{i} "));
        one();
        let _ = tx.send(Duration::ZERO);
        if begin.elapsed() + spent > limit {
            std::process::exit(1);
        }
    }
}

static VALUE: AtomicBool = AtomicBool::new(false);

/// 374's API: -1 if `num` is higher than the picked number, 1 if lower, else 0.
pub unsafe fn guess(num: i32) -> i32 {
    let pick = PICK.load(Relaxed);
    (pick - num as i64).signum() as i32
}

/// The data behind `self.isBadVersion` (278) and `self.knows` (277), which the program defines
/// on `Solution`.
pub mod api {
    pub fn is_bad_version(version: i32) -> bool {
        version as i64 >= super::BAD.load(super::Relaxed)
    }
    pub fn knows(a: i32, b: i32) -> bool {
        let g = super::KNOWS.lock().unwrap_or_else(|e| e.into_inner());
        g.get(a as usize).and_then(|r| r.get(b as usize)).is_some_and(|&x| x != 0)
    }
}

// ---- JSON ----

/// A JSON value; a number keeps its text (an i64 and a double read exactly).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Json {
    #[default]
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn parse(text: &str) -> Json {
        let mut p = Parser { b: text.as_bytes(), i: 0 };
        p.value()
    }

    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn items(&self) -> &[Json] {
        match self {
            Json::Arr(a) => a,
            _ => &[],
        }
    }

    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => "",
        }
    }

    fn int(&self) -> i64 {
        match self {
            Json::Num(t) => t.parse().unwrap_or_else(|_| t.parse::<f64>().map_or(0, |f| f as i64)),
            Json::Bool(b) => *b as i64,
            Json::Str(s) => s.trim().parse().unwrap_or_else(|_| fail("a number", self)),
            // An integer given a list: its length (277's `n` is the graph's size).
            Json::Arr(a) => a.len() as i64,
            _ => fail("a number", self),
        }
    }

    fn float(&self) -> f64 {
        match self {
            Json::Num(t) => t.parse().unwrap_or(0.0),
            Json::Str(s) => s.trim().parse().unwrap_or_else(|_| fail("a number", self)),
            _ => self.int() as f64,
        }
    }

    pub fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Num(t) => out.push_str(t),
            Json::Str(s) => quote(s, out),
            Json::Arr(a) => {
                out.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Json::Obj(kv) => {
                out.push('{');
                for (i, (k, v)) in kv.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    quote(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

fn quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn value(&mut self) -> Json {
        self.ws();
        let Some(&c) = self.b.get(self.i) else { return Json::Null };
        match c {
            b'{' => {
                self.i += 1;
                let mut kv = Vec::new();
                loop {
                    self.ws();
                    match self.b.get(self.i) {
                        Some(b'"') => {
                            let k = self.string();
                            self.ws();
                            self.i += 1; // ':'
                            kv.push((k, self.value()));
                        }
                        Some(b',') => self.i += 1,
                        _ => {
                            self.i += 1;
                            return Json::Obj(kv);
                        }
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut a = Vec::new();
                loop {
                    self.ws();
                    match self.b.get(self.i) {
                        Some(b']') | None => {
                            self.i += 1;
                            return Json::Arr(a);
                        }
                        Some(b',') => self.i += 1,
                        _ => a.push(self.value()),
                    }
                }
            }
            b'"' => Json::Str(self.string()),
            b't' | b'f' | b'n' => {
                let word = self.b[self.i..].iter().take_while(|c| c.is_ascii_alphabetic()).count();
                let w = &self.b[self.i..self.i + word];
                self.i += word;
                match w {
                    b"true" => Json::Bool(true),
                    b"false" => Json::Bool(false),
                    _ => Json::Null,
                }
            }
            _ => {
                let n = self.b[self.i..].iter().take_while(|c| b"+-.eE0123456789".contains(c)).count().max(1);
                let t = String::from_utf8_lossy(&self.b[self.i..self.i + n]).into_owned();
                self.i += n;
                Json::Num(t)
            }
        }
    }

    fn string(&mut self) -> String {
        self.i += 1;
        let mut out: Vec<u8> = Vec::new();
        while let Some(&c) = self.b.get(self.i) {
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.b.get(self.i).copied().unwrap_or(b'\\');
                    self.i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let mut code = self.hex4();
                            if (0xd800..0xdc00).contains(&code) && self.b.get(self.i) == Some(&b'\\') {
                                self.i += 2;
                                code = 0x10000 + ((code - 0xd800) << 10) + (self.hex4().wrapping_sub(0xdc00) & 0x3ff);
                            }
                            let ch = char::from_u32(code).unwrap_or('\u{fffd}');
                            out.extend_from_slice(ch.to_string().as_bytes());
                        }
                        other => out.push(other),
                    }
                }
                c => out.push(c),
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    fn hex4(&mut self) -> u32 {
        let end = (self.i + 4).min(self.b.len());
        let h = std::str::from_utf8(&self.b[self.i..end]).ok().and_then(|h| u32::from_str_radix(h, 16).ok());
        self.i = end;
        h.unwrap_or(0xfffd)
    }
}

fn fail(what: &str, v: &Json) -> ! {
    let mut s = String::new();
    v.write(&mut s);
    panic!("driver: {s} cannot be read as {what}")
}

// ---- The call ----

/// Lower case without underscores: `getMin`, `get_min` and `nestedList`, `nested_list` meet.
fn norm(s: &str) -> String {
    s.chars().filter(|&c| c != '_').flat_map(char::to_lowercase).collect()
}

/// The call being made: its arguments (in the parameters' order), the trees built (a node
/// given by its value is found in them), a design problem's answers.
pub struct Cx {
    call: Json,
    args: Vec<Json>,
    /// The roots of the trees built (`Rc<RefCell<T>>` of the program's `TreeNode`).
    trees: Vec<Rc<dyn Any>>,
    /// Trees built before any conversion, by parameter (a node given by value may come first).
    pre: Vec<Option<Option<Rc<dyn Any>>>>,
    current: Option<usize>,
    /// The parameters' names, as `norm` makes them.
    params: Vec<String>,
    out: Vec<Json>,
}

impl Cx {
    /// Reads the call (one JSON document on stdin) and sets the hidden APIs' data.
    pub fn read() -> Cx {
        let mut text = std::mem::take(&mut LINE.lock().unwrap_or_else(|e| e.into_inner()).0);
        if text.is_empty() {
            let _ = std::io::stdin().read_to_string(&mut text);
        }
        let call = Json::parse(&text);
        VALUE.store(call.get("returns").is_some_and(|r| r.str() == "value"), Relaxed);
        let mut cx = Cx {
            call,
            args: Vec::new(),
            trees: Vec::new(),
            pre: Vec::new(),
            current: None,
            params: Vec::new(),
            out: Vec::new(),
        };
        cx.api();
        cx
    }

    /// The value of the argument named `name` (the example's name).
    fn named(&self, name: &str) -> Option<&Json> {
        let names = self.call.get("names")?.items();
        let i = names.iter().position(|n| norm(n.str()) == norm(name))?;
        self.call.get("args")?.items().get(i)
    }

    fn api(&mut self) {
        let Some(api) = self.call.get("api") else { return };
        let Some(data) = api.get("arg").and_then(|a| self.named(a.str())) else { return };
        match api.get("name").map_or("", Json::str) {
            "isBadVersion" => BAD.store(data.int(), Relaxed),
            "guess" => PICK.store(data.int(), Relaxed),
            "knows" => {
                let g = data.items().iter().map(|r| r.items().iter().map(|x| x.int() as i32).collect()).collect();
                *KNOWS.lock().unwrap_or_else(|e| e.into_inner()) = g;
            }
            _ => {}
        }
    }

    /// A function call: the arguments for the parameters `params` (by name when the example
    /// names them all, else by position); `kinds` says which parameters are lists (`l`) and
    /// trees (`t`): trees are built first, and a list argument no parameter takes is built as
    /// a tree to find nodes given by value in.
    pub fn bind(&mut self, params: &[&str], kinds: &str) {
        let names: Vec<String> =
            self.call.get("names").map_or(&[][..], Json::items).iter().map(|n| norm(n.str())).collect();
        let args = self.call.get("args").map_or(&[][..], Json::items).to_vec();
        let ps: Vec<String> = params.iter().map(|p| norm(p)).collect();
        self.params = ps.clone();
        let by_name = !ps.is_empty() && ps.iter().all(|p| names.contains(p));
        self.args = if by_name {
            ps.iter().map(|p| args[names.iter().position(|n| n == p).unwrap_or(0)].clone()).collect()
        } else {
            (0..ps.len()).map(|i| args.get(i).cloned().unwrap_or_default()).collect()
        };
        if kinds.contains('l') && !ps.iter().any(|p| p == "pos") {
            if let Some(pos) = self.named("pos").map(Json::int).filter(|&p| p >= 0) {
                panic!(
                    "driver: the list has a cycle (pos = {pos}), which an Option<Box<ListNode>> cannot hold \
(LeetCode offers no Rust for this problem)"
                );
            }
        }
        self.pre = vec![None; ps.len()];
    }

    /// The tree parameters (`t` in `kinds`) whose argument is a list, built before anything is
    /// converted; and the lists no parameter takes, built as trees too: a node given by its value
    /// (235's `p = 2`) is found in them.
    pub fn trees<T: TreeLike>(&mut self, kinds: &str) {
        for (i, k) in kinds.bytes().enumerate() {
            if k == b't' && matches!(self.args.get(i), Some(Json::Arr(_))) {
                let t = build_tree::<T>(self.args[i].items());
                self.keep(&t);
                self.pre[i] = Some(t.map(|r| r as Rc<dyn Any>));
            }
        }
        let names = self.call.get("names").map_or(&[][..], Json::items).to_vec();
        let args = self.call.get("args").map_or(&[][..], Json::items).to_vec();
        for (n, v) in names.iter().zip(&args) {
            if !self.params.contains(&norm(n.str())) && matches!(v, Json::Arr(_)) {
                let t = build_tree::<T>(v.items());
                self.keep(&t);
            }
        }
    }

    fn keep<T: TreeLike>(&mut self, t: &Option<Rc<RefCell<T>>>) {
        if let Some(r) = t {
            self.trees.push(r.clone());
        }
    }

    /// The `i`th argument as the parameter's type.
    pub fn arg<T: FromJson>(&mut self, i: usize) -> T {
        let v = self.args.get_mut(i).map(std::mem::take).unwrap_or_default();
        self.current = Some(i);
        let t = T::from_json(&v, self);
        self.current = None;
        t
    }

    /// A design problem's number of calls (the constructor's included).
    pub fn calls(&self) -> usize {
        self.call.get("methods").map_or(0, |m| m.items().len())
    }

    /// Makes call `k`'s arguments the current ones; the index of its method in `methods` (the
    /// example's names, or Rust's: `getMin` is `get_min`), `usize::MAX` when it is none of them.
    pub fn at(&mut self, k: usize, methods: &[&str]) -> usize {
        self.args = self.call.get("args").and_then(|a| a.items().get(k)).map_or(&[][..], Json::items).to_vec();
        self.pre = vec![None; self.args.len()];
        let m = self.call.get("methods").and_then(|m| m.items().get(k)).map_or("", Json::str);
        methods
            .iter()
            .position(|x| *x == m)
            .or_else(|| methods.iter().position(|x| norm(x) == norm(m)))
            .unwrap_or(usize::MAX)
    }

    /// A design call's method is not in the code.
    pub fn unknown(&self, k: usize) -> ! {
        let m = self.call.get("methods").and_then(|m| m.items().get(k)).map_or("", Json::str);
        panic!("driver: the example calls `{m}`, which the class does not have")
    }

    /// A design call's answer.
    pub fn put<T: ToJson + ?Sized>(&mut self, r: &T) {
        self.out.push(r.to_json());
    }

    /// Prints a function's result, or (`None`) a design problem's answers, on the last line.
    pub fn finish<T: ToJson + ?Sized>(self, r: Option<&T>) {
        let v = r.map_or_else(|| Json::Arr(self.out), |r| r.to_json());
        let mut s = String::from("\n");
        s.push_str(&LINE.lock().unwrap_or_else(|e| e.into_inner()).1);
        v.write(&mut s);
        s.push('\n');
        // After whatever the solution printed (it shares this stdout), on a line of its own.
        let out = std::io::stdout();
        let mut l = out.lock();
        let _ = l.write_all(s.as_bytes());
        let _ = l.flush();
    }
}

// ---- Conversions ----

/// A parameter's value from the call's JSON.
pub trait FromJson: Sized {
    fn from_json(v: &Json, cx: &mut Cx) -> Self;
}

/// A result as LeetCode shows it.
pub trait ToJson {
    fn to_json(&self) -> Json;
}

macro_rules! ints {
    ($($t:ty)*) => {$(
        impl FromJson for $t {
            fn from_json(v: &Json, _: &mut Cx) -> Self {
                v.int() as $t
            }
        }
        impl ToJson for $t {
            fn to_json(&self) -> Json {
                Json::Num(self.to_string())
            }
        }
        impl ToJson for Option<$t> {
            fn to_json(&self) -> Json {
                self.as_ref().map_or(Json::Null, ToJson::to_json)
            }
        }
    )*};
}
ints!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

macro_rules! floats {
    ($($t:ty)*) => {$(
        impl FromJson for $t {
            fn from_json(v: &Json, _: &mut Cx) -> Self {
                v.float() as $t
            }
        }
        impl ToJson for $t {
            fn to_json(&self) -> Json {
                // Rust's shortest text that reads back the same value; never an exponent.
                if self.is_finite() { Json::Num(format!("{}", self)) } else { Json::Null }
            }
        }
    )*};
}
floats!(f32 f64);

impl FromJson for bool {
    fn from_json(v: &Json, _: &mut Cx) -> Self {
        match v {
            Json::Bool(b) => *b,
            other => other.int() != 0,
        }
    }
}

impl ToJson for bool {
    fn to_json(&self) -> Json {
        Json::Bool(*self)
    }
}

impl FromJson for char {
    fn from_json(v: &Json, _: &mut Cx) -> Self {
        match v {
            Json::Str(s) => s.chars().next().unwrap_or('\0'),
            other => fail("a character", other),
        }
    }
}

impl ToJson for char {
    fn to_json(&self) -> Json {
        Json::Str(self.to_string())
    }
}

impl FromJson for String {
    fn from_json(v: &Json, _: &mut Cx) -> Self {
        match v {
            Json::Str(s) => s.clone(),
            other => {
                let mut s = String::new();
                other.write(&mut s);
                s
            }
        }
    }
}

impl ToJson for String {
    fn to_json(&self) -> Json {
        Json::Str(self.clone())
    }
}

impl ToJson for str {
    fn to_json(&self) -> Json {
        Json::Str(self.to_string())
    }
}

impl ToJson for () {
    fn to_json(&self) -> Json {
        Json::Null
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn to_json(&self) -> Json {
        (**self).to_json()
    }
}

impl<T: ToJson + ?Sized> ToJson for &mut T {
    fn to_json(&self) -> Json {
        (**self).to_json()
    }
}

impl<T: ToJson + ?Sized> ToJson for Box<T> {
    fn to_json(&self) -> Json {
        (**self).to_json()
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(v: &Json, cx: &mut Cx) -> Self {
        match v {
            Json::Arr(a) => a.iter().map(|x| T::from_json(x, cx)).collect(),
            // A string where a list is expected: its characters (`Vec<char>`).
            Json::Str(s) => s.chars().map(|c| T::from_json(&Json::Str(c.to_string()), cx)).collect(),
            Json::Null => Vec::new(),
            other => fail("a list", other),
        }
    }
}

impl<T: FromJson, const N: usize> FromJson for [T; N] {
    fn from_json(v: &Json, cx: &mut Cx) -> Self {
        let items: Vec<T> = FromJson::from_json(v, cx);
        items.try_into().unwrap_or_else(|_| fail(&format!("{N} values"), v))
    }
}

impl<T: FromJson> FromJson for VecDeque<T> {
    fn from_json(v: &Json, cx: &mut Cx) -> Self {
        Vec::<T>::from_json(v, cx).into()
    }
}

impl<T: ToJson> ToJson for [T] {
    fn to_json(&self) -> Json {
        Json::Arr(self.iter().map(ToJson::to_json).collect())
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn to_json(&self) -> Json {
        self[..].to_json()
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    fn to_json(&self) -> Json {
        self[..].to_json()
    }
}

impl<T: ToJson> ToJson for VecDeque<T> {
    fn to_json(&self) -> Json {
        Json::Arr(self.iter().map(ToJson::to_json).collect())
    }
}

impl ToJson for Option<String> {
    fn to_json(&self) -> Json {
        self.as_ref().map_or(Json::Null, ToJson::to_json)
    }
}

impl<A: FromJson, B: FromJson> FromJson for (A, B) {
    fn from_json(v: &Json, cx: &mut Cx) -> Self {
        let a = v.items();
        (A::from_json(a.first().unwrap_or(&Json::Null), cx), B::from_json(a.get(1).unwrap_or(&Json::Null), cx))
    }
}

impl<A: ToJson, B: ToJson> ToJson for (A, B) {
    fn to_json(&self) -> Json {
        Json::Arr(vec![self.0.to_json(), self.1.to_json()])
    }
}

impl<A: ToJson, B: ToJson, C: ToJson> ToJson for (A, B, C) {
    fn to_json(&self) -> Json {
        Json::Arr(vec![self.0.to_json(), self.1.to_json(), self.2.to_json()])
    }
}

// ---- Nodes ----

impl<T: ListLike> FromJson for Option<Box<T>> {
    fn from_json(v: &Json, _: &mut Cx) -> Self {
        let vals: Vec<i32> = match v {
            Json::Arr(a) => a.iter().map(|x| x.int() as i32).collect(),
            Json::Null => Vec::new(),
            // A node given by its value cannot be shared with another list: a list of one.
            other => vec![other.int() as i32],
        };
        let mut head = None;
        for &val in vals.iter().rev() {
            head = Some(Box::new(T::make(val, head)));
        }
        head
    }
}

impl<T: ListLike> ToJson for Option<Box<T>> {
    fn to_json(&self) -> Json {
        if VALUE.load(Relaxed) {
            return self.as_ref().map_or(Json::Null, |n| n.val().to_json());
        }
        let mut out = Vec::new();
        let mut node = self.as_deref();
        while let Some(n) = node {
            out.push(n.val().to_json());
            node = n.next();
        }
        Json::Arr(out)
    }
}

fn build_tree<T: TreeLike>(vals: &[Json]) -> Option<Rc<RefCell<T>>> {
    let node = |v: &Json| match v {
        Json::Null => None,
        v => Some(Rc::new(RefCell::new(T::make(v.int() as i32)))),
    };
    let root = node(vals.first()?)?;
    let mut queue = VecDeque::from([root.clone()]);
    let mut i = 1;
    while let Some(n) = queue.pop_front() {
        if i >= vals.len() {
            break;
        }
        let kids = [vals.get(i).and_then(node), vals.get(i + 1).and_then(node)];
        i += 2;
        queue.extend(kids.iter().flatten().cloned());
        let [l, r] = kids;
        n.borrow_mut().set_kids(l, r);
    }
    Some(root)
}

impl Cx {
    /// The node with value `val` in a tree built for this call.
    fn find<T: TreeLike>(&self, val: i32) -> Option<Rc<RefCell<T>>> {
        let mut queue: VecDeque<Rc<RefCell<T>>> =
            self.trees.iter().filter_map(|t| t.clone().downcast::<RefCell<T>>().ok()).collect();
        while let Some(n) = queue.pop_front() {
            if n.borrow().val() == val {
                return Some(n);
            }
            queue.extend(n.borrow().kids().into_iter().flatten());
        }
        None
    }
}

impl<T: TreeLike> FromJson for Option<Rc<RefCell<T>>> {
    fn from_json(v: &Json, cx: &mut Cx) -> Self {
        if let Some(t) = cx.current.take().and_then(|i| cx.pre.get_mut(i)).and_then(Option::take) {
            return t.and_then(|t| t.downcast::<RefCell<T>>().ok());
        }
        match v {
            Json::Arr(a) => {
                let t = build_tree::<T>(a);
                cx.keep(&t);
                t
            }
            Json::Null => None,
            // A node given by its value (235's `p = 2`): the node of a tree of the call.
            other => {
                let val = other.int() as i32;
                cx.find(val).or_else(|| Some(Rc::new(RefCell::new(T::make(val)))))
            }
        }
    }
}

impl<T: TreeLike> ToJson for Option<Rc<RefCell<T>>> {
    fn to_json(&self) -> Json {
        if VALUE.load(Relaxed) {
            return self.as_ref().map_or(Json::Null, |n| n.borrow().val().to_json());
        }
        let mut out = Vec::new();
        let mut queue = VecDeque::from([self.clone()]);
        while let Some(n) = queue.pop_front() {
            match n {
                None => out.push(Json::Null),
                Some(n) => {
                    let b = n.borrow();
                    out.push(b.val().to_json());
                    queue.extend(b.kids());
                }
            }
        }
        while out.last() == Some(&Json::Null) {
            out.pop();
        }
        Json::Arr(out)
    }
}

impl<T: TreeLike> ToJson for Rc<RefCell<T>> {
    fn to_json(&self) -> Json {
        Some(self.clone()).to_json()
    }
}

impl FromJson for NestedInteger {
    fn from_json(v: &Json, cx: &mut Cx) -> Self {
        match v {
            Json::Arr(a) => NestedInteger::List(a.iter().map(|x| NestedInteger::from_json(x, cx)).collect()),
            other => NestedInteger::Int(other.int() as i32),
        }
    }
}

impl ToJson for NestedInteger {
    fn to_json(&self) -> Json {
        match self {
            NestedInteger::Int(x) => x.to_json(),
            NestedInteger::List(l) => l.to_json(),
        }
    }
}

impl FromJson for MountainArray {
    fn from_json(v: &Json, _: &mut Cx) -> Self {
        MountainArray { data: v.items().iter().map(|x| x.int() as i32).collect() }
    }
}

// ---- rand: what LeetCode's accepted solutions use of the `rand` crate it links (0.7's API:
// `thread_rng().gen_range(low, high)`), over xorshift seeded by std's random hash keys. The
// program names this library `rand` too (`--extern rand=…`) when the code mentions it. ----

thread_local! {
    static STATE: std::cell::Cell<u64> = std::cell::Cell::new({
        use std::hash::{BuildHasher, Hasher};
        std::collections::hash_map::RandomState::new().build_hasher().finish() | 1
    });
}

fn next_u64() -> u64 {
    STATE.with(|s| {
        let mut x = s.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        s.set(x);
        x
    })
}

pub struct ThreadRng;

pub fn thread_rng() -> ThreadRng {
    ThreadRng
}

pub trait Rng {
    /// A value in `low..high`.
    fn gen_range<T: SampleUniform>(&mut self, low: T, high: T) -> T {
        T::between(low, high)
    }
    fn gen<T: Standard>(&mut self) -> T {
        T::draw()
    }
    fn gen_bool(&mut self, p: f64) -> bool {
        f64::draw() < p
    }
}

impl Rng for ThreadRng {}

pub fn random<T: Standard>() -> T {
    T::draw()
}

pub trait SampleUniform: Sized {
    fn between(low: Self, high: Self) -> Self;
}

pub trait Standard: Sized {
    fn draw() -> Self;
}

macro_rules! sample_ints {
    ($($t:ty)*) => {$(
        impl SampleUniform for $t {
            fn between(low: Self, high: Self) -> Self {
                let span = (high as i128 - low as i128).max(1) as u128;
                (low as i128 + (next_u64() as u128 % span) as i128) as $t
            }
        }
        impl Standard for $t {
            fn draw() -> Self {
                next_u64() as $t
            }
        }
    )*};
}
sample_ints!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

impl SampleUniform for f64 {
    fn between(low: Self, high: Self) -> Self {
        low + f64::draw() * (high - low)
    }
}

impl Standard for f64 {
    fn draw() -> Self {
        (next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl Standard for bool {
    fn draw() -> Self {
        next_u64() & 1 == 1
    }
}

pub mod seq {
    use super::Rng;

    pub trait SliceRandom {
        type Item;
        fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R);
        fn choose<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<&Self::Item>;
    }

    impl<T> SliceRandom for [T] {
        type Item = T;
        fn shuffle<R: Rng + ?Sized>(&mut self, _: &mut R) {
            for i in (1..self.len()).rev() {
                self.swap(i, super::next_u64() as usize % (i + 1));
            }
        }
        fn choose<R: Rng + ?Sized>(&self, _: &mut R) -> Option<&T> {
            (!self.is_empty()).then(|| &self[super::next_u64() as usize % self.len()])
        }
    }
}

pub mod rngs {
    pub use super::ThreadRng;
}

pub mod prelude {
    pub use super::{random, rngs::ThreadRng, seq::SliceRandom, thread_rng, Rng};
}
