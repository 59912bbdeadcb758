//! Conformance against the 60 recorded games: the engine, given the input and
//! player 0's moves, reproduces every byte the judge sent and the final
//! score; and the bot's mirror, fed the judge's stream, sees no difference.

use std::fs;
use std::path::PathBuf;

use ahc061::agent::{self, Policy};
use ahc061::engine::board::{Cell, cell};
use ahc061::engine::state::{Game, State};
use ahc061::judge::mirror::Mirror;
use ahc061::policy::base::AiView;
use ahc061::search::rollout::{Player, play_out};
use ahc061_sim::judge::{Judge, JudgeAis, ToolInput};
use ahc061_sim::text::{feedback_text, initial_text};

mod common;

fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

struct Recorded {
    case: String,
    input: ToolInput,
    moves: Vec<(usize, usize)>,
    judge: String,
    score: i64,
}

fn recorded_games() -> Vec<Recorded> {
    let index = fs::read_to_string(data("transcripts/INDEX.tsv")).unwrap();
    let games: Vec<Recorded> = index
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let case = fields[0].to_string();
            Recorded {
                input: common::input(&case),
                judge: fs::read_to_string(data(&format!("transcripts/{case}.judge"))).unwrap(),
                score: fields[2].parse().unwrap(),
                moves: common::recorded_moves(&case),
                case,
            }
        })
        .collect();
    assert_eq!(games.len(), 60);
    games
}

#[test]
fn engine_reproduces_every_judge_byte_and_final_score() {
    for game in recorded_games() {
        let mut judge = Judge::new(game.input.clone());
        let mut text = initial_text(&game.input.game);
        for (turn, &(x, y)) in game.moves.iter().enumerate() {
            let (feedback, _) = judge
                .play(x, y)
                .unwrap_or_else(|e| panic!("case {} turn {}: {e}", game.case, turn + 1));
            text.push_str(&feedback_text(&feedback, game.input.game.m));
        }
        if text != game.judge {
            let line = text
                .lines()
                .zip(game.judge.lines())
                .position(|(a, b)| a != b);
            panic!(
                "case {}: judge stream differs at line {:?}",
                game.case,
                line.map(|l| l + 1)
            );
        }
        assert_eq!(judge.score(), game.score, "case {} final score", game.case);
    }
}

#[test]
fn the_kept_reach_and_level_sets_agree_with_a_recomputation_on_every_recorded_position() {
    // The rules keep each player's reach and the level-1 and capped cells
    // up to date turn by turn instead of a flood fill and a scan of the
    // levels; on every position of every recorded game they must equal
    // those recomputations.
    for game in recorded_games() {
        let mut judge = Judge::new(game.input.clone());
        for (turn, &(x, y)) in game.moves.iter().enumerate() {
            judge.play(x, y).unwrap();
            if let Err(e) = judge.state.check_invariants(&game.input.game) {
                panic!("case {} turn {}: {e}", game.case, turn + 1);
            }
        }
    }
}

/// Replays recorded moves.
struct Replay(std::vec::IntoIter<(usize, usize)>);

impl Policy for Replay {
    fn choose(&mut self, _: &Mirror) -> Cell {
        let (x, y) = self.0.next().expect("more turns than recorded moves");
        cell(x, y)
    }
}

#[test]
fn mirror_sees_no_difference_on_any_recorded_game() {
    for game in recorded_games() {
        let mut sent = Vec::new();
        let mut log = Vec::new();
        let moves = game.moves.clone();
        let summary = agent::play(game.judge.as_bytes(), &mut sent, &mut log, |_| {
            Box::new(Replay(moves.into_iter()))
        })
        .unwrap_or_else(|e| panic!("case {}: {e}", game.case));
        assert_eq!(summary.turns, 100, "case {}", game.case);
        assert_eq!(
            summary.divergences,
            0,
            "case {}: {}",
            game.case,
            String::from_utf8_lossy(&log)
        );
        let expected: String = game
            .moves
            .iter()
            .map(|(x, y)| format!("{x} {y}\n"))
            .collect();
        assert_eq!(
            String::from_utf8(sent).unwrap(),
            expected,
            "case {}",
            game.case
        );
    }
}

/// Player 0's recorded moves, turn by turn.
struct RecordedMoves<'a>(&'a [(usize, usize)]);

impl Player for RecordedMoves<'_> {
    fn choose(&mut self, _: &Game, sim: &State, _: &AiView) -> Cell {
        let (x, y) = self.0[sim.turn];
        cell(x, y)
    }
}

#[test]
fn the_rollout_loop_with_the_judges_draws_replays_every_recorded_game() {
    // The loop every rollout runs (src/search/rollout.rs), given the AIs' true
    // draws and player 0's recorded moves, must end where the judge did.
    for game in recorded_games() {
        let mut judge = Judge::new(game.input.clone());
        for &(x, y) in &game.moves {
            judge.play(x, y).unwrap();
        }
        let mut ais = JudgeAis::new(&game.input);
        let root = Judge::new(game.input.clone()).state;
        let turns = game.input.game.turns;
        let leaf = play_out(
            &game.input.game,
            &root,
            turns,
            &mut RecordedMoves(&game.moves),
            &mut ais,
        );
        assert_eq!(leaf, judge.state, "case {}", game.case);
        assert_eq!(judge.score(), game.score, "case {}", game.case);
    }
}
