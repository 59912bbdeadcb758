//! The library's folders are layers: each folder's code names only itself
//! and the folders below it, so that the imports alone draw the design
//! (src/lib.rs). Checked on the text of every file under src/: a path
//! `crate::FOLDER` outside a comment must name an allowed folder.

use std::fs;
use std::path::{Path, PathBuf};

/// Each folder and the folders it may use, itself included. `judge` and
/// `opponent` sit side by side above the engine and do not use each other.
const LAYERS: [(&str, &[&str]); 6] = [
    ("engine", &["engine"]),
    ("judge", &["engine", "judge"]),
    ("opponent", &["engine", "opponent"]),
    ("policy", &["engine", "opponent", "policy"]),
    ("search", &["engine", "opponent", "policy", "search"]),
    (
        "agent",
        &["engine", "judge", "opponent", "policy", "search", "agent"],
    ),
];

fn allowed(folder: &str) -> Option<&'static [&'static str]> {
    LAYERS.iter().find(|(f, _)| *f == folder).map(|(_, a)| *a)
}

/// The code of a line: its text before a `//` comment.
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |i| &line[..i])
}

/// Every `(line number, folder)` that `text` names as `crate::FOLDER`, or
/// reaches above its own folder with `super::super`.
fn folders_named(text: &str) -> Vec<(usize, String)> {
    let mut named = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = code(line);
        if code.contains("super::super") {
            named.push((i + 1, "super::super".to_string()));
        }
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            named.push((i + 1, name));
        }
    }
    named
}

/// The imports of `text`, a file of `folder`, that break the layering.
fn violations(folder: &str, text: &str) -> Vec<String> {
    let allowed = allowed(folder).unwrap_or_else(|| panic!("no layer for folder {folder}"));
    folders_named(text)
        .into_iter()
        .filter(|(_, name)| !allowed.contains(&name.as_str()))
        .map(|(line, name)| format!("line {line}: {folder} uses {name}"))
        .collect()
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn every_folder_of_the_library_imports_only_the_folders_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut broken = Vec::new();
    let mut folders = 0;
    for entry in fs::read_dir(&src).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        folders += 1;
        let folder = dir.file_name().unwrap().to_str().unwrap().to_string();
        for file in rust_files(&dir) {
            let text = fs::read_to_string(&file).unwrap();
            for v in violations(&folder, &text) {
                broken.push(format!("{}: {v}", file.display()));
            }
        }
    }
    assert_eq!(folders, LAYERS.len(), "a folder of src/ has no layer here");
    assert!(
        broken.is_empty(),
        "imports against the layers:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_check_catches_an_import_from_above_and_ignores_comments() {
    let text = "use crate::engine::board::Board;\n\
                // see crate::search::planner\n\
                use crate::search::planner::Planner;\n\
                use super::super::agent;\n";
    assert_eq!(
        violations("policy", text),
        [
            "line 3: policy uses search",
            "line 4: policy uses super::super"
        ]
    );
    assert!(violations("agent", "use crate::search::clock;").is_empty());
    // The lib root's flat aliases are gone: a short path is a violation too.
    assert_eq!(
        violations("search", "crate::board::Board"),
        ["line 1: search uses board"]
    );
}
