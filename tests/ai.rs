//! The AIs' policy as the bot models it agrees with the judge's.
#![allow(clippy::needless_range_loop)]

use ahc061::ai;
use ahc061::rules;
use ahc061_sim::judge::{Judge, ToolInput};

/// Along recorded games, the greedy target the forecasts and rollouts use
/// is worth to the AI exactly what the judge's greedy choice is worth.
#[test]
fn the_greedy_target_is_one_of_the_judges_greedy_choices() {
    let mut checked = 0;
    for seed in 0..10 {
        let path = format!("{}/tests/data/in/{seed:04}.txt", env!("CARGO_MANIFEST_DIR"));
        let input = ToolInput::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut judge = Judge::new(input);
        let game = judge.input.game.clone();
        while !judge.finished() {
            let state = judge.state;
            let legal = rules::ai_legal_moves(&state, game.m);
            for p in 1..game.m {
                let params = judge.input.params[p];
                let target = ai::greedy_target(&game, &state, p, &params, legal[p]);
                // r1 above every ε: the greedy branch; r2 = 0: its first tie.
                let choice = ai::choose(&game, &state, p, &params, 0.999, 0.0);
                let (a, b) = (
                    params.value(&game, &state, p, target),
                    params.value(&game, &state, p, choice),
                );
                assert!(
                    (a - b).abs() <= 1e-9 * a.max(1.0),
                    "seed {seed} turn {} AI {p}: target worth {a}, judge's choice {b}",
                    state.turn
                );
                checked += 1;
            }
            let (x, y) = ahc061::board::coords(state.pos[0]);
            judge.play(x, y).unwrap();
        }
    }
    assert!(checked > 1000);
}

/// The cell-by-cell scan that `ai::greedy_target` shortens: the first cell
/// in cell order that beats every earlier one by more than the tie
/// tolerance.
fn scanned_target(
    game: &ahc061::state::Game,
    state: &ahc061::state::State,
    p: usize,
    params: &ai::AiParams,
    legal: ahc061::board::Bits,
) -> ahc061::board::Cell {
    let mut bar = -1.0 + ai::tie_tolerance(-1.0);
    let mut choice = state.pos[p];
    for c in ahc061::board::cells(legal) {
        let value = params.value(game, state, p, c);
        if value > bar {
            bar = value + ai::tie_tolerance(value);
            choice = c;
        }
    }
    choice
}

/// The greedy target, found from each category's most valuable cell, is the
/// cell a scan of every legal cell finds, along recorded games, with the
/// AIs' own weights, with weights that make categories tie and with every
/// cell worth 0.
#[test]
fn the_greedy_target_is_the_scan_of_every_legal_cell() {
    let mut checked = 0;
    for seed in 0..10 {
        let path = format!("{}/tests/data/in/{seed:04}.txt", env!("CARGO_MANIFEST_DIR"));
        let input = ToolInput::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut judge = Judge::new(input);
        let game = judge.input.game.clone();
        while !judge.finished() {
            let state = judge.state;
            let legal = rules::ai_legal_moves(&state, game.m);
            for p in 1..game.m {
                let own = judge.input.params[p];
                let even = ai::AiParams {
                    wa: 0.5,
                    wb: 0.5,
                    wc: 0.5,
                    wd: 0.5,
                    ..own
                };
                // Every cell worth 0, as the AI's cells at the cap are.
                let zero = ai::AiParams {
                    wa: 0.0,
                    wb: 0.0,
                    wc: 0.0,
                    wd: 0.0,
                    ..own
                };
                for params in [own, even, zero] {
                    let fast = ai::greedy_target(&game, &state, p, &params, legal[p]);
                    let slow = scanned_target(&game, &state, p, &params, legal[p]);
                    assert_eq!(fast, slow, "seed {seed} turn {} AI {p}", state.turn);
                    checked += 1;
                }
            }
            let (x, y) = ahc061::board::coords(state.pos[0]);
            judge.play(x, y).unwrap();
        }
    }
    assert!(checked > 3000);
}
