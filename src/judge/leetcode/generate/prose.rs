//! The constraint sentences the generator knows: node counts (`The number of nodes in the tree
//! is in the range [0, 10^4]`), alphabets (`s consists of lowercase English letters`, `s[i] is
//! either '0' or '1'`), values from a set (`nums[i] is either 0 or 1`), unique or distinct
//! values, sorted lists, permutations, edge lists that form a tree or repeat no edge, binary
//! search trees, strings of the same length, a repeated letter, values exactly `k` of which
//! repeat, a list's sum, and a design problem's number of calls. Anything else is unread.

use super::constraints::{self, Facts, Line, Names, Sort, Tuples, Walk};
use super::expr::{self, Key};

pub(super) fn sentence(line: &str, names: &Names, tuples: &Tuples) -> Option<Line> {
    if let Some(said) = char_range(line, names) {
        return Some(said);
    }
    let lower = line.to_ascii_lowercase();
    // Before the adjacency list's `graph[i] does not contain i`, which 66's `digits does not
    // contain any leading 0's` also matched.
    if (lower.contains("leading zero") || lower.contains("leading 0"))
        && let Some(said) = leading_zeros(line, &lower, names)
    {
        return Some(said);
    }
    // Before the adjacency list's `does not contain` and the alphabets' `are`: `The words in s
    // are separated by a single space` is no alphabet of one space.
    if lower.contains("space")
        && let Some(said) = spaces(line, &lower, names)
    {
        return Some(said);
    }
    if let Some(said) = triangle(line, names).or_else(|| adjacency(line, names)) {
        return Some(said);
    }
    if lower.contains("tree")
        && (lower.contains("depth") || lower.contains("height"))
        && let Some(said) = depth(&lower, names)
    {
        return Some(said);
    }
    if let Some(said) = lengths_total(line, &lower) {
        return Some(said);
    }
    if lower.contains("number of nodes") || lower.contains("number of the nodes") {
        return node_count(line, &lower, names);
    }
    if lower.contains("at most") && lower.contains("call") {
        let n = number_after(&lower, "at most")?;
        return constraints::fact(Vec::new(), move |f: &mut Facts| f.calls = Some(n));
    }
    if let Some(said) = parity(line, &lower).or_else(|| total(line, &lower, names)) {
        return Some(said);
    }
    if let Some(said) = node_shapes(&lower, names).or_else(|| nonempty_calls(line, &lower, names)) {
        return Some(said);
    }
    if lower.contains("traversal")
        && let Some(said) = walks(&lower, names)
    {
        return Some(said);
    }
    if lower.contains("binary search tree") {
        return constraints::fact(Vec::new(), |f: &mut Facts| f.bst = true);
    }
    for verb in [
        " only consist of ",
        " only consists of ",
        " consist of ",
        " consists of ",
        " contain only ",
        " contains only ",
        " only contain",
        " is either ",
        " are either ",
        " consist only of",
        " consists only of",
        " is ",
        " are ",
    ] {
        if let Some(at) = lower.find(verb)
            && let Some(said) = alphabet(&line[..at], &line[at + verb.len()..], names)
        {
            return Some(said);
        }
    }
    flags(line, &lower, names, tuples, false)
}

/// 2730's `'0' <= s[i] <= '9'`: every character of `s` in the range. Not one position's
/// (`'a' <= coordinates[0] <= 'h'`).
fn char_range(line: &str, names: &Names) -> Option<Line> {
    let parts: Vec<&str> = line.split("<=").map(str::trim).collect();
    let [a, mid, b] = parts[..] else { return None };
    let quoted = |q: &str| match q.as_bytes() {
        [o, c, e] if (*o == b'\'' || *o == b'"') && e == o => Some(*c as char),
        _ => None,
    };
    let (a, b) = (quoted(a)?, quoted(b)?);
    let Key::Elem(base, None) = expr::term(mid)? else { return None };
    (a <= b && names.params.iter().any(|(n, _)| *n == base)).then_some(())?;
    let chars: Vec<char> = (a..=b).collect();
    constraints::fact(vec![Key::Var(base.clone())], move |f: &mut Facts| {
        f.alphabet.insert(base, chars);
    })
}

/// 120's `triangle[0].length == 1` and `triangle[i].length == triangle[i - 1].length + 1`: row
/// `i` has `i + 1` items.
fn triangle(line: &str, names: &Names) -> Option<Line> {
    let flat: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let name = flat.split('[').next()?;
    let (first, next) = (format!("{name}[0].length==1"), format!("{name}[i].length=={name}[i-1].length+1"));
    if !(flat == first || flat == next) || !names.params.iter().any(|(n, _)| n == name) {
        return None;
    }
    let n = name.to_string();
    constraints::fact(vec![expr::Key::Var(n.clone())], move |f: &mut Facts| {
        f.triangle.insert(n);
    })
}

/// An adjacency list's rules (847, 785): `graph[i] does not contain i`, `If graph[a] contains b,
/// then graph[b] contains a`, `The input graph is always connected`.
fn adjacency(line: &str, names: &Names) -> Option<Line> {
    let lower = line.to_ascii_lowercase();
    let words: Vec<&str> = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
    let name = names.params.iter().find(|(n, r)| r.is_empty() && words.contains(&n.as_str()))?.0.clone();
    let key = vec![expr::Key::Var(name.clone())];
    if lower.contains("does not contain") && words.iter().filter(|w| **w == name).count() == 1 {
        return constraints::fact(key, move |f: &mut Facts| {
            f.adjacency.insert(name);
        });
    }
    if lower.matches("contains").count() == 2 && lower.contains("then") {
        return constraints::fact(key, move |f: &mut Facts| {
            f.adjacency.insert(name.clone());
            f.undirected.insert(name);
        });
    }
    if lower.contains("connected") && !lower.contains(" not ") {
        return constraints::fact(key, move |f: &mut Facts| {
            f.connected.insert(name);
        });
    }
    None
}

/// `n is even`, `nums.length is odd`, `nums.length % 2 == 0`.
fn parity(line: &str, lower: &str) -> Option<Line> {
    let (term, rem) = if let Some(t) = lower.strip_suffix(" is even") {
        (t, 0)
    } else if let Some(t) = lower.strip_suffix(" is odd") {
        (t, 1)
    } else {
        let (t, r) = lower.split_once("% 2 ==")?;
        (t, r.trim().parse().ok()?)
    };
    let key = expr::term(line[..term.len()].trim())?;
    let k = key.clone();
    constraints::fact(vec![key], move |f: &mut Facts| f.parity.push((k, rem)))
}

/// `Sum of grid is equal to 9` (2850), `The sum of nums is n`: the items' total.
fn total(line: &str, lower: &str, names: &Names) -> Option<Line> {
    let rest = &line[lower.find("sum of ")? + 7..];
    let (subject, value) = rest.split_once(" is equal to ").or_else(|| rest.split_once(" is "))?;
    let name = expr::term(subject.split_whitespace().last()?)?.base().to_string();
    let total = expr::parse(value)?;
    names.params.iter().any(|(n, _)| *n == name).then_some(())?;
    constraints::fact(vec![Key::Var(name.clone())], move |f: &mut Facts| {
        f.sums.insert(name, total);
    })
}

/// The most a list's strings (or rows) hold together: `sum(words[i].length) <= 10^5`, `The input
/// is generated such that sum(words[i].length) <= 10^5` (unread, 1858's largest testcase held
/// 549,215 letters). Not 2218's `1 <= k <= sum(…)`. The same said in words (3926's `The total
/// length of all strings in chunks does not exceed 10^5`) is not read yet: the binary's budget.
fn lengths_total(line: &str, lower: &str) -> Option<Line> {
    let at = lower.find("sum(")?;
    let before = lower[..at].trim().trim_end_matches("<=").trim();
    (before.bytes().all(|b| b.is_ascii_digit()) || before.ends_with("such that")).then_some(())?;
    let (inner, tail) = line[at + 4..].split_once(')')?;
    let name = inner.strip_suffix(".length")?.split('[').next()?.trim().to_string();
    let most = expr::parse(tail.trim().strip_prefix("<=")?.trim().trim_end_matches('.'))?;
    // The key grounds it: a line naming no parameter stays unread.
    constraints::fact(vec![Key::Var(name.clone())], move |f: &mut Facts| {
        f.total_len.insert(name, most);
    })
}

/// `The number of nodes in the tree is in the range [a, b]`, or `… is n`.
fn node_count(line: &str, lower: &str, names: &Names) -> Option<Line> {
    let roles: &[&str] = if lower.contains("tree") {
        &["tree"]
    } else if lower.contains("list") {
        &["list"]
    } else if lower.contains("graph") {
        &["graph"]
    } else {
        &["tree", "list", "graph"]
    };
    let nodes: Vec<&String> = names.params.iter().filter(|(_, r)| roles.contains(r)).map(|(n, _)| n).collect();
    if nodes.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    // 2130's `… is an even integer in the range [2, 10^5]`, 3062's `… is even.`, 1612's `… are
    // equal, odd and, in the range [1, 4999]`: the words, wherever the line says them.
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    let parity = [("even", 0), ("odd", 1)].into_iter().find(|(w, _)| words.contains(w)).map(|x| x.1);
    for n in &nodes {
        if let Some(rem) = parity {
            let k = Key::Len((*n).clone());
            parts.push(constraints::fact(vec![k.clone()], move |f: &mut Facts| f.parity.push((k, rem)))?);
        }
    }
    // `The number of nodes in both trees are equal`: one count for all.
    if nodes.len() > 1 && words.contains(&"equal") {
        for pair in nodes.windows(2) {
            let (a, b) = (Key::Len(pair[0].clone()), Key::Len(pair[1].clone()));
            parts.push(constraints::fact(vec![a.clone()], |_| {})?);
            parts.last_mut()?.eqs.push((a, b));
        }
    }
    if let Some(open) = line.find('[') {
        let close = line[open..].find(']')? + open;
        let (a, b) = line[open + 1..close].split_once(',')?;
        let (a, b) = (expr::parse(a)?, expr::parse(b)?);
        for n in nodes {
            parts.push(constraints::ranged(Key::Len(n.clone()), a.clone(), b.clone())?);
        }
    } else if parity.is_none() {
        let name = line.rsplit(" is ").next()?.trim();
        let Some(Key::Var(v)) = expr::term(name) else { return None };
        for n in nodes {
            let pair = (Key::Len(n.clone()), Key::Var(v.clone()));
            parts.push(constraints::fact(vec![pair.0.clone()], |_| {})?);
            parts.last_mut()?.eqs.push(pair);
        }
    }
    constraints::all(parts)
}

/// 155's `Methods pop, top and getMin operations will always be called on non-empty stacks`,
/// 895's `… at least one element in the stack before calling pop`, 225's `All the calls to pop
/// and top are valid`, 2034's `current, maximum, and minimum will be called only after update
/// has been called at least once`: the methods named are called only while the calls before
/// put in more than they took out. Not where no method puts anything in (an iterator's `next`).
fn nonempty_calls(line: &str, lower: &str, names: &Names) -> Option<Line> {
    let said = ["non-empty", "at least one element", "at least one item", "are valid", "only after"];
    if !lower.contains("call") || !said.iter().any(|w| lower.contains(w)) {
        return None;
    }
    let words: Vec<&str> = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
    let after = lower.find("only after ").and_then(|i| line[i + 11..].split(|c: char| !c.is_alphanumeric()).next());
    let after = after.filter(|a| names.methods.iter().any(|m| m == a)).map(str::to_string);
    let named: Vec<String> =
        names.methods.iter().filter(|m| words.contains(&m.as_str()) && after.as_ref() != Some(*m)).cloned().collect();
    let adds = after.is_some() || names.methods.iter().any(|m| constraints::named_for(m, &constraints::ADDS));
    (!named.is_empty() && adds).then_some(())?;
    constraints::fact(Vec::new(), move |f: &mut Facts| {
        f.nonempty.extend(named);
        f.adders.extend(after);
    })
}

/// What the node generators keep, said in a line: 222's `The tree is guaranteed to be complete`
/// (or perfect), 141's `pos is -1 or a valid index in the linked-list` (a cycle's entry is drawn
/// so), 138's `Node.random is null or is pointing to some node in the linked list`.
fn node_shapes(lower: &str, names: &Names) -> Option<Line> {
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    if words.iter().any(|w| ["not", "may", "no"].contains(w)) {
        return None;
    }
    let role = |r: &str| names.params.iter().any(|(_, role)| *role == r);
    let shape = ["complete", "perfect"].into_iter().find(|w| words.contains(w));
    if let Some(shape) = shape.filter(|_| role("tree") && words.contains(&"tree") && !lower.contains("binary search")) {
        return constraints::fact(
            Vec::new(),
            move |f: &mut Facts| {
                if shape == "complete" { f.complete = true } else { f.perfect = true }
            },
        );
    }
    let pos = names.params.iter().any(|(n, _)| n == "pos") && role("list");
    let kept = pos && words.contains(&"pos") && lower.contains("valid index")
        || role("list") && words.contains(&"random") && words.contains(&"null");
    kept.then(|| constraints::fact(Vec::new(), |_| {}))?
}

/// 105's `preorder is guaranteed to be the preorder traversal of the tree`, 889's `preorder and
/// postorder are the preorder traversal and postorder traversal of the same binary tree`: the
/// lists named, in the order they are named, walk one tree in the orders said before
/// `traversal`, in theirs. Not a line that says it may not (`may not be`, `is not`).
fn walks(lower: &str, names: &Names) -> Option<Line> {
    let words: Vec<&str> = lower.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).collect();
    if !words.contains(&"tree") || words.iter().any(|w| ["not", "may", "no"].contains(w)) {
        return None;
    }
    let walk = |w: &str| match w.replace('-', "").as_str() {
        "preorder" => Some(Walk::Pre),
        "inorder" => Some(Walk::In),
        "postorder" => Some(Walk::Post),
        _ => None,
    };
    let orders: Vec<Walk> =
        words.windows(2).filter(|w| w[1] == "traversal" || w[1] == "traversals").filter_map(|w| walk(w[0])).collect();
    let mut lists: Vec<String> = Vec::new();
    for w in &words {
        let name = names.params.iter().find(|(n, _)| n.to_ascii_lowercase() == *w && names.flat.contains(n));
        if let Some((n, _)) = name.filter(|(n, _)| !lists.contains(n)) {
            lists.push(n.clone());
        }
    }
    if lists.is_empty() || lists.len() != orders.len() {
        return None;
    }
    let keys = lists.iter().map(|t| Key::Var(t.clone())).collect();
    constraints::fact(keys, move |f: &mut Facts| {
        for (list, order) in lists.into_iter().zip(orders) {
            f.walks.push((list, order));
        }
    })
}

/// `num does not have any leading zeros except for the zero itself`, `digits does not contain
/// any leading 0's`, `s has no leading zeros`: the parameters named keep their first digit off
/// zero (but a lone `0`). A line that allows them (`may have leading zeros`) is not read.
fn leading_zeros(line: &str, lower: &str, names: &Names) -> Option<Line> {
    let before = &lower[..lower.find("leading")?];
    let negated = [" no ", " not ", "without", "never", "n't "].iter().any(|w| before.contains(w));
    // Not of numbers inside a text (`Each number in s is a positive number less than 100, with
    // no leading zeros`): only the first digit of the whole is mended.
    let inside = [" in ", "less than", "positive", "each ", "every "].iter().any(|w| before.contains(w));
    if !negated || inside || before.contains(" may ") || before.contains(" can ") {
        return None;
    }
    let words: Vec<&str> = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
    let targets: Vec<String> =
        names.params.iter().filter(|(n, _)| words.contains(&n.as_str())).map(|(n, _)| n.clone()).collect();
    (!targets.is_empty()).then_some(())?;
    let keys = targets.iter().map(|t| Key::Var(t.clone())).collect();
    constraints::fact(keys, move |f: &mut Facts| f.no_leading_zero.extend(targets))
}

/// `s does not contain any leading or trailing spaces`, `The words in s are separated by a
/// single space`, `title consists of words separated by a single space without any leading or
/// trailing spaces`: the strings named keep no space at either end, and where a single space
/// separates words, no two spaces in a row.
fn spaces(line: &str, lower: &str, names: &Names) -> Option<Line> {
    let trimmed = lower.contains("leading or trailing space") || lower.contains("leading and trailing space");
    let single = lower.contains("separated by a single space") || lower.contains("separated by single space");
    if !(trimmed || single) || lower.contains(" may ") || lower.contains(" can ") {
        return None;
    }
    // Said of the strings, not allowed (`s may have leading or trailing spaces`).
    let negated = [" no ", " not ", "without", "n't "].iter().any(|w| lower.contains(w));
    (single || negated).then_some(())?;
    let words: Vec<&str> = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
    let mut targets: Vec<String> =
        names.params.iter().filter(|(n, _)| words.contains(&n.as_str())).map(|(n, _)| n.clone()).collect();
    if targets.is_empty() {
        // `There are no leading or trailing spaces`: of the one string there is.
        targets = names.strings.to_vec();
        (targets.len() == 1).then_some(())?;
    }
    let keys = targets.iter().map(|t| Key::Var(t.clone())).collect();
    constraints::fact(keys, move |f: &mut Facts| {
        if single {
            f.single_spaced.extend(targets.iter().cloned());
        }
        f.trimmed.extend(targets);
    })
}

/// `The depth of the tree will be in the range [1, 10]`, `The height of the n-ary tree is less
/// than or equal to 1000` (655, 559): a tree drawn as a path broke it (a reference's recursion
/// or a 2^depth grid blew up). Read as the trees' greatest depth.
fn depth(lower: &str, names: &Names) -> Option<Line> {
    names.params.iter().any(|(_, r)| *r == "tree").then_some(())?;
    let most = match (lower.rfind(','), lower.rfind(']')) {
        (Some(a), Some(b)) if a < b => expr::parse(lower[a + 1..b].trim())?.eval(&|_| None)?,
        _ => ["equal to", "at most", "than", "exceed"].iter().find_map(|w| number_after(lower, w))?,
    };
    let strict = lower.contains("less than") && !lower.contains("equal");
    let most = if strict { most - 1.0 } else { most };
    (most >= 1.0).then_some(())?;
    constraints::fact(Vec::new(), move |f: &mut Facts| f.depth = Some(most as usize))
}

/// `s and t consist of lowercase English letters`, `s[i] is either '0' or '1'`,
/// `grid[i][j] is either 0 or 1`.
fn alphabet(subject: &str, tail: &str, names: &Names) -> Option<Line> {
    let mut bases = Vec::new();
    // `All strings consist of lowercase English letters` (1433): every string. Left unread, each
    // took its own examples' letters, and 1433's two strings never shared one.
    let lower = subject.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().filter(|w| !["the", "given", "input"].contains(w)).collect();
    if matches!(words[..], ["all" | "both", "strings" | "words"]) && charset(tail).is_some() {
        bases = names.strings.to_vec();
    }
    // `s1, s2, and s3` (97): the comma before `and` leaves an empty part.
    let parts = if bases.is_empty() { subject } else { "" };
    for part in parts.split(" and ").flat_map(|p| p.split(',')).filter(|p| !p.trim().is_empty()) {
        // `Both s and t`, `The string s`: the term is the last word.
        let key = expr::term(part.split_whitespace().last()?)?;
        bases.push(key.base().to_string());
    }
    if bases.is_empty() || bases.iter().any(|b| !names.params.iter().any(|(n, _)| n == b)) {
        return None;
    }
    let keys: Vec<Key> = bases.iter().map(|b| Key::Var(b.clone())).collect();
    if let Some(chars) = charset(tail) {
        return constraints::fact(keys, move |f: &mut Facts| {
            for b in bases {
                f.alphabet.insert(b, chars.clone());
            }
        });
    }
    let values: Vec<f64> = tail
        .trim_start_matches("either ")
        .split(',')
        .flat_map(|p| p.split(" or "))
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .map(|p| p.parse::<f64>().ok())
        .collect::<Option<_>>()?;
    (!values.is_empty()).then_some(())?;
    constraints::fact(keys, move |f: &mut Facts| {
        for b in bases {
            f.choices.insert(b, values.clone());
        }
    })
}

/// The characters a sentence's tail names, or `None` when it names no class of them.
fn charset(tail: &str) -> Option<Vec<char>> {
    let lower = tail.to_ascii_lowercase();
    // More than an alphabet (`a valid parentheses string`, `digits which are at most limit`):
    // read as one, the rest would be dropped.
    if ["valid", "balanced", "which", "at most", "at least"].iter().any(|w| lower.contains(w)) {
        return None;
    }
    // 1358's `a, b or c characters`: bare letters, one each.
    let words = tail.trim_end_matches('.').trim_end_matches(" characters").trim_end_matches(" letters");
    let bare: Vec<&str> =
        words.split([',', ' ']).map(str::trim).filter(|w| !w.is_empty() && *w != "or" && *w != "and").collect();
    if bare.len() >= 2 && bare.iter().all(|w| w.len() == 1 && w.as_bytes()[0].is_ascii_alphabetic()) {
        return Some(bare.iter().map(|w| w.as_bytes()[0] as char).collect());
    }
    let mut set: Vec<char> = Vec::new();
    let (lo, up) = (
        lower.contains("lowercase") || lower.contains("lower-case") || lower.contains("lower case"),
        lower.contains("uppercase") || lower.contains("upper-case") || lower.contains("upper case"),
    );
    // `the '#' letter` (1309) names one character, not the letters; `lowercase English
    // characters` (1147) are letters.
    let characters = lower.contains("character") && (lo || up || lower.contains("english"));
    if lower.replace("' letter", "'").replace("\" letter", "\"").contains("letter") || characters {
        if lo || !up {
            set.extend('a'..='z');
        }
        if up || !lo {
            set.extend('A'..='Z');
        }
    }
    if lower.contains("digit") {
        set.extend('0'..='9');
    }
    if lower.contains("space") {
        set.push(' ');
    }
    // 1190's `lower case English characters and parentheses`.
    if lower.contains("parenthes") {
        set.extend(['(', ')']);
    }
    let quoted: Vec<char> = tail.chars().collect();
    let quoted: Vec<char> = quoted
        .windows(3)
        .filter(|w| w[0] == '\'' && w[2] == '\'' || w[0] == '"' && w[2] == '"')
        .map(|w| w[1])
        .collect();
    // `a digit in the range ['2', '9']` (17), `digits from '1' to '9'`, `letters from 'a' to
    // 'j'`, `digits '0' through '9'`: the characters between, not every digit.
    if let [a, b] = quoted[..]
        && ["range", "from", "through"].iter().any(|w| lower.contains(w))
    {
        return Some((a..=b).collect());
    }
    for c in quoted {
        if !set.contains(&c) {
            set.push(c);
        }
    }
    (!set.is_empty()).then_some(set)
}

/// A premise in the prose above the constraints: read only when it says an order (`you may
/// assume that calls are made in chronological order (timestamp is monotonically increasing)`)
/// or that a number has no leading zero; any other is left unread.
pub(super) fn premise(line: &str, names: &Names, tuples: &Tuples) -> Option<Line> {
    let lower = line.to_ascii_lowercase();
    // 1617's `In other words, the cities form a tree`: the edge list is a tree's, as a
    // constraint line's `valid tree` says (else the sentence stays a doubt).
    if (lower.contains("form a tree") || lower.contains("forms a tree"))
        && let Some(said) = flags(line, &lower, names, tuples, false)
    {
        return Some(said);
    }
    // 57's `an array of non-overlapping intervals … sorted in ascending order`: the order is
    // not all it says.
    if super::constraint_lines::SHAPES.iter().any(|w| lower.contains(w)) {
        return None;
    }
    if lower.contains("leading zero") || lower.contains("leading 0") {
        return leading_zeros(line, &lower, names);
    }
    let chained = lower.contains("previous row") && lower.contains("first");
    (sorted(&lower).is_some() || chained).then_some(())?;
    flags(line, &lower, names, tuples, true)
}

/// The parameters a sentence names, else the one it can only mean (the list whose pairs it
/// names, the edge list, the node parameters).
fn targets(line: &str, lower: &str, names: &Names, tuples: &Tuples) -> Vec<String> {
    let words: Vec<&str> = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
    let mut targets: Vec<String> =
        names.params.iter().filter(|(n, _)| words.contains(&n.as_str())).map(|(n, _)| n.clone()).collect();
    if targets.is_empty() {
        // `All the pairs [a_i, b_i] are distinct`: the list whose parts those are.
        targets = words.iter().filter_map(|w| tuples.get(*w)).map(|(list, _)| list.clone()).take(1).collect();
    }
    // `the cities form a tree` (1617): of the edge list.
    let graph = ["edge", "graph", "form a tree", "forms a tree"];
    if targets.is_empty() && graph.iter().any(|w| lower.contains(w)) {
        targets = names
            .params
            .iter()
            .filter(|(n, _)| n.to_ascii_lowercase().contains("edge"))
            .map(|(n, _)| n.clone())
            .collect();
    }
    // `The graph is connected` (684), 2492's `There are no repeated edges` of `roads`: of the
    // lists of pairs where no list is named for edges.
    if targets.is_empty() && ["graph", "edge", "path between"].iter().any(|w| lower.contains(w)) {
        targets = tuples.values().map(|(list, _)| list.clone()).filter(|l| names.known(l)).collect();
        targets.dedup();
    }
    if targets.is_empty() && lower.contains("self") {
        // `There are no self-loops` beside `roads[i] = [a_i, b_i]`: the lists of pairs.
        targets = tuples.values().map(|(list, _)| list.clone()).filter(|l| names.known(l)).collect();
        targets.dedup();
    }
    // 74's `Each row is sorted in non-decreasing order`: of the one grid.
    if targets.is_empty() && (lower.contains("row") || lower.contains("column")) && names.grids.len() == 1 {
        targets = names.grids.to_vec();
    }
    if targets.is_empty() && (lower.contains("node") || lower.contains("tree")) {
        targets = names.params.iter().filter(|(_, r)| !r.is_empty()).map(|(n, _)| n.clone()).collect();
    }
    targets
}

/// Unique, sorted, permutation, valid tree, no repeated edge: the parameters the sentence names,
/// else the one it can only mean (the edge list, the node parameters).
/// `order_only`: a premise's order, nothing else. A graph said `connected` is so besides what
/// else the line says (2699's `The graph is connected, and there are no self-loops or repeated
/// edges`: all three).
fn flags(line: &str, lower: &str, names: &Names, tuples: &Tuples, order_only: bool) -> Option<Line> {
    let mut targets = targets(line, lower, names, tuples);
    // `There are no self edges`, `The graph has no self-loops`: no edge joins a node to itself
    // (1971's random edges `[2,2]` sent a search round a loop the statement rules out).
    // Not `graph[i][j] != i (no self-loops)`: an adjacency list's rule, not a pair's.
    let self_loop = lower.contains("self") && (lower.contains("loop") || lower.contains("edge")) && !line.contains('[');
    if self_loop {
        let pairs = |t: &String| t.to_ascii_lowercase().contains("edge") || tuples.values().any(|(l, _)| l == t);
        targets.retain(pairs);
    }
    let before = &lower[..lower.find("self").unwrap_or(0)];
    let negated = before.starts_with("no ") || [" no ", " not ", "without", "never"].iter().any(|w| before.contains(w));
    // 787's `There will not be any multiple flights between two cities`: a negation that says
    // no pair twice.
    let no_multiple = lower.contains("multiple") && (lower.contains("not be any") || lower.contains("no multiple"));
    if targets.is_empty() || lower.contains(" not ") && !self_loop && !no_multiple {
        return None;
    }
    let keys: Vec<Key> = targets.iter().map(|t| Key::Var(t.clone())).collect();
    // `multiple flights between two cities` (787) speaks of pairs too.
    let rows = lower.contains("edge") || lower.contains("pair") || lower.contains(" between ");
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphabetic()).collect();
    // 1786's `There is at least one path between any two nodes`.
    let path = lower.contains("path between any two") || lower.contains("path between every");
    let connected = !order_only && (words.contains(&"connected") && (rows || words.contains(&"graph")) || path);
    let mut said: Vec<Flag> = flag(line, lower, rows, self_loop, negated, order_only).into_iter().collect();
    if self_loop
        && negated
        && let Some(twice) = pairs_flag(lower, rows)
    {
        said.push(twice);
    }
    if connected {
        said.push(Box::new(|f, t| {
            f.connected.insert(t);
        }));
    }
    if said.is_empty() {
        return None;
    }
    constraints::fact(keys, move |f: &mut Facts| {
        for t in targets {
            said.iter().for_each(|apply| apply(f, t.clone()));
        }
    })
}

/// The one thing a line says of its parameters (`flags`' reading, but `connected`).
fn flag(line: &str, lower: &str, rows: bool, self_loop: bool, negated: bool, order_only: bool) -> Option<Flag> {
    let flag: Flag = if order_only {
        order(lower)?
    } else if self_loop {
        if !negated {
            return None;
        }
        Box::new(|f, t| {
            f.distinct_ends.insert(t);
        })
    } else if lower.contains("same length") {
        // 1639's `All strings in words have the same length`.
        Box::new(|f, t| {
            f.same_length.insert(t);
        })
    } else if lower.contains("at least one") && (lower.contains("repeated") || lower.contains("twice")) {
        // 2351's `s has at least one repeated letter`.
        Box::new(|f, t| {
            f.repeat.insert(t);
        })
    } else if let Some(k) = exactly_repeated(lower) {
        Box::new(move |f, t| {
            f.repeated.insert(t, k);
        })
    } else if let Some(flag) = pairs_flag(lower, rows) {
        flag
    } else if (lower.contains("unique") || lower.contains("distinct"))
        // Not 961's `n + 1 unique elements and one of them is repeated exactly n times`.
        && !lower.split(|c: char| !c.is_ascii_alphabetic()).any(|w| ["repeated", "twice"].contains(&w))
    {
        // `board[i][j]`: every cell of the grid (773's sliding puzzle), not each row alone.
        let cells = line.contains("[i][j]");
        Box::new(move |f, t| {
            if cells {
                f.unique_cells.insert(t.clone());
            }
            f.unique.insert(t);
        })
    } else if lower.contains("permutation") {
        Box::new(|f, t| {
            f.permutation.insert(t);
        })
    } else {
        order(lower)?
    };
    Some(flag)
}

/// What a line says of an edge list or a list of pairs (`rows`: it speaks of edges or pairs): a
/// graph with no cycle (1462's `The prerequisites graph has no cycles`: the pairs go one way
/// along an order), a tree, no pair twice.
fn pairs_flag(lower: &str, rows: bool) -> Option<Flag> {
    let acyclic = lower.contains("no cycle") || lower.contains("acyclic");
    if (rows || lower.contains("graph")) && acyclic && !lower.contains(" may ") {
        return Some(Box::new(|f, t| {
            f.acyclic.insert(t);
        }));
    }
    if ["valid tree", "form a tree", "forms a tree", "represent a tree"].iter().any(|w| lower.contains(w)) {
        return Some(Box::new(|f, t| {
            f.tree_edges.insert(t);
        }));
    }
    // 2204's `There is at most one edge between any pair of vertices`.
    let twice = ["repeated", "duplicate", "distinct", "unique", "twice", "at most one", "multiple"]
        .iter()
        .any(|w| lower.contains(w));
    // `no repeated edges`, 743's `All the pairs (u_i, v_i) are unique`: of the ends alone (an
    // edge's weight does not make it another edge).
    let edges = lower.contains("edge") || lower.contains("pair") || lower.contains("between");
    let distinct: Flag = Box::new(move |f, t| {
        if edges {
            f.distinct_pairs.insert(t)
        } else {
            f.distinct_rows.insert(t)
        };
    });
    // `There may be multiple edges between two nodes` allows them (`may have at most one` does
    // not).
    let allowed = lower.contains(" may ") && !lower.contains("at most one");
    (rows && twice && !allowed).then_some(distinct)
}

/// A sorted list, or a design argument's order over the calls (strictly: no value twice).
fn order(lower: &str) -> Option<Flag> {
    // 74's `The first integer of each row is greater than the last integer of the previous row`.
    if lower.contains("previous row") && lower.contains("first") {
        return Some(Box::new(|f, t| {
            f.chained.insert(t.clone());
            f.sorted.insert(t, Sort::Ascending);
        }));
    }
    let order = sorted(lower)?;
    let strict = lower.contains("strictly");
    // 240's `… in each column are sorted`, 378's `All the rows and columns of matrix are …`.
    let (rows, columns) = (!lower.contains("column") || lower.contains("row"), lower.contains("column"));
    Some(Box::new(move |f, t| {
        if strict {
            f.unique.insert(t.clone());
        }
        if columns {
            f.sorted_columns.insert(t.clone(), order);
        }
        if rows {
            f.sorted.insert(t, order);
        }
    }))
}

/// `exactly two repeated elements` (3289): how many values come twice.
/// `precisely one integer which appears two or more times` (287) too, drawn twice.
fn exactly_repeated(lower: &str) -> Option<usize> {
    let word = ["exactly ", "precisely "].iter().find_map(|w| lower.split(w).nth(1))?.split_whitespace().next()?;
    ["repeated", "two or more times", "more than once"].iter().any(|w| lower.contains(w)).then_some(())?;
    ["one", "two", "three"].iter().position(|w| *w == word).map(|i| i + 1).or_else(|| word.parse().ok())
}

/// A flag set on one target parameter.
type Flag = Box<dyn Fn(&mut Facts, String)>;

fn sorted(lower: &str) -> Option<Sort> {
    // `nums is strictly increasing` (2367) says it without `sorted` or `order`.
    // A design method's argument across calls (933's `call ping with strictly increasing values
    // of t`, `every call to ping uses a strictly larger value of t than the previous call`).
    // 34's `nums is a non-decreasing array`, of a list itself (not 1439's `mat[i]`, a row); not
    // 33's `an ascending array that is possibly rotated`, which is no sorted list.
    let list = !lower.contains('[');
    let said = [" is strictly ", " is non-", " are strictly ", " are non-", "increasing values", "decreasing values"]
        .iter()
        .chain(if list { &[" is a non-", " is a strictly "][..] } else { &[] })
        .any(|w| lower.contains(w));
    if lower.contains("rotated") {
        return None;
    }
    if lower.contains("than the previous") {
        let up = ["larger", "greater", "bigger", "higher"].iter().any(|w| lower.contains(w));
        let down = ["smaller", "less", "lower"].iter().any(|w| lower.contains(w));
        return match (up, down) {
            (true, false) => Some(Sort::Ascending),
            (false, true) => Some(Sort::Descending),
            _ => None,
        };
    }
    if !(lower.contains("sorted") || lower.contains("order") || said) {
        return None;
    }
    // `non-decreasing` says `decreasing` too (2529's ascending list was drawn descending).
    let lower = lower.replace("non-decreasing", "ascending");
    if lower.contains("non-increasing") || lower.contains("descending") || lower.contains("decreasing") {
        Some(Sort::Descending)
    } else if lower.contains("non-decreasing") || lower.contains("ascending") || lower.contains("increasing") {
        Some(Sort::Ascending)
    } else {
        None
    }
}

/// The number written after `word` (`At most 3 * 10^4 calls`).
fn number_after(lower: &str, word: &str) -> Option<f64> {
    let rest = &lower[lower.find(word)? + word.len()..];
    let end = rest.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(rest.len());
    expr::parse(rest[..end].trim())?.eval(&|_| None)
}
