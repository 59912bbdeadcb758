//! The single-file bundler: AtCoder compiles one source file, so this writes
//! the bot's library (src/lib.rs and every module file it declares,
//! recursively) as a module `pub mod ahc061 { … }`, followed by src/main.rs.
//!
//! The library stays a module of its own, rather than being spread over the
//! crate root, so that main.rs's imports keep their meaning: at the root,
//! `use ahc061::agent::{self, …}` would clash with the library's `agent`.
//!
//! It works on a light tokenisation of the source (whitespace, comments,
//! literals, identifiers, single punctuation characters), so a `mod` inside a
//! string or a comment is never taken for a declaration. What it does:
//! - `mod x;` (attributes and visibility kept) becomes `mod x { <x.rs> }`,
//!   the file found where rustc looks for it and bundled the same way first;
//! - `#[cfg(test)]` modules, inline or not, are left out, doc comments and all;
//! - in the library, `crate::` paths become `crate::ahc061::`;
//! - in main.rs, `ahc061::` paths become `crate::ahc061::`, its inner doc
//!   comments become plain comments and its inner attributes `#![…]` move to
//!   the top, the only place a crate's inner attributes may be.
//!
//! What it refuses, rather than write a file that would not compile:
//! `#[path]` on a module, `mod x;` inside a block, and the `include!` macros
//! (their paths would not exist on AtCoder).
//!
//! Files are not re-indented: that would change multi-line string literals.

use std::cmp::Reverse;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

/// AtCoder's limit on the size of a submission.
pub const MAX_BYTES: usize = 512 * 1024;

/// The library's crate name, as main.rs refers to it, and the name of the
/// module that holds it in the bundle.
const LIBRARY: &str = "ahc061";

/// The bundled source and what went into it.
pub struct Bundle {
    pub text: String,
    /// Every source file used, relative to the root, in the order inlined.
    pub files: Vec<PathBuf>,
}

/// Bundles the crate at `root` (its src/lib.rs and src/main.rs).
pub fn bundle(root: &Path) -> Result<Bundle> {
    bundle_with(root, &read_if_exists)
}

/// The workspace this tool was built from if it still holds the bot's
/// sources, else the current directory if it does.
pub fn default_root() -> Option<PathBuf> {
    let built = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_path_buf();
    [built, PathBuf::from(".")]
        .into_iter()
        .find(|dir| dir.join("src/lib.rs").is_file() && dir.join("src/main.rs").is_file())
}

/// Reads a file; `None` when it does not exist.
type ReadFile<'a> = &'a dyn Fn(&Path) -> Result<Option<String>>;

fn read_if_exists(path: &Path) -> Result<Option<String>> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// [`bundle`] with the file reading passed in (the unit tests use a map).
pub fn bundle_with(root: &Path, read: ReadFile) -> Result<Bundle> {
    let src_dir = root.join("src");
    let mut inliner = Inliner {
        read,
        root,
        files: Vec::new(),
        in_library: true,
    };
    let lib = inliner.crate_root(&src_dir.join("lib.rs"), &src_dir)?;
    inliner.in_library = false;
    let main = inliner.binary_root(&src_dir.join("main.rs"), &src_dir)?;
    let mut text = header(&inliner.files);
    for attribute in &main.inner_attributes {
        text.push_str(attribute);
        text.push('\n');
    }
    text.push_str(&format!("\npub mod {LIBRARY} {{\n"));
    text.push_str(&lib);
    text.push_str("}\n\n// ---------------------------------------- src/main.rs\n\n");
    text.push_str(&main.text);
    if text.len() > MAX_BYTES {
        bail!(
            "the bundle is {} bytes, over AtCoder's limit of {MAX_BYTES}",
            text.len()
        );
    }
    Ok(Bundle {
        text,
        files: inliner.files,
    })
}

/// The comment that opens the bundle, and the attributes every bundle needs.
fn header(files: &[PathBuf]) -> String {
    let mut text = format!(
        "// AHC061 (\"Multi-Player Territory Game\"): the whole bot in one file for AtCoder.\n\
         // Made by the workspace's `bundle` tool (tools/src/bundle.rs): src/lib.rs became\n\
         // `mod {LIBRARY}`, each of its module files put in place of its `mod x;`, its\n\
         // `#[cfg(test)]` modules left out; src/main.rs follows. Edit the sources, not this.\n\
         // Sources:"
    );
    for file in files {
        text.push_str(&format!("\n//   {}", file.display()));
    }
    text.push_str(
        "\n// In one binary crate, library items that main does not use would warn as dead code.\n\
         #![allow(dead_code)]\n",
    );
    text
}

/// main.rs, bundled: its text and the inner attributes taken from its top.
struct BinaryRoot {
    text: String,
    inner_attributes: Vec<String>,
}

struct Inliner<'a> {
    read: ReadFile<'a>,
    root: &'a Path,
    files: Vec<PathBuf>,
    /// Whether the files being read are the library's (whose `crate::`
    /// paths must now go through the library's module).
    in_library: bool,
}

impl Inliner<'_> {
    /// Reads a file that must exist, noting it among the bundle's sources.
    fn read_required(&mut self, path: &Path) -> Result<String> {
        let text = (self.read)(path)?.ok_or_else(|| anyhow!("{} not found", path.display()))?;
        self.note(path);
        Ok(text)
    }

    fn note(&mut self, path: &Path) {
        let relative = path.strip_prefix(self.root).unwrap_or(path);
        self.files.push(relative.to_path_buf());
    }

    /// src/lib.rs, its modules inlined.
    fn crate_root(&mut self, path: &Path, child_dir: &Path) -> Result<String> {
        let text = self.read_required(path)?;
        self.module_file(path, &text, child_dir)
    }

    /// src/main.rs, made to follow the library in the same file.
    fn binary_root(&mut self, path: &Path, child_dir: &Path) -> Result<BinaryRoot> {
        let text = self.read_required(path)?;
        let src = Source::parse(&text, path)?;
        let mut edits = self.module_edits(&src, child_dir)?;
        edits.extend(library_path_edits(&src)?);
        edits.extend(inner_doc_edits(&src));
        let (attribute_edits, inner_attributes) = take_inner_attributes(&src)?;
        edits.extend(attribute_edits);
        Ok(BinaryRoot {
            text: apply(&text, edits),
            inner_attributes,
        })
    }

    /// A module file's text with its own `mod` items inlined or dropped.
    fn module_file(&mut self, path: &Path, text: &str, child_dir: &Path) -> Result<String> {
        let src = Source::parse(text, path)?;
        let mut edits = self.module_edits(&src, child_dir)?;
        if self.in_library {
            edits.extend(crate_path_edits(&src));
        }
        let mut out = apply(text, edits);
        // The closing brace must not end up on a last line that is a comment.
        if !out.ends_with('\n') {
            out.push('\n');
        }
        Ok(out)
    }

    /// The contents of module `name` declared in a file whose child modules
    /// live in `dir`: `dir/name.rs` or `dir/name/mod.rs`, as rustc looks.
    fn module_contents(&mut self, name: &str, dir: &Path) -> Result<String> {
        let flat = dir.join(format!("{name}.rs"));
        let nested = dir.join(name).join("mod.rs");
        let (path, text) = match ((self.read)(&flat)?, (self.read)(&nested)?) {
            (Some(text), None) => (flat, text),
            (None, Some(text)) => (nested, text),
            (Some(_), Some(_)) => bail!(
                "module {name}: both {} and {} exist",
                flat.display(),
                nested.display()
            ),
            (None, None) => bail!(
                "module {name}: neither {} nor {} exists",
                flat.display(),
                nested.display()
            ),
        };
        self.note(&path);
        // Both x.rs and x/mod.rs keep their own modules in x/.
        self.module_file(&path, &text, &dir.join(name))
    }

    /// Edits that inline every `mod x;` of `src` and drop its test modules.
    fn module_edits(&mut self, src: &Source, child_dir: &Path) -> Result<Vec<Edit>> {
        let mut edits = Vec::new();
        let mut depth = 0usize;
        let mut k = 0;
        while k < src.code.len() {
            match src.code_text(k) {
                "{" => depth += 1,
                "}" => depth = depth.saturating_sub(1),
                "include" | "include_str" | "include_bytes" if src.code_is(k + 1, "!") => {
                    return Err(src.error_at(k, "include! macros cannot be bundled"));
                }
                "mod" => {
                    let item = ModItem::at(src, k)?;
                    if item.is_test_only() {
                        edits.push(Edit::remove(src.item_bytes(item.first, item.last)));
                        // Skip its body: nothing in it goes into the bundle.
                        k = item.last + 1;
                        continue;
                    }
                    if item.has_path_attribute() {
                        return Err(src.error_at(k, "#[path] on a module is not supported"));
                    }
                    if item.out_of_line {
                        if depth > 0 {
                            return Err(src.error_at(k, "`mod x;` inside a block is not supported"));
                        }
                        let contents = self
                            .module_contents(&item.name, child_dir)
                            .with_context(|| src.location(k))?;
                        let semicolon = src.code[item.last];
                        edits.push(Edit {
                            start: semicolon.start,
                            end: semicolon.end,
                            with: format!(" {{\n{contents}}}"),
                        });
                    }
                }
                _ => {}
            }
            k += 1;
        }
        Ok(edits)
    }
}

/// In the library: `crate::x` becomes `crate::ahc061::x`, the library being
/// a module of the bundle. `$crate` in a macro is left alone.
fn crate_path_edits(src: &Source) -> Vec<Edit> {
    (0..src.code.len())
        .filter(|&k| src.code_is(k, "crate") && src.code_is(k + 1, ":") && src.code_is(k + 2, ":"))
        .filter(|&k| k == 0 || !src.code_is(k - 1, "$"))
        .map(|k| Edit {
            start: src.code[k].end,
            end: src.code[k].end,
            with: format!("::{LIBRARY}"),
        })
        .collect()
}

/// In main.rs: `ahc061::x` becomes `crate::ahc061::x`, the library being a
/// module of the bundle.
fn library_path_edits(src: &Source) -> Result<Vec<Edit>> {
    let mut edits = Vec::new();
    for k in 0..src.code.len() {
        if src.code_text(k) != LIBRARY {
            continue;
        }
        if !(src.code_is(k + 1, ":") && src.code_is(k + 2, ":")) {
            return Err(src.error_at(k, "the library may only be used through `ahc061::` paths"));
        }
        let start = src.code[k].start;
        edits.push(Edit {
            start,
            end: start,
            with: "crate::".to_string(),
        });
    }
    Ok(edits)
}

/// In main.rs: `//!` and `/*!` become plain comments, since main.rs no
/// longer starts the crate. The `!` goes, or becomes a space where removing
/// it would make another comment: `//!/` must not become the doc `///`.
fn inner_doc_edits(src: &Source) -> Vec<Edit> {
    src.tokens
        .iter()
        .filter(|t| t.kind == Kind::InnerDoc)
        .map(|t| {
            let after = src.text[t.start + 3..t.end].chars().next();
            let with = if after.is_none_or(char::is_whitespace) {
                ""
            } else {
                " "
            };
            Edit {
                start: t.start + 2,
                end: t.start + 3,
                with: with.to_string(),
            }
        })
        .collect()
}

/// In main.rs: removes the inner attributes `#![…]` at its top and returns
/// their text, to be put at the top of the bundle.
fn take_inner_attributes(src: &Source) -> Result<(Vec<Edit>, Vec<String>)> {
    let mut edits = Vec::new();
    let mut attributes = Vec::new();
    let mut k = 0;
    while src.code_is(k, "#") && src.code_is(k + 1, "!") && src.code_is(k + 2, "[") {
        let close = src.matching_forward(k + 2, "[", "]")?;
        let (start, end) = (src.code[k].start, src.code[close].end);
        attributes.push(src.text[start..end].to_string());
        edits.push(Edit::remove((start, end)));
        k = close + 1;
    }
    Ok((edits, attributes))
}

/// A `mod` item: `[attributes] [visibility] mod name ;` or `… mod name { … }`.
struct ModItem {
    /// Code-token indices of its first token (an attribute's `#`, `pub` or
    /// `mod`) and last (`;` or the closing brace).
    first: usize,
    last: usize,
    name: String,
    /// `mod name;`, whose contents are in another file.
    out_of_line: bool,
    /// Each outer attribute, its tokens joined without spaces: `#[cfg(test)]`.
    attributes: Vec<String>,
}

impl ModItem {
    /// The item whose `mod` keyword is code token `k`.
    fn at(src: &Source, k: usize) -> Result<ModItem> {
        let name_token = src
            .code
            .get(k + 1)
            .filter(|t| t.kind == Kind::Ident)
            .ok_or_else(|| src.error_at(k, "expected a module name after `mod`"))?;
        let name = src.text[name_token.start..name_token.end].to_string();
        let (last, out_of_line) = if src.code_is(k + 2, ";") {
            (k + 2, true)
        } else if src.code_is(k + 2, "{") {
            (src.matching_forward(k + 2, "{", "}")?, false)
        } else {
            return Err(src.error_at(k, "expected `;` or `{` after the module name"));
        };
        let (first, attributes) = item_prefix(src, k);
        Ok(ModItem {
            first,
            last,
            name,
            out_of_line,
            attributes,
        })
    }

    fn is_test_only(&self) -> bool {
        self.attributes.iter().any(|a| a == "#[cfg(test)]")
    }

    fn has_path_attribute(&self) -> bool {
        self.attributes.iter().any(|a| a.starts_with("#[path"))
    }
}

/// The visibility and outer attributes before the keyword at code index
/// `k`: the index where they start, and each attribute's joined text.
fn item_prefix(src: &Source, k: usize) -> (usize, Vec<String>) {
    let mut first = k;
    if first > 0 && src.code_is(first - 1, ")") {
        // `pub(crate)`, `pub(super)`, `pub(in path)`.
        if let Some(open) = src.matching_backward(first - 1, "(", ")")
            && open > 0
            && src.code_is(open - 1, "pub")
        {
            first = open - 1;
        }
    } else if first > 0 && src.code_is(first - 1, "pub") {
        first -= 1;
    }
    let mut attributes = Vec::new();
    while first > 0 && src.code_is(first - 1, "]") {
        match src.matching_backward(first - 1, "[", "]") {
            Some(open) if open > 0 && src.code_is(open - 1, "#") => {
                attributes.push(src.joined(open - 1, first - 1));
                first = open - 1;
            }
            _ => break,
        }
    }
    (first, attributes)
}

/// Replace `start..end` of a file's text by `with`.
struct Edit {
    start: usize,
    end: usize,
    with: String,
}

impl Edit {
    fn remove((start, end): (usize, usize)) -> Edit {
        Edit {
            start,
            end,
            with: String::new(),
        }
    }
}

/// Applies the edits to `text`. An edit that starts inside an earlier,
/// larger one (say, an `ahc061::` path inside a dropped test module) is
/// part of what that one replaced, and is skipped.
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.start, Reverse(e.end)));
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0;
    for edit in edits {
        if edit.start < cursor {
            continue;
        }
        out.push_str(&text[cursor..edit.start]);
        out.push_str(&edit.with);
        cursor = edit.end;
    }
    out.push_str(&text[cursor..]);
    out
}

// ---------------------------------------------------------------- tokens

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Space,
    Comment,
    /// `///` or `/** */`: documents the item that follows.
    OuterDoc,
    /// `//!` or `/*! */`: documents the enclosing module or crate.
    InnerDoc,
    /// Strings, raw strings, byte strings, chars, numbers.
    Literal,
    /// Identifiers and keywords, raw identifiers included.
    Ident,
    Lifetime,
    /// One punctuation character: `::` is two tokens.
    Punct,
}

/// A token: its kind and byte range in the file's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
}

/// A file's text and tokens.
struct Source<'s> {
    text: &'s str,
    path: &'s Path,
    /// Every token, whitespace and comments included.
    tokens: Vec<Token>,
    /// The tokens that are code: no whitespace, comments or doc comments.
    code: Vec<Token>,
}

impl<'s> Source<'s> {
    fn parse(text: &'s str, path: &'s Path) -> Result<Source<'s>> {
        let tokens = tokenize(text).with_context(|| format!("cannot read {}", path.display()))?;
        let is_code = |t: &&Token| {
            !matches!(
                t.kind,
                Kind::Space | Kind::Comment | Kind::OuterDoc | Kind::InnerDoc
            )
        };
        let code = tokens.iter().filter(is_code).copied().collect();
        Ok(Source {
            text,
            path,
            tokens,
            code,
        })
    }

    fn code_text(&self, k: usize) -> &'s str {
        let t = self.code[k];
        &self.text[t.start..t.end]
    }

    fn code_is(&self, k: usize, text: &str) -> bool {
        k < self.code.len() && self.code_text(k) == text
    }

    /// The code tokens `from..=to` joined without spaces.
    fn joined(&self, from: usize, to: usize) -> String {
        (from..=to).map(|k| self.code_text(k)).collect()
    }

    /// The code index of the `close` that matches the `open` at `k`.
    fn matching_forward(&self, k: usize, open: &str, close: &str) -> Result<usize> {
        let mut depth = 0usize;
        for j in k..self.code.len() {
            if self.code_is(j, open) {
                depth += 1;
            } else if self.code_is(j, close) {
                depth -= 1;
                if depth == 0 {
                    return Ok(j);
                }
            }
        }
        Err(self.error_at(k, &format!("unclosed `{open}`")))
    }

    /// The code index of the `open` that matches the `close` at `k`.
    fn matching_backward(&self, k: usize, open: &str, close: &str) -> Option<usize> {
        let mut depth = 0usize;
        for j in (0..=k).rev() {
            if self.code_is(j, close) {
                depth += 1;
            } else if self.code_is(j, open) {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
        }
        None
    }

    /// The bytes of the item spanning code tokens `first..=last`, with the
    /// doc comments just before it: left behind, they would document nothing,
    /// which is an error.
    fn item_bytes(&self, first: usize, last: usize) -> (usize, usize) {
        let mut start = self.code[first].start;
        let before = self.tokens.partition_point(|t| t.start < start);
        for t in self.tokens[..before].iter().rev() {
            match t.kind {
                Kind::OuterDoc => start = t.start,
                Kind::Space | Kind::Comment => {}
                _ => break,
            }
        }
        (start, self.code[last].end)
    }

    fn location(&self, k: usize) -> String {
        let line = self.text[..self.code[k].start].matches('\n').count() + 1;
        format!("{}:{line}", self.path.display())
    }

    fn error_at(&self, k: usize, message: &str) -> anyhow::Error {
        anyhow!("{}: {message}", self.location(k))
    }
}

/// Splits Rust source into tokens that cover it entirely.
fn tokenize(text: &str) -> Result<Vec<Token>> {
    let mut tokens = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let (kind, len) = next_token(&text[start..]).with_context(|| {
            let line = text[..start].matches('\n').count() + 1;
            format!("line {line}")
        })?;
        tokens.push(Token {
            kind,
            start,
            end: start + len,
        });
        start += len;
    }
    Ok(tokens)
}

/// The kind and byte length of the token at the start of `rest`.
fn next_token(rest: &str) -> Result<(Kind, usize)> {
    let c = rest.chars().next().expect("rest is not empty");
    if c.is_whitespace() {
        let len = rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len());
        return Ok((Kind::Space, len));
    }
    if rest.starts_with("//") {
        let len = rest.find('\n').unwrap_or(rest.len());
        return Ok((comment_kind(&rest[..len]), len));
    }
    if rest.starts_with("/*") {
        let len = block_comment_len(rest)?;
        return Ok((comment_kind(&rest[..len]), len));
    }
    if let Some(len) = string_literal_len(rest)? {
        return Ok((Kind::Literal, len));
    }
    if c == '\'' {
        return quote_token(rest);
    }
    if is_ident_char(c) {
        let kind = if c.is_ascii_digit() {
            Kind::Literal
        } else {
            Kind::Ident
        };
        return Ok((kind, ident_len(rest)));
    }
    Ok((Kind::Punct, c.len_utf8()))
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Length of an identifier (or number) at the start of `s`, `r#` included.
fn ident_len(s: &str) -> usize {
    let body = s
        .strip_prefix("r#")
        .filter(|b| b.starts_with(is_ident_char))
        .unwrap_or(s);
    let prefix = s.len() - body.len();
    prefix + body.find(|c: char| !is_ident_char(c)).unwrap_or(body.len())
}

/// `////` and `/***` are plain comments, not doc comments; `/**/` is empty.
fn comment_kind(comment: &str) -> Kind {
    if comment.starts_with("//!") || comment.starts_with("/*!") {
        Kind::InnerDoc
    } else if (comment.starts_with("///") && !comment.starts_with("////"))
        || (comment.starts_with("/**") && !comment.starts_with("/***") && comment != "/**/")
    {
        Kind::OuterDoc
    } else {
        Kind::Comment
    }
}

/// Length of the block comment at the start of `s`; they nest.
fn block_comment_len(s: &str) -> Result<usize> {
    let bytes = s.as_bytes();
    let mut depth = 0;
    let mut k = 0;
    while k + 1 < bytes.len() {
        match (bytes[k], bytes[k + 1]) {
            (b'/', b'*') => {
                depth += 1;
                k += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                k += 2;
                if depth == 0 {
                    return Ok(k);
                }
            }
            _ => k += 1,
        }
    }
    bail!("unterminated block comment")
}

/// Length of the string-like literal at the start of `rest`, if there is
/// one: `"…"`, `b"…"`, `c"…"`, `r#"…"#`, `br"…"`, `cr"…"`, `b'…'`.
fn string_literal_len(rest: &str) -> Result<Option<usize>> {
    if rest.starts_with("b'") {
        return Ok(Some(1 + quoted_len(&rest[1..], '\'')?));
    }
    let unprefixed = rest
        .strip_prefix('b')
        .or_else(|| rest.strip_prefix('c'))
        .unwrap_or(rest);
    let prefix = rest.len() - unprefixed.len();
    if unprefixed.starts_with('"') {
        return Ok(Some(prefix + quoted_len(unprefixed, '"')?));
    }
    let Some(raw) = unprefixed.strip_prefix('r') else {
        return Ok(None);
    };
    let hashes = raw.len() - raw.trim_start_matches('#').len();
    if !raw[hashes..].starts_with('"') {
        return Ok(None); // An identifier, maybe a raw one: `r#type`.
    }
    let body = prefix + 1 + hashes + 1;
    let closing = format!("\"{}", "#".repeat(hashes));
    let close = rest[body..]
        .find(&closing)
        .ok_or_else(|| anyhow!("unterminated raw string"))?;
    Ok(Some(body + close + closing.len()))
}

/// Length of a literal that starts and ends with `quote`, with backslash
/// escapes in between.
fn quoted_len(s: &str, quote: char) -> Result<usize> {
    let mut escaped = false;
    for (k, c) in s.char_indices().skip(1) {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == quote {
            return Ok(k + c.len_utf8());
        }
    }
    bail!("unterminated literal")
}

/// At a `'`: a char literal (`'x'`, `'\n'`, `'\u{1F600}'`) or a lifetime or
/// label (`'a`, `'static`).
fn quote_token(rest: &str) -> Result<(Kind, usize)> {
    let mut chars = rest.char_indices().skip(1);
    match (chars.next(), chars.next()) {
        (Some((_, '\\')), _) => Ok((Kind::Literal, quoted_len(rest, '\'')?)),
        (Some(_), Some((k, '\''))) => Ok((Kind::Literal, k + 1)),
        _ => Ok((Kind::Lifetime, 1 + ident_len(&rest[1..]))),
    }
}

#[cfg(test)]
mod tests {
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
        Ok(bundle_with(root, &read)?.text)
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
            .skip_while(|l| l.starts_with("// ") || l.starts_with("#![allow(dead_code)]"))
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
                "src/lib.rs:2: `mod x;` inside a block",
            ),
            (
                &[("src/lib.rs", "const T: &str = include_str!(\"t.txt\");\n")],
                "include! macros cannot be bundled",
            ),
            (
                &[("src/lib.rs", "const S: &str = \"open;\n")],
                "unterminated literal",
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
    fn tokens_cover_the_text_and_tell_chars_from_lifetimes() {
        let text = "fn f<'a>(x: &'a u8) -> char { let _ = b'\\''; 'é' } // c\n/** d */";
        let tokens = tokenize(text).unwrap();
        let joined: String = tokens.iter().map(|t| &text[t.start..t.end]).collect();
        assert_eq!(joined, text);
        let of_kind = |kind| -> Vec<&str> {
            tokens
                .iter()
                .filter(|t| t.kind == kind)
                .map(|t| &text[t.start..t.end])
                .collect()
        };
        assert_eq!(of_kind(Kind::Lifetime), ["'a", "'a"]);
        assert_eq!(of_kind(Kind::Literal), ["b'\\''", "'é'"]);
        assert_eq!(of_kind(Kind::Comment), ["// c"]);
        assert_eq!(of_kind(Kind::OuterDoc), ["/** d */"]);
        assert_eq!(comment_kind("////"), Kind::Comment);
        assert_eq!(comment_kind("/**/"), Kind::Comment);
        assert_eq!(comment_kind("/*! x */"), Kind::InnerDoc);
    }
}
