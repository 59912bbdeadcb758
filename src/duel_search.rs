//! The duel's search (M = 2): the planner's rollouts, made deeper.
//!
//! At the root it does what the flat planner (src/planner.rs) does:
//! candidate first moves (the continuation's own move first, the AI's
//! expected destination, the forecast's best), successive halving over
//! shared seeds (common random numbers: a candidate's k-th simulation uses
//! the k-th seed), and a switch from the base move only on a clear paired
//! advantage, because the value at the horizon is a proxy.
//!
//! Below each candidate grows an open-loop tree over our next moves. Each
//! simulation samples the AI's parameters from the belief and its moves
//! from its ε-greedy policy, walks the tree by UCT with progressive
//! widening (children in the same prior order as the root's), then lets the
//! continuation policy play to the horizon, and backs the objective up the
//! path. A node stands for a sequence of our moves whatever the AI did in
//! between, so a child whose cell is not legal in this simulation's
//! position is passed over. A candidate is thus worth what its best
//! follow-ups make of it, not what the continuation alone makes of it.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::ai::{self, AiParams, NO_PARAMS};
use crate::base::AiView;
use crate::belief::Belief;
use crate::board::{Bits, Cell, MAX_PLAYERS, cells, has};
use crate::clock::Allowance;
use crate::duel_policy::{Blocking, Continuation, Kind, Plan};
use crate::forecast::{self, Forecast};
use crate::planner::{Candidate, Decision, objective};
use crate::rollout::{Player, SampledAis, play_out};
use crate::rules::legal_moves;
use crate::state::{Game, State};

/// Deepest tree (in our moves, the root's candidate included).
const MAX_DEPTH: usize = 8;

/// The search's knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Turns simulated after the first one.
    pub horizon: usize,
    /// Our moves chosen by the tree in a simulation (1: the flat planner).
    pub depth: usize,
    /// Candidate first moves besides the AI's expected destination.
    pub root_width: usize,
    /// Simulations per candidate in one round of the halving.
    pub batch: usize,
    /// UCT's exploration constant, in units of the objective.
    pub explore: f64,
    /// A node may have `widen`·√(visits + 1) children.
    pub widen: f64,
    /// Standard errors by which a candidate must beat the base move.
    pub switch_z: f64,
    /// Player 0's policy after the tree.
    pub continuation: Kind,
}

/// The best measured settings (docs/RESULTS.md, "the duel's search"): at
/// equal work they play as well as the flat planner, not better.
impl Default for Config {
    fn default() -> Self {
        Config {
            horizon: 20,
            depth: 2,
            root_width: 10,
            batch: 4,
            explore: 0.1,
            widen: 0.3,
            switch_z: 2.0,
            continuation: Kind::Block1,
        }
    }
}

/// The knobs [`Config::set`] knows.
pub const KNOBS: &[&str] = &[
    "horizon", "depth", "width", "batch", "explore", "widen", "z", "cont",
];

impl Config {
    /// Sets one knob by name (src/params.rs: `duel.search.KNOB=VALUE`,
    /// `z` for `switch_z`, `width` for `root_width`, `cont` for the
    /// continuation: plan, block1, block or blockall); the error says what
    /// was expected.
    pub fn set(&mut self, knob: &str, value: &str) -> Result<(), String> {
        let float = || value.parse::<f64>().ok().filter(|x| x.is_finite());
        let count = || value.parse::<usize>().ok().filter(|&n| n >= 1);
        match knob {
            "horizon" => self.horizon = count().ok_or("a number of turns ≥ 1")?,
            "depth" => {
                self.depth = count()
                    .filter(|&d| d <= MAX_DEPTH)
                    .ok_or(format!("a depth in 1..={MAX_DEPTH}"))?
            }
            "width" => self.root_width = count().ok_or("a count ≥ 1")?,
            "batch" => self.batch = count().ok_or("a count ≥ 1")?,
            "explore" => self.explore = float().ok_or("a finite number")?,
            "widen" => self.widen = float().ok_or("a finite number")?,
            "z" => self.switch_z = float().ok_or("a finite number")?,
            "cont" => {
                self.continuation = match value {
                    "plan" => Kind::Plan,
                    "block1" => Kind::Block1,
                    "block" => Kind::Block,
                    "blockall" => Kind::BlockAll,
                    _ => return Err("plan, block1, block or blockall".into()),
                }
            }
            _ => return Err(format!("a knob among {}", KNOBS.join(", "))),
        }
        Ok(())
    }
}

/// One sequence of our moves in the tree.
struct Node {
    cell: Cell,
    visits: u32,
    total: f64,
    children: Vec<usize>,
    /// Cells not yet made children, best first (filled on the first visit).
    untried: Vec<Cell>,
    ready: bool,
}

#[derive(Default)]
struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    fn add(&mut self, cell: Cell) -> usize {
        self.nodes.push(Node {
            cell,
            visits: 0,
            total: 0.0,
            children: Vec::new(),
            untried: Vec::new(),
            ready: false,
        });
        self.nodes.len() - 1
    }

    /// Makes the first untried cell that is legal now a child of `parent`.
    fn expand(&mut self, parent: usize, legal: Bits) -> Option<usize> {
        let untried = &mut self.nodes[parent].untried;
        let k = untried.iter().position(|&c| has(legal, c))?;
        let cell = untried.remove(k);
        let child = self.add(cell);
        self.nodes[parent].children.push(child);
        Some(child)
    }
}

/// The duel's search and its random numbers.
pub struct DuelSearch {
    pub config: Config,
    rng: Pcg64Mcg,
}

impl DuelSearch {
    pub fn new(config: Config, seed: u64) -> DuelSearch {
        DuelSearch {
            config,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// Chooses player 0's move within the allowance, with the configured
    /// continuation policy.
    pub fn choose(
        &mut self,
        game: &Game,
        state: &State,
        belief: &Belief,
        allowance: Allowance,
    ) -> Decision {
        match self.config.continuation {
            Kind::Plan => self.choose_with(game, state, belief, allowance, &Plan),
            Kind::Block1 => self.block(game, state, belief, allowance, 1, false),
            Kind::Block => self.block(game, state, belief, allowance, u8::MAX, false),
            Kind::BlockAll => self.block(game, state, belief, allowance, u8::MAX, true),
        }
    }

    fn block(
        &mut self,
        game: &Game,
        state: &State,
        belief: &Belief,
        allowance: Allowance,
        max_level: u8,
        unowned: bool,
    ) -> Decision {
        let policy = Blocking { max_level, unowned };
        self.choose_with(game, state, belief, allowance, &policy)
    }

    /// Chooses player 0's move with `policy` as the continuation: the
    /// policy's own move unless a candidate beats it clearly.
    pub fn choose_with<C: Continuation>(
        &mut self,
        game: &Game,
        state: &State,
        belief: &Belief,
        allowance: Allowance,
        policy: &C,
    ) -> Decision {
        let mut params = [NO_PARAMS; MAX_PLAYERS];
        params[1] = belief.mean_params(1);
        let ai_legal = legal_moves(state, game.m, 1);
        let target = ai::greedy_target(game, state, 1, &params[1], ai_legal);
        let order = prior(game, state, &params, ai_legal, target, policy);
        // The base move, the AI's expected destination when it is legal
        // for us (moving there blocks it, which the forecast's ranking never
        // favours), then the forecast's best.
        let blocks = usize::from(order.get(1) == Some(&target));
        let width = order.len().min(self.config.root_width + blocks);
        let mut tree = Tree::default();
        let roots: Vec<usize> = order[..width].iter().map(|&c| tree.add(c)).collect();
        let values = self.halving(&mut tree, &roots, game, state, belief, allowance, policy);
        self.decide(&tree, &roots, &values, self.length(game, state))
    }

    /// Successive halving over the root's candidates (the first, the base
    /// move, always stays); returns each candidate's values, the k-th from
    /// the k-th shared seed.
    #[allow(clippy::too_many_arguments)]
    fn halving<C: Continuation>(
        &mut self,
        tree: &mut Tree,
        roots: &[usize],
        game: &Game,
        state: &State,
        belief: &Belief,
        allowance: Allowance,
        policy: &C,
    ) -> Vec<Vec<f64>> {
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); roots.len()];
        let mut alive: Vec<usize> = (0..roots.len()).collect();
        let mut seeds: Vec<u64> = Vec::new();
        let mut done = 0u64;
        let length = self.length(game, state);
        let mut round = 0u64;
        'search: while alive.len() > 1 {
            for &i in &alive {
                for _ in 0..self.config.batch {
                    // Checked per simulation: a turn never overruns by more than one.
                    if allowance.used_up(done, done * length) {
                        break 'search;
                    }
                    let k = values[i].len();
                    while seeds.len() <= k {
                        seeds.push(self.rng.random());
                    }
                    let value =
                        self.simulate(tree, roots[i], game, state, belief, policy, seeds[k]);
                    values[i].push(value);
                    done += 1;
                }
            }
            round += 1;
            if round.is_multiple_of(3) && alive.len() > 2 {
                alive[1..].sort_by(|&a, &b| mean(&values[b]).total_cmp(&mean(&values[a])));
                let keep = 1 + (alive.len() - 1).div_ceil(2);
                alive.truncate(keep);
            }
        }
        values
    }

    /// Turns one simulation from `state` plays: the first and up to
    /// `horizon` more.
    fn length(&self, game: &Game, state: &State) -> u64 {
        ((state.turn + 1 + self.config.horizon).min(game.turns) - state.turn) as u64
    }

    /// The base move, or the candidate of best paired mean among those
    /// `switch_z` standard errors above it; each simulation played `length`
    /// turns.
    fn decide(&self, tree: &Tree, roots: &[usize], values: &[Vec<f64>], length: u64) -> Decision {
        let mut candidates: Vec<Candidate> = roots
            .iter()
            .zip(values)
            .map(|(&n, v)| paired(tree.nodes[n].cell, v, &values[0]))
            .collect();
        candidates[0].rollouts = values[0].len() as u64;
        candidates[0].diff = 0.0;
        candidates[0].diff_sq = 0.0;
        let base = candidates[0].cell;
        let cell = candidates[1..]
            .iter()
            .filter(|c| c.z() > self.config.switch_z)
            .max_by(|a, b| a.mean().total_cmp(&b.mean()))
            .map_or(base, |c| c.cell);
        let rollouts = values.iter().map(|v| v.len() as u64).sum();
        Decision {
            cell,
            rollouts,
            simulated_turns: rollouts * length,
            candidates,
        }
    }

    /// One simulation from the root through the tree below `first` (our
    /// move this turn), then the continuation to the horizon; returns the
    /// objective, which every node on the path adds to its total.
    #[allow(clippy::too_many_arguments)]
    fn simulate<C: Continuation>(
        &self,
        tree: &mut Tree,
        first: usize,
        game: &Game,
        root: &State,
        belief: &Belief,
        policy: &C,
        seed: u64,
    ) -> f64 {
        let mut ais = SampledAis::new(game, belief, seed);
        let mut us = TreeWalk {
            search: self,
            tree,
            policy,
            root_turn: root.turn,
            path: [first; MAX_DEPTH],
            len: 1,
            depth: self.config.depth.clamp(1, MAX_DEPTH),
            in_tree: true,
        };
        let end = root.turn + 1 + self.config.horizon;
        let leaf = play_out(game, root, end, &mut us, &mut ais);
        let value = objective(&leaf, game.m);
        let TreeWalk {
            tree, path, len, ..
        } = us;
        for &n in &path[..len] {
            tree.nodes[n].visits += 1;
            tree.nodes[n].total += value;
        }
        value
    }

    /// The child of `parent` to play in this simulation's position: a new
    /// one while the node may widen, else the best by UCT among those legal
    /// now. None when no move of ours is left to try.
    #[allow(clippy::too_many_arguments)]
    fn select<C: Continuation>(
        &self,
        tree: &mut Tree,
        parent: usize,
        game: &Game,
        sim: &State,
        params: &[AiParams; MAX_PLAYERS],
        ai_legal: Bits,
        target: Cell,
        policy: &C,
    ) -> Option<usize> {
        let legal = legal_moves(sim, game.m, 0);
        if !tree.nodes[parent].ready {
            tree.nodes[parent].untried = prior(game, sim, params, ai_legal, target, policy);
            tree.nodes[parent].ready = true;
        }
        let visits = tree.nodes[parent].visits;
        let allowed = (self.config.widen * (visits as f64 + 1.0).sqrt()).ceil() as usize;
        if tree.nodes[parent].children.len() < allowed.max(1)
            && let Some(child) = tree.expand(parent, legal)
        {
            return Some(child);
        }
        let log_visits = (visits.max(1) as f64).ln();
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for &child in &tree.nodes[parent].children {
            let node = &tree.nodes[child];
            if !has(legal, node.cell) {
                continue;
            }
            let score = if node.visits == 0 {
                f64::INFINITY
            } else {
                let n = node.visits as f64;
                node.total / n + self.config.explore * (log_visits / n).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = Some(child);
            }
        }
        best.or_else(|| tree.expand(parent, legal))
    }
}

/// Player 0 in one simulation: the root's candidate first, then the
/// tree's moves by UCT while the walk stays in the tree (down to `depth`),
/// then the continuation.
struct TreeWalk<'a, C: Continuation> {
    search: &'a DuelSearch,
    tree: &'a mut Tree,
    policy: &'a C,
    root_turn: usize,
    /// The nodes played, the root's candidate first.
    path: [usize; MAX_DEPTH],
    len: usize,
    depth: usize,
    in_tree: bool,
}

impl<C: Continuation> Player for TreeWalk<'_, C> {
    fn choose(&mut self, game: &Game, sim: &State, ais: &AiView) -> Cell {
        let (ai_legal, target) = (ais.legal[1], ais.targets[1]);
        if sim.turn == self.root_turn {
            return self.tree.nodes[self.path[0]].cell;
        }
        if self.in_tree && self.len < self.depth {
            let parent = self.path[self.len - 1];
            let chosen = self.search.select(
                self.tree,
                parent,
                game,
                sim,
                ais.params,
                ai_legal,
                target,
                self.policy,
            );
            if let Some(child) = chosen {
                self.path[self.len] = child;
                self.len += 1;
                return self.tree.nodes[child].cell;
            }
            self.in_tree = false;
        }
        self.policy.choose(game, sim, ai_legal, target)
    }
}

/// Our legal moves in the order the search tries them: the continuation's
/// move, the AI's expected destination (blocking it), then the rest by
/// their expected worth under the forecast (src/forecast.rs).
fn prior<C: Continuation>(
    game: &Game,
    state: &State,
    params: &[AiParams; MAX_PLAYERS],
    ai_legal: Bits,
    target: Cell,
    policy: &C,
) -> Vec<Cell> {
    let ours = legal_moves(state, game.m, 0);
    let base = policy.choose(game, state, ai_legal, target);
    let mut legal = [0 as Bits; MAX_PLAYERS];
    legal[1] = ai_legal;
    let mut targets = [0 as Cell; MAX_PLAYERS];
    targets[1] = target;
    let forecast = Forecast::with_targets(game, state, params, &legal, &targets);
    let mut ranked: Vec<(f64, Cell)> = cells(ours)
        .filter(|&c| c != base && c != target)
        .map(|c| (forecast::move_value(game, state, &forecast, 1, c), c))
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut order = Vec::with_capacity(ranked.len() + 2);
    order.push(base);
    if has(ours, target) && target != base {
        order.push(target);
    }
    order.extend(ranked.into_iter().map(|(_, c)| c));
    order
}

/// A candidate's values paired with the base move's on the shared seeds.
fn paired(cell: Cell, values: &[f64], base: &[f64]) -> Candidate {
    let mut candidate = Candidate {
        cell,
        ..Candidate::default()
    };
    for (v, b) in values.iter().zip(base) {
        let d = v - b;
        candidate.diff += d;
        candidate.diff_sq += d * d;
        candidate.rollouts += 1;
    }
    candidate
}

fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        f64::NEG_INFINITY
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}
