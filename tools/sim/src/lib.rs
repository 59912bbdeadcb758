//! The judge's side of the game, which the bot never needs: reading the
//! official tools' input files (the game plus the AIs' hidden parameters and
//! random numbers), a local judge that plays turns from them, and the text
//! the judge sends (docs/RULES.md §5, §7). The tools and the tests use it;
//! the bot's crate, and so the submission, does not contain it.

pub mod judge;
pub mod text;
