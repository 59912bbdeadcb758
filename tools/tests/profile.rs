//! `profile`: a constructed game whose every count is known, replayed and
//! counted; two runs paired by case; and the move lists that `selfplay
//! --moves` and `eval --moves` write, profiled.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ahc061::engine::board::cell;
use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_tools::profile::report::{self, Stat, stat};
use ahc061_tools::profile::{GameProfile, MoveMix, Run, Snapshot, profile_game};

mod common;
use common::data;

/// A fresh, empty scratch directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    common::scratch_dir("profile", name)
}

/// A tool input file with 100 turns and the level cap 3: the values, the
/// start cells (player 0's first), and AIs that move at random every turn
/// (ε = 0.4, r1 = 0), r2 = `r2(turn, ai)` picking from their candidate lists
/// (docs/RULES.md §4).
fn input_text(
    value: [[u32; 10]; 10],
    starts: &[(usize, usize)],
    r2: impl Fn(usize, usize) -> f64,
) -> String {
    let m = starts.len();
    let mut text = format!("10 {m} 100 3\n");
    for row in value {
        let row: Vec<String> = row.iter().map(u32::to_string).collect();
        text.push_str(&(row.join(" ") + "\n"));
    }
    for (x, y) in starts {
        text.push_str(&format!("{x} {y}\n"));
    }
    for _ in 1..m {
        text.push_str("0.5 0.5 0.5 0.5 0.4\n");
    }
    for turn in 1..=100 {
        for ai in 1..m {
            text.push_str(&format!("0 {}\n", r2(turn, ai)));
        }
    }
    text
}

/// The constructed game: M = 3, U = 3. Player 0 starts on (5, 3), AI 1 on
/// (5, 5) (worth 10 000: it leads), AI 2 on (7, 3). The AIs stay on their
/// piece's cell (r2 = 0: position 0 of their list) except: AI 1, turn 1 →
/// (5, 4) (3rd of 5: r2 = 0.7), turn 4 → (5, 6) (1 of 4: 0.3), turn 5 →
/// (5, 7) (1 of 7: 0.2); AI 2, turn 1 → (8, 3) (2 of 5: 0.5), turn 20 →
/// (7, 3) (4 of 5: 0.9).
fn scenario_input() -> String {
    let mut value = [[900u32; 10]; 10];
    value[5][5] = 10_000;
    value[7][3] = 500;
    value[8][3] = 500;
    value[0][9] = 2_600; // the values add up to 100 000
    let r2 = |turn, ai| match (ai, turn) {
        (1, 1) => 0.7,
        (1, 4) => 0.3,
        (1, 5) => 0.2,
        (2, 1) => 0.5,
        (2, 20) => 0.9,
        _ => 0.0,
    };
    input_text(value, &[(5, 3), (5, 5), (7, 3)], r2)
}

/// Player 0's moves in the constructed game, and what each does:
/// 1 (5,4) voided (AI 1 chose it too); 2 occupy (5,4); 3 raise it from 1;
/// 4 raise it from 2; 5 occupy (6,3); 6, 7 knock the leader's (5,5) from
/// 3 and 2; 8 capture it; 9 capture the leader's (5,6); 10 capture AI 2's
/// (7,3) (AI 2 is not leading); 11, 12 raise (5,3), which no AI's reach
/// touches; 13–100 stay on (5,3) at the cap. AI 2 takes (7,3) back on turn 20
/// by a random move, and leads from turn 23.
fn scenario_moves() -> Vec<(usize, usize)> {
    let mut moves = vec![
        (5, 4),
        (5, 4),
        (5, 4),
        (5, 4),
        (6, 3),
        (5, 5),
        (5, 5),
        (5, 5),
        (5, 6),
        (7, 3),
    ];
    moves.resize(100, (5, 3));
    moves
}

/// Player 0 stays on its start cell all game.
fn staying_moves() -> Vec<(usize, usize)> {
    vec![(5, 3); 100]
}

fn moves_text(moves: &[(usize, usize)]) -> String {
    moves.iter().map(|(x, y)| format!("{x} {y}\n")).collect()
}

fn scenario() -> ToolInput {
    ToolInput::parse(&scenario_input()).unwrap()
}

#[test]
fn the_constructed_game_goes_as_designed() {
    // The scenario's own premises, checked on the judge: where the pieces
    // stand and who owns what after the turns that matter.
    let mut judge = Judge::new(scenario());
    let moves = scenario_moves();
    let play_to = |turn: usize, judge: &mut Judge| {
        while judge.turn() < turn {
            let (x, y) = moves[judge.turn()];
            judge.play(x, y).unwrap();
        }
    };
    play_to(1, &mut judge);
    assert_eq!(judge.state.pos[..3], [cell(5, 3), cell(5, 5), cell(8, 3)]);
    assert_eq!(judge.state.owner[cell(5, 4) as usize], -1);
    play_to(5, &mut judge);
    assert_eq!(judge.state.pos[..3], [cell(6, 3), cell(5, 7), cell(8, 3)]);
    assert_eq!(judge.state.level[cell(5, 5) as usize], 3);
    play_to(10, &mut judge);
    assert_eq!(judge.state.pos[0], cell(7, 3));
    assert_eq!(judge.state.score[..3], [15_900, 2_700, 1_500]);
    play_to(20, &mut judge);
    assert_eq!(judge.state.pos[2], cell(7, 3));
    play_to(100, &mut judge);
    assert_eq!(judge.state.score[..3], [17_200, 2_700, 3_000]);
}

#[test]
fn counts_every_move_of_the_constructed_game() {
    let g = profile_game("0000", &scenario(), &scenario_moves()).unwrap();
    let opening = MoveMix {
        occupy: 2,
        raise: 4,
        raise_high: 2,
        capture_leader: 2,
        capture_other: 1,
        knock_leader: 2,
        knock_other: 0,
        idle: 13,
        voided: 1,
    };
    let only_idle = |idle| MoveMix {
        idle,
        ..MoveMix::default()
    };
    let whole = MoveMix {
        idle: 88,
        ..opening
    };
    assert_eq!(g.phases, [opening, only_idle(50), only_idle(25), whole]);
    assert_eq!((g.taken_leader, g.taken_other), (30_900, 500));
    assert_eq!((g.lost, g.lost_to_greedy), (500, 0));
    assert_eq!(g.raises_unreachable, 2);
    assert_eq!(g.first_raise, Some(3));
    assert_eq!(g.ai_on_ai, 0);
    assert_eq!(g.leader_changes, 1);
    // Turns 26–75: AI 1 on (5,7) alone may move to 5 cells, 3 unowned; AI 2
    // on (7,3)–(8,3) to 8, 5 unowned. Our (5,6) and (6,3) are in their reach.
    assert_eq!((g.ai_moves, g.ai_unowned, g.exposed), (6.5, 4.0, 1_800.0));
    let mut attacks = [0; 10];
    attacks[0] = 5;
    let mut raises = [0; 10];
    raises[0] = 2;
    raises[1] = 2;
    assert_eq!((g.attack_bins, g.raise_bins), (attacks, raises));
    assert_eq!(g.end_levels, [3, 0, 2]);
    assert_eq!((g.end_unowned_ours, g.end_unowned_ais), (9, 8));
    assert_eq!((g.leader_cells, g.leader_levels), (2, 6));
    let score = (1e5 * (1.0 + 17_200.0 / 3_000.0f64).log2()).round();
    assert_eq!(g.score, score as i64);
    let end = Snapshot {
        score,
        s0: 17_200.0,
        best_ai: 3_000.0,
        mean_ai: 2_850.0,
    };
    assert_eq!(g.end, end);
    assert_eq!(g.snapshots[4], Some(end));
    assert_eq!(g.snapshots[1], Some(end));
    let at_10 = g.snapshots[0].unwrap();
    assert_eq!(
        (at_10.s0, at_10.best_ai, at_10.mean_ai),
        (15_900.0, 2_700.0, 2_100.0)
    );
}

#[test]
fn staying_put_raises_twice_then_idles() {
    let g = profile_game("0000", &scenario(), &staying_moves()).unwrap();
    assert_eq!(g.phases[3].raise, 2);
    assert_eq!(g.phases[3].raise_high, 1);
    assert_eq!(g.phases[3].idle, 98);
    assert_eq!(g.first_raise, Some(1));
}

#[test]
fn counts_the_attacks_of_ais_on_each_other() {
    // AI 2 leaves (0,1) for (1,1) on turn 1 (2nd of 3: r2 = 0.9); AI 1
    // takes (0,1) from (0,0) on turn 2 (1 of 3: 0.5). Player 0 stays on (9,9).
    let value = [[1_000u32; 10]; 10];
    let r2 = |turn, ai| match (ai, turn) {
        (2, 1) => 0.9,
        (1, 2) => 0.5,
        _ => 0.0,
    };
    let input = ToolInput::parse(&input_text(value, &[(9, 9), (0, 0), (0, 1)], r2)).unwrap();
    let mut judge = Judge::new(input.clone());
    judge.play(9, 9).unwrap();
    judge.play(9, 9).unwrap();
    assert_eq!(judge.state.pos[1..3], [cell(0, 1), cell(1, 1)]);
    assert_eq!(judge.state.owner[cell(0, 1) as usize], 1);
    let g = profile_game("0000", &input, &[(9, 9); 100]).unwrap();
    assert_eq!(g.ai_on_ai, 1);
    assert_eq!((g.lost, g.taken_leader + g.taken_other), (0, 0));
    let per_ai = report::all_figures()
        .into_iter()
        .find(|f| {
            f.label
                .starts_with("successful attacks of an AI on other AIs")
        })
        .unwrap();
    assert_eq!((per_ai.of)(&g), Some(0.5));
}

#[test]
fn refuses_short_and_illegal_move_lists() {
    let short = profile_game("0000", &scenario(), &scenario_moves()[..40]);
    let error = format!("{:#}", short.unwrap_err());
    assert!(error.contains("ends before turn 41"), "{error}");
    let mut moves = scenario_moves();
    moves[5] = (9, 9);
    let error = format!(
        "{:#}",
        profile_game("0000", &scenario(), &moves).unwrap_err()
    );
    assert!(
        error.contains("turn 6: Player 0 attempted invalid move"),
        "{error}"
    );
}

fn run(name: &str, games: Vec<GameProfile>) -> Run {
    Run {
        name: name.into(),
        games,
        skipped: Vec::new(),
    }
}

fn named(case: &str, moves: &[(usize, usize)]) -> GameProfile {
    profile_game(case, &scenario(), moves).unwrap()
}

#[test]
fn pairs_the_runs_by_case_and_gives_the_difference_with_its_interval() {
    // A plays the scenario on both cases; B stays put on 0000 and plays the
    // scenario on 0001; B alone has 0002, which is left out.
    let a = run(
        "a",
        vec![
            named("0000", &scenario_moves()),
            named("0001", &scenario_moves()),
        ],
    );
    let b = run(
        "b",
        vec![
            named("0002", &staying_moves()),
            named("0001", &scenario_moves()),
            named("0000", &staying_moves()),
        ],
    );
    let pairs = report::pair_runs(&a, Some(&b));
    assert_eq!(pairs.len(), 2);
    assert!(pairs.iter().all(|(x, y)| x.case == y.unwrap().case));
    let occupied = |g: &GameProfile| Some(g.phases[3].occupy as f64);
    // Differences 2 and 0: mean 1, sd √2, half-width 1.96 · √2 / √2.
    let s = stat(&pairs, &occupied);
    assert_eq!(s.n, 2);
    assert_eq!((s.a, s.b), (2.0, Some(1.0)));
    let (d, h) = s.diff.unwrap();
    assert_eq!(d, 1.0);
    assert!((h - 1.96).abs() < 1e-12, "{h}");
    // First raise: turns 3 and 3 against 1 and 3.
    let first = |g: &GameProfile| g.first_raise.map(|t| t as f64);
    let s = stat(&pairs, &first);
    assert_eq!((s.a, s.b, s.diff.unwrap().0), (3.0, Some(2.0), 1.0));
    // Alone, a run has no B and no difference.
    let alone = report::pair_runs(&a, None);
    assert_eq!(
        stat(&alone, &occupied),
        Stat {
            n: 2,
            a: 2.0,
            b: None,
            diff: None
        }
    );
    // The interval of a single pair is unknown.
    assert!(report::ci95(&[1.0]).1.is_nan());
    assert_eq!(report::difference(-1234.4, 56.0, 0), "-1 234 ± 56");
    assert_eq!(report::difference(-0.4, 1.0, 0), "+0 ± 1");
    assert_eq!(report::difference(-0.004, 0.1, 2), "+0.00 ± 0.10");
    assert_eq!(report::difference(0.25, f64::NAN, 2), "+0.25 ± –");
}

fn profile(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_profile"))
        .args(args)
        .output()
        .unwrap()
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

#[test]
fn the_command_prints_two_runs_side_by_side() {
    let dir = scratch_dir("compare");
    for case in ["0000", "0001"] {
        write(&dir.join(format!("in/{case}.txt")), &scenario_input());
        write(
            &dir.join(format!("a/{case}.out.txt")),
            &moves_text(&scenario_moves()),
        );
    }
    write(&dir.join("b/0000.out.txt"), &moves_text(&staying_moves()));
    write(&dir.join("b/0001.out.txt"), &moves_text(&scenario_moves()));
    let path = |p: &str| dir.join(p).display().to_string();
    let out = profile(&[
        "--dir",
        &path("in"),
        "--moves",
        &path("a"),
        "--compare",
        &path("b"),
        "--per-game",
        &path("games.tsv"),
    ]);
    common::assert_success(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("# Profile: a against b\n"), "{stdout}");
    assert!(stdout.contains("\n## all cases (2 cases)\n"), "{stdout}");
    assert!(stdout.contains("\n## M 3–4 (2 cases)\n"), "{stdout}");
    let row = "| occupy an unowned cell | 2.0 / 1.0 (+1.0 ± 2.0) | 0.0 / 0.0 (+0.0 ± 0.0) \
               | 0.0 / 0.0 (+0.0 ± 0.0) | 2.0 / 1.0 (+1.0 ± 2.0) |";
    assert!(stdout.contains(row), "{stdout}");
    assert!(
        stdout.contains("| value lost to the AIs | 500 | 250 | +250 ± 490 |"),
        "{stdout}"
    );
    let tsv = fs::read_to_string(dir.join("games.tsv")).unwrap();
    assert_eq!(tsv.lines().count(), 5, "{tsv}");
    assert!(
        tsv.starts_with("run\tcase\tm\tu\tabsolute score\t"),
        "{tsv}"
    );
}

#[test]
fn the_command_leaves_out_games_it_cannot_replay() {
    let dir = scratch_dir("skipped");
    for case in ["0000", "0001", "0002"] {
        write(&dir.join(format!("in/{case}.txt")), &scenario_input());
    }
    write(
        &dir.join("a/0000.out.txt"),
        &("# a comment\n".to_string() + &moves_text(&scenario_moves())),
    );
    write(
        &dir.join("a/0001.out.txt"),
        &moves_text(&scenario_moves()[..3]),
    );
    let path = |p: &str| dir.join(p).display().to_string();
    let out = profile(&["--dir", &path("in"), "--moves", &path("a")]);
    common::assert_success(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("2 of a's cases could not be profiled"),
        "{stdout}"
    );
    assert!(
        stdout.contains("- 0001: ") && stdout.contains("ends before turn 4"),
        "{stdout}"
    );
    assert!(stdout.contains("- 0002: no move list"), "{stdout}");
    assert!(stdout.contains("| absolute score | "), "{stdout}");
    // No move list at all is an error.
    let out = profile(&["--dir", &path("in"), "--moves", &path("nothing")]);
    assert!(!out.status.success());
}

#[test]
fn the_command_reads_inputs_and_move_lists_from_one_folder() {
    // As `play` leaves them: out/0000.txt and out/0000.out.txt.
    let dir = scratch_dir("play");
    write(&dir.join("out/0000.txt"), &scenario_input());
    write(
        &dir.join("out/0000.out.txt"),
        &moves_text(&scenario_moves()),
    );
    let out_dir = dir.join("out").display().to_string();
    let out = profile(&["--dir", &out_dir, "--moves", &out_dir]);
    common::assert_success(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("# Profile: out\n\n1 cases.\n"),
        "{stdout}"
    );
}

/// Player 0's moves of a game by kind, added up (every turn is one kind).
fn whole_game_sum(g: &GameProfile) -> u32 {
    let x = g.phases[3];
    x.occupy
        + x.raise
        + x.capture_leader
        + x.capture_other
        + x.knock_leader
        + x.knock_other
        + x.idle
        + x.voided
}

#[test]
fn profiles_the_move_lists_selfplay_writes() {
    let dir = scratch_dir("selfplay");
    // 0000: M = 4; 0034: a duel.
    for case in ["0000", "0034"] {
        fs::create_dir_all(dir.join("in")).unwrap();
        fs::copy(
            data(&format!("in/{case}.txt")),
            dir.join(format!("in/{case}.txt")),
        )
        .unwrap();
    }
    let path = |p: &str| dir.join(p).display().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_selfplay"))
        .args([
            "--dir",
            &path("in"),
            "--policy",
            "base",
            "-j",
            "1",
            "--moves",
            &path("moves"),
        ])
        .output()
        .unwrap();
    common::assert_success(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    for line in stdout.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let (case, score) = (fields[0], fields[2].parse::<i64>().unwrap());
        let input = ToolInput::parse(&fs::read_to_string(data(&format!("in/{case}.txt"))).unwrap())
            .unwrap();
        let text = fs::read_to_string(dir.join(format!("moves/{case}.out.txt"))).unwrap();
        let moves = ahc061_tools::profile::parse_moves(&text).unwrap();
        assert_eq!(moves.len(), 100);
        let g = profile_game(case, &input, &moves).unwrap();
        assert_eq!(g.score, score, "case {case}");
        assert_eq!(whole_game_sum(&g), 100, "case {case}");
    }
    let out = profile(&["--dir", &path("in"), "--moves", &path("moves")]);
    common::assert_success(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("\n## M = 2 (1 cases)\n") && stdout.contains("\n## M ≥ 3 (1 cases)\n"),
        "{stdout}"
    );
}

#[test]
fn profiles_the_move_lists_eval_writes() {
    let dir = scratch_dir("eval");
    write(&dir.join("in/0000.txt"), &scenario_input());
    write(&dir.join("moves.txt"), &moves_text(&scenario_moves()));
    let path = |p: &str| dir.join(p).display().to_string();
    // A "bot" that prints the scenario's moves.
    let out = Command::new(env!("CARGO_BIN_EXE_eval"))
        .args([
            "--dir",
            &path("in"),
            "-j",
            "1",
            "--moves",
            &path("saved"),
            "--html",
            &path("report.html"),
            "--",
            "cat",
            &path("moves.txt"),
        ])
        .output()
        .unwrap();
    common::assert_success(&out);
    let saved = fs::read_to_string(dir.join("saved/0000.out.txt")).unwrap();
    assert_eq!(saved, moves_text(&scenario_moves()));
    // The report carries the run's profile.
    let page = fs::read_to_string(dir.join("report.html")).unwrap();
    let section = &page[page.find("<section id=\"profile\">").unwrap()..];
    assert!(
        section.contains("<td>value taken from AIs (Σ V of levels taken)</td><td>31 400</td>"),
        "{section}"
    );
    let out = profile(&["--dir", &path("in"), "--moves", &path("saved")]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("| value taken from AIs (Σ V of levels taken) | 31 400 |"),
        "{stdout}"
    );
}
