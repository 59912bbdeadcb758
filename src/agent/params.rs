//! Every tuned number of the bot in one tree, with its defaults in one
//! place: the planner's settings for the duel (M = 2) and for larger games,
//! the clock's schedule and the belief's size.
//!
//! A tuner changes them at run time, without recompiling, by `key=value`
//! pairs: the bot's `--set` (src/agent/options.rs) and selfplay's `--set` both go
//! through [`Params::set`]. An unknown key or a bad value is an error, never
//! silently ignored: a tuning run that changed nothing would look like a
//! measured null result.

use crate::policy::duel::TierOrder;
use crate::search::clock::Schedule;
use crate::search::leaf::Leaf;
use crate::search::planner::{Alternative, Config, MAX_ALTERNATIVES};
use crate::search::race::Halving;

/// The bot's tuned numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// The planner when a single AI plays (M = 2).
    pub duel: Config,
    /// The planner with two AIs or more.
    pub many: Config,
    /// Settings of `many` for one number of players only, applied on top
    /// of it in order (the `mN.` keys): what real time needs where the
    /// turn's work differs most, from M = 3 to M = 8.
    pub by_players: Vec<PlayersSetting>,
    /// How the clock spreads the budget over the turns.
    pub clock: Schedule,
    /// Particles per AI in the belief.
    pub particles: usize,
}

impl Default for Params {
    /// The measured settings (docs/RESULTS.md).
    fn default() -> Self {
        Params {
            // The duel (M = 2): 40 first moves raced (the plan's one-turn
            // ranking leaves good ones out), the AI's next move among them
            // (moving there blocks it), and the base move left only at z = 2,
            // as the objective at the horizon is a proxy for the final one.
            // docs/RESULTS.md, sessions 2, 11 and 12.
            duel: Config {
                horizon: 20,
                max_candidates: 40,
                // The wide field needs work: with fewer rollouts a turn than
                // 14 a candidate, fewer candidates race (session 11).
                rollouts_per_candidate: 14.0,
                block_candidates: true,
                // A second tier order raced beside the plan pays only with
                // work to spare: it halves each arm's rollouts (session 13).
                alternatives: [TierOrder::parse("0235461").map(Alternative::Duel), None],
                alternatives_from: 2000.0,
                ..Config::default()
            },
            // Three players or more: 16 candidates of the base's ranking
            // and every attack on an AI's cell (the ranking values those too
            // low); a switch at z = 1; the race's cuts spread over the turn's
            // work (sequential halving), so that a short turn still ends on
            // its finalists; the hunt of the AIs raced beside the base when
            // a turn affords 1 200 rollouts (it halves each arm's work). The
            // leaf is the learned value (src/search/value.rs), trained to
            // order the leaves of a root's arms as playouts to the end do: a
            // 10-turn horizon ending on it beats 20 extrapolated turns.
            // docs/RESULTS.md, sessions 4, 5, 10, 14–16, 26–30, 40 and 41.
            many: Config {
                horizon: 10,
                alternatives: [TierOrder::parse("0235461").map(Alternative::Hunt), None],
                alternatives_from: 1200.0,
                leaf: Leaf::Value,
                switch_z: 1.0,
                max_candidates: 16,
                attack_candidates: true,
                halving: Halving::Work,
                ..Config::default()
            },
            // The relay (the hunt for 5 simulated turns, then the base) at
            // M = 3 only: with more AIs a turn affords the hunt on few turns
            // or none. docs/RESULTS.md, sessions 30–32.
            by_players: vec![PlayersSetting {
                m: 3,
                field: "alternative_turns".into(),
                value: "5".into(),
            }],
            clock: Schedule::default(),
            particles: 1000,
        }
    }
}

/// One `many.` field set for games of `m` players only (`mN.FIELD=VALUE`).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayersSetting {
    pub m: usize,
    pub field: String,
    pub value: String,
}

/// The keys [`Params::set`] knows, with what they set (for `--help`).
pub const KEYS: &[(&str, &str)] = &[
    (
        "{duel,many}.horizon",
        "turns simulated after the first one (TURNS)",
    ),
    (
        "{duel,many}.candidates",
        "candidate first moves ranked by the base policy (COUNT)",
    ),
    (
        "{duel,many}.batch",
        "rollouts per candidate in one round (COUNT)",
    ),
    (
        "{duel,many}.halve_every",
        "rounds of batches between two cuts of the challengers (COUNT)",
    ),
    (
        "{duel,many}.halving",
        "when the race cuts: rounds (every halve_every rounds) or work (an equal share of the turn's work per stage)",
    ),
    (
        "{duel,many}.keep",
        "share of the challengers a cut keeps, in (0, 1]",
    ),
    (
        "{duel,many}.finalists",
        "fewest challengers the cuts leave (COUNT)",
    ),
    (
        "{duel,many}.switch_z",
        "standard errors a challenger needs to replace the base move",
    ),
    (
        "{duel,many}.block",
        "the AIs' expected destinations join the candidates (true|false)",
    ),
    (
        "{duel,many}.leaf",
        "a rollout cut before the end: objective (as it stands), extrapolated, value (the learned value, M >= 3) or playouts-K (K playouts to the end, a measuring instrument)",
    ),
    (
        "{duel,many}.alternatives",
        "other continuations raced beside the base: none, or up to two duel tier orders as digits (0123645,0123465; src/policy/duel.rs), each alone or after hunt-all: (the duel plan against all AIs at M >= 3; src/policy/hunt.rs)",
    ),
    (
        "{duel,many}.alternatives_from",
        "rollouts a turn must afford for the alternatives to race (0: always)",
    ),
    (
        "{duel,many}.alternative_turns",
        "simulated turns an alternative continuation plays after its first move before the base takes over (0: to the rollout's end; 5 at M = 3 by default, as m3.alternative_turns=5)",
    ),
    (
        "{duel,many}.per_candidate",
        "rollouts a turn must afford per candidate raced, never fewer than 10 (0: always {duel,many}.candidates)",
    ),
    (
        "{duel,many}.attacks",
        "every legal attack on an AI's cell joins the candidates (true|false)",
    ),
    ("clock.reserve_ms", "milliseconds kept back from the budget"),
    (
        "clock.late",
        "share of a turn among the last ten, against 1 before",
    ),
    ("clock.last", "share of a turn among the last three"),
    (
        "m{3..8}.FIELD",
        "a many. field for games of that many players only, over many.'s (e.g. m4.alternatives=none)",
    ),
    ("belief.particles", "particles per AI"),
];

impl Params {
    /// The planner's settings for a game of `m` players.
    pub fn planner(&self, m: usize) -> Config {
        if m == 2 {
            return self.duel;
        }
        let mut config = self.many;
        for setting in self.by_players.iter().filter(|s| s.m == m) {
            // Checked when it was set: a value `Config::set` refuses never
            // gets here.
            let _ = config.set(&setting.field, &setting.value);
        }
        config
    }

    /// Applies each `key=value` in turn.
    pub fn with_overrides<'a>(
        mut self,
        pairs: impl IntoIterator<Item = &'a str>,
    ) -> Result<Params, String> {
        for pair in pairs {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("{pair:?}: expected key=value"))?;
            self.set(key.trim(), value.trim())?;
        }
        Ok(self)
    }

    /// Sets one number by its key (see [`KEYS`]).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = |what: &str| bad_value(key, value, what);
        if let Some((class, field)) = key.split_once('.') {
            if let Some(m) = players_class(class) {
                // Checked here, on a copy, so that `planner` never meets a bad value.
                set_field(&mut self.many.clone(), key, value)?;
                self.by_players.push(PlayersSetting {
                    m,
                    field: field.to_string(),
                    value: value.to_string(),
                });
                return Ok(());
            }
            let config = match class {
                "duel" => Some(&mut self.duel),
                "many" => Some(&mut self.many),
                _ => None,
            };
            if let Some(config) = config {
                return set_field(config, key, value);
            }
        }
        match key {
            "clock.reserve_ms" => {
                self.clock.reserve_ms = whole(value).ok_or(bad("a whole number"))?
            }
            "clock.late" => {
                self.clock.late = within(value, 1.0).ok_or(bad("a number in [0, 1]"))?
            }
            "clock.last" => {
                self.clock.last = within(value, 1.0).ok_or(bad("a number in [0, 1]"))?
            }
            "belief.particles" => {
                self.particles = whole(value)
                    .filter(|&n| (1..=100_000).contains(&n))
                    .ok_or(bad("a count in 1..=100000"))? as usize
            }
            _ => {
                let known: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
                return Err(format!("unknown key {key:?} (known: {})", known.join(", ")));
            }
        }
        Ok(())
    }
}

/// The message for a value that `key` does not take (`what` it takes).
fn bad_value(key: &str, value: &str, what: &str) -> String {
    format!("{key}: expected {what}, got {value:?}")
}

/// Sets the field that a `{duel,many,mN}.FIELD` `key` names on `config`.
/// An unknown field after a known prefix is the key's fault, not the
/// value's.
fn set_field(config: &mut Config, key: &str, value: &str) -> Result<(), String> {
    let (prefix, field) = key.split_once('.').unwrap_or(("", key));
    let fields = config_fields();
    if !fields.contains(&field) {
        let known = fields.join(", ");
        return Err(format!(
            "unknown key {key:?} (known after \"{prefix}.\": {known})"
        ));
    }
    config
        .set(field, value)
        .map_err(|what| bad_value(key, value, &what))
}

/// The number of players of an `mN` class of keys, N from 3 to 8.
fn players_class(class: &str) -> Option<usize> {
    let m: usize = class.strip_prefix('m')?.parse().ok()?;
    (3..=crate::engine::board::MAX_PLAYERS)
        .contains(&m)
        .then_some(m)
}

/// The fields [`Config::set`] knows: the `{duel,many}.` keys of [`KEYS`].
fn config_fields() -> Vec<&'static str> {
    (KEYS.iter())
        .filter_map(|(k, _)| k.strip_prefix("{duel,many}."))
        .collect()
}

/// `none`, or up to [`MAX_ALTERNATIVES`] tier orders separated by commas.
fn alternatives(value: &str) -> Result<[Option<Alternative>; MAX_ALTERNATIVES], String> {
    let mut orders = [None; MAX_ALTERNATIVES];
    if value == "none" {
        return Ok(orders);
    }
    let expected = || {
        format!(
            "none, or up to {MAX_ALTERNATIVES} tier orders (digits 0..{}, each once), each alone or after hunt-all:, separated by commas",
            crate::policy::duel::TIERS
        )
    };
    let mut parts = value.split(',');
    for slot in orders.iter_mut() {
        *slot = match parts.next() {
            Some(text) => Some(Alternative::parse(text.trim()).ok_or_else(expected)?),
            None => None,
        };
    }
    if parts.next().is_some() {
        return Err(expected());
    }
    Ok(orders)
}

/// `value` as a finite number ≥ 0.
fn non_negative(value: &str) -> Result<f64, String> {
    (value.parse::<f64>().ok())
        .filter(|x| x.is_finite() && *x >= 0.0)
        .ok_or_else(|| "a number ≥ 0".into())
}

fn whole(value: &str) -> Option<u64> {
    value.parse().ok()
}

/// `value` as a number in [0, `max`].
fn within(value: &str, max: f64) -> Option<f64> {
    value.parse().ok().filter(|x: &f64| (0.0..=max).contains(x))
}

impl Config {
    /// Sets one field by name; the error says what was expected.
    pub fn set(&mut self, field: &str, value: &str) -> Result<(), String> {
        let count = || value.parse::<usize>().ok().filter(|&n| n >= 1);
        match field {
            "horizon" => self.horizon = count().ok_or("a number of turns ≥ 1")?,
            "candidates" => self.max_candidates = count().ok_or("a count ≥ 1")?,
            "batch" => self.batch = count().ok_or("a count ≥ 1")? as u64,
            "halve_every" => self.halve_every = count().ok_or("a count ≥ 1")? as u64,
            "finalists" => self.finalists = count().ok_or("a count ≥ 1")?,
            "keep" => {
                self.keep = (value.parse::<f64>().ok())
                    .filter(|k| *k > 0.0 && *k <= 1.0)
                    .ok_or("a share in (0, 1]")?
            }
            "switch_z" => {
                self.switch_z = value
                    .parse::<f64>()
                    .ok()
                    .filter(|z| z.is_finite())
                    .ok_or("a finite number")?
            }
            "block" => self.block_candidates = value.parse().map_err(|_| "true or false")?,
            "alternatives" => self.alternatives = alternatives(value)?,
            "per_candidate" => self.rollouts_per_candidate = non_negative(value)?,
            "alternatives_from" => self.alternatives_from = non_negative(value)?,
            "alternative_turns" => {
                self.alternative_turns = whole(value).ok_or("a whole number ≥ 0")? as usize
            }
            "attacks" => self.attack_candidates = value.parse().map_err(|_| "true or false")?,
            "halving" => {
                self.halving = match value {
                    "rounds" => Halving::Rounds,
                    "work" => Halving::Work,
                    _ => return Err("rounds or work".into()),
                }
            }
            "leaf" => {
                self.leaf = Leaf::parse(value)
                    .ok_or("objective, extrapolated, value or playouts-K (K from 1 to 64)")?
            }
            _ => return Err(format!("{} after the class", config_fields().join(", "))),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_reach_the_right_class() {
        let params = Params::default()
            .with_overrides([
                "many.switch_z=1.5",
                "duel.horizon=30",
                "belief.particles=200",
                "many.alternative_turns=3",
            ])
            .unwrap();
        assert_eq!(params.planner(4).switch_z, 1.5);
        assert_eq!(params.planner(4).alternative_turns, 3);
        assert_eq!(params.planner(2).alternative_turns, 0);
        assert_eq!(params.planner(2).switch_z, Params::default().duel.switch_z);
        assert_eq!(params.planner(2).horizon, 30);
        assert_eq!(params.particles, 200);
    }

    #[test]
    fn the_racing_schedule_is_set_per_class() {
        let params = Params::default()
            .with_overrides(["duel.halve_every=5", "duel.keep=0.7", "duel.finalists=3"])
            .unwrap();
        let duel = params.planner(2);
        assert_eq!((duel.halve_every, duel.keep, duel.finalists), (5, 0.7, 3));
        // The defaults: halve the challengers down to one, every three rounds
        // in the duel and over the turn's work with more AIs.
        let many = params.planner(4);
        assert_eq!((many.halve_every, many.keep, many.finalists), (3, 0.5, 1));
        assert_eq!(
            (duel.halving, many.halving),
            (Halving::Rounds, Halving::Work)
        );
    }

    #[test]
    fn the_duel_races_an_alternative_from_enough_work_and_larger_games_the_hunt() {
        let duel = Params::default().planner(2);
        assert_eq!(duel.alternatives[0].unwrap().to_string(), "0235461");
        assert!(duel.alternatives_from > 0.0);
        let many = Params::default().planner(4);
        assert_eq!(
            many.alternatives[0].unwrap().to_string(),
            "hunt-all:0235461"
        );
        assert_eq!(many.alternatives[1], None);
        let two = Params::default()
            .with_overrides(["many.alternatives=hunt-all:0123456,0235461"])
            .unwrap();
        assert_eq!(
            names(&two.many.alternatives),
            ["hunt-all:0123456", "0235461"]
        );
        let always = Params::default()
            .with_overrides(["duel.alternatives_from=0"])
            .unwrap();
        assert_eq!(always.planner(2).alternatives_from, 0.0);
    }

    #[test]
    fn a_setting_for_one_number_of_players_leaves_the_others() {
        let params = Params::default()
            .with_overrides(["m4.alternatives=none", "many.switch_z=1.5", "m5.horizon=15"])
            .unwrap();
        let four = params.planner(4);
        assert_eq!(four.alternatives, [None; MAX_ALTERNATIVES]);
        assert_eq!(four.switch_z, 1.5, "many.'s settings reach every M");
        assert_eq!(four.horizon, params.many.horizon);
        for m in [3, 5, 8] {
            assert_eq!(params.planner(m).alternatives, params.many.alternatives);
        }
        assert_eq!(params.planner(5).horizon, 15);
        assert_eq!(params.planner(2), params.duel);
        for bad in [
            "m2.horizon=15",
            "m9.horizon=15",
            "m4.nothing=1",
            "m4.horizon=x",
        ] {
            assert!(Params::default().with_overrides([bad]).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_relay_is_an_m3_setting_by_default() {
        let params = Params::default();
        assert_eq!(params.planner(3).alternative_turns, 5);
        for m in [2, 4, 5, 8] {
            assert_eq!(params.planner(m).alternative_turns, 0, "M = {m}");
        }
        let off = params.with_overrides(["m3.alternative_turns=0"]).unwrap();
        assert_eq!(off.planner(3).alternative_turns, 0, "a later setting wins");
    }

    #[test]
    fn the_attacks_race_with_three_players_or_more_only() {
        let params = Params::default();
        assert!(params.planner(3).attack_candidates);
        assert!(!params.planner(2).attack_candidates);
        let off = params.with_overrides(["many.attacks=false"]).unwrap();
        assert!(!off.planner(8).attack_candidates);
    }

    /// The alternatives as written.
    fn names(alternatives: &[Option<Alternative>]) -> Vec<String> {
        (alternatives.iter().flatten())
            .map(|alt| alt.to_string())
            .collect()
    }

    #[test]
    fn alternatives_are_tier_orders_or_none() {
        let two = Params::default()
            .with_overrides(["duel.alternatives=0236514, 0123645"])
            .unwrap();
        assert_eq!(names(&two.duel.alternatives), ["0236514", "0123645"]);
        let none = two.with_overrides(["duel.alternatives=none"]).unwrap();
        assert_eq!(none.duel.alternatives, [None; MAX_ALTERNATIVES]);
    }

    /// Mutations this catches: `bad_value` without `{key}: ` (the key unnamed) or
    /// with `a valid value` for `{what}` (the range unnamed): each bad value's
    /// message must start with its key and what it takes.
    #[test]
    fn bad_keys_and_values_are_errors() {
        // A bad value: the message names the key and what it takes.
        let alts = format!(
            "none, or up to {MAX_ALTERNATIVES} tier orders (digits 0..{}, each once)",
            crate::policy::duel::TIERS
        );
        for (pair, what) in [
            ("many.horizon=0", "a number of turns ≥ 1"),
            ("many.switch_z=nan", "a finite number"),
            ("duel.block=maybe", "true or false"),
            ("clock.late=2", "a number in [0, 1]"),
            ("duel.alternatives=0123457", &alts),
            ("duel.alternatives=0012", &alts),
            ("duel.alternatives=01,23,45", &alts),
            ("duel.alternatives=", &alts),
            ("many.alternatives=hunt-nobody:0235461", &alts),
            ("many.alternatives=hunt-leader:0235461", &alts),
            ("many.alternatives=hunt-top2:0235461", &alts),
            ("many.alternatives=hunt-all:", &alts),
            ("many.alternatives=hunt:0235461", &alts),
            ("many.alternatives=all:0235461", &alts),
            ("duel.per_candidate=-1", "a number ≥ 0"),
            ("duel.alternatives_from=-5", "a number ≥ 0"),
            ("duel.alternatives_from=many", "a number ≥ 0"),
            ("many.attacks=yes", "true or false"),
            ("duel.halve_every=0", "a count ≥ 1"),
            ("duel.keep=0", "a share in (0, 1]"),
            ("duel.keep=1.5", "a share in (0, 1]"),
            ("many.finalists=0", "a count ≥ 1"),
            (
                "many.leaf=oracle",
                "objective, extrapolated, value or playouts-K (K from 1 to 64)",
            ),
        ] {
            let err = Params::default().with_overrides([pair]).unwrap_err();
            let (key, value) = pair.split_once('=').unwrap();
            assert!(
                err.starts_with(&format!("{key}: expected {what}")),
                "{pair}: {err}"
            );
            assert!(err.ends_with(&format!("got {value:?}")), "{pair}: {err}");
        }
        // An unknown key (removed ones among them): the message names it.
        for pair in [
            "planner.horizon=3",
            "clock.early=-1",
            "many.settle_z=1",
            "many.open=true",
            "many.continuation=hand",
        ] {
            let err = Params::default().with_overrides([pair]).unwrap_err();
            let key = pair.split_once('=').unwrap().0;
            assert!(
                err.starts_with(&format!("unknown key {key:?}")),
                "{pair}: {err}"
            );
        }
        let err = Params::default().with_overrides(["switch_z"]).unwrap_err();
        assert_eq!(err, "\"switch_z\": expected key=value");
    }
}
