//! The MCP tools feature: each tool's declaration (name, title, its parameters, its operation in
//! `problems/`, its texts in `schemas/`), the registry `tools/list` shows, and the argument check
//! before an operation runs. What a tool does is in `problems/`, which resources, prompts and
//! completions reach too, from the side.
//!
//! A tool's parameters are declared once, in its `params` table: names, order and which are
//! required. The unknown-argument check and its message take the names from it in that order, and
//! the operation may read only those names (`Args` asserts it in debug builds, which the tests
//! run). What the model reads about a tool, its description and each parameter's schema, is text
//! in `schemas/{file}.tool.json` (packed into the binary by build.rs, a third of the room Rust
//! strings took); `tests::tool_files_declare_the_params` fails when that file and the table
//! disagree, so the schema, the accepted names and what the handler reads cannot drift apart.
//!
//! The calls that read a problem or run a program (`LOGGED`) are recorded in the solve log here,
//! in one place, from the operation's structured output: the operations know nothing of it.
//!
//! `test_solution` and `stress_test`, whose operation is the local judge (`judge/`), are declared
//! here like the others but offered only under `--allow-run`: [`listed`] adds them, and only then.

pub(crate) mod schema;

use serde_json::{Map, Value};

use crate::judge;
use crate::problems::{self, Args, Ctx, ToolResult};

/// One parameter of a tool: its name and whether it is required. Its JSON Schema is under
/// `params` in the tool's `.tool.json` file (`"@code"` there stands for the shared fragment
/// `code.fragment.json`, as in `schema::load`).
pub(crate) struct Param {
    name: &'static str,
    required: bool,
}

/// A parameter the tool cannot do without.
const fn required(name: &'static str) -> Param {
    Param { name, required: true }
}

/// A parameter that may be left out.
const fn optional(name: &'static str) -> Param {
    Param { name, required: false }
}

/// `record_solve`: it appends to the user's solve log, a file of this machine: neither read-only
/// nor idempotent (each call adds a line), not destructive (it never changes a line), closed-world.
const APPENDS: Hints = Hints { read_only: false, destructive: false, idempotent: false, open_world: false };

/// `solve_stats`: it reads the local solve log only.
const READS_LOG: Hints = Hints { read_only: true, destructive: false, idempotent: true, open_world: false };

/// The tools whose successful calls the solve log records.
const LOGGED: &[&str] = &["get_problem", "get_daily_challenge", "test_solution"];

/// What a tool does to the world, as its `annotations` say.
struct Hints {
    read_only: bool,
    destructive: bool,
    idempotent: bool,
    open_world: bool,
}

/// A tool that only reads the backend (every tool but `test_solution`).
const READS: Hints = Hints { read_only: true, destructive: false, idempotent: true, open_world: true };

/// `test_solution`: it writes and runs code, so it is neither read-only nor idempotent (a program
/// may do anything its user may), and closed-world (no backend beyond ours).
const RUNS_CODE: Hints = Hints { read_only: false, destructive: true, idempotent: false, open_world: false };

/// One tool: its listing and its operation.
pub(crate) struct Tool {
    /// The tool's name.
    pub(crate) name: &'static str,
    /// A short human title.
    title: &'static str,
    /// The stem of its files in `schemas/`: `{file}.tool.json`, its description (what it does
    /// and when to use it, written for a model) and its parameters' schemas; `{file}.output.json`,
    /// the JSON Schema of its `structuredContent` (an object).
    file: &'static str,
    /// Its parameters, in the order an argument error names them: the one declaration.
    params: &'static [Param],
    /// Its annotations' hints.
    hints: Hints,
    /// The operation.
    call: fn(&Ctx, &Args) -> ToolResult,
}

/// Every tool, in the order `tools/list` shows them.
static TOOLS: &[Tool] = &[DAILY, PROBLEM, SIMILAR, RESOLVE, STATUS, SEARCH, TAGS, RECORD_SOLVE, SOLVE_STATS];

/// The tools offered only with `--allow-run`, after the others.
static RUNNERS: &[Tool] = &[TEST_SOLUTION, STRESS_TEST];

/// The tools this server offers, in `tools/list` order: the one place `tools/list`, `tools/call`
/// and its unknown-tool message read them from. `allow_run` (`--allow-run`) adds
/// `test_solution` at the end; without it the list is the read-only tools alone.
pub(crate) fn listed(allow_run: bool) -> impl Iterator<Item = &'static Tool> {
    let runners: &'static [Tool] = if allow_run { RUNNERS } else { &[] };
    TOOLS.iter().chain(runners)
}

/// The tool called `name`, among those offered (`allow_run` as for [`listed`]).
pub(crate) fn find(name: &str, allow_run: bool) -> Option<&'static Tool> {
    listed(allow_run).find(|t| t.name == name)
}

/// A tool's `.tool.json` text as listed, with the judge's languages put in from the
/// tables it chooses by (`tools/list` builds each list once): `{languages}`, every `language`;
/// `{language_tools}`, each with what builds and runs it; `{leetcode_languages}`, those with a
/// LeetCode driver; `"@languages"`, the schema's enum of `language`. So no description names a language the judge does not take
/// or leaves one out (`tests::descriptions_name_the_judges_languages`).
fn fill(text: &str) -> String {
    if !text.contains("languages") {
        return text.to_string();
    }
    let names = serde_json::to_string(judge::LANGUAGES).unwrap_or_default();
    text.replace("{languages}", &judge::LANGUAGES.join(", "))
        .replace("{language_tools}", &judge::languages_described())
        .replace("{leetcode_languages}", &judge::leetcode_languages())
        .replace("\"@languages\"", &names)
}

impl Tool {
    /// The tool's entry in `tools/list`. `title`: whether the client's protocol version has
    /// `title` (2025-06-18 on); `output_schema`: whether to declare `outputSchema` (that version,
    /// unless `--structured-content off`); `annotations`: whether it has annotations (2025-03-26
    /// on).
    pub(crate) fn listing(&self, title: bool, output_schema: bool, annotations: bool) -> Value {
        let mut text = self.text();
        let mut v = json!({
            "name": self.name,
            "description": text["description"].take(),
            "inputSchema": self.input_schema(&mut text["params"]),
        });
        if title {
            v["title"] = json!(self.title);
        }
        if output_schema {
            v["outputSchema"] = self.output_schema();
        }
        if annotations {
            let h = &self.hints;
            v["annotations"] = json!({
                "title": self.title,
                "readOnlyHint": h.read_only,
                "destructiveHint": h.destructive,
                "idempotentHint": h.idempotent,
                "openWorldHint": h.open_world,
            });
        }
        v
    }

    /// Its `.tool.json` file, parsed, with the judge's languages and the fragments put in.
    fn text(&self) -> Value {
        schema::load(&fill(schema::file(&format!("{}.tool.json", self.file))))
    }

    /// The JSON Schema of its `structuredContent`.
    fn output_schema(&self) -> Value {
        schema::load(schema::file(&format!("{}.output.json", self.file)))
    }

    /// Its JSON Schema for `arguments`: [`Tool::params`], each with its schema from `schemas`
    /// (the `params` of its `.tool.json` file).
    fn input_schema(&self, schemas: &mut Value) -> Value {
        let properties: Map<String, Value> =
            self.params.iter().map(|p| (p.name.to_string(), schemas[p.name].take())).collect();
        let mut s = json!({ "type": "object", "additionalProperties": false, "properties": properties });
        let required: Vec<&str> = self.params.iter().filter(|p| p.required).map(|p| p.name).collect();
        if !required.is_empty() {
            s["required"] = json!(required);
        }
        s
    }

    /// The names of its parameters, in declaration order.
    fn names(&self) -> Vec<&'static str> {
        self.params.iter().map(|p| p.name).collect()
    }

    /// Validates the raw `arguments` and runs the operation.
    pub(crate) fn run(&self, ctx: &Ctx, arguments: Option<&Value>) -> ToolResult {
        let names = self.names();
        let args = Args::new(arguments, &names)?;
        let out = (self.call)(ctx, &args)?;
        if LOGGED.contains(&self.name) {
            let code = if self.name == TEST_SOLUTION.name { program(&args) } else { None };
            ctx.log.record_call(self.name, out.structured.as_ref(), code.as_deref());
        }
        Ok(out)
    }
}

/// The program `test_solution` ran, for its size and hash in the solve log: `code`, else the
/// file `file` names (read again: the judge has read it already, and it is small); `None` for a
/// `command`.
fn program(args: &Args) -> Option<Vec<u8>> {
    if let Ok(Some(code)) = args.opt_str("code") {
        return Some(code.as_bytes().to_vec());
    }
    let file = args.opt_str("file").ok()??;
    std::fs::read(file).ok()
}

// The program's parameters, the same in test_solution and stress_test.
const CODE: Param = optional("code");
const FILE: Param = optional("file");
const COMMAND: Param = optional("command");
const CWD: Param = optional("cwd");

const DAILY: Tool = Tool {
    name: "get_daily_challenge",
    title: "LeetCode daily challenge",
    file: "daily",
    params: &[optional("domain"), optional("date"), optional("language")],
    hints: READS,
    call: problems::daily::call,
};

const PROBLEM: Tool = Tool {
    name: "get_problem",
    title: "Get a problem",
    file: "problem",
    params: &[required("source"), required("id"), optional("language")],
    hints: READS,
    call: problems::problem::call,
};

const SIMILAR: Tool = Tool {
    name: "find_similar_problems",
    title: "Find similar problems",
    file: "similar",
    params: &[
        optional("source"),
        optional("id"),
        optional("query"),
        optional("limit"),
        optional("threshold"),
        optional("source_filter"),
    ],
    hints: READS,
    call: problems::similar::call,
};

const RESOLVE: Tool = Tool {
    name: "resolve_problem",
    title: "Resolve a problem from a URL or name",
    file: "resolve",
    params: &[required("query"), optional("language")],
    hints: READS,
    call: problems::resolve::call,
};

const STATUS: Tool = Tool {
    name: "get_platform_status",
    title: "Backend platform status",
    file: "status",
    params: &[],
    hints: READS,
    call: problems::status::call,
};

const SEARCH: Tool = Tool {
    name: "search_problems",
    title: "Search a platform's problems",
    file: "search",
    params: &[
        required("source"),
        optional("search"),
        optional("difficulty"),
        optional("tags"),
        optional("tag_mode"),
        optional("rating_min"),
        optional("rating_max"),
        optional("sort_by"),
        optional("sort_order"),
        optional("page"),
        optional("per_page"),
    ],
    hints: READS,
    call: problems::search::call,
};

const TAGS: Tool = Tool {
    name: "list_tags",
    title: "List a platform's tags",
    file: "tags",
    params: &[required("source")],
    hints: READS,
    call: problems::tags::call,
};

const RECORD_SOLVE: Tool = Tool {
    name: "record_solve",
    title: "Record a solve in the solve log",
    file: "record_solve",
    params: &[
        required("source"),
        required("id"),
        required("model"),
        required("outcome"),
        optional("time_ms"),
        optional("attempts"),
        optional("note"),
    ],
    hints: APPENDS,
    call: problems::solves::record,
};

const SOLVE_STATS: Tool = Tool {
    name: "solve_stats",
    title: "Solve statistics from the solve log",
    file: "solve_stats",
    params: &[optional("model"), optional("source"), optional("since"), optional("until")],
    hints: READS_LOG,
    call: problems::solves::stats,
};

const TEST_SOLUTION: Tool = Tool {
    name: "test_solution",
    title: "Test a solution on the samples",
    file: "test_solution",
    params: &[
        required("source"),
        required("id"),
        CODE,
        FILE,
        COMMAND,
        CWD,
        optional("language"),
        optional("time_limit_ms"),
        optional("memory_limit_mb"),
        optional("compare"),
        optional("float_tolerance"),
        optional("tests"),
        optional("custom_tests"),
        optional("fail_fast"),
        optional("checker"),
    ],
    hints: RUNS_CODE,
    call: judge::test_solution,
};

const STRESS_TEST: Tool = Tool {
    name: "stress_test",
    title: "Stress-test a solution against a brute force",
    file: "stress_test",
    params: &[
        required("source"),
        required("id"),
        CODE,
        FILE,
        COMMAND,
        CWD,
        optional("language"),
        optional("reference"),
        optional("generator"),
        optional("rounds"),
        optional("time_budget_s"),
        optional("max_size"),
        optional("seed"),
        optional("largest"),
        optional("largest_size"),
        optional("time_limit_ms"),
        optional("reference_time_limit_ms"),
        optional("memory_limit_mb"),
        optional("compare"),
        optional("float_tolerance"),
        optional("checker"),
    ],
    hints: RUNS_CODE,
    call: judge::stress_test,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_are_unique_with_object_schemas_and_fragments_expanded() {
        // The order on the wire is checked against mcpb/manifest.json by tests/it/wire.rs.
        let mut names: Vec<&str> = listed(true).map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TOOLS.len() + RUNNERS.len(), "tool names are unique");
        assert_eq!(listed(false).count(), TOOLS.len(), "test_solution only with --allow-run");
        for t in listed(true) {
            assert_eq!(t.output_schema()["type"], "object", "{}", t.name);
            let listing = t.listing(true, true, true);
            for s in [&listing["inputSchema"], &listing["outputSchema"]] {
                assert!(!s.to_string().contains("\"@"), "{}: a fragment marker was left unexpanded", t.name);
            }
            let mut params = t.names();
            params.sort_unstable();
            params.dedup();
            assert_eq!(params.len(), t.params.len(), "{}: a parameter declared twice", t.name);
        }
    }

    /// A tool's `.tool.json` file has a description and a schema for each parameter of its table,
    /// and no other: the file and the table are one declaration.
    #[test]
    fn tool_files_declare_the_params() {
        for t in listed(true) {
            let text = t.text();
            assert!(text["description"].as_str().is_some_and(|d| d.len() > 80), "{}: a description", t.name);
            let mut declared: Vec<&str> = text["params"].as_object().unwrap().keys().map(String::as_str).collect();
            let mut names = t.names();
            declared.sort_unstable();
            names.sort_unstable();
            assert_eq!(declared, names, "{}.tool.json's params and the table", t.file);
            for (name, s) in text["params"].as_object().unwrap() {
                assert!(s.is_object(), "{}: {name}'s schema is an object", t.name);
            }
        }
    }

    /// The languages `test_solution`'s description and `language` parameter name are the judge's:
    /// its table of languages (the enum, each with its tool) and its drivers' table (LeetCode).
    /// Fails when a description names a language by hand that the tables disagree with.
    #[test]
    fn descriptions_name_the_judges_languages() {
        let t = find("test_solution", true).unwrap().listing(true, true, true);
        let description = t["description"].as_str().unwrap();
        let language = &t["inputSchema"]["properties"]["language"];
        let leetcode = format!("LeetCode problems: {}", judge::leetcode_languages());
        assert!(description.contains(&leetcode), "{description}");
        assert!(description.contains(&judge::LANGUAGES.join(", ")), "{description}");
        assert_eq!(language["enum"], json!(judge::LANGUAGES));
        let said = language["description"].as_str().unwrap();
        assert!(said.contains(&leetcode) && said.contains(&judge::languages_described()), "{said}");
        for name in ["java", "rust", "python", "cpp", "go", "typescript"] {
            assert!(judge::leetcode_languages().split(", ").any(|n| n == name), "{name} has a LeetCode driver");
        }
        for t in listed(true).map(|t| t.listing(true, true, true)) {
            assert!(!t.to_string().contains("languages}") && !t.to_string().contains("@languages"), "{t}");
        }
        assert!(description.contains("read-only") && description.contains("`confinement`"), "{description}");
        assert!(!description.contains("not a sandbox"), "{description}");
    }
}
