//! The evaluation report (`eval --html FILE`): one self-contained HTML page
//! with inline SVG plots, no script and no network. The distribution of the
//! scores, the mean by M and by U, the time per game against the 2 s limit,
//! and, when a second run is given, the per-case differences sorted with the
//! paired mean and its 95 % confidence interval.

use std::fmt::Write as _;

use crate::eval::compare::paired_scores;
use crate::eval::rows::Row;
use crate::eval::stats::{group_means, mean, mean_ci95, median, std_dev, win_counts};
use crate::eval::summary::{CONTEST_LIMIT_S, failures, over_the_limit};
use crate::vis::escape;
const W: f64 = 560.0;
const H: f64 = 240.0;
const LEFT: f64 = 60.0;
const BOTTOM: f64 = 36.0;
const TOP: f64 = 14.0;
const RIGHT: f64 = 14.0;

/// The whole report. `other` is an earlier run and its name, for the paired
/// comparison; `profile` the run's profile as Markdown (tools/src/profile/).
pub fn render_report(
    rows: &[Row],
    name: &str,
    other: Option<(&[Row], &str)>,
    profile: Option<&str>,
) -> String {
    let mut html = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>AHC061 evaluation</title>\n<style>\n\
         body { font-family: sans-serif; margin: 16px; color: #222; }\n\
         .plots { display: flex; flex-wrap: wrap; gap: 24px; }\n\
         figure { margin: 0; }\n figcaption { font-size: 14px; font-weight: bold; margin-bottom: 4px; }\n\
         table { border-collapse: collapse; }\n\
         th, td { padding: 3px 10px; text-align: right; border-bottom: 1px solid #ddd; font-size: 13px; }\n\
         td.text { text-align: left; } code { white-space: pre-wrap; }\n\
         </style>\n</head>\n<body>\n",
    );
    let scores: Vec<f64> = rows.iter().map(|r| r.score as f64).collect();
    let walls: Vec<f64> = rows.iter().map(|r| r.wall_s).collect();
    let _ = writeln!(html, "<h1>Evaluation: {}</h1>", escape(name));
    let zeros = rows.iter().filter(|r| r.score == 0).count();
    let (lo, hi) = mean_ci95(&scores);
    let _ = writeln!(
        html,
        "<table id=\"summary\"><tr><th>cases</th><th>mean score</th><th>95% CI</th><th>sd</th>\
         <th>median</th><th>zero scores</th><th>mean time</th><th>max time</th></tr>\n\
         <tr><td>{}</td><td>{:.1}</td><td>[{:.1}, {:.1}]</td><td>{:.1}</td><td>{:.1}</td>\
         <td>{zeros}</td><td>{:.3} s</td><td>{:.3} s</td></tr></table>",
        rows.len(),
        mean(&scores),
        finite(lo),
        finite(hi),
        std_dev(&scores),
        median(&scores),
        mean(&walls),
        walls.iter().copied().fold(0.0, f64::max)
    );
    html.push_str(&slow_table(rows));
    html.push_str(&failures_table(rows));
    html.push_str("<div class=\"plots\">\n");
    html.push_str(&figure(
        "scores",
        "Scores (histogram)",
        &histogram(&scores, 20, "score", None),
    ));
    html.push_str(&figure(
        "times",
        "Time per game (histogram; red: the 2 s limit)",
        &histogram(&walls, 20, "seconds", Some(CONTEST_LIMIT_S)),
    ));
    for (key, label) in [("M", "M (players)"), ("U", "U (level cap)")] {
        let groups = if key == "M" {
            group_means(rows, |r| r.m)
        } else {
            group_means(rows, |r| r.u as usize)
        };
        let bars: Vec<(String, f64, usize)> = groups
            .iter()
            .map(|g| (format!("{key}={}", g.key), g.mean, g.count))
            .collect();
        html.push_str(&figure(
            &format!("by-{}", key.to_lowercase()),
            &format!("Mean score by {label} (cases on each bar)"),
            &bar_chart(&bars),
        ));
    }
    html.push_str("</div>\n");
    if let Some((other, other_name)) = other {
        html.push_str(&comparison(rows, name, other, other_name));
    }
    if let Some(markdown) = profile {
        html.push_str(&profile_section(markdown));
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// The profile's Markdown as a section of the page, its headings one level
/// down (the page's own title is the only `h1`).
pub fn profile_section(markdown: &str) -> String {
    use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
    let down = |level: HeadingLevel| match level {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    };
    let events = Parser::new_ext(markdown, Options::ENABLE_TABLES).map(|event| match event {
        Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) => Event::Start(Tag::Heading {
            level: down(level),
            id,
            classes,
            attrs,
        }),
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(down(level))),
        other => other,
    });
    let mut html = String::from("<section id=\"profile\">\n");
    pulldown_cmark::html::push_html(&mut html, events);
    html.push_str("</section>\n");
    html
}

/// The failed cases: one line per way of failing (as eval prints them), then
/// every failed case with the last lines of the bot's stderr.
/// The games at or over the contest's time limit, slowest first (none: nothing).
fn slow_table(rows: &[Row]) -> String {
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

fn failures_table(rows: &[Row]) -> String {
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

fn finite(x: f64) -> f64 {
    if x.is_finite() { x } else { f64::NAN }
}

fn figure(id: &str, caption: &str, svg: &str) -> String {
    format!(
        "<figure id=\"{id}\"><figcaption>{}</figcaption>\n{svg}</figure>\n",
        escape(caption)
    )
}

/// The paired comparison: the per-case differences sorted, as bars, with
/// the paired mean and its confidence interval drawn across.
fn comparison(this: &[Row], name: &str, other: &[Row], other_name: &str) -> String {
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

// ---------------------------------------------------------------- SVG

fn svg_open(width: f64) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{H}\" \
         font-family=\"sans-serif\" font-size=\"11\">\n"
    )
}

/// Rounded tick values covering [lo, hi].
fn ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    let span = (hi - lo).max(1e-9);
    let raw = span / count as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|f| f * magnitude)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * magnitude);
    let first = (lo / step).ceil() * step;
    (0..)
        .map(|k| first + k as f64 * step)
        .take_while(|&v| v <= hi + step * 1e-9)
        .collect()
}

fn label(v: f64) -> String {
    if v.abs() >= 1000.0 {
        format!("{:.0}k", v / 1000.0)
    } else if v.fract().abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

/// A histogram of `values` in `bins` equal bins, with an optional vertical
/// marker line (the time limit).
pub fn histogram(values: &[f64], bins: usize, x_name: &str, marker: Option<f64>) -> String {
    let mut svg = svg_open(W);
    if values.is_empty() {
        svg.push_str("<text x=\"20\" y=\"40\">no data</text></svg>\n");
        return svg;
    }
    let mut lo = values
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min)
        .min(0.0);
    let mut hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if let Some(mark) = marker {
        hi = hi.max(mark * 1.05);
        lo = lo.min(0.0);
    }
    if hi <= lo {
        hi = lo + 1.0;
    }
    let width = (hi - lo) / bins as f64;
    let mut counts = vec![0usize; bins];
    for &v in values {
        let k = (((v - lo) / width) as usize).min(bins - 1);
        counts[k] += 1;
    }
    let top = *counts.iter().max().unwrap_or(&1) as f64;
    let x = |v: f64| LEFT + (W - LEFT - RIGHT) * (v - lo) / (hi - lo);
    let y = |c: f64| H - BOTTOM - (H - BOTTOM - TOP) * c / top;
    axes(&mut svg, W);
    for (k, &c) in counts.iter().enumerate() {
        let (x0, x1) = (x(lo + k as f64 * width), x(lo + (k + 1) as f64 * width));
        let _ = writeln!(
            svg,
            "<rect class=\"bar\" x=\"{x0:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
             fill=\"#4a7fc1\"><title>{}–{}: {c}</title></rect>",
            y(c as f64),
            (x1 - x0 - 1.0).max(0.5),
            H - BOTTOM - y(c as f64),
            label(lo + k as f64 * width),
            label(lo + (k + 1) as f64 * width)
        );
    }
    for t in ticks(lo, hi, 6) {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            x(t),
            H - BOTTOM + 14.0,
            label(t)
        );
    }
    // Counts are whole: no tick between two of them.
    let whole = ticks(0.0, top, 4).into_iter().filter(|t| t.fract() == 0.0);
    y_labels(&mut svg, whole.collect(), y);
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\
         <text x=\"14\" y=\"{}\" transform=\"rotate(-90 14 {})\" text-anchor=\"middle\">cases</text>",
        (LEFT + W - RIGHT) / 2.0,
        H - 4.0,
        escape(x_name),
        H / 2.0,
        H / 2.0
    );
    if let Some(mark) = marker {
        let _ = writeln!(
            svg,
            "<line class=\"limit\" x1=\"{0:.1}\" y1=\"{TOP}\" x2=\"{0:.1}\" y2=\"{1}\" stroke=\"#d00\" \
             stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\
             <text x=\"{2:.1}\" y=\"{3}\" fill=\"#d00\" text-anchor=\"end\">limit {4} s</text>",
            x(mark),
            H - BOTTOM,
            x(mark) - 4.0,
            TOP + 10.0,
            mark
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The labels of the vertical axis at `values`, placed by `y`.
fn y_labels(svg: &mut String, values: Vec<f64>, y: impl Fn(f64) -> f64) {
    for t in values {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            LEFT - 6.0,
            y(t) + 4.0,
            label(t)
        );
    }
}

fn axes(svg: &mut String, width: f64) {
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"#444\"/>\
         <line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{0}\" stroke=\"#444\"/>",
        H - BOTTOM,
        width - RIGHT
    );
}

/// Vertical bars: (label, value, cases).
pub fn bar_chart(bars: &[(String, f64, usize)]) -> String {
    let width = (LEFT + RIGHT + 64.0 * bars.len() as f64).max(260.0);
    let mut svg = svg_open(width);
    let top = bars.iter().map(|b| b.1).fold(0.0, f64::max).max(1.0) * 1.1;
    let y = |v: f64| H - BOTTOM - (H - BOTTOM - TOP) * v.max(0.0) / top;
    axes(&mut svg, width);
    for t in ticks(0.0, top, 5) {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
             <line x1=\"{LEFT}\" y1=\"{1:.1}\" x2=\"{}\" y2=\"{1:.1}\" stroke=\"#eee\"/>",
            LEFT - 6.0,
            y(t) + 4.0,
            label(t),
            width - RIGHT
        );
    }
    for (k, (name, value, count)) in bars.iter().enumerate() {
        let x0 = LEFT + 12.0 + 64.0 * k as f64;
        let _ = writeln!(
            svg,
            "<rect class=\"bar\" x=\"{x0:.1}\" y=\"{:.1}\" width=\"44\" height=\"{:.1}\" fill=\"#4a7fc1\">\
             <title>{name}: {value:.1} ({count} cases)</title></rect>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\
             <text x=\"{2:.1}\" y=\"{}\" text-anchor=\"middle\">{name} ({count})</text>",
            y(*value),
            H - BOTTOM - y(*value),
            x0 + 22.0,
            y(*value) - 4.0,
            label(*value),
            H - BOTTOM + 14.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Sorted differences as thin bars around zero, with the mean line and the
/// confidence band.
pub fn sorted_differences(diffs: &[f64], mean: f64, ci: (f64, f64)) -> String {
    let width = 760.0;
    let mut svg = svg_open(width);
    let lo = diffs.iter().copied().fold(0.0, f64::min);
    let hi = diffs.iter().copied().fold(0.0, f64::max);
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else {
        (lo - 1.0, hi + 1.0)
    };
    let y = |v: f64| TOP + (H - BOTTOM - TOP) * (hi - v) / (hi - lo);
    let step = (width - LEFT - RIGHT) / diffs.len().max(1) as f64;
    if ci.0.is_finite() && ci.1.is_finite() {
        let _ = writeln!(
            svg,
            "<rect class=\"ci\" x=\"{LEFT}\" y=\"{:.1}\" width=\"{}\" height=\"{:.1}\" fill=\"#fc6\" \
             opacity=\"0.5\"/>",
            y(ci.1.min(hi)),
            width - LEFT - RIGHT,
            (y(ci.0.max(lo)) - y(ci.1.min(hi))).max(1.0)
        );
    }
    for (k, &d) in diffs.iter().enumerate() {
        let (a, b) = (y(d.max(0.0)), y(d.min(0.0)));
        let colour = if d >= 0.0 { "#3a3" } else { "#c33" };
        let _ = writeln!(
            svg,
            "<rect class=\"bar\" x=\"{:.1}\" y=\"{a:.1}\" width=\"{:.2}\" height=\"{:.1}\" fill=\"{colour}\">\
             <title>{d:+.0}</title></rect>",
            LEFT + k as f64 * step,
            (step - 0.5).max(0.5),
            (b - a).max(0.5)
        );
    }
    y_labels(&mut svg, ticks(lo, hi, 6), y);
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#444\"/>\
         <line class=\"mean\" x1=\"{LEFT}\" y1=\"{2:.1}\" x2=\"{1}\" y2=\"{2:.1}\" stroke=\"#a60\" \
         stroke-width=\"2\"/><text x=\"{3}\" y=\"{4:.1}\" fill=\"#a60\" stroke=\"#fff\" \
         stroke-width=\"3\" paint-order=\"stroke\">mean {5:+.0}</text>\
         <text x=\"{6}\" y=\"{7}\" text-anchor=\"middle\">cases, sorted by difference</text>",
        y(0.0),
        width - RIGHT,
        y(mean),
        LEFT + 6.0,
        y(mean) - 6.0,
        mean,
        (LEFT + width - RIGHT) / 2.0,
        H - 8.0
    );
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(case: &str, m: usize, score: i64, wall_s: f64) -> Row {
        Row {
            case: case.into(),
            seed: None,
            m,
            u: 2,
            score,
            wall_s,
            error: None,
            stderr_tail: None,
        }
    }

    #[test]
    fn games_at_or_over_the_limit_are_listed() {
        let mut rows: Vec<Row> = (0..5)
            .map(|k| row(&format!("{k:04}"), 3, 1000, 1.5))
            .collect();
        assert!(!render_report(&rows, "run", None, None).contains("over-limit"));
        rows[1].wall_s = 2.0;
        rows[4].wall_s = 2.25;
        let html = render_report(&rows, "run", None, None);
        assert!(html.contains("<h2>Games of 2.0 s or more: 2 "), "{html}");
        let table = html.split("<table id=\"over-limit\">").nth(1).unwrap();
        let table = table.split("</table>").next().unwrap();
        assert_eq!(
            table.matches("<tr><td>").collect::<Vec<_>>().len(),
            2,
            "{table}"
        );
        let slowest = table.find("<td>0004</td><td>2.250 s</td>").unwrap();
        assert!(slowest < table.find("<td>0001</td><td>2.000 s</td>").unwrap());
    }

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks(0.0, 10.0, 5), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(0.0, 2.1, 4), [0.0, 1.0, 2.0]);
        assert_eq!(label(150000.0), "150k");
        assert_eq!(label(0.5), "0.50");
    }

    #[test]
    fn the_report_has_every_plot() {
        let rows = [
            row("a", 2, 300000, 1.7),
            row("b", 4, 150000, 1.8),
            row("c", 4, 0, 2.3),
        ];
        let other = [row("a", 2, 290000, 1.7), row("b", 4, 160000, 1.7)];
        let html = render_report(&rows, "new", Some((&other, "old")), None);
        for id in ["scores", "times", "by-m", "by-u", "differences", "paired"] {
            assert!(html.contains(&format!("id=\"{id}\"")), "{id}");
        }
        assert_eq!(
            html.matches("<svg ").count(),
            html.matches("</svg>").count()
        );
        assert_eq!(html.matches("<svg ").count(), 5);
        assert!(html.contains("class=\"limit\""));
        assert!(!html.contains("NaN"), "a figure is not a number");
        // The difference bars: one per case in common.
        let diffs_at = html.find("id=\"differences\"").unwrap();
        assert_eq!(html[diffs_at..].matches("class=\"bar\"").count(), 2);
        assert!(!html.contains("id=\"failures\""));
    }

    #[test]
    fn the_profile_becomes_a_section_of_tables() {
        let markdown = "# Profile: run\n\n## all cases (2 cases)\n\n| (2 cases) | run |\n\
                        | --- | --- |\n| absolute score | 1 234 |\n";
        let html = render_report(&[row("a", 3, 1234, 1.0)], "run", None, Some(markdown));
        let section = &html[html.find("<section id=\"profile\">").unwrap()..];
        assert!(section.contains("<h2>Profile: run</h2>"), "{section}");
        assert!(
            section.contains("<h3>all cases (2 cases)</h3>"),
            "{section}"
        );
        assert!(section.contains("<td>absolute score</td>"), "{section}");
        assert_eq!(html.matches("<h1>").count(), 1);
        assert!(!render_report(&[], "run", None, None).contains("id=\"profile\""));
    }

    #[test]
    fn histogram_counts_are_whole_numbers() {
        // Two cases in the tallest bin: ticks 0, 1, 2 and no 0.50 or 1.50.
        let svg = histogram(&[1.0, 1.0, 5.0], 4, "score", None);
        let labels: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains("text-anchor=\"end\""))
            .filter_map(|l| l.split('>').nth(1)?.split('<').next())
            .collect();
        assert_eq!(labels, ["0", "1", "2"]);
    }

    #[test]
    fn failed_cases_are_listed_with_the_bots_stderr() {
        let mut rows = [
            row("a", 2, 0, 0.1),
            row("b", 2, 0, 0.1),
            row("c", 2, 9, 1.0),
        ];
        for r in &mut rows[..2] {
            r.error = Some("Your program has terminated unexpectedly".into());
            r.stderr_tail = Some("note | error: --budget: <bad>".into());
        }
        let html = render_report(&rows, "run", None, None);
        let at = html.find("id=\"failures\"").unwrap();
        let table = &html[at..html[at..].find("</table>").unwrap() + at];
        assert!(table.contains("<td>2</td>"), "{table}");
        assert!(table.contains("error: --budget: &lt;bad&gt;"), "{table}");
        assert!(table.contains("a, b"), "{table}");
        assert!(html.contains("<code>note\nerror: --budget: &lt;bad&gt;</code>"));
    }
}
