//! The terms and arithmetic of a constraint line: `nums.length`, `grid[i][j]`, `len(s)`,
//! `Node.val`, a parameter's name, numbers written as statements write them (`10^9`,
//! `2 * 10^4`, `2^31 - 1`, `-10^4`, `1e5`, `10,000`), and `floor`, `ceil`, `min` and `max`
//! (689's `k <= floor(nums.length / 3)`, 1297's `maxSize <= min(26, s.length)`).

/// What a constraint speaks of. `Elem`'s column is the last index when it is a number
/// (`dimensions[i][0]`) or a tuple's named part (`u_i` of `edges[i] = [u_i, v_i]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Key {
    Var(String),
    Len(String),
    /// An inner list's or a list of strings' string's length (`grid[i].length`, `words[i].length`).
    Inner(String),
    Elem(String, Option<usize>),
}

/// The node values of every tree or list parameter (`Node.val`).
pub(super) const NODE: &str = "#node";

impl Key {
    pub(super) fn base(&self) -> &str {
        match self {
            Key::Var(b) | Key::Len(b) | Key::Inner(b) | Key::Elem(b, _) => b,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Expr {
    Num(f64),
    Key(Key),
    /// `+ - * / ^`, and `m`/`M` for `min`/`max`.
    Op(Box<Expr>, char, Box<Expr>),
    Neg(Box<Expr>),
    /// `floor(e)`, or `ceil(e)` when true.
    Round(Box<Expr>, bool),
}

impl Expr {
    /// The value, with `key` giving each term's (`None`: not known yet, or never).
    pub(super) fn eval(&self, key: &dyn Fn(&Key) -> Option<f64>) -> Option<f64> {
        Some(match self {
            Expr::Num(x) => *x,
            Expr::Key(k) => key(k)?,
            Expr::Neg(e) => -e.eval(key)?,
            Expr::Round(e, ceil) => {
                let x = e.eval(key)?;
                if *ceil { x.ceil() } else { x.floor() }
            }
            Expr::Op(a, op, b) => {
                let (a, b) = (a.eval(key)?, b.eval(key)?);
                match op {
                    '+' => a + b,
                    '-' => a - b,
                    '*' => a * b,
                    '/' => a / b,
                    'm' => a.min(b),
                    'M' => a.max(b),
                    _ => a.powf(b),
                }
            }
        })
    }

    pub(super) fn keys(&self, out: &mut Vec<Key>) {
        match self {
            Expr::Key(k) => out.push(k.clone()),
            Expr::Neg(e) | Expr::Round(e, _) => e.keys(out),
            Expr::Op(a, _, b) => {
                a.keys(out);
                b.keys(out);
            }
            Expr::Num(_) => {}
        }
    }
}

/// An expression, the whole of `s`; `None` when any of it is not understood.
pub(super) fn parse(s: &str) -> Option<Expr> {
    let mut p = Parser { s: s.trim().as_bytes(), i: 0 };
    let e = p.sum()?;
    p.skip();
    (p.i == p.s.len()).then_some(e)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn skip(&mut self) {
        while self.s.get(self.i).is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip();
        self.s.get(self.i).copied()
    }

    fn sum(&mut self) -> Option<Expr> {
        let mut e = self.product()?;
        while let Some(op @ (b'+' | b'-')) = self.peek() {
            self.i += 1;
            e = Expr::Op(Box::new(e), op as char, Box::new(self.product()?));
        }
        Some(e)
    }

    fn product(&mut self) -> Option<Expr> {
        let mut e = self.power()?;
        while let Some(op @ (b'*' | b'/' | b'x')) = self.peek() {
            if op == b'x' && self.s.get(self.i + 1).is_some_and(|c| c.is_ascii_alphanumeric()) {
                break;
            }
            self.i += 1;
            e = Expr::Op(Box::new(e), if op == b'/' { '/' } else { '*' }, Box::new(self.power()?));
        }
        Some(e)
    }

    fn power(&mut self) -> Option<Expr> {
        if self.peek() == Some(b'-') {
            self.i += 1;
            return Some(Expr::Neg(Box::new(self.power()?)));
        }
        let base = self.atom()?;
        if self.peek() == Some(b'^') {
            self.i += 1;
            let exp = self.power()?;
            return Some(Expr::Op(Box::new(base), '^', Box::new(exp)));
        }
        Some(base)
    }

    fn atom(&mut self) -> Option<Expr> {
        let c = self.peek()?;
        if c == b'(' {
            self.i += 1;
            let e = self.sum()?;
            return (self.peek() == Some(b')')).then(|| {
                self.i += 1;
                e
            });
        }
        if c.is_ascii_digit() || c == b'.' {
            return self.number();
        }
        if let Some(e) = self.call() {
            return e;
        }
        let start = self.i;
        let mut depth = 0;
        while let Some(&c) = self.s.get(self.i) {
            match c {
                b'[' | b'(' => depth += 1,
                b']' | b')' if depth > 0 => depth -= 1,
                c if depth > 0 || c.is_ascii_alphanumeric() || c == b'_' || c == b'.' => {}
                _ => break,
            }
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).ok()?;
        term(text).map(Expr::Key)
    }

    /// `floor(…)`, `ceil(…)`, `min(…, …)`, `max(…, …)`: `Some(None)` when the name is one of
    /// these but what follows is not understood, `None` when it is none of them.
    fn call(&mut self) -> Option<Option<Expr>> {
        let rest = &self.s[self.i..];
        let (name, op) = [("floor(", 'f'), ("ceil(", 'c'), ("min(", 'm'), ("max(", 'M')]
            .into_iter()
            .find(|(n, _)| rest.len() >= n.len() && rest[..n.len()].eq_ignore_ascii_case(n.as_bytes()))?;
        self.i += name.len();
        let first = self.sum();
        let Some(first) = first else { return Some(None) };
        let e = match op {
            'f' | 'c' => Expr::Round(Box::new(first), op == 'c'),
            _ => {
                if self.peek() != Some(b',') {
                    return Some(None);
                }
                self.i += 1;
                let Some(second) = self.sum() else { return Some(None) };
                Expr::Op(Box::new(first), op, Box::new(second))
            }
        };
        if self.peek() != Some(b')') {
            return Some(None);
        }
        self.i += 1;
        Some(Some(e))
    }

    fn number(&mut self) -> Option<Expr> {
        let start = self.i;
        while let Some(&c) = self.s.get(self.i) {
            // `10,000`: a comma between digits followed by exactly three is a thousands separator.
            let thousands = c == b','
                && self.s.get(self.i + 1..self.i + 4).is_some_and(|d| d.iter().all(u8::is_ascii_digit))
                && !self.s.get(self.i + 4).is_some_and(u8::is_ascii_digit);
            if !(c.is_ascii_digit() || c == b'.' || thousands) {
                break;
            }
            self.i += 1;
        }
        let text: String = std::str::from_utf8(&self.s[start..self.i]).ok()?.chars().filter(|&c| c != ',').collect();
        let mut x: f64 = text.trim_end_matches('.').parse().ok()?;
        if self.s.get(self.i) == Some(&b'e') && self.s.get(self.i + 1).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
            let e_start = self.i;
            while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
                self.i += 1;
            }
            x *= 10f64.powi(std::str::from_utf8(&self.s[e_start..self.i]).ok()?.parse().ok()?);
        }
        Some(Expr::Num(x))
    }
}

/// A term's key: `nums.length`, `len(nums)`, `nums.size()`, `grid[i].length`, `grid[i][j]`,
/// `dimensions[i][0]`, `Node.val`, `k`. A tuple's part (`u_i`) is a `Var` here; the caller maps
/// it to its list's column.
pub(super) fn term(t: &str) -> Option<Key> {
    let t = t.trim();
    if let Some(inner) = t.strip_prefix("len(").and_then(|r| r.strip_suffix(')')) {
        return match term(inner)? {
            Key::Var(b) => Some(Key::Len(b)),
            Key::Elem(b, None) => Some(Key::Inner(b)),
            _ => None,
        };
    }
    let lower = t.to_ascii_lowercase();
    if lower == "node.val" || lower == "treenode.val" || lower == "listnode.val" || lower == "node.value" {
        return Some(Key::Elem(NODE.into(), None));
    }
    // `.length` after a name; a parameter named `size` or `length` (346's `1 <= size <= 1000`)
    // is a name, not a length of nothing.
    let dotted = ["length", "length()", "size()", "size"].iter().find_map(|s| t.strip_suffix(s)?.strip_suffix('.'));
    let (body, len) = match dotted {
        Some(b) => (b, true),
        None => (t, false),
    };
    let name_end = body.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(body.len());
    let name = &body[..name_end];
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut indices = Vec::new();
    let mut rest = &body[name_end..];
    while let Some(r) = rest.strip_prefix('[') {
        let end = r.find(']')?;
        indices.push(r[..end].trim());
        rest = &r[end + 1..];
    }
    if !rest.is_empty() {
        return None;
    }
    // Every index is a bare letter (`nums[i]`: every item), or, the last of several, a column
    // (`dimensions[i][0]`). `stones[0] == 0` (403) or `triangle[i - 1].length` (120) speak of
    // one item, or of items against each other: read as every item, they broke the rest.
    let var = |i: &str| {
        i.starts_with(|c: char| c.is_ascii_alphabetic()) && i.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let column = |n: usize, i: &str| n + 1 == indices.len() && n > 0 && i.parse::<usize>().is_ok();
    // `matrix[0].length` (73's `n == matrix[0].length`): the rows' length, as `matrix[i].length`.
    let first_row = len && indices == ["0"];
    if !first_row && !indices.iter().enumerate().all(|(n, i)| var(i) || column(n, i)) {
        return None;
    }
    let name = name.to_string();
    Some(match (len, indices.len()) {
        (true, 0) => Key::Len(name),
        (true, _) => Key::Inner(name),
        (false, 0) => Key::Var(name),
        (false, _) => Key::Elem(name, indices.last().and_then(|i| i.parse().ok()).filter(|_| indices.len() > 1)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> f64 {
        parse(s).unwrap().eval(&|_| None).unwrap()
    }

    #[test]
    fn numbers_as_statements_write_them() {
        assert_eq!(num("10^9"), 1e9);
        assert_eq!(num("-10^4"), -1e4);
        assert_eq!(num("2 * 10^4"), 2e4);
        assert_eq!(num("2^31 - 1"), 2147483647.0);
        assert_eq!(num("-2^31"), -2147483648.0);
        assert_eq!(num("10,000"), 1e4);
        assert_eq!(num("1e5"), 1e5);
        assert_eq!(num("10^9 + 7"), 1e9 + 7.0);
        assert_eq!(num("1.5"), 1.5);
        assert_eq!(num("floor(10 / 3)"), 3.0);
        assert_eq!(num("ceil(10 / 3)"), 4.0);
        assert_eq!(num("min(26, 30)"), 26.0);
        assert_eq!(num("max(2, 10^3)"), 1000.0);
    }

    #[test]
    fn terms() {
        assert_eq!(term("nums.length"), Some(Key::Len("nums".into())));
        assert_eq!(term("len(nums)"), Some(Key::Len("nums".into())));
        assert_eq!(term("grid[i].length"), Some(Key::Inner("grid".into())));
        assert_eq!(term("grid[i][j]"), Some(Key::Elem("grid".into(), None)));
        assert_eq!(term("dimensions[i][0]"), Some(Key::Elem("dimensions".into(), Some(0))));
        assert_eq!(term("nums[i]"), Some(Key::Elem("nums".into(), None)));
        assert_eq!(term("Node.val"), Some(Key::Elem(NODE.into(), None)));
        assert_eq!(term("k"), Some(Key::Var("k".into())));
        // 346's `1 <= size <= 1000`: a parameter named `size` (or `length`) was unread.
        assert_eq!(term("size"), Some(Key::Var("size".into())));
        assert_eq!(term("length"), Some(Key::Var("length".into())));
        assert_eq!(term("nums.size()"), Some(Key::Len("nums".into())));
        // One item, or items against each other: not every item (403's `stones[0] == 0`).
        assert_eq!(term("stones[0]"), None);
        assert_eq!(term("triangle[i - 1].length"), None);
        assert_eq!(term("nums[n-1]"), None);
        let e = parse("n - 1").unwrap();
        assert_eq!(e.eval(&|k| (k == &Key::Var("n".into())).then_some(5.0)), Some(4.0));
        assert!(parse("sum(nums)").is_none() || parse("the sum").is_none());
        // 689 and 1297: a bound that is a function of another term.
        let len = |k: &Key| (k == &Key::Len("s".into())).then_some(10.0);
        assert_eq!(parse("floor(s.length / 3)").unwrap().eval(&len), Some(3.0));
        assert_eq!(parse("min(26, s.length)").unwrap().eval(&len), Some(10.0));
        assert!(parse("floor(s.length / 3").is_none());
        assert!(parse("min(26)").is_none());
    }
}
