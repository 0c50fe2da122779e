//! C++ built as the judges build it, through the binary with the real g++: the judge's standard
//! by default (AtCoder: C++23 where g++ takes it), the user's `-std=` in `OJ_CXX` winning over
//! ours, a program in each standard, and the AtCoder Library found through `-I` in `OJ_CXX` and
//! through `CPATH` (a small library of the same shape in a temporary folder, under the private
//! `/tmp` the sandbox gives a build), its include block precompiled, and a user `-std=` that
//! differs from the header's getting another header, not that one.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{eventually, have, judge_server, judged};

/// abc321_a (are the digits strictly decreasing?) after `head`, with `check` in `main` (C's
/// input and output: `<iostream>` would cost each build more than a busy machine's 20 s reply).
fn solution(head: &str, check: &str) -> String {
    format!(
        "{head}\nint main(){{{check}\nchar s[32]={{0}};if(std::scanf(\"%31s\",s)!=1)return 1;bool ok=true;\
for(int i=1;s[i];i++)if(s[i]>=s[i-1])ok=false;std::puts(ok?\"Yes\":\"No\");}}\n"
    )
}

fn call(s: &mut Server, code: &str) -> Value {
    judged(s, json!({"source": "atcoder", "id": "abc321_a", "language": "cpp", "code": code}))
}

fn gcc_takes(std: &str) -> bool {
    let out = std::process::Command::new("g++")
        .args([&format!("-std={std}"), "-fsyntax-only", "-x", "c++", "/dev/null"])
        .output();
    out.is_ok_and(|o| o.status.success())
}

/// A C++20 program (ranges, span, `<=>`) that GNU C++17 refuses.
const CPP20: &str = "#include <algorithm>\n#include <compare>\n#include <cstdio>\n\
#include <span>\n#include <vector>\nstruct P{int a;auto operator<=>(const P&)const=default;};";
const CPP20_CHECK: &str = "std::vector<int> v{3,1,2};std::ranges::sort(v);std::span<int> sp(v);\
static_assert(__cplusplus>=202002L);if(sp[0]!=1||!(P{1}<P{2}))return 1;";

#[test]
fn the_judge_s_standard_by_default_and_the_user_s_when_named() {
    if !have("g++") || !gcc_takes("gnu++20") {
        return;
    }
    // AtCoder: C++23 where this g++ takes it, else one step back; said in both forms.
    let (_b, mut s) = judge_server(vec![("OJ_PCH", "0".into())]);
    let newest = if gcc_takes("gnu++23") { "gnu++23" } else { "gnu++20" };
    let v = call(&mut s, &solution(CPP20, CPP20_CHECK));
    assert_eq!((v["verdict"].as_str(), v["compile"]["standard"].as_str()), (Some("AC"), Some(newest)), "{v}");
    let why = v["compile"]["standard_why"].as_str().unwrap();
    assert!(why.contains("AtCoder"), "{why}");
    let r = s.call(
        "test_solution",
        json!({"source": "atcoder", "id": "abc321_a", "language": "cpp",
        "code": solution(CPP20, CPP20_CHECK)}),
    );
    let text = r["result"]["content"][0]["text"].as_str().unwrap_or("");
    assert!(text.contains(&format!("- Standard: {newest} ({why})")), "{text}");
    if newest == "gnu++23" {
        let v = call(&mut s, &solution("#include <cstdio>", "static_assert(__cplusplus>202002L);"));
        assert_eq!(v["verdict"], "AC", "{v}");
    }
    drop(s);
    // The README's own example: the user's -std= is the one used (it comes after ours).
    let env = vec![("OJ_PCH", "0".into()), ("OJ_CXX", "g++ -std=gnu++20".into())];
    let (_b, mut s) = judge_server(env);
    let v = call(&mut s, &solution(CPP20, CPP20_CHECK));
    assert_eq!((v["verdict"].as_str(), v["compile"]["standard"].as_str()), (Some("AC"), Some("gnu++20")), "{v}");
    assert!(v["compile"]["standard_why"].as_str().unwrap().contains("OJ_CXX"), "{v}");
    let v = call(&mut s, &solution("#include <cstdio>", "static_assert(__cplusplus==202002L);"));
    assert_eq!(v["verdict"], "AC", "{v}");
    drop(s);
    // C++17 when named, where the C++20 program is a CE.
    let env = vec![("OJ_PCH", "0".into()), ("OJ_CXX", "g++ -std=gnu++17 -O2".into())];
    let (_b, mut s) = judge_server(env);
    let v = call(&mut s, &solution("#include <cstdio>", "static_assert(__cplusplus==201703L);"));
    assert_eq!((v["verdict"].as_str(), v["compile"]["standard"].as_str()), (Some("AC"), Some("gnu++17")), "{v}");
    let v = call(&mut s, &solution(CPP20, CPP20_CHECK));
    assert_eq!(v["verdict"], "CE", "{v}");
}

/// A library shaped like the AtCoder Library (`atcoder/all` including template headers with
/// quotes, as the real one does), under `root`; its include folder.
fn small_acl(root: &Path) -> PathBuf {
    let lib = root.join("lib");
    let at = lib.join("atcoder");
    std::fs::create_dir_all(&at).unwrap();
    let files = [
        ("all", "#include \"atcoder/dsu\"\n#include \"atcoder/fenwicktree\"\n"),
        ("dsu", "#include \"atcoder/dsu.hpp\"\n"),
        (
            "dsu.hpp",
            "#ifndef ATCODER_DSU_HPP\n#define ATCODER_DSU_HPP 1\n#include <vector>\nnamespace atcoder {\n\
struct dsu { std::vector<int> p; explicit dsu(int n) : p(n, -1) {}\n\
int leader(int a) { return p[a] < 0 ? a : p[a] = leader(p[a]); }\n\
int merge(int a, int b) { a = leader(a); b = leader(b); if (a != b) p[b] = a; return a; } };\n}\n#endif\n",
        ),
        ("fenwicktree", "#include \"atcoder/fenwicktree.hpp\"\n"),
        (
            "fenwicktree.hpp",
            "#ifndef ATCODER_FENWICKTREE_HPP\n#define ATCODER_FENWICKTREE_HPP 1\n#include <vector>\nnamespace atcoder {\n\
template <class T> struct fenwick_tree { std::vector<T> d; explicit fenwick_tree(int n) : d(n) {}\n\
void add(int p, T x) { for (p++; p <= (int)d.size(); p += p & -p) d[p - 1] += x; }\n\
T sum(int r) { T s = 0; for (; r > 0; r -= r & -r) s += d[r - 1]; return s; } };\n}\n#endif\n",
        ),
    ];
    for (name, text) in files {
        std::fs::write(at.join(name), text).unwrap();
    }
    lib
}

const ACL_HEAD: &str = "#include <atcoder/all>\n#include <cstdio>\nusing namespace atcoder;";

fn acl_check(n: u32) -> String {
    format!(
        "dsu d(4);d.merge(0,{n});fenwick_tree<long long> f(4);f.add(1,5);if(f.sum(2)!=5||d.leader({n})!=0)return 1;"
    )
}

#[test]
fn the_atcoder_library_found_through_include_and_cpath_and_precompiled() {
    if !have("g++") {
        return;
    }
    let version = std::process::Command::new("g++").arg("--version").output().map(|o| o.stdout).unwrap_or_default();
    let gcc = String::from_utf8_lossy(&version).contains("Free Software Foundation");
    let root = std::env::temp_dir().join(format!("oj-it-acl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let lib = small_acl(&root);
    let cache = root.join("cache");
    let env = |more: Vec<(&'static str, String)>| {
        let mut env = vec![("XDG_CACHE_HOME", cache.to_string_lossy().into_owned()), ("OJ_LOG", "debug".into())];
        env.extend(more);
        env
    };
    // Through -I in OJ_CXX (a folder under /tmp, which the sandbox keeps readable).
    let (_b, mut s) = judge_server(env(vec![("OJ_CXX", format!("g++ -I{}", lib.display()))]));
    let v = call(&mut s, &solution(ACL_HEAD, &acl_check(1)));
    assert_eq!((v["verdict"].as_str(), &v["compile"]["precompiled_header"]), (Some("AC"), &json!(false)), "{v}");
    if gcc {
        // Its include block precompiled in the background, then used.
        let ready = eventually(Duration::from_secs(600), || s.stderr().contains("precompiled header ready"));
        assert!(ready, "{}", s.stderr());
        let v = call(&mut s, &solution(&format!("// another program, the same block\n{ACL_HEAD}"), &acl_check(2)));
        assert_eq!((v["verdict"].as_str(), &v["compile"]["precompiled_header"]), (Some("AC"), &json!(true)), "{v}");
        let key = std::fs::read_dir(cache.join("oj-mcp-rs/pch")).unwrap().flatten().next().unwrap().path();
        let text = std::fs::read_to_string(key.join("key.txt")).unwrap();
        assert!(text.contains(&format!("-I{}", lib.display())) && text.contains("#include <atcoder/all>\n"), "{text}");
    }
    drop(s);
    // Through CPATH (the build's environment is clean: the folder is named with -I for it).
    let cpath = vec![("CPATH", lib.to_string_lossy().into_owned()), ("OJ_PCH", "0".into())];
    let (_b, mut s) = judge_server(env(cpath));
    let v = call(&mut s, &solution(ACL_HEAD, &acl_check(3)));
    assert_eq!(v["verdict"], "AC", "{v}");
    drop(s);
    // A user -std= other than the header's: that header is not used; one for it is built.
    let cxx = format!("g++ -std=gnu++17 -I{}", lib.display());
    let (_b, mut s) = judge_server(env(vec![("OJ_CXX", cxx)]));
    let v = call(&mut s, &solution(ACL_HEAD, &acl_check(1)));
    assert_eq!((v["verdict"].as_str(), &v["compile"]["precompiled_header"]), (Some("AC"), &json!(false)), "{v}");
    assert_eq!(v["compile"]["standard"], "gnu++17", "{v}");
    if gcc {
        let ready = eventually(Duration::from_secs(600), || s.stderr().contains("precompiled header ready"));
        assert!(ready, "{}", s.stderr());
        let v = call(&mut s, &solution(ACL_HEAD, &acl_check(2)));
        assert_eq!((v["verdict"].as_str(), &v["compile"]["precompiled_header"]), (Some("AC"), &json!(true)), "{v}");
        let keys = std::fs::read_dir(cache.join("oj-mcp-rs/pch")).unwrap().count();
        assert_eq!(keys, 2, "one header per standard");
    }
    drop(s);
    let _ = std::fs::remove_dir_all(&root);
}
