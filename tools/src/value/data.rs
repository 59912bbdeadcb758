//! Positions with their final outcome, the value model's training data.
//!
//! Two kinds of positions:
//! - the game's own ([`game_records`]), each labelled with the game's final
//!   objective;
//! - the leaves of rollouts from the game's positions ([`leaf_records`]),
//!   every candidate's on the same seeds, each labelled with the mean
//!   objective of playouts to the end. These are the positions the planner
//!   values, and a group (one root, one seed) holds the leaves whose order
//!   decides a move: the paired error ([`paired_error`]) measures a value
//!   on them.
//!
//! A file is a header (`AHCV`, the format's version and the number of
//! features, as little-endian u32) and then records: the label, the
//! position's turn, M and the extrapolated objective (little-endian f32),
//! the group (u32), then the model's inputs (`ahc061::search::value::features`,
//! f32). The inputs are written as the bot computes them, so the trainer
//! fits exactly what the bot will see.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use ahc061::engine::ai::AiParams;
use ahc061::engine::board::{Cell, MAX_PLAYERS};
use ahc061::engine::state::{Game, State};
use ahc061::policy::base::{BasePolicy, Ranking, seeing};
use ahc061::search::leaf::objective;
use ahc061::search::rollout::{Relay, SampledAis, play_out};
use ahc061::search::value::{FEATURES, features};
use anyhow::{Context, Result, bail};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

const MAGIC: &[u8; 4] = b"AHCV";
const VERSION: u32 = 2;

/// One position and what became of its game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The objective at the game's end, log2(1 + S0 / S_A): the game's, or
    /// the mean of the playouts from a leaf.
    pub outcome: f32,
    pub turn: u32,
    pub m: u32,
    /// The extrapolated objective (today's leaf), which the model adds to.
    pub extrapolated: f32,
    /// The records of a group are the leaves of one root and one seed
    /// (each of the game's own positions is a group alone).
    pub group: u32,
    pub x: Vec<f32>,
}

/// The longest stretch a position's gains are measured over: a rollout's
/// horizon and its first turn.
pub const MAX_LAG: usize = 21;

/// The records of one played game, `states[t]` the position after turn t
/// (`states[0]` the start), the AIs playing by `params`: every `every`-th
/// position before the end, the gains measured from a turn 1 to
/// [`MAX_LAG`] turns earlier, drawn with `seed`, as a rollout's root lies
/// 1 + horizon turns before its leaf.
pub fn game_records(
    game: &Game,
    params: &[AiParams; MAX_PLAYERS],
    states: &[State],
    every: usize,
    seed: u64,
) -> Vec<Record> {
    let end = states.last().expect("a game has a start");
    let outcome = objective(end, game.m) as f32;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut records = Vec::new();
    for t in (1..states.len() - 1).step_by(every.max(1)) {
        let lag = rng.random_range(1..=MAX_LAG).min(t);
        let inputs = features(game, params, &states[t - lag], &states[t]);
        records.push(Record {
            outcome,
            turn: t as u32,
            m: game.m as u32,
            extrapolated: inputs.extrapolated,
            group: (seed as u32).wrapping_mul(1 << 8).wrapping_add(t as u32),
            x: inputs.x.to_vec(),
        });
    }
    records
}

/// How [`leaf_records`] draws its leaves.
#[derive(Clone, Copy, Debug)]
pub struct LeafSampling {
    /// One root every this many turns.
    pub every: usize,
    /// Candidate first moves a root: the base's best (its own first).
    pub arms: usize,
    /// Seeds a root; each is a group of `arms` leaves.
    pub seeds: usize,
    /// Playouts to the end behind a leaf's label, on seeds the group shares.
    pub playouts: usize,
    /// The rollouts' horizons are drawn from 1 to this.
    pub max_horizon: usize,
    /// Mixed into the playouts' seeds alone: two runs that differ only in
    /// it label the same leaves with independent playouts, which measures
    /// the labels' own noise.
    pub label_seed: u64,
}

/// The leaves of rollouts from the game's positions `states`, the AIs
/// playing by `params`: from every `sampling.every`-th position, the base's
/// best `sampling.arms` first moves, each followed by the base for a
/// horizon drawn once a root, on `sampling.seeds` shared seeds. Each leaf
/// before the game's end is labelled with the mean objective of
/// `sampling.playouts` playouts to the end (the base, the AIs by `params`),
/// their seeds shared by the group, so that the labels of a group differ
/// by what the leaves differ in. The group numbers start at `first_group`.
pub fn leaf_records(
    game: &Game,
    params: &[AiParams; MAX_PLAYERS],
    states: &[State],
    sampling: LeafSampling,
    seed: u64,
    first_group: u32,
) -> Vec<Record> {
    let base = ahc061::policy::base::standard();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut records = Vec::new();
    let mut group = first_group;
    for t in (1..states.len() - 1).step_by(sampling.every.max(1)) {
        let root = &states[t];
        let horizon = rng.random_range(1..=sampling.max_horizon.clamp(1, MAX_LAG - 1));
        let end = (t + 1 + horizon).min(game.turns);
        if end >= game.turns {
            continue;
        }
        let arms = first_moves(game, params, root, &*base, sampling.arms);
        for _ in 0..sampling.seeds {
            let seed: u64 = rng.random();
            let playout_seeds: Vec<u64> = (0..sampling.playouts)
                .map(|_| {
                    rng.random::<u64>() ^ sampling.label_seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
                })
                .collect();
            for &first in &arms {
                let mut us = Relay::first_then(first, &*base);
                let mut ais = SampledAis::with_params(*params, seed);
                let leaf = play_out(game, root, end, &mut us, &mut ais);
                let label = playouts_mean(game, params, &leaf, &*base, &playout_seeds);
                let inputs = features(game, params, root, &leaf);
                records.push(Record {
                    outcome: label as f32,
                    turn: leaf.turn as u32,
                    m: game.m as u32,
                    extrapolated: inputs.extrapolated,
                    group,
                    x: inputs.x.to_vec(),
                });
            }
            group = group.wrapping_add(1);
        }
    }
    records
}

/// The base's best `n` legal first moves at `state` (its own first), the
/// AIs seen with `params`, as the planner ranks its candidates.
fn first_moves(
    game: &Game,
    params: &[AiParams; MAX_PLAYERS],
    state: &State,
    base: &dyn BasePolicy,
    n: usize,
) -> Vec<Cell> {
    let Ranking { base: own, worth } =
        seeing(game, state, params, |view| base.rank(game, state, view));
    let mut ranked: Vec<(f64, Cell)> = worth.into_iter().filter(|&(_, c)| c != own).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    std::iter::once(own)
        .chain(ranked.into_iter().map(|(_, c)| c))
        .take(n.max(1))
        .collect()
}

/// The mean objective of playouts from `leaf` to the game's end, one on
/// each of `seeds`: the base for us, the AIs by `params`.
fn playouts_mean(
    game: &Game,
    params: &[AiParams; MAX_PLAYERS],
    leaf: &State,
    base: &dyn BasePolicy,
    seeds: &[u64],
) -> f64 {
    let total: f64 = seeds
        .iter()
        .map(|&seed| {
            let mut us = Relay::plain(base);
            let mut ais = SampledAis::with_params(*params, seed);
            objective(&play_out(game, leaf, game.turns, &mut us, &mut ais), game.m)
        })
        .sum();
    total / seeds.len().max(1) as f64
}

/// The root mean squared error of `predict` on the differences within each
/// group: each prediction and each label taken from its group's mean, so
/// that only the order and spacing of a group's leaves count, as they do
/// in a move's choice. Groups of one record are left out. With the number
/// of records counted.
pub fn paired_error(records: &[Record], predict: impl Fn(&Record) -> f64) -> (f64, usize) {
    let mut sum = 0.0;
    let mut n = 0;
    for group in records.chunk_by(|a, b| a.group == b.group) {
        if group.len() < 2 {
            continue;
        }
        let k = group.len() as f64;
        let predicted: Vec<f64> = group.iter().map(&predict).collect();
        let mean_predicted = predicted.iter().sum::<f64>() / k;
        let mean_label = group.iter().map(|r| r.outcome as f64).sum::<f64>() / k;
        for (r, p) in group.iter().zip(&predicted) {
            let e = (p - mean_predicted) - (r.outcome as f64 - mean_label);
            sum += e * e;
            n += 1;
        }
    }
    ((sum / n.max(1) as f64).sqrt(), n)
}

/// Writes records after a header.
pub struct Writer {
    out: BufWriter<File>,
}

impl Writer {
    pub fn create(path: &Path) -> Result<Writer> {
        let file =
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
        let mut out = BufWriter::new(file);
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        out.write_all(&(FEATURES as u32).to_le_bytes())?;
        Ok(Writer { out })
    }

    pub fn write(&mut self, r: &Record) -> Result<()> {
        let head = [r.outcome, r.turn as f32, r.m as f32, r.extrapolated];
        for v in &head {
            self.out.write_all(&v.to_le_bytes())?;
        }
        self.out.write_all(&r.group.to_le_bytes())?;
        for v in &r.x {
            self.out.write_all(&v.to_le_bytes())?;
        }
        Ok(())
    }

    pub fn finish(mut self) -> Result<()> {
        self.out.flush()?;
        Ok(())
    }
}

/// Every record of the file at `path`.
pub fn read(path: &Path) -> Result<Vec<Record>> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut input = BufReader::new(file);
    let mut header = [0u8; 12];
    input
        .read_exact(&mut header)
        .with_context(|| format!("{}: no header", path.display()))?;
    let word = |k: usize| u32::from_le_bytes(header[k..k + 4].try_into().unwrap());
    if &header[..4] != MAGIC || word(4) != VERSION {
        bail!(
            "{}: not a positions file of version {VERSION}",
            path.display()
        );
    }
    if word(8) as usize != FEATURES {
        bail!(
            "{}: {} features a position, the bot has {FEATURES}",
            path.display(),
            word(8)
        );
    }
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    let width = 4 * (5 + FEATURES);
    if bytes.len() % width != 0 {
        bail!("{}: a truncated record at its end", path.display());
    }
    let floats = |chunk: &[u8]| -> Vec<f32> {
        chunk
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
            .collect()
    };
    Ok(bytes
        .chunks_exact(width)
        .map(|chunk| {
            let v = floats(chunk);
            Record {
                outcome: v[0],
                turn: v[1] as u32,
                m: v[2] as u32,
                extrapolated: v[3],
                group: u32::from_le_bytes(chunk[16..20].try_into().unwrap()),
                x: v[5..].to_vec(),
            }
        })
        .collect())
}
