//! Turns the scanners' events (headings, preformatted blocks, example blocks) into sample tests:
//! a block goes to the I/O heading before it, labelled blocks are split, and inputs are paired
//! with outputs by number (the first copy of a number wins) or else in order.

use std::collections::HashMap;

use super::vocab::{self, Heading, Kind, Label};
use super::{Io, Sample, cleanup};

/// One input waiting for (or given) its output. Texts are raw until [`Collector::finish`].
struct Slot {
    input: String,
    output: Option<String>,
    explanation: Option<String>,
}

#[derive(Default)]
pub(super) struct Collector {
    /// The I/O heading whose block has not come yet.
    pending: Option<(Kind, Option<u32>)>,
    /// Under an `Example(s)` / `样例` heading: bare `Input` / `Output` titles count there.
    in_samples: bool,
    interaction: bool,
    /// `Input: … Output: …` blocks are examples anywhere (LeetCode, whose statements have no
    /// headings), not only under a samples heading: elsewhere such a block can describe a
    /// problem inside the problem (AtCoder arc106_c).
    labels_anywhere: bool,
    slots: Vec<Slot>,
    /// Numbered inputs: number → slot.
    by_num: HashMap<u32, usize>,
    /// The first slot an unnumbered output may go to (only moves forward: linear pairing).
    next_out: usize,
    /// LeetCode's paragraph layout, `Input: …` / `Output: …` / `Explanation: …` each a `<p>`:
    /// the labelled paragraphs read so far, one per line, read as a block when they end.
    paragraphs: String,
}

/// The parts of one labelled example while its block is read.
#[derive(Default)]
struct Parts {
    input: Option<String>,
    output: Option<String>,
    explanation: Option<String>,
}

impl Collector {
    pub(super) fn new(labels_anywhere: bool) -> Collector {
        Collector { labels_anywhere, ..Collector::default() }
    }

    /// An `Interaction` heading was seen.
    pub(super) fn interactive(&self) -> bool {
        self.interaction
    }

    /// A heading, a title or a section title, as plain text.
    pub(super) fn heading(&mut self, text: &str) {
        self.end_paragraphs();
        self.pending = None;
        match vocab::heading(text) {
            Heading::Io(k, n) => self.pending = Some((k, n)),
            Heading::Bare(k, n) if self.in_samples => self.pending = Some((k, n)),
            Heading::Bare(..) => {}
            Heading::Section => self.in_samples = true,
            Heading::Interaction => {
                self.interaction = true;
                self.in_samples = false;
            }
            Heading::Other => self.in_samples = false,
        }
    }

    /// Bold text outside any block (`**输入样例#1：**`, `<strong>Sample Input 1</strong>`): a
    /// heading when it names a sample half, else nothing at all (bold words in running text must
    /// not end a samples section).
    pub(super) fn soft_heading(&mut self, text: &str) {
        match vocab::heading(text) {
            Heading::Io(k, n) => self.pending = Some((k, n)),
            Heading::Bare(k, n) if self.in_samples => self.pending = Some((k, n)),
            _ => {}
        }
    }

    /// A preformatted block (`<pre>` text or a fenced code block) and the fence's info string.
    pub(super) fn pre(&mut self, text: &str, info: &str) {
        self.end_paragraphs();
        if let Some((k, n)) = vocab::fence_info(info) {
            self.pending = None;
            return self.value(k, n, text);
        }
        if let Some((k, n)) = self.pending.take() {
            return self.value(k, n, text);
        }
        if self.in_samples && self.labelled(text, true) {
            return;
        }
        // LeetCode's design problems label their `<pre>` with bare `Input` and `Output` lines.
        if self.labels_anywhere && self.labelled(text, true) {
            return;
        }
        if self.in_samples || self.labels_anywhere {
            self.labelled(text, false);
        }
    }

    /// A LeetCode `div.example-block`, as flowing text.
    pub(super) fn example(&mut self, text: &str) {
        self.end_paragraphs();
        // The class says it is an example, whatever the platform.
        self.labelled(text, false);
    }

    fn value(&mut self, kind: Kind, num: Option<u32>, text: &str) {
        match (kind, num) {
            (Kind::Input, Some(n)) => {
                if self.by_num.contains_key(&n) {
                    return; // the same sample in the statement's other language
                }
                self.by_num.insert(n, self.slots.len());
                self.push(text.to_string(), None, None);
            }
            (Kind::Input, None) => self.push(text.to_string(), None, None),
            (Kind::Output, Some(n)) => {
                if let Some(slot) = self.by_num.get(&n).and_then(|&i| self.slots.get_mut(i)) {
                    slot.output.get_or_insert_with(|| text.to_string());
                }
            }
            (Kind::Output, None) => {
                while self.slots.get(self.next_out).is_some_and(|s| s.output.is_some()) {
                    self.next_out += 1;
                }
                if let Some(slot) = self.slots.get_mut(self.next_out) {
                    slot.output = Some(text.to_string());
                    self.next_out += 1;
                }
            }
        }
    }

    fn push(&mut self, input: String, output: Option<String>, explanation: Option<String>) {
        self.slots.push(Slot { input, output, explanation });
    }

    /// Splits a block whose first line is an `Input` label (`Input: …` / `输入：…`, or with
    /// `bare` a line that is just `Input`, as in Codeforces' crawler Markdown) into examples.
    /// Returns false, taking nothing, when the block does not start with such a label.
    fn labelled(&mut self, block: &str, bare: bool) -> bool {
        let mut parts = Parts::default();
        let mut cur: Option<(Label, String)> = None;
        for line in block.split('\n') {
            match vocab::label(line, bare) {
                Some((label, rest)) => {
                    if cur.is_none() && label != Label::Input {
                        return false;
                    }
                    self.store(&mut parts, cur.take());
                    if label == Label::Input && parts.input.is_some() {
                        self.emit(std::mem::take(&mut parts));
                    }
                    cur = Some((label, rest.to_string()));
                }
                None => match &mut cur {
                    Some((_, buf)) => {
                        buf.push('\n');
                        buf.push_str(line);
                    }
                    None if line.trim().is_empty() => {}
                    None => return false,
                },
            }
        }
        if cur.is_none() {
            return false;
        }
        self.store(&mut parts, cur);
        self.emit(parts);
        true
    }

    fn store(&self, parts: &mut Parts, cur: Option<(Label, String)>) {
        match cur {
            Some((Label::Input, s)) => parts.input = Some(s),
            Some((Label::Output, s)) => parts.output = Some(s),
            Some((Label::Explanation, s)) => parts.explanation = Some(s),
            None => {}
        }
    }

    fn emit(&mut self, p: Parts) {
        if let (Some(input), Some(output)) = (p.input, p.output) {
            self.push(input, Some(output), p.explanation);
        }
    }

    /// Whether paragraphs may hold an example's labelled parts (LeetCode).
    pub(super) fn reads_paragraphs(&self) -> bool {
        self.labels_anywhere
    }

    /// A paragraph's text (LeetCode only): true when it is a labelled part of an example
    /// (`Input: …`), kept until the example's paragraphs end; any other paragraph ends them.
    pub(super) fn paragraph(&mut self, text: &str) -> bool {
        if !self.labels_anywhere {
            return false;
        }
        if vocab::label(text.trim_start(), false).is_none() {
            self.end_paragraphs();
            return false;
        }
        self.paragraphs.push_str(text.trim());
        self.paragraphs.push('\n');
        true
    }

    fn end_paragraphs(&mut self) {
        if !self.paragraphs.is_empty() {
            let block = std::mem::take(&mut self.paragraphs);
            self.labelled(&block, false);
        }
    }

    /// The paired samples in statement order, with the text rules of `io` applied.
    pub(super) fn finish(mut self, io: Io) -> Vec<Sample> {
        self.end_paragraphs();
        let rule = if io == Io::Function { cleanup::function } else { cleanup::stdin };
        self.slots
            .into_iter()
            .filter_map(|s| {
                let output = s.output?;
                let explanation = s.explanation.map(|e| cleanup::function(&e)).filter(|e| !e.is_empty());
                Some(Sample { input: rule(&s.input), output: rule(&output), explanation })
            })
            .collect()
    }
}
