//! The `train` command (tools/src/bin/train.rs is its front): its arguments
//! and its two ways, `search` (CMA-ES) and `imitate` (expert iteration).

use std::path::{Path, PathBuf};
use std::time::Instant;

use ahc061::agent::options::{Low, number_in};
use ahc061::policy::learned::{self, CLASSES, HAND_TUNED, Table, Weights};
use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};
use cmaes::{CMAES, CMAESOptions, DVector, Mode, ParallelObjectiveFunction};
use rayon::prelude::*;

use crate::train::{self, improve};

#[derive(Parser)]
#[command(about = "Learns the base policy's weights (src/policy/learned_weights.rs)")]
pub struct Cli {
    #[command(subcommand)]
    how: How,
}

#[derive(Subcommand)]
enum How {
    /// CMA-ES on base-only self-play.
    Search(Search),
    /// One round of expert iteration: fit the planner's moves.
    Imitate(Imitate),
    /// Policy improvement: CMA-ES on the rollouts' values of every legal
    /// move along the planner's games (tools/src/train/improve.rs).
    Improve(Improve),
    /// The learned value of the planner's leaf (src/search/value.rs),
    /// fitted to positions that `selfplay --positions` wrote.
    Value(Value),
    /// How well each leaf predicts a game's result, turn by turn (the
    /// learned value's Gate 1).
    ValueAccuracy(ValueAccuracy),
}

#[derive(Args)]
struct Value {
    /// Positions to train on (`selfplay --positions`), one file or more.
    #[arg(long, value_name = "FILE", required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Held-out positions, from other games, to check the fit on.
    #[arg(long, value_name = "FILE", required = true, num_args = 1..)]
    holdout: Vec<PathBuf>,
    /// The hidden layers' widths, comma-separated (each 1 to 64).
    #[arg(
        long,
        value_name = "W,W",
        default_value = "32,32",
        value_delimiter = ','
    )]
    hidden: Vec<usize>,
    /// Passes over the training positions.
    #[arg(long, value_name = "N", default_value_t = 20, allow_negative_numbers = true,
        value_parser = crate::cli::count::<u64>(1, 10_000))]
    epochs: u64,
    /// Positions a minibatch.
    #[arg(long, value_name = "N", default_value_t = 256, allow_negative_numbers = true,
        value_parser = crate::cli::count::<u64>(1, 1_000_000))]
    batch: u64,
    /// AdamW's learning rate, in (0, 1].
    #[arg(long, value_name = "RATE", default_value_t = 1e-3, allow_negative_numbers = true,
        value_parser = learning_rate)]
    lr: f64,
    /// AdamW's weight decay, in [0, 1].
    #[arg(long, value_name = "RATE", default_value_t = 1e-4, allow_negative_numbers = true,
        value_parser = weight_decay)]
    weight_decay: f64,
    /// The learning rate falls from `--lr` to 0 along a half cosine over
    /// the run (else it stays at `--lr`).
    #[arg(long)]
    cosine: bool,
    /// Seed of the initial weights and the minibatches' order.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// The weight of the error on the differences within each group of
    /// leaves (`selfplay --leaves`) in the loss, beside the plain squared
    /// error (0: the plain error alone).
    #[arg(long, value_name = "W", default_value_t = 0.0, allow_negative_numbers = true,
        value_parser = weight)]
    paired: f64,
    /// The held-out leaves labelled again by independent playouts
    /// (`selfplay --leaves --leaf-label-seed`): the report then gives the
    /// labels' noise.
    #[arg(long, value_name = "FILE")]
    holdout_relabelled: Option<PathBuf>,
    /// Writes the bot's weights as Rust source to FILE
    /// (src/search/value_weights.rs).
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Writes the float weights as JSON to FILE (for `value-accuracy
    /// --network` and the parity test).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

#[derive(Args)]
struct ValueAccuracy {
    /// The cases the bot plays (those of three players or more).
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
    /// Rollouts a turn for the bot.
    #[arg(long, value_name = "N", default_value_t = 100)]
    fixed_work: u64,
    /// The turns at which every predictor is asked, comma-separated.
    #[arg(
        long,
        value_name = "T,T",
        default_value = "10,30,50,70,90",
        value_delimiter = ','
    )]
    turns: Vec<usize>,
    /// Rollouts behind each rollout predictor's mean.
    #[arg(long, value_name = "N", default_value_t = 8)]
    rollouts: usize,
    /// Rollouts to the end behind the playouts' mean.
    #[arg(long, value_name = "N", default_value_t = 8)]
    playouts: usize,
    /// The value's float weights (`value --json`) instead of the bot's.
    #[arg(long, value_name = "FILE")]
    network: Option<PathBuf>,
    /// The bot's seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

/// What both ways share.
#[derive(Args)]
struct Common {
    /// Seeds of the held-out cases, never trained on (M = 2 skipped).
    #[arg(long, value_name = "A..B", default_value = "200000..200700")]
    holdout: String,
    /// Start from the hand-tuned weights instead of the committed ones.
    #[arg(long)]
    from_hand: bool,
    /// Start from the weights in FILE (as `-o` writes them).
    #[arg(long, value_name = "FILE", conflicts_with = "from_hand")]
    from: Option<PathBuf>,
    /// Trains the weights of one class of game size only: 0 (M = 3–4),
    /// 1 (M = 5–6) or 2 (M = 7–8); the other classes are kept from the
    /// start. Without it, one vector for every M ≥ 3.
    #[arg(long, value_name = "CLASS", allow_negative_numbers = true,
        value_parser = clap::value_parser!(u8).range(0..3))]
    class: Option<u8>,
    /// Seed of the run's random numbers.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Writes the weights as Rust source to FILE (e.g. src/policy/learned_weights.rs).
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Args)]
struct Search {
    #[command(flatten)]
    common: Common,
    /// Seeds of the training cases (M = 2 skipped: the duel plan plays them).
    #[arg(long, value_name = "A..B", default_value = "100000..101500")]
    train: String,
    /// Generations of CMA-ES (1 to 100 000).
    #[arg(long, value_name = "N", default_value_t = 60, allow_negative_numbers = true, value_parser = crate::cli::count::<usize>(1, 100_000))]
    generations: usize,
    /// Candidates per generation, 2 to 10 000 (default: CMA-ES's own, 4 + 3 ln n).
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = crate::cli::count::<usize>(2, 10_000))]
    population: Option<usize>,
    /// Initial step size on the weights, in (0, 100].
    #[arg(long, value_name = "SIGMA", default_value_t = 0.2, allow_negative_numbers = true, value_parser = sigma)]
    sigma: f64,
    /// Evaluates the search's mean on the held-out cases every N generations.
    #[arg(long, value_name = "N", default_value_t = 10, allow_negative_numbers = true,
          value_parser = crate::cli::count::<usize>(1, 10_000))]
    holdout_every: usize,
}

#[derive(Args)]
struct Imitate {
    #[command(flatten)]
    common: Common,
    /// Seeds of the games the planner plays (M = 2 skipped).
    #[arg(long, value_name = "A..B", default_value = "300000..300300")]
    games: String,
    /// Rollouts a turn for the planner.
    #[arg(long, value_name = "N", default_value_t = 200)]
    work: u64,
    /// Adam steps of the fit.
    #[arg(long, value_name = "N", default_value_t = 300)]
    steps: usize,
    /// Adam's step size.
    #[arg(long, value_name = "RATE", default_value_t = 0.02)]
    rate: f64,
}

#[derive(Args)]
struct Improve {
    #[command(flatten)]
    common: Common,
    /// Seeds of the games the planner plays (M = 2 skipped).
    #[arg(long, value_name = "A..B", default_value = "400000..400600")]
    games: String,
    /// Simulated turns a turn for the planner that moves the games on.
    #[arg(long, value_name = "N", default_value_t = 5000)]
    turns: u64,
    /// Rollouts on which every legal move of a position is valued.
    #[arg(long, value_name = "N", default_value_t = 16)]
    rollouts: usize,
    /// Writes the valued positions to FILE (JSON, one game a line).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Reads the valued positions from FILE (as `--save` wrote them)
    /// instead of playing games.
    #[arg(long, value_name = "FILE", conflicts_with = "save")]
    load: Option<PathBuf>,
    /// Every Nth game is held out of the fit, to check it.
    #[arg(long, value_name = "N", default_value_t = 4)]
    holdout_every_game: usize,
    /// Generations of CMA-ES (1 to 100 000).
    #[arg(long, value_name = "N", default_value_t = 300, allow_negative_numbers = true, value_parser = crate::cli::count::<usize>(1, 100_000))]
    generations: usize,
    /// Initial step size on the weights, in (0, 100].
    #[arg(long, value_name = "SIGMA", default_value_t = 0.1, allow_negative_numbers = true, value_parser = sigma)]
    sigma: f64,
    /// What the search maximises on the positions.
    #[arg(long, value_enum, default_value_t = improve::Objective::Improvement)]
    objective: improve::Objective,
}

/// Runs the way the command line chose.
pub fn run(cli: Cli) -> Result<()> {
    match cli.how {
        How::Search(args) => search(args),
        How::Imitate(args) => imitate(args),
        How::Improve(args) => improve(args),
        How::Value(args) => value(args),
        How::ValueAccuracy(args) => value_accuracy(args),
    }
}

fn read_positions(files: &[PathBuf]) -> Result<Vec<crate::value::data::Record>> {
    let mut records = Vec::new();
    for file in files {
        records.extend(crate::value::data::read(file)?);
    }
    Ok(records)
}

/// Where the value's inputs hold the objective at the leaf.
const OBJECTIVE_NOW: usize = ahc061::search::value::OBJECTIVE_NOW;

/// The held-out paired errors (within groups of leaves) of the value, the
/// extrapolation, the objective at the leaf and of no difference at all
/// (the labels' own spread in a group), by the leaf's turn, in score
/// points. With `relabelled` (the same leaves labelled by independent
/// playouts), also the labels' noise: the paired error of one labelling
/// predicting the other, over √2, the least error any value can show
/// against these labels.
fn paired_table(
    holdout: &[crate::value::data::Record],
    relabelled: Option<&[crate::value::data::Record]>,
    network: &crate::value::model::Network,
) -> String {
    use crate::value::data::paired_error;
    let mut s = String::from(
        "held out, paired within groups (RMSE, score points):\n| leaf turns | leaves | value | extrapolation | objective now | no difference | labels' noise |\n| --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for (lo, hi) in [(0, 100), (0, 20), (20, 40), (40, 60), (60, 80), (80, 100)] {
        // Groups share one leaf turn, so a filter keeps groups whole.
        let within = |r: &&crate::value::data::Record| (lo..hi).contains(&r.turn);
        let part: Vec<_> = holdout.iter().filter(within).cloned().collect();
        let (value, n) = paired_error(&part, |r| network.predict(&r.x, r.extrapolated) as f64);
        let (extrapolation, _) = paired_error(&part, |r| r.extrapolated as f64);
        let (now, _) = paired_error(&part, |r| r.x[OBJECTIVE_NOW] as f64);
        let (none, _) = paired_error(&part, |_| 0.0);
        let noise = relabelled.map(|again| {
            // Each record predicted by its other label (in `extrapolated`).
            let mut other = part.clone();
            for (r, b) in other.iter_mut().zip(again.iter().filter(within)) {
                r.extrapolated = b.outcome;
            }
            let (error, _) = paired_error(&other, |r| r.extrapolated as f64);
            format!("{:.0}", 1e5 * error / 2f64.sqrt())
        });
        s.push_str(&format!(
            "| {lo}–{hi} | {n} | {:.0} | {:.0} | {:.0} | {:.0} | {} |\n",
            1e5 * value,
            1e5 * extrapolation,
            1e5 * now,
            1e5 * none,
            noise.unwrap_or_else(|| "–".into())
        ));
    }
    s
}

fn value(args: Value) -> Result<()> {
    use crate::value::model;
    let train = read_positions(&args.data)?;
    let holdout = read_positions(&args.holdout)?;
    eprintln!(
        "{} training positions, {} held out; extrapolation alone: MSE {:.5} / {:.5}",
        train.len(),
        holdout.len(),
        model::extrapolation_error(&train),
        model::extrapolation_error(&holdout)
    );
    let options = model::Options {
        hidden: args.hidden.clone(),
        epochs: args.epochs as usize,
        batch: args.batch as usize,
        lr: args.lr,
        weight_decay: args.weight_decay,
        seed: args.seed,
        paired: args.paired,
        cosine: args.cosine,
    };
    let start = Instant::now();
    let (network, _) = model::fit(&train, &holdout, &options, |epoch, e| {
        eprintln!(
            "epoch {epoch}: MSE train {:.5}, held out {:.5} ({:.0} s)",
            e.train,
            e.holdout,
            start.elapsed().as_secs_f64()
        );
    })?;
    let relabelled = match &args.holdout_relabelled {
        Some(path) => {
            let again = crate::value::data::read(path)?;
            let same = again.len() == holdout.len()
                && again
                    .iter()
                    .zip(&holdout)
                    .all(|(a, b)| a.group == b.group && a.x == b.x);
            if !same {
                bail!("{}: not the held-out leaves labelled again", path.display());
            }
            Some(again)
        }
        None => None,
    };
    eprint!(
        "{}",
        paired_table(&holdout, relabelled.as_deref(), &network)
    );
    if let Some(path) = &args.json {
        network.write(path)?;
    }
    if let Some(path) = &args.out {
        let typed = format!(
            "train {}",
            std::env::args().skip(1).collect::<Vec<_>>().join(" ")
        );
        std::fs::write(path, network.to_rust(&typed))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

fn value_accuracy(args: ValueAccuracy) -> Result<()> {
    use crate::value::accuracy;
    let cases = crate::selfplay::read_cases(&args.dir)?;
    let options = accuracy::Options {
        fixed_work: args.fixed_work,
        turns: args.turns.clone(),
        rollouts: args.rollouts.max(1),
        playouts: args.playouts.max(1),
        network: args.network.clone(),
        seed: args.seed,
    };
    let samples = accuracy::run(&cases, &options)?;
    print!("{}", accuracy::table(&samples, &args.turns));
    Ok(())
}

impl Common {
    /// The table the run starts from.
    fn start_table(&self) -> Result<Table> {
        Ok(match (&self.from, self.from_hand) {
            (Some(path), _) => read_table(path)?,
            (None, true) => [HAND_TUNED; CLASSES],
            (None, false) => ahc061::policy::learned_weights::TRAINED,
        })
    }

    /// The weights the run starts from (class 0's when it trains them all).
    fn start(&self) -> Result<Weights> {
        Ok(self.start_table()?[self.class.unwrap_or(0) as usize])
    }

    /// Whether a game of `m` players is one the run trains for.
    fn wants(&self, m: usize) -> bool {
        m >= 3 && self.class.is_none_or(|c| learned::class(m) == c as usize)
    }

    /// The start table with the trained class (or every class) replaced.
    fn table_with(&self, weights: &Weights) -> Result<Table> {
        let mut table = self.start_table()?;
        match self.class {
            Some(c) => table[c as usize] = *weights,
            None => table = [*weights; CLASSES],
        }
        Ok(table)
    }
}

fn read_table(path: &Path) -> Result<Table> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    train::parse_table(&text).with_context(|| format!("{}", path.display()))
}

fn score(weights: &[f64], cases: &[ahc061_sim::judge::ToolInput]) -> f64 {
    train::mean_score_parallel(cases, &train::linear(weights))
}

fn write(common: &Common, weights: &Weights, provenance: Vec<String>) -> Result<()> {
    if let Some(path) = &common.out {
        let table = common.table_with(weights)?;
        std::fs::write(path, train::table_source(&table, &provenance))
            .with_context(|| format!("cannot write {}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    format!("Command: train {}", args.join(" "))
}

/// Runs a CMA-ES search to its end, a line a generation (its best
/// fitness, the best so far, the step size, the time); every `every`
/// generations and at the last, `check` gets the search mean (to score it
/// on held-out cases, print that on the same line, keep and write it).
fn run_search<F: ParallelObjectiveFunction>(
    cma: &mut CMAES<F>,
    started: &Instant,
    every: usize,
    mut check: impl FnMut(usize, &[f64]) -> Result<()>,
) -> Result<()> {
    loop {
        let done = cma.next_parallel();
        let generation = cma.generation();
        let best = cma.overall_best_individual().map_or(f64::NAN, |b| b.value);
        let current = cma.current_best_individual().map_or(f64::NAN, |b| b.value);
        print!(
            "generation {generation:3}  best of this one {current:.4}  best so far {best:.4}  sigma {:.3}  {:.0} s",
            cma.sigma(),
            started.elapsed().as_secs_f64()
        );
        if generation.is_multiple_of(every) || done.is_some() {
            check(generation, cma.mean().as_slice())?;
        }
        println!();
        if let Some(end) = done {
            println!("stopped: {:?}", end.reasons);
            return Ok(());
        }
    }
}

fn search(args: Search) -> Result<()> {
    let started = Instant::now();
    let train_cases = train::cases(&args.train, |m| args.common.wants(m))?;
    let holdout_cases = train::cases(&args.common.holdout, |m| args.common.wants(m))?;
    let start = args.common.start()?;
    let start_scores = (score(&start, &train_cases), score(&start, &holdout_cases));
    let hand = (
        score(&HAND_TUNED, &train_cases),
        score(&HAND_TUNED, &holdout_cases),
    );
    println!(
        "{} training cases ({}), {} held out ({}); start: train {:.2}k, held out {:.2}k; hand-tuned: {:.2}k, {:.2}k",
        train_cases.len(),
        args.train,
        holdout_cases.len(),
        args.common.holdout,
        start_scores.0,
        start_scores.1,
        hand.0,
        hand.1
    );
    let objective =
        |x: &DVector<f64>| train::mean_score(&train_cases, &train::linear(x.as_slice()));
    let mut options = CMAESOptions::new(start.to_vec(), args.sigma)
        .mode(Mode::Maximize)
        .seed(args.common.seed)
        .max_generations(args.generations);
    if let Some(n) = args.population {
        options = options.population_size(n);
    }
    let mut cma = options.build(objective).map_err(cma_error)?;
    let mut kept = (start_scores.1, start);
    run_search(
        &mut cma,
        &started,
        args.holdout_every,
        |generation, mean| {
            let mean = train::weights(mean);
            let (on_train, held) = (score(&mean, &train_cases), score(&mean, &holdout_cases));
            print!("  | mean: train {on_train:.2}k held out {held:.2}k");
            if held > kept.0 {
                kept = (held, mean);
                // Written as it improves: a long run stopped early keeps it.
                let note = format!(
                    "Best so far at generation {generation}: base-only mean score (thousands) train {on_train:.2}, held out {held:.2}."
                );
                write(&args.common, &mean, vec![command_line(), note])?;
            }
            Ok(())
        },
    )?;
    let (held, weights) = kept;
    let on_train = score(&weights, &train_cases);
    println!(
        "kept the search mean best on the held-out cases: train {on_train:.2}k, held out {held:.2}k (start {:.2}k, {:.2}k); {:.0} s",
        start_scores.0,
        start_scores.1,
        started.elapsed().as_secs_f64()
    );
    let provenance = vec![
        command_line(),
        format!(
            "Base-only mean score (thousands): train {on_train:.2}, held out {held:.2}; the start had {:.2}, {:.2}.",
            start_scores.0, start_scores.1
        ),
    ];
    write(&args.common, &weights, provenance)
}

fn imitate(args: Imitate) -> Result<()> {
    let started = Instant::now();
    let games = train::cases(&args.games, |m| args.common.wants(m))?;
    let holdout_cases = train::cases(&args.common.holdout, |m| args.common.wants(m))?;
    let start = args.common.start()?;
    let positions: Vec<train::Position> = games
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, input)| {
            let base = Box::new(train::linear(&start));
            train::record_game(input, base, args.work, args.common.seed ^ i as u64)
        })
        .collect();
    let (loss0, hit0) = train::imitation_loss(&positions, &start);
    println!(
        "{} games ({}), {} positions, {:.0} s; start: loss {loss0:.3}, planner's move at the top {:.1} %",
        games.len(),
        args.games,
        positions.len(),
        started.elapsed().as_secs_f64(),
        100.0 * hit0
    );
    let weights = train::fit(&positions, &start, args.steps, args.rate);
    let (loss, hit) = train::imitation_loss(&positions, &weights);
    let (before, after) = (
        score(&start, &holdout_cases),
        score(&weights, &holdout_cases),
    );
    println!(
        "fitted: loss {loss:.3}, planner's move at the top {:.1} %; base alone on the held-out cases {before:.2}k -> {after:.2}k; {:.0} s",
        100.0 * hit,
        started.elapsed().as_secs_f64()
    );
    let provenance = vec![
        command_line(),
        format!(
            "Imitation of the planner at {} rollouts a turn, {} positions: loss {loss0:.3} -> {loss:.3}, top-1 {:.1} % -> {:.1} %; base alone held out {before:.2}k -> {after:.2}k.",
            args.work,
            positions.len(),
            100.0 * hit0,
            100.0 * hit
        ),
    ];
    write(&args.common, &weights, provenance)
}

/// The valued games of `train improve`: read from `--load`, or played (and
/// written to `--save`).
fn valued_games(args: &Improve) -> Result<Vec<Vec<improve::Valued>>> {
    if let Some(path) = &args.load {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let games: Vec<Vec<improve::Valued>> = (text.lines())
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()
            .with_context(|| format!("{}: not valued positions", path.display()))?;
        // The class filter applies to loaded games too.
        return Ok(games
            .into_iter()
            .filter(|g| g.first().is_some_and(|p| args.common.wants(p.m)))
            .collect());
    }
    let inputs = train::cases(&args.games, |m| args.common.wants(m))?;
    // The planner plays with the whole start table, whichever class is fitted.
    let table = args.common.start_table()?;
    let games: Vec<Vec<improve::Valued>> = inputs
        .par_iter()
        .enumerate()
        .map(|(i, input)| {
            let base = Box::new(ahc061::policy::base::Linear { table });
            let seed = args.common.seed ^ (i as u64).wrapping_mul(0x9E37_79B9);
            improve::record_values(input, base, args.turns, args.rollouts, seed)
        })
        .collect();
    if let Some(path) = &args.save {
        let mut text = String::new();
        for game in &games {
            text.push_str(&serde_json::to_string(game)?);
            text.push('\n');
        }
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(games)
}

fn improve(args: Improve) -> Result<()> {
    let started = Instant::now();
    let start = args.common.start()?;
    let games = valued_games(&args)?;
    let every = args.holdout_every_game.max(2);
    let (mut fit_on, mut held) = (Vec::new(), Vec::new());
    for (i, game) in games.into_iter().enumerate() {
        if i % every == every - 1 {
            held.extend(game);
        } else {
            fit_on.extend(game);
        }
    }
    let report = |name: &str, positions: &[improve::Valued], w: &Weights| {
        format!(
            "{name} {:.5} (planner's move {:.1} %)",
            improve::improvement(positions, w),
            100.0 * improve::agreement(positions, w)
        )
    };
    let (planner, best) = improve::references(&held);
    println!(
        "{} positions to fit, {} held out; {:.0} s. Held out: the planner's moves {planner:.5}, the best-valued {best:.5}; start: {}, {}",
        fit_on.len(),
        held.len(),
        started.elapsed().as_secs_f64(),
        report("fit", &fit_on, &start),
        report("held out", &held, &start),
    );
    let goal = args.objective;
    let objective = |x: &DVector<f64>| goal.of(&fit_on, &train::weights(x.as_slice()));
    let mut cma = CMAESOptions::new(start.to_vec(), args.sigma)
        .mode(Mode::Maximize)
        .seed(args.common.seed)
        .max_generations(args.generations)
        .build(objective)
        .map_err(cma_error)?;
    let mut kept = (goal.of(&held, &start), start);
    run_search(&mut cma, &started, 10, |_, mean| {
        let mean = train::weights(mean);
        let on_held = goal.of(&held, &mean);
        print!("  | mean: {}", report("held out", &held, &mean));
        if on_held > kept.0 {
            kept = (on_held, mean);
        }
        Ok(())
    })?;
    let (on_held, weights) = kept;
    println!(
        "kept the search mean best on the held-out positions: {}, {}",
        report("fit", &fit_on, &weights),
        report("held out", &held, &weights)
    );
    let provenance = vec![
        command_line(),
        format!(
            "{} on the held-out positions: {:.5} -> {on_held:.5}.",
            goal.label(),
            goal.of(&held, &start)
        ),
    ];
    write(&args.common, &weights, provenance)
}

/// A weight in the loss: finite, from 0 to 1 000.
fn weight(text: &str) -> Result<f64, String> {
    number_in(text, "a number", Low::AtLeast(0.0), 1000.0)
}

/// `train value --weight-decay`: AdamW's decay of the weights a step, a
/// share of them; NaN or infinity would train a network of NaNs.
fn weight_decay(text: &str) -> Result<f64, String> {
    number_in(text, "a number", Low::AtLeast(0.0), 1.0)
}

/// `--sigma`: CMA-ES's initial step size, which it wants positive and
/// finite; above 100 it would only throw the weights' scale away.
fn sigma(text: &str) -> Result<f64, String> {
    number_in(text, "a number", Low::Above(0.0), 100.0)
}

/// `train value --lr`: AdamW's learning rate, which must be positive and
/// finite; above 1 the steps would only throw the weights away.
fn learning_rate(text: &str) -> Result<f64, String> {
    number_in(text, "a number", Low::Above(0.0), 1.0)
}

/// CMA-ES's refusal of its options, with the ranges it allows (the
/// arguments' parsers check them first, so this is a last guard).
fn cma_error(e: cmaes::options::InvalidOptionsError) -> anyhow::Error {
    anyhow::anyhow!(
        "CMA-ES options: {e:?} (the population must be at least 2, the step size \
         positive and finite, the start not empty)"
    )
}
