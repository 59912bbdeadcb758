//! `belief_report [--dir DIR] [--particles PARTICLES]`: how close the bot's belief
//! gets to the AIs' true parameters (which tool input files hold). Plays
//! each case with the greedy bot, and at turns 10, 25, 50 and 100 reports
//! the mean absolute error of the posterior mean (wb/wa, wc/wa, wd/wa, ε)
//! and the share of AIs whose greedy choice on the current board the
//! posterior mean predicts exactly as the truth would.

use std::path::PathBuf;
use std::process::ExitCode;

use ahc061::engine::ai::{self, AiParams};
use ahc061::engine::board::coords;
use ahc061::opponent::belief::Belief;
use ahc061::policy::greedy;
use ahc061_sim::judge::{Judge, ToolInput};
use anyhow::{Context, Result, anyhow};
use clap::Parser;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

#[derive(Parser)]
#[command(about = "How close the bot's belief gets to the AIs' true parameters")]
struct Args {
    /// Plays the tool input files DIR/*.txt (which hold the true parameters).
    #[arg(long, value_name = "DIR", default_value = "tests/data/in")]
    dir: PathBuf,
    /// Particles per AI in the belief, 1 to 100000 as the bot's
    /// `belief.particles` (default: the bot's).
    #[arg(
        long,
        value_name = "PARTICLES",
        default_value_t = ahc061::agent::params::Params::default().particles,
        allow_negative_numbers = true,
        value_parser = ahc061_tools::cli::count::<usize>(1, 100_000)
    )]
    particles: usize,
}

const CHECKPOINTS: [usize; 4] = [10, 25, 50, 100];

/// Per checkpoint: summed absolute errors (4), predicted-choice hits, AIs.
type Tally = [([f64; 4], f64, f64); 4];

fn ratios(p: &AiParams) -> [f64; 4] {
    [p.wb / p.wa, p.wc / p.wa, p.wd / p.wa, p.eps]
}

fn run_case(input: ToolInput, particles: usize, tally: &mut Tally) {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut belief = Belief::new(input.game.m, particles, &mut rng);
    let mut judge = Judge::new(input);
    while !judge.finished() {
        let before = judge.state;
        let game = judge.input.game.clone();
        let (x, y) = coords(greedy::choose(&game, &before));
        let (feedback, _) = judge.play(x, y).expect("greedy plays legal moves");
        belief.observe(&game, &before, &feedback.dest, &mut rng);
        let Some(k) = CHECKPOINTS.iter().position(|&t| t == judge.turn()) else {
            continue;
        };
        for p in 1..game.m {
            let truth = judge.input.params[p];
            let mean = belief.summary(p).mean;
            let t = ratios(&truth);
            for c in 0..4 {
                tally[k].0[c] += (mean[c] - t[c]).abs();
            }
            let estimate = AiParams {
                wa: 1.0,
                wb: mean[0],
                wc: mean[1],
                wd: mean[2],
                eps: mean[3],
            };
            // Greedy choices (r1 = 1 never draws a random move; r2 = 0 the first tie).
            let predicted = ai::choose(&game, &judge.state, p, &estimate, 1.0, 0.0);
            let actual = ai::choose(&game, &judge.state, p, &truth, 1.0, 0.0);
            tally[k].1 += f64::from(predicted == actual);
            tally[k].2 += 1.0;
        }
    }
}

fn run(args: &Args) -> Result<()> {
    let files = ahc061_tools::eval::cases::input_files(&args.dir)?;
    let mut tally: Tally = [([0.0; 4], 0.0, 0.0); 4];
    for file in &files {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let input = ToolInput::parse(&text).map_err(|e| anyhow!("{}: {e}", file.display()))?;
        run_case(input, args.particles, &mut tally);
    }
    println!("turn\t|wb/wa err|\t|wc/wa err|\t|wd/wa err|\t|eps err|\tgreedy choice predicted");
    for (k, (err, hits, n)) in tally.iter().enumerate() {
        println!(
            "{}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.1}%",
            CHECKPOINTS[k],
            err[0] / n,
            err[1] / n,
            err[2] / n,
            err[3] / n,
            100.0 * hits / n
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    ahc061_tools::cli::finish("belief_report", run(&Args::parse()))
}
