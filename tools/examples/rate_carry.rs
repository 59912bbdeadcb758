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
use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_tools::eval::cases_in_dir;
use ahc061_tools::profile::{load_cases, moves_file, parse_moves};
use anyhow::{Context, Result, anyhow, bail};
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
    let cases = load_cases(&cases_in_dir(Path::new(&args[1]))?)?;
    let moves = Path::new(&args[2]);
    // Per start turn: Σ x·y and Σ x² for player 0, then for the AIs.
    let mut sums = [[[0.0f64; 2]; 2]; STARTS.len()];
    let mut games = 0;
    for (name, input) in cases {
        let Some(path) = moves_file(moves, &name) else {
            continue;
        };
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let mv = parse_moves(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let scores = replay(input, &mv).with_context(|| format!("{}", path.display()))?;
        games += 1;
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
    if games == 0 {
        bail!(
            "no move list in {} for a case of {}",
            moves.display(),
            args[1]
        );
    }
    println!("{games} games; k in final − S(t + {WINDOW}) ≈ k · rate · turns left");
    println!("t\tplayer 0\tthe AIs");
    for (k, &t) in STARTS.iter().enumerate() {
        let share = |side: usize| sums[k][side][0] / sums[k][side][1];
        println!("{t}\t{:.2}\t{:.2}", share(0), share(1));
    }
    Ok(())
}

/// Every player's score after each turn, from turn 0 (the start) on, to
/// the game's end: an error when the move list ends early or a move is
/// illegal.
fn replay(input: ToolInput, moves: &[(usize, usize)]) -> Result<Vec<Vec<f64>>> {
    let m = input.game.m;
    let mut judge = Judge::new(input);
    let at = |judge: &Judge| (0..m).map(|p| judge.state.score[p] as f64).collect();
    let mut scores = vec![at(&judge)];
    while !judge.finished() {
        let turn = judge.turn() + 1;
        let &(x, y) = (moves.get(turn - 1))
            .with_context(|| format!("the move list ends before turn {turn}"))?;
        (judge.play(x, y)).map_err(|illegal| anyhow!("turn {turn}: {illegal}"))?;
        scores.push(at(&judge));
    }
    Ok(scores)
}
