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
/// bot's; src/agent/params.rs can override them.
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
    /// A game's worth of simulated turns spread by the schedule, as the
    /// budget is (see [`Clock::pooled_turns`]).
    pool: Option<Pool>,
    schedule: Schedule,
}

/// Simulated turns for the whole game, and how many are spent.
#[derive(Clone, Copy, Debug)]
struct Pool {
    total: u64,
    spent: u64,
}

/// The largest budget the bot accepts, in seconds (`--budget` is checked
/// against it in src/agent/options.rs, and the tools that set a bot's budget
/// check against it too).
pub const MAX_BUDGET: f64 = 60.0;

impl Clock {
    /// A clock started at `start` (the process start) with `budget` seconds.
    /// The callers check the budget against (0, 60] (src/agent/options.rs);
    /// one that slips through is held to that range rather than panic: NaN
    /// and anything above count as 60 s, a negative budget as none.
    pub fn new(start: Instant, budget_seconds: f64, fixed_work: Option<u64>) -> Clock {
        let most = MAX_BUDGET;
        Clock {
            start,
            budget: Duration::try_from_secs_f64(budget_seconds.min(most)).unwrap_or_default(),
            fixed_work: fixed_work.map(Allowance::Rollouts),
            pool: None,
            schedule: Schedule::default(),
        }
    }

    /// A clock that gives the game `per_turn` simulated turns for each of
    /// its `turns` turns, spread by the schedule as the time budget is: what
    /// a turn leaves unused goes to the turns after it, as time does. With
    /// a fixed seed the bot plays the same game every time, and a planner
    /// that stops early on a clear decision gains there what it would gain
    /// on the clock.
    pub fn pooled_turns(start: Instant, per_turn: u64, turns: usize) -> Clock {
        Clock {
            pool: Some(Pool {
                total: per_turn * turns as u64,
                spent: 0,
            }),
            ..Clock::new(start, 1.0, None)
        }
    }

    /// Records the simulated turns a turn's thinking used (only a pooled
    /// clock counts them).
    pub fn charge(&mut self, simulated_turns: u64) {
        if let Some(pool) = &mut self.pool {
            pool.spent += simulated_turns;
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
        if let Some(pool) = self.pool {
            let left = pool.total.saturating_sub(pool.spent);
            return Allowance::Turns((left as f64 * self.share(t, turns)) as u64);
        }
        let now = Instant::now();
        let spent = now.duration_since(self.start);
        let reserve = Duration::from_millis(self.schedule.reserve_ms);
        let left = self.budget.saturating_sub(spent + reserve);
        Allowance::Until(now + left.mul_f64(self.share(t, turns)))
    }

    /// Turn `t`'s share of what is left, by the schedule's weights.
    fn share(&self, t: usize, turns: usize) -> f64 {
        let total: f64 = (t..=turns).map(|s| self.schedule.weight(s, turns)).sum();
        if total > 0.0 {
            self.schedule.weight(t, turns) / total
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_spreads_the_game_by_the_schedule_and_carries_what_a_turn_leaves() {
        let turns = |a: Allowance| match a {
            Allowance::Turns(n) => n,
            other => panic!("{other:?}"),
        };
        let mut clock = Clock::pooled_turns(Instant::now(), 1_000, 100);
        // 90 turns of weight 1, 7 of 0.7, 3 of 0.3: 95.8 in all.
        let first = turns(clock.allowance(1, 100));
        assert_eq!(first, (100_000.0 / 95.8) as u64);
        // A turn that spends nothing leaves its share to the rest.
        clock.charge(0);
        assert!(turns(clock.allowance(2, 100)) > first);
        clock.charge(100_000 - 300);
        assert_eq!(turns(clock.allowance(100, 100)), 300);
        clock.charge(1_000);
        assert_eq!(turns(clock.allowance(100, 100)), 0);
    }

    #[test]
    fn a_budget_out_of_range_is_held_to_it_rather_than_panic() {
        let now = Instant::now();
        for (budget, held) in [
            (f64::NAN, 60.0),
            (f64::INFINITY, 60.0),
            (1e300, 60.0),
            (-1.0, 0.0),
        ] {
            let clock = Clock::new(now, budget, None);
            assert_eq!(clock.budget, Duration::from_secs_f64(held), "{budget}");
        }
    }

    #[test]
    fn only_a_pool_counts_the_work() {
        let mut clock = Clock::fixed_turns(Instant::now(), 500);
        clock.charge(10_000);
        assert_eq!(clock.allowance(5, 100), Allowance::Turns(500));
    }
}
