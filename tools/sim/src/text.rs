//! The judge's text (docs/RULES.md §5): the initial input and each turn's
//! feedback, as the bot reads them (src/judge/protocol.rs reads them back).

use ahc061::engine::board::{N, cell, coords};
use ahc061::engine::state::Game;
use ahc061::judge::protocol::Feedback;

/// The initial input text the judge sends for `game`.
pub fn initial_text(game: &Game) -> String {
    let mut out = format!("{} {} {} {}\n", N, game.m, game.turns, game.u);
    write_grid(&mut out, |c| game.value[c] as i32);
    for &c in &game.start[..game.m] {
        let (x, y) = coords(c);
        out.push_str(&format!("{x} {y}\n"));
    }
    out
}

/// The judge's text for a turn's feedback in an `m`-player game: M
/// destinations, M positions, N owner rows, N level rows, each line ending
/// in a newline.
pub fn feedback_text(feedback: &Feedback, m: usize) -> String {
    let mut out = String::with_capacity(700);
    for &c in feedback.dest[..m].iter().chain(&feedback.end[..m]) {
        let (x, y) = coords(c);
        out.push_str(&format!("{x} {y}\n"));
    }
    write_grid(&mut out, |c| feedback.owner[c] as i32);
    write_grid(&mut out, |c| feedback.level[c] as i32);
    out
}

/// Writes N rows of N space-separated numbers.
fn write_grid(out: &mut String, at: impl Fn(usize) -> i32) {
    for i in 0..N {
        let row: Vec<String> = (0..N)
            .map(|j| at(cell(i, j) as usize).to_string())
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
}
