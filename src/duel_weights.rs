//! The scored duel plan's weights (src/duel_linear.rs), written by the
//! trainer (`train duel`, tools/src/bin/train.rs); do not edit by hand.
//! Made in two runs (docs/RESULTS.md, session 9):
//! `train duel --train 500000..503000 --holdout 510000..511000 --generations 150 --sigma 0.3 -o d1.rs`
//! (then nine numbers a group; d1w.rs = d1.rs with the four numbers added since at 0), then
//! Command: train duel --train 500000..503000 --holdout 510000..511000 --generations 150 --sigma 0.2 --from runs/duel/d1w.rs -o runs/duel/d2.rs
//! (stopped by hand at generation 73; the file is the search mean of generation 70, the best held out).
//! Best so far at generation 70: base-only mean score (thousands) train 367.56, held out 363.23.
#[rustfmt::skip]
pub const TRAINED: crate::duel_linear::Weights = [
    // per group: 5, v, v·late, v·log ratio, v·unowned nbrs, v·own nbrs, v·AI nbrs, v·level/U, v·AI target, 5·cap, v·cap, v·early, 5·late
    // parry
    33.361526, 2.166746, -1.023222, -0.122477, -0.057049, 1.919109, 0.394848, -0.561459, -0.709485, 0.071769, -0.734933, -0.546550, 0.419365,
    // its level-1 cells in its reach
    28.334371, 3.531313, 1.721831, 1.927931, 1.580242, -0.998800, -1.623698, 0.312029, 0.490007, -0.023859, 0.891026, -0.138634, 0.012368,
    // its higher cells
    26.296933, 2.863675, 0.702120, 3.453464, 2.292399, -2.298632, 1.573958, -2.997784, 0.705079, 0.456970, 0.167312, 0.228498, 1.096399,
    // its other level-1 cells
    20.026016, 1.624992, -0.839561, 0.891270, 1.752759, 0.421039, -0.252044, -0.619447, -1.514391, -0.499426, 0.564309, 0.687130, 0.253842,
    // unowned in its reach
    18.222493, 2.588767, 0.454259, 0.774560, -1.251723, -1.308639, 2.315152, 0.796991, -2.402670, 0.796724, -0.047974, 0.435478, -0.099785,
    // ours below the cap in its reach
    9.772634, -1.982204, 1.485933, 0.326502, -1.000756, -1.133775, -1.316750, -4.058176, 0.233504, 0.251825, -1.423601, 0.699281, -0.414045,
    // other unowned
    8.843239, 2.093674, 0.606154, 3.637810, 1.520619, -1.903344, -0.313971, 2.180786, 1.454741, -0.532297, 0.093915, -0.516967, -1.260216,
    // ours below the cap
    7.056050, 2.835187, -0.267230, 4.356211, 1.978299, 1.007800, -2.244671, -1.816422, 0.167242, 0.052765, -0.259748, 0.719908, -0.287107,
    // the rest
    2.295391, 2.450053, 3.869468, 0.811938, 0.719454, -0.386445, -0.772712, 0.722576, -0.911799, -0.580472, -1.208614, -0.330873, 0.083500,
];
