//! The profile as Markdown: one run's means, or two runs side by side with
//! the paired difference of every figure and its 95 % confidence interval
//! over the cases (mean ± 1.96 · sd / √n), by group of M. The tables follow
//! the comparison with the contest winner that issue 25 starts from.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::RangeInclusive;

use super::{BINS, GameProfile, MoveMix, PHASES, Run, SNAPSHOT_TURNS, Snapshot};
use crate::eval::stats::{mean, std_dev};

/// One number per game, or None where the game has none (say, the turn of
/// the first raise in a game without one): such games are left out of its mean.
pub struct Figure {
    pub label: String,
    /// Decimals shown (0: a whole number with its thousands spaced).
    pub digits: usize,
    pub of: Of,
}

/// How a figure is read off a game.
pub type Of = Box<dyn Fn(&GameProfile) -> Option<f64>>;
/// A column of the scores over the game: its name and its part of a snapshot.
type SnapshotPart = (&'static str, fn(&Snapshot) -> f64);
/// A row of the move mix: its name and its count.
type MoveCount = (&'static str, fn(&MoveMix) -> u32);

fn figure(
    label: impl Into<String>,
    digits: usize,
    of: impl Fn(&GameProfile) -> Option<f64> + 'static,
) -> Figure {
    Figure {
        label: label.into(),
        digits,
        of: Box::new(of),
    }
}

/// A table of the profile: a figure a row, or a grid of figures.
pub enum Table {
    Rows(Vec<Figure>),
    Grid {
        corner: String,
        columns: Vec<String>,
        rows: Vec<(String, Vec<Figure>)>,
    },
}

/// The profile's sections: a title, a note and a table each.
pub fn sections() -> Vec<(&'static str, &'static str, Table)> {
    vec![
        (
            "The score and the best AI's",
            "",
            Table::Rows(final_scores()),
        ),
        (
            "Over the game",
            "After turn t: the absolute score if the game ended there, S0, S_A and the mean AI's score.",
            over_the_game(),
        ),
        (
            "Player 0's moves per game",
            "Judged from the start of the turn; the leader is the AI with the highest score then. \
             Idle: onto an own cell at the cap; voided: sent back by a collision.",
            move_mix(),
        ),
        (
            "Share of turns by ten-turn bin",
            "Successful captures and knocks; raises.",
            bins(),
        ),
        ("Value and timing", "", Table::Rows(value_and_timing())),
        ("What it does to the AIs", "", Table::Rows(ais())),
    ]
}

fn final_scores() -> Vec<Figure> {
    vec![
        figure("absolute score", 0, |g| Some(g.score as f64)),
        figure("S0, player 0's Σ V·L", 0, |g| Some(g.end.s0)),
        figure("S_A, the best AI's Σ V·L", 0, |g| Some(g.end.best_ai)),
        figure("the mean AI's final score", 0, |g| Some(g.end.mean_ai)),
    ]
}

fn over_the_game() -> Table {
    let parts: [SnapshotPart; 4] = [
        ("score", |s| s.score),
        ("S0", |s| s.s0),
        ("S_A", |s| s.best_ai),
        ("mean AI", |s| s.mean_ai),
    ];
    let rows = SNAPSHOT_TURNS
        .iter()
        .enumerate()
        .map(|(k, t)| {
            let cells = parts
                .iter()
                .map(|&(name, part)| {
                    figure(format!("{name} after turn {t}"), 0, move |g| {
                        g.snapshots[k].as_ref().map(part)
                    })
                })
                .collect();
            (format!("t {t}"), cells)
        })
        .collect();
    Table::Grid {
        corner: "turn".into(),
        columns: parts.iter().map(|p| p.0.to_string()).collect(),
        rows,
    }
}

fn move_mix() -> Table {
    let kinds: [MoveCount; 9] = [
        ("occupy an unowned cell", |x| x.occupy),
        ("raise an own cell (all levels)", |x| x.raise),
        ("… of which from level ≥ 2", |x| x.raise_high),
        ("capture a level-1 cell of the current leader", |x| {
            x.capture_leader
        }),
        ("capture a level-1 cell of another AI", |x| x.capture_other),
        ("knock a level off the leader's cell of level ≥ 2", |x| {
            x.knock_leader
        }),
        ("knock a level off another AI's cell of level ≥ 2", |x| {
            x.knock_other
        }),
        ("idle (own cell at the cap)", |x| x.idle),
        ("voided (sent back by a collision)", |x| x.voided),
    ];
    let columns: Vec<String> = PHASES
        .iter()
        .map(|&(a, b)| match (a, b) {
            (1, 100) => "whole game".to_string(),
            _ => format!("{a}–{b}"),
        })
        .collect();
    let rows = kinds
        .iter()
        .map(|&(name, count)| {
            let cells = (0..PHASES.len())
                .map(|k| {
                    let label = format!("{name}, {}", columns[k]);
                    figure(label, 1, move |g| Some(count(&g.phases[k]) as f64))
                })
                .collect();
            (name.to_string(), cells)
        })
        .collect();
    Table::Grid {
        corner: "move".into(),
        columns,
        rows,
    }
}

fn bins() -> Table {
    let rows = (0..BINS)
        .map(|k| {
            let name = format!("{}–{}", 10 * k + 1, 10 * k + 10);
            let cells = vec![
                figure(format!("attack share {name}"), 2, move |g| {
                    Some(g.attack_bins[k] as f64 / 10.0)
                }),
                figure(format!("raise share {name}"), 2, move |g| {
                    Some(g.raise_bins[k] as f64 / 10.0)
                }),
            ];
            (name, cells)
        })
        .collect();
    Table::Grid {
        corner: "turns".into(),
        columns: vec!["captures and knocks".into(), "raises".into()],
        rows,
    }
}

fn value_and_timing() -> Vec<Figure> {
    vec![
        figure("value taken from AIs (Σ V of levels taken)", 0, |g| {
            Some((g.taken_leader + g.taken_other) as f64)
        }),
        figure("… from the leader at the time", 0, |g| {
            Some(g.taken_leader as f64)
        }),
        figure("… from the other AIs", 0, |g| Some(g.taken_other as f64)),
        figure("value lost to the AIs", 0, |g| Some(g.lost as f64)),
        figure("… to their greedy moves", 0, |g| {
            Some(g.lost_to_greedy as f64)
        }),
        figure(
            "Σ V·L of our cells some AI may move to, per turn 26–75",
            0,
            |g| Some(g.exposed),
        ),
        figure("raises of cells no AI can reach", 1, |g| {
            Some(g.raises_unreachable as f64)
        }),
        figure("first turn player 0 raises (games that raise)", 1, |g| {
            g.first_raise.map(|t| t as f64)
        }),
        figure("games where player 0 raises (share)", 2, |g| {
            Some(g.first_raise.is_some() as u8 as f64)
        }),
        figure("our cells at the end at level 1", 1, |g| {
            Some(g.end_levels[0] as f64)
        }),
        figure("… at level 2", 1, |g| Some(g.end_levels[1] as f64)),
        figure("… at level ≥ 3", 1, |g| Some(g.end_levels[2] as f64)),
    ]
}

fn ais() -> Vec<Figure> {
    vec![
        figure("cells an AI may move to (per AI, turns 26–75)", 2, |g| {
            Some(g.ai_moves)
        }),
        figure(
            "unowned cells in its reach (per AI, turns 26–75)",
            2,
            |g| Some(g.ai_unowned),
        ),
        figure(
            "successful attacks of an AI on other AIs (per AI, whole game)",
            1,
            |g| Some(g.ai_on_ai as f64 / g.m.saturating_sub(1).max(1) as f64),
        ),
        figure("times the leading AI changed", 1, |g| {
            Some(g.leader_changes as f64)
        }),
        figure("unowned cells at the end in our reach", 1, |g| {
            Some(g.end_unowned_ours as f64)
        }),
        figure("… in some AI's reach", 1, |g| {
            Some(g.end_unowned_ais as f64)
        }),
        figure("the final leader's cells", 1, |g| {
            Some(g.leader_cells as f64)
        }),
        figure("… and Σ of their levels", 1, |g| {
            Some(g.leader_levels as f64)
        }),
    ]
}

/// Every figure of the profile, in the order of the sections (the per-game
/// table's columns).
pub fn all_figures() -> Vec<Figure> {
    let mut out = Vec::new();
    for (_, _, table) in sections() {
        match table {
            Table::Rows(figures) => out.extend(figures),
            Table::Grid { rows, .. } => out.extend(rows.into_iter().flat_map(|(_, f)| f)),
        }
    }
    out
}

/// A figure's means over the games that have it: run A's, and with a
/// second run B's and the paired difference A − B with the half-width of
/// its 95 % interval, over the cases where both games have it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stat {
    pub n: usize,
    pub a: f64,
    pub b: Option<f64>,
    pub diff: Option<(f64, f64)>,
}

/// Run A's games, each with run B's game of the same case when comparing.
pub type Pairs<'a> = [(&'a GameProfile, Option<&'a GameProfile>)];

/// The mean and the half-width of the normal 95 % interval of the mean,
/// 1.96 · sd / √n (NaN below two values).
pub fn ci95(xs: &[f64]) -> (f64, f64) {
    let half = if xs.len() < 2 {
        f64::NAN
    } else {
        1.96 * std_dev(xs) / (xs.len() as f64).sqrt()
    };
    (mean(xs), half)
}

pub fn stat(pairs: &Pairs, of: &dyn Fn(&GameProfile) -> Option<f64>) -> Stat {
    let values: Vec<(f64, Option<f64>)> = pairs
        .iter()
        .filter_map(|(a, b)| {
            let x = of(a)?;
            match b {
                None => Some((x, None)),
                Some(b) => of(b).map(|y| (x, Some(y))),
            }
        })
        .collect();
    let xs: Vec<f64> = values.iter().map(|v| v.0).collect();
    let ys: Vec<f64> = values.iter().filter_map(|v| v.1).collect();
    let compared = pairs.first().is_some_and(|p| p.1.is_some());
    let diffs: Vec<f64> = values.iter().filter_map(|&(x, y)| Some(x - y?)).collect();
    Stat {
        n: xs.len(),
        a: mean(&xs),
        b: compared.then(|| mean(&ys)),
        diff: compared.then(|| ci95(&diffs)),
    }
}

/// Run A's games paired with run B's by case (only the cases in both), or
/// alone; in A's order.
pub fn pair_runs<'a>(
    a: &'a Run,
    b: Option<&'a Run>,
) -> Vec<(&'a GameProfile, Option<&'a GameProfile>)> {
    match b {
        None => a.games.iter().map(|g| (g, None)).collect(),
        Some(b) => {
            let by_case: HashMap<&str, &GameProfile> =
                b.games.iter().map(|g| (g.case.as_str(), g)).collect();
            a.games
                .iter()
                .filter_map(|g| by_case.get(g.case.as_str()).map(|&h| (g, Some(h))))
                .collect()
        }
    }
}

/// The groups of cases by M that have any: all, M ≥ 3 (when there are
/// duels too), M = 2, 3–4, 5–6, 7–8; each with its range of M.
pub fn groups(ms: &[usize]) -> Vec<(String, RangeInclusive<usize>)> {
    let mut out = vec![("all cases".to_string(), 2..=8)];
    if ms.contains(&2) && ms.iter().any(|&m| m >= 3) {
        out.push(("M ≥ 3".into(), 3..=8));
    }
    out.push(("M = 2".into(), 2..=2));
    for lo in [3, 5, 7] {
        out.push((format!("M {lo}–{}", lo + 1), lo..=lo + 1));
    }
    out.retain(|(_, range)| ms.iter().any(|m| range.contains(m)));
    out
}

/// A number as shown: `digits` decimals, or a whole number with its
/// thousands spaced; NaN as "–".
pub fn number(x: f64, digits: usize) -> String {
    if x.is_nan() {
        return "–".into();
    }
    if digits > 0 {
        let shown = format!("{x:.digits$}");
        // A negative that rounds to zero is shown as zero.
        return match shown.strip_prefix('-') {
            Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
            _ => shown,
        };
    }
    let whole = format!("{:.0}", x.abs());
    let mut spaced = String::new();
    for (k, ch) in whole.chars().enumerate() {
        if k > 0 && (whole.len() - k) % 3 == 0 {
            spaced.push(' ');
        }
        spaced.push(ch);
    }
    let sign = if x < 0.0 && whole != "0" { "-" } else { "" };
    format!("{sign}{spaced}")
}

/// A paired difference with its interval: `+1 234 ± 567`.
pub fn difference(mean: f64, half: f64, digits: usize) -> String {
    let shown = number(mean, digits);
    let sign = if shown.starts_with('-') { "" } else { "+" };
    format!("{sign}{shown} ± {}", number(half, digits))
}

/// A grid's cell: A's mean, or `A / B (A − B ± h)`.
fn cell(stat: &Stat, digits: usize) -> String {
    match (stat.b, stat.diff) {
        (Some(b), Some((d, h))) => format!(
            "{} / {} ({})",
            number(stat.a, digits),
            number(b, digits),
            difference(d, h, digits)
        ),
        _ => number(stat.a, digits),
    }
}

fn rows_table(out: &mut String, pairs: &Pairs, names: &[String], figures: &[Figure]) {
    let n = pairs.len();
    if names.len() == 2 {
        let _ = writeln!(
            out,
            "| ({n} cases) | {} | {} | {} − {} |\n| --- | --- | --- | --- |",
            names[0], names[1], names[0], names[1]
        );
    } else {
        let _ = writeln!(out, "| ({n} cases) | {} |\n| --- | --- |", names[0]);
    }
    for f in figures {
        let s = stat(pairs, &*f.of);
        let label = match s.n {
            k if k < n => format!("{} ({k})", f.label),
            _ => f.label.clone(),
        };
        match (s.b, s.diff) {
            (Some(b), Some((d, h))) => {
                let _ = writeln!(
                    out,
                    "| {label} | {} | {} | {} |",
                    number(s.a, f.digits),
                    number(b, f.digits),
                    difference(d, h, f.digits)
                );
            }
            _ => {
                let _ = writeln!(out, "| {label} | {} |", number(s.a, f.digits));
            }
        }
    }
}

fn grid_table(
    out: &mut String,
    pairs: &Pairs,
    corner: &str,
    columns: &[String],
    rows: &[(String, Vec<Figure>)],
) {
    let _ = writeln!(out, "| {corner} | {} |", columns.join(" | "));
    let _ = writeln!(out, "|{}", " --- |".repeat(columns.len() + 1));
    for (name, figures) in rows {
        let cells: Vec<String> = figures
            .iter()
            .map(|f| cell(&stat(pairs, &*f.of), f.digits))
            .collect();
        let _ = writeln!(out, "| {name} | {} |", cells.join(" | "));
    }
}

/// The profile of run `a`, or of `a` against `b` paired by case, as Markdown.
pub fn render(a: &Run, b: Option<&Run>) -> String {
    let pairs = pair_runs(a, b);
    let mut names = vec![a.name.clone()];
    names.extend(b.map(|b| b.name.clone()));
    let mut out = match b {
        Some(b) => format!(
            "# Profile: {} against {}\n\n{} cases in both runs; each cell of a grid is \
             `{} / {} ({} − {} ± the half-width of its 95 % interval, 1.96 · sd / √n over the cases)`.\n",
            a.name,
            b.name,
            pairs.len(),
            a.name,
            b.name,
            a.name,
            b.name
        ),
        None => format!("# Profile: {}\n\n{} cases.\n", a.name, pairs.len()),
    };
    for run in std::iter::once(a).chain(b) {
        skipped_note(&mut out, run);
    }
    let ms: Vec<usize> = pairs.iter().map(|p| p.0.m).collect();
    for (group, range) in groups(&ms) {
        let chosen: Vec<_> = pairs
            .iter()
            .copied()
            .filter(|p| range.contains(&p.0.m))
            .collect();
        let _ = writeln!(out, "\n## {group} ({} cases)", chosen.len());
        for (title, note, table) in sections() {
            let _ = writeln!(out, "\n### {title}\n");
            if !note.is_empty() {
                let _ = writeln!(out, "{note}\n");
            }
            match &table {
                Table::Rows(figures) => rows_table(&mut out, &chosen, &names, figures),
                Table::Grid {
                    corner,
                    columns,
                    rows,
                } => grid_table(&mut out, &chosen, corner, columns, rows),
            }
        }
    }
    out
}

/// Cases named in a run's note on its skipped games, at most.
const SKIPPED_NAMED: usize = 8;

fn skipped_note(out: &mut String, run: &Run) {
    if run.skipped.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n{} of {}'s cases could not be profiled and are left out:",
        run.skipped.len(),
        run.name
    );
    for (case, why) in run.skipped.iter().take(SKIPPED_NAMED) {
        let _ = writeln!(out, "- {case}: {why}");
    }
    if run.skipped.len() > SKIPPED_NAMED {
        let _ = writeln!(out, "- and {} more", run.skipped.len() - SKIPPED_NAMED);
    }
}

/// Every game's figures as TSV: run, case, M, U, then one column a figure.
pub fn per_game_tsv(runs: &[&Run]) -> anyhow::Result<String> {
    let figures = all_figures();
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b'\t')
        .from_writer(Vec::new());
    let mut header = vec!["run".to_string(), "case".into(), "m".into(), "u".into()];
    header.extend(figures.iter().map(|f| f.label.clone()));
    writer.write_record(&header)?;
    for run in runs {
        for g in &run.games {
            let mut record = vec![
                run.name.clone(),
                g.case.clone(),
                g.m.to_string(),
                g.u.to_string(),
            ];
            record.extend(
                figures
                    .iter()
                    .map(|f| (f.of)(g).map_or(String::new(), |x| x.to_string())),
            );
            writer.write_record(&record)?;
        }
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| anyhow::anyhow!("{}", e.error()))?;
    Ok(String::from_utf8(bytes)?)
}
