//! LeetCode testcases generated from the statement, for the stress test and the largest-input
//! run: a [`Plan`] read once from the problem (the parameters' types from the examples and the
//! code's signature, the constraints from the statement), then a testcase per seed and size in
//! LeetCode's own syntax (`nums = [2,7,11,15], target = 9`, or a design problem's two lines),
//! which `example::parse` reads as it reads the examples. Pure: no I/O, no clock; a seed and a
//! size always give the same testcase.
//!
//! The plan says which constraint lines it read and which it did not: a generated input may
//! break an unread one (`Exactly one valid answer exists`), and a counterexample is judged with
//! that in mind.

mod constraint_lines;
mod constraints;
mod expr;
mod members;
mod nodes;
mod premises;
mod prose;
mod rng;
mod shape;
mod values;

#[cfg(test)]
mod tests;

use serde_json::Value;

use super::example::{Call, Example};
use super::node::NodeKind;
use shape::{Role, Ty};

/// A problem's generator, read once.
#[derive(Debug)]
pub struct Plan {
    form: Form,
    facts: constraints::Facts,
    /// Parameters whose value is one of another's (`members`): (member, container).
    members: Vec<(String, String)>,
    /// Facts the generator assumed where the statement says nothing it could read.
    assumed: Vec<String>,
    /// What every example satisfies and chance seldom does: kept by every testcase.
    premises: Vec<premises::Premise>,
}

#[derive(Debug)]
enum Form {
    Function(Vec<Param>),
    Design(Design),
}

/// A function's parameter.
#[derive(Debug, Clone)]
struct Param {
    name: String,
    ty: Ty,
    role: Role,
    /// The examples' values, for what the constraints do not say (a range, a row's width).
    seen: Vec<Value>,
}

#[derive(Debug)]
struct Design {
    /// The constructor, then the other methods the examples call, each with its parameters.
    methods: Vec<Method>,
}

#[derive(Debug)]
struct Method {
    name: String,
    params: Vec<Param>,
    /// The most calls of it in one example.
    calls: usize,
}

/// The plan of a LeetCode statement as the backend gives it (HTML or Markdown): its examples
/// read as the judge reads them, the node class from the code when there is code (`Node` with
/// `children` is an N-ary tree). The entry point for tools and examples outside the judge.
pub fn plan_statement(content: &str, code: Option<&str>) -> Result<Plan, String> {
    let markdown = crate::convert::to_markdown(Some(content));
    let samples = crate::samples::extract(content, "leetcode");
    let examples: Vec<Example> =
        samples.tests.iter().filter_map(|s| super::example::parse(&s.input, &s.output).ok()).collect();
    let lang = crate::judge::toolchain::Lang::Python;
    let node = code.and_then(|c| super::kind::classify(None, &markdown, c, lang).ok()).and_then(|e| e.node);
    plan(&markdown, &examples, code, node)
}

/// Builds the plan from the statement's Markdown, the examples read from it, the code (its
/// signature says what the examples cannot: a `TreeNode`, a `char`) and the node class the
/// judge decided (`kind::Extras::node`). `Err` says why no testcase can be generated.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn plan(
    markdown: &str,
    examples: &[Example],
    code: Option<&str>,
    node: Option<NodeKind>,
) -> Result<Plan, String> {
    let first = examples.first().ok_or("no example could be read: the parameters' types are unknown")?;
    let lines = constraint_lines::constraint_lines(markdown);
    let form = match &first.call {
        Call::Function(args) => Form::Function(function(args, examples, code, node)?),
        Call::Design { .. } => Form::Design(statement_names(design(examples, code, node)?, &lines)),
    };
    let names: Vec<(String, &'static str)> =
        params_of(&form).iter().map(|p| (p.name.clone(), p.role.nodes())).collect();
    // `edges[i] = [a_i, b_i]` is often said in the statement, not under the constraints.
    let statement: Vec<String> = markdown.lines().map(constraint_lines::plain).collect();
    // What the prose above the constraints assumes of the input (`You may assume that each input
    // would have exactly one solution`): listed with the lines not read, a premise kept by none,
    // unless `prose::premise` reads it (933's `every call to ping uses a strictly larger value of
    // t than the previous call`).
    let mut prose_lines: Vec<String> = Vec::new();
    for s in constraint_lines::prose_premises(markdown) {
        if !lines.contains(&s) && !prose_lines.contains(&s) {
            prose_lines.push(s);
        }
    }
    let kinds = ParamKinds::of(&form);
    let reader = kinds.names(&names);
    let mut facts = constraints::read(&lines, &statement, &reader, prose::sentence);
    // Premises in the prose are read only for an order or a number's leading zero: elsewhere
    // their words speak of the answer or of a whole structure (`there is always a binary search
    // tree with the given requirements`, `only one unique set of k values is closest`).
    facts.absorb(constraints::read(&prose_lines, &statement, &reader, prose::premise));
    let lower = markdown.to_ascii_lowercase();
    // What the statement's prose says of the tree, beyond the constraints.
    if names.iter().any(|(_, r)| *r == "tree") {
        facts.bst |= lower.contains("binary search tree");
        facts.perfect |= lower.contains("perfect binary tree");
        facts.complete |= lower.contains("complete binary tree");
    }
    let mut form = form;
    chars_where_no_length(&mut form, &facts);
    let members = match &mut form {
        Form::Function(ps) => members::read(ps, &mut facts),
        Form::Design(_) => Vec::new(),
    };
    let mut premises = match &form {
        Form::Function(ps) => premises::read(ps, &mut facts.unread, &mut facts.read),
        Form::Design(_) => Vec::new(),
    };
    premises.extend(facts.no_leading_zero.iter().map(|p| premises::Premise::NoLeadingZero(p.clone())));
    if matches!(form, Form::Design(_)) && !facts.no_leading_zero.is_empty() {
        // A design call's arguments are not mended: the line stays unread, its inputs doubted.
        let (lead, rest): (Vec<String>, Vec<String>) =
            facts.read.drain(..).partition(|l| l.to_ascii_lowercase().contains("leading"));
        facts.read = rest;
        facts.unread.extend(lead);
    }
    let mut plan = Plan { form, facts, members, assumed: Vec::new(), premises };
    plan.assumed = values::assumptions(&plan);
    Ok(plan)
}

fn function(
    args: &[(String, Value)],
    examples: &[Example],
    code: Option<&str>,
    node: Option<NodeKind>,
) -> Result<Vec<Param>, String> {
    if args.iter().any(|(n, _)| n.is_empty()) {
        return Err("the examples' arguments have no names".into());
    }
    let mut params = Vec::new();
    for (i, (name, _)) in args.iter().enumerate() {
        let seen: Vec<Value> = examples
            .iter()
            .filter_map(|e| match &e.call {
                Call::Function(a) => a.iter().find(|(n, _)| n == name).or_else(|| a.get(i)).map(|(_, v)| v.clone()),
                Call::Design { .. } => None,
            })
            .collect();
        let declared = code.and_then(|c| shape::declared(c, name));
        let refs: Vec<&Value> = seen.iter().collect();
        let role = shape::role(name, &refs, declared, node);
        let mut ty = seen.iter().map(shape::of).fold(Ty::Unknown, shape::unify);
        if declared.is_some_and(|d| d.contains("char") || d.contains("Character")) {
            ty = shape::chars(ty);
        }
        params.push(Param { name: name.clone(), ty, role, seen });
    }
    Ok(params)
}

fn design(examples: &[Example], code: Option<&str>, node: Option<NodeKind>) -> Result<Design, String> {
    let mut methods: Vec<Method> = Vec::new();
    for e in examples {
        let Call::Design { methods: names, args } = &e.call else { continue };
        // The methods are the design class's (the first call's name), not a helper class's.
        let code = code.map(|c| names.first().map_or(c, |n| shape::class_body(c, n)));
        for (k, (name, list)) in names.iter().zip(args).enumerate() {
            let slot = match methods.iter().position(|m| &m.name == name) {
                Some(i) => i,
                None => {
                    let params = code.and_then(|c| shape::method_params(c, if k == 0 { "__init__" } else { name }));
                    let params =
                        params.or_else(|| code.and_then(|c| shape::method_params(c, name))).unwrap_or_default();
                    let params = params
                        .into_iter()
                        .map(|n| Param { name: n, ty: Ty::Unknown, role: Role::Plain, seen: Vec::new() })
                        .collect();
                    methods.push(Method { name: name.clone(), params, calls: 0 });
                    methods.len() - 1
                }
            };
            let m = &mut methods[slot];
            let list = list.as_array().map(Vec::as_slice).unwrap_or_default();
            if m.params.len() != list.len() {
                // The code's names do not fit the example's arguments: positions, unnamed.
                m.params = (0..list.len())
                    .map(|i| Param { name: format!("#{i}"), ty: Ty::Unknown, role: Role::Plain, seen: Vec::new() })
                    .collect();
            }
            for (p, v) in m.params.iter_mut().zip(list) {
                p.ty = shape::unify(p.ty.clone(), shape::of(v));
                p.seen.push(v.clone());
            }
        }
        for m in &mut methods {
            m.calls = m.calls.max(names.iter().filter(|n| **n == m.name).count());
        }
    }
    if methods.is_empty() {
        return Err("no design example could be read".into());
    }
    // A constructor's `root: TreeNode` is a tree, as a function's is.
    for p in methods.iter_mut().flat_map(|m| m.params.iter_mut()) {
        let declared = code.and_then(|c| shape::declared(c, &p.name));
        let refs: Vec<&Value> = p.seen.iter().collect();
        p.role = shape::role(&p.name, &refs, declared, node);
    }
    Ok(Design { methods })
}

/// A design method's parameter named in the code but not in the constraints takes the name of
/// the constraints that begins its own (731's `book(startTime, endTime)` under `0 <= start < end
/// <= 10^9`: LeetCode renamed the code's, not the statement's): a call's arguments are positional.
fn statement_names(mut d: Design, lines: &[String]) -> Design {
    let words: Vec<&str> = lines.iter().flat_map(|l| l.split(|c: char| !(c.is_alphanumeric() || c == '_'))).collect();
    for p in d.methods.iter_mut().flat_map(|m| m.params.iter_mut()) {
        if let Some(w) = words.iter().find(|w| w.len() >= 3 && p.name.starts_with(**w))
            && !words.contains(&p.name.as_str())
        {
            p.name = w.to_string();
        }
    }
    d
}

/// The parameters by kind, as the constraint reader asks for them (`constraints::Names`).
struct ParamKinds {
    flat: Vec<String>,
    strings: Vec<String>,
    grids: Vec<String>,
    methods: Vec<String>,
}

impl ParamKinds {
    fn of(form: &Form) -> Self {
        let named = |keep: &dyn Fn(&Ty) -> bool| -> Vec<String> {
            params_of(form).into_iter().filter(|p| keep(&p.ty)).map(|p| p.name.clone()).collect()
        };
        let number = |t: &Ty| matches!(t, Ty::Int | Ty::Double);
        ParamKinds {
            flat: named(&|t| matches!(t, Ty::List(i) if number(i))),
            strings: named(&|t| *t == Ty::Str || matches!(t, Ty::List(i) if **i == Ty::Str)),
            grids: named(&|t| matches!(t, Ty::List(r) if matches!(&**r, Ty::List(i) if number(i)))),
            methods: match form {
                Form::Design(d) => d.methods.iter().skip(1).map(|m| m.name.clone()).collect(),
                Form::Function(_) => Vec::new(),
            },
        }
    }

    fn names<'a>(&'a self, params: &'a [(String, &'static str)]) -> constraints::Names<'a> {
        constraints::Names {
            params,
            flat: &self.flat,
            strings: &self.strings,
            grids: &self.grids,
            methods: &self.methods,
        }
    }
}

/// A string every example writes as one character, with no length stated, is a character.
/// A function's parameters, or every design method's.
fn params_of(form: &Form) -> Vec<&Param> {
    match form {
        Form::Function(ps) => ps.iter().collect(),
        Form::Design(d) => d.methods.iter().flat_map(|m| &m.params).collect(),
    }
}

fn chars_where_no_length(form: &mut Form, facts: &constraints::Facts) {
    let params: Vec<&mut Param> = match form {
        Form::Function(ps) => ps.iter_mut().collect(),
        Form::Design(d) => d.methods.iter_mut().flat_map(|m| m.params.iter_mut()).collect(),
    };
    for p in params {
        let len_key =
            if matches!(p.ty, Ty::Str) { expr::Key::Len(p.name.clone()) } else { expr::Key::Inner(p.name.clone()) };
        let all_one = p.seen.iter().filter_map(shape::one_char).reduce(|a, b| a && b).unwrap_or(false);
        if all_one && !facts.bounded(&len_key) && !matches!(p.ty, Ty::Char) {
            p.ty = shape::chars(p.ty.clone());
        }
    }
}

impl Plan {
    /// The testcase for `seed` at `size`, a fraction in `(0, 1]` of the largest input the
    /// constraints allow (1: that input itself, every length at its maximum).
    pub fn testcase(&self, seed: u64, size: f64) -> String {
        values::testcase(self, seed, size.clamp(0.0, 1.0), false)
    }

    /// The largest input the constraints allow: every length and scalar at its maximum (the
    /// largest testcases of [`Plan::testcase`] put some scalars at their least instead).
    pub fn largest(&self, seed: u64) -> String {
        values::testcase(self, seed, 1.0, true)
    }

    /// The constraint lines read, as the statement writes them (made plain).
    pub fn read(&self) -> &[String] {
        &self.facts.read
    }

    /// The constraint lines not read: a generated testcase may break them.
    pub fn unread(&self) -> &[String] {
        &self.facts.unread
    }

    /// The lines not read that may rule out a generated input (not those that bound only the
    /// answer's size or the number of calls): while there is one, a failure on a generated input
    /// is not a proven counterexample.
    pub fn doubts(&self) -> Vec<String> {
        self.facts.unread.iter().filter(|l| constraint_lines::may_restrict(l)).cloned().collect()
    }

    /// What the generator assumed where it read no constraint (a range from the examples).
    pub fn assumed(&self) -> &[String] {
        &self.assumed
    }

    /// The premises read from the examples (every example has them), which every testcase keeps.
    pub fn premises(&self) -> Vec<String> {
        // A line's rule (no leading zero) is listed with the lines read, not here.
        let from_examples = |p: &&premises::Premise| !matches!(p, premises::Premise::NoLeadingZero(_));
        self.premises.iter().filter(from_examples).map(premises::Premise::describe).collect()
    }
}
