//! Which paths through the rules the 60 recorded games take, and a case
//! built by hand from docs/RULES.md for each path they never take.
//!
//! The local judge (tools/sim) calls the engine's own `ai::choose` and
//! `rules::resolve`, so a test that plays the bot against it checks the
//! engine against itself. Only data from outside can check the rules: the
//! recorded judge streams (tests/transcripts.rs), and the cases below,
//! whose expected outcomes are derived in their comments from docs/RULES.md
//! alone. The classifier here reads each turn from the positions before and
//! after it, not from inside the engine, and the hand-built cases are
//! checked to reach the path they are named for.

#![allow(clippy::needless_range_loop)]

use std::collections::BTreeMap;
use std::fs;

use ahc061::engine::ai::{self, AiParams};
use ahc061::engine::board::{
    Bits, CELLS, Cell, MAX_PLAYERS, bit, cell, cells, flood, has, neighbours,
};
use ahc061::engine::rules::{self, Candidates, Outcome};
use ahc061::engine::state::{Game, NOBODY, State};
use ahc061_sim::judge::Judge;

mod common;

/// A path through the rules: a branch of docs/RULES.md §2 (a turn) or §4
/// (an AI's choice) that a turn may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Path {
    /// §4: r1 < ε, a candidate by position.
    RandomMove,
    /// §4: greedy, one candidate holds the largest value.
    GreedyOneBest,
    /// §4: greedy, two or more candidates hold exactly the largest value.
    GreedyExactTie,
    /// §4: greedy, a candidate below the largest value but within the
    /// tolerance of it.
    GreedyNearTie,
    /// §4: greedy, the largest value below 1 (every candidate an own cell
    /// at the cap, worth 0), where the tolerance's floor of 1 counts.
    GreedyBestBelowOne,
    /// §4: the search visits a cell another piece stands on and leaves it
    /// out of the list.
    ListSkipsAPiece,
    /// §2.2: two or more pieces on an unowned cell, all sent back.
    CollisionOnUnowned,
    /// §2.2: the cell's owner among the pieces: it stays, the others go back.
    CollisionOwnerStays,
    /// §2.2: an owned cell whose owner is not among the pieces: all go back.
    CollisionOwnerAbsent,
    /// §2.2: three or more pieces on one cell.
    CollisionOfThree,
    /// §2.3: an unowned cell taken at level 1.
    Occupy,
    /// §2.3: an own cell below the cap raised one level.
    Reinforce,
    /// §2.3: an own cell at the cap: nothing changes.
    AtCap,
    /// §2.3: another's cell above level 1 lowered, the piece sent back.
    AttackBounces,
    /// §2.3: another's level-1 cell taken at level 1.
    AttackCaptures,
    /// A capture that cuts the loser's reach in two: the part away from its
    /// piece is no longer reachable.
    CaptureSplitsReach,
    /// A capture of a cell the loser owns away from its reach.
    CaptureOutsideReach,
    /// A piece moves onto a cell that joins land of its own it could not
    /// reach before.
    MoveJoinsLand,
    /// A piece moves, and a capture in the same turn cuts it off from where
    /// it stood.
    MoveCutOffBehind,
}

/// Paths of AI `p`'s choice this turn, from the start-of-turn position.
fn choice_paths(game: &Game, state: &State, p: usize, params: &AiParams, r1: f64) -> Vec<Path> {
    let mut paths = Vec::new();
    let list = Candidates::of(state, game.m, p);
    let reach = rules::reach(state, p);
    let visited = reach | neighbours(reach);
    let others = state.pieces(game.m) & !bit(state.pos[p]);
    if visited & others != 0 {
        paths.push(Path::ListSkipsAPiece);
    }
    if r1 < params.eps {
        paths.push(Path::RandomMove);
        return paths;
    }
    let values: Vec<f64> = list
        .as_slice()
        .iter()
        .map(|&c| params.value(game, state, p, c))
        .collect();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exact = values.iter().filter(|&&v| v == best).count();
    let near = values
        .iter()
        .any(|&v| v != best && v >= best - ai::tie_tolerance(best));
    paths.push(if exact > 1 {
        Path::GreedyExactTie
    } else {
        Path::GreedyOneBest
    });
    if near {
        paths.push(Path::GreedyNearTie);
    }
    if best.abs() < 1.0 {
        paths.push(Path::GreedyBestBelowOne);
    }
    paths
}

/// Paths of one resolved turn: `before` and `after` the destinations `dest`.
fn turn_paths(
    game: &Game,
    before: &State,
    after: &State,
    dest: &[Cell; MAX_PLAYERS],
    outcome: Outcome,
) -> Vec<Path> {
    let m = game.m;
    let mut paths = Vec::new();
    for d in 0..CELLS as Cell {
        let on: Vec<usize> = (0..m).filter(|&p| dest[p] == d).collect();
        if on.len() < 2 {
            continue;
        }
        let owner = before.owner[d as usize];
        paths.push(if owner == NOBODY {
            Path::CollisionOnUnowned
        } else if on.contains(&(owner as usize)) {
            Path::CollisionOwnerStays
        } else {
            Path::CollisionOwnerAbsent
        });
        if on.len() > 2 {
            paths.push(Path::CollisionOfThree);
        }
    }
    for p in 0..m {
        if outcome.collided >> p & 1 == 1 {
            continue;
        }
        let d = dest[p];
        let owner = before.owner[d as usize];
        let level = before.level[d as usize];
        if owner == NOBODY {
            paths.push(Path::Occupy);
        } else if owner == p as i8 {
            paths.push(if level < game.u {
                Path::Reinforce
            } else {
                Path::AtCap
            });
        } else if level > 1 {
            paths.push(Path::AttackBounces);
        } else {
            paths.push(Path::AttackCaptures);
            let q = owner as usize;
            if !has(before.reach[q], d) {
                paths.push(Path::CaptureOutsideReach);
            } else if !stays_connected(before.reach[q] & !bit(d)) {
                paths.push(Path::CaptureSplitsReach);
            }
        }
        let moved = outcome.returned() >> p & 1 == 0 && d != before.pos[p];
        if !moved {
            continue;
        }
        let land_before = before.owned[p] & !before.reach[p] & !bit(d);
        if after.reach[p] & land_before != 0 {
            paths.push(Path::MoveJoinsLand);
        }
        // A cell of its start-of-turn reach changed hands, and the piece's
        // new reach no longer holds where it stood.
        let lost = before.reach[p] & !after.owned[p];
        if lost != 0 && !has(after.reach[p], before.pos[p]) {
            paths.push(Path::MoveCutOffBehind);
        }
    }
    paths
}

/// Whether `set` is empty or one connected piece.
fn stays_connected(set: Bits) -> bool {
    cells(set).next().is_none_or(|c| flood(bit(c), set) == set)
}

/// Every path, in the order of [`Path`].
const ALL_PATHS: [Path; 19] = [
    Path::RandomMove,
    Path::GreedyOneBest,
    Path::GreedyExactTie,
    Path::GreedyNearTie,
    Path::GreedyBestBelowOne,
    Path::ListSkipsAPiece,
    Path::CollisionOnUnowned,
    Path::CollisionOwnerStays,
    Path::CollisionOwnerAbsent,
    Path::CollisionOfThree,
    Path::Occupy,
    Path::Reinforce,
    Path::AtCap,
    Path::AttackBounces,
    Path::AttackCaptures,
    Path::CaptureSplitsReach,
    Path::CaptureOutsideReach,
    Path::MoveJoinsLand,
    Path::MoveCutOffBehind,
];

/// How often each path is taken along the 60 recorded games (AI choices
/// counted per AI and turn, resolutions per piece or collision).
fn transcript_counts() -> BTreeMap<Path, usize> {
    let index = format!(
        "{}/tests/data/transcripts/INDEX.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut counts: BTreeMap<Path, usize> = ALL_PATHS.iter().map(|&p| (p, 0)).collect();
    for line in fs::read_to_string(index).unwrap().lines().skip(1) {
        let case = line.split('\t').next().unwrap();
        let mut judge = Judge::new(common::input(case));
        let game = judge.input.game.clone();
        for (x, y) in common::recorded_moves(case) {
            let before = judge.state;
            let r = judge.input.r[before.turn];
            let mut dest = judge.ai_moves();
            dest[0] = cell(x, y);
            let mut paths = Vec::new();
            for p in 1..game.m {
                paths.extend(choice_paths(
                    &game,
                    &before,
                    p,
                    &judge.input.params[p],
                    r[p].0,
                ));
            }
            let (_, outcome) = judge.play(x, y).unwrap();
            paths.extend(turn_paths(&game, &before, &judge.state, &dest, outcome));
            for path in paths {
                *counts.get_mut(&path).unwrap() += 1;
            }
        }
    }
    counts
}

/// The paths no recorded game takes: each has a case below. A recorded game
/// that comes to take one (or stops taking another) changes this list and
/// tests/README.md's table with it.
const NEVER_RECORDED: [Path; 1] = [Path::GreedyNearTie];

#[test]
fn the_recorded_games_take_every_path_but_the_hand_built_ones() {
    let counts = transcript_counts();
    for (path, n) in &counts {
        println!("{path:?}\t{n}");
    }
    let never: Vec<Path> = counts
        .iter()
        .filter(|&(_, &n)| n == 0)
        .map(|(&p, _)| p)
        .collect();
    assert_eq!(never, NEVER_RECORDED, "counts: {counts:?}");
}

/// The one path no recorded game takes: two candidates whose values differ,
/// but by less than the tolerance (docs/RULES.md §4).
///
/// Mutation this catches: `ai::TIE_RELATIVE = 0.0` (its own cell no longer
/// ties, and r2 = 0 picks (4,5)).
#[test]
fn a_near_tie_by_hand_ties_as_the_rules_say() {
    // AI 1 alone on (4,4), at level 1 < U = 3. Its list (BFS right, down,
    // left, up) is B = [(4,4), (4,5), (5,4), (4,3), (3,4)]: its own cell,
    // worth 1000·wb, then four unowned cells worth 1000·wa = 500 each.
    // With wb = 0.5·(1 − 5e−10) its own cell is worth 500 − 2.5e−7: below
    // the best, a = 500, by less than 1e−9·max(|a|, 1) = 5e−7, so all five
    // tie; kept in B's order, r2 = 0 picks the first, (4,4).
    let g = common::game(2, 1000, &[(9, 9), (4, 4)]);
    let s = g.initial_state();
    let params = AiParams {
        wa: 0.5,
        wb: 0.5 * (1.0 - 5e-10),
        wc: 0.5,
        wd: 0.5,
        eps: 0.1,
    };
    let (r1, r2) = (0.5, 0.0);
    assert_eq!(ai::choose(&g, &s, 1, &params, r1, r2), cell(4, 4));
    // r2 = 0.99: tie ⌊0.99·5⌋ = 4, the last, (3,4).
    assert_eq!(ai::choose(&g, &s, 1, &params, r1, 0.99), cell(3, 4));
    // The four unowned cells tie exactly, its own cell within the tolerance.
    assert_eq!(
        choice_paths(&g, &s, 1, &params, r1),
        [Path::GreedyExactTie, Path::GreedyNearTie]
    );
}

/// The classifier, by hand: a capture that cuts the loser's reach is told
/// apart from one that does not.
///
/// Player 1 owns (0,0) (its piece) – (0,1) – (0,2), all level 1, in a row;
/// player 0 stands on (1,1) and takes (0,1): the row is cut, (0,2) falls out
/// of player 1's reach (docs/RULES.md §2: reach runs through own cells
/// connected to the piece).
#[test]
fn a_capture_that_cuts_a_reach_is_told_apart() {
    let g = common::game(2, 1000, &[(1, 1), (0, 0)]);
    let mut owner = [NOBODY; CELLS];
    let mut level = [0u8; CELLS];
    for (c, p) in [
        (cell(1, 1), 0),
        (cell(0, 0), 1),
        (cell(0, 1), 1),
        (cell(0, 2), 1),
    ] {
        owner[c as usize] = p;
        level[c as usize] = 1;
    }
    let before = g.state_from_grids(&owner, &level, &g.start, 0);
    let mut after = before;
    // Player 1 stays on (0,0): a raise to level 2.
    let dest = {
        let mut d = [0; MAX_PLAYERS];
        d[0] = cell(0, 1);
        d[1] = cell(0, 0);
        d
    };
    let outcome = rules::resolve(&g, &mut after, &dest);
    assert_eq!(after.owner[cell(0, 1) as usize], 0);
    assert_eq!(after.reach[1], bit(cell(0, 0)));
    let paths = turn_paths(&g, &before, &after, &dest, outcome);
    assert_eq!(
        paths,
        [
            Path::AttackCaptures,
            Path::CaptureSplitsReach,
            Path::Reinforce
        ]
    );
}
