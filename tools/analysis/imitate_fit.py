#!/usr/bin/env python3
"""Can a non-linear model follow the planner's moves better than the
linear base? A feasibility check for a continuation that imitates the
planner (docs/RESULTS.md, session 29).

Input: the JSON lines `train improve --save F` writes (one game a line, a
list of positions; each position holds every legal move of player 0 with
its group and the linear base's features, the planner's choice, and the
position itself). Each move gets the base's group and features plus 23
numbers read off the board (its value and level, the owner's standing, how
many AIs reach it, whether the leader does, its unowned / own / AI
neighbours, the unowned value next to it and the part no AI reaches, its
distance from our piece, the sizes of our reach and its owner's). Every
fourth game (in file order) is held out. Printed: the share of held-out
positions whose top-ranked move is the planner's, for the linear base
(class 0 weights of WEIGHTS.rs) and for gradient-boosted rankers
(LightGBM) on the base's features, on all of them, and on all of them with
the linear score; then the same among the positions where the planner left
the base's move, ranking the other moves only.

Usage: imitate_fit.py VALUES.jsonl [WEIGHTS.rs]
  WEIGHTS.rs defaults to src/policy/learned_weights.rs (class 0: M = 3-4).
Needs numpy and lightgbm.
"""
import json
import sys
from collections import deque

import lightgbm as lgb
import numpy as np

# The same folder: the weights' reader of the race's replay.
from race_sim import GROUPS, PER_GROUP, weights as class_weights

N = 10
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def neighbours(c):
    i, j = divmod(c, N)
    for di, dj in STEPS:
        a, b = i + di, j + dj
        if 0 <= a < N and 0 <= b < N:
            yield a * N + b


def reach(owner, piece, p, m):
    """B_p as a set: breadth-first from p's piece through p's own cells; a
    cell under another piece is neither listed nor expanded."""
    others = {piece[q] for q in range(m) if q != p}
    seen, queue, out = {piece[p]}, deque([piece[p]]), set()
    while queue:
        c = queue.popleft()
        if c in others:
            continue
        out.add(c)
        if owner[c] != p:
            continue
        for d in neighbours(c):
            if d not in seen:
                seen.add(d)
                queue.append(d)
    return out


def position_rows(v):
    """Per legal move: [group, 8 base features, 23 board numbers]."""
    pos, m = v["position"], v["m"]
    owner, level, value = pos["owner"], pos["level"], pos["value"]
    piece, score, u, turn = pos["pos"], pos["score"], pos["u"], pos["turn"]
    reaches = [reach(owner, piece, p, m) for p in range(m)]
    leader = 1 + int(np.argmax(score[1:]))
    best_ai = max(max(score[1:]), 1)
    k_reach = np.zeros(N * N)
    for p in range(1, m):
        for c in reaches[p]:
            k_reach[c] += 1
    rows = []
    for (group, x), c in zip(v["cells"], pos["moves"]):
        o, lv = owner[c], level[c]
        nb = list(neighbours(c))
        pi, pj = divmod(piece[0], N)
        ci, cj = divmod(c, N)
        rows.append([group] + list(x) + [
            value[c] / 1000, lv, lv / u, u, m, turn / 100, score[0] / best_ai,
            o == -1, o == 0, o == leader, score[o] / best_ai if o > 0 else 0,
            k_reach[c], c in reaches[leader],
            sum(owner[d] == -1 for d in nb), sum(owner[d] == 0 for d in nb),
            sum(owner[d] > 0 for d in nb), sum(d in piece[1:m] for d in nb),
            sum(value[d] for d in nb if owner[d] == -1) / 1000,
            sum(value[d] for d in nb if owner[d] == -1 and k_reach[d] == 0) / 1000,
            abs(pi - ci) + abs(pj - cj), c == piece[0], len(reaches[0]),
            len(reaches[o]) if o > 0 else 0,
        ])
    return rows


def top_moves(score, qid):
    """Index of each position's best move (the first on ties)."""
    order = np.lexsort((np.arange(len(score)), -score, qid))
    first = np.ones(len(order), bool)
    first[1:] = qid[order][1:] != qid[order][:-1]
    return order[first]


def agreement(score, y, qid, held_pos):
    best = top_moves(score, qid)
    return (y[best] == 1)[held_pos[qid[best]]].mean()


def ranker(X, y, qid, train, held):
    def sizes(mask):
        return np.unique(qid[mask], return_counts=True)[1]
    params = dict(objective="lambdarank", metric="ndcg", ndcg_eval_at=[1],
                  learning_rate=0.05, num_leaves=31, min_data_in_leaf=50,
                  verbose=-1, num_threads=2)
    fit = lgb.Dataset(X[train], y[train], group=sizes(train), categorical_feature=[0])
    check = lgb.Dataset(X[held], y[held], group=sizes(held), reference=fit)
    model = lgb.train(params, fit, num_boost_round=600, valid_sets=[check],
                      callbacks=[lgb.early_stopping(50, verbose=False)])
    return model.predict(X)


def main():
    weights = sys.argv[2] if len(sys.argv) > 2 else "src/policy/learned_weights.rs"
    X, y, qid, game = [], [], [], []
    with open(sys.argv[1]) as f:
        for g, line in enumerate(f):
            for v in json.loads(line):
                for k, row in enumerate(position_rows(v)):
                    X.append(row)
                    y.append(k == v["planner"])
                    qid.append(len(game))
                game.append(g)
    X, y, qid = np.array(X, dtype=np.float32), np.array(y, dtype=int), np.array(qid)
    held_pos = np.array(game) % 4 == 0
    held = held_pos[qid]
    W = np.array(class_weights(weights, 0)).reshape(GROUPS, PER_GROUP)
    linear = np.einsum("ij,ij->i", W[X[:, 0].astype(int)], X[:, 1:9])
    print(f"{len(game)} positions, {len(y)} moves, {held_pos.sum()} positions held out")
    print(f"linear base: {agreement(linear, y, qid, held_pos):.4f}")
    with_linear = np.column_stack([X, linear])
    for name, cols in [("ranker, base features", X[:, :9]), ("ranker, all", X),
                       ("ranker, all + linear", with_linear)]:
        s = ranker(cols, y, qid, ~held, held)
        print(f"{name}: {agreement(s, y, qid, held_pos):.4f}")
    # Where the planner left the base's move: which other move it played.
    base = np.zeros(len(y), bool)
    base[top_moves(linear, qid)] = True
    switched = np.zeros(len(game), bool)
    switched[qid[(y == 1) & ~base]] = True
    keep = switched[qid] & ~base
    Xs, ys, qs = with_linear[keep], y[keep], qid[keep]
    hs = held_pos[qs]
    print(f"the planner left the base's move in {switched.mean():.4f} of positions; among those:")
    print(f"linear base's next best: {agreement(Xs[:, -1], ys, qs, held_pos):.4f}")
    for name, cols in [("ranker, base features", Xs[:, :9]), ("ranker, all", Xs[:, :-1])]:
        s = ranker(cols, ys, qs, ~hs, hs)
        print(f"{name}: {agreement(s, ys, qs, held_pos):.4f}")


main()
