//! HTML statements (LeetCode, legacy Codeforces and AtCoder pages, HTML inside Markdown), read by
//! queries over the statement's tree, the way competitive-companion reads a page: the elements
//! that carry sample text, in document order: headings (`<h1>`–`<h6>`, Codeforces' `div.title` and
//! `div.section-title`, and bold text that names a sample half), `<pre>` blocks, LeetCode's
//! `div.example-block`; each one's text goes to the [`Collector`].

use html2text::Handle;

use super::cleanup::Sink;
use super::collect::Collector;
use crate::convert::Statement;
use crate::dom::{self, Node, Texts, has_class, kind};

/// An HTML chunk of a Markdown statement, parsed as a tree of its own.
pub(super) fn scan(html: &str, c: &mut Collector) {
    if let Some(tree) = Statement::parse_html(html) {
        scan_tree(&tree.document, &Texts::default(), c);
    }
}

/// The elements of the tree that carry sample text, in document order (an explicit stack: a tree
/// may be deeper than the thread's).
pub(super) fn scan_tree(root: &Handle, texts: &Texts, c: &mut Collector) {
    let mut stack: Vec<Handle> = root.children.borrow().iter().rev().cloned().collect();
    while let Some(node) = stack.pop() {
        let Node::Element(name) = kind(&node) else { continue };
        let t = tag(name);
        match t {
            Tag::Raw => {}
            Tag::Pre => c.pre(&text(&node, texts, true, &[]), ""),
            Tag::H(_) => {
                // A `<pre>` or heading inside a heading (a tag left open) is not heading text.
                let (heading, rest) = split(&node, texts, |t| matches!(t, Tag::Pre | Tag::H(_)));
                c.heading(&heading);
                stack.extend(rest.into_iter().rev());
            }
            Tag::Bold => {
                // Bold text around a block is a `<b>` left open: only its text before it counts.
                let (bold, rest) =
                    split(&node, texts, |t| matches!(t, Tag::Pre | Tag::H(_) | Tag::Div | Tag::Block | Tag::Cell));
                c.soft_heading(&bold);
                stack.extend(rest.into_iter().rev());
            }
            Tag::Div if has_class(&node, |k| k == "title" || k == "section-title") => {
                // A `div` inside a title is its Copy button.
                c.heading(&text(&node, texts, false, &[Tag::Div]));
            }
            Tag::Div if has_class(&node, |k| k == "example-block") => c.example(&text(&node, texts, false, &[])),
            // LeetCode's paragraph layout: `<p><strong>Input:</strong> nums = [1]</p>`.
            Tag::Block if c.reads_paragraphs() && name.eq_ignore_ascii_case("p") && starts_bold(&node) => {
                if !c.paragraph(&text(&node, texts, false, &[])) {
                    stack.extend(node.children.borrow().iter().rev().cloned());
                }
            }
            Tag::Block if c.reads_paragraphs() && name.eq_ignore_ascii_case("p") => {
                c.paragraph("");
                stack.extend(node.children.borrow().iter().rev().cloned());
            }
            _ => stack.extend(node.children.borrow().iter().rev().cloned()),
        }
    }
}

/// Whether an element's first child that is not white space is bold (`<strong>Input:</strong>`):
/// only such a paragraph can be a labelled part of an example, and only its text is read.
/// (The first two children are looked at: white space before the bold element is a text node,
/// which is not read here; a paragraph whose text does not start with a label is refused later.)
fn starts_bold(node: &Handle) -> bool {
    let children = node.children.borrow();
    children.iter().take(2).any(|c| matches!(kind(c), Node::Element(n) if tag(n) == Tag::Bold))
}

/// The text of `node` before the first element (at any depth) that `ends` holds for, and the
/// nodes from that element on, in document order. html5ever reopens a `<b>` left open inside
/// the next heading and `<pre>`, so the element that ends a heading may sit below a bold one.
fn split(node: &Handle, texts: &Texts, ends: impl Fn(Tag) -> bool) -> (String, Vec<Handle>) {
    let mut sink = Sink::with_buffer(String::new(), false);
    let mut rest = Vec::new();
    split_into(node, &ends, texts, &mut sink, &mut rest, 0);
    (sink.out, rest)
}

/// [`split`] below `node`; true once the ending element is found (`rest` then holds it and what
/// follows it up to `node`'s last child).
fn split_into(
    node: &Handle,
    ends: &impl Fn(Tag) -> bool,
    texts: &Texts,
    sink: &mut Sink,
    rest: &mut Vec<Handle>,
    depth: usize,
) -> bool {
    let children = node.children.borrow();
    for (i, child) in children.iter().enumerate() {
        let t = tag(dom::name(child));
        if !matches!(kind(child), Node::Element(_)) || depth > MAX_SPLIT_DEPTH {
            feed(child, texts, sink, &[]);
        } else if ends(t) {
            rest.extend(children[i..].iter().cloned());
            return true;
        } else if t != Tag::Raw {
            open(t, sink);
            if split_into(child, ends, texts, sink, rest, depth + 1) {
                rest.extend(children[i + 1..].iter().cloned());
                return true;
            }
            close(t, sink);
        }
    }
    false
}

/// Below this depth, an ending element is no longer looked for (the text is read whole).
const MAX_SPLIT_DEPTH: usize = 32;

/// The text of an element, literal (a `<pre>`) or flowing; elements of the `muted` kinds (and
/// scripts) are left out.
fn text(node: &Handle, texts: &Texts, literal: bool, muted: &[Tag]) -> String {
    let mut sink = Sink::with_buffer(String::new(), literal);
    for child in node.children.borrow().iter() {
        feed(child, texts, &mut sink, muted);
    }
    sink.out
}

/// A text node's text to `sink`, read into its scratch buffer.
fn feed_text(node: &Handle, texts: &Texts, sink: &mut Sink) {
    let mut t = std::mem::take(&mut sink.scratch);
    t.clear();
    texts.push(node, &mut t);
    sink.text(&t);
    sink.scratch = t;
}

/// Feeds a node's text to `sink`: tags as the sink's line breaks, marks and cells.
fn feed(node: &Handle, texts: &Texts, sink: &mut Sink, muted: &[Tag]) {
    // The open elements, each with its tag and the index of its next child: text nodes are read
    // in place, and only elements are held (a tree may be deeper than the thread's stack).
    let mut open_elements: Vec<(Handle, Tag, usize)> = Vec::new();
    let mut next = Some(node.clone());
    loop {
        if let Some(node) = next.take() {
            match kind(&node) {
                Node::Text => feed_text(&node, texts, sink),
                Node::Element(name) => {
                    let t = tag(name);
                    if t != Tag::Raw && !muted.contains(&t) {
                        open(t, sink);
                        open_elements.push((node, t, 0));
                    }
                }
                Node::Other => {}
            }
        }
        let Some((element, t, i)) = open_elements.last_mut() else { return };
        let children = element.children.borrow();
        match children.get(*i) {
            // Text right inside a table's rows is whitespace (html5ever moves any other text out,
            // before the table), which the next cell or row ends in flowing text: left unread
            // (the converter does not read it either, so it was not kept).
            Some(child) if matches!(kind(child), Node::Text) => {
                if sink.literal() || !matches!(dom::name(element), "table" | "thead" | "tbody" | "tfoot" | "tr") {
                    feed_text(child, texts, sink);
                }
            }
            Some(child) => next = Some(child.clone()),
            None => {
                close(*t, sink);
                drop(children);
                open_elements.pop();
                continue;
            }
        }
        *i += 1;
    }
}

/// What an element's start does to the text: a line break, a mark, a cell separator.
fn open(t: Tag, sink: &mut Sink) {
    match t {
        Tag::Br => sink.br(),
        Tag::Sup => sink.mark('^'),
        Tag::Sub => sink.mark('_'),
        Tag::Cell => sink.cell(),
        Tag::Pre => sink.enter_pre(),
        Tag::Div | Tag::Block | Tag::H(_) => sink.block(),
        _ => {}
    }
}

/// What an element's end does to the text.
fn close(t: Tag, sink: &mut Sink) {
    match t {
        Tag::Pre => sink.leave_pre(),
        Tag::Div | Tag::Block | Tag::H(_) => sink.block(),
        _ => {}
    }
}

/// Whether a line leaves the document inside `<pre>`, `<script>`, `<style>` or `<textarea>`,
/// given whether it started inside: the last such open or close tag on the line decides.
pub(super) fn ends_inside_raw(line: &str, mut inside: bool) -> bool {
    let b = line.as_bytes();
    let mut i = 0;
    while let Some(k) = b[i..].iter().position(|&c| c == b'<') {
        let at = i + k + 1;
        let closing = b.get(at) == Some(&b'/');
        let name_at = at + usize::from(closing);
        // Only `pr…`, `sc…`, `st…`, `te…` can name one: most tags are skipped on two bytes.
        let head = b.get(name_at..name_at + 2).map(|h| [h[0].to_ascii_lowercase(), h[1].to_ascii_lowercase()]);
        if !matches!(head, Some([b'p', b'r'] | [b's', b'c'] | [b's', b't'] | [b't', b'e'])) {
            i = at;
            continue;
        }
        let end = b[name_at..].iter().position(|c| !c.is_ascii_alphabetic()).map_or(b.len(), |n| name_at + n);
        if matches!(tag(&line[name_at..end]), Tag::Pre | Tag::Raw) {
            inside = !closing;
        }
        i = at;
    }
    inside
}

/// The tags the scanner tells apart; one lowercase lookup per tag (statements hold thousands).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tag {
    H(u8),
    Pre,
    Div,
    Br,
    Sup,
    Sub,
    /// `strong`, `b`.
    Bold,
    /// `td`, `th`.
    Cell,
    /// Tags that end a line of flowing text.
    Block,
    /// `script`, `style`, `textarea`: skipped whole.
    Raw,
    Other,
}

fn tag(name: &str) -> Tag {
    // By length, then by bytes: no string comparison on the common tags (this runs per tag).
    let b = name.as_bytes();
    let at = |i: usize| b[i].to_ascii_lowercase();
    let is = |w: &[u8]| b.eq_ignore_ascii_case(w);
    match b.len() {
        1 => match at(0) {
            b'p' => Tag::Block,
            b'b' => Tag::Bold,
            _ => Tag::Other,
        },
        2 => match (at(0), at(1)) {
            (b'b', b'r') => Tag::Br,
            (b't', b'd' | b'h') => Tag::Cell,
            (b'h', d @ b'1'..=b'6') => Tag::H(d - b'0'),
            (b'l', b'i') | (b't', b'r') | (b'u' | b'o', b'l') | (b'h', b'r') | (b'd', b't' | b'd') => Tag::Block,
            _ => Tag::Other,
        },
        3 => match [at(0), at(1), at(2)] {
            [b'p', b'r', b'e'] => Tag::Pre,
            [b'd', b'i', b'v'] => Tag::Div,
            [b's', b'u', b'p'] => Tag::Sup,
            [b's', b'u', b'b'] => Tag::Sub,
            _ => Tag::Other,
        },
        5 if is(b"table") => Tag::Block,
        5 if is(b"style") => Tag::Raw,
        6 if is(b"strong") => Tag::Bold,
        6 if is(b"script") => Tag::Raw,
        7 if is(b"section") => Tag::Block,
        8 if is(b"textarea") => Tag::Raw,
        10 if is(b"blockquote") => Tag::Block,
        _ => Tag::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of the first `tag` element of `html`.
    fn text_of(html: &str, tag: &str, literal: bool) -> String {
        let tree = Statement::parse_html(html).expect("parses");
        let node = dom::find_all(&tree.document, |n| dom::name(n) == tag).remove(0);
        text(&node, &Texts::default(), literal, &[])
    }

    #[test]
    fn whitespace_between_table_rows_is_not_text() {
        let spaced = "<div><table>\n\t<tbody>\n\t\t<tr>\n\t\t\t<td>a</td>\n\t\t\t<td>b c</td>\n\t\t</tr>\n\t\t<tr> <td>1</td></tr>\n\t</tbody>\n</table> x</div>";
        let tight = "<div><table><tbody><tr><td>a</td><td>b c</td></tr><tr><td>1</td></tr></tbody></table> x</div>";
        assert_eq!(text_of(spaced, "div", false), "a | b c\n1\nx");
        assert_eq!(text_of(tight, "div", false), "a | b c\n1\nx");
        // Inside `<pre>` whitespace is text wherever it is.
        let pre = text_of("<pre><table>\n<tr><td>a</td></tr>\n</table></pre>", "pre", true);
        assert_eq!(pre, "\na\n\n", "{pre:?}");
    }
}
