//! The report's charts, as inline SVG: a histogram, bars, and the sorted
//! per-case differences of a comparison.

use std::fmt::Write as _;

use crate::vis::escape;

const W: f64 = 560.0;
const H: f64 = 240.0;
const LEFT: f64 = 60.0;
const BOTTOM: f64 = 36.0;
const TOP: f64 = 14.0;
const RIGHT: f64 = 14.0;

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

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks(0.0, 10.0, 5), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(0.0, 2.1, 4), [0.0, 1.0, 2.0]);
        assert_eq!(label(150000.0), "150k");
        assert_eq!(label(0.5), "0.50");
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
}
