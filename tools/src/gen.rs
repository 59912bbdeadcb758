//! The official input generator of AHC061, reproduced draw for draw.
//!
//! The contest's generator draws from `ChaCha20Rng::seed_from_u64(seed)`
//! (rand_chacha 0.3.1) through rand 0.8.5's `gen_range`. Every draw below is
//! made in the same order, with the same integer type and range form, as the
//! official one: changing any of them (even `0..10` to `0..=9`, or `i32` to
//! `usize`) shifts or changes the random stream, and the files stop matching.
//! `tests/gen.rs` checks the result against the 100 official files.

use std::fmt::Write as _;

use rand_chacha::ChaCha20Rng;
use rand08::{Rng, SeedableRng};

/// The board is always N × N.
pub const N: usize = 10;
/// Every game lasts T turns.
pub const T: usize = 100;
/// The cell values are scaled so that they sum to (at most) this.
const VALUE_TOTAL: i64 = 100_000;

/// One AI's hidden parameters, as the bot's library names them.
pub use ahc061::engine::ai::AiParams;

/// One generated input file.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// Board side (always [`N`]).
    pub n: usize,
    /// Number of players, the bot included (2..=8).
    pub m: usize,
    /// Number of turns (always [`T`]).
    pub t: usize,
    /// Level cap of a cell (1..=5).
    pub u: u8,
    /// Cell values, `v[i][j]` for row i, column j; they sum to 100000.
    pub v: [[i64; N]; N],
    /// Start cell `(x, y)` of each player 0..M−1 (player 0 is the bot).
    pub start: Vec<(usize, usize)>,
    /// Parameters of the AI players 1..M−1 (index 0 is player 1).
    pub ai: Vec<AiParams>,
    /// `r[turn][k] = (r1, r2)` for AI player k+1 on that turn.
    pub r: Vec<Vec<(f64, f64)>>,
}

/// Generates the case for `seed`, as the official `gen` does.
///
/// `m_override` / `u_override` are the `--M` / `--U` flags: they replace M / U
/// after the header draws, so the rest of the stream is drawn as usual (only
/// the number of start cells, params and r numbers follows the new M).
pub fn generate(seed: u64, m_override: Option<usize>, u_override: Option<u8>) -> Case {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);

    // 1. Header. The draws always happen, even for seed 0, whose values are
    //    then replaced by the fixed example case.
    let mut m = rng.gen_range(2i32..=8) as usize;
    let mut u = rng.gen_range(1i32..=5) as u8;
    let mut k = rng.gen_range(0i32..=2);
    let mut a: f64 = rng.gen_range(0.0..3.0);
    if seed == 0 {
        m = 4;
        u = 3;
        k = 0;
        a = 1.0;
    }
    if let Some(mo) = m_override {
        m = mo;
    }
    if let Some(uo) = u_override {
        u = uo;
    }

    // 2. Base values, row by row.
    let mut vf = [[0.0f64; N]; N];
    for row in vf.iter_mut() {
        for cell in row.iter_mut() {
            let x: f64 = rng.gen_range(0.5..1.0);
            *cell = x.powf(a);
        }
    }

    // 3. K "hills" on top. The exact floating-point expressions matter: the
    //    values are ceiled after scaling, so a last-bit difference can move a
    //    value by one.
    for _ in 0..k {
        let x = rng.gen_range(0..N as i32);
        let y = rng.gen_range(0..N as i32);
        let b: f64 = rng.gen_range(1.0..4.0);
        let mode = rng.gen_range(0i32..=4);
        let r: f64 = rng.gen_range(1.0..5.0);
        for (i, row) in vf.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                let dx = (i as i32 - x) as f64;
                let dy = (j as i32 - y) as f64;
                *cell += match mode {
                    0 => b * (-(dx * dx + dy * dy) / (2.0 * r * r)).exp(),
                    1 => b / (1.0 + (dx * dx + dy * dy).sqrt() / r),
                    2 if dx * dx + dy * dy <= r * r => b / 4.0,
                    3 => b / (1.0 + (dx.abs() + dy.abs()) / r),
                    4 if dx.abs() + dy.abs() <= r => b / 4.0,
                    _ => 0.0,
                };
            }
        }
    }

    // 4. Scale to integers summing to 100000. Ceiling makes the sum at least
    //    100000; random decrements (never below 1) bring it back down.
    let total: f64 = vf.iter().flatten().sum();
    let mut v = [[0i64; N]; N];
    for (vi, fi) in v.iter_mut().zip(&vf) {
        for (cell, &f) in vi.iter_mut().zip(fi) {
            *cell = (f * VALUE_TOTAL as f64 / total).ceil() as i64;
        }
    }
    let mut sum: i64 = v.iter().flatten().sum();
    while sum > VALUE_TOTAL {
        let i = rng.gen_range(0..N as i32) as usize;
        let j = rng.gen_range(0..N as i32) as usize;
        // A draw that lands on a 1 is wasted, not redrawn.
        if v[i][j] > 1 {
            v[i][j] -= 1;
            sum -= 1;
        }
    }

    // 5. Distinct start cells, bot first.
    let mut start: Vec<(usize, usize)> = Vec::with_capacity(m);
    for _ in 0..m {
        loop {
            let x = rng.gen_range(0..N as i32) as usize;
            let y = rng.gen_range(0..N as i32) as usize;
            if !start.contains(&(x, y)) {
                start.push((x, y));
                break;
            }
        }
    }

    // 6. AI parameters.
    let ai: Vec<AiParams> = (1..m)
        .map(|_| AiParams {
            wa: rng.gen_range(0.3..1.0),
            wb: rng.gen_range(0.3..1.0),
            wc: rng.gen_range(0.3..1.0),
            wd: rng.gen_range(0.3..1.0),
            eps: rng.gen_range(0.1..0.5),
        })
        .collect();

    // 7. The AIs' random numbers are drawn AI-major (all 2T numbers of one AI,
    //    then the next) but stored, and written, turn-major.
    let mut r = vec![vec![(0.0, 0.0); m - 1]; T];
    for k in 0..m - 1 {
        for turn in r.iter_mut() {
            let r1: f64 = rng.gen_range(0.0..1.0);
            let r2: f64 = rng.gen_range(0.0..1.0);
            turn[k] = (r1, r2);
        }
    }

    Case {
        n: N,
        m,
        t: T,
        u,
        v,
        start,
        ai,
        r,
    }
}

impl Case {
    /// The input file text, exactly as the official `gen` writes it (floats
    /// in Rust's shortest round-trip `{}` form, a newline after every line).
    pub fn to_input_string(&self) -> String {
        let mut s = String::new();
        // Writing into a String cannot fail, so the results are ignored.
        let _ = writeln!(s, "{} {} {} {}", self.n, self.m, self.t, self.u);
        for row in &self.v {
            let line: Vec<String> = row.iter().map(|x| x.to_string()).collect();
            let _ = writeln!(s, "{}", line.join(" "));
        }
        for &(x, y) in &self.start {
            let _ = writeln!(s, "{x} {y}");
        }
        for p in &self.ai {
            let _ = writeln!(s, "{} {} {} {} {}", p.wa, p.wb, p.wc, p.wd, p.eps);
        }
        for turn in &self.r {
            for &(r1, r2) in turn {
                let _ = writeln!(s, "{r1} {r2}");
            }
        }
        s
    }
}
