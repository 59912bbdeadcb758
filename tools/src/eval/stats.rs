//! The statistics of the scores: small pure functions, tested on their own.

use super::rows::Row;

pub fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// The sample standard deviation (n − 1 in the denominator); 0 below two values.
pub fn std_dev(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let m = mean(xs);
    let squares: f64 = xs.iter().map(|x| (x - m) * (x - m)).sum();
    (squares / (xs.len() - 1) as f64).sqrt()
}

pub fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    }
}

/// The `q` quantile (0 ≤ q ≤ 1) by the nearest-rank rule: the smallest value
/// with at least a fraction `q` of the values at or below it (0 when empty).
pub fn quantile(xs: &[f64], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The 97.5 % quantile of Student's t with `df` degrees of freedom
/// (unbounded at 0).
pub fn t_quantile_975(df: usize) -> f64 {
    use statrs::distribution::{ContinuousCDF, StudentsT};
    match StudentsT::new(0.0, 1.0, df as f64) {
        Ok(t) if df > 0 => t.inverse_cdf(0.975),
        _ => f64::INFINITY,
    }
}

/// The 95 % confidence interval of the mean, by Student's t.
/// With fewer than two values the interval is unbounded.
pub fn mean_ci95(xs: &[f64]) -> (f64, f64) {
    if xs.len() < 2 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    let half = t_quantile_975(xs.len() - 1) * std_dev(xs) / (xs.len() as f64).sqrt();
    let m = mean(xs);
    (m - half, m + half)
}

/// (positive, negative, zero) counts of paired differences.
pub fn win_counts(diffs: &[f64]) -> (usize, usize, usize) {
    let wins = diffs.iter().filter(|&&d| d > 0.0).count();
    let losses = diffs.iter().filter(|&&d| d < 0.0).count();
    (wins, losses, diffs.len() - wins - losses)
}

/// The rows that share a key, summarized.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub key: usize,
    pub count: usize,
    pub mean: f64,
}

/// Mean score per key, keys in increasing order (only keys that occur).
pub fn group_means(rows: &[Row], key: impl Fn(&Row) -> usize) -> Vec<Group> {
    let mut by_key: std::collections::BTreeMap<usize, Vec<f64>> = Default::default();
    for row in rows {
        by_key.entry(key(row)).or_default().push(row.score as f64);
    }
    by_key
        .into_iter()
        .map(|(key, scores)| Group {
            key,
            count: scores.len(),
            mean: mean(&scores),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn mean_sd_median() {
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_eq!(mean(&xs), 5.0);
        // Sample sd: Σ(x−5)² = 32, / 7.
        assert!(close(std_dev(&xs), (32.0f64 / 7.0).sqrt(), 1e-12));
        assert_eq!(median(&xs), 4.5);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(mean(&[]), 0.0);
        assert_eq!(std_dev(&[1.0]), 0.0);
        assert_eq!(median(&[]), 0.0);
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let xs: Vec<f64> = (1..=200).map(f64::from).collect();
        assert_eq!(quantile(&xs, 0.99), 198.0);
        assert_eq!(quantile(&xs, 0.5), 100.0);
        assert_eq!(quantile(&xs, 1.0), 200.0);
        assert_eq!(quantile(&xs, 0.0), 1.0);
        assert_eq!(quantile(&[0.3, 0.1, 0.2], 0.99), 0.3);
        assert_eq!(quantile(&[], 0.99), 0.0);
    }

    #[test]
    fn t_quantiles_match_the_tables() {
        assert!(close(t_quantile_975(1), 12.7062, 2e-4));
        assert!(close(t_quantile_975(30), 2.0423, 2e-4));
        assert_eq!(t_quantile_975(0), f64::INFINITY);
        // Exact values: df 40 → 2.0211, 60 → 2.0003, 99 → 1.9842, 1000 → 1.9623.
        assert!(close(t_quantile_975(40), 2.0211, 2e-4));
        assert!(close(t_quantile_975(60), 2.0003, 2e-4));
        assert!(close(t_quantile_975(99), 1.9842, 2e-4));
        assert!(close(t_quantile_975(1000), 1.9623, 2e-4));
    }

    #[test]
    fn confidence_interval_of_the_mean() {
        // n = 4, mean 2.5, sd √(5/3), t(3) = 3.18245.
        let (lo, hi) = mean_ci95(&[1.0, 2.0, 3.0, 4.0]);
        let half = 3.18245 * (5.0f64 / 3.0).sqrt() / 2.0;
        assert!(close(lo, 2.5 - half, 1e-4) && close(hi, 2.5 + half, 1e-4));
        assert_eq!(mean_ci95(&[1.0]), (f64::NEG_INFINITY, f64::INFINITY));
    }
}
