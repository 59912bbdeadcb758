#!/usr/bin/env python3
"""The planner's race, replayed on recorded move values: which first moves
should race, and what more work would buy.

Input: the JSON lines `train improve --rollouts 128 --save F` writes (one
game a line, a list of positions; each position holds every legal move of
player 0 with its group and features, its mean advantage over the base's
move on 128 shared rollouts and that mean's standard error). Each
position's arms are the moves a candidate set admits; a race gives each arm
rollouts drawn around its recorded mean (per-rollout spread = its standard
error x sqrt(128); Student t with 3 degrees of freedom for the heavy tails),
cuts to half the arms by mean at the end of each stage (sequential halving
over the turn's work, the base's rollouts counted as one arm more) and
plays the best finalist whose z exceeds 1, else the base's move, as
src/search/planner.rs does. Printed: the recorded advantage of the moves
played, averaged over the positions, per candidate set and rollouts a turn.

Usage: race_sim.py VALUES.jsonl CLASS [WEIGHTS.rs]
  CLASS: the game-size class whose learned weights rank the moves (0: M =
  3-4, 1: 5-6, 2: 7-8); WEIGHTS.rs defaults to src/policy/learned_weights.rs.
Needs numpy.
"""
import json
import math
import re
import sys

import numpy as np

GROUPS = 7
PER_GROUP = 8
ATTACKS = (1, 2, 3, 4)  # the AIs' level-1 and higher cells
OPEN = 0  # unowned cells


def weights(path, cls):
    text = open(path).read()
    body = re.sub(r"//.*", "", text[text.index("TRAINED"):])
    nums = [float(x) for x in re.findall(r"-?\d+\.\d+", body)]
    size = GROUPS * PER_GROUP
    return nums[cls * size:(cls + 1) * size]


def positions(path, w):
    for line in open(path):
        for pos in json.loads(line):
            worth = [sum(a * b for a, b in zip(w[g * PER_GROUP:(g + 1) * PER_GROUP], x))
                     for g, x in pos["cells"]]
            order = sorted(range(len(worth)), key=lambda i: -worth[i])
            yield pos, order


def arms(pos, order, ranked, extra_groups):
    """The challengers: the base's next `ranked - 1` moves, then every move
    of `extra_groups` the ranking left out (the base's move is order[0])."""
    rank = {i: r for r, i in enumerate(order)}
    chosen = order[1:ranked] + [i for i, (g, _) in enumerate(pos["cells"])
                                if g in extra_groups and rank[i] >= ranked]
    mu = np.array([pos["advantage"][i] for i in chosen])
    sd = np.array([max(pos["error"][i], 1e-4) * math.sqrt(128) for i in chosen])
    return mu, sd


def race(mu, sd, rollouts, rng, z=1.0, keep=0.5):
    if len(mu) == 0:
        return 0.0
    alive = np.arange(len(mu))
    n, s, s2 = np.zeros(len(mu)), np.zeros(len(mu)), np.zeros(len(mu))
    done = 0.0
    while True:
        stages, left = 1, len(alive)
        while left > 1 and math.ceil(left * keep) < left:
            left, stages = math.ceil(left * keep), stages + 1
        per = max(1, int((rollouts - done) / stages / (len(alive) + 1)))
        draw = rng.standard_t(3, size=(len(alive), per)) / math.sqrt(3)
        x = mu[alive][:, None] + sd[alive][:, None] * draw
        n[alive] += per
        s[alive] += x.sum(1)
        s2[alive] += (x * x).sum(1)
        done += per * (len(alive) + 1)
        if len(alive) <= 1 or done >= rollouts - 1:
            break
        mean = s[alive] / n[alive]
        alive = alive[np.argsort(-mean)[:math.ceil(len(alive) * keep)]]
    mean = s[alive] / n[alive]
    var = np.maximum(s2[alive] / n[alive] - mean * mean, 1e-12) / np.maximum(n[alive] - 1, 1)
    passed = mean / np.sqrt(var) > z
    if not passed.any():
        return 0.0
    return mu[alive[passed][np.argmax(mean[passed])]]


def main():
    path, cls = sys.argv[1], int(sys.argv[2])
    table = sys.argv[3] if len(sys.argv) > 3 else "src/policy/learned_weights.rs"
    data = list(positions(path, weights(table, cls)))
    sets = [("ranked 16 + attacks", 16, ATTACKS),
            ("ranked 16 + attacks + open", 16, ATTACKS + (OPEN,)),
            ("ranked 12 + attacks + open", 12, ATTACKS + (OPEN,)),
            ("ranked 24 + attacks + open", 24, ATTACKS + (OPEN,)),
            ("every legal move", 10**6, ())]
    works = [500, 1000, 2000]
    best = np.mean([max(p["advantage"]) for p, _ in data])
    print(f"{len(data)} positions; the best recorded move: {best:+.4f}")
    print("candidate set".ljust(30) + "".join(f"{w:>10}" for w in works))
    for name, ranked, extra in sets:
        cells = [arms(p, o, ranked, extra) for p, o in data]
        row = []
        for work in works:
            rng = np.random.default_rng(11)
            row.append(np.mean([race(mu, sd, work, rng) for mu, sd in cells]))
        print(name.ljust(30) + "".join(f"{v:>+10.4f}" for v in row), flush=True)


if __name__ == "__main__":
    main()
