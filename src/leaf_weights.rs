//! The learned leaf value's weights (src/leaf.rs), one vector per class
//! of game size, written by the trainer (tools/src/bin/train.rs); do not
//! edit by hand.
//! Command: train leaf --games 400000..402000 --holdout 410000..410500 -o src/leaf_weights.rs
//! Class 0, held out: final score RMSE 13796 / 13562 / 8218, objective's mean absolute error 0.7845 / 2.1335 / 1.0707 (as it stands / extrapolated / learned).
//! Class 1, held out: final score RMSE 17122 / 23337 / 11354, objective's mean absolute error 0.4200 / 0.3908 / 0.3888 (as it stands / extrapolated / learned).
//! Class 2, held out: final score RMSE 14045 / 20685 / 10477, objective's mean absolute error 0.3909 / 0.3714 / 0.3596 (as it stands / extrapolated / learned).
//! Class 3, held out: final score RMSE 11737 / 18857 / 9560, objective's mean absolute error 0.3126 / 0.3206 / 0.3088 (as it stands / extrapolated / learned).
#[rustfmt::skip]
pub const LEAF: crate::leaf::LeafTable = [
    // rate, rate·left/T, room/left, open/(M·left), min(rate, (room+open/M)/left), 1000
    [0.391260, -0.383977, 0.000436, 0.000766, 0.380310, 0.040597],
    [0.171577, 0.061298, 0.000232, 0.010660, 0.214013, 0.002919],
    [0.665579, -0.370486, -0.005959, 0.028861, -0.279080, 0.016268],
    [0.329269, -0.131535, -0.001100, 0.074176, 0.011461, 0.029067],
];
