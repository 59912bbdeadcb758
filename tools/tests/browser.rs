//! End to end in a real browser: a game played by the bot through
//! `tester --log --trace`, turned into a replay by `vis`, opened in headless
//! Chromium, whose page steps to the last turn (URL hash `#test`) and writes
//! what it shows into `<pre id="result">`: the final scores must equal the
//! tester's and the engine's, with no script error. Then an `eval --html`
//! report of a real (small) run renders its plots.
//!
//! Needs `chromium` (Debian's package; `.ci/run` installs it), so it is
//! ignored unless asked for: `cargo test -p ahc061-tools --test browser --
//! --include-ignored` (.ci/run runs it so); asked for without a browser, it
//! fails.

use std::fs;
use std::process::Command;

use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_tools::runner::GameLog;

mod common;
use common::browser::{chromium_required, dump_dom, result_json, scratch_dir};
use common::{bot, data};

#[test]
#[ignore = "needs chromium"]
fn replay_and_report_work_in_a_browser() {
    let browser = chromium_required();
    let dir = scratch_dir("replay");
    let case = "0001";
    let input_path = data(&format!("in/{case}.txt"));

    // A real game: the bot through the tester, with its log and its trace.
    let log_path = dir.join("game.log");
    let trace_path = dir.join("trace.jsonl");
    let tester = Command::new(env!("CARGO_BIN_EXE_tester"))
        .arg("--input")
        .arg(&input_path)
        .arg("--log")
        .arg(&log_path)
        .arg(bot())
        // Enough work for the race to cut some candidates (its first cut
        // comes after 12 rollouts each).
        .args(["--fixed-work", "300", "--trace"])
        .arg(&trace_path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&tester.stderr);
    let tester_score = common::tester_score(&stderr);
    assert!(tester_score > 0, "{stderr}");

    // The engine's final scores of the same game.
    let log = GameLog::parse(&fs::read_to_string(&log_path).unwrap()).unwrap();
    let mut judge =
        Judge::new(ToolInput::parse(&fs::read_to_string(&input_path).unwrap()).unwrap());
    for (x, y) in log.moves().unwrap() {
        judge.play(x, y).unwrap();
    }
    let m = judge.input.game.m;
    let engine_scores: Vec<i64> = judge.state.score[..m].iter().map(|&s| s as i64).collect();
    assert_eq!(judge.score(), tester_score);

    let page = dir.join("replay.html");
    let vis = Command::new(env!("CARGO_BIN_EXE_vis"))
        .arg("--log")
        .arg(&log_path)
        .arg("--trace")
        .arg(&trace_path)
        .arg("-o")
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        vis.status.success(),
        "{}",
        String::from_utf8_lossy(&vis.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&vis.stdout),
        format!("Score = {tester_score}\n")
    );

    let dom = dump_dom(&browser, &page, "#test", &dir.join("profile-replay"));
    let result = result_json(&dom);
    assert_eq!(
        result["errors"],
        serde_json::json!([]),
        "script errors: {result}"
    );
    assert_eq!(result["turn"], 100, "{result}");
    // Home, →, PageDown, ←, End, then the buttons ◀, |◀, ▶, ▶|.
    assert_eq!(
        result["controls"],
        serde_json::json!([0, 1, 11, 10, 100, 99, 0, 1, 100]),
        "{result}"
    );
    // The header's turn follows the slider (it said "turn 100 of 100" throughout).
    let headers: Vec<String> = (result["controls"].as_array().unwrap().iter())
        .map(|t| format!("turn {t} of 100"))
        .collect();
    assert_eq!(result["headers"], serde_json::json!(headers), "{result}");
    // Every collision in the players' table has its red cross on the board,
    // on top (the winner's piece used to hide it).
    let collisions = &result["collisions"];
    assert!(collisions["table"].as_i64().unwrap() > 0, "{result}");
    assert_eq!(collisions["board"], collisions["table"], "{result}");
    assert_eq!(collisions["visible"], collisions["table"], "{result}");
    // Round ticks on the score chart (0, 5k, 10k …, not 3086, 6172 …).
    let ticks: Vec<&str> = (result["y_ticks"].as_array().unwrap().iter())
        .map(|t| t.as_str().unwrap())
        .collect();
    let values: Vec<f64> = (ticks.iter())
        .map(|t| match t.strip_suffix('k') {
            Some(thousands) => thousands.parse::<f64>().unwrap() * 1000.0,
            None => t.parse().unwrap(),
        })
        .collect();
    assert!(values.len() >= 3 && values[0] == 0.0, "{ticks:?}");
    let step = values[1];
    let mantissa = step / 10f64.powf(step.log10().floor());
    assert!(
        [1.0, 2.0, 2.5, 5.0]
            .iter()
            .any(|m| (mantissa - m).abs() < 1e-9),
        "{ticks:?}"
    );
    for (k, value) in values.iter().enumerate() {
        assert!((value - k as f64 * step).abs() < 1e-6, "{ticks:?}");
    }
    // Each belief bar has its scale: three labels under each of four bars per AI.
    assert_eq!(result["scale_labels"], 12 * (m as i64 - 1), "{result}");
    assert_eq!(result["absolute"], tester_score, "{result}");
    let shown: Vec<i64> = result["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(shown, engine_scores, "{result}");
    // The bot's mind is on the page: every turn traced, a belief row per AI.
    assert_eq!(result["traced_turns"], 100, "{result}");
    assert_eq!(result["belief_rows"], m as i64, "{result}");
    // The candidates the race cut are marked, as many as the trace says,
    // and every turn's planner header gives the switch threshold.
    let cut = &result["cut"];
    assert!(cut["traced"].as_i64().unwrap() > 0, "{result}");
    assert_eq!(cut["rows"], cut["traced"], "{result}");
    assert_eq!(cut["thresholds"], 100, "{result}");

    // The report of a real run of two cases, compared with itself shifted.
    let run_dir = scratch_dir("report");
    let cases = run_dir.join("in");
    fs::create_dir_all(&cases).unwrap();
    for case in ["0000", "0002"] {
        fs::copy(
            data(&format!("in/{case}.txt")),
            cases.join(format!("{case}.txt")),
        )
        .unwrap();
    }
    let eval = |out: &str, work: &str, extra: &[&str]| {
        let run = Command::new(env!("CARGO_BIN_EXE_eval"))
            .arg("--dir")
            .arg(&cases)
            .args(["-j", "2", "--out"])
            .arg(run_dir.join(out))
            .args(extra)
            .arg("--")
            .arg(bot())
            .args(["--fixed-work", work])
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    };
    eval("base.tsv", "0", &[]);
    let report = run_dir.join("report.html");
    let compare = run_dir.join("base.tsv");
    let html_arg = report.to_str().unwrap();
    eval(
        "planned.tsv",
        "10",
        &["--compare", compare.to_str().unwrap(), "--html", html_arg],
    );
    let dom = dump_dom(&browser, &report, "", &run_dir.join("profile-report"));
    for id in ["scores", "times", "by-m", "by-u", "differences", "paired"] {
        assert!(
            dom.contains(&format!("id=\"{id}\"")),
            "no {id} in the report"
        );
    }
    assert_eq!(dom.matches("<svg ").count(), 5);
    assert!(dom.contains("class=\"limit\""));
}
