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
    /// Simulate this many turns in all (rollouts of any length): a fixed
    /// amount of work that, like the clock, buys more short rollouts than
    /// long ones.
    Turns(u64),
}

impl Allowance {
    /// Whether `rollouts` rollouts that simulated `turns` turns in all
    /// have used the allowance up.
    pub fn used_up(self, rollouts: u64, turns: u64) -> bool {
        match self {
            Allowance::Rollouts(n) => rollouts >= n,
            Allowance::Turns(n) => turns >= n,
            Allowance::Until(deadline) => Instant::now() >= deadline,
        }
    }
}

/// How the budget is spread over the turns: the last turns decide little
/// (few moves left to exploit), so they get less. Its defaults are the
/// bot's; src/params.rs can override them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Milliseconds kept back for reading, writing, the belief and the
    /// process exit.
    pub reserve_ms: u64,
    /// A turn's weight among the last ten (the others weigh 1).
    pub late: f64,
    /// A turn's weight among the last three.
    pub last: f64,
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule {
            reserve_ms: 60,
            late: 0.7,
            last: 0.3,
        }
    }
}

impl Schedule {
    /// Relative share of the budget for turn `t` (1-based) of `turns`.
    fn weight(&self, t: usize, turns: usize) -> f64 {
        let left = turns + 1 - t;
        if left <= 3 {
            self.last
        } else if left <= 10 {
            self.late
        } else {
            1.0
        }
    }
}

/// The game's time budget.
#[derive(Clone, Debug)]
pub struct Clock {
    start: Instant,
    budget: Duration,
    fixed_work: Option<Allowance>,
    schedule: Schedule,
}

impl Clock {
    /// A clock started at `start` (the process start) with `budget` seconds.
    pub fn new(start: Instant, budget_seconds: f64, fixed_work: Option<u64>) -> Clock {
        Clock {
            start,
            budget: Duration::from_secs_f64(budget_seconds),
            fixed_work: fixed_work.map(Allowance::Rollouts),
            schedule: Schedule::default(),
        }
    }

    /// A clock that allows `turns` simulated turns a turn (see
    /// [`Allowance::Turns`]) instead of time.
    pub fn fixed_turns(start: Instant, turns: u64) -> Clock {
        Clock {
            fixed_work: Some(Allowance::Turns(turns)),
            ..Clock::new(start, 1.0, None)
        }
    }

    /// The same clock with another schedule.
    pub fn with_schedule(mut self, schedule: Schedule) -> Clock {
        self.schedule = schedule;
        self
    }

    /// Time since process start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The allowance of turn `t` (1-based) of `turns`: its share of what is
    /// left, by the schedule's weights.
    pub fn allowance(&self, t: usize, turns: usize) -> Allowance {
        if let Some(work) = self.fixed_work {
            return work;
        }
        let now = Instant::now();
        let spent = now.duration_since(self.start);
        let reserve = Duration::from_millis(self.schedule.reserve_ms);
        let left = self.budget.saturating_sub(spent + reserve);
        let total: f64 = (t..=turns).map(|s| self.schedule.weight(s, turns)).sum();
        let share = if total > 0.0 {
            self.schedule.weight(t, turns) / total
        } else {
            0.0
        };
        Allowance::Until(now + left.mul_f64(share))
    }
}
