//! What several of the root tests share: the recorded inputs, a constructed
//! game and a constructed duel position, and a whole game of a policy
//! against the local judge.

// Each test binary uses its own part of this.
#![allow(dead_code)]

use ahc061::agent::Policy;
use ahc061::engine::ai::{AiParams, NO_PARAMS};
use ahc061::engine::board::{Cell, MAX_PLAYERS, cell, coords};
use ahc061::engine::state::{Game, NOBODY, State};
use ahc061::judge::mirror::Mirror;
use ahc061::policy::base::AiView;
use ahc061_sim::judge::{Judge, ToolInput};

/// The public case tests/data/in/`case`.txt.
pub fn input(case: &str) -> ToolInput {
    let path = format!("{}/tests/data/in/{case}.txt", env!("CARGO_MANIFEST_DIR"));
    ToolInput::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Player 0's moves in recorded game `case`
/// (tests/data/transcripts/`case`.moves), as (row, column).
pub fn recorded_moves(case: &str) -> Vec<(usize, usize)> {
    let path = format!(
        "{}/tests/data/transcripts/{case}.moves",
        env!("CARGO_MANIFEST_DIR")
    );
    (std::fs::read_to_string(path).unwrap().lines())
        .map(|line| {
            let v: Vec<usize> = (line.split_whitespace())
                .map(|t| t.parse().unwrap())
                .collect();
            (v[0], v[1])
        })
        .collect()
}

/// A game of `m` players on a board where every cell is worth `value`,
/// U = 3, the pieces starting on `starts` (row, column).
pub fn game(m: usize, value: u32, starts: &[(usize, usize)]) -> Game {
    let mut start = [0; MAX_PLAYERS];
    for (p, &(i, j)) in starts.iter().enumerate() {
        start[p] = cell(i, j);
    }
    Game {
        m,
        turns: 100,
        u: 3,
        value: [value; 100],
        start,
    }
}

/// Plays public case `case` in-process with the policy `make` builds;
/// every move must be legal (the judge checks). Returns the score and the
/// moves.
pub fn play(case: &str, make: impl FnOnce(&Mirror) -> Box<dyn Policy>) -> (i64, Vec<Cell>) {
    let mut judge = Judge::new(input(case));
    let mut mirror = Mirror::new(judge.input.game.clone());
    let mut bot = make(&mirror);
    let mut moves = Vec::new();
    while !judge.finished() {
        let mv = bot.choose(&mirror);
        moves.push(mv);
        let (x, y) = coords(mv);
        let (feedback, _) = judge.play(x, y).expect("a legal move");
        let before = mirror.state;
        mirror.apply(&feedback);
        bot.observe(&mirror, &before, &feedback);
    }
    (judge.score(), moves)
}

/// A duel on a board of 500s with U = 3, the pieces at `ours` and `theirs`,
/// `cells` listing (cell, owner, level) and `values` the cells worth more.
pub fn duel(
    ours: Cell,
    theirs: Cell,
    cells: &[(Cell, i8, u8)],
    values: &[(Cell, u32)],
) -> (Game, State) {
    position(&[ours, theirs], cells, values)
}

/// A position on a board of 500s with U = 3, turn 10, one player per piece
/// of `pieces` (player 0 first), `cells` listing (cell, owner, level) and
/// `values` the cells worth more.
pub fn position(
    pieces: &[Cell],
    cells: &[(Cell, i8, u8)],
    values: &[(Cell, u32)],
) -> (Game, State) {
    let mut start = [0; MAX_PLAYERS];
    start[..pieces.len()].copy_from_slice(pieces);
    let mut game = Game {
        m: pieces.len(),
        turns: 100,
        u: 3,
        value: [500; 100],
        start,
    };
    for &(c, v) in values {
        game.value[c as usize] = v;
    }
    let mut owner = [NOBODY; 100];
    let mut level = [0; 100];
    for &(c, o, l) in cells {
        owner[c as usize] = o;
        level[c as usize] = l;
    }
    let state = game.state_from_grids(&owner, &level, &start, 10);
    state.check_invariants(&game).unwrap();
    (game, state)
}

/// An AI that wants to attack (wc, wd) far more than to grow (wa, wb).
pub const ATTACKER: ahc061::engine::ai::AiParams = ahc061::engine::ai::AiParams {
    wa: 0.3,
    wb: 0.3,
    wc: 1.0,
    wd: 1.0,
    eps: 0.1,
};

/// A duel position where one-move lookahead goes wrong, with the moves that
/// are right in it.
pub struct Lesson {
    pub game: Game,
    pub state: State,
    /// What one-move lookahead (the greedy policy) plays.
    pub greedy: Cell,
    /// The right moves.
    pub right: Vec<Cell>,
}

/// The AI (its cells at the cap) is about to attack our valuable level-2
/// cell X. One-move lookahead takes the more valuable land G; stepping on X
/// instead raises it and voids the attack, and G is still there next turn,
/// out of the AI's reach.
pub fn parry_lesson() -> Lesson {
    let (x, g) = (cell(5, 4), cell(5, 6));
    let (game, state) = duel(
        cell(5, 5),
        cell(5, 2),
        &[
            (cell(5, 5), 0, 1),
            (x, 0, 2),
            (cell(5, 2), 1, 3),
            (cell(5, 3), 1, 3),
        ],
        &[(x, 3000), (g, 4000)],
    );
    Lesson {
        game,
        state,
        greedy: g,
        right: vec![x],
    }
}

/// Our valuable level-1 cell X hangs on our piece through the cheap level-1
/// cell W, which the AI is about to take: that cuts X off from us, with the
/// AI's piece next to it, and it takes X the turn after. One-move lookahead
/// grabs the richer land G (out of the AI's reach, still there later). The
/// right moves keep X: standing on W (the AI's move is void), on X (a cell
/// holding our piece cannot be attacked), or next to X (our piece keeps X in
/// reach, to block the attack).
pub fn threatened_cell_lesson() -> Lesson {
    let (w, x, g) = (cell(5, 6), cell(5, 5), cell(6, 7));
    let (game, state) = duel(
        cell(5, 7),
        cell(4, 6),
        &[(cell(5, 7), 0, 3), (w, 0, 1), (x, 0, 1), (cell(4, 6), 1, 3)],
        &[(x, 5000), (g, 6000)],
    );
    Lesson {
        game,
        state,
        greedy: g,
        right: vec![w, x, cell(4, 5), cell(6, 5), cell(5, 4)],
    }
}

/// What `look` makes of the position with the players playing by `params`
/// (player 0's first, unused; the rest [`NO_PARAMS`]): every AI's legal
/// set and greedy target, as a base policy sees them.
pub fn seeing<R>(
    game: &Game,
    state: &State,
    params: &[AiParams],
    look: impl FnOnce(&AiView) -> R,
) -> R {
    let mut all = [NO_PARAMS; MAX_PLAYERS];
    all[..params.len()].copy_from_slice(params);
    let legal = ahc061::engine::rules::ai_legal_moves(state, game.m);
    let targets = ahc061::engine::ai::greedy_targets(game, state, &all, &legal);
    look(&AiView {
        params: &all,
        legal: &legal,
        targets: &targets,
    })
}
