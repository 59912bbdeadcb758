//! `selfplay [--dir DIR] [--budget S | --fixed-work N] [--policy planner|base|greedy] [--shard K/N] [-j N]`:
//! plays the bot's policy in-process against the local judge on every input
//! of DIR, without pipes or a child process: the quick strength check used
//! for tuning (the tester and eval run the real binary). Any tuned number
//! can be overridden with `--set KEY=VALUE` (src/agent/params.rs); `--details`
//! prints each game's final scores, cells and wasted moves on stderr;
//! `--moves DIR` writes each game's move list for `profile`.
//! Prints one row per case (case, M, score, seconds), then the mean by M.

use std::path::{Path, PathBuf};
use std::time::Instant;

use ahc061::agent::params::Params;
use ahc061::agent::{FullBot, Greedy, Policy};
use ahc061::engine::board::coords;
use ahc061::judge::mirror::Mirror;
use ahc061::policy::learned::Table;
use ahc061::search::clock::Clock;
use ahc061_sim::judge::{Judge, ToolInput};
use anyhow::{Context, Result, anyhow};
use clap::Parser;
use rayon::prelude::*;

use crate::eval::games::{moves_path, prepare_moves_dir, write_moves};
use crate::eval::rows::{Row, write_rows};
use crate::value::data::{LeafSampling, Record, Writer, game_records, leaf_records};
use details::{Parryable, TurnEffect};

mod details;

/// The most rollouts or simulated turns a turn may be given: far past any
/// useful amount, and small enough that a game's pool of turns
/// (`Clock::pooled_turns`, 100 turns) cannot overflow.
const MAX_WORK: u64 = 1_000_000_000;

#[derive(Parser)]
#[command(about = "In-process self-play of the bot's policy over a folder of cases")]
pub struct Args {
    /// Plays the tool input files DIR/*.txt, in name order.
    #[arg(long, value_name = "DIR", default_value = "tests/data/in")]
    dir: PathBuf,
    /// Total seconds per game (the bot's clock), in (0, 60] as the bot's own `--budget`.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = crate::cli::parse_budget, default_value_t = 1.8)]
    budget: f64,
    /// Rollouts per turn instead of the clock (0: the planner's base move).
    #[arg(long, value_name = "ROLLOUTS", conflicts_with = "fixed_turns", allow_negative_numbers = true, value_parser = crate::cli::count::<u64>(0, MAX_WORK))]
    fixed_work: Option<u64>,
    /// Simulated turns per turn instead of the clock: a fixed amount of work
    /// that, as time does, buys more rollouts when they are shorter (a
    /// shorter horizon, a later turn).
    #[arg(long, value_name = "TURNS", conflicts_with = "pooled_turns", allow_negative_numbers = true, value_parser = crate::cli::count::<u64>(0, MAX_WORK))]
    fixed_turns: Option<u64>,
    /// Simulated turns for the whole game, TURNS for each of its turns,
    /// spread by the clock's schedule as the time budget is: what a turn
    /// leaves unused goes to the turns after it.
    #[arg(long, value_name = "TURNS", conflicts_with = "fixed_work", allow_negative_numbers = true, value_parser = crate::cli::count::<u64>(0, MAX_WORK))]
    pooled_turns: Option<u64>,
    /// planner, base (the planner's base move alone: no rollouts) or greedy.
    #[arg(long, default_value = "planner", value_parser = ["planner", "base", "greedy"])]
    policy: String,
    #[command(flatten)]
    jobs: crate::cli::Jobs,
    /// Plays only the K-th of N disjoint slices of the cases (1 <= K <= N):
    /// the files at places n (in name order, from 0) with n mod N = K - 1.
    /// A game plays as it would in the whole run; `eval --dir DIR --merge`
    /// puts the slices' `-o` rows together.
    #[arg(long, value_name = "K/N", value_parser = crate::shard::parse_shard)]
    shard: Option<crate::shard::Shard>,
    /// The bot's seed (default: the binary's, as oracle's and play's).
    #[arg(long, value_name = "SEED", default_value_t = ahc061::agent::options::DEFAULT_SEED)]
    seed: u64,
    /// Overrides one of the bot's tuned numbers, as the bot's own `--set`
    /// (repeatable; `ahc061 --help` lists the keys), e.g.
    /// `--set many.switch_z=1.5`.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    set: Vec<String>,
    /// Player 0's base policy: hand or learned (default: the bot's standard one).
    #[arg(long, value_parser = crate::cli::parse_base)]
    base: Option<String>,
    /// The learned base's weights from FILE (as `train -o` writes them)
    /// instead of the committed ones; implies `--base learned`.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Player 0's policy in the rollouts after the first move at M ≥ 3: the
    /// linear policy with the weights in FILE (as `train -o` writes them);
    /// the base (`--weights` or the committed one) still ranks the
    /// candidates and gives the move to beat.
    #[arg(long, value_name = "FILE")]
    continuation_weights: Option<PathBuf>,
    /// Writes one row per case as `eval --out` does (TSV), for
    /// `eval --rows FILE --compare OTHER`.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Per-game details on stderr.
    #[arg(long)]
    details: bool,
    /// Writes each game's move list to DIR/NAME.out.txt (one `x y` line a
    /// turn, as the tester's stdout), for `profile` (created if missing).
    #[arg(long, value_name = "DIR")]
    moves: Option<PathBuf>,
    /// Writes positions of the games of three players or more, each with
    /// its game's final objective, to FILE: the learned value's training
    /// data (tools/src/value/data.rs), for `train value`.
    #[arg(long, value_name = "FILE")]
    positions: Option<PathBuf>,
    /// With `--positions`: one position every N turns.
    #[arg(long, value_name = "N", default_value_t = 2, allow_negative_numbers = true,
        value_parser = crate::cli::count::<u64>(1, 99))]
    positions_every: u64,
    /// With `--positions`: instead of the game's own positions, the leaves
    /// of rollouts from them, every `--leaf-arms` candidate's on
    /// `--leaf-seeds` shared seeds, each labelled by `--leaf-playouts`
    /// playouts to the end (tools/src/value/data.rs, `leaf_records`).
    #[arg(long, requires = "positions")]
    leaves: bool,
    /// With `--leaves`: the base's best first moves a root.
    #[arg(long, value_name = "N", default_value_t = 6, allow_negative_numbers = true,
        value_parser = crate::cli::count::<u64>(2, 40))]
    leaf_arms: u64,
    /// With `--leaves`: the seeds a root, each a group of leaves.
    #[arg(long, value_name = "N", default_value_t = 2, allow_negative_numbers = true,
        value_parser = crate::cli::count::<u64>(1, 16))]
    leaf_seeds: u64,
    /// With `--leaves`: the playouts to the end behind a leaf's label.
    #[arg(long, value_name = "N", default_value_t = 8, allow_negative_numbers = true,
        value_parser = crate::cli::count::<u64>(1, 256))]
    leaf_playouts: u64,
    /// With `--leaves`: the rollouts' horizons are drawn from 1 to N.
    #[arg(long, value_name = "N", default_value_t = 20, allow_negative_numbers = true,
        value_parser = crate::cli::count::<u64>(1, 20))]
    leaf_max_horizon: u64,
    /// With `--leaves`: mixed into the labels' playout seeds alone, so that
    /// two runs label the same leaves independently (the labels' noise).
    #[arg(long, value_name = "N", default_value_t = 0)]
    leaf_label_seed: u64,
}

/// `weights` are `--weights`'s and `--continuation-weights`' tables, read
/// before any game starts.
fn policy(args: &Args, weights: Tables, mirror: &Mirror, start: Instant) -> Box<dyn Policy> {
    match args.policy.as_str() {
        "greedy" => Box::new(Greedy),
        _ => {
            let params = Params::default()
                .with_overrides(args.set.iter().map(String::as_str))
                .expect("checked by clap");
            let work = if args.policy == "base" {
                Some(0)
            } else {
                args.fixed_work
            };
            let clock = match (args.fixed_turns, args.pooled_turns) {
                _ if args.policy == "base" => Clock::new(start, args.budget, work),
                (Some(turns), _) => Clock::fixed_turns(start, turns),
                (_, Some(turns)) => Clock::pooled_turns(start, turns, mirror.game.turns),
                _ => Clock::new(start, args.budget, work),
            };
            let base: Box<dyn ahc061::policy::base::BasePolicy> = match weights.base {
                Some(table) => Box::new(ahc061::policy::base::Linear { table }),
                None => match &args.base {
                    Some(name) => ahc061::policy::base::by_name(name).expect("checked by clap"),
                    None => ahc061::policy::base::standard(),
                },
            };
            let bot = FullBot::with_params(mirror, args.seed, clock, &params, base);
            match weights.continuation {
                Some(table) if mirror.game.m >= 3 => Box::new(
                    bot.with_continuation(Box::new(ahc061::policy::base::Linear { table })),
                ),
                _ => Box::new(bot),
            }
        }
    }
}

/// The tables of `--weights` and `--continuation-weights`, if given.
#[derive(Clone, Copy)]
struct Tables {
    base: Option<Table>,
    continuation: Option<Table>,
}

/// The table in `path`, if given.
fn read_weights(path: Option<&PathBuf>) -> Result<Option<Table>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let table = crate::train::parse_table(&text)
        .with_context(|| format!("{}: not a table of weights", path.display()))?;
    Ok(Some(table))
}

/// The cases of `dir`, each read and parsed before any game starts.
pub fn read_cases(dir: &Path) -> Result<Vec<(PathBuf, ToolInput)>> {
    let files = crate::eval::cases::input_files(dir)?;
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let input = ToolInput::parse(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
            Ok((path, input))
        })
        .collect()
}

/// One `--set` pair, checked before any game starts.
fn parse_override(pair: &str) -> Result<String, String> {
    Params::default().with_overrides([pair])?;
    Ok(pair.to_string())
}

/// A game's result: M, the score, the seconds it took and, with
/// `--positions`, its positions.
type Played = (usize, i64, f64, Vec<Record>);

fn play(
    path: &Path,
    input: &ToolInput,
    args: &Args,
    weights: Tables,
    index: usize,
) -> Result<Played> {
    let start = Instant::now();
    let mut judge = Judge::new(input.clone());
    let m = judge.input.game.m;
    let mut mirror = Mirror::new(judge.input.game.clone());
    let mut policy = policy(args, weights, &mirror, start);
    let mut wasted = 0;
    let mut lost = 0i64;
    let mut idle = 0;
    let mut captured = 0i64;
    let mut parryable = Parryable::default();
    let mut moves = Vec::with_capacity(judge.input.game.turns);
    let mut states = vec![judge.state];
    while !judge.finished() {
        let (x, y) = coords(policy.choose(&mirror));
        moves.push(format!("{x} {y}"));
        let (feedback, outcome) = judge.play(x, y).expect("the policy played an illegal move");
        wasted += (outcome.returned() & 1) as usize;
        let before = mirror.state;
        mirror.apply(&feedback);
        if args.details {
            let turn = TurnEffect::of(&mirror.game, &before, &mirror.state);
            lost += turn.lost;
            captured += turn.captured;
            if !turn.gained && (outcome.returned() & 1) == 0 {
                idle += 1;
            }
            parryable.add(&judge.input, &before, &mirror.state, &feedback);
        }
        policy.observe(&mirror, &before, &feedback);
        if args.positions.is_some() {
            states.push(judge.state);
        }
    }
    let records = match args.positions {
        Some(_) if m >= 3 => {
            let every = args.positions_every as usize;
            let game = &judge.input.game;
            let params = &judge.input.params;
            if args.leaves {
                let sampling = LeafSampling {
                    every,
                    arms: args.leaf_arms as usize,
                    seeds: args.leaf_seeds as usize,
                    playouts: args.leaf_playouts as usize,
                    max_horizon: args.leaf_max_horizon as usize,
                    label_seed: args.leaf_label_seed,
                };
                // 4 096 groups a game: at most 99 roots of 16 seeds.
                let first_group = (index as u32).wrapping_mul(4096);
                leaf_records(game, params, &states, sampling, index as u64, first_group)
            } else {
                game_records(game, params, &states, every, index as u64)
            }
        }
        _ => Vec::new(),
    };
    if let Some(dir) = &args.moves {
        let name = path.file_stem().unwrap_or_default().to_string_lossy();
        write_moves(&moves_path(dir, &name), &moves)?;
    }
    if args.details {
        let st = &judge.state;
        eprintln!(
            "{}: M={m} S0={} SA={} cells0={} wasted={wasted} idle={idle} lost={lost} captured={captured} parryable={} parryable_greedy={} score={}",
            path.display(),
            st.score[0],
            st.best_ai_score(m),
            st.owned[0].count_ones(),
            parryable.lost,
            parryable.lost_to_greedy,
            judge.score()
        );
    }
    Ok((m, judge.score(), start.elapsed().as_secs_f64(), records))
}

/// Plays every case of `args.dir` and prints (and with `-o`, writes) the rows.
pub fn run(args: &Args) -> Result<()> {
    // Each case keeps its place in the whole run, which seeds its positions'
    // data: a slice's games and records are the whole run's.
    let numbered: Vec<(usize, (PathBuf, ToolInput))> =
        read_cases(&args.dir)?.into_iter().enumerate().collect();
    let cases = crate::shard::select(args.shard, numbered, |place, _| place as u64);
    let weights = Tables {
        base: read_weights(args.weights.as_ref())?,
        continuation: read_weights(args.continuation_weights.as_ref())?,
    };
    if let Some(dir) = &args.moves {
        prepare_moves_dir(dir)?;
    }
    // A typo in where the rows go should not cost the run (as eval checks).
    if let Some(path) = &args.out {
        crate::eval::rows::check_writable(path)?;
    }
    // Created before the first game, so that a bad path fails at once.
    let mut positions = args.positions.as_deref().map(Writer::create).transpose()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.get())
        .build()
        .context("cannot start the worker threads")?;
    let results: Vec<Played> = pool.install(|| {
        cases
            .par_iter()
            .map(|(index, (path, input))| play(path, input, args, weights, *index))
            .collect::<Result<_>>()
    })?;
    if let Some(mut writer) = positions.take() {
        for record in results.iter().flat_map(|r| &r.3) {
            writer.write(record)?;
        }
        writer.finish()?;
    }
    let files: Vec<&PathBuf> = cases.iter().map(|(_, (path, _))| path).collect();
    for (f, r) in files.iter().zip(&results) {
        let name = f.file_stem().unwrap_or_default().to_string_lossy();
        println!("{name}\t{}\t{}\t{:.3}", r.0, r.1, r.2);
    }
    let n = results.len() as f64;
    let mean = results.iter().map(|r| r.1 as f64).sum::<f64>() / n;
    let max_time = results.iter().map(|r| r.2).fold(0.0, f64::max);
    if let Some(path) = &args.out {
        let rows: Vec<Row> = files
            .iter()
            .zip(&results)
            .map(|(f, r)| Row {
                case: f
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                seed: None,
                m: r.0,
                u: 0,
                score: r.1,
                wall_s: r.2,
                error: None,
                stderr_tail: None,
            })
            .collect();
        write_rows(path, &rows)?;
    }
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
    Ok(())
}
