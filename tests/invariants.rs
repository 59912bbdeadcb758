//! The rules' invariants over many random games (the `engine` fuzz target's
//! checks, fuzz/harness.rs, on stable and with random bytes): every piece on
//! its owner's cell, levels within 0..=U, owned cells at level >= 1, no
//! player without territory, scores equal to Σ V·L, and each piece on its
//! destination unless it collided or bounced.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[path = "../fuzz/harness.rs"]
mod harness;

#[test]
fn random_games_keep_the_invariants() {
    let mut rng = Pcg64Mcg::seed_from_u64(61);
    for game in 0..400 {
        // M and U cycle through every value; 100 turns of moves.
        let mut bytes = vec![(game % 7) as u8, (game / 7 % 5) as u8];
        bytes.extend((0..8 + 100 * 16).map(|_| rng.random::<u8>()));
        harness::engine(&bytes);
    }
}
