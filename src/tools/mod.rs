//! The MCP tools feature: each tool's declaration (name, title, description, its parameters,
//! its output schema, its operation in `problems/`), the registry `tools/list` shows, and the
//! argument check before an operation runs. What a tool does is in `problems/`, which resources,
//! prompts and completions reach too, from the side.
//!
//! A tool's parameters are declared once, in its `params` table: the input schema is built from
//! it (`type: object`, `additionalProperties: false`, one property per parameter, `required`),
//! the unknown-argument check and its message take the names from it in the same order, and the
//! operation may read only those names (`Args` asserts it in debug builds, which the tests run).
//! So the schema, the accepted names and what the handler reads cannot drift apart.
//!
//! The calls that read a problem or run a program (`LOGGED`) are recorded in the solve log here,
//! in one place, from the operation's structured output: the operations know nothing of it.
//!
//! `test_solution`, whose operation is the local judge (`judge/`), is declared here like the
//! others but offered only under `--allow-run`: [`listed`] adds it, and only then.

pub(crate) mod schema;

use serde_json::{Map, Value};

use crate::judge;
use crate::problems::{self, Args, Ctx, ToolResult};

/// One parameter of a tool: its name, whether it is required, and its JSON Schema (a JSON text,
/// compiled in; `"@source"` stands for the shared fragment, as in `schema::load`).
pub(crate) struct Param {
    name: &'static str,
    required: bool,
    schema: &'static str,
}

/// A parameter the tool cannot do without.
const fn required(name: &'static str, schema: &'static str) -> Param {
    Param { name, required: true, schema }
}

/// A parameter that may be left out.
const fn optional(name: &'static str, schema: &'static str) -> Param {
    Param { name, required: false, schema }
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
    /// What it does and when to use it, written for a model.
    description: &'static str,
    /// The JSON Schema of its `structuredContent` (an object).
    output_schema: fn() -> Value,
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

/// A description or a parameter's schema as listed, with the judge's languages put in from the
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
        let mut v = json!({
            "name": self.name,
            "description": fill(self.description),
            "inputSchema": self.input_schema(),
        });
        if title {
            v["title"] = json!(self.title);
        }
        if output_schema {
            v["outputSchema"] = (self.output_schema)();
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

    /// Its JSON Schema for `arguments`, built from [`Tool::params`].
    fn input_schema(&self) -> Value {
        let properties: Map<String, Value> =
            self.params.iter().map(|p| (p.name.to_string(), schema::load(&fill(p.schema)))).collect();
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
const CODE: Param = optional(
    "code",
    r#"{"description": "The program's source text (give `code`, `file` or `command`; `code` and `file` need `language`).", "type": "string"}"#,
);
const FILE: Param = optional(
    "file",
    r#"{"description": "The path of a source file on this machine, read instead of `code`.", "type": "string"}"#,
);
const COMMAND: Param = optional(
    "command",
    r#"{"description": "The argv of an already built program, run as it is (no `language`), e.g. [\"./a.out\"] with `cwd`.", "items": {"type": "string"}, "minItems": 1, "type": "array"}"#,
);
const CWD: Param = optional(
    "cwd",
    r#"{"description": "The folder `command` runs in (default: a fresh empty folder).", "type": "string"}"#,
);

const DAILY: Tool = Tool {
    name: "get_daily_challenge",
    title: "LeetCode daily challenge",
    description: "Get the LeetCode daily challenge: title, difficulty, tags, link, acceptance rate and the full \
statement as Markdown. Use it when the user asks for today's LeetCode problem (or the daily problem of a past \
day). Defaults to today on leetcode.com; `domain: \"cn\"` gives leetcode.cn's daily problem, whose day follows \
China time (UTC+8), in Chinese unless `language: \"en\"`. If the backend is still fetching the problem, the answer \
says so and when to retry.",
    output_schema: || schema::load(schema::file("daily.output.json")),
    params: &[
        optional(
            "domain",
            r#"{"default": "com", "description": "Which site's daily challenge: \"com\" (leetcode.com, days in UTC) or \"cn\" (leetcode.cn, days in UTC+8).", "enum": ["com", "cn"], "type": "string"}"#,
        ),
        optional(
            "date",
            r#"{"description": "The day, YYYY-MM-DD (from 2020-04-01 up to today). Default: today in the domain's calendar.", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "type": "string"}"#,
        ),
        optional(
            "language",
            r#"{"description": "The statement's language: \"en\" (English) or \"zh\" (Chinese, with the Chinese title). When that language is missing, the answer has the one that exists and says so. Default: \"zh\" with domain \"cn\" (what leetcode.cn shows), else \"en\".", "enum": ["en", "zh"], "type": "string"}"#,
        ),
    ],
    hints: READS,
    call: problems::daily::call,
};

const PROBLEM: Tool = Tool {
    name: "get_problem",
    title: "Get a problem",
    description: "Get one competitive-programming problem by platform and id: title, difficulty, tags, link, \
acceptance rate and the full statement as Markdown (TeX math kept as $…$). Use it when you know the platform \
and id, e.g. leetcode 1, codeforces 1920A, atcoder abc321_a, luogu P1001, spoj SP1. Ids are case-sensitive; \
LeetCode takes the numeric id, not the slug. For a URL or a slug use resolve_problem instead. `language: \"zh\"` \
gives LeetCode's Chinese statement (when a language is missing, the one that exists, with a note).",
    output_schema: || schema::load(schema::file("problem.output.json")),
    params: &[
        required("source", r#""@source""#),
        required(
            "id",
            r#"{"description": "The problem id on that platform, case-sensitive: \"1\" (LeetCode), \"1920A\" (Codeforces), \"abc321_a\" (AtCoder), \"P1001\" (Luogu), \"SP1\" (SPOJ).", "examples": ["1", "1920A", "abc321_a", "P1001"], "type": "string"}"#,
        ),
        optional(
            "language",
            r#"{"description": "The statement's language: \"en\" (English) or \"zh\" (Chinese, with the Chinese title). When that language is missing, the answer has the one that exists and says so. Default: \"en\".", "enum": ["en", "zh"], "type": "string"}"#,
        ),
    ],
    hints: READS,
    call: problems::problem::call,
};

const SIMILAR: Tool = Tool {
    name: "find_similar_problems",
    title: "Find similar problems",
    description: "Find problems similar to a given one, across platforms, ranked by embedding similarity. Two \
modes: give `source` and `id` to find neighbours of that problem, or give `query` (3-2000 characters of free \
text, e.g. a statement or an idea such as \"shortest path with one free edge\") to search by meaning; `query` \
wins when both are given. Returns a table of source, id, title, difficulty, similarity and link; follow up with \
get_problem to read one.",
    output_schema: || schema::load(schema::file("similar.output.json")),
    params: &[
        optional(
            "source",
            r#"{"description": "By id: the platform of the problem (leetcode, codeforces, atcoder, luogu, spoj). Needs `id`.", "type": "string"}"#,
        ),
        optional(
            "id",
            r#"{"description": "By id: the problem id on that platform, e.g. \"1\" or \"1920A\". Needs `source`.", "type": "string"}"#,
        ),
        optional(
            "query",
            r#"{"description": "By text: what the problem is about, 3 to 2000 characters. When given, `source` and `id` are ignored.", "maxLength": 2000, "minLength": 3, "type": "string"}"#,
        ),
        optional(
            "limit",
            r#"{"default": 10, "description": "How many results, 1 to 50.", "maximum": 50, "minimum": 1, "type": "integer"}"#,
        ),
        optional(
            "threshold",
            r#"{"default": 0.0, "description": "Minimum similarity, 0.0 to 1.0.", "maximum": 1.0, "minimum": 0.0, "type": "number"}"#,
        ),
        optional(
            "source_filter",
            r#"{"description": "Only these platforms, comma-separated, e.g. \"leetcode,codeforces\".", "type": "string"}"#,
        ),
    ],
    hints: READS,
    call: problems::similar::call,
};

const RESOLVE: Tool = Tool {
    name: "resolve_problem",
    title: "Resolve a problem from a URL or name",
    description: "Find a problem from whatever the user gave: a problem URL (leetcode.com, leetcode.cn, \
codeforces.com, atcoder.jp, luogu.com.cn), a prefixed id (\"codeforces:1920A\", \"atcoder:abc321_a\"), a LeetCode \
slug (\"two-sum\") or a bare id (\"1920A\", \"P3371\", \"SP1\"). Returns the same Markdown as get_problem. Use it \
when the platform or id is not given separately.",
    output_schema: || schema::load(schema::file("resolve.output.json")),
    params: &[
        required(
            "query",
            r#"{"description": "A problem URL, a prefixed id (platform:id), a LeetCode slug, or a bare id.", "examples": ["https://leetcode.com/problems/two-sum/", "codeforces:1920A", "two-sum", "P3371"], "type": "string"}"#,
        ),
        optional(
            "language",
            r#"{"description": "The statement's language: \"en\" (English) or \"zh\" (Chinese, with the Chinese title). When that language is missing, the answer has the one that exists and says so. Default: \"zh\" for a leetcode.cn URL, else \"en\".", "enum": ["en", "zh"], "type": "string"}"#,
        ),
    ],
    hints: READS,
    call: problems::resolve::call,
};

const STATUS: Tool = Tool {
    name: "get_platform_status",
    title: "Backend platform status",
    description: "Show which online judges the backend covers and how completely: for each platform the number \
of problems stored, how many lack a statement, and how many are not yet searchable by similarity. Use it to \
explain missing statements or empty similarity results. Needs the server's API token.",
    output_schema: || schema::load(schema::file("status.output.json")),
    params: &[],
    hints: READS,
    call: problems::status::call,
};

const SEARCH: Tool = Tool {
    name: "search_problems",
    title: "Search a platform's problems",
    description: "Browse and filter one platform's problems: by words in the title or id (`search`), \
`difficulty`, `tags` (any or all of them), and a rating range, sorted by id, difficulty, rating or acceptance \
rate. Returns a compact table (id, title, difficulty, rating, tags, link) one page at a time, and says how to \
get the next page. Use it to pick practice problems (\"hard graph problems on LeetCode\", \"Codeforces 1200-1400 \
greedy\"); use list_tags to see the tag names, and get_problem to read a statement. A tag that itself contains a \
comma (list_tags shows it in quotes) cannot be a `tags` filter: the backend splits the filter on commas.",
    output_schema: || schema::load(schema::file("search.output.json")),
    params: &[
        required("source", r#""@source""#),
        optional("search", r#"{"description": "Words in the title (English or Chinese) or an id.", "type": "string"}"#),
        optional(
            "difficulty",
            r#"{"description": "Exact difficulty as the platform writes it (LeetCode: Easy, Medium, Hard; Luogu: 入门, 普及−, …).", "type": "string"}"#,
        ),
        optional(
            "tags",
            r#"{"description": "Tag names (case-insensitive), e.g. [\"graph\", \"shortest path\"]; see list_tags.", "items": {"type": "string"}, "type": "array"}"#,
        ),
        optional(
            "tag_mode",
            r#"{"default": "any", "description": "Match problems with any of the tags, or all of them.", "enum": ["any", "all"], "type": "string"}"#,
        ),
        optional(
            "rating_min",
            r#"{"description": "Lowest rating (e.g. Codeforces 800).", "minimum": 0, "type": "number"}"#,
        ),
        optional("rating_max", r#"{"description": "Highest rating.", "minimum": 0, "type": "number"}"#),
        optional("sort_by", r#"{"enum": ["id", "difficulty", "rating", "ac_rate"], "type": "string"}"#),
        optional(
            "sort_order",
            r#"{"default": "asc", "description": "Needs sort_by.", "enum": ["asc", "desc"], "type": "string"}"#,
        ),
        optional("page", r#"{"default": 1, "minimum": 1, "type": "integer"}"#),
        optional("per_page", r#"{"default": 20, "maximum": 100, "minimum": 1, "type": "integer"}"#),
    ],
    hints: READS,
    call: problems::search::call,
};

const TAGS: Tool = Tool {
    name: "list_tags",
    title: "List a platform's tags",
    description: "List the topic tags used on one platform (lowercased, e.g. \"dynamic programming\", \"graph\"). \
Use it before search_problems to pick valid `tags`. When a tag itself contains a comma, every tag is shown in \
double quotes; such a tag cannot be a search_problems filter (the backend splits that filter on commas).",
    output_schema: || schema::load(schema::file("tags.output.json")),
    params: &[required("source", r#""@source""#)],
    hints: READS,
    call: problems::tags::call,
};

const RECORD_SOLVE: Tool = Tool {
    name: "record_solve",
    title: "Record a solve in the solve log",
    description: "Record in the user's local solve log what the real judge (or the user) said about a problem you \
worked on: `outcome` accepted, rejected or gave_up, with your model name in `model`. The time is measured from the \
log's first read of the problem (get_problem, get_daily_challenge) unless `time_ms` is given, the local runs \
counted from its test_solution calls unless `attempts` is given. Answers with one line to repeat to the user, e.g. \
\"Recorded claude-sonnet on atcoder abc321_c: accepted in 4 min 12 s after 3 local runs (your average on AtCoder C \
problems: 6 min 03 s over 11 solves)\". Call it once per verdict, only when the user reports one or asks you to.",
    output_schema: || schema::load(schema::file("record_solve.output.json")),
    params: &[
        required("source", r#""@source""#),
        required(
            "id",
            r#"{"description": "The problem id, as get_problem takes it: \"abc321_c\", \"1920A\", \"1\".", "type": "string"}"#,
        ),
        required(
            "model",
            r#"{"description": "Your model's name, e.g. \"claude-sonnet-4\" (up to 100 characters).", "type": "string"}"#,
        ),
        required(
            "outcome",
            r#"{"description": "What the real judge or the user said: accepted, rejected, or gave_up.", "enum": ["accepted", "rejected", "gave_up"], "type": "string"}"#,
        ),
        optional(
            "time_ms",
            r#"{"description": "How long the solve took, in ms. Default: from the log's first read of the problem to now.", "maximum": 2592000000, "minimum": 0, "type": "integer"}"#,
        ),
        optional(
            "attempts",
            r#"{"description": "Local runs before the verdict. Default: the log's test_solution calls on the problem.", "maximum": 100000, "minimum": 0, "type": "integer"}"#,
        ),
        optional(
            "note",
            r#"{"description": "A short note kept with the line (up to 500 characters), e.g. the idea that worked.", "type": "string"}"#,
        ),
    ],
    hints: APPENDS,
    call: problems::solves::record,
};

const SOLVE_STATS: Tool = Tool {
    name: "solve_stats",
    title: "Solve statistics from the solve log",
    description: "Summarise the user's local solve log: problems attempted, passing every sample locally and accepted, \
per platform and per difficulty; per model; the average and median time from a problem's first read to its first \
all-AC local run; the verdicts met most often; the last ten problems. Filters: `model`, `source`, `since` and `until` \
(a day YYYY-MM-DD, `until` inclusive, or an RFC 3339 time). Use it when the user asks about their progress or \
history; the resource oj://log/{source}/{id} has one problem's history.",
    output_schema: || schema::load(schema::file("solve_stats.output.json")),
    params: &[
        optional(
            "model",
            r#"{"description": "Only this model's solves (and the problems it solved).", "type": "string"}"#,
        ),
        optional("source", r#"{"description": "Only this platform, e.g. \"atcoder\".", "type": "string"}"#),
        optional(
            "since",
            r#"{"description": "From this day (YYYY-MM-DD, UTC) or RFC 3339 time on.", "examples": ["2026-11-01"], "type": "string"}"#,
        ),
        optional(
            "until",
            r#"{"description": "Up to this day (YYYY-MM-DD, UTC, the whole day) or before this RFC 3339 time.", "examples": ["2026-11-28"], "type": "string"}"#,
        ),
    ],
    hints: READS_LOG,
    call: problems::solves::stats,
};

const TEST_SOLUTION: Tool = Tool {
    name: "test_solution",
    title: "Test a solution on the samples",
    description: "Compile and run a program ON THIS MACHINE against every sample test of a problem and report a \
verdict per sample (AC, WA, TLE, RE, MLE, OLE, CE; UNVERIFIED when the statement accepts several answers and no \
checker was given), the time, the first differing line and the end of stderr. Give the problem (source, id) and the \
program: `code` or `file` with `language` ({languages}), or `command` (argv of a built program). Limits \
default to the statement's, else the platform's usual ones (the result says which); float comparison is chosen when \
the statement accepts an error. LeetCode problems: {leetcode_languages} (the code as pasted into LeetCode). \
Interactive problems cannot be judged. Each run gets a temporary folder, a clean environment and a time limit, \
and, where the OS allows, a memory limit and confinement (bubblewrap or unshare on Linux, sandbox-exec on macOS): the \
filesystem read-only but for the run's folder, no network, on Linux only its own processes. It can still read what \
you can; the result's `confinement` says what held on this machine. Samples are weak tests: add edge cases with \
`custom_tests`, and once the samples pass, run stress_test against a brute force before submitting.",
    output_schema: || schema::load(schema::file("test_solution.output.json")),
    params: &[
        required("source", r#""@source""#),
        required(
            "id",
            r#"{"description": "The problem whose samples to run, as get_problem takes it: \"1920A\" (Codeforces), \"abc321_a\" (AtCoder), \"P1001\" (Luogu), \"SP1\" (SPOJ), \"1\" (LeetCode).", "type": "string"}"#,
        ),
        CODE,
        FILE,
        COMMAND,
        CWD,
        optional(
            "language",
            r#"{"description": "The programming language of `code` or `file`: {language_tools}. LeetCode problems: {leetcode_languages}.", "enum": "@languages", "type": "string"}"#,
        ),
        optional(
            "time_limit_ms",
            r#"{"description": "Wall-clock limit per sample in ms (1-60000). Default: the statement's limit, else 2000.", "maximum": 60000, "minimum": 1, "type": "integer"}"#,
        ),
        optional(
            "memory_limit_mb",
            r#"{"description": "Memory limit per sample in MB (0: none; up to 65536). Default: the statement's limit, else the platform's usual one (256 to 1536; the result says which).", "maximum": 65536, "minimum": 0, "type": "integer"}"#,
        ),
        optional(
            "compare",
            r#"{"description": "How outputs are compared: tokens (whitespace-insensitive, the default), exact, or float (numbers within `float_tolerance`). Default: float when the statement accepts an absolute or relative error, else tokens.", "enum": ["tokens", "exact", "float"], "type": "string"}"#,
        ),
        optional(
            "float_tolerance",
            r#"{"description": "The absolute or relative error `float` accepts (default: the statement's, else 1e-6).", "exclusiveMinimum": 0, "maximum": 1, "type": "number"}"#,
        ),
        optional(
            "tests",
            r#"{"description": "Which samples to run, by number from 1 (default: all).", "items": {"minimum": 1, "type": "integer"}, "type": "array"}"#,
        ),
        optional(
            "custom_tests",
            r#"{"description": "Your own tests, run after the samples (or alone when the statement has none): each an `input` and optionally the expected `output`. Stdin problems: the input is the program's stdin. LeetCode: the input is written as LeetCode writes a testcase, `nums = [2,7,11,15], target = 9` (design problems: the two lines of method names and argument lists), and `output` is a value such as `[0,1]`. With an output a test is judged like a sample; without one its output and time are shown (verdict RAN, or RE/TLE/MLE). Add edge cases the samples miss: smallest and largest values, empty or single-element inputs.", "items": {"additionalProperties": false, "properties": {"input": {"type": "string"}, "output": {"type": "string"}}, "required": ["input"], "type": "object"}, "maxItems": 100, "type": "array"}"#,
        ),
        optional(
            "fail_fast",
            r#"{"description": "Stop at the first sample that fails (default false: run them all).", "type": "boolean"}"#,
        ),
        optional(
            "checker",
            r#"{"description": "A special judge's argv, run per sample with three file paths appended: the input, the program's output, the expected output. Exit 0 means accepted. Use it when the statement accepts several answers.", "items": {"type": "string"}, "minItems": 1, "type": "array"}"#,
        ),
    ],
    hints: RUNS_CODE,
    call: judge::test_solution,
};

const STRESS_TEST: Tool = Tool {
    name: "stress_test",
    title: "Stress-test a solution against a brute force",
    description: "Use AFTER test_solution passes the samples and BEFORE submitting: samples miss most wrong answers \
(an edge case, an overflow, a slow loop). Runs the program ON THIS MACHINE against a `reference` (a simple, surely \
correct brute force you write) on many random inputs from a `generator` you write, run as `generator SEED SIZE` \
(SEED and SIZE are its two arguments; it prints one input: a stdin problem's input, or for LeetCode one testcase as \
LeetCode writes it, `nums = [3,1,2], target = 4`; LeetCode problems need no generator: testcases are then \
generated from the signature and the statement's constraints). The three are built once; rounds run in parallel, sandboxed, under \
the limits; outputs are compared as the samples are (or by `checker`, the reference's output as the expected one). \
It stops at the first differing round, shrinks it (new seeds at smaller sizes) and reports the smallest input, both \
outputs, the first difference, and the seed and size. A crashing reference is reported as its fault; where the \
statement accepts several answers and no checker is given, a difference is OUTPUTS_DIFFER, not WA; on a generated \
input that may break a constraint the generator did not read, a failure is UNCONFIRMED (check the input). `largest: true` \
also runs the program once on the generator's input at `largest_size` and reports TLE when it is too slow. Keep \
sizes small (the default sizes are 1 to 10) so the brute force stays fast and counterexamples readable.",
    output_schema: || schema::load(schema::file("stress_test.output.json")),
    params: &[
        required("source", r#""@source""#),
        required(
            "id",
            r#"{"description": "The problem, as get_problem takes it: \"1920A\" (Codeforces), \"abc321_a\" (AtCoder), \"1\" (LeetCode).", "type": "string"}"#,
        ),
        CODE,
        FILE,
        COMMAND,
        CWD,
        optional(
            "language",
            r#"{"description": "The programming language of `code` or `file` (also of `reference` and `generator` given as code): {language_tools}. LeetCode problems: {leetcode_languages}.", "enum": "@languages", "type": "string"}"#,
        ),
        optional(
            "reference",
            r#"{"description": "The brute force the program is compared with: {\"code\": …, \"language\": …}, {\"file\": …, \"language\": …} or {\"command\": [argv…], \"cwd\": …}. LeetCode: code in a language with a driver. Required unless `rounds` is 0.", "type": "object"}"#,
        ),
        optional(
            "generator",
            r#"{"description": "The input generator, as `reference`; run as `generator SEED SIZE`, it prints one input (LeetCode: one testcase in LeetCode's syntax). The same SEED and SIZE must give the same input. Required for stdin problems; for LeetCode, without it testcases are generated from the signature and the statement's constraints (the result lists the constraints read and not read).", "type": "object"}"#,
        ),
        optional(
            "rounds",
            r#"{"description": "At most this many rounds (default 10000; the time budget usually ends them first). 0 with `largest: true`: only the largest input.", "maximum": 1000000, "minimum": 0, "type": "integer"}"#,
        ),
        optional(
            "time_budget_s",
            r#"{"description": "Seconds for the rounds (default 10; 0.5-300). Shrinking a counterexample may take up to half as long again.", "maximum": 300, "minimum": 0.5, "type": "number"}"#,
        ),
        optional(
            "max_size",
            r#"{"description": "Round i runs the generator with SIZE 1 + i mod max_size (default 10): sizes 1 to max_size, small first.", "maximum": 1000000000, "minimum": 1, "type": "integer"}"#,
        ),
        optional(
            "seed",
            r#"{"description": "The first round's SEED (default 1); round i uses seed + i.", "minimum": 0, "type": "integer"}"#,
        ),
        optional(
            "largest",
            r#"{"description": "Also run the program once, alone, on the generator's input of SIZE `largest_size` under the time limit, and report its time (TLE: too slow on the largest input).", "type": "boolean"}"#,
        ),
        optional(
            "largest_size",
            r#"{"description": "The SIZE the generator takes to print the largest input the constraints allow (with `largest`).", "minimum": 1, "type": "integer"}"#,
        ),
        optional(
            "time_limit_ms",
            r#"{"description": "Wall-clock limit per run in ms (1-60000). Default: the statement's limit, else 2000.", "maximum": 60000, "minimum": 1, "type": "integer"}"#,
        ),
        optional(
            "reference_time_limit_ms",
            r#"{"description": "The reference's limit per run in ms (default: the program's).", "maximum": 60000, "minimum": 1, "type": "integer"}"#,
        ),
        optional(
            "memory_limit_mb",
            r#"{"description": "Memory limit per run in MB (0: none). Default: the statement's, else the platform's usual.", "maximum": 65536, "minimum": 0, "type": "integer"}"#,
        ),
        optional(
            "compare",
            r#"{"description": "How outputs are compared: tokens, exact, or float. Default: as test_solution (float when the statement accepts an error).", "enum": ["tokens", "exact", "float"], "type": "string"}"#,
        ),
        optional(
            "float_tolerance",
            r#"{"description": "The error `float` accepts (default: the statement's, else 1e-6).", "exclusiveMinimum": 0, "maximum": 1, "type": "number"}"#,
        ),
        optional(
            "checker",
            r#"{"description": "A special judge's argv, run per differing round with three file paths appended: the input, the program's output, the reference's output. Exit 0 means accepted. Needed when several answers are accepted.", "items": {"type": "string"}, "minItems": 1, "type": "array"}"#,
        ),
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
            assert_eq!((t.output_schema)()["type"], "object", "{}", t.name);
            for s in [t.input_schema(), (t.output_schema)()] {
                assert!(!s.to_string().contains("\"@"), "{}: a fragment marker was left unexpanded", t.name);
            }
            let mut params = t.names();
            params.sort_unstable();
            params.dedup();
            assert_eq!(params.len(), t.params.len(), "{}: a parameter declared twice", t.name);
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
