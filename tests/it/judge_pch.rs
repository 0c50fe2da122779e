//! The precompiled include block through the binary, with the real g++: the first C++ program
//! that starts with `<bits/stdc++.h>` is built without its header and starts the header's build
//! in the background, into the cache folder the server's environment names (`XDG_CACHE_HOME`, a
//! temporary folder here); later programs with the same block are built with it and still pass;
//! a program whose block differs (a `#define` first) does not use it, and a damaged header still
//! builds, without a word about the header in the compiler's messages. One or two header builds
//! per test run (several seconds each). The AtCoder Library's blocks: `judge_cxx`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{eventually, have, judge_server, judged};

/// An AtCoder abc321_a solution as competitive programmers write it; `first` goes before it.
fn solution(first: &str, variant: u32) -> String {
    format!(
        "{first}#include <bits/stdc++.h>\nusing namespace std;\nusing ll = long long;\n\
int main(){{string s;cin>>s;map<char,int> seen;auto dec=[&](){{for(size_t i=1;i<s.size();i++)\
if(s[i]>=s[i-1])return false;return true;}};for(char c:s)seen[c]+={variant};\
printf(\"%s\\n\", dec()?\"Yes\":\"No\");}}\n"
    )
}

fn judge_cpp(s: &mut Server, code: &str) -> Value {
    let v = judged(s, json!({"source": "atcoder", "id": "abc321_a", "language": "cpp", "code": code}));
    assert_eq!(v["verdict"], "AC", "{v}");
    v
}

/// The one key folder under the cache, once there is one.
fn key_folder(cache: &Path) -> Option<PathBuf> {
    let root = cache.join("oj-mcp-rs").join("pch");
    std::fs::read_dir(root).ok()?.flatten().map(|e| e.path()).find(|p| p.is_dir())
}

#[test]
fn cpp_builds_use_the_precompiled_header_once_it_is_built() {
    if !have("g++") {
        return;
    }
    // Apple's `g++` is clang, which gets no precompiled header.
    let version = std::process::Command::new("g++").arg("--version").output().map(|o| o.stdout).unwrap_or_default();
    if !String::from_utf8_lossy(&version).contains("Free Software Foundation") {
        eprintln!("skipping: `g++` is not GCC");
        return;
    }
    let cache = std::env::temp_dir().join(format!("oj-it-pch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let env = vec![("XDG_CACHE_HOME", cache.to_string_lossy().into_owned()), ("OJ_LOG", "debug".into())];
    let (_b, mut s) = judge_server(env);
    // The first build does not wait for the header.
    let v = judge_cpp(&mut s, &solution("", 1));
    assert_eq!(v["compile"]["precompiled_header"], false, "{v}");
    // Its build is said (at the default log level too), and ends (at the lowest priority: on a busy
    // machine it may wait for the cores).
    let ready = eventually(Duration::from_secs(600), || s.stderr().contains("precompiled header ready"));
    assert!(ready, "{}", s.stderr());
    let dir = key_folder(&cache).expect("a key folder");
    let gch = dir.join("block.h.gch");
    let size = std::fs::metadata(&gch).map(|m| m.len()).unwrap_or(0);
    assert!(size > 1_000_000, "{size} bytes");
    assert!(!dir.join("lock").exists() && dir.join("deps").is_file());
    let key = std::fs::read_to_string(dir.join("key.txt")).unwrap();
    assert!(key.contains("\"-O2\", \"-pipe\"") && key.contains("\"-std=gnu++"), "{key}");
    // The block is what comes before the code, the program's type name left to the program.
    let block = "#include <bits/stdc++.h>\nusing namespace std;\n";
    assert!(key.ends_with(&format!("block:\n{block}")), "{key}");
    assert_eq!(std::fs::read_to_string(dir.join("block.h")).unwrap(), block);
    // Another program: built with it, and said so.
    let v = judge_cpp(&mut s, &solution("// a comment first\n", 2));
    assert_eq!(v["compile"]["precompiled_header"], true, "{v}");
    let r = s.call(
        "test_solution",
        json!({"source": "atcoder", "id": "abc321_a", "language": "cpp",
        "code": solution("", 3)}),
    );
    let text = r["result"]["content"][0]["text"].as_str().unwrap_or("");
    assert!(text.contains("with its include block precompiled)"), "{text}");
    // A macro defined before the includes: another block, whose header is not built yet (its
    // build starts); nothing about headers in the program's messages.
    let v = judge_cpp(&mut s, &solution("#define NDEBUG\n", 4));
    assert_eq!(v["compile"]["precompiled_header"], false, "{v}");
    let log = v["compile"]["log"].as_str().unwrap();
    assert!(!log.contains("pch") && !log.contains(".gch"), "{log}");
    // A damaged header (cut short, as a full disk would leave it): the build goes on without
    // it, and the file is removed (where GCC stops on it, as g++ 12 does: "cannot read PCH file").
    let bytes = std::fs::read(&gch).unwrap();
    std::fs::write(&gch, &bytes[..bytes.len() / 2]).unwrap();
    let v = judge_cpp(&mut s, &solution("", 5));
    assert_eq!(v["compile"]["precompiled_header"], false, "{v}");
    let stopped = s.stderr().contains("is damaged: removed");
    assert_eq!(stopped, !gch.exists(), "{}", s.stderr());
    drop(s);
    let _ = std::fs::remove_dir_all(&cache);
}

/// A compiler a wrapper runs (`OJ_CXX="ccache g++"`; `env` here, which every Linux has and which,
/// like ccache, takes no compiler option before the compiler's name): the header is built for the
/// compiler and named after it, not after the wrapper. A block of three small headers, quick to
/// precompile.
#[test]
fn a_wrapped_compiler_reads_the_header_too() {
    if !cfg!(target_os = "linux") || !have("g++") || !have("env") {
        return;
    }
    let version = std::process::Command::new("g++").arg("--version").output().map(|o| o.stdout).unwrap_or_default();
    if !String::from_utf8_lossy(&version).contains("Free Software Foundation") {
        return;
    }
    let cache = std::env::temp_dir().join(format!("oj-it-pch-env-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let env = vec![("XDG_CACHE_HOME", cache.to_string_lossy().into_owned()), ("OJ_CXX", "env g++".into())];
    let (_b, mut s) = judge_server(env);
    let code = |n: u32| {
        format!(
            "#include <cstdio>\n#include <cstring>\n#include <cstdlib>\n// {n}\nint main(){{char s[16];scanf(\"%15s\",s);\
for(size_t i=1;i<strlen(s);i++)if(s[i]>=s[i-1]){{puts(\"No\");return 0;}}puts(\"Yes\");}}\n"
        )
    };
    let v = judge_cpp(&mut s, &code(1));
    assert_eq!(v["compile"]["precompiled_header"], false, "{v}");
    let ready = eventually(Duration::from_secs(600), || s.stderr().contains("precompiled header ready"));
    assert!(ready, "{}", s.stderr());
    let key = std::fs::read_to_string(key_folder(&cache).unwrap().join("key.txt")).unwrap();
    assert!(key.contains("compiler: g++ ") && key.contains("[\"env\", \"g++\""), "{key}");
    let v = judge_cpp(&mut s, &code(2));
    assert_eq!(v["compile"]["precompiled_header"], true, "{v}");
    drop(s);
    let _ = std::fs::remove_dir_all(&cache);
}
