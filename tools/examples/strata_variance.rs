//! How much noise the race's stratified draws of the AIs' parameters
//! (`many.stratify`, `Strata` in src/search/planner.rs) take out of a
//! challenger's mean difference to the base move, measured on real
//! positions.
//!
//! Each case is played by the planner at a small fixed work with a belief
//! updated from the AIs' moves, as the bot's. At a few turns, each of the
//! top challengers of that turn's race is compared with the base move over
//! `ROLLOUTS` shared rollouts, `REPEATS` times with fresh draws: once with
//! the AIs' parameters drawn at random, once at the Halton quantiles. The
//! variance of the mean difference across the repeats, summed over
//! challengers, is printed for both, by turn.
//!
//! ```sh
//! cargo run --release -p ahc061-tools --example strata_variance -- runs/m3c 20
//! ```
use ahc061::belief::Belief;
use ahc061::board::coords;
use ahc061::clock::Allowance;
use ahc061::planner::{Draw, Strata, rollout_drawn};
use ahc061_sim::judge::{Judge, ToolInput};
use anyhow::{Context, Result, bail};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::process::ExitCode;

const TURNS: [usize; 4] = [10, 30, 50, 70];
const CHALLENGERS: usize = 3;
const ROLLOUTS: usize = 100;
const REPEATS: usize = 40;

fn main() -> ExitCode {
    ahc061_tools::cli::finish("strata_variance", run())
}

fn run() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        bail!("usage: strata_variance CASES_DIR COUNT");
    }
    let count: usize = args[2].parse().context("COUNT: a whole number")?;
    let mut paths: Vec<_> = std::fs::read_dir(&args[1])?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    // Per turn: Σ variance at random, Σ variance stratified.
    let mut sums = [[0.0f64; 2]; TURNS.len()];
    for path in paths.iter().take(count) {
        let text = std::fs::read_to_string(path)?;
        let input = ToolInput::parse(&text).map_err(|e| anyhow::anyhow!("{e}"))?;
        measure_case(&input, &mut sums);
    }
    println!("turn\tvariance at random\tstratified\tratio");
    for (t, [random, strat]) in TURNS.iter().zip(sums) {
        println!("{t}\t{random:.3e}\t{strat:.3e}\t{:.3}", strat / random);
    }
    Ok(())
}

fn measure_case(input: &ToolInput, sums: &mut [[f64; 2]; TURNS.len()]) {
    let game = input.game.clone();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut belief = Belief::new(game.m, 1000, &mut rng);
    let config = ahc061::params::Params::default().planner(game.m);
    let mut planner = ahc061::planner::Planner::new(config, ahc061::base::standard(), 2);
    let mut judge = Judge::new(input.clone());
    while !judge.finished() {
        let state = judge.state;
        let decision = planner.choose(&game, &state, &belief, Allowance::Turns(2000));
        if let Some(i) = TURNS.iter().position(|&t| t == state.turn) {
            let base = decision.candidates[0].cell;
            for cand in decision.candidates.iter().skip(1).take(CHALLENGERS) {
                let spread = |stratified: bool, rng: &mut Pcg64Mcg| {
                    let means: Vec<f64> = (0..REPEATS)
                        .map(|_| {
                            let mut strata = Strata::new(game.m, rng);
                            let total: f64 = (0..ROLLOUTS)
                                .map(|_| {
                                    let draw = Draw {
                                        seed: rng.random(),
                                        quantiles: stratified.then(|| strata.draw()),
                                    };
                                    let value = |first| {
                                        rollout_drawn(
                                            &game,
                                            &state,
                                            &belief,
                                            &*planner.base,
                                            first,
                                            draw,
                                            &config,
                                        )
                                    };
                                    value(cand.cell) - value(base)
                                })
                                .sum();
                            total / ROLLOUTS as f64
                        })
                        .collect();
                    variance(&means)
                };
                sums[i][0] += spread(false, &mut rng);
                sums[i][1] += spread(true, &mut rng);
            }
        }
        let (x, y) = coords(decision.cell);
        let Ok((feedback, _)) = judge.play(x, y) else {
            break;
        };
        belief.observe(&game, &state, &feedback.dest, &mut rng);
    }
}

fn variance(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
}
