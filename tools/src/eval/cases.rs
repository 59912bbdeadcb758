//! The cases of an evaluation: where each one's input comes from (a file
//! or a seed), and the cases of a folder or of a range of seeds.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::r#gen::generate;

/// Where a case's input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    /// Generated in memory, as the official gen would for this seed.
    Seed(u64),
}

/// One case to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The file stem, or the seed as four digits (so that seeds 0..100 line
    /// up with the official `in/0000.txt … in/0099.txt`).
    pub name: String,
    pub source: Source,
}

impl Case {
    pub fn seed(&self) -> Option<u64> {
        match self.source {
            Source::Seed(seed) => Some(seed),
            Source::File(_) => None,
        }
    }

    /// Where the case comes from, for a message: its file, or its seed.
    pub(super) fn origin(&self) -> String {
        match &self.source {
            Source::File(path) => path.display().to_string(),
            Source::Seed(seed) => format!("seed {seed}"),
        }
    }

    pub fn input_text(&self) -> Result<String, String> {
        match &self.source {
            Source::File(path) => {
                fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
            }
            Source::Seed(seed) => Ok(generate(*seed, None, None).to_input_string()),
        }
    }
}

/// The `*.txt` files of a directory, in name order (at least one).
pub fn input_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .with_context(|| format!("cannot list {}", dir.display()))?;
    paths.retain(|p| p.extension().is_some_and(|e| e == "txt") && p.is_file());
    paths.sort();
    if paths.is_empty() {
        bail!("no *.txt files in {}", dir.display());
    }
    Ok(paths)
}

/// The cases of a directory: its `*.txt` files, in name order.
pub fn cases_in_dir(dir: &Path) -> Result<Vec<Case>> {
    let paths = input_files(dir)?;
    Ok(paths
        .into_iter()
        .map(|path| Case {
            name: path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            source: Source::File(path),
        })
        .collect())
}

/// The cases of seeds `A..B` (half-open) or `A..=B`.
pub fn cases_for_seeds(range: &str) -> Result<Vec<Case>> {
    let (from, to) = parse_seed_range(range)?;
    Ok((from..to)
        .map(|seed| Case {
            name: format!("{seed:04}"),
            source: Source::Seed(seed),
        })
        .collect())
}

/// `A..B` or `A..=B` as a half-open range, not empty.
pub fn parse_seed_range(text: &str) -> Result<(u64, u64)> {
    let number = |s: &str| -> Result<u64> {
        s.trim()
            .parse()
            .with_context(|| format!("seed range {text:?}: {s:?} is not a whole number"))
    };
    let (from, to) = if let Some((a, b)) = text.split_once("..=") {
        (number(a)?, number(b)?.saturating_add(1))
    } else if let Some((a, b)) = text.split_once("..") {
        (number(a)?, number(b)?)
    } else {
        bail!("seed range {text:?}: expected A..B or A..=B");
    };
    if from >= to {
        bail!("seed range {text:?} is empty");
    }
    Ok((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ranges() {
        assert_eq!(parse_seed_range("0..100").unwrap(), (0, 100));
        assert_eq!(parse_seed_range("5..=7").unwrap(), (5, 8));
        assert!(parse_seed_range("7..7").is_err());
        assert!(parse_seed_range("7").is_err());
        assert!(parse_seed_range("a..3").is_err());
        let cases = cases_for_seeds("8..10").unwrap();
        assert_eq!(cases[0].name, "0008");
        assert_eq!(cases[1].source, Source::Seed(9));
    }
}
