//! The race's schedule: how much of a turn's work the planner's race gets,
//! how many candidates and continuations that work can race, and when
//! successive halving cuts the challengers (src/search/planner.rs runs the
//! race; src/search/clock.rs spreads the game's time over its turns).

use crate::search::clock::Allowance;
use crate::search::planner::Config;

/// When the race cuts its challengers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halving {
    /// Every [`Config::halve_every`] rounds, whatever the turn affords: on
    /// a short turn the race may end before its first cut, every
    /// challenger on a handful of rollouts, and the best of many noisy
    /// means is a false switch.
    Rounds,
    /// Sequential halving over the rollouts the turn affords: one stage per
    /// cut and a last one for the finalists, each an equal share of the
    /// work, so that the race ends with its finalists on any turn.
    Work,
}

/// The fewest candidates of the base's ranking a work-aware bound
/// ([`Config::rollouts_per_candidate`]) leaves.
pub const MIN_CANDIDATES: usize = 10;

impl Config {
    /// How many of the base's ranked moves a turn that affords
    /// `affordable` rollouts can race ([`Config::rollouts_per_candidate`]).
    pub(super) fn affordable_candidates(&self, affordable: Option<f64>) -> usize {
        let per = self.rollouts_per_candidate;
        match affordable {
            Some(rollouts) if per > 0.0 => ((rollouts / per) as usize).max(MIN_CANDIDATES),
            _ => usize::MAX,
        }
    }

    /// Whether a turn that affords `affordable` rollouts is enough for the
    /// alternative continuations to join the race
    /// ([`Config::alternatives_from`]).
    pub(super) fn alternatives_join(&self, affordable: Option<f64>) -> bool {
        let from = self.alternatives_from;
        from <= 0.0 || affordable.is_none_or(|rollouts| rollouts >= from)
    }

    /// Under [`Halving::Work`], the rollouts of the next stage of a race
    /// of `challengers` on a turn that affords `affordable` and has done
    /// `done` (None: cut by rounds, as while the turn's work is unknown).
    /// The stages left share what is left, so that a stage that overran (a
    /// round is its grain) takes from the ones after, and the race still
    /// reaches its finalists.
    pub(super) fn stage_work(
        &self,
        affordable: Option<f64>,
        done: u64,
        challengers: usize,
    ) -> Option<f64> {
        match (self.halving, affordable) {
            (Halving::Work, Some(rollouts)) => {
                Some((rollouts - done as f64).max(0.0) / self.stages(challengers) as f64)
            }
            _ => None,
        }
    }

    /// The stages of a race of `challengers`: one per cut down to the
    /// finalists, and the finalists' own.
    fn stages(&self, challengers: usize) -> usize {
        let mut left = challengers;
        let mut stages = 1;
        while left > self.finalists && self.kept(left) < left {
            left = self.kept(left);
            stages += 1;
        }
        stages
    }

    /// How many of `challengers` a cut keeps ([`Config::keep`]).
    pub(super) fn kept(&self, challengers: usize) -> usize {
        let fewest = self.finalists.clamp(1, challengers);
        ((challengers as f64 * self.keep).ceil() as usize).clamp(fewest, challengers)
    }
}

/// Rollouts a second on the last turns played by the clock, for the
/// work-aware bound on the candidates (None before any turn measured it).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Rate(Option<f64>);

impl Rate {
    /// The rollouts this turn affords: from the allowance or, on the clock,
    /// from the rate of the turns before (None before any turn measured it).
    pub(super) fn affordable_rollouts(&self, allowance: Allowance, length: usize) -> Option<f64> {
        match allowance {
            Allowance::Rollouts(n) => Some(n as f64),
            Allowance::Turns(n) => Some(n as f64 / length.max(1) as f64),
            Allowance::Until(deadline) => self.0.map(|rate| {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                rate * left.as_secs_f64()
            }),
        }
    }

    /// Folds a turn's rollouts a second into the rate (a turn that did
    /// almost nothing says little: it is left out).
    pub(super) fn measure(&mut self, rollouts: u64, seconds: f64) {
        if rollouts < 8 || seconds <= 0.0 {
            return;
        }
        let now = rollouts as f64 / seconds;
        self.0 = Some(self.0.map_or(now, |rate| 0.5 * rate + 0.5 * now));
    }
}
