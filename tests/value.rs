//! The learned value (src/search/value.rs) with the committed weights, on
//! constructed positions: what it sees of the board changes its value the
//! way the game says it should.

use ahc061::engine::ai::{AiParams, NO_PARAMS};
use ahc061::engine::board::{MAX_PLAYERS, cell};
use ahc061::engine::state::{Game, NOBODY, State};
use ahc061::search::leaf::objective;
use ahc061::search::value::{FEATURES, ValueNet, features};

mod common;

fn params() -> [AiParams; MAX_PLAYERS] {
    let mut params = [NO_PARAMS; MAX_PLAYERS];
    for slot in params.iter_mut().take(3).skip(1) {
        *slot = AiParams {
            wa: 0.6,
            wb: 0.6,
            wc: 0.6,
            wd: 0.6,
            eps: 0.3,
        };
    }
    params
}

/// Turn 40 of three players: ours the 3×3 block in the top-left corner at
/// level 1; the leader's seven cells at level 3 an L around that block
/// (`walled`) or the same L in the bottom-right corner; the other AI one
/// cell at (9, 0). The same cells, levels and scores either way.
fn position(walled: bool) -> (Game, State) {
    let g = common::game(3, 1000, &[(0, 0), (3, 3), (9, 0)]);
    let mut owner = [NOBODY; 100];
    let mut level = [0u8; 100];
    for i in 0..3 {
        for j in 0..3 {
            owner[cell(i, j) as usize] = 0;
            level[cell(i, j) as usize] = 1;
        }
    }
    let wall = [(3, 0), (3, 1), (3, 2), (3, 3), (2, 3), (1, 3), (0, 3)];
    for &(i, j) in &wall {
        let c = if walled {
            cell(i, j)
        } else {
            cell(9 - i, 9 - j)
        };
        owner[c as usize] = 1;
        level[c as usize] = 3;
    }
    owner[cell(9, 0) as usize] = 2;
    level[cell(9, 0) as usize] = 1;
    let leader = if walled { cell(3, 3) } else { cell(6, 6) };
    let mut pos = [0; MAX_PLAYERS];
    pos[1] = leader;
    pos[2] = cell(9, 0);
    let state = g.state_from_grids(&owner, &level, &pos, 40);
    (g, state)
}

#[test]
#[ignore = "the premise does not hold: 64 playouts value the two positions level (0.891 walled, \
            0.888 open), and the committed value puts the walled-in block above the open one \
            (session 40's by 0.12, session 41's by 0.06: 0.977 and 0.922), a position unlike its \
            data (docs/RESULTS.md, sessions 40 and 41)"]
fn a_territory_walled_in_is_worth_less_than_the_same_material_in_the_open() {
    let (g, walled) = position(true);
    let (_, open) = position(false);
    assert_eq!(walled.score, open.score, "the same material");
    let net = ValueNet::committed();
    // No rollout: the root is the position itself, so the extrapolation
    // is the objective now, the same for both.
    let v_walled = net.value(&g, &params(), &walled, &walled);
    let v_open = net.value(&g, &params(), &open, &open);
    assert_eq!(objective(&walled, 3), objective(&open, 3));
    assert!(v_walled < v_open, "walled {v_walled} open {v_open}");
}

#[test]
fn the_inputs_count_every_cell_once_and_weigh_the_board_by_value() {
    let (g, state) = position(true);
    let inputs = features(&g, &params(), &state, &state);
    let board = &inputs.x[..FEATURES - 32];
    // Counts (0.02 a cell) and values (V / 5000) alternate, class by class.
    let count: f32 = board.iter().step_by(2).sum();
    let value: f32 = board.iter().skip(1).step_by(2).sum();
    assert!((count - 2.0).abs() < 1e-4, "{count}");
    assert!((value - 100.0 * 1000.0 / 5000.0).abs() < 1e-3, "{value}");
}
