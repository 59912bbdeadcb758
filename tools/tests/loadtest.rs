//! Issue 55, §2: loadtest's busy-looping burners end with it, however it
//! ends: here by SIGTERM and SIGINT, which skip its destructors.

use std::fs;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// How long to wait for a process to appear or go (generous: the machine
/// may be loaded; every wait polls and ends as soon as it is met).
const PATIENCE: Duration = Duration::from_secs(120);

/// Polls `done` until it holds or [`PATIENCE`] runs out.
fn wait_until(mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    done()
}

/// The field after the command name in /proc/PID/stat: (state, parent).
fn state_and_parent(pid: u32) -> Option<(char, u32)> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut rest = stat[stat.rfind(')')? + 1..].split_whitespace();
    let state = rest.next()?.chars().next()?;
    Some((state, rest.next()?.parse().ok()?))
}

/// Whether `pid` is alive (a zombie has ended: it only waits to be reaped).
fn alive(pid: u32) -> bool {
    matches!(state_and_parent(pid), Some((state, _)) if state != 'Z' && state != 'X')
}

/// The burners of loadtest `parent`: its children started with `--burn`.
fn burners(parent: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        let is_child = matches!(state_and_parent(pid), Some((_, p)) if p == parent);
        let cmdline = fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if is_child && cmdline.split(|&b| b == 0).any(|arg| arg == b"--burn") {
            found.push(pid);
        }
    }
    found
}

/// Starts loadtest's loaded phase with two burners and a "bot" that never
/// answers (it waits on its stdin), so that the phase lasts until loadtest
/// is stopped; returns it with its burners' ids once both run.
///
/// Its SIGINT and SIGTERM are set back to their default action first: a
/// test run started in the background by a shell (`cmd &`, as CI may be)
/// ignores SIGINT, every process below it inherits that, and loadtest
/// would then rightly go on running after `kill -INT`.
fn loaded_loadtest() -> (Child, Vec<u32>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_loadtest"));
    // SAFETY: between fork and exec the closure only calls signal(2),
    // which is async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut loadtest = command
        .args([
            "--seeds",
            "0..50",
            "-j",
            "1",
            "--phases",
            "load",
            "--burners",
            "2",
        ])
        .args(["--limit", "100", "--", "sh", "-c", "cat >/dev/null"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut found = Vec::new();
    let started = wait_until(|| {
        found = burners(loadtest.id());
        found.len() == 2
    });
    if !started {
        let _ = loadtest.kill();
        panic!("loadtest did not start two burners: {found:?}");
    }
    (loadtest, found)
}

/// Sends SIGKILL to each of `pids`, so that a failing test leaves no busy
/// loop behind (a pid already gone is no error).
fn kill_all(pids: &[u32]) {
    for pid in pids {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
}

/// Sends `signal` to loadtest, waits for it to end, then checks that no
/// burner survives it.
fn no_burner_survives(signal: &str) {
    let (mut loadtest, found) = loaded_loadtest();
    let status = Command::new("kill")
        .args([signal, &loadtest.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    if loadtest.wait_timeout(PATIENCE).unwrap().is_none() {
        let _ = loadtest.kill();
        let _ = loadtest.wait();
        kill_all(&found);
        panic!("loadtest still ran {PATIENCE:?} after {signal}");
    }
    let gone = wait_until(|| !found.iter().any(|&pid| alive(pid)));
    // Whatever happened, leave no busy loop behind.
    let left: Vec<u32> = found.into_iter().filter(|&pid| alive(pid)).collect();
    kill_all(&left);
    assert!(gone, "burners left spinning after {signal}: {left:?}");
}

#[test]
fn no_burner_survives_sigterm() {
    no_burner_survives("-TERM");
}

#[test]
fn no_burner_survives_sigint() {
    no_burner_survives("-INT");
}
