// The AHC061 replay viewer: reads the game from the JSON in
// <script id="game-data">, draws the board, the moves, the score curves and
// (when the page holds the bot's trace) its beliefs and candidates, turn by
// turn. No network, no library: plain DOM and SVG; the board is drawn by
// board.js (shared with the play page), which comes first in the page.
//
// URL hash "#test": step to the last turn and write what the page shows
// (turn, raw scores, absolute score, script errors) as JSON into
// <pre id="result">, for the headless-browser test.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("game-data").textContent);
  var N = D.n, M = D.m, U = D.u;
  var LAST = D.frames.length - 1;
  var turn = 0, timer = null;

  // ---------------------------------------------------------------- helpers
  var el = AHC061.el, svg = AHC061.svg, fmt = AHC061.fmt;
  function $(id) { return document.getElementById(id); }
  function rc(c) { return [Math.floor(c / N), c % N]; }
  var playerColour = AHC061.playerColour, darkColour = AHC061.darkColour;
  var advantagePoints = AHC061.advantagePoints, zText = AHC061.zText;
  function levelColour(p, level) { return AHC061.levelColour(U, p, level); }
  // Round tick values (1, 2, 2.5 or 5 times a power of ten apart) covering
  // [lo, hi] with about `count` steps, as the report's axes (report/charts.rs).
  function niceTicks(lo, hi, count) {
    var raw = Math.max(hi - lo, 1e-9) / count, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 2.5, 5, 10].map(function (f) { return f * mag; })
      .filter(function (s) { return s >= raw; })[0];
    var out = [];
    for (var v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(v);
    return out;
  }
  function tickLabel(v) {
    if (Math.abs(v) >= 1000) return (v / 1000).toFixed(1).replace(/\.0$/, "") + "k";
    return Math.abs(v - Math.round(v)) < 1e-9 ? String(Math.round(v)) : v.toFixed(2).replace(/0$/, "");
  }
  function absoluteScore(s0, best) {
    return Math.round(1e5 * Math.log2(1 + s0 / Math.max(best, 1)));
  }
  function bestAi(scores) {
    var best = 0;
    for (var p = 1; p < M; p++) best = Math.max(best, scores[p]);
    return best;
  }

  // ---------------------------------------------------------------- board
  // Drawn by the board shared with the play page (tools/src/board.js).
  var B = AHC061.board($("board-box"), D, ["candidates"]);
  var candidateLayer = B.layers.candidates, markLayer = B.layers.marks, centre = B.centre;
  function drawBoard(f, prev) {
    B.draw(f, prev && f.dest ?
      { from: prev.pos, dest: f.dest, collided: f.collided, bounced: f.bounced } : null);
  }

  // ---------------------------------------------------------------- players and moves
  var playerRows = [];
  (function () {
    var table = el("table", { id: "players" }, $("players-box"));
    var head = el("tr", {}, table);
    ["", "player", "score", "cells", "ratio to leader", "this turn"].forEach(function (h) { el("th", {}, head, h); });
    for (var p = 0; p < M; p++) {
      var tr = el("tr", {}, table);
      var sw = el("td", {}, tr);
      el("span", { "class": "swatch", style: "background:" + levelColour(p, U) }, sw);
      el("td", {}, tr, p === 0 ? "0 (bot)" : p);
      playerRows.push({
        score: el("td", { "class": "score", "data-player": p }, tr),
        cells: el("td", {}, tr),
        ratio: el("td", {}, tr),
        move: el("td", { "class": "move" }, tr)
      });
    }
  })();

  function drawPlayers(f, prev) {
    var leader = Math.max.apply(null, f.score.slice(0, M));
    for (var p = 0; p < M; p++) {
      var row = playerRows[p], owned = 0;
      for (var c = 0; c < N * N; c++) if (f.owner[c] === p) owned++;
      row.score.textContent = f.score[p];
      row.cells.textContent = owned;
      row.ratio.textContent = fmt(f.score[p] / Math.max(leader, 1), 3);
      if (prev && f.dest) {
        var what = (f.collided >> p) & 1 ? "collided" : (f.bounced >> p) & 1 ? "bounced" :
          f.dest[p] === prev.pos[p] ? "stayed" : "moved";
        row.move.textContent = "(" + rc(prev.pos[p]) + ") → (" + rc(f.dest[p]) + ") " + what;
        row.move.className = "move " + what;
      } else {
        row.move.textContent = "";
      }
    }
    $("turn-label").textContent = "turn " + f.turn + " / " + D.turns;
    $("header-turn").textContent = "turn " + f.turn + " of " + D.turns;
    $("now-score").textContent = absoluteScore(f.score[0], bestAi(f.score));
  }

  // ---------------------------------------------------------------- charts
  var CW = 440, CH = 190, PAD = 42;
  function chart(parentId, title, series, yMax, yMin, hLine) {
    var box = $(parentId);
    el("div", { "class": "chart-title" }, box, title);
    var s = svg("svg", { width: CW, height: CH, "class": "chart", "font-family": "sans-serif" }, box);
    var X = function (t) { return PAD + (CW - PAD - 10) * t / Math.max(LAST, 1); };
    var Y = function (v) { return CH - 20 - (CH - 30) * (v - yMin) / (yMax - yMin); };
    svg("line", { x1: PAD, y1: Y(yMin), x2: CW - 10, y2: Y(yMin), stroke: "#888" }, s);
    svg("line", { x1: PAD, y1: Y(yMin), x2: PAD, y2: Y(yMax), stroke: "#888" }, s);
    niceTicks(yMin, yMax, 4).forEach(function (v) {
      svg("text", { x: PAD - 4, y: Y(v) + 4, "font-size": 10, "text-anchor": "end", "class": "y-tick" }, s,
        tickLabel(v));
      svg("line", { x1: PAD, y1: Y(v), x2: CW - 10, y2: Y(v), stroke: "#eee" }, s);
    });
    for (var t = 0; t <= LAST; t += 20) {
      svg("text", { x: X(t), y: CH - 5, "font-size": 10, "text-anchor": "middle" }, s, t);
    }
    if (hLine !== undefined) {
      svg("line", { x1: PAD, y1: Y(hLine), x2: CW - 10, y2: Y(hLine), stroke: "#999", "stroke-dasharray": "4 3" }, s);
    }
    series.forEach(function (ser) {
      var d = ser.values.map(function (v, t) { return (t ? "L" : "M") + X(t).toFixed(1) + "," + Y(v).toFixed(1); }).join("");
      svg("path", { d: d, fill: "none", stroke: ser.colour, "stroke-width": ser.width || 1.6 }, s);
    });
    var cursor = svg("line", { y1: 5, y2: CH - 20, stroke: "#000", "stroke-width": 1 }, s);
    s.addEventListener("click", function (ev) {
      var r = s.getBoundingClientRect();
      var t = Math.round((ev.clientX - r.left - PAD) / (CW - PAD - 10) * LAST);
      show(Math.max(0, Math.min(LAST, t)));
    });
    return function (t) { cursor.setAttribute("x1", X(t)); cursor.setAttribute("x2", X(t)); };
  }
  var scoreSeries = [], topScore = 1;
  for (var sp = 0; sp < M; sp++) {
    scoreSeries.push({ colour: playerColour(sp), width: sp === 0 ? 3 : 1.6,
      values: D.frames.map(function (f) { topScore = Math.max(topScore, f.score[sp]); return f.score[sp]; }) });
  }
  var ratios = D.frames.map(function (f) { return f.score[0] / Math.max(bestAi(f.score), 1); });
  var topRatio = Math.max(2, Math.ceil(Math.max.apply(null, ratios) * 2) / 2);
  var cursors = [
    chart("score-chart", "score Σ V·L of every player", scoreSeries, topScore, 0),
    chart("ratio-chart", "player 0's score / best AI's (dashed: 1)",
      [{ colour: playerColour(0), width: 2.5, values: ratios }], topRatio, 0, 1)
  ];

  // ---------------------------------------------------------------- the bot's mind
  var RATIO_NAMES = ["wb/wa", "wc/wa", "wd/wa", "ε"];
  function truthOf(p) {
    var t = D.truth[p];
    return t ? [t.wb / t.wa, t.wc / t.wa, t.wd / t.wa, t.eps] : null;
  }
  var traceByTurn = {};
  if (D.trace) D.trace.forEach(function (r) { traceByTurn[r.turn] = r; });

  // How far the bot's beliefs are from the truth, turn by turn (frame t
  // shows the belief the move of turn t was chosen with, as the panel does).
  if (D.trace && truthOf(1)) {
    var errorSeries = [], topError = 0.05;
    for (var ep = 1; ep < M; ep++) {
      var truth = truthOf(ep), values = [];
      for (var et = 0; et <= LAST; et++) {
        var rec = traceByTurn[Math.max(et, 1)], err = null;
        var ai = rec && (rec.ais || []).filter(function (a) { return a.p === ep; })[0];
        if (ai) {
          err = 0;
          for (var ek = 0; ek < 4; ek++) err += Math.abs(ai.mean[ek] - truth[ek]) / truth[ek] / 4;
          topError = Math.max(topError, err);
        }
        values.push(err === null ? (values.length ? values[values.length - 1] : 0) : err);
      }
      errorSeries.push({ colour: playerColour(ep), values: values });
    }
    cursors.push(chart("belief-chart", "the bot's belief error per AI: mean |estimate − truth| / truth " +
      "of wb/wa, wc/wa, wd/wa, ε", errorSeries, Math.ceil(topError * 10) / 10, 0));
  }

  // Where a value sits on a little axis: ratios on a log scale over
  // [0.3, 1/0.3], ε linear over [0.1, 0.5].
  function axisPos(k, v, w) {
    if (k === 3) return w * Math.max(0, Math.min(1, (v - 0.1) / 0.4));
    var lo = Math.log(0.3), hi = Math.log(1 / 0.3);
    return w * Math.max(0, Math.min(1, (Math.log(Math.max(v, 1e-3)) - lo) / (hi - lo)));
  }
  // The scale under every belief bar: the prior's range, log-scaled for the
  // ratios (their ticks 0.3, 1 and 3.3), linear for ε.
  var SCALE_TICKS = [[0.3, 1, 1 / 0.3], [0.3, 1, 1 / 0.3], [0.3, 1, 1 / 0.3], [0.1, 0.3, 0.5]];
  function beliefCell(td, k, p, mean, sd, truth) {
    var W = 110, PADX = 8;
    var s = svg("svg", { width: W + 2 * PADX, height: 27, "class": "belief-bar" }, td);
    var at = function (v) { return PADX + axisPos(k, v, W); };
    svg("line", { x1: PADX, y1: 8, x2: PADX + W, y2: 8, stroke: "#ccc" }, s);
    SCALE_TICKS[k].forEach(function (v) {
      svg("line", { x1: at(v), y1: 14, x2: at(v), y2: 17, stroke: "#999" }, s);
      svg("text", { x: at(v), y: 26, "font-size": 8, fill: "#666", "text-anchor": "middle", "class": "scale" }, s,
        v > 3 ? "3.3" : String(v));
    });
    if (k < 3) svg("line", { x1: at(1), y1: 3, x2: at(1), y2: 13, stroke: "#ccc" }, s);
    if (mean !== null) {
      var a = at(mean - sd), b = at(mean + sd);
      svg("rect", { x: a, y: 4, width: Math.max(b - a, 1.5), height: 8, fill: playerColour(p), opacity: 0.5 }, s);
      svg("circle", { cx: at(mean), cy: 8, r: 3, fill: darkColour(p) }, s);
    }
    if (truth !== null) {
      svg("line", { x1: at(truth), y1: 1, x2: at(truth), y2: 15, stroke: "#000", "stroke-width": 2 }, s);
    }
    el("div", { "class": "belief-text" }, td,
      (mean === null ? "–" : fmt(mean, 2) + " ± " + fmt(sd, 2)) + (truth === null ? "" : "  (true " + fmt(truth, 2) + ")"));
  }

  function drawMind(t) {
    var box = $("mind");
    box.textContent = "";
    if (!D.trace) {
      el("p", { "class": "note" }, box, "No trace of the bot's thinking in this page " +
        "(play with `play --trace`, or run the bot with `--trace FILE` and give vis `--trace FILE`).");
      drawTruthOnly(box);
      return;
    }
    // Frame t shows the move of turn t; the bot thought about it before the turn.
    var r = traceByTurn[Math.max(t, 1)];
    el("h3", {}, box, "The bot's beliefs before turn " + Math.max(t, 1) +
      " (bar: mean ± sd, black tick: truth; scale: the prior's range)");
    if (!r) { el("p", { "class": "note" }, box, "no trace for this turn"); return; }
    var table = el("table", { id: "beliefs" }, box);
    var head = el("tr", {}, table);
    el("th", {}, head, "AI");
    RATIO_NAMES.forEach(function (n) { el("th", {}, head, n); });
    (r.ais || []).forEach(function (ai) {
      var tr = el("tr", {}, table), truth = truthOf(ai.p);
      el("td", {}, tr, ai.p);
      for (var k = 0; k < 4; k++) {
        beliefCell(el("td", {}, tr), k, ai.p, ai.mean[k], ai.sd[k], truth ? truth[k] : null);
      }
    });
    el("h3", { id: "planner-head" }, box, "Planner, turn " + r.turn + ": " + r.rollouts + " rollouts; played (" + r.chosen + ")" +
      (r.planned === false ? " (fallback: the planner failed)" : "") +
      // A challenger replaces the base move only above this z, and only if
      // the race did not cut it first (a cut one's z is from fewer rollouts).
      (r.threshold != null ? "; a challenger still racing needs z > " + fmt(r.threshold, 2) : ""));
    var ct = el("table", { id: "candidates" }, box);
    var ch = el("tr", {}, ct);
    ["#", "move", "rollouts", "advantage over the base move (score points)", "z", ""].forEach(function (h) { el("th", {}, ch, h); });
    (r.candidates || []).forEach(function (cand, i) {
      var played = String(cand.cell) === String(r.chosen);
      var tr = el("tr", { "class": played ? "chosen" : cand.cut ? "cut" : "" }, ct);
      el("td", {}, tr, i);
      // A move raced under an alternative continuation (src/search/planner.rs) says which.
      el("td", {}, tr, "(" + cand.cell + ")" + (cand.policy ? " then alternative " + cand.policy : ""));
      el("td", {}, tr, cand.rollouts);
      el("td", { title: i === 0 ? "" : "mean log2(1 + S0/S_A) gain: " + fmt(cand.mean, 6) }, tr,
        i === 0 ? "base move" : advantagePoints(cand.mean));
      el("td", { "class": "z" }, tr, i === 0 ? "" : zText(cand.z, cand.mean));
      el("td", {}, tr, played ? "played" : cand.cut ? "cut by the race" : "");
    });
    candidateLayer.textContent = "";
    (r.candidates || []).forEach(function (cand, i) {
      var at = centre(cand.cell[0] * N + cand.cell[1]);
      svg("text", { x: at[0] + 14, y: at[1] - 12, "font-size": 10, fill: "#000", stroke: "#fff",
        "stroke-width": 3, "paint-order": "stroke", "class": "cand" }, candidateLayer, "#" + i);
    });
  }
  function drawTruthOnly(box) {
    el("h3", {}, box, "The AIs' true parameters");
    var table = el("table", {}, box);
    var head = el("tr", {}, table);
    el("th", {}, head, "AI");
    RATIO_NAMES.forEach(function (n) { el("th", {}, head, n); });
    for (var p = 1; p < M; p++) {
      var truth = truthOf(p);
      if (!truth) continue;
      var tr = el("tr", {}, table);
      el("td", {}, tr, p);
      for (var k = 0; k < 4; k++) beliefCell(el("td", {}, tr), k, p, null, 0, truth[k]);
    }
  }

  // ---------------------------------------------------------------- controls
  var slider = $("slider");
  slider.max = LAST;
  function show(t) {
    turn = Math.max(0, Math.min(LAST, t));
    var f = D.frames[turn], prev = turn > 0 ? D.frames[turn - 1] : null;
    drawBoard(f, prev);
    drawPlayers(f, prev);
    cursors.forEach(function (move) { move(turn); });
    drawMind(turn);
    slider.value = turn;
  }
  function step(d) { show(turn + d); }
  function play() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "▶ play"; return; }
    if (turn >= LAST) show(0);
    $("play").textContent = "❚❚ pause";
    timer = setInterval(function () {
      if (turn >= LAST) { play(); return; }
      step(1);
    }, Number($("speed").value));
  }
  $("first").onclick = function () { show(0); };
  $("back").onclick = function () { step(-1); };
  $("play").onclick = play;
  $("forward").onclick = function () { step(1); };
  $("last").onclick = function () { show(LAST); };
  slider.oninput = function () { show(Number(slider.value)); };
  $("speed").onchange = function () { if (timer) { play(); play(); } };
  document.addEventListener("keydown", function (ev) {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    var keys = { ArrowRight: function () { step(1); }, ArrowLeft: function () { step(-1); },
      " ": play, Home: function () { show(0); }, End: function () { show(LAST); },
      PageUp: function () { step(-10); }, PageDown: function () { step(10); } };
    if (keys[ev.key]) { keys[ev.key](); ev.preventDefault(); }
  });

  $("static").hidden = true;
  $("viewer").hidden = false;
  var at = /^#t=(\d+)$/.exec(location.hash);
  show(at ? Number(at[1]) : LAST);

  if (location.hash === "#test") {
    // The controls, as a user would use them: keys and buttons.
    var controls = [], headers = [];
    function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", { key: k })); done(); }
    function click(id) { $(id).click(); done(); }
    function done() { controls.push(turn); headers.push($("header-turn").textContent); }
    key("Home"); key("ArrowRight"); key("PageDown"); key("ArrowLeft"); key("End");
    click("back"); click("first"); click("forward"); click("last");
    // Then step to the end one turn at a time, as a user pressing → would,
    // checking that every collision the table reports has its cross on the
    // board, on top of whatever stands there.
    var collisions = { table: 0, board: 0, visible: 0 };
    // And that the candidates the race cut are marked as the trace says,
    // under a header that gives the threshold.
    var cut = { rows: 0, traced: 0, thresholds: 0 };
    show(0);
    while (turn < LAST) {
      step(1);
      cut.rows += document.querySelectorAll("#candidates tr.cut").length;
      var rec = traceByTurn[Math.max(turn, 1)];
      (rec ? rec.candidates || [] : []).forEach(function (c) {
        if (c.cut && String(c.cell) !== String(rec.chosen)) cut.traced++;
      });
      var head = $("planner-head");
      if (head && / needs z > /.test(head.textContent)) cut.thresholds++;
      playerRows.forEach(function (row) { if (/ collided$/.test(row.move.textContent)) collisions.table++; });
      Array.prototype.forEach.call(markLayer.querySelectorAll("g.collided"), function (mark) {
        collisions.board++;
        mark.scrollIntoView({ block: "center" });
        var r = mark.getBoundingClientRect();
        var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        // On top: this cross, or another player's cross on the same cell.
        if (hit && hit.closest && hit.closest("g.collided")) collisions.visible++;
      });
    }
    var scores = playerRows.map(function (row) { return Number(row.score.textContent); });
    $("result").textContent = JSON.stringify({
      turn: D.frames[turn].turn,
      scores: scores,
      absolute: Number($("now-score").textContent),
      final: D.score,
      traced_turns: D.trace ? D.trace.length : 0,
      cut: cut,
      belief_rows: document.querySelectorAll("#beliefs tr").length,
      controls: controls,
      headers: headers,
      collisions: collisions,
      y_ticks: Array.prototype.map.call(document.querySelectorAll("#score-chart .y-tick"),
        function (t) { return t.textContent; }),
      scale_labels: document.querySelectorAll("#beliefs .scale").length,
      errors: window.__errors || []
    });
  }
})();
