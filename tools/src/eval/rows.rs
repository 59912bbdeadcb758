//! The rows of an evaluation, one per case: written and read as TSV or
//! JSON, and the rows of a run's slices (`--shard`) merged into one run.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use super::cases::Case;

/// One case's result: a row of the TSV or JSON output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub case: String,
    pub seed: Option<u64>,
    pub m: usize,
    pub u: u8,
    pub score: i64,
    pub wall_s: f64,
    pub error: Option<String>,
    /// The last lines of the bot's stderr ([`STDERR_TAIL_LINES`], joined by
    /// ` | `): why a bot that died says it did. Absent from older rows.
    ///
    /// [`STDERR_TAIL_LINES`]: super::games::STDERR_TAIL_LINES
    #[serde(default)]
    pub stderr_tail: Option<String>,
}

/// Writes the rows as JSON when the path ends in `.json`, as TSV otherwise.
pub fn write_rows(path: &Path, rows: &[Row]) -> Result<()> {
    let text = if is_json(path) {
        serde_json::to_string_pretty(rows)? + "\n"
    } else {
        rows_to_tsv(rows)?
    };
    fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Fails now, before any game runs, if `path` cannot be written later: its
/// folder must exist and the file must be writable (it is created empty
/// when missing, and left as it is otherwise).
pub fn check_writable(path: &Path) -> Result<()> {
    fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map(drop)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Reads rows written by [`write_rows`].
pub fn read_rows(path: &Path) -> Result<Vec<Row>> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    if is_json(path) {
        serde_json::from_str(&text)
            .with_context(|| format!("{}: not a JSON list of rows", path.display()))
    } else {
        rows_from_tsv(&text).with_context(|| format!("{}: not an eval TSV", path.display()))
    }
}

/// The rows of `cases`, in their order, from the files of a run's slices
/// (`--shard`): every case must be in exactly one file, and every row must
/// be one of the cases'.
pub fn merge_rows(cases: &[Case], files: &[(PathBuf, Vec<Row>)]) -> Result<Vec<Row>> {
    let mut found: HashMap<&str, (&Row, &Path)> = HashMap::new();
    for (path, rows) in files {
        for row in rows {
            if let Some((_, first)) = found.insert(&row.case, (row, path)) {
                bail!(
                    "case {} is in both {} and {}: the slices overlap",
                    row.case,
                    first.display(),
                    path.display()
                );
            }
        }
    }
    let mut merged = Vec::new();
    let mut missing = Vec::new();
    for case in cases {
        match found.remove(case.name.as_str()) {
            Some((row, _)) => merged.push(row.clone()),
            None => missing.push(case.name.as_str()),
        }
    }
    if !missing.is_empty() {
        bail!(
            "{} of the {} cases are in no file (a slice not run, or not given?): {}",
            missing.len(),
            cases.len(),
            names_in_short(&missing)
        );
    }
    if let Some((name, (_, path))) = found.iter().min_by_key(|(name, _)| **name) {
        bail!(
            "{}: case {name} is not one of the run's {} cases (another run's rows?)",
            path.display(),
            cases.len()
        );
    }
    Ok(merged)
}

/// At most the first few of `names`, then how many more.
fn names_in_short(names: &[&str]) -> String {
    const SHOWN: usize = 10;
    let mut text = names[..names.len().min(SHOWN)].join(", ");
    if names.len() > SHOWN {
        let _ = write!(text, " and {} more", names.len() - SHOWN);
    }
    text
}

fn is_json(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "json")
}

/// The columns every eval TSV starts with (`stderr_tail` came later).
const TSV_COLUMNS: [&str; 7] = ["case", "seed", "m", "u", "score", "wall_s", "error"];

/// A header line, then one line per row; an absent seed or error is an empty
/// field, wall times are rounded to 0.1 ms.
pub fn rows_to_tsv(rows: &[Row]) -> Result<String> {
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b'\t')
        .from_writer(Vec::new());
    for row in rows {
        let wall_s = (row.wall_s * 1e4).round() / 1e4;
        writer.serialize(Row {
            wall_s,
            ..row.clone()
        })?;
    }
    if rows.is_empty() {
        writer.write_record(TSV_COLUMNS.iter().chain(&["stderr_tail"]))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| anyhow::anyhow!("{}", e.error()))?;
    Ok(String::from_utf8(bytes)?)
}

pub fn rows_from_tsv(text: &str) -> Result<Vec<Row>> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .from_reader(text.as_bytes());
    let header: Vec<&str> = reader.headers()?.iter().collect();
    if header.get(..TSV_COLUMNS.len()) != Some(&TSV_COLUMNS[..]) {
        bail!(
            "the first line is not the header {:?}",
            TSV_COLUMNS.join("\t")
        );
    }
    reader
        .deserialize::<Row>()
        .enumerate()
        .map(|(k, row)| row.with_context(|| format!("line {}", k + 2)))
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A row for the tests: no seed, error or stderr, half a second.
    pub(in crate::eval) fn row(case: &str, m: usize, u: u8, score: i64) -> Row {
        Row {
            case: case.into(),
            seed: None,
            m,
            u,
            score,
            wall_s: 0.5,
            error: None,
            stderr_tail: None,
        }
    }

    #[test]
    fn tsv_round_trips() {
        let mut rows = vec![row("0000", 4, 3, 95000), row("0001", 2, 5, 0)];
        rows[0].seed = Some(0);
        rows[1].error = Some("Parse error:\tx \"quoted\"".into());
        rows[1].stderr_tail = Some("a | error: b".into());
        let tsv = rows_to_tsv(&rows).unwrap();
        assert!(tsv.starts_with("case\tseed\tm\tu\tscore\twall_s\terror\tstderr_tail\n"));
        assert!(tsv.contains("\n0000\t0\t4\t3\t95000\t0.5\t\t\n"), "{tsv}");
        assert_eq!(rows_from_tsv(&tsv).unwrap(), rows);
        assert!(rows_from_tsv("nonsense\n").is_err());
        assert!(
            rows_from_tsv(&rows_to_tsv(&[]).unwrap())
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn reads_the_tsv_of_older_runs() {
        let old = "case\tseed\tm\tu\tscore\twall_s\terror\n\
                   0000\t0\t4\t3\t95000\t1.7431\t\n\
                   0001\t\t2\t5\t0\t0.0100\tParse error: x\n";
        let rows = rows_from_tsv(old).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].seed, rows[0].wall_s, rows[0].error.as_deref()),
            (Some(0), 1.7431, None)
        );
        assert_eq!(rows[1].seed, None);
        assert_eq!(rows[1].error.as_deref(), Some("Parse error: x"));
        assert_eq!(rows[1].stderr_tail, None);
    }
}
