//! A problem's sample tests as tool output: the `samples`, `samples_total` and `io` fields of the
//! structured problem (the text carries them already, in the statement), and the
//! competitive-companion JSON of the `oj://problem/{source}/{id}/samples` resource.

use serde_json::Value;

use crate::convert::Statement;
use crate::samples::{self, Samples};

/// Most bytes of sample text in one result (inputs, outputs and explanations together): the
/// statement's own limit. Whole samples are kept, in order, while they fit.
const MAX_SAMPLE_BYTES: usize = 100 * 1024;

/// The samples of a parsed statement (the one returned) of a `source` problem; `None` without
/// one.
pub(crate) fn of(statement: Option<&Statement>, source: &str) -> Option<Samples> {
    let statement = statement.filter(|s| !s.raw().trim().is_empty())?;
    Some(samples::extract_from(statement, source))
}

/// How many leading samples fit in [`MAX_SAMPLE_BYTES`].
fn shown(s: &Samples) -> usize {
    let mut used = 0usize;
    s.tests
        .iter()
        .take_while(|t| {
            used += t.input.len() + t.output.len() + t.explanation.as_ref().map_or(0, String::len);
            used <= MAX_SAMPLE_BYTES
        })
        .count()
}

/// Adds `io`, `samples` and `samples_total` to a structured problem object.
pub(crate) fn add_fields(problem: &mut Value, s: Option<&Samples>) {
    let Value::Object(m) = problem else { return };
    let (io, tests, total) = match s {
        Some(s) => (Value::from(s.io.as_str()), json!(&s.tests[..shown(s)]), s.tests.len()),
        None => (Value::Null, json!([]), 0),
    };
    m.insert("io".into(), io);
    m.insert("samples".into(), tests);
    m.insert("samples_total".into(), Value::from(total));
}

/// The note added when not every sample fits in [`MAX_SAMPLE_BYTES`].
pub(crate) fn cut_note(s: &Samples) -> Option<String> {
    let n = shown(s);
    (n < s.tests.len()).then(|| {
        format!(
            "The structured samples hold the first {n} of {} sample tests (the rest exceed 100 KB); all of them are \
in the statement.",
            s.tests.len()
        )
    })
}

/// The samples resource: competitive-companion's shape (`name`, `url`, `interactive`, `tests`),
/// plus `io`, built from a structured problem object.
/// The samples resource of a problem operation's structured content (`{"problem": …}`).
pub(crate) fn resource(structured: Option<&Value>) -> Option<Value> {
    Some(companion(&structured?["problem"]))
}

fn companion(problem: &Value) -> Value {
    let tests: Vec<Value> = problem["samples"]
        .as_array()
        .map(|a| a.iter().map(|t| json!({ "input": t["input"], "output": t["output"] })).collect())
        .unwrap_or_default();
    json!({
        "name": problem["title"],
        "url": problem["link"],
        "interactive": problem["io"] == "interactive",
        "io": problem["io"],
        "tests": tests,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::{Io, Sample};

    fn tests(n: usize, each: usize) -> Samples {
        let t = Sample { input: "x".repeat(each), output: String::new(), explanation: None };
        Samples { io: Io::Stdin, tests: vec![t; n] }
    }

    #[test]
    fn whole_samples_up_to_the_limit() {
        let s = tests(10, 30 * 1024);
        assert_eq!(shown(&s), 3);
        let note = cut_note(&s).unwrap();
        assert!(note.starts_with("The structured samples hold the first 3 of 10 sample tests"), "{note}");
        assert_eq!(cut_note(&tests(2, 10)), None);
        let mut v = json!({});
        add_fields(&mut v, Some(&s));
        assert_eq!((v["samples"].as_array().unwrap().len(), v["samples_total"].clone()), (3, json!(10)));
        add_fields(&mut v, None);
        assert_eq!(
            (v["io"].clone(), v["samples"].clone(), v["samples_total"].clone()),
            (Value::Null, json!([]), json!(0))
        );
    }

    #[test]
    fn companion_shape() {
        let problem = json!({
            "title": "T", "link": "https://x/", "io": "interactive",
            "samples": [{"input": "1\n", "output": "2\n", "explanation": "e"}]
        });
        assert_eq!(
            companion(&problem),
            json!({"name": "T", "url": "https://x/", "interactive": true, "io": "interactive",
                   "tests": [{"input": "1\n", "output": "2\n"}]})
        );
        assert_eq!(companion(&json!({}))["tests"], json!([]));
    }
}
