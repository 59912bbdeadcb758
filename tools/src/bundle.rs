//! The single-file bundler: AtCoder compiles one source file, so this writes
//! the bot's library (src/lib.rs and every module file it declares,
//! recursively) as a module `pub mod ahc061 { … }`, followed by src/main.rs.
//!
//! The library stays a module of its own, rather than being spread over the
//! crate root, so that main.rs's imports keep their meaning: at the root,
//! `use ahc061::agent::{self, …}` would clash with the library's `agent`.
//!
//! Each file is parsed with `syn` (so a `mod` inside a string or a comment is
//! never taken for a declaration), and the edits are spliced into its text at
//! the byte ranges of the parsed items (proc-macro2's span locations), so
//! the code's layout stays as written. What it does:
//! - `mod x;` (attributes and visibility kept) becomes `mod x { <x.rs> }`,
//!   the file found where rustc looks for it and bundled the same way first;
//! - items that only a test or a cargo feature compiles (`#[cfg(test)]`,
//!   `#[cfg(feature = "…")]`: the submission has neither) are left out, doc
//!   comments and all: modules, and items of modules and of impl blocks;
//! - in the library, `crate::` paths become `crate::ahc061::`;
//! - in main.rs, `ahc061::` paths become `crate::ahc061::`, its inner doc
//!   comments become plain comments and its inner attributes `#![…]` move to
//!   the top, the only place a crate's inner attributes may be;
//! - the comments, doc comments included, are left out (they are for the
//!   sources' readers; the judge only compiles), unless asked to keep them:
//!   the text between two tokens becomes a line break with the next line's
//!   indentation, a space or nothing, as it held a line break, anything, or
//!   nothing ([`strip_comments`]).
//!
//! What it refuses, rather than write a file that would not compile:
//! `#[path]` on a module, `mod x;` inside an inline module, and the
//! `include!` macros (their paths would not exist on AtCoder).
//!
//! Files are not re-indented: that would change multi-line string literals.

use std::cmp::Reverse;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{AttrStyle, Item, ItemMod};

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

/// Bundles the crate at `root` (its src/lib.rs and src/main.rs), without
/// its comments: the submission.
pub fn bundle(root: &Path) -> Result<Bundle> {
    bundle_with(root, &read_if_exists, Comments::Strip)
}

/// [`bundle`] with the sources' comments kept: a bundle to read.
pub fn bundle_with_comments(root: &Path) -> Result<Bundle> {
    bundle_with(root, &read_if_exists, Comments::Keep)
}

/// What becomes of the sources' comments in a bundle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Comments {
    Keep,
    Strip,
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
pub fn bundle_with(root: &Path, read: ReadFile, comments: Comments) -> Result<Bundle> {
    let src_dir = root.join("src");
    let files = Vec::new();
    let mut inliner = Inliner {
        read,
        root,
        files,
        in_library: true,
    };
    let lib = inliner.module_file(&src_dir.join("lib.rs"), &src_dir)?;
    inliner.in_library = false;
    let (main, inner_attributes) = inliner.binary_root(&src_dir.join("main.rs"), &src_dir)?;
    let mut code = String::new();
    for attribute in &inner_attributes {
        code.push_str(attribute);
        code.push('\n');
    }
    code.push_str(&format!("\npub mod {LIBRARY} {{\n{lib}}}\n\n"));
    code.push_str("// ---------------------------------------- src/main.rs\n\n");
    code.push_str(&main);
    let mut text = header(&inliner.files, comments);
    match comments {
        Comments::Keep => text.push_str(&code),
        Comments::Strip => text.push_str(&strip_comments(&code)?),
    }
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

/// The comment that opens the bundle.
fn header(files: &[PathBuf], comments: Comments) -> String {
    let left_out = match comments {
        Comments::Keep => "",
        Comments::Strip => " and comments",
    };
    let mut text = format!(
        "// AHC061 (\"Multi-Player Territory Game\"): the whole bot in one file for AtCoder.\n\
         // Made by the workspace's `bundle` tool (tools/src/bundle.rs): src/lib.rs became\n\
         // `mod {LIBRARY}`, each of its module files put in place of its `mod x;`, its\n\
         // test- and feature-only items{left_out} left out; src/main.rs follows. Edit the sources, not this.\n\
         // Sources:"
    );
    for file in files {
        text.push_str(&format!("\n//   {}", file.display()));
    }
    text.push('\n');
    text
}

/// A file's path and its syntax tree.
struct Source<'a> {
    path: &'a Path,
    file: syn::File,
}

impl<'a> Source<'a> {
    fn parse(text: &str, path: &'a Path) -> Result<Source<'a>> {
        let file = syn::parse_file(text)
            .map_err(|e| anyhow!("{}: cannot parse: {e}", location(path, e.span())))?;
        Ok(Source { path, file })
    }

    fn error(&self, span: Span, what: &str) -> anyhow::Error {
        anyhow!("{}: {what}", location(self.path, span))
    }
}

/// `path:line` of a span (just the path when the span has no place).
fn location(path: &Path, span: Span) -> String {
    match span.start().line {
        0 => path.display().to_string(),
        line => format!("{}:{line}", path.display()),
    }
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
        let relative = path.strip_prefix(self.root).unwrap_or(path);
        self.files.push(relative.to_path_buf());
        Ok(text)
    }

    /// A module file with its modules inlined and its test items dropped;
    /// its child modules live in `dir`.
    fn module_file(&mut self, path: &Path, dir: &Path) -> Result<String> {
        let text = self.read_required(path)?;
        let src = Source::parse(&text, path)?;
        let mut edits = self.item_edits(&src, &src.file.items, Some(dir))?;
        edits.extend(path_edits(&src, self.in_library)?);
        let mut out = apply(&text, edits);
        // The closing brace must not end up on a last line that is a comment.
        if !out.ends_with('\n') {
            out.push('\n');
        }
        Ok(out)
    }

    /// src/main.rs, made to follow the library in the same file; and its
    /// inner attributes, for the top of the bundle.
    fn binary_root(&mut self, path: &Path, dir: &Path) -> Result<(String, Vec<String>)> {
        let text = self.read_required(path)?;
        let src = Source::parse(&text, path)?;
        let mut edits = self.item_edits(&src, &src.file.items, Some(dir))?;
        edits.extend(path_edits(&src, false)?);
        let mut attributes = Vec::new();
        for attr in src
            .file
            .attrs
            .iter()
            .filter(|a| matches!(a.style, AttrStyle::Inner(_)))
        {
            let range = attr.span().byte_range();
            if attr.path().is_ident("doc") {
                edits.push(plain_comment(&text, range.start));
            } else {
                attributes.push(text[range.clone()].to_string());
                edits.push(Edit::remove(range));
            }
        }
        Ok((apply(&text, edits), attributes))
    }

    /// Edits for a list of items: test items dropped, `mod x;` inlined (only
    /// at the top of a file, where `dir` is where its children live).
    fn item_edits(
        &mut self,
        src: &Source,
        items: &[Item],
        dir: Option<&Path>,
    ) -> Result<Vec<Edit>> {
        let mut edits = Vec::new();
        for item in items {
            if is_test_only(item) {
                edits.push(Edit::remove(item.span().byte_range()));
                continue;
            }
            match item {
                Item::Mod(module) => edits.extend(self.module_edits(src, module, dir)?),
                Item::Impl(block) => edits.extend(
                    (block.items.iter())
                        .filter(|item| is_test_only(*item))
                        .map(|item| Edit::remove(item.span().byte_range())),
                ),
                _ => {}
            }
        }
        Ok(edits)
    }

    /// Edits for one module item: its items' edits, or its file inlined.
    fn module_edits(
        &mut self,
        src: &Source,
        module: &ItemMod,
        dir: Option<&Path>,
    ) -> Result<Vec<Edit>> {
        if module.attrs.iter().any(|a| a.path().is_ident("path")) {
            return Err(src.error(
                module.mod_token.span,
                "#[path] on a module is not supported",
            ));
        }
        let name = module.ident.to_string();
        match (&module.content, &module.semi, dir) {
            (Some((_, items)), _, _) => self.item_edits(src, items, None),
            (None, Some(semi), Some(dir)) => {
                let contents = self
                    .module_contents(&name, dir)
                    .with_context(|| location(src.path, module.mod_token.span))?;
                Ok(vec![Edit::new(
                    semi.spans[0].byte_range(),
                    format!(" {{\n{contents}}}"),
                )])
            }
            (None, _, _) => Err(src.error(
                module.mod_token.span,
                "`mod x;` inside an inline module is not supported",
            )),
        }
    }

    /// The contents of module `name` declared in a file whose child modules
    /// live in `dir`: `dir/name.rs` or `dir/name/mod.rs`, as rustc looks.
    fn module_contents(&mut self, name: &str, dir: &Path) -> Result<String> {
        let flat = dir.join(format!("{name}.rs"));
        let nested = dir.join(name).join("mod.rs");
        let (f, n) = (flat.display(), nested.display());
        let path = match (
            (self.read)(&flat)?.is_some(),
            (self.read)(&nested)?.is_some(),
        ) {
            (true, false) => &flat,
            (false, true) => &nested,
            (true, true) => bail!("module {name}: both {f} and {n} exist"),
            (false, false) => bail!("module {name}: neither {f} nor {n} exists"),
        };
        // Both x.rs and x/mod.rs keep their own modules in x/.
        self.module_file(path, &dir.join(name))
    }
}

/// Whether an item (of a module or an impl block) exists only in a test or
/// feature build: it has `#[cfg(test)]` or `#[cfg(feature = "…")]`, exactly.
fn is_test_only(item: &impl ToTokens) -> bool {
    let tokens: Vec<TokenTree> = item.to_token_stream().into_iter().collect();
    tokens
        .chunks(2)
        .map_while(|pair| match pair {
            [TokenTree::Punct(p), TokenTree::Group(g)] if p.as_char() == '#' => Some(g.stream()),
            _ => None,
        })
        .map(|attr| attr.to_string().replace(' ', ""))
        .any(|attr| attr == "cfg(test)" || attr.starts_with("cfg(feature="))
}

/// Path edits from the tokens of the file (macro bodies included): in the
/// library, `crate::` becomes `crate::ahc061::` (not `$crate::`); in main.rs,
/// `ahc061::` becomes `crate::ahc061::`. Refuses `include!` macros.
fn path_edits(src: &Source, in_library: bool) -> Result<Vec<Edit>> {
    let mut edits = Vec::new();
    let mut stack = vec![src.file.to_token_stream()];
    while let Some(stream) = stack.pop() {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        let is = |k: usize, c: char| matches!(tokens.get(k), Some(TokenTree::Punct(p)) if p.as_char() == c);
        for (k, token) in tokens.iter().enumerate() {
            let TokenTree::Ident(ident) = token else {
                if let TokenTree::Group(group) = token {
                    stack.push(group.stream());
                }
                continue;
            };
            let name = ident.to_string();
            let path = is(k + 1, ':') && is(k + 2, ':');
            let range = ident.span().byte_range();
            if ["include", "include_str", "include_bytes"].contains(&name.as_str())
                && is(k + 1, '!')
            {
                return Err(src.error(ident.span(), "include! macros cannot be bundled"));
            } else if in_library && name == "crate" && path && (k == 0 || !is(k - 1, '$')) {
                edits.push(Edit::new(range.end..range.end, format!("::{LIBRARY}")));
            } else if !in_library && name == LIBRARY {
                if !path {
                    return Err(src.error(
                        ident.span(),
                        "the library may only be used through `ahc061::` paths",
                    ));
                }
                edits.push(Edit::new(range.start..range.start, "crate::".into()));
            }
        }
    }
    Ok(edits)
}

/// Makes the inner doc comment at `start` (`//!` or `/*!`) a plain one,
/// main.rs no longer starting the crate. The `!` goes, or becomes a space
/// where removing it would make another doc comment: `//!/` is not `///`.
fn plain_comment(text: &str, start: usize) -> Edit {
    let after = text[start + 3..].chars().next();
    let with = if after.is_none_or(char::is_whitespace) {
        ""
    } else {
        " "
    };
    Edit::new(start + 2..start + 3, with.to_string())
}

/// `code` (Rust source) without its comments, doc comments included: its
/// tokens as written, and between two of them a line break and the next
/// line's indentation where the text between them held a line break, else a
/// space where it held anything (a comment never glues two tokens), else
/// nothing. Lexed by proc-macro2, so a `//` in a string is never taken for a
/// comment.
pub fn strip_comments(code: &str) -> Result<String> {
    let tokens: TokenStream = code
        .parse()
        .map_err(|e| anyhow!("cannot lex the bundle: {e}"))?;
    let mut ranges = Vec::new();
    token_ranges(tokens, code, &mut ranges);
    let mut out = String::with_capacity(code.len());
    let mut end = None;
    for range in ranges {
        if let Some(end) = end {
            out.push_str(separator(&code[end..range.start]));
        }
        out.push_str(&code[range.clone()]);
        end = Some(range.end);
    }
    out.push('\n');
    Ok(out)
}

/// The byte ranges of the tokens of `tokens`, lexed from `code`, in order:
/// a group's delimiters apart, around its tokens; no doc comment's.
fn token_ranges(tokens: TokenStream, code: &str, out: &mut Vec<std::ops::Range<usize>>) {
    for token in tokens {
        let range = token.span().byte_range();
        // A doc comment lexes as `#`, `!` for an inner one, and `[doc = …]`,
        // each spanning the comment.
        let text = &code[range.clone()];
        if text.starts_with("//") || text.starts_with("/*") {
            continue;
        }
        match token {
            TokenTree::Group(group) => {
                out.push(group.span_open().byte_range());
                token_ranges(group.stream(), code, out);
                out.push(group.span_close().byte_range());
            }
            _ => out.push(range),
        }
    }
}

/// What stands for the text between two tokens (see [`strip_comments`]).
fn separator(between: &str) -> &str {
    match between.rfind('\n') {
        Some(at) => {
            let last = &between[at + 1..];
            let indentation = last.len() - last.trim_start().len();
            &between[at..at + 1 + indentation]
        }
        None if between.is_empty() => "",
        None => " ",
    }
}

/// Replace `range` of a file's text by `with`.
struct Edit {
    range: std::ops::Range<usize>,
    with: String,
}

impl Edit {
    fn new(range: std::ops::Range<usize>, with: String) -> Edit {
        Edit { range, with }
    }

    fn remove(range: std::ops::Range<usize>) -> Edit {
        Edit::new(range, String::new())
    }
}

/// Applies the edits to `text`. An edit that starts inside an earlier,
/// larger one (say, an `ahc061::` path inside a dropped test module) is
/// part of what that one replaced, and is skipped.
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.range.start, Reverse(e.range.end)));
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0;
    for edit in edits {
        if edit.range.start < cursor {
            continue;
        }
        out.push_str(&text[cursor..edit.range.start]);
        out.push_str(&edit.with);
        cursor = edit.range.end;
    }
    out.push_str(&text[cursor..]);
    out
}

#[cfg(test)]
mod tests;
