//! `bench [--seconds SECONDS]`: the engine's speed, in full turns per second for
//! M = 2, 4 and 8, AI choices included (the judge's exact ε-greedy policy
//! with its BFS candidate list), player 0 moving to a random legal cell;
//! the planner's rollouts per second for M = 2, 3, 4, 5 and 8; and the
//! learned value's evaluations per second for M = 3, 5 and 8.

#![allow(clippy::needless_range_loop)]

use std::time::{Duration, Instant};

use ahc061::engine::ai;
use ahc061::engine::board::{Cell, MAX_PLAYERS, cells};
use ahc061::engine::rules;
use ahc061_sim::judge::ToolInput;
use ahc061_tools::r#gen::generate;
use clap::Parser;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[derive(Parser)]
#[command(about = "Engine speed: full turns per second for M = 2, 4, 8")]
struct Args {
    /// How long to run each M for.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", value_parser = ahc061_tools::cli::parse_seconds, default_value = "2")]
    seconds: Duration,
    /// Player 0's base policy in the planner's rollouts (hand or learned;
    /// default: the bot's).
    #[arg(long, value_name = "NAME", value_parser = ahc061_tools::cli::parse_base)]
    base: Option<String>,
}

/// Plays whole games on the given cases until `budget` is spent; returns
/// (turns played, time taken).
fn run(cases: &[ToolInput], budget: Duration) -> (u64, Duration) {
    // Player 0's moves: deterministic, so that runs compare.
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let start = Instant::now();
    let mut turns = 0u64;
    while start.elapsed() < budget {
        for case in cases {
            let game = &case.game;
            let mut state = game.initial_state();
            for t in 0..game.turns {
                let mut dest: [Cell; MAX_PLAYERS] = [0; MAX_PLAYERS];
                let legal = rules::legal_moves(&state, game.m, 0);
                let k = rng.random_range(0..legal.count_ones() as usize);
                dest[0] = cells(legal).nth(k).unwrap();
                for p in 1..game.m {
                    let (r1, r2) = case.r[t][p];
                    dest[p] = ai::choose(game, &state, p, &case.params[p], r1, r2);
                }
                rules::resolve(game, &mut state, &dest);
                turns += 1;
            }
            std::hint::black_box(&state);
        }
    }
    (turns, start.elapsed())
}

/// The planner's throughput from the position after 30 greedy turns of
/// each case: rollouts per second (each rollout simulates the planner's
/// horizon for M's configuration).
fn planner_rate(cases: &[ToolInput], budget: Duration, base: Option<&str>) -> (f64, usize) {
    use ahc061::opponent::belief::Belief;
    use ahc061::search::clock::Allowance;
    use ahc061::search::planner::Planner;
    let per_case = budget.div_f64(cases.len() as f64);
    let mut rollouts = 0u64;
    let mut took = Duration::ZERO;
    let mut horizon = 0;
    for case in cases {
        let mut judge = ahc061_sim::judge::Judge::new(case.clone());
        for _ in 0..30 {
            let (x, y) = ahc061::engine::board::coords(ahc061::policy::greedy::choose(
                &case.game,
                &judge.state,
            ));
            judge.play(x, y).expect("greedy is legal");
        }
        let belief = Belief::new(case.game.m, 1000, &mut Pcg64Mcg::seed_from_u64(1));
        let config = ahc061::agent::params::Params::default().planner(case.game.m);
        horizon = config.horizon;
        let base = match base {
            Some(name) => ahc061::policy::base::by_name(name).expect("checked by clap"),
            None => ahc061::policy::base::standard(),
        };
        let mut planner = Planner::new(config, base, 1);
        let start = Instant::now();
        let decision = planner.choose(
            &case.game,
            &judge.state,
            &belief,
            Allowance::Until(start + per_case),
        );
        took += start.elapsed();
        rollouts += decision.rollouts;
    }
    (rollouts as f64 / took.as_secs_f64(), horizon)
}

/// The learned value's cost (src/search/value.rs): evaluations per second
/// at the position after 30 greedy turns of each case, its root 6 turns
/// before (a 5-turn rollout's leaf), inputs included.
fn value_rate(cases: &[ToolInput], budget: Duration) -> f64 {
    use ahc061::search::value::ValueNet;
    let net = ValueNet::committed();
    let mut positions = Vec::new();
    for case in cases {
        let mut judge = ahc061_sim::judge::Judge::new(case.clone());
        let mut states = vec![judge.state];
        for _ in 0..30 {
            let (x, y) = ahc061::engine::board::coords(ahc061::policy::greedy::choose(
                &case.game,
                &judge.state,
            ));
            judge.play(x, y).expect("greedy is legal");
            states.push(judge.state);
        }
        positions.push((case, states[24], states[30]));
    }
    let start = Instant::now();
    let mut evaluations = 0u64;
    while start.elapsed() < budget {
        for (case, root, leaf) in &positions {
            std::hint::black_box(net.value(&case.game, &case.params, root, leaf));
            evaluations += 1;
        }
    }
    evaluations as f64 / start.elapsed().as_secs_f64()
}

/// Twenty generated cases with `m` players (seeds 0..20).
fn cases_with_players(m: usize) -> Vec<ToolInput> {
    (0..20)
        .map(|seed| ToolInput::parse(&generate(seed, Some(m), None).to_input_string()).unwrap())
        .collect()
}

fn main() {
    let args = Args::parse();
    let budget = args.seconds;
    println!("engine: full turns per second (player 0 random, AIs exact)");
    println!("M\tturns/s\tgames/s");
    for m in [2usize, 4, 8] {
        let cases = cases_with_players(m);
        let (turns, took) = run(&cases, budget);
        let per_second = turns as f64 / took.as_secs_f64();
        println!("{m}\t{per_second:.0}\t{:.0}", per_second / 100.0);
    }
    println!("planner: rollouts per second from turn 30");
    println!("M\thorizon\trollouts/s\tsimulated turns/s");
    for m in [2usize, 3, 4, 5, 8] {
        let cases = cases_with_players(m);
        let (rate, horizon) = planner_rate(&cases, budget, args.base.as_deref());
        // From turn 30 a rollout plays its first turn and the horizon, but
        // never past the game's last turn: at most 70 turns.
        let turns = (horizon + 1).min(70);
        println!("{m}\t{horizon}\t{rate:.0}\t{:.0}", rate * turns as f64);
    }
    println!("value: the learned leaf's evaluations per second from turn 30");
    println!("M\tevaluations/s\tns each");
    for m in [3usize, 5, 8] {
        let rate = value_rate(&cases_with_players(m), budget);
        println!("{m}\t{rate:.0}\t{:.0}", 1e9 / rate);
    }
}
