//! `play --serve` in a real browser: headless Chromium opens the page with a
//! scripted list of moves (URL hash `#script=…`); the page clicks an
//! illegal cell (it must say so and stay on turn 0), then clicks through the
//! whole game on tests/data/in/0000.txt with the coach on for the first
//! turns and one undo (the turn played again), saves the finished game and writes what it showed into
//! `<pre id="result">`. The final score shown must equal `tester`'s for the
//! same moves, the coach's marked moves must be legal, the bot's score must
//! be the bot's, and the saved log must be the tester's log of those moves.
//!
//! Needs `chromium`, and is ignored unless asked for, as
//! tools/tests/browser.rs is.

use std::fs;
use std::process::Command;

use ahc061::engine::board::coords;
use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_tools::runner::GameLog;

mod common;
use common::browser::{chromium_required, dump_url, result_json, scratch_dir};
use common::data;
use common::server::Server;

/// The coach's (and the bot's) rollouts a turn: little, for speed.
const WORK: u64 = 20;
/// Turns played with the coach on.
const COACHED: usize = 3;
/// Before this move the page clicks undo, then plays the previous move again.
const UNDO_AT: usize = 10;

/// Mutation this catches: `coach::bot_score` (tools/src/serve/coach.rs)
/// returning `oracle::play(…) + 1`: the page's bot score is then one off the
/// real binary's score through the tester.
#[test]
#[ignore = "needs chromium"]
fn a_whole_game_played_by_clicks_scores_as_the_tester_does() {
    let browser = chromium_required();
    let dir = scratch_dir("serve");
    let input_path = data("in/0000.txt");
    let input = ToolInput::parse(&fs::read_to_string(&input_path).unwrap()).unwrap();
    let m = input.game.m;

    // The script: the one-ply greedy baseline's moves, found by the judge.
    let mut judge = Judge::new(input.clone());
    let mut moves = Vec::new();
    while !judge.finished() {
        let (x, y) = coords(ahc061::policy::greedy::choose(&input.game, &judge.state));
        judge.play(x, y).unwrap();
        moves.push((x, y));
    }
    let engine_scores: Vec<i64> = judge.state.score[..m].iter().map(|&s| s as i64).collect();

    // The tester's score and log for the same moves: a "bot" that prints them.
    let moves_path = dir.join("moves.txt");
    let text: String = moves.iter().map(|(x, y)| format!("{x} {y}\n")).collect();
    fs::write(&moves_path, text).unwrap();
    let tester_log = dir.join("tester.log");
    let tester = Command::new(env!("CARGO_BIN_EXE_tester"))
        .arg("--input")
        .arg(&input_path)
        .arg("--log")
        .arg(&tester_log)
        .arg("cat")
        .arg(&moves_path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&tester.stderr);
    let tester_score = common::tester_score(&stderr);
    assert!(tester_score > 0, "{stderr}");

    let out_dir = dir.join("saved");
    let server = Server::start(&[
        "--input",
        input_path.to_str().unwrap(),
        "--coach-work",
        &WORK.to_string(),
        "--out-dir",
        out_dir.to_str().unwrap(),
    ]);
    let script: Vec<String> = moves.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let url = server.url(&format!(
        "/#script={}&coach={COACHED}&undo={UNDO_AT}",
        script.join(";")
    ));
    let dom = dump_url(&browser, &url, &dir.join("profile"), 600_000);
    let result = result_json(&dom);
    drop(server);

    assert_eq!(result["errors"], serde_json::json!([]), "{result}");
    // The illegal click: a message on the page, shown as an error; no turn played.
    let illegal = &result["illegal"];
    assert_eq!(illegal["turn"], 0, "{result}");
    assert_eq!(illegal["shown_as_error"], true, "{result}");
    let message = illegal["message"].as_str().unwrap();
    assert!(message.contains("is not a legal destination"), "{message}");
    // The coach: the bot's candidates and beliefs shown, its move marked and legal.
    let coach = result["coach"].as_array().unwrap();
    assert_eq!(coach.len(), COACHED, "{result}");
    for (k, advice) in coach.iter().enumerate() {
        assert_eq!(advice["turn"], k, "{result}");
        assert!(advice["candidates"].as_i64().unwrap() >= 1, "{result}");
        assert_eq!(advice["belief_rows"], m as i64 - 1, "{result}");
        assert_eq!(advice["legal"], true, "{result}");
    }
    // Undo took one turn back, and said so.
    let undo = &result["undo"];
    assert_eq!(undo["before"], UNDO_AT, "{result}");
    assert_eq!(undo["after"], UNDO_AT - 1, "{result}");
    assert_eq!(
        undo["message"],
        format!("Turn {UNDO_AT} taken back."),
        "{result}"
    );
    // The whole game, scored as the tester scores it.
    assert_eq!(result["turn"], 100, "{result}");
    assert_eq!(result["finished"], true, "{result}");
    assert_eq!(result["final_score"], tester_score, "{result}");
    assert_eq!(result["absolute"], tester_score, "{result}");
    assert_eq!(
        result["scores"],
        serde_json::json!(engine_scores),
        "{result}"
    );
    // The bot's score: the real binary's, through the tester.
    let (_, bot) = common::real_bot("in/0000.txt", WORK, ahc061::agent::options::DEFAULT_SEED);
    assert_eq!(result["bot_score"], bot, "{result}");

    // The saved log: the tester's records for the same moves, which `vis
    // --log` replays to the same score.
    let saved = result["saved"]
        .as_str()
        .unwrap_or_else(|| panic!("{result}"));
    let saved_log = GameLog::parse(&fs::read_to_string(saved).unwrap()).unwrap();
    let expected = GameLog::parse(&fs::read_to_string(&tester_log).unwrap()).unwrap();
    assert_eq!(saved_log.judge_lines, expected.judge_lines);
    assert_eq!(saved_log.bot_lines, expected.bot_lines);
    assert_eq!(saved_log.score, tester_score);
    assert_eq!(saved_log.error, None);
    let vis = Command::new(env!("CARGO_BIN_EXE_vis"))
        .arg("--log")
        .arg(saved)
        .arg("-o")
        .arg(dir.join("replay.html"))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&vis.stdout),
        format!("Score = {tester_score}\n"),
        "{}",
        String::from_utf8_lossy(&vis.stderr)
    );
}
