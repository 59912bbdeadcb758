//! The learned base policy's weights (src/policy/learned.rs), one vector per
//! class of game size, written by the trainer (tools/src/bin/train.rs);
//! do not edit by hand.
//! Classes 1 and 2 are the weights before, the two features of new land and
//! nearness to the AIs at 0; class 0 was trained from them;
//! docs/RESULTS.md ("session 24") has the command and its figures.
//! Command: train search --class 0 --train 500000..504000 --holdout 200000..202000 --generations 80 --holdout-every 10 --sigma 0.1 --seed 24 -o runs/f24c0.rs
//! Base-only mean score (thousands): train 172.64, held out 177.16; the start had 168.83, 172.34.
pub const TRAINED: crate::learned::Table = [
    [
        // unowned: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        1.381726, -0.912442, -1.858425, 1.863304, -0.415061, -0.630117, -0.612296, -0.748267,
        -0.377589, -0.201471,
        // the leader's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        2.012280, -1.966127, -2.972437, 2.314578, 1.519393, -0.168120, 0.583269, 1.461208,
        -0.033934, 0.100303,
        // another AI's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        1.104764, -1.332997, -1.598303, -0.097668, 0.743029, 0.276185, 0.380546, 1.039528, 0.169141,
        0.089302,
        // the leader's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        1.951186, -1.766771, -3.157894, 0.697064, -0.684764, 0.375987, 1.435441, -0.400222,
        -0.077137, -0.127370,
        // another AI's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        -0.342371, -1.086243, 0.495131, -1.870402, -0.488166, -0.260591, -0.095469, -0.430794,
        0.070139, -0.183335,
        // own, below the cap: v, v·early·(level≥2), v·threat, v·(level=1), v·late, v·leader reach, v·threat·(level=1), v·level/U, -, -
        1.038566, 0.484472, 1.845616, -0.291899, 0.431257, -0.003016, 2.165505, -1.218922,
        -0.081062, -0.277021,
        // own, at the cap: 1, v·threat, -, -, -, -, -, -, -, -
        -1.061324, 0.361258, 0.856376, 0.993305, 0.220517, 0.213280, 2.011791, 1.848553, 0.221651,
        0.104344,
    ],
    [
        // unowned: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        0.946530, -0.857422, -0.831953, 0.985368, -0.221130, -0.057291, -0.067762, 0.428351,
        0.000000, 0.000000,
        // the leader's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        2.409948, -2.137041, -2.879840, 2.118716, -0.616240, -0.031265, -0.473383, 0.880451,
        0.000000, 0.000000,
        // another AI's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        1.171912, -1.280631, -1.461697, 1.401234, 0.720698, -1.252497, -0.365824, 0.570908,
        0.000000, 0.000000,
        // the leader's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        1.458026, -1.023317, -1.901769, 0.945461, 0.373780, 0.140313, 0.160158, -0.126693, 0.000000,
        0.000000,
        // another AI's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        0.241574, -0.128392, 0.023649, 0.569398, -0.256453, 0.022672, -0.744918, -1.016519,
        0.000000, 0.000000,
        // own, below the cap: v, v·early·(level≥2), v·threat, v·(level=1), v·late, v·leader reach, v·threat·(level=1), v·level/U, -, -
        1.009152, 0.205487, 1.049101, 0.302984, -0.733228, -0.369224, 0.996579, 0.134520, 0.000000,
        0.000000, // own, at the cap: 1, v·threat, -, -, -, -, -, -, -, -
        -0.333523, 0.057408, 0.627619, 0.238176, 1.043612, 0.195829, 0.439186, 0.153511, 0.000000,
        0.000000,
    ],
    [
        // unowned: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        1.949486, -2.163654, -1.233013, 0.399120, 2.043655, 0.335944, -0.815331, 0.710653, 0.000000,
        0.000000,
        // the leader's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        2.189697, -2.065551, -2.525184, 1.865627, -0.801895, -0.186629, 1.003749, 0.849103,
        0.000000, 0.000000,
        // another AI's level-1 cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        0.950779, -0.962739, -1.701822, 0.906240, -0.639317, 0.226743, 0.368469, -0.371215,
        0.000000, 0.000000,
        // the leader's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        1.017439, -0.871754, -1.770102, 1.754015, -0.401477, 0.516008, 0.219497, 0.277274, 0.000000,
        0.000000,
        // another AI's higher cell: v·free, v·free·(k=1), v·free·(k≥2), v·free·(k≥1)·late, v·free·unowned nbrs, v·free·log ratio, v·free·late, v·free·own nbrs, v·free·new land, v·free·near an AI
        -0.200733, -0.470277, -1.198363, -0.432199, 0.565183, -0.700982, 0.526074, 0.078014,
        0.000000, 0.000000,
        // own, below the cap: v, v·early·(level≥2), v·threat, v·(level=1), v·late, v·leader reach, v·threat·(level=1), v·level/U, -, -
        1.950464, -0.838950, 0.458634, -1.157933, 0.879150, -0.371172, 0.340770, 0.323467, 0.000000,
        0.000000, // own, at the cap: 1, v·threat, -, -, -, -, -, -, -, -
        -1.012895, 0.407540, 0.116939, 0.132907, 0.183550, 0.985584, 1.138329, 0.626194, 0.000000,
        0.000000,
    ],
];
