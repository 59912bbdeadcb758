//! `selfplay [--dir DIR] [--budget S | --fixed-work N] [--policy planner|greedy] [-j N]`:
//! plays the bot's policy in-process against the local judge on every input
//! of DIR, without pipes or a child process: a quick strength check while
//! developing (the tester and eval run the real binary).

use std::path::PathBuf;
use std::time::Instant;

use ahc061::agent::{Greedy, Planned, Policy};
use ahc061::board::coords;
use ahc061::clock::Clock;
use ahc061::judge::{Judge, ToolInput};
use ahc061::mirror::Mirror;
use clap::Parser;
use rayon::prelude::*;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "tests/data/in")]
    dir: PathBuf,
    #[arg(long, default_value_t = 1.8)]
    budget: f64,
    #[arg(long)]
    fixed_work: Option<u64>,
    #[arg(long, default_value = "planner")]
    policy: String,
    #[arg(short, default_value_t = 2)]
    j: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The planner's base policy on its own.
struct Base;

impl Policy for Base {
    fn choose(&mut self, mirror: &Mirror) -> ahc061::board::Cell {
        let (game, state) = (&mirror.game, &mirror.state);
        let contested = (1..game.m)
            .map(|p| ahc061::rules::legal_moves(state, game.m, p))
            .fold(0, |a, b| a | b);
        ahc061::duel::choose(game, state, contested)
    }
}

fn play(input: ToolInput, args: &Args) -> (usize, i64, f64) {
    let start = Instant::now();
    let m = input.game.m;
    let mut judge = Judge::new(input);
    let mut mirror = Mirror::new(judge.input.game.clone());
    let mut policy: Box<dyn Policy> = if args.policy == "greedy" {
        Box::new(Greedy)
    } else if args.policy == "base" {
        Box::new(Base)
    } else {
        let mut config = ahc061::planner::Config::for_players(m);
        let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<f64>().ok());
        if let Some(h) = env("AHC_H") {
            config.horizon = h as usize;
        }
        if let Some(z) = env("AHC_Z") {
            config.switch_z = z;
        }
        if let Some(k) = env("AHC_K") {
            config.max_candidates = k as usize;
        }
        let clock = Clock::new(start, args.budget, args.fixed_work);
        Box::new(Planned::with_config(&mirror, args.seed, clock, config))
    };
    let mut wasted = 0;
    let mut lost = 0u32;
    while !judge.finished() {
        let (x, y) = coords(policy.choose(&mirror));
        let s0 = judge.state.score[0];
        let (feedback, outcome) = judge.play(x, y).expect("the policy played an illegal move");
        wasted += (outcome.returned() & 1) as usize;
        let gained = judge.state.score[0] as i64 - s0 as i64;
        if gained < 0 {
            lost += (-gained) as u32;
        }
        let before = mirror.state;
        mirror.apply(&feedback);
        policy.observe(&mirror, &before, &feedback);
    }
    if std::env::var("AHC_DIAG").is_ok() {
        let st = &judge.state;
        eprintln!(
            "M={m} S0={} SA={} cells0={} wasted={wasted} lost~{lost} score={}",
            st.score[0],
            st.best_ai_score(m),
            st.owned[0].count_ones(),
            judge.score()
        );
    }
    (m, judge.score(), start.elapsed().as_secs_f64())
}

fn main() {
    let args = Args::parse();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&args.dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.j)
        .build_global()
        .unwrap();
    let results: Vec<(usize, i64, f64)> = files
        .par_iter()
        .map(|f| {
            play(
                ToolInput::parse(&std::fs::read_to_string(f).unwrap()).unwrap(),
                &args,
            )
        })
        .collect();
    for (f, r) in files.iter().zip(&results) {
        println!(
            "{}\t{}\t{}\t{:.3}",
            f.file_stem().unwrap().to_string_lossy(),
            r.0,
            r.1,
            r.2
        );
    }
    let n = results.len() as f64;
    let mean = results.iter().map(|r| r.1 as f64).sum::<f64>() / n;
    let max_time = results.iter().map(|r| r.2).fold(0.0, f64::max);
    eprintln!("cases {n} mean {mean:.0} max_time {max_time:.3}");
    for m in 2..=8 {
        let s: Vec<f64> = results
            .iter()
            .filter(|r| r.0 == m)
            .map(|r| r.1 as f64)
            .collect();
        if !s.is_empty() {
            eprintln!(
                "M={m}: {:.0} ({} cases)",
                s.iter().sum::<f64>() / s.len() as f64,
                s.len()
            );
        }
    }
}
