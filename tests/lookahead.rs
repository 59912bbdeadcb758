//! The searching base (src/search/lookahead.rs): on a constructed position
//! where the inner base's own move is plainly the worse, its search picks
//! the better of the base's ranked moves; with one move to weigh it is the
//! base; it is a function of the position; and a planner told to search
//! (`searching_base`) takes its move to beat from it.

use ahc061::engine::ai::{AiParams, NO_PARAMS};
use ahc061::engine::board::{Cell, cell};
use ahc061::engine::rules;
use ahc061::engine::state::{Game, State};
use ahc061::opponent::belief::Belief;
use ahc061::policy::base::{AiView, BasePolicy, HandTuned, Ranking};
use ahc061::search::clock::Allowance;
use ahc061::search::leaf::Leaf;
use ahc061::search::lookahead::{Lookahead, Search};
use ahc061::search::planner::{Config, Planner};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

mod common;

/// An AI that only grows, far from us, so that our moves alone decide.
const GROWER: AiParams = AiParams {
    wa: 1.0,
    wb: 0.9,
    wc: 0.3,
    wd: 0.3,
    eps: 0.1,
};

/// Our piece at (5, 4), level 1, beside an unowned cell (5, 3) worth ten
/// times the rest; one AI at (0, 9).
fn rich_neighbour() -> (Game, State) {
    common::position(
        &[cell(5, 4), cell(0, 9)],
        &[(cell(5, 4), 0, 1), (cell(0, 9), 1, 1)],
        &[(cell(5, 3), 5000)],
    )
}

/// An inner base that stays where it is (raising its cell), ranking the
/// other moves as the hand-tuned valuation does.
struct Stay;

impl BasePolicy for Stay {
    fn choose(&self, _: &Game, state: &State, _: &AiView) -> Cell {
        state.pos[0]
    }

    fn rank(&self, game: &Game, state: &State, ais: &AiView) -> Ranking {
        Ranking {
            base: state.pos[0],
            worth: HandTuned.rank(game, state, ais).worth,
        }
    }
}

fn lookahead(moves: usize) -> Lookahead<&'static dyn BasePolicy> {
    Lookahead {
        inner: &Stay as &dyn BasePolicy,
        search: Search {
            moves,
            seeds: 4,
            horizon: 6,
        },
        leaf: Leaf::Extrapolated,
    }
}

fn move_of(game: &Game, state: &State, policy: &dyn BasePolicy) -> Cell {
    let cell = common::seeing(game, state, &[NO_PARAMS, GROWER], |view| {
        policy.choose(game, state, view)
    });
    assert!(rules::is_legal(state, game.m, 0, cell), "a legal move");
    cell
}

#[test]
fn the_search_takes_the_rich_cell_its_base_would_not() {
    let (game, state) = rich_neighbour();
    assert_eq!(move_of(&game, &state, &Stay), cell(5, 4), "the base stays");
    assert_eq!(move_of(&game, &state, &lookahead(4)), cell(5, 3));
}

#[test]
fn with_one_move_to_weigh_it_plays_its_base() {
    let (game, state) = rich_neighbour();
    assert_eq!(move_of(&game, &state, &lookahead(1)), cell(5, 4));
}

#[test]
fn its_move_is_a_function_of_the_position() {
    // A position with several moves of like worth, where the search's own
    // random numbers could tip the choice: it must tip it the same way.
    let (game, state) = common::position(
        &[cell(5, 4), cell(4, 5)],
        &[(cell(5, 4), 0, 1), (cell(4, 5), 1, 1), (cell(4, 4), 1, 1)],
        &[],
    );
    let policy = lookahead(4);
    let first = move_of(&game, &state, &policy);
    for _ in 0..5 {
        assert_eq!(move_of(&game, &state, &policy), first);
    }
}

/// The move a planner over [`Stay`] plays with no rollouts to race: its
/// move to beat.
fn move_to_beat(searching_base: bool) -> Cell {
    let (game, state) = rich_neighbour();
    let config = Config {
        searching_base,
        leaf: Leaf::Extrapolated,
        ..Config::default()
    };
    let belief = Belief::new(game.m, 200, &mut Pcg64Mcg::seed_from_u64(3));
    let mut planner = Planner::new(config, Box::new(Stay), 7);
    planner
        .choose(&game, &state, &belief, Allowance::Rollouts(0))
        .cell
}

#[test]
fn a_planner_told_to_search_beats_the_searched_move() {
    assert_eq!(move_to_beat(false), cell(5, 4), "the plain base stays");
    assert_eq!(move_to_beat(true), cell(5, 3));
}
