//! A LeetCode example read as data, once, here: the arguments of the call (`nums = [2,7,11,15],
//! target = 9`, a value may span lines), or for a design problem the two arrays of method names
//! and argument lists; and the expected value, the first value after `Output` (whatever follows
//! it: a misspelt `Explanation`, a comment). Zero-width and no-break spaces are dropped. Every
//! driver reads the call as one JSON document (`to_stdin`) and prints the result as JSON.

use serde_json::Value;

/// What an example calls.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Call {
    /// The method's arguments in the example's order, with their names (empty when unnamed).
    Function(Vec<(String, Value)>),
    /// A design problem: the constructor and the methods, and each one's argument list.
    Design { methods: Vec<String>, args: Vec<Value> },
}

/// One example: the call and the value it must give.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Example {
    pub(crate) call: Call,
    pub(crate) expected: Value,
}

/// Reads an example's input and output texts as the statement shows them.
pub(crate) fn parse(input: &str, output: &str) -> Result<Example, String> {
    let input = clean(input);
    let output = clean(output);
    // The label written twice ("Output: Output: [[1,1,0],…]", 2711's statement): the value after it.
    let output = output.trim_start().strip_prefix("Output:").map_or(output.clone(), str::to_string);
    let call = call(&input)?;
    let expected = match value_at(&output) {
        Some((v, _)) => v,
        None => cycle_entry(&call, &output)
            .ok_or_else(|| format!("the expected output is not a value: {}", cut(&output)))?,
    };
    Ok(Example { call, expected })
}

/// 142's answer in words, "tail connects to node index 1" or "no cycle": the node the cycle
/// enters, as its value in the example's `head` (the drivers show a returned node as its value
/// where one value is expected), or `null`.
fn cycle_entry(call: &Call, output: &str) -> Option<Value> {
    let Call::Function(args) = call else { return None };
    let text = output.trim_start().to_ascii_lowercase();
    if text.starts_with("no cycle") {
        return Some(Value::Null);
    }
    let index = text.strip_prefix("tail connects to node index")?.split_whitespace().next()?.parse::<usize>().ok()?;
    let head = args.iter().find(|(name, _)| name == "head")?.1.as_array()?;
    head.get(index).cloned()
}

/// The call as the drivers read it: `{"args":[…],"names":[…]}`, or
/// `{"methods":[…],"args":[[…],…]}` for a design problem; `extra` (the problem's node or API
/// kind) is added as it is.
pub(crate) fn to_stdin(call: &Call, extra: &[(&str, Value)]) -> String {
    let mut v = match call {
        Call::Function(args) => json!({
            "names": args.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            "args": args.iter().map(|(_, v)| v).collect::<Vec<_>>(),
        }),
        Call::Design { methods, args } => json!({ "methods": methods, "args": args }),
    };
    for (k, x) in extra {
        v[*k] = x.clone();
    }
    v.to_string() + "\n"
}

/// Zero-width characters dropped, no-break spaces made spaces.
fn clean(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' | '\u{feff}'))
        .map(|c| if c == '\u{a0}' || c == '\u{3000}' { ' ' } else { c })
        .collect()
}

fn cut(s: &str) -> String {
    let s = s.trim();
    if s.chars().count() > 80 { s.chars().take(80).collect::<String>() + "…" } else { s.to_string() }
}

/// The arguments of an input: `name = value` pairs separated by commas or lines; values without
/// names (`[“MinStack”,“push”]` then `[[],[1]]`) are a design problem's two arrays.
fn call(input: &str) -> Result<Call, String> {
    let mut args = Vec::new();
    let mut rest = input;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == ';');
        if rest.is_empty() {
            break;
        }
        let (name, after) = name_at(rest);
        let Some((v, len)) = value_at(after) else {
            return Err(format!(
                "cannot read the value of {}: {}",
                if name.is_empty() { "an argument" } else { name },
                cut(after)
            ));
        };
        args.push((name.to_string(), v));
        rest = &after[len..];
    }
    if args.is_empty() {
        return Err("the example's input is empty".into());
    }
    Ok(design(&args).unwrap_or(Call::Function(args)))
}

/// Two unnamed arrays, method names then argument lists of the same length: a design problem.
fn design(args: &[(String, Value)]) -> Option<Call> {
    let [(n1, Value::Array(methods)), (n2, Value::Array(lists))] = args else { return None };
    let named = !n1.is_empty() || !n2.is_empty();
    let names: Option<Vec<String>> = methods.iter().map(|m| m.as_str().map(str::to_string)).collect();
    let names = names.filter(|n| !n.is_empty() && n.len() == lists.len())?;
    (!named && lists.iter().all(Value::is_array)).then(|| Call::Design { methods: names, args: lists.clone() })
}

/// `name =` at the start of `s`: the name and the text after `=`; else no name and `s`.
fn name_at(s: &str) -> (&str, &str) {
    let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
    if end == 0 || s.starts_with(|c: char| c.is_ascii_digit()) {
        return ("", s);
    }
    let after = s[end..].trim_start();
    match after.strip_prefix('=') {
        Some(v) if !v.starts_with('=') => (&s[..end], v),
        _ => ("", s),
    }
}

/// The LeetCode value at the start of `s` (after white space) and the bytes it takes: JSON, with
/// what LeetCode also writes (single-quoted characters, a bare `#` in a level-order list); `None`
/// when it is not a value.
pub(crate) fn value_at(s: &str) -> Option<(Value, usize)> {
    let t = s.trim_start();
    let skipped = s.len() - t.len();
    let len = extent(t)?;
    let text = &t[..len];
    let v = serde_json::from_str(text)
        .ok()
        .or_else(|| serde_json::from_str(&lenient(text)).ok())
        .or_else(|| text.starts_with('[').then(|| serde_json::from_str(&bare_words(&lenient(text))).ok()).flatten())?;
    Some((v, skipped + len))
}

/// The length of the value at the start of `t`: a bracketed value to its matching bracket, a
/// string to its quote, else a word of number or keyword characters.
fn extent(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    match b.first()? {
        b'[' | b'{' => {
            let (mut depth, mut quote, mut i) = (0usize, None::<u8>, 0);
            while i < b.len() {
                let c = b[i];
                match quote {
                    Some(_) if c == b'\\' => i += 1,
                    Some(q) if c == q => quote = None,
                    Some(_) => {}
                    None => match c {
                        b'"' | b'\'' => quote = Some(c),
                        b'[' | b'{' => depth += 1,
                        b']' | b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                return Some(i + 1);
                            }
                        }
                        _ => {}
                    },
                }
                i += 1;
            }
            None
        }
        q @ (b'"' | b'\'') => {
            let mut i = 1;
            while i < b.len() {
                match b[i] {
                    b'\\' => i += 1,
                    c if c == *q => return Some(i + 1),
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let end = t.find(|c: char| !(c.is_ascii_alphanumeric() || "+-._#".contains(c))).unwrap_or(t.len());
            (end > 0).then_some(end)
        }
    }
}

/// JSON from what LeetCode writes besides it: `'a'` for a character, a bare `#` (level-order
/// lists with next pointers) as the string `"#"`.
fn lenient(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut in_double = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                in_double = !in_double;
                out.push(c);
            }
            '\\' if in_double => {
                out.push(c);
                out.extend(chars.next());
            }
            '\'' if !in_double => {
                out.push('"');
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    if d == '"' {
                        out.push('\\');
                    }
                    out.push(d);
                }
                out.push('"');
            }
            '#' if !in_double => out.push_str("\"#\""),
            c => out.push(c),
        }
    }
    out
}

/// A list whose items are bare words (1612's expression trees: `[+,a,+,null,null,b,c]`): each
/// item that is not a JSON value made a string, and then every item but `null` (LeetCode wrote
/// characters unquoted: 1597's `[-,*,*,3,4,2,5]` holds the characters `3` and `4`).
fn bare_words(text: &str) -> String {
    let all = words_as_strings(text, false);
    if all == text { all } else { words_as_strings(text, true) }
}

/// `text` with each bare word of a list quoted; with `every`, every unquoted item but `null`.
fn words_as_strings(text: &str, every: bool) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut item = String::new();
    let mut in_double = false;
    let flush = |item: &mut String, out: &mut String| {
        let t = item.trim();
        let keep = if every { t == "null" || t.starts_with('"') } else { serde_json::from_str::<Value>(t).is_ok() };
        if t.is_empty() || keep {
            out.push_str(item);
        } else {
            out.push_str(&Value::String(t.to_string()).to_string());
        }
        item.clear();
    };
    for c in text.chars() {
        match c {
            '"' => {
                in_double = !in_double;
                item.push(c);
            }
            '[' | ']' | ',' | '{' | '}' | ':' if !in_double => {
                flush(&mut item, &mut out);
                out.push(c);
            }
            c => item.push(c),
        }
    }
    flush(&mut item, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_words_in_a_list_are_strings() {
        let (v, _) = value_at("[+,a,+,null,null,b,c], root2 = [x]").unwrap();
        assert_eq!(v, json!(["+", "a", "+", null, null, "b", "c"]));
        assert_eq!(value_at("[x]").unwrap().0, json!(["x"]));
        assert_eq!(value_at("[1,null,-2.5]").unwrap().0, json!([1, null, -2.5]));
        // Characters written unquoted beside digits: the digits are characters too (1597).
        assert_eq!(value_at("[-,*,*,3,4,null,5]").unwrap().0, json!(["-", "*", "*", "3", "4", null, "5"]));
        // A word alone is no value (142's "tail connects to node index 1" is read apart).
        assert!(value_at("tail connects").is_none());
    }

    fn args(input: &str) -> Vec<(String, Value)> {
        match parse(input, "0").unwrap().call {
            Call::Function(a) => a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_cycle_entry_in_words_is_the_node_s_value() {
        let e = parse("head = [3,2,0,-4], pos = 1", "tail connects to node index 1\nExplanation: …").unwrap();
        assert_eq!(e.expected, serde_json::json!(2));
        assert_eq!(parse("head = [1], pos = -1", "no cycle").unwrap().expected, Value::Null);
        assert!(parse("head = [1], pos = -1", "tail connects to node index 5").is_err());
    }

    #[test]
    fn an_output_label_written_twice_is_read_past() {
        let e = parse("grid = [[1,2,3],[3,1,5],[3,2,1]]", "Output: [[1,1,0],[1,0,1],[0,1,1]]").unwrap();
        assert_eq!(e.expected, serde_json::json!([[1, 1, 0], [1, 0, 1], [0, 1, 1]]));
        assert_eq!(parse("n = 1", " Output: 3").unwrap().expected, serde_json::json!(3));
    }

    #[test]
    fn arguments_by_name_across_lines() {
        assert_eq!(
            args("nums = [2,7,11,15], target = 9"),
            [("nums".into(), json!([2, 7, 11, 15])), ("target".into(), json!(9))]
        );
        let grid = "grid = [[1,2],\n [3,4]], k = 2";
        assert_eq!(args(grid), [("grid".into(), json!([[1, 2], [3, 4]])), ("k".into(), json!(2))]);
        assert_eq!(args("s = \"a, b = c\", t = \"x\""), [("s".into(), json!("a, b = c")), ("t".into(), json!("x"))]);
        assert_eq!(args("board = [['a','b'],['c','\"']]")[0].1, json!([["a", "b"], ["c", "\""]]));
        assert_eq!(
            args("root = [1,null,2]\u{200b}, target = 5\u{a0}"),
            [("root".into(), json!([1, null, 2])), ("target".into(), json!(5))]
        );
        assert_eq!(args("x = -2.50000, flag = true"), [("x".into(), json!(-2.5)), ("flag".into(), json!(true))]);
        assert_eq!(args("[1,2,3]"), [(String::new(), json!([1, 2, 3]))]);
    }

    #[test]
    fn a_design_problem() {
        let e = parse("[\"MinStack\",\"push\",\"getMin\"]\n[[],[-2],[]]", "[null,null,-2]").unwrap();
        assert_eq!(
            e.call,
            Call::Design {
                methods: vec!["MinStack".into(), "push".into(), "getMin".into()],
                args: vec![json!([]), json!([-2]), json!([])]
            }
        );
        assert_eq!(e.expected, json!([null, null, -2]));
        assert!(to_stdin(&e.call, &[]).starts_with("{\"args\":[[],[-2],[]],\"methods\""));
    }

    #[test]
    fn only_the_first_value_after_output() {
        assert_eq!(parse("n = 3", "[1,2]\nExplantion: the list").unwrap().expected, json!([1, 2]));
        assert_eq!(parse("n = 3", "3 (the third)").unwrap().expected, json!(3));
        assert_eq!(parse("n = 3", "\"ab\"\u{200b}").unwrap().expected, json!("ab"));
        assert_eq!(parse("root = [1]", "[1,#,2,3,#]").unwrap().expected, json!([1, "#", 2, 3, "#"]));
        assert!(parse("n = 3", "tail connects to node index 1").is_err());
        assert!(parse("n = ", "1").is_err());
        assert!(parse("", "1").is_err());
    }
}
