//! The learned base policy's weights (src/policy/learned.rs), one vector per
//! class of game size, written by the trainer (tools/src/bin/train.rs);
//! do not edit by hand.
//! The last run of a chain (hand-tuned start, then classes 0, 1, 2 in turn,
//! twice); docs/RESULTS.md lists every command of it.
//! Command: train search --train 100000..103000 --holdout 200000..201000 --generations 40 --holdout-every 4 --sigma 0.12 --seed 2 --class 2 --from runs/train/r2c1.rs -o runs/train/r2c2.rs
//! Base-only mean score (thousands): train 151.84, held out 151.93; the start had 150.02, 149.79.
pub const TRAINED: crate::policy::learned::Table = [
    [
        // unowned: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        1.167765, -1.109403, -2.070189, 1.940248, -0.598894, -0.631154, -0.730589, -0.232303,
        // the leader's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        2.193639, -2.456511, -2.938717, 2.448134, 1.627889, -0.068917, 0.798010, 1.246210,
        // another AI's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        1.027868, -1.369015, -1.537069, -0.335536, 0.341257, 0.394086, 0.391957, 1.004991,
        // the leader's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        1.944331, -1.855293, -3.215586, 0.461766, -0.800968, 0.148672, 1.439704, 0.114974,
        // another AI's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        -0.345328, -1.196935, 0.231192, -1.316250, -0.283304, 0.138006, 0.056464, -0.578924,
        // own, below the cap: v, v·early·(level≥2), v·threat, v·(level=1), v·late, v·leader reach, v·threat·(level=1), v·level/U
        1.015105, 0.522576, 1.748843, -0.292374, 0.154586, 0.088422, 1.991066, -1.317203,
        // own, at the cap: 1, v·threat, -, -, -, -, -, -
        -0.660127, 0.246337, 0.275670, 1.100426, 0.281894, 0.023932, 1.807803, 1.871790,
    ],
    [
        // unowned: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        0.946530, -0.857422, -0.831953, 0.985368, -0.221130, -0.057291, -0.067762, 0.428351,
        // the leader's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        2.409948, -2.137041, -2.879840, 2.118716, -0.616240, -0.031265, -0.473383, 0.880451,
        // another AI's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        1.171912, -1.280631, -1.461697, 1.401234, 0.720698, -1.252497, -0.365824, 0.570908,
        // the leader's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        1.458026, -1.023317, -1.901769, 0.945461, 0.373780, 0.140313, 0.160158, -0.126693,
        // another AI's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        0.241574, -0.128392, 0.023649, 0.569398, -0.256453, 0.022672, -0.744918, -1.016519,
        // own, below the cap: v, v·early·(level≥2), v·threat, v·(level=1), v·late, v·leader reach, v·threat·(level=1), v·level/U
        1.009152, 0.205487, 1.049101, 0.302984, -0.733228, -0.369224, 0.996579, 0.134520,
        // own, at the cap: 1, v·threat, -, -, -, -, -, -
        -0.333523, 0.057408, 0.627619, 0.238176, 1.043612, 0.195829, 0.439186, 0.153511,
    ],
    [
        // unowned: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        1.949486, -2.163654, -1.233013, 0.399120, 2.043655, 0.335944, -0.815331, 0.710653,
        // the leader's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        2.189697, -2.065551, -2.525184, 1.865627, -0.801895, -0.186629, 1.003749, 0.849103,
        // another AI's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        0.950779, -0.962739, -1.701822, 0.906240, -0.639317, 0.226743, 0.368469, -0.371215,
        // the leader's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        1.017439, -0.871754, -1.770102, 1.754015, -0.401477, 0.516008, 0.219497, 0.277274,
        // another AI's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs
        -0.200733, -0.470277, -1.198363, -0.432199, 0.565183, -0.700982, 0.526074, 0.078014,
        // own, below the cap: v, v·early·(level≥2), v·threat, v·(level=1), v·late, v·leader reach, v·threat·(level=1), v·level/U
        1.950464, -0.838950, 0.458634, -1.157933, 0.879150, -0.371172, 0.340770, 0.323467,
        // own, at the cap: 1, v·threat, -, -, -, -, -, -
        -1.012895, 0.407540, 0.116939, 0.132907, 0.183550, 0.985584, 1.138329, 0.626194,
    ],
];
