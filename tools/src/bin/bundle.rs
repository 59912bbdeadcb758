//! `bundle [-o FILE] [--root DIR] [--keep-comments]`: writes the whole bot
//! (the `ahc061` library and src/main.rs) as one source file for AtCoder, to
//! standard output or FILE. See `ahc061_tools::bundle` for what it does to
//! the code.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use ahc061_tools::bundle::{bundle, bundle_with_comments, default_root};
use anyhow::{Context, Result};
use clap::Parser;

#[derive(Parser)]
#[command(about = "Writes the bot as one source file for AtCoder")]
struct Args {
    /// Where to write the bundle (default: standard output).
    #[arg(short, long, visible_alias = "output", value_name = "FILE")]
    out: Option<PathBuf>,
    /// The bot's workspace root, holding src/lib.rs and src/main.rs
    /// (default: the workspace this tool was built in, else the current directory).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    /// Keeps the sources' comments (a bundle to read; the submission leaves
    /// them out).
    #[arg(long)]
    keep_comments: bool,
}

fn run(args: &Args) -> Result<()> {
    let root = match &args.root {
        Some(root) => root.clone(),
        None => default_root()
            .context("cannot find the bot's src/lib.rs and src/main.rs: pass --root DIR")?,
    };
    let bundle = if args.keep_comments {
        bundle_with_comments(&root)?
    } else {
        bundle(&root)?
    };
    match &args.out {
        Some(path) => {
            fs::write(path, &bundle.text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            eprintln!(
                "bundle: wrote {} ({} bytes from {} files)",
                path.display(),
                bundle.text.len(),
                bundle.files.len()
            );
        }
        None => io::stdout()
            .write_all(bundle.text.as_bytes())
            .context("cannot write to standard output")?,
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    ahc061_tools::cli::finish("bundle", run(&args))
}
