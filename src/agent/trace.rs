//! The bot's trace (`--trace FILE` or AHC061_TRACE=FILE; off by default):
//! one JSON object per turn with what the bot thought before moving — each
//! AI's posterior summary (mean and spread of wb/wa, wc/wa, wd/wa, ε) and
//! the planner's candidates with their rollouts and estimated advantage over
//! the base move, whether the race cut them, and the z a challenger needed.
//! `vis --trace FILE` shows it beside the true parameters.
//! When off, nothing here runs: the bot holds `None` and checks it once a turn.

use std::fmt::Write as _;
use std::io::{BufWriter, Write};

use crate::engine::board::{Cell, coords};
use crate::engine::state::Game;
use crate::opponent::belief::Belief;
use crate::search::planner::Decision;

/// Where the trace goes.
pub struct Trace {
    out: Box<dyn Write>,
}

impl Trace {
    /// A trace written to the file at `path` (created or truncated).
    pub fn create(path: &str) -> std::io::Result<Trace> {
        let file = std::fs::File::create(path)?;
        Ok(Trace::to_writer(Box::new(BufWriter::new(file))))
    }

    pub fn to_writer(out: Box<dyn Write>) -> Trace {
        Trace { out }
    }

    /// Writes turn `turn`'s line: the belief the move was chosen with, the
    /// planner's decision (`None` when the baseline answered instead) and
    /// the move played. A failed write is ignored: the game goes on.
    pub fn record(
        &mut self,
        turn: usize,
        game: &Game,
        belief: &Belief,
        decision: Option<&Decision>,
        played: Cell,
    ) {
        let line = line(turn, game, belief, decision, played);
        let _ = self.out.write_all(line.as_bytes());
    }
}

impl Drop for Trace {
    fn drop(&mut self) {
        let _ = self.out.flush();
    }
}

/// A number for JSON: non-finite values (a candidate never rolled out) are null.
fn number(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.4}")
    } else {
        "null".to_string()
    }
}

fn cell_json(c: Cell) -> String {
    let (x, y) = coords(c);
    format!("[{x},{y}]")
}

/// One turn's JSON line.
pub fn line(
    turn: usize,
    game: &Game,
    belief: &Belief,
    decision: Option<&Decision>,
    played: Cell,
) -> String {
    let mut out = format!(
        "{{\"turn\":{turn},\"planned\":{},\"rollouts\":{},\"threshold\":{},\"chosen\":{},\"ais\":[",
        decision.is_some(),
        decision.map_or(0, |d| d.rollouts),
        number(decision.map_or(f64::NAN, |d| d.threshold)),
        cell_json(played)
    );
    for p in 1..game.m {
        let s = belief.summary(p);
        let list = |xs: [f64; 4]| xs.map(number).join(",");
        let _ = write!(
            out,
            "{}{{\"p\":{p},\"mean\":[{}],\"sd\":[{}]}}",
            if p > 1 { "," } else { "" },
            list(s.mean),
            list(s.spread)
        );
    }
    out.push_str("],\"candidates\":[");
    if let Some(decision) = decision {
        // The base move first, then the others by estimated advantage.
        let mut candidates = decision.candidates.clone();
        if candidates.len() > 1 {
            candidates[1..].sort_by(|a, b| b.mean().total_cmp(&a.mean()));
        }
        for (k, c) in candidates.iter().enumerate() {
            let _ = write!(
                out,
                "{}{{\"cell\":{},\"policy\":{},\"rollouts\":{},\"mean\":{},\"z\":{},\"cut\":{}}}",
                if k > 0 { "," } else { "" },
                cell_json(c.cell),
                c.policy,
                c.rollouts,
                number(c.mean()),
                number(c.z()),
                c.cut
            );
        }
    }
    out.push_str("]}\n");
    out
}
