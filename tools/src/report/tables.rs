//! The report's tables: the games over the contest's time limit, the
//! failed cases, and the paired comparison with an earlier run (its table
//! and its figure).

use std::fmt::Write as _;

use super::charts::sorted_differences;
use super::{figure, finite};
use crate::eval::compare::paired_scores;
use crate::eval::rows::Row;
use crate::eval::stats::{mean, mean_ci95, win_counts};
use crate::eval::summary::{CONTEST_LIMIT_S, failures, over_the_limit};
use crate::vis::escape;

/// The games at or over the contest's time limit, slowest first (none: nothing).
pub(super) fn slow_table(rows: &[Row]) -> String {
    let slow = over_the_limit(rows);
    if slow.is_empty() {
        return String::new();
    }
    let mut html = format!(
        "<h2>Games of {CONTEST_LIMIT_S:.1} s or more: {} (each a time-out, score 0, on AtCoder)</h2>\n\
         <table id=\"over-limit\"><tr><th>case</th><th>time</th><th>score here</th></tr>\n",
        slow.len()
    );
    for row in slow {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{:.3} s</td><td>{}</td></tr>",
            escape(&row.case),
            row.wall_s,
            row.score
        );
    }
    html.push_str("</table>\n");
    html
}

/// The failed cases: one line per way of failing (as eval prints them), then
/// every failed case with the last lines of the bot's stderr.
pub(super) fn failures_table(rows: &[Row]) -> String {
    let groups = failures(rows);
    if groups.is_empty() {
        return String::new();
    }
    let mut html = String::from(
        "<h2>Failed cases</h2>\n<table id=\"failures\"><tr><th>cases</th><th>error</th>\
         <th>the bot's stderr ends</th><th>which</th></tr>\n",
    );
    for group in &groups {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td class=\"text\">{}</td><td class=\"text\"><code>{}</code></td>\
             <td class=\"text\">{}</td></tr>",
            group.cases.len(),
            escape(&group.error),
            escape(group.stderr_last.as_deref().unwrap_or("")),
            escape(&group.cases.join(", "))
        );
    }
    html.push_str(
        "</table>\n<details><summary>each failed case</summary>\n<table id=\"failed-cases\">\
         <tr><th>case</th><th>error</th><th>the bot's stderr, last lines</th></tr>\n",
    );
    for row in rows.iter().filter(|r| r.error.is_some()) {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td class=\"text\">{}</td><td class=\"text\"><code>{}</code></td></tr>",
            escape(&row.case),
            escape(row.error.as_deref().unwrap_or("")),
            escape(
                &row.stderr_tail
                    .as_deref()
                    .unwrap_or("")
                    .replace(" | ", "\n")
            )
        );
    }
    html.push_str("</table>\n</details>\n");
    html
}

/// The paired comparison: the per-case differences sorted, as bars, with
/// the paired mean and its confidence interval drawn across.
pub(super) fn comparison(this: &[Row], name: &str, other: &[Row], other_name: &str) -> String {
    let pairs = paired_scores(this, other);
    let mut html = format!("<h2>Compared with {}</h2>\n", escape(other_name));
    if pairs.is_empty() {
        html.push_str("<p>No cases in common.</p>\n");
        return html;
    }
    let mut diffs: Vec<f64> = pairs.iter().map(|(a, b)| a - b).collect();
    let (lo, hi) = mean_ci95(&diffs);
    let m = mean(&diffs);
    let (wins, losses, ties) = win_counts(&diffs);
    let _ = writeln!(
        html,
        "<table id=\"paired\"><tr><th>cases in common</th><th>mean {}</th><th>mean {}</th>\
         <th>paired mean difference</th><th>95% CI</th><th>wins / losses / ties</th></tr>\n\
         <tr><td>{}</td><td>{:.1}</td><td>{:.1}</td><td>{m:+.1}</td><td>[{:+.1}, {:+.1}]</td>\
         <td>{wins} / {losses} / {ties}</td></tr></table>",
        escape(name),
        escape(other_name),
        pairs.len(),
        mean(&pairs.iter().map(|p| p.0).collect::<Vec<_>>()),
        mean(&pairs.iter().map(|p| p.1).collect::<Vec<_>>()),
        finite(lo),
        finite(hi)
    );
    diffs.sort_by(f64::total_cmp);
    html.push_str(&figure(
        "differences",
        &format!(
            "Per-case difference ({name} − {other_name}), sorted; line: paired mean, band: 95% CI"
        ),
        &sorted_differences(&diffs, m, (lo, hi)),
    ));
    html
}
