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
    FAULTS.get_or_init(|| {
        let spec = std::env::var("AHC061_FAULT").unwrap_or_default();
        spec.split(',')
            .filter_map(|item| {
                let (site, turn) = item.trim().split_once(':')?;
                Some((site.to_string(), turn.trim().parse().ok()?))
            })
            .collect()
    })
}

/// Panics when `AHC061_FAULT` asks for a failure at `site` on `turn`.
pub fn inject(site: &str, turn: usize) {
    if faults().iter().any(|(s, t)| s == site && *t == turn) {
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

    #[test]
    fn no_fault_without_the_variable() {
        // The test environment does not set AHC061_FAULT.
        if std::env::var_os("AHC061_FAULT").is_none() {
            inject("planner", 1);
            inject("belief", 100);
        }
    }
}
