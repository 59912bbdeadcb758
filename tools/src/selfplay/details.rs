//! What `selfplay --details` measures of a game besides its score: the
//! score player 0 lost to attacks, and how much of it a parry could save.

use ahc061::engine::board::Cell;
use ahc061::engine::state::{Game, State};
use ahc061::judge::protocol::Feedback;
use ahc061_sim::judge::ToolInput;

/// Score player 0 lost on cells it could have stood on that turn (a piece on
/// its owner's cell stays, so the attack would have been void), for
/// `--details`: how much of the loss a parry could save at most, and how
/// much of that came from an AI's greedy target under its true parameters
/// (the part a bot can foresee).
#[derive(Default)]
pub struct Parryable {
    pub lost: i64,
    pub lost_to_greedy: i64,
}

impl Parryable {
    pub fn add(&mut self, input: &ToolInput, before: &State, after: &State, feedback: &Feedback) {
        let game = &input.game;
        let ours = ahc061::engine::rules::legal_moves(before, game.m, 0);
        let legal = ahc061::engine::rules::ai_legal_moves(before, game.m);
        let targets = ahc061::engine::ai::greedy_targets(game, before, &input.params, &legal);
        let mut counted: ahc061::engine::board::Bits = 0;
        let moves = feedback.dest.iter().zip(&targets).take(game.m).skip(1);
        for (&dest, &target) in moves {
            let c = dest as usize;
            let fresh = !ahc061::engine::board::has(counted, c as Cell);
            counted |= ahc061::engine::board::bit(c as Cell);
            if !fresh || before.owner[c] != 0 || !ahc061::engine::board::has(ours, c as Cell) {
                continue;
            }
            let loss = lost_on(game, before, after, c);
            self.lost += loss;
            if target == dest {
                self.lost_to_greedy += loss;
            }
        }
    }
}

/// What one turn did to player 0's land, for `--details`.
pub struct TurnEffect {
    /// Score lost to attacks: levels knocked off and cells taken (Σ V·L).
    pub lost: i64,
    /// The value of the cells taken from player 0.
    pub captured: i64,
    /// Whether player 0 took a cell or raised a level.
    pub gained: bool,
}

impl TurnEffect {
    pub fn of(game: &Game, before: &State, after: &State) -> TurnEffect {
        let mut effect = TurnEffect {
            lost: 0,
            captured: 0,
            gained: false,
        };
        for c in 0..ahc061::engine::board::CELLS {
            effect.lost += lost_on(game, before, after, c);
            if before.owner[c] == 0 {
                if after.owner[c] != 0 {
                    effect.captured += game.value[c] as i64;
                } else if after.level[c] > before.level[c] {
                    effect.gained = true;
                }
            } else if after.owner[c] == 0 {
                effect.gained = true;
            }
        }
        effect
    }
}

/// The score player 0 lost on cell `c` over one turn: the levels knocked
/// off it, or all of them when the cell was taken (V × levels).
fn lost_on(game: &Game, before: &State, after: &State, c: usize) -> i64 {
    if before.owner[c] != 0 {
        return 0;
    }
    let kept = if after.owner[c] == 0 {
        after.level[c]
    } else {
        0
    };
    game.value[c] as i64 * (before.level[c] as i64 - kept as i64).max(0)
}
