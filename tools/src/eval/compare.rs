//! The comparison of a run with an earlier one, paired by case.

use std::fmt::Write as _;

use super::rows::Row;
use super::stats::{mean, mean_ci95, median, win_counts};

/// The paired comparison of this run with another one, as printed.
pub fn compare(this: &[Row], other: &[Row], other_name: &str) -> String {
    let pairs = paired_scores(this, other);
    let mut out = format!(
        "compare with {other_name}: {} cases in common (of {} here, {} there)\n",
        pairs.len(),
        this.len(),
        other.len()
    );
    if pairs.is_empty() {
        return out;
    }
    let diffs: Vec<f64> = pairs.iter().map(|(a, b)| a - b).collect();
    let (lo, hi) = mean_ci95(&diffs);
    let _ = writeln!(
        out,
        "  mean        this {:.1}  other {:.1}",
        mean(&pairs.iter().map(|p| p.0).collect::<Vec<_>>()),
        mean(&pairs.iter().map(|p| p.1).collect::<Vec<_>>())
    );
    let _ = writeln!(
        out,
        "  difference  {:+.1}  95% CI [{:+.1}, {:+.1}]  (paired, Student t with {} df)",
        mean(&diffs),
        lo,
        hi,
        diffs.len().saturating_sub(1)
    );
    let _ = writeln!(
        out,
        "  median of paired differences  {:+.1}",
        median(&diffs)
    );
    let (wins, losses, ties) = win_counts(&diffs);
    let _ = writeln!(
        out,
        "  wins        this {wins}  other {losses}  ties {ties}"
    );
    out
}

/// (this score, other score) for each case both runs have, in this run's order.
pub fn paired_scores(this: &[Row], other: &[Row]) -> Vec<(f64, f64)> {
    let other: std::collections::HashMap<&str, i64> =
        other.iter().map(|r| (r.case.as_str(), r.score)).collect();
    this.iter()
        .filter_map(|r| {
            other
                .get(r.case.as_str())
                .map(|&o| (r.score as f64, o as f64))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::rows::tests::row;
    use crate::eval::stats::{Group, group_means};

    #[test]
    fn groups_and_pairs() {
        let rows = [row("a", 3, 1, 10), row("b", 2, 1, 20), row("c", 3, 2, 30)];
        assert_eq!(
            group_means(&rows, |r| r.m),
            [
                Group {
                    key: 2,
                    count: 1,
                    mean: 20.0
                },
                Group {
                    key: 3,
                    count: 2,
                    mean: 20.0
                }
            ]
        );
        let other = [row("c", 3, 2, 35), row("a", 3, 1, 4), row("z", 2, 2, 1)];
        assert_eq!(paired_scores(&rows, &other), [(10.0, 4.0), (30.0, 35.0)]);
        assert_eq!(win_counts(&[1.0, -2.0, 0.0, 3.0]), (2, 1, 1));
    }
}
