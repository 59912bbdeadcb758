#![allow(dead_code, clippy::needless_range_loop)]
//! What the fuzz targets run, shared with the stable regression tests
//! (tests/fuzz_regressions.rs includes this file by path). Each function
//! takes arbitrary bytes and panics only on a bug.

use ahc061::engine::ai::{self, AiParams};
use ahc061::engine::board::{CELLS, Cell, MAX_PLAYERS, cells};
use ahc061::engine::rules::{self, Candidates};
use ahc061::engine::state::Game;
use ahc061::judge::mirror::Mirror;
use ahc061::judge::protocol::Reader;
use ahc061::opponent::belief::Belief;
use ahc061::policy::greedy;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Turns read at most, so that one input stays fast.
const MAX_TURNS: usize = 200;

/// The bot's reading side on a judge stream: the initial reader, then per
/// turn the baseline's move, the feedback reader, the mirror and a small
/// belief. Errors must be one line naming the section; the mirror's state
/// must keep the rules' invariants whatever the judge says.
pub fn protocol(data: &[u8]) {
    let mut reader = Reader::new(data);
    let game = match reader.read_initial() {
        Ok(game) => game,
        Err(e) => return check_error(&e.to_string(), "initial input, line "),
    };
    assert!((2..=MAX_PLAYERS).contains(&game.m) && (1..=5).contains(&game.u));
    let mut mirror = Mirror::new(game);
    mirror.state.check_invariants(&mirror.game).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut belief = Belief::new(mirror.game.m, 4, &mut rng);
    for turn in 1..=mirror.game.turns.min(MAX_TURNS) {
        let mv = greedy::choose(&mirror.game, &mirror.state);
        assert!(rules::is_legal(&mirror.state, mirror.game.m, 0, mv));
        let feedback = match reader.read_feedback(&mirror.game, turn) {
            Ok(feedback) => feedback,
            Err(e) => return check_error(&e.to_string(), &format!("turn {turn} feedback")),
        };
        let before = mirror.state;
        let (_, divergence) = mirror.apply(&feedback);
        if let Some(d) = &divergence {
            assert_eq!(d.turn, turn);
            assert!(!d.to_string().contains('\n'));
        }
        // Whether our engine's or the judge's, the position is a legal one,
        // and it is the judge's.
        mirror.state.check_invariants(&mirror.game).unwrap();
        assert_eq!(mirror.state.owner, feedback.owner);
        assert_eq!(mirror.state.level, feedback.level);
        assert_eq!(mirror.state.turn, turn);
        belief.observe(&mirror.game, &before, &feedback.dest, &mut rng);
        for p in 1..mirror.game.m {
            let _ = belief.sample(p, &mut rng);
        }
    }
}

fn check_error(message: &str, prefix: &str) {
    assert!(
        message.starts_with(prefix),
        "{message:?} should start with {prefix:?}"
    );
    assert!(!message.contains('\n'), "{message:?} is more than one line");
}

/// Reads bytes one at a time; zeros once they run out.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn left(&self) -> bool {
        self.at < self.data.len()
    }
}

/// The engine on a game the bytes decide: M, U and a seed for the values,
/// the starts and the AIs' parameters; then each turn one byte per player
/// picks a legal move (or, for an AI, the judge's ε-greedy choice). After
/// every turn the rules' invariants must hold, and each piece must stand on
/// its destination or, when it collided or bounced, where it was.
pub fn engine(data: &[u8]) {
    let mut bytes = Bytes { data, at: 0 };
    let m = 2 + bytes.next() as usize % (MAX_PLAYERS - 1);
    let u = 1 + bytes.next() % 5;
    let seed = u64::from_le_bytes(std::array::from_fn(|_| bytes.next()));
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game {
        m,
        turns: MAX_TURNS,
        u,
        value: [0; CELLS],
        start: [0; MAX_PLAYERS],
    };
    for v in game.value.iter_mut() {
        *v = rng.random_range(1..=100_000);
    }
    let mut taken = 0u128;
    for p in 0..m {
        let c = loop {
            let c: Cell = rng.random_range(0..CELLS as Cell);
            if taken >> c & 1 == 0 {
                break c;
            }
        };
        taken |= 1 << c;
        game.start[p] = c;
    }
    let params: Vec<AiParams> = (0..m)
        .map(|_| AiParams {
            wa: rng.random_range(0.3..1.0),
            wb: rng.random_range(0.3..1.0),
            wc: rng.random_range(0.3..1.0),
            wd: rng.random_range(0.3..1.0),
            eps: rng.random_range(0.1..0.5),
        })
        .collect();
    let mut state = game.initial_state();
    state.check_invariants(&game).unwrap();
    while bytes.left() && state.turn < MAX_TURNS {
        let mut dest = [0 as Cell; MAX_PLAYERS];
        for p in 0..m {
            let legal = rules::legal_moves(&state, m, p);
            let list = Candidates::of(&state, m, p);
            // The judge's candidate list is the legal set, in BFS order.
            assert_eq!(list.as_slice()[0], state.pos[p]);
            let listed = list.as_slice().iter().fold(0u128, |acc, &c| acc | 1 << c);
            assert_eq!(listed, legal);
            assert_eq!(list.len(), legal.count_ones() as usize);
            let b = bytes.next();
            dest[p] = if p > 0 && b >= 224 {
                let r1 = (b - 224) as f64 / 32.0;
                let r2 = bytes.next() as f64 / 256.0;
                ai::choose(&game, &state, p, &params[p], r1, r2)
            } else {
                let k = b as usize % legal.count_ones() as usize;
                cells(legal).nth(k).unwrap()
            };
            assert!(rules::is_legal(&state, m, p, dest[p]));
        }
        let before = state;
        let outcome = rules::resolve(&game, &mut state, &dest);
        assert_eq!(state.turn, before.turn + 1);
        for p in 0..m {
            let expected = if outcome.returned() >> p & 1 == 1 {
                before.pos[p]
            } else {
                dest[p]
            };
            assert_eq!(state.pos[p], expected, "player {p}");
        }
        if let Err(e) = state.check_invariants(&game) {
            panic!("after turn {}: {e}", state.turn);
        }
    }
}
