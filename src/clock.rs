//! Time management: a total budget measured from process start, spread over
//! the turns by a schedule, or a fixed amount of work per turn instead (for
//! deterministic play in tests and the bundle check).

use std::time::{Duration, Instant};

/// How much thinking a turn may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// Think until this instant.
    Until(Instant),
    /// Run exactly this many rollouts.
    Rollouts(u64),
}

/// The game's time budget.
#[derive(Clone, Debug)]
pub struct Clock {
    start: Instant,
    budget: Duration,
    fixed_work: Option<u64>,
}

/// Time kept back for reading, writing, the belief and the process exit.
const RESERVE: Duration = Duration::from_millis(60);

/// Relative share of the budget for turn `t` (1-based) of `turns`: the last
/// turns decide little (few moves left to exploit), so they get less.
fn weight(t: usize, turns: usize) -> f64 {
    let left = turns + 1 - t;
    if left <= 3 {
        0.3
    } else if left <= 10 {
        0.7
    } else {
        1.0
    }
}

impl Clock {
    /// A clock started at `start` (the process start) with `budget` seconds.
    pub fn new(start: Instant, budget_seconds: f64, fixed_work: Option<u64>) -> Clock {
        Clock {
            start,
            budget: Duration::from_secs_f64(budget_seconds),
            fixed_work,
        }
    }

    /// Time since process start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The allowance of turn `t` (1-based) of `turns`: its share of what is
    /// left, by the schedule's weights.
    pub fn allowance(&self, t: usize, turns: usize) -> Allowance {
        if let Some(work) = self.fixed_work {
            return Allowance::Rollouts(work);
        }
        let now = Instant::now();
        let spent = now.duration_since(self.start);
        let left = self.budget.saturating_sub(spent + RESERVE);
        let total: f64 = (t..=turns).map(|s| weight(s, turns)).sum();
        let share = if total > 0.0 {
            weight(t, turns) / total
        } else {
            0.0
        };
        Allowance::Until(now + left.mul_f64(share))
    }
}
