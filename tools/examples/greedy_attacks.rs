//! The AIs' greedy attacks on player 0 in played games, and whether one
//! move could have stopped them: the data behind docs/RESULTS.md's
//! "session 35" reading of the value the AIs' greedy moves take from us.
//!
//! Each game is replayed from its input and player 0's moves (as `profile`
//! does). For every turn on which at least one AI's draw makes it move
//! greedily onto a cell of player 0's, it prints one TSV row: the case, M,
//! U, the turn, how many AIs did, how many of their cells player 0 could
//! move to (moving there voids the attack: the owner's piece stays), the
//! value lost to them, the most valuable of those cells, what player 0 did
//! (occupy, raise, attack), the value and level of its destination, how many
//! attacks it voided by moving onto the target, the attacked cell's level
//! (the last attacked cell's, when several were) and that cell.
//!
//! ```sh
//! target/release/eval --dir runs/fin -j 2 --moves runs/mv -o /dev/null -- target/release/ahc061
//! cargo run --release -p ahc061-tools --example greedy_attacks -- runs/fin runs/mv > attacks.tsv
//! ```
use ahc061::engine::ai;
use ahc061::engine::board::{Cell, cell, has};
use ahc061::engine::rules;
use ahc061::engine::state::{Game, NOBODY, State};
use ahc061_sim::judge::ToolInput;
use ahc061_tools::profile::{Replayed, replayed_games};
use anyhow::{Result, bail};
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    ahc061_tools::cli::finish("greedy_attacks", run())
}

fn run() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        bail!("usage: greedy_attacks CASES_DIR MOVES_DIR");
    }
    let games = replayed_games(Path::new(&args[1]), Path::new(&args[2]))?;
    if games.is_empty() {
        bail!("no move list in {} for a case of {}", args[2], args[1]);
    }
    println!(
        "case\tm\tu\tturn\tattacks\tblockable\tlost\tbest_block\tour_kind\tour_value\tour_level\tvoided\tlevel\tcell"
    );
    for Replayed {
        name,
        input,
        moves,
        states,
    } in &games
    {
        for turn in 1..states.len() {
            let (x, y) = moves[turn - 1];
            let ours = cell(x, y);
            let (before, after) = (&states[turn - 1], &states[turn]);
            if let Some(row) = Attacks::of(input, turn, before, after, ours) {
                let game = &input.game;
                let c = ours as usize;
                println!(
                    "{name}\t{}\t{}\t{turn}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    game.m,
                    game.u,
                    row.count,
                    row.blockable,
                    row.lost,
                    row.best_block,
                    kind(game, before, ours),
                    game.value[c],
                    before.level[c],
                    row.voided,
                    row.level,
                    row.cell,
                );
            }
        }
    }
    Ok(())
}

/// The AIs' greedy moves onto player 0's cells in one turn.
#[derive(Default)]
struct Attacks {
    count: u32,
    /// Of them, onto cells player 0 could move to.
    blockable: u32,
    /// Σ V of the levels they took.
    lost: i64,
    /// The most valuable attacked cell player 0 could move to (0: none).
    best_block: i64,
    /// Attacks player 0 voided by moving onto their target.
    voided: u32,
    /// The (last) attacked cell and its level.
    cell: Cell,
    level: u8,
}

impl Attacks {
    /// The greedy attacks of turn `turn` (1-based), from `before` to
    /// `after`, player 0 moving to `ours`; None when there were none.
    fn of(
        input: &ToolInput,
        turn: usize,
        before: &State,
        after: &State,
        ours: Cell,
    ) -> Option<Attacks> {
        let game = &input.game;
        let ours_legal = rules::legal_moves(before, game.m, 0);
        let mut attacks: Option<Attacks> = None;
        for p in 1..game.m {
            let (r1, r2) = input.r[turn - 1][p];
            if r1 < input.params[p].eps {
                continue;
            }
            let target = ai::choose(game, before, p, &input.params[p], r1, r2);
            let c = target as usize;
            if before.owner[c] != 0 {
                continue;
            }
            let value = game.value[c] as i64;
            let row = attacks.get_or_insert_with(Attacks::default);
            row.count += 1;
            (row.cell, row.level) = (target, before.level[c]);
            row.voided += (target == ours) as u32;
            if has(ours_legal, target) {
                row.blockable += 1;
                row.best_block = row.best_block.max(value);
            }
            if after.level[c] < before.level[c] || after.owner[c] != 0 {
                row.lost += value;
            }
        }
        attacks
    }
}

/// What player 0's move onto `dest` was, from the start of the turn.
fn kind(game: &Game, before: &State, dest: Cell) -> &'static str {
    let c = dest as usize;
    match before.owner[c] {
        NOBODY => "occupy",
        0 if before.level[c] < game.u => "raise",
        0 => "idle",
        _ => "attack",
    }
}
