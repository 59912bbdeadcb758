//! One test per rule of docs/RULES.md §2–§4, on small constructed positions.

use ahc061::engine::ai::{self, AiParams};
use ahc061::engine::board::{Cell, MAX_PLAYERS, cell, cells, has};
use ahc061::engine::rules::{self, Candidates, Outcome};
use ahc061::engine::state::{Game, NOBODY, State};

/// A game with `m` players on the given starts, level cap `u`, all values 1000
/// except where `values` says otherwise.
fn game(m: usize, u: u8, starts: &[(usize, usize)]) -> Game {
    let mut start = [0; MAX_PLAYERS];
    for (p, &(x, y)) in starts.iter().enumerate() {
        start[p] = cell(x, y);
    }
    Game {
        m,
        turns: 100,
        u,
        value: [1000; 100],
        start,
    }
}

/// Gives cell (x, y) to player `p` at `level` (bitboards and scores too).
fn set(game: &Game, state: &mut State, x: usize, y: usize, p: i8, level: u8) {
    let mut owner = state.owner;
    let mut levels = state.level;
    owner[cell(x, y) as usize] = p;
    levels[cell(x, y) as usize] = level;
    *state = game.state_from_grids(&owner, &levels, &state.pos, state.turn);
}

/// Plays one turn with the given destinations for players 0..m.
fn play(game: &Game, state: &mut State, moves: &[(usize, usize)]) -> Outcome {
    let mut dest = [0; MAX_PLAYERS];
    for (p, &(x, y)) in moves.iter().enumerate() {
        assert!(
            rules::is_legal(state, game.m, p, cell(x, y)),
            "player {p} to ({x}, {y}) must be legal"
        );
        dest[p] = cell(x, y);
    }
    let outcome = rules::resolve(game, state, &dest);
    for p in 0..game.m {
        assert_eq!(
            state.score[p],
            game.score_of(state, p),
            "incremental score of player {p}"
        );
    }
    outcome
}

#[test]
fn occupation_takes_an_unowned_cell_at_level_1() {
    let g = game(2, 3, &[(0, 0), (9, 9)]);
    let mut s = g.initial_state();
    play(&g, &mut s, &[(0, 1), (9, 9)]);
    assert_eq!(
        (s.owner[cell(0, 1) as usize], s.level[cell(0, 1) as usize]),
        (0, 1)
    );
    assert_eq!(s.pos[0], cell(0, 1));
    assert_eq!(s.score[0], 2000);
}

#[test]
fn reinforcement_raises_the_level_and_stops_at_the_cap() {
    let g = game(2, 2, &[(0, 0), (9, 9)]);
    let mut s = g.initial_state();
    play(&g, &mut s, &[(0, 0), (9, 9)]);
    assert_eq!(s.level[0], 2);
    play(&g, &mut s, &[(0, 0), (9, 9)]);
    assert_eq!(s.level[0], 2, "capped at U");
    assert_eq!(s.score[0], 2000);
}

#[test]
fn an_attack_that_does_not_take_the_cell_sends_the_piece_back_and_keeps_the_level_loss() {
    let g = game(2, 3, &[(0, 0), (0, 2)]);
    let mut s = g.initial_state();
    set(&g, &mut s, 0, 1, 1, 2);
    let outcome = play(&g, &mut s, &[(0, 1), (0, 2)]);
    assert_eq!(outcome.bounced, 0b01);
    assert_eq!(s.pos[0], cell(0, 0), "piece back home");
    assert_eq!(
        (s.owner[1], s.level[1]),
        (1, 1),
        "owner kept, level lowered"
    );
    // Player 1 stayed home (reinforced to 2) and keeps (0,1) at level 1.
    assert_eq!(s.score[1], 2000 + 1000);
}

#[test]
fn an_attack_that_brings_the_level_to_0_takes_the_cell_at_level_1() {
    let g = game(2, 3, &[(0, 0), (0, 2)]);
    let mut s = g.initial_state();
    set(&g, &mut s, 0, 1, 1, 1);
    let outcome = play(&g, &mut s, &[(0, 1), (0, 2)]);
    assert_eq!(outcome.returned(), 0);
    assert_eq!(s.pos[0], cell(0, 1), "the piece stays on the taken cell");
    assert_eq!((s.owner[1], s.level[1]), (0, 1));
    assert!(!has(s.owned[1], cell(0, 1)));
    assert_eq!(
        (s.score[0], s.score[1]),
        (2000, 2000),
        "player 1 reinforced its home"
    );
}

#[test]
fn an_empty_cell_chosen_by_two_players_goes_to_nobody() {
    let g = game(2, 3, &[(0, 0), (0, 2)]);
    let mut s = g.initial_state();
    let outcome = play(&g, &mut s, &[(0, 1), (0, 1)]);
    assert_eq!(outcome.collided, 0b11);
    assert_eq!(s.owner[1], NOBODY);
    assert_eq!(
        (s.pos[0], s.pos[1]),
        (cell(0, 0), cell(0, 2)),
        "both pieces go back"
    );
}

#[test]
fn a_players_own_piece_survives_a_collision_on_its_own_cell() {
    // Player 1 owns (0,1) but its piece stands on (0,2) and moves back onto
    // (0,1) while player 0 attacks it: the owner's piece stays.
    let g = game(2, 3, &[(0, 0), (0, 2)]);
    let mut s = g.initial_state();
    set(&g, &mut s, 0, 1, 1, 1);
    let outcome = play(&g, &mut s, &[(0, 1), (0, 1)]);
    assert_eq!(outcome.collided, 0b01, "only the intruder is removed");
    assert_eq!(s.pos[1], cell(0, 1));
    assert_eq!((s.owner[1], s.level[1]), (1, 2), "the owner reinforces");
    assert_eq!(s.pos[0], cell(0, 0));
}

#[test]
fn a_collision_on_a_cell_whose_owner_is_not_among_the_pieces_removes_them_all() {
    // Players 0 and 2 both attack player 1's cell while player 1 stays home.
    let g = game(3, 3, &[(0, 0), (5, 5), (0, 2)]);
    let mut s = g.initial_state();
    set(&g, &mut s, 0, 1, 1, 1);
    let outcome = play(&g, &mut s, &[(0, 1), (5, 5), (0, 1)]);
    assert_eq!(outcome.collided, 0b101);
    assert_eq!((s.owner[1], s.level[1]), (1, 1), "nobody attacked it");
}

#[test]
fn legal_moves_are_the_reach_and_its_border_minus_other_pieces() {
    let g = game(2, 3, &[(0, 0), (0, 2)]);
    let mut s = g.initial_state();
    set(&g, &mut s, 0, 1, 0, 1);
    let legal: Vec<Cell> = cells(rules::legal_moves(&s, 2, 0)).collect();
    // Reach {(0,0),(0,1)}; border (1,0),(1,1),(0,2); (0,2) holds player 1's piece.
    assert_eq!(legal, vec![cell(0, 0), cell(0, 1), cell(1, 0), cell(1, 1)]);
}

#[test]
fn reach_runs_only_through_own_cells_connected_to_the_piece() {
    let g = game(2, 3, &[(0, 0), (9, 9)]);
    let mut s = g.initial_state();
    set(&g, &mut s, 5, 5, 0, 1); // an island, cut off from the piece
    assert!(!rules::is_legal(&s, 2, 0, cell(5, 6)));
    assert!(!rules::is_legal(&s, 2, 0, cell(5, 5)));
    assert!(rules::is_legal(&s, 2, 0, cell(1, 0)));
}

#[test]
fn the_candidate_list_is_a_bfs_right_down_left_up_skipping_other_pieces() {
    let g = game(2, 3, &[(4, 4), (4, 5)]);
    let mut s = g.initial_state();
    set(&g, &mut s, 5, 4, 0, 1);
    let list = Candidates::of(&s, 2, 0);
    // From (4,4): right (4,5) holds player 1 (visited, not listed), down
    // (5,4) own, left (4,3), up (3,4); then (5,4) expands: right (5,5), down
    // (6,4), left (5,3).
    let expected =
        [(4, 4), (5, 4), (4, 3), (3, 4), (5, 5), (6, 4), (5, 3)].map(|(x, y)| cell(x, y));
    assert_eq!(list.as_slice(), &expected);
}

fn params(wa: f64, wb: f64, wc: f64, wd: f64, eps: f64) -> AiParams {
    AiParams {
        wa,
        wb,
        wc,
        wd,
        eps,
    }
}

#[test]
fn a_random_ai_move_picks_the_candidate_at_r2_times_the_list_length() {
    let g = game(2, 3, &[(9, 9), (4, 4)]);
    let s = g.initial_state();
    let list = Candidates::of(&s, 2, 1);
    let p = params(1.0, 0.5, 0.5, 0.5, 0.3);
    for k in 0..list.len() {
        let r2 = (k as f64 + 0.5) / list.len() as f64;
        assert_eq!(ai::choose(&g, &s, 1, &p, 0.1, r2), list.as_slice()[k]);
    }
}

#[test]
fn a_greedy_ai_breaks_ties_by_r2_in_candidate_order() {
    // All four neighbours are unowned cells of value 1000: ties between them
    // (its own cell is worth wb·V = 500 < wa·V).
    let g = game(2, 3, &[(9, 9), (4, 4)]);
    let s = g.initial_state();
    let p = params(1.0, 0.5, 0.5, 0.5, 0.3);
    let ties = [(4, 5), (5, 4), (4, 3), (3, 4)].map(|(x, y)| cell(x, y));
    for (k, &c) in ties.iter().enumerate() {
        let r2 = (k as f64 + 0.5) / 4.0;
        assert_eq!(ai::choose(&g, &s, 1, &p, 0.9, r2), c);
    }
}

#[test]
fn a_greedy_ai_takes_the_highest_value_and_an_own_cell_at_the_cap_is_worth_nothing() {
    let mut g = game(2, 1, &[(9, 9), (4, 4)]);
    g.value[cell(4, 4) as usize] = 5000; // its own cell: at cap U = 1, worth 0
    g.value[cell(3, 4) as usize] = 1200;
    let s = g.initial_state();
    let p = params(0.5, 1.0, 0.5, 0.5, 0.1);
    assert_eq!(ai::choose(&g, &s, 1, &p, 0.9, 0.0), cell(3, 4));
}

#[test]
fn values_within_the_judges_tolerance_count_as_ties() {
    let mut g = game(2, 3, &[(9, 9), (4, 4)]);
    g.value[cell(4, 5) as usize] = 999;
    let s = g.initial_state();
    // 999 · 1.000000000001 differs from 999 by far less than 1e-9 · 1000.
    let p = params(1.000_000_000_001, 0.1, 0.1, 0.1, 0.1);
    let mut g2 = g.clone();
    g2.value[cell(4, 5) as usize] = 1000;
    assert_eq!(
        ai::choose(&g2, &s, 1, &p, 0.9, 0.0),
        cell(4, 5),
        "equal values tie, first in order"
    );
    assert_eq!(
        ai::choose(&g, &s, 1, &p, 0.9, 0.0),
        cell(5, 4),
        "a smaller value is no tie"
    );
}

/// Relative gaps between two candidates' values: half the judge's tie
/// tolerance of 1e−9 (docs/RULES.md §4), so they tie, and twice it, so they
/// do not. Written out rather than derived from `ai::TIE_RELATIVE`, so that
/// a wrong constant cannot move them along with it.
const INSIDE: f64 = 5e-10;
const BEYOND: f64 = 2e-9;

/// Mutations this catches: `ai::TIE_RELATIVE = 0.0` (the gaps of INSIDE no
/// longer tie) and `= 1e-8` (the gaps of BEYOND tie); any value outside
/// below 5e-10 or above 2e-9 fails one of the first four checks, and a tolerance
/// without its floor of 1 (`TIE_RELATIVE * best.abs()`) fails the last.
#[test]
fn a_greedy_ai_ties_values_within_the_tolerance_and_not_beyond_it() {
    // AI 1 on (4,4), its own cell at level 1 < U = 3, every value 1000.
    // Its candidate list (docs/RULES.md §4: BFS right, down, left, up) is
    // B = [(4,4), (4,5), (5,4), (4,3), (3,4)]: its own cell, worth
    // 1000·wb, then four unowned cells, worth 1000·wa each.
    let g = game(2, 3, &[(9, 9), (4, 4)]);
    let s = g.initial_state();
    let list = [(4, 4), (4, 5), (5, 4), (4, 3), (3, 4)].map(|(x, y)| cell(x, y));
    assert_eq!(Candidates::of(&s, 2, 1).as_slice(), &list);
    let greedy =
        |wa: f64, wb: f64, r2: f64| ai::choose(&g, &s, 1, &params(wa, wb, 0.1, 0.1, 0.1), 0.9, r2);
    // The first candidate a hair below the rest: best a = 500, tolerance
    // 1e−9 · 500 = 5e−7. A gap of 500 · INSIDE = 2.5e−7 ties all five, and
    // r2 = 0 picks the first tie, B[0] = (4,4); a gap of 500 · BEYOND = 1e−6
    // leaves the four unowned cells, the first of them (4,5).
    assert_eq!(greedy(0.5, 0.5 * (1.0 - INSIDE), 0.0), cell(4, 4));
    assert_eq!(greedy(0.5, 0.5 * (1.0 - BEYOND), 0.0), cell(4, 5));
    // The first candidate a hair above the rest (its own cell is the best,
    // a = 500): within the tolerance all five tie and r2 = 0.99 picks tie
    // ⌊0.99 · 5⌋ = 4, (3,4); beyond it (4,4) is the only greedy choice.
    assert_eq!(greedy(0.5 * (1.0 - INSIDE), 0.5, 0.99), cell(3, 4));
    assert_eq!(greedy(0.5 * (1.0 - BEYOND), 0.5, 0.99), cell(4, 4));
    // Below 1 the tolerance is 1e−9 · max(|a|, 1) = 1e−9 absolute: at a =
    // 0.5 a gap of 7.5e−10 ties, and r2 = 0 picks (4,4) (a tolerance of
    // 1e−9 · |a| = 5e−10 would leave (4,5)).
    assert_eq!(greedy(5e-4, 5e-4 * (1.0 - 1.5e-9), 0.0), cell(4, 4));
}

#[test]
fn no_player_ever_loses_its_last_cell_because_pieces_block_their_cells() {
    let g = game(2, 3, &[(0, 0), (0, 1)]);
    let s = g.initial_state();
    assert!(!rules::is_legal(&s, 2, 0, cell(0, 1)));
    assert!(!rules::is_legal(&s, 2, 1, cell(0, 0)));
}
