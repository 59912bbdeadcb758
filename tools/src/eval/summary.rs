//! The summary of a run as eval prints it: the scores and wall times, the
//! games over the contest's time limit, the failures grouped by how they
//! failed, and the mean score by M and by U.

use std::fmt::Write as _;

use super::rows::Row;
use super::stats::{Group, group_means, mean, median, quantile, std_dev};

/// The summary of a run, as printed.
pub fn summary(rows: &[Row]) -> String {
    let scores = scores_of(rows);
    let walls: Vec<f64> = rows.iter().map(|r| r.wall_s).collect();
    let mut out = String::new();
    let _ = writeln!(out, "cases       {}", rows.len());
    let _ = writeln!(
        out,
        "score       mean {:.1}  sd {:.1}  (se of mean {:.1})  median {:.1}",
        mean(&scores),
        std_dev(&scores),
        std_dev(&scores) / (scores.len() as f64).sqrt(),
        median(&scores)
    );
    let _ = writeln!(
        out,
        "wall time   mean {:.3} s  median {:.3} s  p99 {:.3} s  max {:.3} s",
        mean(&walls),
        median(&walls),
        quantile(&walls, 0.99),
        walls.iter().copied().fold(0.0, f64::max)
    );
    out.push_str(&slow_summary(rows));
    let zeros = rows.iter().filter(|r| r.score == 0).count();
    let _ = writeln!(out, "zero score  {zeros} cases");
    out.push_str(&failure_summary(rows));
    // A case whose input could not be read has no M or U: the failures
    // above name it, and the tables leave it out rather than file it under
    // M=0 and U=0.
    let read: Vec<Row> = rows.iter().filter(|r| r.m > 0).cloned().collect();
    out.push_str(&group_table("M", &group_means(&read, |r| r.m)));
    out.push_str(&group_table("U", &group_means(&read, |r| r.u as usize)));
    out
}

/// AtCoder's time limit per game: a game that takes it or longer is a
/// time-out there, scored 0, whatever it scored here.
pub const CONTEST_LIMIT_S: f64 = 2.0;

/// The games that took [`CONTEST_LIMIT_S`] or longer, slowest first.
pub fn over_the_limit(rows: &[Row]) -> Vec<&Row> {
    let mut slow: Vec<&Row> = rows
        .iter()
        .filter(|r| r.wall_s >= CONTEST_LIMIT_S)
        .collect();
    slow.sort_by(|a, b| b.wall_s.total_cmp(&a.wall_s));
    slow
}

/// The games over the contest's limit as printed, each case with its time
/// (at most [`CASES_NAMED`]); empty when there is none.
pub fn slow_summary(rows: &[Row]) -> String {
    let slow = over_the_limit(rows);
    if slow.is_empty() {
        return String::new();
    }
    let named: Vec<String> = (slow.iter().take(CASES_NAMED))
        .map(|r| format!("{} ({:.3} s)", r.case, r.wall_s))
        .collect();
    let more = match slow.len().saturating_sub(CASES_NAMED) {
        0 => String::new(),
        k => format!(" and {k} more"),
    };
    format!(
        "over {CONTEST_LIMIT_S:.1} s  {} cases, each a time-out (score 0) on AtCoder: {}{more}\n",
        slow.len(),
        named.join(", ")
    )
}

/// Cases that failed the same way: the error, and the last line of the
/// bot's stderr (which says why when the bot itself gave up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub error: String,
    pub stderr_last: Option<String>,
    pub cases: Vec<String>,
}

/// The failed cases (those with an error), grouped by how they failed, in
/// the order each way first occurs.
pub fn failures(rows: &[Row]) -> Vec<Failure> {
    let mut groups: Vec<Failure> = Vec::new();
    for row in rows {
        let Some(error) = &row.error else { continue };
        let stderr_last = (row.stderr_tail.as_deref())
            .and_then(|tail| tail.rsplit(" | ").next())
            .map(str::to_string);
        match groups
            .iter_mut()
            .find(|g| &g.error == error && g.stderr_last == stderr_last)
        {
            Some(group) => group.cases.push(row.case.clone()),
            None => groups.push(Failure {
                error: error.clone(),
                stderr_last,
                cases: vec![row.case.clone()],
            }),
        }
    }
    groups
}

/// Cases named in a failure group's line, at most.
const CASES_NAMED: usize = 8;

/// The failures as printed: one block per way of failing, not one line per
/// case; empty when nothing failed.
pub fn failure_summary(rows: &[Row]) -> String {
    let groups = failures(rows);
    let failed: usize = groups.iter().map(|g| g.cases.len()).sum();
    if failed == 0 {
        return String::new();
    }
    let mut out = format!(
        "failed      {failed} of {} cases
",
        rows.len()
    );
    for group in &groups {
        let n = group.cases.len();
        let _ = writeln!(out, "  {n} × {}", group.error);
        if let Some(line) = &group.stderr_last {
            let _ = writeln!(out, "      the bot's stderr ends: {line}");
        }
        let named = group.cases[..n.min(CASES_NAMED)].join(", ");
        let more = match n.saturating_sub(CASES_NAMED) {
            0 => String::new(),
            k => format!(" and {k} more"),
        };
        let _ = writeln!(out, "      cases {named}{more}");
    }
    out
}

fn scores_of(rows: &[Row]) -> Vec<f64> {
    rows.iter().map(|r| r.score as f64).collect()
}

fn group_table(name: &str, groups: &[Group]) -> String {
    let mut out = format!("by {name}  cases  mean score\n");
    for g in groups {
        let label = format!("{name}={}", g.key);
        let _ = writeln!(out, "{label:<4}  {:>5}  {:>10.1}", g.count, g.mean);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::rows::tests::row;

    #[test]
    fn games_at_or_over_the_contests_limit_are_named() {
        let mut rows: Vec<Row> = (0..12).map(|k| row(&format!("{k:04}"), 4, 3, 1)).collect();
        assert_eq!(slow_summary(&rows), "");
        assert!(!summary(&rows).contains("over 2.0 s"));
        rows[3].wall_s = 2.0;
        rows[7].wall_s = 2.013;
        rows[9].wall_s = 1.999;
        let text = slow_summary(&rows);
        assert_eq!(
            text,
            "over 2.0 s  2 cases, each a time-out (score 0) on AtCoder: 0007 (2.013 s), \
             0003 (2.000 s)\n"
        );
        assert!(summary(&rows).contains(&text));
        for r in &mut rows {
            r.wall_s += 2.0;
        }
        assert!(slow_summary(&rows).ends_with(" and 4 more\n"));
    }

    #[test]
    fn groups_failures_by_error_and_the_bots_last_word() {
        let mut rows: Vec<Row> = (0..12).map(|k| row(&format!("{k:04}"), 4, 3, 0)).collect();
        for (k, r) in rows.iter_mut().enumerate() {
            r.error = Some("Your program has terminated unexpectedly".into());
            r.stderr_tail = Some(format!("warning {k} | error: --budget: bad"));
        }
        rows[3].stderr_tail = None;
        rows[5].error = None;
        rows[5].score = 7;
        let groups = failures(&rows);
        assert_eq!(groups.len(), 2);
        assert_eq!(
            groups[0].stderr_last.as_deref(),
            Some("error: --budget: bad")
        );
        assert_eq!(groups[0].cases.len(), 10);
        assert_eq!(groups[1].cases, ["0003"]);
        let text = failure_summary(&rows);
        assert_eq!(
            text,
            "failed      11 of 12 cases\n\
             \x20 10 × Your program has terminated unexpectedly\n\
             \x20     the bot's stderr ends: error: --budget: bad\n\
             \x20     cases 0000, 0001, 0002, 0004, 0006, 0007, 0008, 0009 and 2 more\n\
             \x20 1 × Your program has terminated unexpectedly\n\
             \x20     cases 0003\n"
        );
        assert_eq!(failure_summary(&rows[5..6]), "");
    }
}
