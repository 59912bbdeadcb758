//! The bot's command line and environment settings.

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
    /// When set, the planner's trace goes to this file (see src/trace.rs).
    pub trace: Option<String>,
    /// When set, player 0's base policy by name (src/base.rs); else the
    /// standard one.
    pub base: Option<String>,
}

/// The policies the binary can play with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyKind {
    Planner,
    Greedy,
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
        }
    }
}

impl Options {
    /// Reads `--seed N`, `--budget S`, `--fixed-work N`, `--policy P`,
    /// `--base NAME`, `--trace FILE` (and the environment variables AHC061_BUDGET and
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
        while let Some(flag) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
            match flag.as_str() {
                "--seed" => options.seed = parse_number(&value()?, "--seed")?,
                "--budget" => options.budget = parse_budget(&value()?, "--budget")?,
                "--fixed-work" => {
                    options.fixed_work = Some(parse_number(&value()?, "--fixed-work")?)
                }
                "--trace" => options.trace = Some(value()?),
                "--base" => {
                    let name = value()?;
                    if crate::base::by_name(&name).is_none() {
                        let known = crate::base::NAMES;
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
                        "unknown option {flag:?} (known: --seed, --budget, --fixed-work, --policy, --base, --trace)"
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

fn parse_budget(text: &str, what: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 60.0 => Ok(s),
        _ => Err(format!("{what}: expected seconds in (0, 60], got {text:?}")),
    }
}
