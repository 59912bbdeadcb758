//! Local tools for the AHC061 bot: the official generator, a tester, an
//! evaluation runner, the single-file bundler and the visualizer.

pub mod r#gen;
