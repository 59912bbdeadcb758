//! The documents' shell blocks can be pasted as they are, and the README's
//! figures can be reproduced:
//! - no sh block of README.md, docs/TOOLS.md or docs/SERVE.md has
//!   optional-argument brackets;
//! - in docs/TOOLS.md and docs/SERVE.md, each read as one session from the
//!   repository's root, every file a command reads is in the repository or
//!   written by a command before it, and every file it writes in the root is
//!   one git ignores (.gitignore);
//! - every figure in the README's "Today's figures" has the command that
//!   reproduces it beside it (see `figures_have_their_commands`).

use std::path::Path;

const README: &str = "README.md";
const TOOLS: &str = "docs/TOOLS.md";
const SERVE: &str = "docs/SERVE.md";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(doc: &str) -> String {
    std::fs::read_to_string(root().join(doc)).unwrap()
}

/// How many sh blocks each document has at least: without them every check
/// below would pass on nothing.
fn least_blocks(doc: &str) -> usize {
    match doc {
        README => 2,
        TOOLS => 5,
        SERVE => 1,
        _ => unreachable!("{doc}"),
    }
}

/// The ```sh blocks of a document, each as its lines.
fn sh_blocks(doc: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<String>> = None;
    for line in read(doc).lines() {
        match (&mut block, line.trim_start()) {
            (None, "```sh") => block = Some(Vec::new()),
            (Some(_), "```") => blocks.push(block.take().unwrap()),
            (Some(lines), _) => lines.push(line.to_string()),
            _ => {}
        }
    }
    assert!(
        blocks.len() >= least_blocks(doc),
        "{doc} has {} sh blocks",
        blocks.len()
    );
    assert!(block.is_none(), "{doc} ends inside an sh block");
    blocks
}

/// A line's command without its comment.
fn command(line: &str) -> &str {
    line.split('#').next().unwrap().trim()
}

/// The commands of a document's sh blocks in order: comments left out,
/// lines continued by `\` joined, `a && b` as two commands.
fn commands(doc: &str) -> Vec<String> {
    let mut commands = Vec::new();
    for block in sh_blocks(doc) {
        let mut pending = String::new();
        for line in &block {
            let line = command(line);
            if let Some(start) = line.strip_suffix('\\') {
                pending.push_str(start);
                pending.push(' ');
                continue;
            }
            let whole = std::mem::take(&mut pending) + line;
            for one in whole.split("&&").map(str::trim) {
                if !one.is_empty() {
                    commands.push(one.to_string());
                }
            }
        }
        assert!(pending.is_empty(), "{doc}: a block ends in `\\`");
    }
    commands
}

/// Mutation this catches: README.md's `sh` fences made `text`: `sh_blocks`
/// then finds 0 blocks, fewer than `least_blocks`, and fails.
#[test]
fn no_block_has_optional_argument_brackets() {
    for doc in [README, TOOLS, SERVE] {
        for block in sh_blocks(doc) {
            for line in &block {
                assert!(
                    !command(line).contains('['),
                    "{doc}: pasted, it fails: {line}"
                );
            }
        }
    }
}

/// What one command reads and writes.
#[derive(Default)]
struct Files {
    reads: Vec<String>,
    writes: Vec<String>,
}

/// The files a command reads and writes, by the tools' options (see each
/// tool's --help).
fn files_of(line: &str) -> Files {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let tool = tokens[0].rsplit('/').next().unwrap();
    // `train value` reads its held-out positions; `train search` takes seeds.
    let train_value = tool == "train" && tokens.get(1) == Some(&"value");
    let mut files = Files::default();
    // The bot's own arguments follow its path (tester) or `--` (eval).
    let mut for_the_bot = false;
    let mut k = 1;
    while k < tokens.len() {
        let (token, next) = (tokens[k], tokens.get(k + 1).map(|t| t.to_string()));
        let mut take = |list: &mut Vec<String>| {
            list.push(
                next.clone()
                    .unwrap_or_else(|| panic!("{token} ends: {line}")),
            );
            k += 1;
        };
        match token {
            ">" if next.as_deref() != Some("/dev/null") => take(&mut files.writes),
            ">" => k += 1,
            "<" => take(&mut files.reads),
            "-o" | "--out" | "--html" | "--json" | "--per-game" => take(&mut files.writes),
            "--compare" | "--rows" => take(&mut files.reads),
            "--trace" if for_the_bot => take(&mut files.writes),
            "--trace" => take(&mut files.reads),
            "--log" if tool == "tester" => take(&mut files.writes),
            "--log" => take(&mut files.reads),
            "--dir" | "--input" => take(&mut files.reads),
            // Move lists: selfplay and eval write them, profile reads them.
            "--moves" if tool == "profile" => take(&mut files.reads),
            "--moves" => take(&mut files.writes),
            "--out-dir" => take(&mut files.writes),
            // The learned policies' and the learned value's data and weights.
            "--positions" if tool == "selfplay" => take(&mut files.writes),
            "--weights" | "--continuation-weights" | "--network" | "--data" => {
                take(&mut files.reads)
            }
            "--holdout" | "--holdout-relabelled" if train_value => take(&mut files.reads),
            _ if token.starts_with("--dir=") => files.reads.push(token[6..].to_string()),
            _ if token.starts_with("--out-dir=") => files.writes.push(token[10..].to_string()),
            "--" => for_the_bot = true,
            _ if token.starts_with("target/release/ahc061") => for_the_bot = true,
            _ if token.starts_with('-') || for_the_bot => {}
            // Positional arguments of gen (the seeds file) and vis (input, moves).
            _ if ["gen", "vis"].contains(&tool) => files.reads.push(token.to_string()),
            _ => {}
        }
        k += 1;
    }
    files
}

/// Whether .gitignore ignores `name`, a file or folder in the root. Its
/// patterns are names, `*.ext` globs, anchored (`/…`) or not, folders
/// with a trailing `/`.
fn ignored(name: &str, is_dir: bool) -> bool {
    let gitignore = std::fs::read_to_string(root().join(".gitignore")).unwrap();
    gitignore
        .lines()
        .map(str::trim)
        .filter(|p| !p.is_empty() && !p.starts_with('#'))
        .any(|pattern| {
            let pattern = pattern.trim_start_matches('/');
            let (pattern, dir_only) = match pattern.strip_suffix('/') {
                Some(p) => (p, true),
                None => (pattern, false),
            };
            let matches = match pattern.strip_prefix('*') {
                Some(ext) => name.ends_with(ext),
                None => name == pattern,
            };
            matches && (is_dir || !dir_only)
        })
}

/// Checks a document's commands, in order, as one session at the root: what
/// each reads exists or was written before, what it writes in the root git
/// ignores. Returns the number of commands and the files written.
fn check_files(doc: &str) -> (usize, Vec<String>) {
    let mut written: Vec<String> = Vec::new();
    let lines = commands(doc);
    for line in &lines {
        let files = if line.starts_with("seq ") {
            Files {
                reads: Vec::new(),
                writes: vec![line.rsplit("> ").next().unwrap().to_string()],
            }
        } else {
            files_of(line)
        };
        for read in &files.reads {
            let from_earlier = written
                .iter()
                .any(|w| read == w || read.starts_with(&format!("{w}/")));
            assert!(
                from_earlier || root().join(read).exists(),
                "{doc}: {read:?} is neither in the repository nor written before: {line}"
            );
        }
        for write in files.writes {
            let top = write.split('/').next().unwrap();
            let is_dir = write.contains('/') || line.contains("--out-dir");
            assert!(
                write.starts_with("target/") || ignored(top, is_dir),
                "{doc}: {write:?} is not ignored by git: {line}"
            );
            written.push(write);
        }
    }
    (lines.len(), written)
}

#[test]
fn the_tools_manual_reads_what_exists_and_writes_what_git_ignores() {
    let (commands, written) = check_files(TOOLS);
    assert!(commands >= 30, "{commands} commands found");
    for name in [
        "seeds.txt",
        "old.tsv",
        "new.tsv",
        "game.log",
        "trace.jsonl",
        "in",
        "leaves.bin",
        "value.json",
    ] {
        assert!(written.iter().any(|w| w == name), "{name}: {written:?}");
    }
}

#[test]
fn the_server_manual_reads_what_exists_and_writes_what_git_ignores() {
    let (commands, written) = check_files(SERVE);
    assert!(commands >= 4, "{commands} commands found");
    assert!(written.iter().any(|w| w == "runs/saved"), "{written:?}");
}

/// The numbers in `text`, as written: digits with thousands grouped by a
/// space (`205 247`), a decimal part, `k` for thousands (`242.6k`). Digits
/// glued to a word (`v28`, a commit such as `23c8c67`) are not numbers.
fn numbers(text: &str) -> Vec<f64> {
    let chars: Vec<char> = text.chars().collect();
    let digit = |i: usize| chars.get(i).is_some_and(|c| c.is_ascii_digit());
    let space = |i: usize| {
        chars
            .get(i)
            .is_some_and(|c| [' ', '\u{a0}', '\u{202f}', '\u{2009}'].contains(c))
    };
    let glued = |i: usize| chars.get(i).is_some_and(|c| c.is_alphanumeric());
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !digit(i) || (i > 0 && glued(i - 1)) {
            // A word, digits and all (`v28`, `c8c67`), or one other character.
            if glued(i) {
                while glued(i) {
                    i += 1;
                }
            } else {
                i += 1;
            }
            continue;
        }
        let mut j = i;
        let mut written = String::new();
        while digit(j) {
            written.push(chars[j]);
            j += 1;
        }
        // Thousands groups, after one to three digits: a space, then
        // exactly three digits.
        if written.len() <= 3 {
            while space(j) && digit(j + 1) && digit(j + 2) && digit(j + 3) && !digit(j + 4) {
                written.extend(&chars[j + 1..j + 4]);
                j += 4;
            }
        }
        if chars.get(j) == Some(&'.') && digit(j + 1) {
            written.push('.');
            j += 1;
            while digit(j) {
                written.push(chars[j]);
                j += 1;
            }
        }
        let mut value: f64 = written.parse().unwrap();
        if chars.get(j) == Some(&'k') && !glued(j + 1) {
            value *= 1000.0;
            j += 1;
        }
        // A number glued to a word is part of it (`04ac94d`).
        if !glued(j) {
            found.push(value);
        }
        i = j;
    }
    found
}

/// Whether `text` has an inline code span that is a command: one starting
/// with `target/release/` or `cargo `.
fn has_inline_command(text: &str) -> bool {
    text.split('`')
        .skip(1)
        .step_by(2)
        .any(|code| code.starts_with("target/release/") || code.starts_with("cargo "))
}

/// A paragraph of text or an sh block, in a section of a document.
enum Chunk {
    Text(Vec<String>),
    Sh(Vec<String>),
}

/// The lines of README's "## Today's figures" section, up to the next
/// `## ` heading, as paragraphs and sh blocks.
fn figures_section() -> Vec<Chunk> {
    let readme = read(README);
    let mut lines = readme
        .lines()
        .skip_while(|l| *l != "## Today's figures")
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .peekable();
    assert!(
        lines.peek().is_some(),
        "README.md has no \"## Today's figures\""
    );
    let mut chunks = Vec::new();
    let mut text: Vec<String> = Vec::new();
    while let Some(line) = lines.next() {
        if line.trim_start() == "```sh" {
            if !text.is_empty() {
                chunks.push(Chunk::Text(std::mem::take(&mut text)));
            }
            let block = lines
                .by_ref()
                .take_while(|l| l.trim_start() != "```")
                .map(str::to_string)
                .collect();
            chunks.push(Chunk::Sh(block));
        } else if line.trim().is_empty() {
            if !text.is_empty() {
                chunks.push(Chunk::Text(std::mem::take(&mut text)));
            }
        } else {
            text.push(line.to_string());
        }
    }
    if !text.is_empty() {
        chunks.push(Chunk::Text(text));
    }
    chunks
}

/// A paragraph's items: each bullet (with its continuation lines), each
/// table row, or the lines before them as one. The bool: a table row.
fn items(paragraph: &[String]) -> Vec<(String, bool)> {
    let mut items: Vec<(String, bool)> = Vec::new();
    for line in paragraph {
        let line = line.trim();
        let row = line.starts_with('|');
        let bullet = line.starts_with("- ") || line.starts_with("* ");
        let continues = matches!(items.last(), Some((_, false))) && !row && !bullet;
        if continues {
            let (item, _) = items.last_mut().unwrap();
            item.push(' ');
            item.push_str(line);
        } else {
            items.push((line.to_string(), row));
        }
    }
    items
}

/// The convention of the README's "Today's figures": every item (a bullet,
/// a table row, a paragraph) that holds a number of 1 000 or more holds a
/// command, an inline code span starting with `target/release/` or
/// `cargo `, or is followed by an sh block with a command line starting so:
/// the block right after a paragraph serves its table rows and its last
/// item.
#[test]
fn figures_have_their_commands() {
    let chunks = figures_section();
    let mut figures = 0;
    for (k, chunk) in chunks.iter().enumerate() {
        let Chunk::Text(paragraph) = chunk else {
            continue;
        };
        let block_after = match chunks.get(k + 1) {
            Some(Chunk::Sh(block)) => block.iter().any(|line| {
                let line = command(line);
                line.starts_with("target/release/") || line.starts_with("cargo ")
            }),
            _ => false,
        };
        let list = items(paragraph);
        for (i, (item, row)) in list.iter().enumerate() {
            if !numbers(item).iter().any(|&n| n >= 1000.0) {
                continue;
            }
            figures += 1;
            let served = block_after && (*row || i + 1 == list.len());
            assert!(
                has_inline_command(item) || served,
                "README.md, Today's figures: a figure without its command: {item}"
            );
        }
    }
    assert!(figures >= 3, "{figures} figures found in Today's figures");
}

#[test]
fn numbers_are_read_as_written() {
    assert_eq!(
        numbers("v28 205 247 at 1.8 s, 615 wins of 1 017"),
        [205_247.0, 1.8, 615.0, 1017.0]
    );
    assert_eq!(
        numbers("242.6k against 258.7k (0.938×)"),
        [242_600.0, 258_700.0, 0.938]
    );
    assert_eq!(
        numbers("commit 23c8c67, 04ac94d; seeds 80000–81199"),
        [80_000.0, 81_199.0]
    );
    assert_eq!(
        numbers("+10 790 (+7 963 … +13 617)"),
        [10_790.0, 7_963.0, 13_617.0]
    );
}
