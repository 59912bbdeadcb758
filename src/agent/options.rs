//! The bot's command line and environment settings.

use crate::search::clock::MAX_BUDGET;

/// How the bot is asked to think.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Seed of the bot's random numbers.
    pub seed: u64,
    /// Total wall-time budget in seconds, measured from process start.
    pub budget: f64,
    /// When set, a fixed amount of thinking per turn instead of the clock.
    pub fixed_work: Option<u64>,
    /// Which policy plays: the rollout planner (default) or the greedy baseline.
    pub policy: PolicyKind,
    /// When set, the planner's trace goes to this file (see src/agent/trace.rs).
    pub trace: Option<String>,
    /// When set, player 0's base policy by name (src/policy/base.rs); else the
    /// standard one.
    pub base: Option<String>,
    /// The tuned numbers, with any `--set key=value` applied (src/agent/params.rs).
    pub params: crate::agent::params::Params,
}

/// The policies the binary can play with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyKind {
    Planner,
    Greedy,
}

/// What `--help` prints.
const USAGE: &str = "\
ahc061: a bot for AtCoder Heuristic Contest 061 (Multi-Player Territory Game).
It plays one game over stdin/stdout in the judge's protocol; to play a tool
input file (in/0000.txt), run it through the tester:
    tester target/release/ahc061 < in/0000.txt > out.txt

Usage: ahc061 [OPTIONS]   (--flag VALUE and --flag=VALUE both work)
  --seed N          seed of the bot's random numbers (default: a fixed one)
  --budget SECONDS  total thinking time from process start, in (0, 60]
                    (default 1.8; also the environment variable AHC061_BUDGET)
  --fixed-work N    N rollouts a turn instead of the clock: with a fixed seed
                    the bot then plays the same game every time
  --policy POLICY   planner (default) or greedy (the one-ply baseline)
  --base NAME       player 0's base policy under the planner: one of {BASES}
                    (default: the bot's standard one, src/policy/base.rs)
  --trace FILE      writes one JSON line a turn of what the bot thought, for
                    `vis --trace` (also the environment variable AHC061_TRACE)
  --set KEY=VALUE   overrides one tuned number (repeatable); the keys:
{KEYS}
  -h, --help        prints this and exits
";

/// The usage with the keys of `--set` filled in.
pub fn usage() -> String {
    let keys: Vec<String> = (crate::agent::params::KEYS.iter())
        .map(|(key, what)| format!("                    {key}: {what}"))
        .collect();
    // The names `--base` accepts, from the list its check uses.
    (USAGE.replace("{KEYS}", &keys.join("\n"))).replace("{BASES}", crate::policy::base::NAMES)
}

/// Whether the command line asks for the usage.
pub fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

/// The seed when none is given.
pub const DEFAULT_SEED: u64 = 0x61_2025;

impl Default for Options {
    fn default() -> Self {
        Options {
            seed: DEFAULT_SEED,
            budget: 1.8,
            fixed_work: None,
            policy: PolicyKind::Planner,
            trace: None,
            base: None,
            params: crate::agent::params::Params::default(),
        }
    }
}

impl Options {
    /// Reads `--seed N`, `--budget S`, `--fixed-work N`, `--policy P`,
    /// `--base NAME`, `--trace FILE`, `--set KEY=VALUE` (and the environment variables AHC061_BUDGET and
    /// AHC061_TRACE, which the command line overrides).
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut options = Options::default();
        if let Ok(budget) = std::env::var("AHC061_BUDGET") {
            options.budget = parse_budget(&budget, "AHC061_BUDGET")?;
        }
        if let Some(path) = std::env::var_os("AHC061_TRACE").filter(|p| !p.is_empty()) {
            options.trace = Some(path.to_string_lossy().into_owned());
        }
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            // `--flag=value` is `--flag value`.
            let (flag, mut inline) = match arg.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => {
                    (flag.to_string(), Some(value.to_string()))
                }
                _ => (arg.clone(), None),
            };
            let mut value = || {
                (inline.take().or_else(|| args.next()))
                    .ok_or_else(|| format!("{flag} needs a value"))
            };
            match flag.as_str() {
                "--seed" => options.seed = parse_number(&value()?, "--seed")?,
                "--budget" => options.budget = parse_budget(&value()?, "--budget")?,
                "--fixed-work" => {
                    options.fixed_work = Some(parse_number(&value()?, "--fixed-work")?)
                }
                "--trace" => options.trace = Some(value()?),
                "--set" => {
                    let pair = value()?;
                    let params = std::mem::take(&mut options.params);
                    options.params = params
                        .with_overrides([pair.as_str()])
                        .map_err(|e| format!("--set: {e}"))?;
                }
                "--base" => {
                    let name = value()?;
                    if crate::policy::base::by_name(&name).is_none() {
                        let known = crate::policy::base::NAMES;
                        return Err(format!("--base: expected one of {known}, got {name:?}"));
                    }
                    options.base = Some(name);
                }
                "--policy" => {
                    options.policy = match value()?.as_str() {
                        "planner" => PolicyKind::Planner,
                        "greedy" => PolicyKind::Greedy,
                        other => {
                            return Err(format!(
                                "--policy: expected planner or greedy, got {other:?}"
                            ));
                        }
                    }
                }
                _ => {
                    return Err(format!(
                        "unknown option {flag:?} (known: --seed, --budget, --fixed-work, --policy, --base, --trace, --set; see --help)"
                    ));
                }
            }
        }
        Ok(options)
    }
}

fn parse_number(text: &str, what: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{what}: not a whole number: {text:?}"))
}

/// `--budget` or AHC061_BUDGET (`what`): seconds in (0, [`MAX_BUDGET`]].
fn parse_budget(text: &str, what: &str) -> Result<f64, String> {
    number_in(text, "seconds", Low::Above(0.0), MAX_BUDGET).map_err(|e| format!("{what}: {e}"))
}

/// The low end of a number's range: the number must be above it, or at
/// least it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Low {
    /// Above: the range (low, max].
    Above(f64),
    /// At least: the range [low, max].
    AtLeast(f64),
}

impl Low {
    fn admits(self, x: f64) -> bool {
        match self {
            Low::Above(low) => x > low,
            Low::AtLeast(low) => x >= low,
        }
    }

    /// The range up to `max`, as the error states it: `(0, 60]`.
    fn range(self, max: f64) -> String {
        match self {
            Low::Above(low) => format!("({low}, {max}]"),
            Low::AtLeast(low) => format!("[{low}, {max}]"),
        }
    }
}

/// `text` (spaces around it allowed) as a finite number from `low` up to
/// `max`, or the error `expected WHAT in RANGE, got "TEXT"` (`expected
/// seconds in (0, 60], got "abc"`). The one range check of a number option,
/// the bot's (`--budget`) and the tools' (tools/src/cli.rs): the option's
/// name goes before the message, put there by the caller, or by clap for a
/// tool's option.
pub fn number_in(text: &str, what: &str, low: Low, max: f64) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && low.admits(x) && x <= max => Ok(x),
        _ => Err(format!(
            "expected {what} in {}, got {text:?}",
            low.range(max)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_checked_against_their_range() {
        let budget = |text| number_in(text, "seconds", Low::Above(0.0), 60.0);
        assert_eq!(budget("1.8"), Ok(1.8));
        assert_eq!(budget(" 60 "), Ok(60.0));
        for bad in ["0", "-1", "60.5", "NaN", "inf", "1e300", "abc", ""] {
            let error = format!("expected seconds in (0, 60], got {bad:?}");
            assert_eq!(budget(bad), Err(error), "{bad}");
        }
        let rate = |text| number_in(text, "a number", Low::AtLeast(0.5), 2.0);
        assert_eq!(rate("0.5"), Ok(0.5));
        assert_eq!(rate("2"), Ok(2.0));
        assert_eq!(
            rate("0.4"),
            Err("expected a number in [0.5, 2], got \"0.4\"".to_string())
        );
        assert_eq!(
            parse_budget("abc", "--budget"),
            Err("--budget: expected seconds in (0, 60], got \"abc\"".to_string())
        );
    }
}
