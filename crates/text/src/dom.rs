//! The statement's one parse: html5ever's tree, as html2text hands it out, and the few questions
//! the converter's rules and the sample reader ask of a node (its name, an attribute, a class,
//! its text). Its own module, as both read the same tree.
//!
//! html2text re-exports the tree (`RcDom`, `Handle`) and the `Element`, `Comment` and `Document`
//! variants of its node type, but not `Text`: a text node is what is none of those below the
//! document (html5ever turns processing instructions into comments, and a doctype is a child of
//! the document node alone), and its text is read back through html5ever's own serializer, whose
//! escaping is undone here.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use html2text::{Comment, Document, Element, Handle, RcDom};

/// Parses a statement (a fragment or a whole document) as a browser would: every character
/// reference decoded, comments set apart, implied end tags and broken markup repaired.
pub fn parse(html: &str) -> Option<RcDom> {
    // The decorator only matters to html2text's renderer, which we do not use: the trivial one
    // costs nothing to set up (`plain()` builds style rules, 1% of a 5 KB statement's time).
    html2text::config::with_decorator(html2text::render::TrivialDecorator::new()).parse_html(html.as_bytes()).ok()
}

/// What a node is, as the rules see it.
pub enum Node<'a> {
    /// An element: its lower-case local name.
    Element(&'a str),
    /// A text node (below the document node).
    Text,
    /// Comments and the document node.
    Other,
}

/// The kind of `node` (a child of the document node that is not an element is a doctype: the
/// walks start at the document's elements).
pub fn kind(node: &Handle) -> Node<'_> {
    match &node.data {
        Element { name, .. } => Node::Element(&name.local),
        Comment { .. } | Document => Node::Other,
        _ => Node::Text,
    }
}

/// The element's name, or `""` for any other node.
pub fn name(node: &Handle) -> &str {
    match &node.data {
        Element { name, .. } => &name.local,
        _ => "",
    }
}

/// The value of attribute `key` (lower case), if the element has it.
pub fn attr(node: &Handle, key: &str) -> Option<String> {
    let Element { attrs, .. } = &node.data else { return None };
    attrs.borrow().iter().find(|a| &*a.name.local == key).map(|a| a.value.to_string())
}

/// Does the element have a class for which `f` holds?
pub fn has_class(node: &Handle, f: impl Fn(&str) -> bool) -> bool {
    let Element { attrs, .. } = &node.data else { return false };
    attrs.borrow().iter().any(|a| &*a.name.local == "class" && a.value.split_ascii_whitespace().any(&f))
}

/// Is the element hidden (`hidden`, or `display: none` in its style)?
pub fn is_hidden(node: &Handle) -> bool {
    let Element { attrs, .. } = &node.data else { return false };
    attrs.borrow().iter().any(|a| match &*a.name.local {
        "hidden" => true,
        "style" => {
            let style: String = a.value.chars().filter(|c| !c.is_whitespace()).collect();
            style.to_ascii_lowercase().contains("display:none")
        }
        _ => false,
    })
}

thread_local! {
    /// The serializer's output, kept between text nodes (a statement has hundreds).
    static SERIALIZED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The text of a text node, appended to `out`.
pub fn push_text(node: &Handle, out: &mut String) {
    SERIALIZED.with(|buf| {
        let mut buf = buf.borrow_mut();
        buf.clear();
        // Serializing into memory cannot fail; a text node is written escaped (`&amp;`, `&lt;`,
        // `&gt;`, `&nbsp;`), whatever its parent.
        if node.serialize(&mut *buf).is_ok()
            && let Ok(s) = std::str::from_utf8(&buf)
        {
            unescape(s, out);
        }
    });
}

/// The text of a tree's text nodes as the converter read them, for the sample reader to read
/// again: a text node read back through html5ever's serializer costs about a thousand
/// instructions (its queue, its stack and two `memchr`s), half of a sample extraction's cost.
/// Nodes are known by address, which stays theirs while the tree lives: one `Texts` belongs to
/// one tree (see `Statement`).
#[derive(Default)]
pub struct Texts(RefCell<Kept>);

/// The texts one after the other, and each node's address and range in them: as read (a push
/// costs the converter less than an insert), then indexed when the sample reader first asks.
#[derive(Default)]
struct Kept(String, Vec<(usize, usize, usize)>, HashMap<usize, (usize, usize)>);

impl Texts {
    /// Reads a text node's text (and keeps it), then hands it to `f`.
    pub fn read<R>(&self, node: &Handle, f: impl FnOnce(&str) -> R) -> R {
        let Kept(text, read, _) = &mut *self.0.borrow_mut();
        let start = text.len();
        push_text(node, text);
        read.push((Rc::as_ptr(node) as usize, start, text.len()));
        f(&text[start..])
    }

    /// A text node's text, appended to `out`: from what was kept when the converter read it,
    /// else read afresh (and not kept: the sample reader reads few nodes the converter did not).
    pub fn push(&self, node: &Handle, out: &mut String) {
        let Kept(text, read, index) = &mut *self.0.borrow_mut();
        index.extend(read.drain(..).map(|(at, start, end)| (at, (start, end))));
        match index.get(&(Rc::as_ptr(node) as usize)) {
            Some(&(start, end)) => out.push_str(&text[start..end]),
            None => push_text(node, out),
        }
    }
}

/// Undoes the serializer's escaping.
fn unescape(s: &str, out: &mut String) {
    if !s.as_bytes().contains(&b'&') {
        out.push_str(s);
        return;
    }
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        let after = &rest[p..];
        let (c, len) = [("&amp;", '&'), ("&lt;", '<'), ("&gt;", '>'), ("&nbsp;", '\u{a0}')]
            .iter()
            .find(|(e, _)| after.starts_with(e))
            .map_or(('&', 1), |(e, c)| (*c, e.len()));
        out.push(c);
        rest = &after[len..];
    }
    out.push_str(rest);
}

/// The element's text content: its text nodes in order (comments left out), appended to `out`.
pub fn push_text_content(node: &Handle, out: &mut String) {
    text_nodes(node, |n| push_text(n, out));
}

/// Calls `f` on each text node below `node`, in document order. Iterative: a tree may be deeper
/// than the stack.
pub fn text_nodes(node: &Handle, mut f: impl FnMut(&Handle)) {
    let mut stack: Vec<Handle> = node.children.borrow().iter().rev().cloned().collect();
    while let Some(n) = stack.pop() {
        match kind(&n) {
            Node::Text => f(&n),
            Node::Element(_) => stack.extend(n.children.borrow().iter().rev().cloned()),
            Node::Other => {}
        }
    }
}

/// The elements below `node` at any depth, in document order, for which `f` holds (the search
/// does not descend into a match). Iterative: a tree may be deeper than the stack.
pub fn find_all(node: &Handle, f: impl Fn(&Handle) -> bool) -> Vec<Handle> {
    let mut found = Vec::new();
    let mut stack: Vec<Handle> = node.children.borrow().iter().rev().cloned().collect();
    while let Some(n) = stack.pop() {
        if matches!(kind(&n), Node::Element(_)) {
            if f(&n) {
                found.push(n);
            } else {
                stack.extend(n.children.borrow().iter().rev().cloned());
            }
        }
    }
    found
}
