//! The judge's protocol (docs/RULES.md §5): reading the initial input and each
//! turn's feedback, strictly, with errors that say what was wrong and where.
//! (Writing the judge's text is the local judge's side: tools/sim.)

use std::fmt;
use std::io::BufRead;

use crate::engine::board::{CELLS, Cell, MAX_PLAYERS, N, cell, coords, has};
use crate::engine::state::{Game, MAX_U, NOBODY};

/// A malformed or inconsistent input: one line for stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtocolError {}

/// What the judge reports after a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// Each player's chosen destination (whether it got there or not).
    pub dest: [Cell; MAX_PLAYERS],
    /// Each piece's cell at the end of the turn.
    pub end: [Cell; MAX_PLAYERS],
    /// Owner of each cell at the end of the turn, or -1.
    pub owner: [i8; CELLS],
    /// Level of each cell at the end of the turn.
    pub level: [u8; CELLS],
}

/// Where in the input we are, for error messages.
#[derive(Clone, Copy)]
enum Section {
    Initial,
    Turn(usize),
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Section::Initial => f.write_str("initial input"),
            Section::Turn(t) => write!(f, "turn {t} feedback"),
        }
    }
}

/// Reads the judge's lines one at a time, counting them.
pub struct Reader<R> {
    inner: R,
    line_no: usize,
    buf: String,
}

impl<R: BufRead> Reader<R> {
    pub fn new(inner: R) -> Self {
        Reader {
            inner,
            line_no: 0,
            buf: String::new(),
        }
    }

    /// Reads the next line and parses exactly `names.len()` integers from it,
    /// each within its inclusive range. `what` names the line for errors.
    fn ints<const K: usize>(
        &mut self,
        section: Section,
        what: &str,
        names: [&str; K],
        ranges: [(i64, i64); K],
    ) -> Result<[i64; K], ProtocolError> {
        self.buf.clear();
        self.line_no += 1;
        let at = format!("{section}, line {} ({what})", self.line_no);
        match self.inner.read_line(&mut self.buf) {
            Ok(0) => return Err(ProtocolError(format!("{at}: unexpected end of input"))),
            Ok(_) => {}
            Err(e) => return Err(ProtocolError(format!("{at}: cannot read: {e}"))),
        }
        let mut tokens = self.buf.split_ascii_whitespace();
        let mut out = [0i64; K];
        for k in 0..K {
            let Some(token) = tokens.next() else {
                return Err(ProtocolError(format!(
                    "{at}: expected {K} numbers, found {k} (missing {})",
                    names[k]
                )));
            };
            let (lo, hi) = ranges[k];
            let value: i64 = token.parse().map_err(|_| {
                ProtocolError(format!(
                    "{at}, field {}: not an integer: {token:?}",
                    names[k]
                ))
            })?;
            if value < lo || value > hi {
                return Err(ProtocolError(format!(
                    "{at}, field {}: {value} is out of range {lo}..={hi}",
                    names[k]
                )));
            }
            out[k] = value;
        }
        if let Some(extra) = tokens.next() {
            return Err(ProtocolError(format!(
                "{at}: more than {K} numbers (extra {extra:?})"
            )));
        }
        Ok(out)
    }

    /// Reads one row of N integers.
    fn row(
        &mut self,
        section: Section,
        what: &str,
        lo: i64,
        hi: i64,
    ) -> Result<[i64; N], ProtocolError> {
        const COLS: [&str; N] = [
            "column 0", "column 1", "column 2", "column 3", "column 4", "column 5", "column 6",
            "column 7", "column 8", "column 9",
        ];
        self.ints(section, what, COLS, [(lo, hi); N])
    }

    /// Reads a cell as `x y`.
    fn cell(&mut self, section: Section, what: &str) -> Result<Cell, ProtocolError> {
        let [x, y] = self.ints(section, what, ["x", "y"], [(0, N as i64 - 1); 2])?;
        Ok(cell(x as usize, y as usize))
    }

    /// Reads the initial input: `N M T U`, the values, the start cells.
    pub fn read_initial(&mut self) -> Result<Game, ProtocolError> {
        let s = Section::Initial;
        let n = N as i64;
        let [_, m, turns, u] = self.ints(
            s,
            "N M T U",
            ["N", "M", "T", "U"],
            [
                (n, n),
                (2, MAX_PLAYERS as i64),
                (1, 10_000),
                (1, MAX_U as i64),
            ],
        )?;
        let mut game = Game {
            m: m as usize,
            turns: turns as usize,
            u: u as u8,
            value: [0; CELLS],
            start: [0; MAX_PLAYERS],
        };
        for i in 0..N {
            let row = self.row(s, &format!("V row {i}"), 1, 100_000)?;
            for j in 0..N {
                game.value[cell(i, j) as usize] = row[j] as u32;
            }
        }
        let mut used = 0u128;
        for p in 0..game.m {
            let c = self.cell(s, &format!("start of player {p}"))?;
            if has(used, c) {
                let (x, y) = coords(c);
                return Err(ProtocolError(format!(
                    "{s}, line {}: player {p} starts on ({x}, {y}), which another player already holds",
                    self.line_no
                )));
            }
            used |= 1u128 << c;
            game.start[p] = c;
        }
        Ok(game)
    }

    /// Reads the judge's answer to `turn` (1-based) and checks that it is a
    /// consistent position: owned cells at level ≥ 1, unowned at 0, every
    /// piece on a cell of its owner.
    pub fn read_feedback(&mut self, game: &Game, turn: usize) -> Result<Feedback, ProtocolError> {
        let s = Section::Turn(turn);
        let mut fb = Feedback {
            dest: [0; MAX_PLAYERS],
            end: [0; MAX_PLAYERS],
            owner: [NOBODY; CELLS],
            level: [0; CELLS],
        };
        for p in 0..game.m {
            fb.dest[p] = match self.cell(s, &format!("destination of player {p}")) {
                Ok(c) => c,
                Err(_) if turn == 1 && p == 0 && is_tool_parameter_line(&self.buf) => {
                    return Err(ProtocolError(format!(
                        "this is a tool input file, not the judge's protocol (line {} holds an \
                         AI's hidden parameters): run the bot through the tester, as in \
                         `tester target/release/ahc061 < in/0000.txt`",
                        self.line_no
                    )));
                }
                Err(e) => return Err(e),
            };
        }
        for p in 0..game.m {
            fb.end[p] = self.cell(s, &format!("position of player {p}"))?;
        }
        for i in 0..N {
            let row = self.row(s, &format!("owner row {i}"), -1, game.m as i64 - 1)?;
            for j in 0..N {
                fb.owner[cell(i, j) as usize] = row[j] as i8;
            }
        }
        for i in 0..N {
            let row = self.row(s, &format!("level row {i}"), 0, game.u as i64)?;
            for j in 0..N {
                fb.level[cell(i, j) as usize] = row[j] as u8;
            }
        }
        check_consistent(&fb, game.m)
            .map_err(|e| ProtocolError(format!("{s} (ending at line {}): {e}", self.line_no)))?;
        Ok(fb)
    }
}

/// Whether a line is an AI's `wa wb wc wd eps` of a tool input file (five
/// decimals), which follow the start cells there (docs/RULES.md §7) where
/// the judge would send its first feedback.
fn is_tool_parameter_line(line: &str) -> bool {
    let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
    tokens.len() == 5
        && tokens
            .iter()
            .all(|t| t.contains('.') && t.parse::<f64>().is_ok())
}

/// A reported position must be one the rules can produce.
fn check_consistent(fb: &Feedback, m: usize) -> Result<(), String> {
    for c in 0..CELLS {
        let (x, y) = coords(c as Cell);
        if (fb.owner[c] == NOBODY) != (fb.level[c] == 0) {
            return Err(format!(
                "cell ({x}, {y}) has owner {} but level {}",
                fb.owner[c], fb.level[c]
            ));
        }
    }
    for p in 0..m {
        let c = fb.end[p];
        let (x, y) = coords(c);
        if fb.owner[c as usize] != p as i8 {
            return Err(format!(
                "player {p}'s piece stands on ({x}, {y}), owned by {}",
                fb.owner[c as usize]
            ));
        }
    }
    Ok(())
}
