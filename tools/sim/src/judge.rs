//! A local judge that follows the official one (docs/RULES.md §7): it reads a
//! tool input file (the game plus the AIs' hidden parameters and random
//! numbers) and plays turns, producing the exact feedback the judge sends.

use ahc061::engine::ai::{self, AiParams};
use ahc061::engine::board::{Bits, Cell, MAX_PLAYERS, N, cell, coords};
use ahc061::engine::rules::{self, Outcome};
use ahc061::engine::state::{Game, State, absolute_score};
use ahc061::judge::protocol::{Feedback, Reader};
use ahc061::search::rollout::AiModel;

/// A tool input file: the game, each AI's parameters and each turn's (r1, r2).
#[derive(Clone, Debug)]
pub struct ToolInput {
    pub game: Game,
    /// Parameters of players 1..m; the unused slots (player 0's, those
    /// past m) hold [`ai::NO_PARAMS`], so the array serves the bot's
    /// per-player arrays as it is.
    pub params: [AiParams; MAX_PLAYERS],
    /// `r[t][p]` = (r1, r2) of AI p at turn t (0-based).
    pub r: Vec<[(f64, f64); MAX_PLAYERS]>,
}

impl ToolInput {
    /// Parses a tool input file.
    pub fn parse(text: &str) -> Result<ToolInput, String> {
        let mut reader = Reader::new(text.as_bytes());
        let game = reader.read_initial().map_err(|e| e.to_string())?;
        let header_lines = 1 + N + game.m;
        let mut rest = text.lines().skip(header_lines).enumerate();
        let mut floats = |count: usize| -> Result<Vec<f64>, String> {
            let (k, line) = rest
                .next()
                .ok_or_else(|| "tool input: unexpected end of file".to_string())?;
            let line_no = header_lines + k + 1;
            let values: Result<Vec<f64>, _> =
                line.split_ascii_whitespace().map(str::parse).collect();
            match values {
                Ok(v) if v.len() == count => Ok(v),
                _ => Err(format!(
                    "tool input, line {line_no}: expected {count} numbers: {line:?}"
                )),
            }
        };
        let mut params = [ai::NO_PARAMS; MAX_PLAYERS];
        for slot in params.iter_mut().take(game.m).skip(1) {
            let w = floats(5)?;
            *slot = AiParams {
                wa: w[0],
                wb: w[1],
                wc: w[2],
                wd: w[3],
                eps: w[4],
            };
        }
        let mut r = vec![[(0.0, 0.0); MAX_PLAYERS]; game.turns];
        for turn in r.iter_mut() {
            for slot in turn.iter_mut().take(game.m).skip(1) {
                let v = floats(2)?;
                *slot = (v[0], v[1]);
            }
        }
        Ok(ToolInput { game, params, r })
    }
}

/// Player 0 chose a destination it may not move to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub from: (usize, usize),
    pub to: (usize, usize),
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, b) = self.from;
        let (c, d) = self.to;
        write!(
            f,
            "Player 0 attempted invalid move from ({a}, {b}) to ({c}, {d})."
        )
    }
}

/// The judge's side of a game in progress.
pub struct Judge {
    pub input: ToolInput,
    pub state: State,
}

impl Judge {
    pub fn new(input: ToolInput) -> Judge {
        let state = input.game.initial_state();
        Judge { input, state }
    }

    /// Turns played so far.
    pub fn turn(&self) -> usize {
        self.state.turn
    }

    /// Whether all turns are played.
    pub fn finished(&self) -> bool {
        self.state.turn >= self.input.game.turns
    }

    /// The AIs' destinations for the coming turn, from the start-of-turn state.
    pub fn ai_moves(&self) -> [Cell; MAX_PLAYERS] {
        let game = &self.input.game;
        let r = &self.input.r[self.state.turn];
        let mut dest = [0; MAX_PLAYERS];
        for p in 1..game.m {
            let (r1, r2) = r[p];
            dest[p] = ai::choose(game, &self.state, p, &self.input.params[p], r1, r2);
        }
        dest
    }

    /// Plays the next turn with player 0 moving to `(x, y)`.
    pub fn play(&mut self, x: usize, y: usize) -> Result<(Feedback, Outcome), IllegalMove> {
        let game = &self.input.game;
        if x >= N || y >= N || !rules::is_legal(&self.state, game.m, 0, cell(x, y)) {
            let from = coords(self.state.pos[0]);
            return Err(IllegalMove { from, to: (x, y) });
        }
        let mut dest = self.ai_moves();
        dest[0] = cell(x, y);
        let outcome = rules::resolve(game, &mut self.state, &dest);
        let mut end = [0; MAX_PLAYERS];
        end[..game.m].copy_from_slice(&self.state.pos[..game.m]);
        let feedback = Feedback {
            dest,
            end,
            owner: self.state.owner,
            level: self.state.level,
        };
        Ok((feedback, outcome))
    }

    /// The absolute score of the current position.
    pub fn score(&self) -> i64 {
        absolute_score(
            self.state.score[0],
            self.state.best_ai_score(self.input.game.m),
        )
    }
}

/// The AIs of a simulation moving exactly as the judge moves them: their
/// true parameters and the input's r1, r2 for each turn (the oracle's
/// rollouts, and the tests of the rollout loop).
pub struct JudgeAis<'a> {
    input: &'a ToolInput,
    params: [AiParams; MAX_PLAYERS],
}

impl<'a> JudgeAis<'a> {
    pub fn new(input: &'a ToolInput) -> JudgeAis<'a> {
        JudgeAis {
            input,
            params: input.params,
        }
    }
}

impl AiModel for JudgeAis<'_> {
    fn params(&self) -> &[AiParams; MAX_PLAYERS] {
        &self.params
    }

    fn choose(&mut self, game: &Game, sim: &State, p: usize, _: Bits, _: Cell) -> Cell {
        let (r1, r2) = self.input.r[sim.turn][p];
        ai::choose(game, sim, p, &self.params[p], r1, r2)
    }
}
