//! What several of the root tests share: the recorded inputs, a constructed
//! game and a constructed duel position, and a whole game of a policy
//! against the local judge.

// Each test binary uses its own part of this.
#![allow(dead_code)]

use ahc061::agent::Policy;
use ahc061::board::{Cell, MAX_PLAYERS, cell, coords};
use ahc061::mirror::Mirror;
use ahc061::state::{Game, NOBODY, State};
use ahc061_sim::judge::{Judge, ToolInput};

/// The public case tests/data/in/`case`.txt.
pub fn input(case: &str) -> ToolInput {
    let path = format!("{}/tests/data/in/{case}.txt", env!("CARGO_MANIFEST_DIR"));
    ToolInput::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
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
    let mut start = [0; MAX_PLAYERS];
    start[0] = ours;
    start[1] = theirs;
    let mut game = Game {
        m: 2,
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
    let mut pos = [0; MAX_PLAYERS];
    pos[0] = ours;
    pos[1] = theirs;
    let state = game.state_from_grids(&owner, &level, &pos, 10);
    state.check_invariants(&game).unwrap();
    (game, state)
}
