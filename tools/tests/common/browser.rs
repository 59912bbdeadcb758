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

/// The browser, or None when there is none and the test should skip
/// (saying so); with AHC061_REQUIRE_BROWSER set (as in CI) a missing browser
/// fails the test instead.
pub fn chromium_or_skip() -> Option<PathBuf> {
    let browser = chromium();
    if browser.is_none() {
        assert!(
            std::env::var_os("AHC061_REQUIRE_BROWSER").is_none(),
            "AHC061_REQUIRE_BROWSER is set but no chromium was found"
        );
        eprintln!("SKIPPED: no chromium on PATH (install Debian's `chromium` to run this test)");
    }
    browser
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
pub fn dump_url(browser: &Path, url: &str, profile: &Path, budget_ms: u64) -> String {
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
        .stderr(Stdio::null())
        .spawn()
        .expect("cannot start the browser");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
        text
    });
    match child.wait_timeout(Duration::from_secs(60)).unwrap() {
        Some(status) => assert!(status.success(), "the browser failed on {url}: {status}"),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the browser did not finish {url} within 60 s");
        }
    }
    reader.join().unwrap()
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
