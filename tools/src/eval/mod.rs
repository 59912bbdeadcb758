//! Evaluation over many cases: run a bot on each (several at once), write one
//! row per case, summarize, and compare with an earlier run, paired by case.
//!
//! The cases (`cases`), running their games (`games`), the rows written and
//! read (`rows`), the printed summary (`summary`), the paired comparison
//! (`compare`), the statistics under them (`stats`), and the command
//! (`command`).

pub mod cases;
pub mod command;
pub mod compare;
pub mod games;
pub mod rows;
pub mod stats;
pub mod summary;
