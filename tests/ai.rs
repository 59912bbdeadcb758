//! The AIs' policy as the rollouts model it (one greedy target, a random
//! legal cell) agrees with `ai::choose`, the rule the local judge plays by.
//! That rule is the engine's own: tests/transcripts.rs and tests/rule_paths.rs
//! tie it to data from outside (tests/README.md).
#![allow(clippy::needless_range_loop)]

use ahc061::engine::ai;
use ahc061::engine::board::{Bits, Cell};
use ahc061::engine::rules;
use ahc061::engine::state::{Game, State};
use ahc061_sim::judge::{Judge, ToolInput};

mod common;

/// Hands `check` every AI's turn along ten recorded games (player 0
/// standing still): the case's seed, the position, the AI, its true
/// parameters and its legal set. Returns how many it checked.
fn each_ai_turn(mut check: impl FnMut(u64, &Game, &State, usize, &ai::AiParams, Bits)) -> usize {
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
                check(seed, &game, &state, p, &judge.input.params[p], legal[p]);
                checked += 1;
            }
            let (x, y) = ahc061::engine::board::coords(state.pos[0]);
            judge.play(x, y).unwrap();
        }
    }
    checked
}

/// Along recorded games, the greedy target the forecasts and rollouts use
/// is worth to the AI exactly what the judge's greedy choice is worth.
#[test]
fn the_greedy_target_is_one_of_the_judges_greedy_choices() {
    let checked = each_ai_turn(|seed, game, state, p, params, legal| {
        let target = ai::greedy_target(game, state, p, params, legal);
        // r1 above every ε: the greedy branch; r2 = 0: its first tie.
        let choice = ai::choose(game, state, p, params, 0.999, 0.0);
        let (a, b) = (
            params.value(game, state, p, target),
            params.value(game, state, p, choice),
        );
        assert!(
            (a - b).abs() <= 1e-9 * a.max(1.0),
            "seed {seed} turn {} AI {p}: target worth {a}, judge's choice {b}",
            state.turn
        );
    });
    assert!(checked > 1000);
}

/// `own` with every category weighing `w`.
fn equal_weights(own: &ai::AiParams, w: f64) -> ai::AiParams {
    ai::AiParams {
        wa: w,
        wb: w,
        wc: w,
        wd: w,
        ..*own
    }
}

/// The cell-by-cell scan that `ai::greedy_target` shortens: the first cell
/// in cell order that beats every earlier one by more than the tie
/// tolerance.
fn scanned_target(
    game: &Game,
    state: &State,
    p: usize,
    params: &ai::AiParams,
    legal: Bits,
) -> Cell {
    let mut bar = -1.0 + ai::tie_tolerance(-1.0);
    let mut choice = state.pos[p];
    for c in ahc061::engine::board::cells(legal) {
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
    let checked = each_ai_turn(|seed, game, state, p, own, legal| {
        let with = |w: f64| equal_weights(own, w);
        // Equal weights make categories tie; at 0 every cell is worth what
        // the AI's cells at the cap are.
        for params in [*own, with(0.5), with(0.0)] {
            let fast = ai::greedy_target(game, state, p, &params, legal);
            let slow = scanned_target(game, state, p, &params, legal);
            assert_eq!(fast, slow, "seed {seed} turn {} AI {p}", state.turn);
        }
    });
    assert!(checked > 1000);
}

/// A set of the given cells.
fn set_of(cells: &[Cell]) -> Bits {
    cells
        .iter()
        .fold(0, |s, &c| s | ahc061::engine::board::bit(c))
}

#[test]
fn the_random_cell_is_uniform_over_the_legal_set() {
    use rand::{Rng, SeedableRng};
    let cells = [3, 17, 42, 64, 99];
    let legal = set_of(&cells);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    let draws = 50_000;
    let mut counts = [0usize; 5];
    for _ in 0..draws {
        let c = ai::random_cell(legal, rng.random()).expect("the set is not empty");
        let k = cells
            .iter()
            .position(|&x| x == c)
            .expect("a cell of the set");
        counts[k] += 1;
    }
    // Each share within 1.5 points of 20 % (its standard error is 0.18).
    for (k, &n) in counts.iter().enumerate() {
        let share = n as f64 / draws as f64;
        assert!((share - 0.2).abs() < 0.015, "cell {}: {share}", cells[k]);
    }
    assert_eq!(ai::random_cell(0, 5), None);
}

#[test]
fn two_legal_sets_that_differ_in_one_cell_give_the_same_random_cell_elsewhere() {
    use rand::{Rng, SeedableRng};
    // What the planner's rollouts rely on: their AIs share random numbers,
    // and a first move that changes one cell of an AI's legal set must not
    // move its random draws anywhere else.
    let small = set_of(&[10, 11, 12, 20, 22, 30, 31, 32]);
    let large = small | ahc061::engine::board::bit(21);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    let (mut same, mut extra) = (0, 0);
    for _ in 0..10_000 {
        let salt: u64 = rng.random();
        let a = ai::random_cell(small, salt).unwrap();
        let b = ai::random_cell(large, salt).unwrap();
        if b == 21 {
            extra += 1;
        } else {
            assert_eq!(a, b, "salt {salt:#x}");
            same += 1;
        }
    }
    // The extra cell is drawn about one time in nine.
    assert!((900..1_350).contains(&extra), "{extra} of 10 000");
    assert_eq!(same + extra, 10_000);
}

/// The rollouts' greedy target, each category's best carried over from
/// the turn before, is the plain one's along recorded games, with the
/// cache kept across every turn of a game (as a rollout keeps it) and
/// the AIs' own weights, equal weights and all-zero weights.
#[test]
fn the_cached_greedy_target_is_the_plain_one() {
    let mut caches = [ai::TargetCache::default(); 3];
    let mut last_seed = u64::MAX;
    let checked = each_ai_turn(|seed, game, state, p, own, legal| {
        if seed != last_seed {
            // A new game: a cache serves one game's values only.
            caches = [ai::TargetCache::default(); 3];
            last_seed = seed;
        }
        let with = |w: f64| equal_weights(own, w);
        for (cache, params) in caches.iter_mut().zip([*own, with(0.5), with(0.0)]) {
            let plain = ai::greedy_target(game, state, p, &params, legal);
            let cached = ai::greedy_target_cached(game, state, p, &params, legal, cache);
            assert_eq!(cached, plain, "seed {seed} turn {} AI {p}", state.turn);
        }
    });
    assert!(checked > 1000);
}

/// The greedy target's ties use the judge's tolerance of 1e−9 · max(|a|, 1)
/// (docs/RULES.md §4), and among ties it takes the first cell in cell order
/// (`ai::greedy_target`'s contract). AI 1 on (4,4), its own cell at level
/// 1 < U = 3, every value 500: its legal cells are (3,4), (4,3) and (4,5),
/// (5,4) unowned, worth 500·wa, and (4,4) its own, worth 500·wb; in cell
/// order (3,4) comes first. With wb = 0.5 and wa a hair below it, a =
/// 250 and the tolerance 2.5e−7: a relative gap of 5e−10 (1.25e−7) ties,
/// so (3,4); one of 2e−9 (5e−7) does not, so (4,4), the larger.
///
/// Mutations this catches: `ai::TIE_RELATIVE = 0.0` (the first gap no
/// longer ties) and `= 1e-8` (the second one ties), in the plain, the
/// cached and this file's scanned target alike.
#[test]
fn the_greedy_target_ties_values_within_the_tolerance_and_not_beyond_it() {
    use ahc061::engine::board::cell;
    let (game, state) = common::position(
        &[cell(9, 9), cell(4, 4)],
        &[(cell(9, 9), 0, 1), (cell(4, 4), 1, 1)],
        &[],
    );
    let legal = rules::ai_legal_moves(&state, game.m)[1];
    let expected = [cell(3, 4), cell(4, 3), cell(4, 4), cell(4, 5), cell(5, 4)];
    assert_eq!(
        ahc061::engine::board::cells(legal).collect::<Vec<_>>(),
        expected
    );
    // Half and twice the tolerance, written out (not derived from
    // `ai::TIE_RELATIVE`, which a mutation would move them with).
    for (gap, target) in [(5e-10, cell(3, 4)), (2e-9, cell(4, 4))] {
        let params = ai::AiParams {
            wa: 0.5 * (1.0 - gap),
            wb: 0.5,
            wc: 0.1,
            wd: 0.1,
            eps: 0.1,
        };
        let mut cache = ai::TargetCache::default();
        assert_eq!(
            ai::greedy_target(&game, &state, 1, &params, legal),
            target,
            "gap {gap}"
        );
        assert_eq!(
            ai::greedy_target_cached(&game, &state, 1, &params, legal, &mut cache),
            target,
            "gap {gap}, cached"
        );
        assert_eq!(
            scanned_target(&game, &state, 1, &params, legal),
            target,
            "gap {gap}, scanned"
        );
    }
}
