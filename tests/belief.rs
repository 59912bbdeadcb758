//! The belief over the AIs' parameters: it concentrates near the truth on
//! recorded games, and stays finite and non-empty on degenerate turns.

use ahc061::engine::ai::AiParams;
use ahc061::engine::board::{MAX_PLAYERS, cell, coords};
use ahc061::engine::state::Game;
use ahc061::opponent::belief::{Belief, Observation};
use ahc061::policy::greedy;
use ahc061_sim::judge::{Judge, ToolInput};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

mod common;

fn case(name: &str) -> ToolInput {
    let path = format!("{}/tests/data/in/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    ToolInput::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Plays a whole game with the greedy bot, feeding the belief every turn.
fn learn(input: ToolInput) -> (ToolInput, Belief) {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut belief = Belief::new(input.game.m, 1000, &mut rng);
    let mut judge = Judge::new(input.clone());
    while !judge.finished() {
        let before = judge.state;
        let (x, y) = coords(greedy::choose(&judge.input.game, &before));
        let (feedback, _) = judge.play(x, y).unwrap();
        belief.observe(&judge.input.game, &before, &feedback.dest, &mut rng);
    }
    (input, belief)
}

fn ratios(p: &AiParams) -> [f64; 4] {
    [p.wb / p.wa, p.wc / p.wa, p.wd / p.wa, p.eps]
}

#[test]
fn the_posterior_mean_approaches_the_true_parameters() {
    // Over several recorded cases, the posterior mean of ε and of the most
    // often exercised ratio (wb/wa) must be far closer to the truth than the
    // prior mean is, on average.
    let mut posterior_error = [0.0; 4];
    let mut prior_error = [0.0; 4];
    let mut ais = 0.0;
    for name in ["0000", "0001", "0002", "0003", "0004", "0005"] {
        let (input, belief) = learn(case(name));
        for p in 1..input.game.m {
            let truth = ratios(&input.params[p]);
            let summary = belief.summary(p);
            let prior_mean = [1.1, 1.1, 1.1, 0.3];
            for k in 0..4 {
                posterior_error[k] += (summary.mean[k] - truth[k]).abs();
                prior_error[k] += (prior_mean[k] - truth[k]).abs();
                assert!(summary.mean[k].is_finite() && summary.spread[k].is_finite());
            }
            ais += 1.0;
        }
    }
    for k in [0, 3] {
        let (post, prior) = (posterior_error[k] / ais, prior_error[k] / ais);
        assert!(
            post < 0.6 * prior,
            "component {k}: posterior error {post:.3} vs prior {prior:.3}"
        );
    }
}

fn tiny_game(u: u8) -> Game {
    let mut start = [0; MAX_PLAYERS];
    start[0] = cell(0, 0);
    start[1] = cell(0, 1);
    Game {
        m: 2,
        turns: 100,
        u,
        value: [1000; 100],
        start,
    }
}

#[test]
fn degenerate_turns_keep_the_belief_finite_and_non_empty() {
    let game = tiny_game(1);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut belief = Belief::new(2, 200, &mut rng);
    // Player 1 boxed in a corner: at U = 1 its own cell is worth 0 and its
    // only other candidates are unowned; choosing its own cell over and over
    // is never greedy, so only ε explains it.
    let state = game.initial_state();
    let mut dest = [0; MAX_PLAYERS];
    dest[0] = cell(0, 0);
    dest[1] = cell(0, 1);
    for _ in 0..300 {
        belief.observe(&game, &state, &dest, &mut rng);
    }
    let summary = belief.summary(1);
    assert!(
        summary
            .mean
            .iter()
            .chain(&summary.spread)
            .all(|x| x.is_finite())
    );
    assert!(
        summary.mean[3] > 0.4,
        "ε must be pushed up, got {}",
        summary.mean[3]
    );
    for _ in 0..100 {
        let p = belief.sample(1, &mut rng);
        assert!((0.3..1.0).contains(&p.wa) && (0.1..0.5).contains(&p.eps));
    }
}

#[test]
fn the_likelihood_is_never_zero_and_splits_greedy_ties() {
    let game = tiny_game(3);
    let state = game.initial_state();
    // Player 1 at (0,1): candidates (0,1) own, (0,2) and (1,1) unowned; (0,0)
    // holds player 0's piece.
    let obs = Observation::new(&game, &state, 1, cell(0, 2));
    let prefers_unowned = AiParams {
        wa: 0.9,
        wb: 0.4,
        wc: 0.5,
        wd: 0.5,
        eps: 0.2,
    };
    let prefers_own = AiParams {
        wa: 0.4,
        wb: 0.9,
        wc: 0.5,
        wd: 0.5,
        eps: 0.2,
    };
    // Two tied unowned cells of equal value: 0.2/3 + 0.8/2.
    assert!((obs.likelihood(&prefers_unowned) - (0.2 / 3.0 + 0.8 / 2.0)).abs() < 1e-12);
    // A choice that cannot be greedy is still possible by a random move.
    assert!((obs.likelihood(&prefers_own) - 0.2 / 3.0).abs() < 1e-12);
}

/// The likelihood counts ties as the judge does, within 1e−9 · max(|a|, 1)
/// of the best value a (docs/RULES.md §4): a greedy choice is one of the
/// ties, each with probability 1/ties, any other cell none. AI 1 on (4,4),
/// its own cell at level 1 < U = 3, every value 500, ε = 0.2: five
/// candidates, (4,4) its own (worth 500·wb) and four unowned ones (500·wa).
/// With the two weights a relative 5e−10 apart (a gap of 1.25e−7 at a =
/// 250, the tolerance 2.5e−7) all five tie, and either kind of cell chosen
/// has 0.2/5 + 0.8/5 = 0.2; 2e−9 apart (5e−7), the smaller kind is no
/// greedy choice, only a random one: 0.2/5 = 0.04.
///
/// Mutations this catches: `ai::TIE_RELATIVE = 0.0` (the gaps of 5e−10 no
/// longer tie) and `= 1e-8` (the gaps of 2e−9 tie).
#[test]
fn the_likelihood_ties_values_within_the_tolerance_and_not_beyond_it() {
    let (game, state) = common::position(
        &[cell(9, 9), cell(4, 4)],
        &[(cell(9, 9), 0, 1), (cell(4, 4), 1, 1)],
        &[],
    );
    let params = |wa: f64, wb: f64| AiParams {
        wa,
        wb,
        wc: 0.1,
        wd: 0.1,
        eps: 0.2,
    };
    let own = Observation::new(&game, &state, 1, cell(4, 4));
    let unowned = Observation::new(&game, &state, 1, cell(4, 5));
    // Written out, not derived from `ai::TIE_RELATIVE`, which a mutation
    // would move them with.
    for (gap, expected) in [(5e-10, 0.2), (2e-9, 0.04)] {
        let below = 0.5 * (1.0 - gap);
        // The chosen cell's kind a hair below the other: own, then unowned.
        let cases = [
            ("own", own.likelihood(&params(0.5, below))),
            ("unowned", unowned.likelihood(&params(below, 0.5))),
        ];
        for (chosen, likelihood) in cases {
            assert!(
                (likelihood - expected).abs() < 1e-12,
                "gap {gap}, {chosen} cell chosen: {likelihood}, not {expected}"
            );
        }
    }
}
