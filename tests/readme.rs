//! The README's shell blocks can be pasted as they are: no optional-argument
//! brackets in them, every file the Tools block reads is in the repository or
//! written by a command before it, and every file it writes in the root is
//! one git ignores (.gitignore).

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The ```sh blocks of README.md, each as its lines.
fn sh_blocks() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut blocks = Vec::new();
    let mut block: Option<Vec<String>> = None;
    for line in readme.lines() {
        match (&mut block, line.trim_start()) {
            (None, "```sh") => block = Some(Vec::new()),
            (Some(_), "```") => blocks.push(block.take().unwrap()),
            (Some(lines), _) => lines.push(line.to_string()),
            _ => {}
        }
    }
    // Without blocks every check below would pass on nothing.
    assert!(
        blocks.len() >= 3,
        "README.md has {} sh blocks",
        blocks.len()
    );
    assert!(block.is_none(), "README.md ends inside an sh block");
    blocks
}

/// A line's command without its comment.
fn command(line: &str) -> &str {
    line.split('#').next().unwrap().trim()
}

#[test]
fn no_block_has_optional_argument_brackets() {
    for block in sh_blocks() {
        for line in &block {
            assert!(!command(line).contains('['), "pasted, it fails: {line}");
        }
    }
}

/// What one command of the Tools block reads and writes.
#[derive(Default)]
struct Files {
    reads: Vec<String>,
    writes: Vec<String>,
}

/// The files a command line of the Tools block reads and writes, by the
/// tools' options (see each tool's --help).
fn files_of(line: &str) -> Files {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let tool = tokens[0].rsplit('/').next().unwrap();
    let mut files = Files::default();
    // The bot's own arguments follow its path (tester) or `--` (eval).
    let mut for_the_bot = false;
    let mut k = 1;
    while k < tokens.len() {
        let (token, next) = (tokens[k], tokens.get(k + 1).map(|t| t.to_string()));
        let mut take = |list: &mut Vec<String>| {
            list.push(next.clone().unwrap());
            k += 1;
        };
        match token {
            ">" if next.as_deref() != Some("/dev/null") => take(&mut files.writes),
            ">" => k += 1,
            "<" => take(&mut files.reads),
            "-o" | "--out" | "--html" => take(&mut files.writes),
            "--compare" | "--rows" => take(&mut files.reads),
            "--trace" if for_the_bot => take(&mut files.writes),
            "--trace" => take(&mut files.reads),
            "--log" if tool == "tester" => take(&mut files.writes),
            "--log" => take(&mut files.reads),
            "--dir" => take(&mut files.reads),
            // Move lists: selfplay and eval write them, profile reads them.
            "--moves" if tool == "profile" => take(&mut files.reads),
            "--moves" => take(&mut files.writes),
            "--out-dir" => take(&mut files.writes),
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

#[test]
fn the_tools_block_reads_what_exists_and_writes_what_git_ignores() {
    let block = sh_blocks()
        .into_iter()
        .find(|b| b.iter().any(|l| l.contains("target/release/gen")))
        .expect("the Tools block");
    let mut written: Vec<String> = Vec::new();
    let mut commands = 0;
    for line in &block {
        let line = command(line);
        if line.is_empty() {
            continue;
        }
        commands += 1;
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
                "{read:?} is neither in the repository nor written before: {line}"
            );
        }
        for write in files.writes {
            let top = write.split('/').next().unwrap();
            let is_dir = write.contains('/') || line.contains("--out-dir");
            assert!(
                write.starts_with("target/") || ignored(top, is_dir),
                "{write:?} is not ignored by git: {line}"
            );
            written.push(write);
        }
    }
    assert!(commands >= 15, "{commands} commands found");
    for name in [
        "seeds.txt",
        "old.tsv",
        "new.tsv",
        "game.log",
        "trace.jsonl",
        "in",
    ] {
        assert!(written.iter().any(|w| w == name), "{name}: {written:?}");
    }
}
