//! One game played by hand: player 0's moves come from the person, the AIs'
//! from the case's own parameters and r1, r2, every turn resolved by the
//! local judge (`ahc061_sim::judge`, on the engine of src/engine/rules.rs) exactly
//! as `tester` would resolve it. Keeps what undo and the log need, and the
//! coach (src/agent/mod.rs's bot) in step with the game.

use std::sync::Arc;

use ahc061::engine::board::{N, cell, cells, coords};
use ahc061::engine::rules::{self, Outcome};
use ahc061::engine::state::{State, absolute_score};
use ahc061::judge::protocol::Feedback;
use ahc061_sim::judge::{Judge, ToolInput};
use serde_json::{Value, json};

use super::coach::Coach;

/// A case to play: the tool input and the name its files go by.
pub struct Case {
    pub input: ToolInput,
    /// The input file's text, written beside a saved log.
    pub text: String,
    /// Short name: `0007` for seed 7, the file's stem for `--input FILE`.
    pub name: String,
}

impl Case {
    /// Tells cases apart: two files of one name may differ.
    pub fn key(&self) -> String {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut hasher);
        format!("{}:{:016x}", self.name, hasher.finish())
    }
}

/// Why a request was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The request cannot be right whatever the game's state (an illegal
    /// or off-board cell).
    Invalid(String),
    /// The request does not fit the game's state now (a stale turn number,
    /// a move after the end, an undo before the start).
    Conflict(String),
}

impl Refusal {
    pub fn message(&self) -> &str {
        match self {
            Refusal::Invalid(m) | Refusal::Conflict(m) => m,
        }
    }
}

/// A turn played: player 0's move and what the judge reported.
struct Played {
    mv: (usize, usize),
    feedback: Feedback,
    outcome: Outcome,
    /// The position the turn started from (undo returns to it).
    before: State,
}

/// The coach's settings: rollouts a turn and its seed.
#[derive(Clone, Copy, Debug)]
pub struct CoachSettings {
    pub work: u64,
    pub seed: u64,
}

pub struct Session {
    pub case: Arc<Case>,
    judge: Judge,
    played: Vec<Played>,
    settings: CoachSettings,
    coach: Coach,
    /// The coach's advice by turns played when it was asked, so that
    /// asking again (after an undo, say) shows the same advice.
    advice: Vec<Option<Value>>,
}

impl Session {
    pub fn new(case: Arc<Case>, settings: CoachSettings) -> Session {
        let judge = Judge::new(case.input.clone());
        let coach = Coach::new(&case.input.game, settings.work, settings.seed);
        Session {
            case,
            judge,
            played: Vec::new(),
            settings,
            coach,
            advice: Vec::new(),
        }
    }

    /// Turns played so far.
    pub fn turn(&self) -> usize {
        self.judge.turn()
    }

    pub fn finished(&self) -> bool {
        self.judge.finished()
    }

    /// The absolute score of the position now (the final score once finished).
    pub fn score(&self) -> i64 {
        self.judge.score()
    }

    /// Player 0's moves so far, as `x y` pairs.
    pub fn moves(&self) -> Vec<(usize, usize)> {
        self.played.iter().map(|p| p.mv).collect()
    }

    /// The request's turn must be the number of turns played: a page that
    /// has not seen the latest turn (another tab, a double click) must not
    /// move or undo blindly.
    /// The message says which way the page is off: behind the game (it
    /// missed a turn played elsewhere) or ahead of it (a turn taken back).
    fn check_turn(&self, turn: usize) -> Result<(), Refusal> {
        let played = self.turn();
        let when = match turn.cmp(&played) {
            std::cmp::Ordering::Equal => return Ok(()),
            std::cmp::Ordering::Less => "stale turn: in the past",
            std::cmp::Ordering::Greater => "turn in the future",
        };
        Err(Refusal::Conflict(format!(
            "{when}: the request is for turn {turn} but the game has played {played} turns"
        )))
    }

    /// Plays the next turn with player 0 moving to (x, y).
    pub fn play(&mut self, turn: usize, x: usize, y: usize) -> Result<(), Refusal> {
        self.check_turn(turn)?;
        if self.finished() {
            return Err(Refusal::Conflict("the game is over: no more moves".into()));
        }
        if x >= N || y >= N {
            return Err(Refusal::Invalid(format!(
                "({x}, {y}) is not on the board (rows and columns 0 to {})",
                N - 1
            )));
        }
        let before = self.judge.state;
        let (feedback, outcome) = self.judge.play(x, y).map_err(|_| {
            let (i, j) = coords(before.pos[0]);
            Refusal::Invalid(format!(
                "({x}, {y}) is not a legal destination: player 0 stands on ({i}, {j}) and may \
                 move only to the highlighted cells"
            ))
        })?;
        self.coach.observe(&feedback);
        self.played.push(Played {
            mv: (x, y),
            feedback,
            outcome,
            before,
        });
        Ok(())
    }

    /// Takes back the last turn.
    pub fn undo(&mut self, turn: usize) -> Result<(), Refusal> {
        self.check_turn(turn)?;
        let Some(last) = self.played.pop() else {
            return Err(Refusal::Conflict(
                "nothing to undo: no turn played yet".into(),
            ));
        };
        self.judge.state = last.before;
        // Advice for later turns was for the line of play just taken back.
        self.advice.truncate(self.turn() + 1);
        // The bot's belief cannot be stepped back: a new one follows the
        // turns kept, from the same seed, so it is the one it was then.
        self.coach = Coach::new(
            &self.case.input.game,
            self.settings.work,
            self.settings.seed,
        );
        for played in &self.played {
            self.coach.observe(&played.feedback);
        }
        Ok(())
    }

    /// The coach's advice for the coming turn (kept per turn).
    pub fn advise(&mut self, turn: usize) -> Result<Value, Refusal> {
        self.check_turn(turn)?;
        if self.finished() {
            return Err(Refusal::Conflict(
                "the game is over: no move to advise".into(),
            ));
        }
        let t = self.turn();
        if self.advice.len() <= t {
            self.advice.resize(t + 1, None);
        }
        if self.advice[t].is_none() {
            self.advice[t] = Some(self.coach.advise());
        }
        Ok(self.advice[t].clone().expect("just set"))
    }

    /// The game as the page draws it.
    pub fn view(&self) -> Value {
        let game = &self.case.input.game;
        let m = game.m;
        let state = &self.judge.state;
        let legal: Vec<(usize, usize)> = if self.finished() {
            Vec::new()
        } else {
            cells(rules::legal_moves(state, m, 0)).map(coords).collect()
        };
        let last = self.played.last().map(|p| {
            json!({
                "from": p.before.pos[..m].to_vec(),
                "dest": p.feedback.dest[..m].to_vec(),
                "collided": p.outcome.collided,
                "bounced": p.outcome.bounced,
            })
        });
        let best = state.best_ai_score(m);
        json!({
            "case": self.case.name,
            "n": N,
            "m": m,
            "u": game.u,
            "turns": game.turns,
            "value": game.value.to_vec(),
            "turn": self.turn(),
            "finished": self.finished(),
            "owner": state.owner.to_vec(),
            "level": state.level.to_vec(),
            "pos": state.pos[..m].to_vec(),
            "score": state.score[..m].to_vec(),
            "absolute": absolute_score(state.score[0], best),
            "legal": legal,
            "last": last,
            "moves": self.moves(),
        })
    }

    /// Whether (x, y) is a legal destination now (for tests and the page's checks).
    pub fn is_legal(&self, x: usize, y: usize) -> bool {
        x < N
            && y < N
            && !self.finished()
            && rules::is_legal(&self.judge.state, self.case.input.game.m, 0, cell(x, y))
    }
}
