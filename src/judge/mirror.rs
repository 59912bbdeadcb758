//! The bot's copy of the game, checked against the judge every turn.
//!
//! The judge reports every player's destination, so the bot can play the
//! turn with its own engine and compare the result with the reported
//! position. Any difference is reported and the judge's position adopted.

use crate::engine::board::{CELLS, Cell, MAX_PLAYERS, coords};
use crate::engine::rules::{self, Outcome};
use crate::engine::state::{Game, State};
use crate::judge::protocol::Feedback;

/// Where the engine's turn disagreed with the judge's report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub turn: usize,
    pub what: String,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "mirror: turn {}: {}; adopting the judge's state",
            self.turn, self.what
        )
    }
}

/// The mirrored game: the fixed description and the current position.
#[derive(Clone, Debug)]
pub struct Mirror {
    pub game: Game,
    pub state: State,
}

impl Mirror {
    pub fn new(game: Game) -> Mirror {
        let state = game.initial_state();
        Mirror { game, state }
    }

    /// Plays the reported turn on the mirror and compares. Returns the turn's
    /// outcome by our engine and the first difference from the judge, if any
    /// (in which case the mirror now holds the judge's position).
    pub fn apply(&mut self, fb: &Feedback) -> (Outcome, Option<Divergence>) {
        let turn = self.state.turn + 1;
        let m = self.game.m;
        let illegal = (0..m).find(|&p| !rules::is_legal(&self.state, m, p, fb.dest[p]));
        let outcome = rules::resolve(&self.game, &mut self.state, &fb.dest);
        let difference = match illegal {
            Some(p) => Some(format!(
                "player {p}'s reported destination {} is not legal",
                show(fb.dest[p])
            )),
            None => first_difference(&self.state, fb, m),
        };
        let divergence = difference.map(|what| {
            let end: [Cell; MAX_PLAYERS] = fb.end;
            self.state = self.game.state_from_grids(&fb.owner, &fb.level, &end, turn);
            Divergence { turn, what }
        });
        (outcome, divergence)
    }
}

/// The first place where our position differs from the reported one.
fn first_difference(state: &State, fb: &Feedback, m: usize) -> Option<String> {
    for p in 0..m {
        if state.pos[p] != fb.end[p] {
            return Some(format!(
                "player {p}'s piece is at {} by our rules, {} by the judge",
                show(state.pos[p]),
                show(fb.end[p])
            ));
        }
    }
    for c in 0..CELLS {
        if state.owner[c] != fb.owner[c] || state.level[c] != fb.level[c] {
            return Some(format!(
                "cell {} is owner {} level {} by our rules, owner {} level {} by the judge",
                show(c as Cell),
                state.owner[c],
                state.level[c],
                fb.owner[c],
                fb.level[c]
            ));
        }
    }
    None
}

/// A cell as the protocol writes it.
fn show(c: Cell) -> String {
    let (x, y) = coords(c);
    format!("({x}, {y})")
}
