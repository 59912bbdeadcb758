//! What decides a player's final score, measured on played games: the data
//! behind a rollout leaf that predicts each player's final score from what
//! it has and what it can still reach, rather than carrying its recent rate
//! on (src/search/planner.rs, `Leaf`).
//!
//! Each game is replayed from its input and player 0's moves (as `profile`
//! does). At every third turn t1 from 21 on (where a rollout of the default
//! horizon ends), it prints one TSV row per player: the case, M, U, t1, the
//! player, its score at t1, its gain over the 21 turns before, its final
//! score, and what it can still reach at t1 (see [`Room`]).
//!
//! ```sh
//! target/release/selfplay --dir runs/tr --fixed-turns 2000 --seed 1 --moves runs/tr_mv -o /dev/null
//! cargo run --release -p ahc061-tools --example leaf_data -- runs/tr runs/tr_mv > leaf.tsv
//! ```
use ahc061::engine::board::{Bits, cells};
use ahc061::engine::rules;
use ahc061::engine::state::{Game, State};
use ahc061_tools::profile::{Replayed, replayed_games};
use anyhow::{Result, bail};
use std::path::Path;
use std::process::ExitCode;

const WINDOW: usize = 21;

fn main() -> ExitCode {
    ahc061_tools::cli::finish("leaf_data", run())
}

fn run() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        bail!("usage: leaf_data CASES_DIR MOVES_DIR");
    }
    let games = replayed_games(Path::new(&args[1]), Path::new(&args[2]))?;
    if games.is_empty() {
        bail!("no move list in {} for a case of {}", args[2], args[1]);
    }
    println!("case\tm\tu\tt1\tp\tscore\tgain\tfinal\traise\tunowned\tlevel1\thigher\treach\tcells");
    for Replayed {
        name,
        input,
        states,
        ..
    } in &games
    {
        let game = &input.game;
        let end = &states[states.len() - 1];
        for t1 in (WINDOW..states.len() - 1).step_by(3) {
            let (before, at) = (&states[t1 - WINDOW], &states[t1]);
            for p in 0..game.m {
                let room = Room::of(game, at, p);
                println!(
                    "{name}\t{}\t{}\t{t1}\t{p}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    game.m,
                    game.u,
                    at.score[p],
                    at.score[p] as i64 - before.score[p] as i64,
                    end.score[p],
                    room.raise,
                    room.unowned,
                    room.level1,
                    room.higher,
                    at.reach[p].count_ones(),
                    at.owned[p].count_ones(),
                );
            }
        }
    }
    Ok(())
}

/// What a player can still gain from where it stands, in V.
struct Room {
    /// Σ V·(U − L) over its own cells in its reach: what raising them all
    /// to the cap would add.
    raise: u64,
    /// Σ V over the unowned cells it may move to.
    unowned: u64,
    /// Σ V over other players' level-1 cells it may move to.
    level1: u64,
    /// Σ V over other players' higher cells it may move to.
    higher: u64,
}

impl Room {
    fn of(game: &Game, state: &State, p: usize) -> Room {
        let legal = rules::legal_moves(state, game.m, p);
        let mine = state.owned[p];
        let taken = state.taken();
        let sum = |set: Bits| cells(set).map(|c| game.value[c as usize] as u64).sum();
        let raise = cells(state.reach[p] & !state.capped)
            .map(|c| game.value[c as usize] as u64 * (game.u - state.level[c as usize]) as u64)
            .sum();
        Room {
            raise,
            unowned: sum(legal & !taken),
            level1: sum(legal & taken & !mine & state.level_one),
            higher: sum(legal & taken & !mine & !state.level_one),
        }
    }
}
