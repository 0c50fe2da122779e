//! The phrases that decide a comparison, in English, Chinese, Japanese and Russian, as real
//! statements write them (the lists were built from AtCoder's statements in both languages,
//! LeetCode's in English and Chinese, and Codeforces' usual wording). Each fact is a set of rules
//! over one sentence of the plain text (`prose::plain`): a rule holds when every one of its groups
//! has a phrase in the sentence. A sentence that holds is what the result quotes.

use super::prose;

/// A rule: each group must have a phrase in the sentence.
type Rule = &'static [&'static [&'static str]];

/// Words that make a sentence about the output, not the input or the process.
const OUTPUT: &[&str] = &[
    "print",
    "output",
    "return",
    "answer",
    "report",
    "accepted",
    "correct",
    "输出",
    "返回",
    "答案",
    "出力",
    "解答",
    "выведите",
    "вывести",
    "выводите",
    "выводить",
    "ответ",
];

/// Any of several answers is accepted.
const ANY_ANSWER: &[Rule] = &[
    &[&[
        "print any",
        "output any",
        "return any",
        "printing any",
        "outputting any",
        "returning any",
        "report any",
        "find any",
        "choose any",
        "give any",
        "construct any",
        "any of them",
        "any one of them",
        "any of these",
        "any one of these",
        "any of those",
        "any such",
        "any valid",
        "any correct",
        "any possible",
        "any solution",
        "any answer",
        "any suitable",
        "any optimal",
        "print anyone",
        "return any solution",
        "any permutation",
        "any array",
    ]],
    &[&["multiple", "several", "more than one", "two or more", "not unique", "many possible"], &[" any "], OUTPUT],
    // "If there exists a positive integer … choose one such integer and print it." (apc001_a)
    &[&["choose one such", "pick one such", "find one such"], OUTPUT],
    // "If there is such an assignment, show one such assignment." (arc069_b, agc035_c, abc142_f)
    &[&["show one such"]],
    // "The output is considered correct if the assignment described by t is consistent with s."
    // (a checker; not the tolerance's "considered correct if its absolute or relative error …")
    &[
        &["considered correct if", "judged correct if", "considered correct when", "judged correct when"],
        &["consistent", "satisf", "meets", "achieves", "condition"],
    ],
    &[
        &["any "],
        &[
            "accepted",
            "considered correct",
            "judged correct",
            "judged as correct",
            "regarded as correct",
            "acceptable",
            "considered valid",
        ],
    ],
    &[&[
        "also accepted",
        "also be accepted",
        "also considered correct",
        "also be considered correct",
        "also correct",
        "also acceptable",
        "also valid",
        "also a valid answer",
        "one possible answer",
        "other acceptable",
        "other correct outputs",
        "other valid outputs",
        "accepted as well",
        "are both accepted",
        "are all accepted",
        "would also be accepted",
        "would also be correct",
        "also valid outputs",
        "also a valid answer",
        "also a correct answer",
        "also be a valid",
    ]],
    // A scored (heuristic) problem: every valid output gets a score, the sample's is one of many.
    &[&[
        "the score is calculated",
        "score is computed",
        "your score",
        "absolute score",
        "relative score",
        "the score of the submission",
        "visualizer",
        "得点の計算",
        "ビジュアライザ",
    ]],
    // Chinese.
    &[
        &["任意", "任何", "任一", "其中一", "之一"],
        &["输出", "返回", "答案", "方案", "构造"],
        &["即可", "均可", "都可以", "都正确", "都算", "多个", "多种", "多组", "不唯一", "任意一", "任一", "任何一"],
    ],
    &[&["答案不唯一", "多解", "多组解", "多种解", "都是正确的", "也是正确的", "也被视为正确", "也是正确答案"]],
    // Japanese.
    &[
        &[
            "どれを出力",
            "いずれを出力",
            "どれを出力しても",
            "どれを返して",
            "どれでも",
            "いずれでも",
            "も正解",
            "も正答",
            "任意のもの",
            "どれか一つ",
            "どれか1つ",
            "いずれか一つ",
            "いずれか1つ",
        ],
        &["出力", "正解", "正答", "構い", "よい", "良い"],
    ],
    // Russian.
    &[
        &["любой", "любое", "любую", "любого", "любые", "любым"],
        &["выведите", "вывести", "выводите", "ответ", "решени"],
    ],
    &[
        &["несколько ответов", "несколько решений", "несколько возможных"],
        &["любой", "любое", "любую", "можно вывести", "разрешается"],
    ],
    // A random answer (LeetCode's shuffles and random picks): no output is the one expected.
    &[&["equally likely", "uniformly at random", "uniformly random", "random shuffling", "randomly"], OUTPUT],
    &[&["概率相同", "等概率", "随机"], &["返回", "输出"]],
    // An example's explanation: `Either 2 or 3 is the nearest leaf node.`
    &[
        &["either "],
        &[" or "],
        &[" is the ", " are the ", " is a valid", " is correct", " is acceptable", " are correct"],
    ],
];

/// Words after which "any" is not about the answer (`in any order`, `in any case`).
const NOT_ANY_ANSWER: &[&str] = &[
    "not any",
    "n't any",
    "without any",
    "any order",
    "arbitrary order",
    "any case",
    "upper or lower",
    "uppercase",
    "lowercase",
    "任意顺序",
    "任何顺序",
    "顺序任意",
    "任意次序",
    "大小写",
    "任意の順",
    "順番",
    "順序",
    "大文字",
    "любом порядке",
    "произвольном порядке",
    "регистр",
];

/// The answer's order is free.
const ANY_ORDER: &[Rule] = &[
    &[&["any order", "arbitrary order", "order does not matter", "order doesn't matter", "any sequence order"], OUTPUT],
    &[&["任意顺序", "任何顺序", "顺序任意", "任意次序", "顺序不限", "不考虑顺序", "不要求顺序"], OUTPUT],
    &[
        &[
            "任意の順",
            "順番は問いません",
            "順番は問わない",
            "順序は問いません",
            "順序は問わない",
            "順不同",
            "どのような順",
        ],
        OUTPUT,
    ],
    &[&["в любом порядке", "в произвольном порядке", "порядок не важен", "порядок не имеет значения"], OUTPUT],
];

/// The answer's items are sets, their own order free too: 3Sum's "the order of the output and the
/// order of the triplets does not matter", 77's "combinations are unordered", 39's "You may return
/// the combinations in any order". Permutations, pairs and paths are not: their order is meaning.
const SET_ITEMS: &[Rule] = &[
    &[
        &["order of the triplets", "order of the quadruplets", "order of the combinations"],
        &["not matter", "n't matter"],
    ],
    &[&["combinations are unordered", "combination is unordered"]],
    &[&["combinations", "triplets", "quadruplets"], &["any order"]],
];

/// The statement speaks of the answer's order: a list in another order is wrong.
const ORDERED: &[Rule] = &[&[&[
    "sorted",
    "ascending",
    "descending",
    "increasing order",
    "decreasing order",
    "non-decreasing order",
    "lexicographical",
    "lexicographically",
    "in the order",
    "in order of",
    "in the same order",
    "relative order",
    "排序",
    "升序",
    "降序",
    "字典序",
    "递增",
    "递减",
]]];

/// Letters may be printed in either case.
const ANY_CASE: &[Rule] = &[
    &[
        &[
            "any case",
            "upper or lower",
            "uppercase or lowercase",
            "upper case or lower case",
            "lowercase or uppercase",
            "any letter case",
        ],
        &["print", "output", "letter"],
    ],
    &[&["case-insensitive", "case insensitive", "not case-sensitive", "not case sensitive"]],
    &[
        &["大文字", "大小写"],
        &["いずれでも", "どちらでも", "区別しない", "区別せず", "不敏感", "不区分", "均可", "都可以", "任意"],
    ],
    &[&["в любом регистре", "регистр не важен", "регистр букв не важен"]],
];

/// Words that suggest several outputs are accepted without saying "any": a WA then says the
/// statement may accept other outputs.
const MAYBE_SEVERAL: &[Rule] = &[
    &[
        &[
            "print such a",
            "print one such",
            "output one such",
            "output such a",
            "print one of",
            "output one of",
            "print one way",
            "print a way",
            "print an example",
            "output an example",
            "print one example",
            "print one possible",
            "print a possible",
            "output a possible",
            "print a solution",
            "output a solution",
            "print a construction",
            "construct",
            "find one",
        ],
        OUTPUT,
    ],
    // "Print an assignment of integers to the playing fields satisfying this condition."
    &[
        &["print a ", "print an ", "output a ", "output an "],
        &[
            "satisfying th",
            "that satisfies th",
            "satisfying all",
            "that satisfy th",
            "meeting th",
            "that meets th",
            // "Print a sequence of operations that maximizes the number of cells …" (abc109_d)
            "that maximize",
            "that minimize",
        ],
    ],
    // "It can be proved that such an assignment always exists under the constraints given."
    &[&["it can be proved that such", "it can be shown that such"], &["exist"]],
    // "The i-th of these 2N-1 lines should contain the i-th element of a possible permutation."
    &[&["element of a possible ", "elements of a possible ", "element of any possible ", "elements of any possible "]],
    &[&["一つ求め", "ひとつ求め", "一つ出力", "ひとつ出力", "一例", "一つ示", "ひとつ示", "構築"]],
    &[&["输出一种", "输出一个满足", "输出一组", "构造", "给出一种"]],
    &[&["выведите пример", "приведите пример", "постройте"]],
];

/// The first sentence of `text` (plain) that one of `rules` holds for, unless it also holds a
/// word of `unless` outside the phrase that matched.
fn first_sentence<'a>(text: &'a str, rules: &[Rule], unless: &[&str]) -> Option<&'a str> {
    prose::sentences(text).find(|s| {
        let holds = rules.iter().any(|rule| rule.iter().all(|group| group.iter().any(|p| s.contains(p))));
        let excluded = unless.iter().any(|u| s.contains(u));
        holds && (!excluded || any_answer_besides(s, unless))
    })
}

/// Whether a sentence that names the order or the letter case also says "any" of the answer on
/// its own (`print any of them, in any order`).
fn any_answer_besides(s: &str, unless: &[&str]) -> bool {
    let mut rest = s.to_string();
    for u in unless {
        rest = rest.replace(u, " ");
    }
    ["any of them", "any one of them", "any such", "any valid", "任意一", "どれを出力", "любой из"]
        .iter()
        .any(|p| rest.contains(p))
}

/// The sentence saying any of several answers is accepted.
pub fn any_answer(text: &str) -> Option<&str> {
    prose::sentences(text).find(|s| first_sentence(s, ANY_ANSWER, NOT_ANY_ANSWER).is_some() && !measured(s))
}

/// Whether a sentence's "any" is inside what the answer measures (LeetCode 1855's `Return the
/// maximum distance of any valid pair`: one number), not a freedom of the answer, which would be
/// said in words of its own (`If there are several, return any of them`).
fn measured(s: &str) -> bool {
    let frees = ["any of them", "any one of", "print any", "output any", "return any", "printing any", "any answer"];
    if frees.iter().any(|w| s.contains(w)) {
        return false;
    }
    let Some(at) = s.find("any ") else { return false };
    let measures = ["maximum", "minimum", "number of", "sum of", "largest", "smallest", "longest", "shortest"];
    measures.iter().chain(&["total", "count", "length of", "how many"]).any(|w| s[..at].contains(w))
}

/// The sentence saying the answer's order is free.
pub fn any_order(text: &str) -> Option<&str> {
    first_sentence(text, ANY_ORDER, &[])
}

/// The sentence saying the answer's items are sets (each in any order), or where the order is
/// free, items written as one array's elements at three or more distinct indices that no `<`
/// orders (4Sum's `[nums[a], nums[b], nums[c], nums[d]]` with `a, b, c, and d are distinct`).
pub fn set_items(text: &str, any_order: bool) -> Option<&str> {
    first_sentence(text, SET_ITEMS, &[]).or_else(|| prose::sentences(text).find(|s| any_order && index_tuple(s, text)))
}

/// Whether `s` writes a tuple `[x[i], x[j], x[k]…]` of one array `x` at three or more different
/// index names, none of which `text` orders against another (`i < j`).
fn index_tuple(s: &str, text: &str) -> bool {
    s.match_indices('[').any(|(at, _)| {
        let mut idx: Vec<&str> = Vec::new();
        let mut array = "";
        for item in s[at + 1..].split(']').take(5) {
            let item = item.trim_start_matches([',', ' ']);
            let Some((name, i)) = item.split_once('[') else { break };
            let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !word(name) || !word(i) || (!array.is_empty() && array != name) || idx.contains(&i) {
                break;
            }
            array = name;
            idx.push(i);
        }
        let orders = |a: &&str, b: &&str| [" < ", " <= ", " > "].iter().any(|o| text.contains(&format!("{a}{o}{b}")));
        idx.len() >= 3 && !idx.iter().any(|a| idx.iter().any(|b| orders(a, b)))
    })
}

/// The sentence that speaks of the answer's order.
pub fn ordered(text: &str) -> Option<&str> {
    first_sentence(text, ORDERED, &[])
}

/// The sentence saying letters may be in either case.
pub fn any_case(text: &str) -> Option<&str> {
    first_sentence(text, ANY_CASE, &[])
}

/// The sentence that suggests several outputs may be accepted.
pub fn maybe_several(text: &str) -> Option<&str> {
    first_sentence(text, MAYBE_SEVERAL, &[])
}

#[cfg(test)]
mod tests {
    use super::super::prose::plain;
    use super::*;

    fn any(s: &str) -> bool {
        any_answer(&plain(s)).is_some()
    }

    /// Phrasings taken from real statements (AtCoder, LeetCode, Codeforces), each in its words.
    #[test]
    fn several_answers_in_the_words_statements_use() {
        for s in [
            "If there are multiple solutions, any of them will be accepted.",
            "If multiple solutions exist, printing any of them will be considered correct.",
            "If there are multiple such strings, any of them is acceptable.",
            "Any one of them is accepted.",
            "If there are multiple answers, print any of them.",
            "In case there are multiple possible solutions, you can output any.",
            "Thus, printing any one of 1, 2, and 3 is accepted.",
            "If there are multiple trees that satisfy the conditions, any such tree will be accepted.",
            "Any output that satisfies the conditions in the problem statement will be considered correct.",
            "Other outputs such as the following are also considered correct: 1 2.",
            "\"aba\" is also a valid answer.",
            "One possible answer is [0,-3,9,-10,null,5], which represents the shown height balanced BST.",
            "If multiple answers exist, you may return <em>any of them</em>.",
            "如果有多个答案，返回任意一个。",
            "只需要返回其中任意一组即可。",
            "如果有多组解，输出任意一组即可。",
            "答えが複数存在する場合、どれを出力しても正解とみなされる。",
            "条件を満たす解が複数存在する場合は、どれを出力してもよい。",
            "(4,1) なども正解とみなされます。",
            "Если ответов несколько, выведите любой из них.",
            "Если существует несколько решений, разрешается вывести любое.",
            "Any permutation of [1,2,3] must be equally likely to be returned.",
            "Explanation: Either 2 or 3 is the nearest leaf node to the target of 1.",
            "If there are multiple solutions, any of them may be printed.",
            "Return any solution.",
            "[4,2,3,1] would also be accepted.",
            "\"bacd\" is also a valid answer.",
            "Other permutations such as [2,1,3] are also valid outputs.",
            "The score is calculated as follows.",
            "If there exists a positive integer that is a multiple of X but not of Y, choose one such integer and print it.",
            "If there is such an assignment, show one such assignment.",
            "The output is considered correct if the assignment described by t is consistent with s.",
            "Your output will be considered correct if, for every test case, your sequence of operations achieves the objective.",
        ] {
            assert!(any(s), "{s}");
        }
        for s in [
            "Print the answer.",
            "You may print the edges in any order.",
            "You can output each letter in any case (upper or lower).",
            "For any integer i, A_i is even.",
            "Your output will be considered correct when its absolute or relative error is at most 10^{-6}.",
            "对于任意 i，都有 a_i > 0。",
            "If there is not any such rectangle, return 0.",
            "Return the maximum distance of any valid pair (i, j).",
            "Return the number of any possible subsets whose sum is k.",
            "Each cell is either 0 or 1.",
            "辺は任意の順で出力して構わない。",
            "Выведите ответ в любом порядке.",
            "If such a substring exists, choose one such substring and delete it.",
            "Your output is considered correct if its absolute or relative error from the judge's output is at most 10^{-6}.",
        ] {
            assert!(!any(s), "{s}");
        }
    }

    #[test]
    fn order_and_case() {
        let order = |s: &str| any_order(&plain(s)).is_some();
        assert!(order("You may print the edges in any order."));
        assert!(order("You can return the answer in <strong>any order</strong>."));
        assert!(order("你可以按 任意顺序 返回答案。"));
        assert!(order("辺は任意の順で出力して構わない。"));
        assert!(order("Рёбра можно выводить в любом порядке."));
        assert!(!order("You can perform the operations in any order."));
        let case = |s: &str| any_case(&plain(s)).is_some();
        assert!(case("You can output each letter in any case (upper or lower)."));
        assert!(case("Note that the checker is case-insensitive."));
        assert!(case("`Yes` または `No` の出力において、各文字は大文字・小文字のいずれでもよい。"));
        assert!(!case("Print Yes or No."));
    }

    #[test]
    fn an_order_that_matters() {
        let ordered = |s: &str| ordered(&plain(s)).is_some();
        assert!(ordered("Return the list sorted in ascending order."));
        assert!(ordered("按字典序返回答案。"));
        assert!(!ordered("Return the number of pairs."));
    }

    #[test]
    fn implied_several_answers() {
        let several = |s: &str| maybe_several(&plain(s)).is_some();
        assert!(several("If it exists, print such a string."));
        assert!(several("Print one way to achieve the objective."));
        assert!(several("存在する場合は条件を満たす例を一つ求めてください。"));
        assert!(several("Print an arrangement of the tiles satisfying this condition."));
        assert!(several("It can be proved that such a coloring always exists under the constraints."));
        assert!(!several("Print the number of sequences satisfying the conditions."));
        assert!(!several("It can be proved that the answer is less than 2^{63}."));
        assert!(several("The i-th of these lines should contain the i-th element of a possible permutation."));
        assert!(!several("Print the number of elements of the permutation."));
        assert!(!several("Print the minimum number of operations."));
        assert!(several(
            "Print a sequence of operations that maximizes the number of cells containing an even number."
        ));
        assert!(several("Print a choice of roads to maintain that minimizes d_2+d_3."));
        assert!(!several("Print the number of operations that minimizes the cost."));
    }
}
