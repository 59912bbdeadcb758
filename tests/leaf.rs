//! The planner's leaf values (src/search/leaf.rs): their names, and the
//! rollouts-to-the-end leaf on constructed positions.

use ahc061::engine::ai::NO_PARAMS;
use ahc061::engine::board::{MAX_PLAYERS, cell};
use ahc061::engine::state::{Game, State};
use ahc061::opponent::belief::Belief;
use ahc061::policy::base;
use ahc061::search::leaf::{Leaf, LeafContext, objective};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

mod common;

#[test]
fn leaves_parse_by_name_and_playouts_take_1_to_64_rollouts() {
    assert_eq!(Leaf::parse("objective"), Some(Leaf::Objective));
    assert_eq!(Leaf::parse("extrapolated"), Some(Leaf::Extrapolated));
    assert_eq!(Leaf::parse("playouts-8"), Some(Leaf::Playouts(8)));
    assert_eq!(Leaf::parse("playouts-64"), Some(Leaf::Playouts(64)));
    for bad in [
        "playouts-0",
        "playouts-65",
        "playouts-",
        "playouts8",
        "Objective",
        "",
    ] {
        assert_eq!(Leaf::parse(bad), None, "{bad}");
    }
}

/// Three players, the AIs' parameters drawn from a fresh belief.
fn three_players() -> (Game, [ahc061::engine::ai::AiParams; MAX_PLAYERS]) {
    let g = common::game(3, 500, &[(0, 0), (5, 5), (9, 9)]);
    let belief = Belief::new(3, 50, &mut Pcg64Mcg::seed_from_u64(3));
    let mut params = [NO_PARAMS; MAX_PLAYERS];
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    for (p, slot) in params.iter_mut().enumerate().take(3).skip(1) {
        *slot = belief.sample(p, &mut rng);
    }
    (g, params)
}

/// One turn before the end, an unowned cell worth ten times the others
/// beside player 0's piece, out of the AIs' reach.
fn rich_cell_on_the_last_turn(g: &mut Game) -> State {
    g.value[cell(0, 1) as usize] = 5000;
    let mut state = g.initial_state();
    state.turn = g.turns - 1;
    state
}

#[test]
fn the_playouts_leaf_sees_the_last_turns_capture_the_extrapolation_cannot() {
    let (mut g, params) = three_players();
    let leaf = rich_cell_on_the_last_turn(&mut g);
    let base = base::standard();
    let ctx = LeafContext {
        base: &*base,
        params: &params,
    };
    // A rollout that stood still has no rate: extrapolated, the position
    // is worth what it is worth now.
    let flat = Leaf::Extrapolated.value(&g, &leaf, &leaf);
    assert_eq!(flat, objective(&leaf, 3));
    // Played out, player 0 takes the 5 000 cell on the last turn, while an
    // AI gains at most one 500 cell at level 1 in one turn.
    let played = Leaf::Playouts(4).value_in(&g, &leaf, &leaf, ctx);
    let (s0, sa) = (leaf.score[0] as f64, leaf.best_ai_score(3) as f64);
    let least = (1.0 + (s0 + 5000.0) / (sa + 500.0)).log2();
    assert!(played >= least - 1e-12, "{played} < {least}");
}

#[test]
fn the_playouts_leaf_is_a_function_of_the_position_and_is_the_objective_at_the_end() {
    let (g, params) = three_players();
    let base = base::standard();
    let ctx = LeafContext {
        base: &*base,
        params: &params,
    };
    let mut leaf = g.initial_state();
    leaf.turn = 60;
    let once = Leaf::Playouts(3).value_in(&g, &leaf, &leaf, ctx);
    let again = Leaf::Playouts(3).value_in(&g, &leaf, &leaf, ctx);
    assert_eq!(
        once.to_bits(),
        again.to_bits(),
        "two arms at one leaf value it alike"
    );
    leaf.turn = g.turns;
    assert_eq!(
        Leaf::Playouts(3).value_in(&g, &leaf, &leaf, ctx),
        objective(&leaf, 3)
    );
    // Without the rollout's context it is the extrapolated leaf.
    leaf.turn = 60;
    assert_eq!(
        Leaf::Playouts(3).value(&g, &leaf, &leaf),
        Leaf::Extrapolated.value(&g, &leaf, &leaf)
    );
}
