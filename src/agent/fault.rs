//! Fault injection for the tests of the bot's fallbacks, and the one-line
//! report of a caught failure.
//!
//! `AHC061_FAULT=SITE:TURN[,SITE:TURN…]` (SITE is `planner` or `belief`)
//! makes [`inject`] panic at that site on that turn. Unset (as in the
//! contest), it costs one environment look-up per game.

use std::any::Any;
use std::sync::OnceLock;

/// The sites and turns of `AHC061_FAULT`, read once.
fn faults() -> &'static [(String, usize)] {
    static FAULTS: OnceLock<Vec<(String, usize)>> = OnceLock::new();
    FAULTS.get_or_init(|| parse(&std::env::var("AHC061_FAULT").unwrap_or_default()))
}

/// The `SITE:TURN` items of a spec; a malformed item is skipped.
fn parse(spec: &str) -> Vec<(String, usize)> {
    spec.split(',')
        .filter_map(|item| {
            let (site, turn) = item.trim().split_once(':')?;
            Some((site.to_string(), turn.trim().parse().ok()?))
        })
        .collect()
}

/// Whether `faults` ask for a failure at `site` on `turn`.
fn fires(faults: &[(String, usize)], site: &str, turn: usize) -> bool {
    faults.iter().any(|(s, t)| s == site && *t == turn)
}

/// Panics when `AHC061_FAULT` asks for a failure at `site` on `turn`.
pub fn inject(site: &str, turn: usize) {
    if fires(faults(), site, turn) {
        panic!("fault injected by AHC061_FAULT at {site}:{turn}");
    }
}

/// The message of a caught panic.
pub fn describe(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

thread_local! {
    /// How many [`guard`]s the thread is inside.
    static GUARDED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// The last panic's message and place, for the guard that catches it.
    static LAST: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Replaces the default panic report (several lines) by one: a panic that a
/// [`guard`] catches is reported by the guard's caller, any other one as
/// `panic: MESSAGE at FILE:LINE:COL` on stderr.
pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!(" at {}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        let text = format!("{}{place}", describe(info.payload()));
        if GUARDED.with(|g| g.get()) > 0 {
            LAST.with(|last| *last.borrow_mut() = Some(text));
        } else {
            // Not eprintln!, which would panic again with stderr closed.
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "panic: {text}");
        }
    }));
}

/// Runs `f`, catching a panic: its message (with its place when the hook of
/// [`install_hook`] is in force) is the error.
pub fn guard<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    GUARDED.with(|g| g.set(g.get() + 1));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(g.get() - 1));
    result.map_err(|payload| {
        LAST.with(|last| last.borrow_mut().take())
            .unwrap_or_else(|| describe(payload.as_ref()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_returns_the_value_or_the_panic_message() {
        assert_eq!(guard(|| 7), Ok(7));
        let error = guard(|| -> u8 { panic!("planner broke at {}", 3) }).unwrap_err();
        assert!(error.starts_with("planner broke at 3"), "{error}");
        let error = guard(|| std::panic::panic_any(5u8)).unwrap_err();
        assert_eq!(error, "a panic without a message");
        // Nested guards each catch their own.
        let outer = guard(|| guard::<()>(|| panic!("inner")).unwrap_err());
        assert!(outer.unwrap().starts_with("inner"));
    }

    /// Mutations this catches: `parse` returning no fault (its `filter_map`
    /// always `None`), and `fires` ignoring the turn (`s == site` alone).
    #[test]
    fn a_spec_fires_at_its_sites_and_turns_only() {
        let faults = parse("planner:3, belief: 40,bogus,planner:x,:7");
        assert_eq!(
            faults,
            [
                ("planner".to_string(), 3),
                ("belief".to_string(), 40),
                (String::new(), 7)
            ]
        );
        assert!(fires(&faults, "planner", 3) && fires(&faults, "belief", 40));
        assert!(!fires(&faults, "planner", 4) && !fires(&faults, "belief", 3));
        // Unset, the variable reads as empty: nothing fires.
        assert!(parse("").is_empty());
        assert!(!fires(&parse(""), "planner", 1));
    }
}
