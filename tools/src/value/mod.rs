//! The learned value of the planner's leaf (src/search/value.rs): its
//! training data, its trainer and its accuracy.
//!
//! - [`data`]: positions of the bot's own games with their final outcome,
//!   as `selfplay --positions FILE` writes them;
//! - [`model`]: `train value`, a small multilayer perceptron fitted with
//!   candle's AdamW, written out as the bot's quantized weights;
//! - [`accuracy`]: Gate 1 of the value's plan, its error against today's
//!   leaf and against rollouts to the end.

pub mod accuracy;
pub mod data;
pub mod model;
