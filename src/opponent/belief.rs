//! The belief over each AI's hidden parameters: a particle filter.
//!
//! Why particles: the exact likelihood of an observed choice is cheap (O(1)
//! per hypothesis once each turn is summarised by category, see
//! [`Observation`]), the prior is a plain box (each weight uniform in
//! [0.3, 1), ε uniform in [0.1, 0.5)), and keeping the whole history lets a
//! Metropolis–Hastings step rejuvenate the particles against every turn seen
//! so far, so the filter cannot drift or collapse. Raw weights are kept (not
//! ratios): under the true prior that gives the right posterior over ratios.

use rand::Rng;

use crate::engine::ai::{AiParams, Category, category, tie_tolerance};
use crate::engine::board::{Cell, MAX_PLAYERS, cells};
use crate::engine::rules::legal_moves;
use crate::engine::state::{Game, State};

/// Bounds of the prior box, as the generator draws them.
const W_LO: f64 = 0.3;
const W_HI: f64 = 1.0;
const EPS_LO: f64 = 0.1;
const EPS_HI: f64 = 0.5;

/// The particles are resampled (and rejuvenated) when their effective
/// sample size falls below this fraction of their number.
const RESAMPLE_ESS_FRACTION: f64 = 0.5;

/// One AI's turn reduced to what the likelihood needs: per category, the
/// best cell value among the candidates and how many candidates have it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Observation {
    /// Number of candidates |B|.
    candidates: u32,
    /// Best V per category (unowned, own below cap, enemy 1, enemy ≥ 2, own at cap).
    best: [u32; 5],
    /// Candidates with that best V per category (0: category absent).
    count: [u32; 5],
    /// Category and value of the chosen cell.
    chosen_category: usize,
    chosen_value: u32,
}

impl Observation {
    /// Summarises AI `p`'s choice `dest` on the start-of-turn state.
    pub fn new(game: &Game, state: &State, p: usize, dest: Cell) -> Observation {
        let legal = legal_moves(state, game.m, p);
        let mut obs = Observation {
            candidates: legal.count_ones(),
            best: [0; 5],
            count: [0; 5],
            chosen_category: category(game, state, p, dest) as usize,
            chosen_value: game.value[dest as usize],
        };
        for c in cells(legal) {
            let k = category(game, state, p, c) as usize;
            // Own cells at the cap are all worth 0: they tie with each other.
            let v = if k == Category::OwnAtCap as usize {
                0
            } else {
                game.value[c as usize]
            };
            if obs.count[k] == 0 || v > obs.best[k] {
                obs.best[k] = v;
                obs.count[k] = 1;
            } else if v == obs.best[k] {
                obs.count[k] += 1;
            }
        }
        if obs.chosen_category == Category::OwnAtCap as usize {
            obs.chosen_value = 0;
        }
        obs
    }

    /// Probability of the observed choice under `params`: a random move
    /// (ε/|B|) or a greedy one shared among the tied best cells.
    pub fn likelihood(&self, params: &AiParams) -> f64 {
        let weight = [params.wa, params.wb, params.wc, params.wd, 0.0];
        let mut best = 0.0f64;
        for k in 0..5 {
            if self.count[k] > 0 {
                best = best.max(weight[k] * self.best[k] as f64);
            }
        }
        // best ≥ 0 here, so this is the judge's 1e-9·max(best, 1).
        let tol = tie_tolerance(best);
        let ties: u32 = (0..5)
            .filter(|&k| self.count[k] > 0 && weight[k] * self.best[k] as f64 >= best - tol)
            .map(|k| self.count[k])
            .sum();
        let chosen = weight[self.chosen_category] * self.chosen_value as f64;
        let greedy = if chosen >= best - tol {
            1.0 / ties as f64
        } else {
            0.0
        };
        params.eps / self.candidates as f64 + (1.0 - params.eps) * greedy
    }
}

/// The particles of one AI, with every observation so far.
#[derive(Clone, Debug)]
pub struct AiBelief {
    particles: Vec<AiParams>,
    /// Log-weights, not normalised.
    log_weight: Vec<f64>,
    /// Cumulative normalised weights, for sampling.
    cumulative: Vec<f64>,
    history: Vec<Observation>,
}

/// The belief over all AIs (index 0 unused).
#[derive(Clone, Debug)]
pub struct Belief {
    ais: Vec<AiBelief>,
}

/// Summary of one AI's posterior: mean and standard deviation of each
/// weight ratio to wa and of ε.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PosteriorSummary {
    /// Means of wb/wa, wc/wa, wd/wa, ε.
    pub mean: [f64; 4],
    /// Standard deviations of the same.
    pub spread: [f64; 4],
}

fn draw_prior<R: Rng>(rng: &mut R) -> AiParams {
    AiParams {
        wa: rng.random_range(W_LO..W_HI),
        wb: rng.random_range(W_LO..W_HI),
        wc: rng.random_range(W_LO..W_HI),
        wd: rng.random_range(W_LO..W_HI),
        eps: rng.random_range(EPS_LO..EPS_HI),
    }
}

fn in_prior(p: &AiParams) -> bool {
    let w_ok = |w: f64| (W_LO..W_HI).contains(&w);
    w_ok(p.wa) && w_ok(p.wb) && w_ok(p.wc) && w_ok(p.wd) && (EPS_LO..EPS_HI).contains(&p.eps)
}

impl AiBelief {
    fn new<R: Rng>(particles: usize, rng: &mut R) -> AiBelief {
        let mut belief = AiBelief {
            particles: (0..particles).map(|_| draw_prior(rng)).collect(),
            log_weight: vec![0.0; particles],
            cumulative: Vec::new(),
            history: Vec::new(),
        };
        belief.normalise();
        belief
    }

    /// A belief sure of `params`: one particle.
    #[cfg(feature = "oracle")]
    fn point(params: AiParams) -> AiBelief {
        let mut belief = AiBelief {
            particles: vec![params],
            log_weight: vec![0.0],
            cumulative: Vec::new(),
            history: Vec::new(),
        };
        belief.normalise();
        belief
    }

    /// Recomputes the cumulative weights; returns the effective sample size.
    fn normalise(&mut self) -> f64 {
        let max = self
            .log_weight
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = self.log_weight.iter().map(|&l| (l - max).exp()).collect();
        let total: f64 = weights.iter().sum();
        let mut acc = 0.0;
        self.cumulative = weights
            .iter()
            .map(|w| {
                acc += w / total;
                acc
            })
            .collect();
        let sum_sq: f64 = weights.iter().map(|w| (w / total) * (w / total)).sum();
        1.0 / sum_sq
    }

    fn observe<R: Rng>(&mut self, obs: Observation, rng: &mut R) {
        for (lw, p) in self.log_weight.iter_mut().zip(&self.particles) {
            *lw += obs.likelihood(p).ln();
        }
        self.history.push(obs);
        let ess = self.normalise();
        if ess < RESAMPLE_ESS_FRACTION * self.particles.len() as f64 {
            let parents = self.resample(rng);
            self.rejuvenate(&parents, rng);
            self.normalise();
        }
    }

    /// Systematic resampling to equal weights; returns each new particle's
    /// parent index (copies of one parent share its likelihood).
    fn resample<R: Rng>(&mut self, rng: &mut R) -> Vec<usize> {
        let n = self.particles.len();
        let start: f64 = rng.random::<f64>() / n as f64;
        let mut parents = Vec::with_capacity(n);
        let mut k = 0;
        for i in 0..n {
            let target = start + i as f64 / n as f64;
            while k + 1 < n && self.cumulative[k] < target {
                k += 1;
            }
            parents.push(k);
        }
        self.particles = parents.iter().map(|&k| self.particles[k]).collect();
        self.log_weight.iter_mut().for_each(|w| *w = 0.0);
        parents
    }

    /// Log-likelihood of the whole history.
    fn log_likelihood(&self, p: &AiParams) -> f64 {
        self.history.iter().map(|o| o.likelihood(p).ln()).sum()
    }

    /// One Metropolis–Hastings move per particle with a small random walk:
    /// restores diversity after resampling, exact for the full history.
    fn rejuvenate<R: Rng>(&mut self, parents: &[usize], rng: &mut R) {
        const STEP_W: f64 = 0.04;
        const STEP_EPS: f64 = 0.03;
        let mut parent_ll: Vec<Option<f64>> = vec![None; self.particles.len()];
        for (i, &parent) in parents.iter().enumerate() {
            let current = self.particles[i];
            let current_ll =
                *parent_ll[parent].get_or_insert_with(|| self.log_likelihood(&current));
            // Uniform steps with the standard deviations above.
            let mut jitter = |x: f64, s: f64| x + s * (rng.random::<f64>() * 2.0 - 1.0) * 1.732;
            let proposal = AiParams {
                wa: jitter(current.wa, STEP_W),
                wb: jitter(current.wb, STEP_W),
                wc: jitter(current.wc, STEP_W),
                wd: jitter(current.wd, STEP_W),
                eps: jitter(current.eps, STEP_EPS),
            };
            if !in_prior(&proposal) {
                continue;
            }
            let proposal_ll = self.log_likelihood(&proposal);
            if rng.random::<f64>().ln() < proposal_ll - current_ll {
                self.particles[i] = proposal;
            }
        }
    }

    fn sample<R: Rng>(&self, rng: &mut R) -> AiParams {
        let u: f64 = rng.random();
        let k = self.cumulative.partition_point(|&c| c < u);
        self.particles[k.min(self.particles.len() - 1)]
    }

    fn summary(&self) -> PosteriorSummary {
        let mut mean = [0.0; 4];
        let mut sq = [0.0; 4];
        let mut previous = 0.0;
        for (p, &c) in self.particles.iter().zip(&self.cumulative) {
            let w = c - previous;
            previous = c;
            let x = [p.wb / p.wa, p.wc / p.wa, p.wd / p.wa, p.eps];
            for k in 0..4 {
                mean[k] += w * x[k];
                sq[k] += w * x[k] * x[k];
            }
        }
        let spread = std::array::from_fn(|k| (sq[k] - mean[k] * mean[k]).max(0.0).sqrt());
        PosteriorSummary { mean, spread }
    }
}

impl Belief {
    /// A prior belief with `particles` hypotheses per AI.
    pub fn new<R: Rng>(m: usize, particles: usize, rng: &mut R) -> Belief {
        Belief {
            ais: (0..m)
                .map(|_| AiBelief::new(particles.max(1), rng))
                .collect(),
        }
    }

    /// A belief that knows each AI's true parameters (`params[p]` for the
    /// players 1..m; index 0 unused): the omniscient reference of the
    /// `oracle` tool, to measure what estimating them costs (feature
    /// `oracle`, which the tools turn on: the submission has no such code).
    #[cfg(feature = "oracle")]
    pub fn known(params: &[AiParams]) -> Belief {
        Belief {
            ais: params.iter().map(|&p| AiBelief::point(p)).collect(),
        }
    }

    /// Updates every AI's belief with its reported destination `dest[p]`,
    /// chosen on the start-of-turn state `before`.
    pub fn observe<R: Rng>(
        &mut self,
        game: &Game,
        before: &State,
        dest: &[Cell; MAX_PLAYERS],
        rng: &mut R,
    ) {
        for p in 1..game.m {
            let obs = Observation::new(game, before, p, dest[p]);
            self.ais[p].observe(obs, rng);
        }
    }

    /// Draws AI `p`'s parameters from the posterior.
    pub fn sample<R: Rng>(&self, p: usize, rng: &mut R) -> AiParams {
        self.ais[p].sample(rng)
    }

    /// Parameters at the posterior mean (ratios to wa = 1, and ε).
    pub fn mean_params(&self, p: usize) -> AiParams {
        let mean = self.ais[p].summary().mean;
        AiParams {
            wa: 1.0,
            wb: mean[0],
            wc: mean[1],
            wd: mean[2],
            eps: mean[3],
        }
    }

    /// Posterior mean and spread of AI `p`'s ratios and ε.
    pub fn summary(&self, p: usize) -> PosteriorSummary {
        self.ais[p].summary()
    }
}
