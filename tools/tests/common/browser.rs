//! Headless Chromium for the browser tests (tools/tests/browser.rs,
//! tools/tests/serve_browser.rs).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use wait_timeout::ChildExt;

/// The browser to use: $AHC061_CHROMIUM, else the first of the usual names on PATH.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("AHC061_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The browser, or a failure that says it is missing. The browser tests are
/// ignored by default (`#[ignore = "needs chromium"]`, shown as such by
/// `cargo test`), so one that runs was asked for (`--include-ignored`, as
/// .ci/run does): without a browser it fails rather than pass unseen.
pub fn chromium_required() -> PathBuf {
    chromium().expect(
        "needs chromium: none on PATH and AHC061_CHROMIUM unset \
         (install Debian's `chromium`)",
    )
}

pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("browser-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The DOM of `page` (with `hash`) after its scripts ran, from headless Chromium.
pub fn dump_dom(browser: &Path, page: &Path, hash: &str, profile: &Path) -> String {
    let url = format!("file://{}{hash}", page.canonicalize().unwrap().display());
    dump_url(browser, &url, profile, 5000)
}

/// The DOM of the page at `url` once its scripts are idle, or after
/// `budget_ms` of virtual time (which runs fast while nothing happens
/// and stands still while a fetch is pending).
///
/// A browser killed by a signal is started again, up to three times in all:
/// headless Chromium has crashed (SIGSEGV) on a page that loads and passes on
/// every other run, and such a crash says nothing about the page. Any other
/// failure, and a third crash, fail the test with the browser's last words.
pub fn dump_url(browser: &Path, url: &str, profile: &Path, budget_ms: u64) -> String {
    const ATTEMPTS: usize = 3;
    for attempt in 1..=ATTEMPTS {
        let _ = fs::remove_dir_all(profile);
        match run_browser(browser, url, profile, budget_ms) {
            Ok(dom) => return dom,
            Err(Failure::Crashed(why)) if attempt < ATTEMPTS => {
                eprintln!("the browser crashed on {url} (attempt {attempt}), retrying: {why}");
            }
            Err(Failure::Crashed(why) | Failure::Failed(why)) => {
                panic!("the browser failed on {url}: {why}")
            }
        }
    }
    unreachable!("the last attempt returns or panics")
}

enum Failure {
    /// Killed by a signal.
    Crashed(String),
    /// Exited non-zero or hung.
    Failed(String),
}

fn run_browser(
    browser: &Path,
    url: &str,
    profile: &Path,
    budget_ms: u64,
) -> Result<String, Failure> {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--dump-dom",
        ])
        .arg(format!("--virtual-time-budget={budget_ms}"))
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start the browser");
    let stdout = read_in_background(child.stdout.take().unwrap());
    let stderr = read_in_background(child.stderr.take().unwrap());
    let Some(status) = child.wait_timeout(Duration::from_secs(60)).unwrap() else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(Failure::Failed("did not finish within 60 s".into()));
    };
    let dom = stdout.join().unwrap();
    if status.success() {
        return Ok(dom);
    }
    let stderr = stderr.join().unwrap();
    let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
    let why = format!(
        "{status}; its stderr ends: {}",
        tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
    );
    if std::os::unix::process::ExitStatusExt::signal(&status).is_some() {
        Err(Failure::Crashed(why))
    } else {
        Err(Failure::Failed(why))
    }
}

fn read_in_background(
    mut pipe: impl std::io::Read + Send + 'static,
) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// The text of `<pre id="result">` in a dumped DOM, parsed.
pub fn result_json(dom: &str) -> Value {
    let start = dom
        .find("<pre id=\"result\">")
        .unwrap_or_else(|| panic!("no result element in the page"))
        + "<pre id=\"result\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let text = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("result {text:?}: {e}"))
}
