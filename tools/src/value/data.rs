//! Positions with their final outcome, the value model's training data.
//!
//! A file is a header (`AHCV`, the format's version and the number of
//! features, as little-endian u32) and then records of `4 + FEATURES`
//! little-endian f32: the game's final objective, the position's turn, M,
//! the extrapolated objective, then the model's inputs
//! (`ahc061::search::value::features`). The inputs are written as the bot
//! computes them, so the trainer fits exactly what the bot will see.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use ahc061::engine::ai::AiParams;
use ahc061::engine::board::MAX_PLAYERS;
use ahc061::engine::state::{Game, State};
use ahc061::search::leaf::objective;
use ahc061::search::value::{FEATURES, features};
use anyhow::{Context, Result, bail};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

const MAGIC: &[u8; 4] = b"AHCV";
const VERSION: u32 = 1;

/// One position and what became of its game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The objective at the game's end, log2(1 + S0 / S_A).
    pub outcome: f32,
    pub turn: u32,
    pub m: u32,
    /// The extrapolated objective (today's leaf), which the model adds to.
    pub extrapolated: f32,
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
            x: inputs.x.to_vec(),
        });
    }
    records
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
        for v in head.iter().chain(&r.x) {
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
    let width = 4 * (4 + FEATURES);
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
                x: v[4..].to_vec(),
            }
        })
        .collect())
}
