//! A base that searches: it plays the best of its inner base's few best
//! moves by short rollouts of its own. Two uses, both knobs of the planner
//! (src/search/planner.rs): as the move to beat at the root
//! (`searching_base`: one search a turn, cheap), and as the continuation in
//! the rollouts (`lookahead_turns`: hundreds of simulated turns for each of
//! its moves, far too dear to ship; it measures what a continuation closer
//! to the planner's own play is worth to the planner).

use std::ops::Deref;
use std::sync::Arc;

use rand::Rng;

use crate::engine::board::Cell;
use crate::engine::state::{Game, State};
use crate::policy::base::{AiView, BasePolicy, Ranking};
use crate::search::leaf::{Leaf, position_hash};
use crate::search::rollout::{Opening, Outcome, Relay, SampledAis, Trail, play_out_opened};

/// How much a [`Lookahead`] searches for each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The base's best moves it weighs (the base's own first).
    pub moves: usize,
    /// Rollouts per move, on shared seeds.
    pub seeds: usize,
    /// Turns each rollout simulates after its first one.
    pub horizon: usize,
}

/// The base `inner` (a reference or a box), its move chosen by [`Search`]
/// ([`BasePolicy::choose`]) with rollouts valued by `leaf`.
pub struct Lookahead<P> {
    pub inner: P,
    pub search: Search,
    pub leaf: Leaf,
}

impl<'a, P: Deref<Target = dyn BasePolicy + 'a>> Lookahead<P> {
    /// The best of `ranking`'s few best moves (its move first) by the
    /// search from `state`.
    fn best(&self, game: &Game, state: &State, ais: &AiView, ranking: &Ranking) -> Cell {
        let moves = best_moves(ranking, self.search.moves);
        if moves.len() < 2 {
            return ranking.base;
        }
        let end = (state.turn + 1 + self.search.horizon).min(game.turns);
        let mut sums = vec![0.0; moves.len()];
        let mut rng = rand_pcg::Pcg64Mcg::new(position_hash(state, ais.params) as u128 | 1);
        for _ in 0..self.search.seeds {
            let ai = SampledAis::with_params(*ais.params, rng.random());
            let opening = Opening::new(game, state, ai);
            for (sum, &first) in sums.iter_mut().zip(&moves) {
                let mut us = Relay::first_then(first, &*self.inner);
                if let Outcome::Leaf(leaf) =
                    play_out_opened(game, state, end, &mut us, &opening, Trail::Off)
                {
                    *sum += self.leaf.value(game, state, &leaf);
                }
            }
        }
        // The first of the best: the base's move on a tie.
        let mut best = 0;
        for (k, &sum) in sums.iter().enumerate() {
            if sum > sums[best] {
                best = k;
            }
        }
        moves[best]
    }
}

impl<'a, P: Deref<Target = dyn BasePolicy + 'a> + Send + Sync> BasePolicy for Lookahead<P> {
    fn choose(&self, game: &Game, state: &State, ais: &AiView) -> Cell {
        let ranking = self.inner.rank(game, state, ais);
        self.best(game, state, ais, &ranking)
    }

    /// The base's worths, with the search's move as the move: one look at
    /// the position serves both.
    fn rank(&self, game: &Game, state: &State, ais: &AiView) -> Ranking {
        let ranking = self.inner.rank(game, state, ais);
        Ranking {
            base: self.best(game, state, ais, &ranking),
            worth: ranking.worth,
        }
    }
}

/// The base's move, then its next best by worth, `count` in all.
fn best_moves(ranking: &Ranking, count: usize) -> Vec<Cell> {
    let mut worth = ranking.worth.clone();
    worth.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut moves = vec![ranking.base];
    for &(_, c) in &worth {
        if moves.len() >= count {
            break;
        }
        if c != ranking.base {
            moves.push(c);
        }
    }
    moves
}

/// One base shared by a planner's searching move to beat and its plain
/// rollouts ([`crate::search::planner::Config::searching_base`]).
pub struct Shared(pub Arc<dyn BasePolicy>);

impl BasePolicy for Shared {
    fn choose(&self, game: &Game, state: &State, ais: &AiView) -> Cell {
        self.0.choose(game, state, ais)
    }

    fn rank(&self, game: &Game, state: &State, ais: &AiView) -> Ranking {
        self.0.rank(game, state, ais)
    }
}
