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
use crate::search::planner::{Alternative, Config, Halving, MAX_ALTERNATIVES};

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
            // The rollouts' objective at the horizon is only a proxy for the
            // final one, so the planner leaves the base move only on a clear
            // advantage. Measured after the greedy-target fix, 200–400
            // rollouts a turn: z = 2 against z = 10 gained 39k a case at
            // M = 2 (horizon 20; 40 was worse), and against z = 4 18k at
            // M >= 3, where the rollouts run to the game's end. Blocking the
            // AI's move as a candidate: +12.5k at M = 2, −2.5k (noise) at
            // M >= 3. The duel's tree search played as well as the flat
            // planner at equal work, not better (issue 11): removed (docs/
            // RESULTS.md, "issue 26"). Session 11:
            // racing 40 first moves instead of the base's top 10 gained
            // 29k a case at 24 000 simulated turns a turn (the plan's
            // one-turn ranking left the best move out; all legal moves,
            // −3k against 40); the duel plan under another tier order
            // raced beside the plan (`alternatives`) lost 18k at that
            // work (with work to spare it gains: below). Session 12:
            // the racing schedule's defaults (a cut to half the challengers
            // every 3 rounds of 4, down to one) beat every variant tried;
            // keeping more challengers for longer lost 9–17k, and work from
            // 24 000 to 96 000 simulated turns a turn was neutral.
            duel: Config {
                horizon: 20,
                max_candidates: 40,
                // The wide field needs work: at 0.2 s a game (about 150
                // rollouts a turn) 40 lost 16k to 10, at 0.6 s (about 550)
                // it gained 15k. 14 rollouts a candidate keeps 40 from 560
                // rollouts a turn up and falls to 10 below 150.
                rollouts_per_candidate: 14.0,
                block_candidates: true,
                // Session 13: the plan with land and our own cells before
                // the AI's higher ones (0235461), raced beside the plan,
                // lost 18k at 24 000 simulated turns a turn (about 1 140
                // rollouts: half of them each) and gained 1.7k at 48 000
                // and 5.1k at 96 000 (the bot has about 5 600 rollouts a
                // turn in real time on this machine). It joins from 2 000.
                alternatives: [TierOrder::parse("0235461").map(Alternative::Duel), None],
                alternatives_from: 2000.0,
                ..Config::default()
            },
            // At equal simulated turns (session 4): a 30-turn horizon whose
            // leaf extrapolates the scores to the end beat rollouts to the
            // end by 4.1k; with that less noisy value, z = 1 beat z = 2 by
            // 6.3k. (At M = 2 the extrapolated leaf lost 9.5k.) Session 5,
            // against 30: horizons 10 / 15 / 20 / 45 gave −2.0k / +0.3k /
            // +2.5k / −5.6k; z 0 / 0.5 gave −2.4k / −0.5k; 16 candidates
            // −2.3k. Session 10, at the work the bot now gets in real time
            // (two to four times 5 000 simulated turns a turn), 16
            // candidates against 10 gained 4.5k (CI +1.8k … +7.1k).
            // Session 14 (issue 25): every legal attack on an AI's cell
            // raced beside the base's 16 (the base ranks captures of the
            // AIs that do not lead, and knocks, too low to reach its top
            // 16): +5.0k (CI +2.5k … +7.5k) on 1 036 cases at 10 000
            // simulated turns. Pushing the race towards attacks instead
            // (a prior of 0.02 a cell on captures and knocks, fading to
            // the end) lost 4.6k: measured, the attacks are valued right.
            // On half those cases, with the attacks raced, a soft maximum
            // over the AIs' extrapolated finals lost 2.1k, and the learned
            // base with one V more on attacks, raced beside the base as a
            // second continuation, 15.4k. Session 15, on those 518 cases
            // with the attacks: horizon 30 lost 6.8k; 20 000 simulated turns
            // a turn gained 1.4k (noise) over 10 000, and 5 000 lost 13.5k
            // (work pays below 10 000, where real time is at M >= 5); a
            // switch threshold rising with the challengers left (z + 0.5 or
            // 1.0 × sqrt(2 ln K)) lost 1.3k and 8.2k at 5 000. Session 16:
            // the cuts spread over the turn's work (sequential halving)
            // instead of every 3 rounds gained 7.5k (CI +4.8k … +10.2k) on
            // 1 036 cases at 5 000 simulated turns, 8.7k at 2 500 and 1.5k
            // (noise) at 10 000: on a short turn the old schedule ended
            // before its first cut, and the best mean of twenty noisy arms
            // was a false switch. A cut every round instead gained as much
            // at 5 000 and lost 1.6k at 10 000 (with it, z = 1.5, 24
            // candidates or a keep of a third did no better at 5 000; with
            // work halving, z = 0.7 neither). Session 26: the hunt (src/policy/hunt.rs: the duel
            // plan's tiers in the duel's alternative order against every
            // AI's land) raced beside the base as a second continuation
            // gained 7.6k (CI +3.2k … +11.9k) on 1 000 M = 3 cases at
            // 40 000 simulated turns a turn, M = 3's real-time work (the
            // hand-tuned base there instead: +0.8k, noise), and lost 2.4k
            // on 1 036 M >= 3 cases at 10 000 (M = 6–8 −2k … −8k): it
            // halves each arm's work, so it races only on a turn that
            // affords 1 200 rollouts. Session 27, at M = 3's work on 500
            // cases: the leader alone as prey −6.9k, knocks second −4.5k,
            // only the attack and land tiers −3.1k, switch_z 1.5 −1.1k;
            // at M = 4 the two leaders as prey −0.6k (even). Session 28,
            // the same sets: the hunt of the first move's victim alone
            // −12.6k, the hunt's move as the move to beat −7.5k, 24
            // candidates −3.1k; a second hunt beside it, horizon 30, the
            // hunt only before turn 70 (M = 4: 60, −2.4k), the AIs'
            // destinations as candidates, no raise in the first 30 turns:
            // within ±1.3k. Session 29, at M = 4 (30 000): the hunt's arms
            // held to z > 2 −1.6k, the AIs' rates carried at 0.3 in the
            // leaf −1.3k (even); on 1 036 cases at 10 000, forbidding the
            // switches from land to a raise −2.2k. Session 30: in the hunt's
            // arms the hunt handing over to the base after 5 simulated turns
            // (`alternative_turns=5`: the planner chooses afresh every turn
            // and does not follow a plan for 20) gained +5.4k at M = 3
            // (40 000) and +5.4k (CI +1.3k … +9.4k) at M = 4 (30 000) in
            // self-play, but only +0.3k (CI −2.6k … +3.1k) over v25 in real
            // time at 1.8 s (its rollouts cost 10 % more): off here, on at
            // M = 3 (`by_players` below). A second
            // hunt beside the first (the leader's, or knocks first) −4.9k
            // and −5.6k at M = 3. Session 36: rollouts to the game's end
            // at M = 3 −6.1k (with the hunt).
            many: Config {
                horizon: 20,
                alternatives: [TierOrder::parse("0235461").map(Alternative::Hunt), None],
                alternatives_from: 1200.0,
                leaf: Leaf::Extrapolated,
                switch_z: 1.0,
                max_candidates: 16,
                attack_candidates: true,
                halving: Halving::Work,
                ..Config::default()
            },
            // Sessions 30–32: the relay (the hunt for 5 simulated turns,
            // then the base) in real time at 1.8 s, against the hunt to the
            // horizon: M = 3 +2.9k, +1.0k and +2.1k on three sets of 1 000
            // new cases (pooled +2.0k, CI −0.4k … +4.4k), +3.3k on the M = 3
            // cases of the 1 017 of session 30; at M = 4 and 5 −2.1k and
            // −2.0k there (±8k). An M = 3 setting: with more AIs a turn
            // affords the hunt on few turns or none.
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
        "a rollout cut before the end: objective (as it stands) or extrapolated",
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

    #[test]
    fn bad_keys_and_values_are_errors() {
        for pair in [
            "many.horizon=0",
            "many.switch_z=nan",
            "duel.block=maybe",
            "planner.horizon=3",
            "clock.late=2",
            "clock.early=-1",
            "duel.search.cont=teleport",
            "duel.search.depth=x",
            "duel.alternatives=0123457",
            "duel.alternatives=0012",
            "duel.alternatives=01,23,45",
            "duel.alternatives=",
            "many.alternatives=hunt-nobody:0235461",
            "many.alternatives=hunt-leader:0235461",
            "many.alternatives=hunt-top2:0235461",
            "many.alternatives=hunt-all:",
            "many.alternatives=hunt:0235461",
            "many.alternatives=all:0235461",
            "duel.per_candidate=-1",
            "duel.alternatives_from=-5",
            "duel.alternatives_from=many",
            "many.attacks=yes",
            "duel.halve_every=0",
            "duel.keep=0",
            "duel.keep=1.5",
            "many.finalists=0",
            "many.settle_z=1",
            "many.open=true",
            "many.continuation=hand",
            "switch_z",
        ] {
            let err = Params::default().with_overrides([pair]).unwrap_err();
            assert!(!err.is_empty(), "{pair}");
        }
    }
}
