//! The visualizer against the recorded games: the replayed score of each,
//! the official error cases, and the `vis` command line and its page.

use std::fs;
use std::path::Path;
use std::process::Command;

use ahc061::engine::board::has;
use ahc061::engine::rules::legal_moves;
use ahc061_sim::judge::ToolInput;
use ahc061_tools::vis::{Replay, render_html, replay};

mod common;
use common::data;

fn read(path: &str) -> String {
    let path = data(path);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn replay_case(case: &str, moves: &str) -> Replay {
    let input = ToolInput::parse(&read(&format!("in/{case}.txt"))).unwrap();
    replay(input, moves)
}

/// (case, recorded score) of every game in transcripts/INDEX.tsv.
fn recorded_scores() -> Vec<(String, i64)> {
    read("transcripts/INDEX.tsv")
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0].to_string(), fields[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn every_recorded_game_replays_to_its_score() {
    let games = recorded_scores();
    assert_eq!(games.len(), 60);
    for (case, score) in games {
        let replay = replay_case(&case, &read(&format!("transcripts/{case}.moves")));
        assert_eq!(replay.error, None, "case {case}");
        assert_eq!(replay.states.len(), 101, "case {case}");
        assert_eq!(replay.score(), score, "case {case}");
    }
}

#[test]
fn skips_blank_and_comment_lines_and_ignores_extra_lines() {
    let moves = read("transcripts/0000.moves");
    let commented: String = moves
        .lines()
        .map(|line| format!("# thinking...\n\n  {line}  \n"))
        .collect();
    let replay = replay_case("0000", &format!("{commented}9 9\nextra line\n"));
    assert_eq!(replay.error, None);
    assert_eq!(replay.score(), 84915);
}

#[test]
fn reports_errors_as_the_official_tools_and_scores_zero() {
    let moves = read("transcripts/0000.moves");
    let first_ten: String = moves.lines().take(10).map(|l| format!("{l}\n")).collect();
    let replay = replay_case("0000", &first_ten);
    assert_eq!(replay.error.as_deref(), Some("Unexpected EOF"));
    assert_eq!(replay.states.len(), 11);
    assert_eq!(replay.score(), 0);

    // Case 0000 starts player 0 at (6, 1): (0, 0) is out of its reach.
    let replay = replay_case("0000", "0 0\n");
    assert_eq!(
        replay.error.as_deref(),
        Some("Player 0 attempted invalid move from (6, 1) to (0, 0).")
    );
    assert_eq!(replay.score(), 0);

    let replay = replay_case("0000", "<b>\n");
    assert_eq!(replay.error.as_deref(), Some("Parse error: <b>"));
    let html = render_html(&replay);
    assert!(html.contains("Parse error: &lt;b&gt;"));
    assert!(html.contains("<h1>Score = 0</h1>"));
}

#[test]
fn vis_command_writes_the_page_and_prints_the_score() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vis-command");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_vis"))
        .arg(data("in/0000.txt"))
        .arg(data("transcripts/0000.moves"))
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&run.stdout), "Score = 84915\n");
    // Where the page went, on stderr (stdout is the official tool's).
    assert_eq!(
        String::from_utf8_lossy(&run.stderr),
        "vis: wrote the replay to vis.html\n"
    );

    let html = fs::read_to_string(dir.join("vis.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    assert_eq!(html.matches("<svg ").count(), 1);
    assert_eq!(html.matches("</svg>").count(), 1);
    assert_eq!(html.matches("<rect class=\"cell\"").count(), 100);
    assert_eq!(html.matches("<g class=\"piece\">").count(), 4);
    assert!(html.contains("<h1>Score = 84915</h1>"));
    // Every element opened is closed.
    for tag in ["g", "text", "title", "table", "tr", "td", "p", "div"] {
        let opened =
            html.matches(&format!("<{tag}>")).count() + html.matches(&format!("<{tag} ")).count();
        let closed = html.matches(&format!("</{tag}>")).count();
        assert_eq!(opened, closed, "<{tag}>");
    }
}

#[test]
fn vis_command_prints_the_error_after_a_zero_score() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vis-command-error");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("out.txt"), "# first move\n0 0\n").unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_vis"))
        .arg(data("in/0000.txt"))
        .arg("out.txt")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(run.status.success());
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "Score = 0\nPlayer 0 attempted invalid move from (6, 1) to (0, 0).\n"
    );
    assert!(dir.join("vis.html").exists());
}

#[test]
fn vis_static_writes_the_official_page_only() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vis-static");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_vis"))
        .arg(data("in/0000.txt"))
        .arg(data("transcripts/0000.moves"))
        .args(["--static", "-o", "static.html"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(run.status.success());
    assert_eq!(String::from_utf8_lossy(&run.stdout), "Score = 84915\n");
    let html = fs::read_to_string(dir.join("static.html")).unwrap();
    assert!(!html.contains("<script"));
    assert_eq!(html.matches("<rect class=\"cell\"").count(), 100);
}

#[test]
fn the_replay_page_holds_every_turn_as_json() {
    let replay = replay_case("0000", &read("transcripts/0000.moves"));
    let data = ahc061_tools::replay::game_data(&replay, None);
    let frames = data["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 101);
    assert_eq!(frames[0].get("dest"), None);
    assert_eq!(frames[100]["dest"].as_array().unwrap().len(), 4);
    let last = replay.final_state();
    let scores: Vec<u64> = frames[100]["score"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(
        scores,
        last.score[..4]
            .iter()
            .map(|&s| s as u64)
            .collect::<Vec<_>>()
    );
    assert_eq!(data["score"], 84915);
    assert!(data["truth"][0].is_null() && data["truth"][1]["eps"].is_f64());
    let html = ahc061_tools::replay::render_replay(&replay, None);
    // The data cannot close its script element early.
    let start = html.find("<script id=\"game-data\"").unwrap();
    let end = start + html[start..].find("</script>").unwrap();
    assert!(!html[start..end].contains("</"));
    assert!(html.contains("id=\"result\""));
}

#[test]
fn vis_reads_a_tester_log() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vis-log");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    // A log as `tester --log` writes it, naming its input as given to the tester.
    let mut log = format!(
        "# AHC061 game log\ninput {}\n",
        data("in/0000.txt").display()
    );
    for line in read("transcripts/0000.moves").lines() {
        log.push_str(&format!("< {line}\n"));
    }
    log.push_str("score 84915\n");
    fs::write(dir.join("game.log"), log).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_vis"))
        .args(["--log", "game.log", "-o", "replay.html"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&run.stdout), "Score = 84915\n");
    assert!(dir.join("replay.html").exists());
}

/// Mutations this catches: no `ranked.truncate(…)` in src/search/candidates.rs
/// (the base arms exceed max_candidates plus the legal attacks at turn 10),
/// and no `self.ais[p].observe(…)` in `Belief::observe`
/// (src/opponent/belief.rs): the belief never narrows.
#[test]
fn the_bot_traces_every_turn_when_asked_and_plays_the_same() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vis-trace");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let trace_path = dir.join("trace.jsonl");
    let play = |traced: bool| {
        let mut tester = Command::new(env!("CARGO_BIN_EXE_tester"));
        tester
            .arg("--input")
            .arg(data("in/0002.txt"))
            .arg(common::bot())
            .args(["--fixed-work", "10"]);
        if traced {
            // The environment variable asks for it as well as --trace does.
            tester.env("AHC061_TRACE", &trace_path);
        } else {
            tester.env_remove("AHC061_TRACE");
        }
        let run = tester.output().unwrap();
        assert!(run.status.success());
        run.stdout
    };
    let traced = play(true);
    assert_eq!(traced, play(false), "the trace changed the moves");
    let trace =
        ahc061_tools::replay::parse_trace(&fs::read_to_string(&trace_path).unwrap()).unwrap();
    assert_eq!(trace.len(), 100);
    let input = ToolInput::parse(&read("in/0002.txt")).unwrap();
    // Replayed by the judge, each turn's candidates are legal moves of ours,
    // each once under its continuation, and the base's arms at most its
    // ranking's max_candidates plus the legal attacks on the AIs' cells.
    let config = ahc061::agent::params::Params::default().planner(input.game.m);
    let moves = String::from_utf8(traced.clone()).unwrap();
    let mut judge = ahc061_sim::judge::Judge::new(input.clone());
    let mut first_sd = f64::NAN;
    for (k, (line, played)) in trace.iter().zip(moves.lines()).enumerate() {
        assert_eq!(line["turn"], k + 1);
        assert_eq!(line["ais"].as_array().unwrap().len(), input.game.m - 1);
        let state = judge.state;
        let legal = legal_moves(&state, input.game.m, 0);
        let attacks = (legal & state.taken() & !state.owned[0]).count_ones() as usize;
        let mut seen = std::collections::HashSet::new();
        let mut base_arms = 0;
        for c in line["candidates"].as_array().unwrap() {
            let xy = (
                c["cell"][0].as_u64().unwrap(),
                c["cell"][1].as_u64().unwrap(),
            );
            let cell = ahc061::engine::board::cell(xy.0 as usize, xy.1 as usize);
            assert_eq!(
                ahc061::engine::board::coords(cell),
                (xy.0 as usize, xy.1 as usize)
            );
            assert!(has(legal, cell), "turn {}: {xy:?} is not legal", k + 1);
            let policy = c["policy"].as_u64().unwrap();
            assert!(seen.insert((policy, cell)), "turn {}: {xy:?} twice", k + 1);
            base_arms += (policy == 0) as usize;
        }
        assert!(
            base_arms <= config.max_candidates + attacks,
            "turn {}",
            k + 1
        );
        // The belief's spread over the first AI's weights, summed.
        let sd: f64 = (0..4)
            .map(|i| line["ais"][0]["sd"][i].as_f64().unwrap())
            .sum();
        if k == 0 {
            first_sd = sd;
        }
        if k == 99 {
            assert!(
                sd < first_sd,
                "the belief did not narrow: {first_sd} then {sd}"
            );
        }
        let (x, y) = played.split_once(' ').unwrap();
        judge.play(x.parse().unwrap(), y.parse().unwrap()).unwrap();
    }
    // The moves in the trace are the moves played.
    let moves = String::from_utf8(traced).unwrap();
    for (line, played) in trace.iter().zip(moves.lines()) {
        let chosen = &line["chosen"];
        assert_eq!(format!("{} {}", chosen[0], chosen[1]), played);
    }
    // vis takes it with its own game, and refuses it with another.
    let moves_path = dir.join("0002.out.txt");
    fs::write(&moves_path, &moves).unwrap();
    let vis = |input: &Path, moves: &Path, trace: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_vis"))
            .arg(input)
            .arg(moves)
            .arg("--trace")
            .arg(trace)
            .arg("-o")
            .arg(dir.join("vis.html"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.success(), stderr)
    };
    let (ok, stderr) = vis(&data("in/0002.txt"), &moves_path, &trace_path);
    assert!(ok, "{stderr}");
    let (ok, stderr) = vis(
        &data("in/0000.txt"),
        &data("transcripts/0000.moves"),
        &trace_path,
    );
    assert!(!ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(": trace turn ") && stderr.contains("the trace is of another game"),
        "{stderr}"
    );
    // The same moves, but a trace with one AI too few.
    let fewer: String = trace
        .iter()
        .map(|line| {
            let mut line = line.clone();
            line["ais"].as_array_mut().unwrap().pop();
            format!("{line}\n")
        })
        .collect();
    let fewer_path = dir.join("fewer.jsonl");
    fs::write(&fewer_path, fewer).unwrap();
    let (ok, stderr) = vis(&data("in/0002.txt"), &moves_path, &fewer_path);
    assert!(!ok);
    let m = input.game.m;
    assert!(
        stderr.contains(&format!(
            "trace turn 1: beliefs about {} AIs, but the game has {} (M = {m})",
            m - 2,
            m - 1
        )),
        "{stderr}"
    );
}
