//! What the tools' integration tests share: the test data and the bot.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// A file under the project's tests/data.
pub fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(path)
}

/// The release bot of this target directory, built if missing (CI builds the
/// workspace before testing; a bare `cargo test` does not). A missing bot is
/// built in a directory of its own: the running `cargo test` holds the lock
/// of its target directory.
pub fn bot() -> &'static Path {
    static BOT: OnceLock<PathBuf> = OnceLock::new();
    BOT.get_or_init(|| {
        // Tests run as <target>/<profile>/deps/NAME-HASH.
        let exe = std::env::current_exe().unwrap();
        let target = exe.ancestors().nth(3).unwrap();
        let bot = target.join("release/ahc061");
        if bot.exists() {
            return bot;
        }
        let own_dir = target.join("test-bot");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--release", "-p", "ahc061"])
            .env("CARGO_TARGET_DIR", &own_dir)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap();
        assert!(status.success(), "cannot build the bot");
        own_dir.join("release/ahc061")
    })
}
