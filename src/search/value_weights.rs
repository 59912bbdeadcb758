//! The value model's weights (src/search/value.rs). Not trained yet: one
//! zero layer, so that the value is the extrapolated objective. `train
//! value` (tools/src/value/) writes this file.

use crate::search::value::{FEATURES, Layer};

pub static LAYERS: &[Layer] = &[Layer {
    w: &[0; FEATURES],
    scale: &[0.0],
    bias: &[0.0],
}];
