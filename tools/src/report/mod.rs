//! The evaluation report (`eval --html FILE`): one self-contained HTML page
//! with inline SVG plots, no script and no network. The distribution of the
//! scores, the mean by M and by U, the time per game against the 2 s limit,
//! and, when a second run is given, the per-case differences sorted with the
//! paired mean and its 95 % confidence interval.
//!
//! The page and its summary table here; the tables of the games over the
//! limit, the failures and the comparison in `tables`; the SVG charts in
//! `charts`.

pub mod charts;
mod tables;

use std::fmt::Write as _;

use crate::eval::rows::Row;
use crate::eval::stats::{group_means, mean, mean_ci95, median, std_dev};
use crate::eval::summary::CONTEST_LIMIT_S;
use crate::vis::escape;
use charts::{bar_chart, histogram};
use tables::{comparison, failures_table, slow_table};

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

fn finite(x: f64) -> f64 {
    if x.is_finite() { x } else { f64::NAN }
}

fn figure(id: &str, caption: &str, svg: &str) -> String {
    format!(
        "<figure id=\"{id}\"><figcaption>{}</figcaption>\n{svg}</figure>\n",
        escape(caption)
    )
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

    /// Mutation this catches: `t_quantile_975(xs.len() - 2)` in `mean_ci95`
    /// (tools/src/eval/stats.rs): the two paired cases' interval is infinite and
    /// printed "[NaN, NaN]", which the old check (`|| contains("[NaN")`) let by.
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
