//! Local tools for the AHC061 bot: the official generator, a tester, an
//! evaluation runner, the single-file bundler and the visualizer. Each tool
//! is a module here with a thin binary in `src/bin/`.

pub mod bundle;
pub mod cli;
pub mod eval;
pub mod r#gen;
pub mod loadtest;
pub mod oracle;
pub mod play;
pub mod profile;
pub mod replay;
pub mod report;
pub mod runner;
pub mod selfplay;
pub mod serve;
pub mod shard;
pub mod train;
pub mod value;
pub mod vis;
