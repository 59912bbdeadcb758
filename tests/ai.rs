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
