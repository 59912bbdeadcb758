//! The bot's game loop: read the initial input, then every turn choose a
//! move, send it, read the judge's feedback and check it on the mirror.

use std::io::{BufRead, Write};

use crate::board::{Cell, coords};
use crate::mirror::Mirror;
use crate::protocol::{Feedback, ProtocolError, Reader};
use crate::state::State;

/// A way of choosing player 0's moves.
pub trait Policy {
    /// The destination for the coming turn; must be legal in `mirror.state`.
    fn choose(&mut self, mirror: &Mirror) -> Cell;
    /// Called after each turn with the state the turn started from and the
    /// judge's report, for policies that learn from the AIs' choices.
    fn observe(&mut self, _mirror: &Mirror, _before: &State, _feedback: &Feedback) {}
}

/// Counts of what happened during a game, for the caller's report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub turns: usize,
    pub divergences: usize,
}

/// Plays a whole game over the given streams. Divergences between the
/// mirror and the judge go to `log`, one line each; the game goes on.
pub fn play<R: BufRead, W: Write, L: Write>(
    input: R,
    mut output: W,
    mut log: L,
    make_policy: impl FnOnce(&Mirror) -> Box<dyn Policy>,
) -> Result<Summary, ProtocolError> {
    let mut reader = Reader::new(input);
    let game = reader.read_initial()?;
    let mut mirror = Mirror::new(game);
    let mut policy = make_policy(&mirror);
    let mut summary = Summary::default();
    for turn in 1..=mirror.game.turns {
        let mv = policy.choose(&mirror);
        let (x, y) = coords(mv);
        writeln!(output, "{x} {y}")
            .and_then(|_| output.flush())
            .map_err(|e| ProtocolError(format!("turn {turn}: cannot send the move: {e}")))?;
        let feedback = reader.read_feedback(&mirror.game, turn)?;
        let before = mirror.state;
        if let (_, Some(divergence)) = mirror.apply(&feedback) {
            summary.divergences += 1;
            let _ = writeln!(log, "{divergence}");
        }
        policy.observe(&mirror, &before, &feedback);
        summary.turns = turn;
    }
    Ok(summary)
}

/// The baseline policy: one-ply greedy.
pub struct Greedy;

impl Policy for Greedy {
    fn choose(&mut self, mirror: &Mirror) -> Cell {
        crate::greedy::choose(&mirror.game, &mirror.state)
    }
}
