//! How far a player's recent rate carries to the game's end, measured on
//! played games: the question behind the planner's extrapolated leaf
//! (src/search/planner.rs, `Leaf::Extrapolated`), which carries each
//! player's gain over a rollout's window on at the same rate to the end.
//!
//! Each game is replayed from its input and player 0's moves (as `profile`
//! does). For a window of 21 turns after turn t (a rollout's length at the
//! default horizon), it fits, by least squares through the origin, the
//! share k in `final − S(t + 21) ≈ k · rate · turns left`, separately for
//! player 0 and for the AIs, and prints k by t.
//!
//! ```sh
//! target/release/selfplay --dir runs/half --fixed-turns 3000 --seed 1 --moves runs/mv -o /dev/null
//! cargo run --release -p ahc061-tools --example rate_carry -- runs/half runs/mv
//! ```
use ahc061_tools::profile::{Replayed, replayed_games};
use anyhow::{Result, bail};
use std::path::Path;
use std::process::ExitCode;

const WINDOW: usize = 21;
const STARTS: [usize; 4] = [10, 30, 50, 70];

fn main() -> ExitCode {
    ahc061_tools::cli::finish("rate_carry", run())
}

fn run() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        bail!("usage: rate_carry CASES_DIR MOVES_DIR");
    }
    let games = replayed_games(Path::new(&args[1]), Path::new(&args[2]))?;
    // Per start turn: Σ x·y and Σ x² for player 0, then for the AIs.
    let mut sums = [[[0.0f64; 2]; 2]; STARTS.len()];
    for Replayed { input, states, .. } in &games {
        let scores: Vec<Vec<f64>> = (states.iter())
            .map(|s| (0..input.game.m).map(|p| s.score[p] as f64).collect())
            .collect();
        let end = scores.len() - 1;
        for (k, &t) in STARTS.iter().enumerate() {
            let (t1, left) = (t + WINDOW, (end - t - WINDOW) as f64);
            let players = scores[t].iter().zip(&scores[t1]).zip(&scores[end]);
            for (p, ((&before, &after), &last)) in players.enumerate() {
                let rate = (after - before) / WINDOW as f64;
                let (x, y) = (rate * left, last - after);
                let side = usize::from(p > 0);
                sums[k][side][0] += x * y;
                sums[k][side][1] += x * x;
            }
        }
    }
    if games.is_empty() {
        bail!("no move list in {} for a case of {}", args[2], args[1]);
    }
    println!(
        "{} games; k in final − S(t + {WINDOW}) ≈ k · rate · turns left",
        games.len()
    );
    println!("t\tplayer 0\tthe AIs");
    for (k, &t) in STARTS.iter().enumerate() {
        let share = |side: usize| sums[k][side][0] / sums[k][side][1];
        println!("{t}\t{:.2}\t{:.2}", share(0), share(1));
    }
    Ok(())
}
