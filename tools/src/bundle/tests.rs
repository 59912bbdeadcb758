//! The bundler's unit tests, on in-memory source trees.

use super::*;
use std::collections::HashMap;

/// Bundles an in-memory tree: (path under the root, contents) pairs.
fn try_bundle(files: &[(&str, &str)]) -> Result<String> {
    let root = Path::new("/root");
    let map: HashMap<PathBuf, String> = files
        .iter()
        .map(|(path, text)| (root.join(path), text.to_string()))
        .collect();
    let read = |path: &Path| Ok(map.get(path).cloned());
    Ok(bundle_with(root, &read, Comments::Keep)?.text)
}

fn bundle_of(files: &[(&str, &str)]) -> String {
    try_bundle(files).unwrap_or_else(|e| panic!("{e:#}"))
}

fn error_of(files: &[(&str, &str)]) -> String {
    match try_bundle(files) {
        Ok(text) => panic!("expected an error, got:\n{text}"),
        Err(e) => format!("{e:#}"),
    }
}

/// The bundle after the header: the lines that are code or kept comments.
fn body(bundle: &str) -> String {
    bundle
        .lines()
        .skip_while(|l| l.starts_with("// "))
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

const MAIN: (&str, &str) = ("src/main.rs", "fn main() {}\n");

#[test]
fn inlines_nested_modules_in_both_layouts() {
    let text = bundle_of(&[
        ("src/lib.rs", "pub mod a;\nmod c;\n"),
        ("src/a.rs", "pub mod b;\npub fn fa() {}\n"),
        ("src/a/b.rs", "pub fn fb() {}"),
        ("src/c/mod.rs", "mod d;\n"),
        ("src/c/d.rs", "fn fd() {}\n"),
        MAIN,
    ]);
    let expected = "pub mod ahc061 {\n\
                    pub mod a {\npub mod b {\npub fn fb() {}\n}\npub fn fa() {}\n}\n\
                    mod c {\nmod d {\nfn fd() {}\n}\n}\n\
                    }\n\
                    // ---------------------------------------- src/main.rs\n\
                    fn main() {}";
    assert_eq!(body(&text), expected);
    let sources = [
        "src/lib.rs",
        "src/a.rs",
        "src/a/b.rs",
        "src/c/mod.rs",
        "src/c/d.rs",
        "src/main.rs",
    ];
    let listed: Vec<String> = sources.iter().map(|s| format!("//   {s}\n")).collect();
    assert!(
        text.contains(&format!("// Sources:\n{}", listed.concat())),
        "{text}"
    );
}

#[test]
fn keeps_attributes_visibility_and_inner_docs_in_place() {
    let text = bundle_of(&[
        (
            "src/lib.rs",
            "//! The crate.\n#![allow(unused)]\n/// Docs.\n#[allow(dead_code)]\npub(crate) mod a;\n",
        ),
        (
            "src/a.rs",
            "//! Module a.\n#![allow(clippy::all)]\nfn f() {}\n",
        ),
        MAIN,
    ]);
    let expected = "//! The crate.\n#![allow(unused)]\n/// Docs.\n#[allow(dead_code)]\n\
                    pub(crate) mod a {\n//! Module a.\n#![allow(clippy::all)]\nfn f() {}\n}\n";
    assert!(text.contains(expected), "{text}");
}

#[test]
fn ignores_mod_in_strings_comments_and_chars() {
    let lib = r####"
pub const S: &str = "mod x; \" mod y;";
// mod z;
/* mod w; /* nested */ mod v; */
pub const R: &str = r#"mod u; "# ;
pub const B: &[u8] = br##"mod t;"##;
pub const C: char = '\'';
pub const Q: char = '"';
fn lifetimes<'a>(s: &'a str) -> &'a str { s }
pub mod a;
"####;
    let text = bundle_of(&[("src/lib.rs", lib), ("src/a.rs", "fn f() {}\n"), MAIN]);
    assert!(text.contains("pub mod a {\nfn f() {}\n}"));
    assert!(text.contains(r#""mod x; \" mod y;""#));
    assert!(text.contains(r####"r#"mod u; "#"####));
}

#[test]
fn drops_test_modules_with_their_docs() {
    let lib = "pub fn f() {}\n\
               /// Unit tests.\n\
               #[cfg(test)]\n\
               mod tests {\n    fn g() { let s = \"}\"; let c = '}'; }\n    mod inner {}\n}\n\
               #[cfg(test)]\n\
               mod missing_file;\n\
               pub fn h() {}\n";
    let text = bundle_of(&[("src/lib.rs", lib), MAIN]);
    assert_eq!(
        body(&text),
        "pub mod ahc061 {\npub fn f() {}\npub fn h() {}\n}\n\
         // ---------------------------------------- src/main.rs\nfn main() {}"
    );
}

#[test]
fn keeps_other_cfg_modules() {
    let lib = "#[cfg(all(test, unix))]\nmod a;\n#[cfg(not(test))]\nmod b {}\n";
    let text = bundle_of(&[("src/lib.rs", lib), ("src/a.rs", "fn f() {}\n"), MAIN]);
    assert!(text.contains("#[cfg(all(test, unix))]\nmod a {\nfn f() {}\n}"));
    assert!(text.contains("#[cfg(not(test))]\nmod b {}"));
}

#[test]
fn makes_main_follow_the_library() {
    let main = "//! The bot.\n//!\n//!/ Odd.\n#![allow(unused)]\n\
                use ahc061::a::{self, f};\n\
                fn main() { ahc061 :: a::f(); let s = \"ahc061::x\"; }\n\
                #[cfg(test)]\nmod tests { use ahc061::a; }\n";
    let text = bundle_of(&[
        ("src/lib.rs", "//! Lib.\npub mod a;\n"),
        ("src/a.rs", "pub fn f() {}\n"),
        ("src/main.rs", main),
    ]);
    let main_part = text.split("src/main.rs\n").last().unwrap();
    assert_eq!(
        main_part.trim(),
        "// The bot.\n//\n// / Odd.\n\nuse crate::ahc061::a::{self, f};\n\
         fn main() { crate::ahc061 :: a::f(); let s = \"ahc061::x\"; }"
    );
    // The inner attribute now sits with the crate's, before any item.
    let attribute = text.find("#![allow(unused)]").unwrap();
    assert!(attribute < text.find("//! Lib.").unwrap());
    assert_eq!(text.matches("#![allow(unused)]").count(), 1);
}

#[test]
fn routes_the_library_crate_paths_through_its_module() {
    let lib = "pub mod a;\nuse crate::a::f;\npub(crate) fn g() { crate::a::f(); }\n\
               macro_rules! m { () => { $crate::a::f() } }\nconst S: &str = \"crate::a\";\n";
    let text = bundle_of(&[
        ("src/lib.rs", lib),
        ("src/a.rs", "pub fn f() { crate :: g() }\n"),
        MAIN,
    ]);
    let expected = "pub mod ahc061 {\npub mod a {\npub fn f() { crate::ahc061 :: g() }\n}\n\
                    use crate::ahc061::a::f;\npub(crate) fn g() { crate::ahc061::a::f(); }\n\
                    macro_rules! m { () => { $crate::a::f() } }\nconst S: &str = \"crate::a\";\n}";
    assert!(text.contains(expected), "{text}");
}

#[test]
fn main_may_declare_modules_too() {
    let text = bundle_of(&[
        ("src/lib.rs", ""),
        ("src/main.rs", "mod cli;\nfn main() { cli::run() }\n"),
        (
            "src/cli.rs",
            "pub fn run() { crate::cli::helper() }\nfn helper() {}\n",
        ),
    ]);
    let expected = "mod cli {\npub fn run() { crate::cli::helper() }\nfn helper() {}\n}\n\
                    fn main() { cli::run() }\n";
    assert!(text.ends_with(expected), "{text}");
}

#[test]
fn closes_a_module_whose_file_ends_in_a_comment() {
    let text = bundle_of(&[
        ("src/lib.rs", "mod a;\n"),
        ("src/a.rs", "fn f() {} // no newline"),
        MAIN,
    ]);
    assert!(text.contains("mod a {\nfn f() {} // no newline\n}"));
}

#[test]
fn reports_what_it_cannot_bundle() {
    let cases: [(&[(&str, &str)], &str); 6] = [
        (&[("src/lib.rs", "mod gone;\n")], "src/lib.rs:1"),
        (
            &[
                ("src/lib.rs", "\nmod a;\n"),
                ("src/a.rs", ""),
                ("src/a/mod.rs", ""),
            ],
            "both /root/src/a.rs and /root/src/a/mod.rs exist",
        ),
        (
            &[("src/lib.rs", "#[path = \"x.rs\"]\nmod a;\n")],
            "src/lib.rs:2: #[path] on a module is not supported",
        ),
        (
            &[("src/lib.rs", "mod a {\n    mod b;\n}\n")],
            "src/lib.rs:2: `mod x;` inside an inline module",
        ),
        (
            &[("src/lib.rs", "const T: &str = include_str!(\"t.txt\");\n")],
            "include! macros cannot be bundled",
        ),
        (
            &[("src/lib.rs", "const S: &str = \"open;\n")],
            "src/lib.rs:1: cannot parse",
        ),
    ];
    for (files, expected) in cases {
        let mut files = files.to_vec();
        files.push(MAIN);
        let error = error_of(&files);
        assert!(
            error.contains(expected),
            "{error:?} should contain {expected:?}"
        );
    }
    let error = error_of(&[
        ("src/lib.rs", ""),
        ("src/main.rs", "extern crate ahc061;\n"),
    ]);
    assert!(error.contains("src/main.rs:1: the library may only be used through"));
    let error = error_of(&[("src/lib.rs", "")]);
    assert!(error.contains("/root/src/main.rs not found"));
}

#[test]
fn refuses_a_bundle_over_the_size_limit() {
    let big = format!("// {}\n", "x".repeat(MAX_BYTES));
    let error = error_of(&[("src/lib.rs", &big), MAIN]);
    assert!(error.contains("over AtCoder's limit of 524288"), "{error}");
}

#[test]
fn drops_feature_and_test_items_of_modules_and_impl_blocks() {
    let lib = "pub struct S;\nimpl S {\n    pub fn a() {}\n    /// Oracle only.\n    \
               #[cfg(feature = \"oracle\")]\n    pub fn known() { crate::f() }\n    \
               #[cfg(test)]\n    fn t() {}\n}\n\
               #[cfg(feature = \"oracle\")]\npub fn f() {}\n\
               #[cfg(not(feature = \"oracle\"))]\npub fn g() {}\n";
    let text = bundle_of(&[("src/lib.rs", lib), MAIN]);
    assert_eq!(
        body(&text),
        "pub mod ahc061 {\npub struct S;\nimpl S {\n    pub fn a() {}\n}\n\
         #[cfg(not(feature = \"oracle\"))]\npub fn g() {}\n}\n\
         // ---------------------------------------- src/main.rs\nfn main() {}"
    );
}

#[test]
fn strips_every_kind_of_comment_and_nothing_else() {
    let code = "//! Inner doc.\n#![allow(dead_code)]\n\n/// Outer doc.\n\
                fn f<'a>(s: &'a str) -> &'a str { // trailing\n    \
                let url = \"http://x/*y*/\"; /* block /* nested */ */ let c = '/';\n    \
                let r = r#\"// not a comment\"#;\n    let b = b\"/*\";\n\n    \
                'outer: loop { break 'outer; }\n    s\n}\n\
                /** Block doc. */\nstruct S(u8/*x*/, u8);\n/*! Inner block doc. */\n";
    assert_eq!(
        strip_comments(code).unwrap(),
        "#![allow(dead_code)]\n\
         fn f<'a>(s: &'a str) -> &'a str {\n    \
         let url = \"http://x/*y*/\"; let c = '/';\n    \
         let r = r#\"// not a comment\"#;\n    let b = b\"/*\";\n    \
         'outer: loop { break 'outer; }\n    s\n}\n\
         struct S(u8 , u8);\n"
    );
}

#[test]
fn the_submission_leaves_the_comments_out_and_says_so() {
    let root = Path::new("/root");
    let files = [
        ("src/lib.rs", "//! The library.\n/// A.\npub mod a;\n"),
        (
            "src/a.rs",
            "// Why.\npub fn f() -> &'static str { \"// kept\" } // gone\n",
        ),
        (
            "src/main.rs",
            "//! The binary.\nfn main() { ahc061::a::f(); }\n",
        ),
    ];
    let map: HashMap<PathBuf, String> = files
        .iter()
        .map(|(path, text)| (root.join(path), text.to_string()))
        .collect();
    let read = |path: &Path| Ok(map.get(path).cloned());
    let text = bundle_with(root, &read, Comments::Strip).unwrap().text;
    assert!(
        text.contains("feature-only items and comments left out"),
        "{text}"
    );
    assert_eq!(
        body(&text),
        "pub mod ahc061 {\npub mod a {\npub fn f() -> &'static str { \"// kept\" }\n}\n}\n\
         fn main() { crate::ahc061::a::f(); }"
    );
}
