// The page of `play --serve`: the board drawn by the replay page's own code
// (tools/src/board.js: the same colours, cells, pieces and move marks),
// player 0's legal destinations highlighted; a click (or Enter on the
// keyboard cursor) sends the move to the server, which plays the turn with
// the judge and answers with the new position. No rule of the game is
// computed here.
//
// URL hash "#script=x,y;x,y;…&coach=K&undo=U" (for the headless-browser
// test): clicks an illegal cell once, then plays the listed moves by
// clicking their cells, with the coach on for the first K turns and, before
// move U, the undo button and move U − 1 again; saves the finished game and
// writes what the page showed as JSON into <pre id="result">.
(function () {
  "use strict";
  var G = null;          // the game as the server last sent it
  var advice = null;     // the coach's advice for G's coming turn
  var cursor = null;     // the keyboard cursor's cell
  var pending = Promise.resolve();
  var B = null, cells = [], layers = {};

  // ---------------------------------------------------------------- helpers
  var el = AHC061.el, svg = AHC061.svg, fmt = AHC061.fmt;
  var advantagePoints = AHC061.advantagePoints, zText = AHC061.zText;
  function $(id) { return document.getElementById(id); }
  function rc(c) { return [Math.floor(c / G.n), c % G.n]; }
  function levelColour(p, level) { return AHC061.levelColour(G.u, p, level); }
  function isLegal(x, y) {
    return G.legal.some(function (l) { return l[0] === x && l[1] === y; });
  }
  function message(text, isError) {
    $("message").textContent = text;
    $("message").className = isError ? "error" : "";
  }

  // One request to the server; an error reply becomes a rejected promise
  // carrying the server's message.
  function api(method, path, body) {
    var init = { method: method };
    if (method === "POST") {
      init.headers = { "Content-Type": "application/json" };
      init.body = JSON.stringify(body || {});
    }
    return fetch(path, init).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) {
          var error = new Error(j.error || "HTTP " + r.status);
          error.status = r.status;
          throw error;
        }
        return j;
      });
    });
  }
  // Runs actions one after another: a click while a turn is on its way waits.
  // A request that no longer fits the game (409: a stale turn, say) shows
  // its message and the game as it is now.
  function queue(action) {
    pending = pending.then(action).catch(function (e) {
      message(String(e.message || e), true);
      if (e.status === 409 && G) return api("GET", gamePath()).then(setGame);
    }).catch(function (e) { message(String(e.message || e), true); });
    return pending;
  }
  function gamePath(what) { return "/api/game/" + G.id + (what ? "/" + what : ""); }

  // ---------------------------------------------------------------- board
  // Drawn by the board shared with the replay page (tools/src/board.js);
  // on top, this page's own layers: the legal cells, the coach's marks and
  // the keyboard cursor (all let clicks through to the cells, see play.css).
  function buildBoard() {
    $("board-box").textContent = "";
    B = AHC061.board($("board-box"), G, ["legal"], ["coach", "cursor"]);
    B.cells.forEach(function (cell) {
      cell.g.addEventListener("click", clickCell.bind(null, cell.ij[0], cell.ij[1]));
    });
    layers = B.layers;
    cells = B.cells;
  }
  function drawBoard() {
    var last = G.last;
    B.draw(G, last ? { from: last.from, dest: last.dest, collided: last.collided, bounced: last.bounced } : null);
    cells.forEach(function (cell) {
      if (isLegal(cell.ij[0], cell.ij[1])) cell.title.textContent += ": click to move here";
    });
    layers.legal.textContent = "";
    G.legal.forEach(function (l) {
      svg("rect", { x: B.MARGIN + l[1] * B.CELL + 3, y: B.MARGIN + l[0] * B.CELL + 3, width: B.CELL - 6,
        height: B.CELL - 6, "class": "legal", "data-x": l[0], "data-y": l[1] }, layers.legal);
    });
    drawCursor();
  }

  function drawCursor() {
    layers.cursor.textContent = "";
    if (cursor === null || G.finished) return;
    var at = B.centre(cursor), size = B.CELL;
    svg("rect", { x: at[0] - size / 2 + 1, y: at[1] - size / 2 + 1, width: size - 2, height: size - 2,
      "class": "cursor" }, layers.cursor);
  }

  // ---------------------------------------------------------------- players and score
  function drawSide() {
    var box = $("players-box");
    box.textContent = "";
    var table = el("table", { id: "players" }, box);
    var head = el("tr", {}, table);
    ["", "player", "score", "cells", "last turn"].forEach(function (h) { el("th", {}, head, h); });
    for (var p = 0; p < G.m; p++) {
      var tr = el("tr", {}, table), owned = 0;
      for (var c = 0; c < G.n * G.n; c++) if (G.owner[c] === p) owned++;
      el("span", { "class": "swatch", style: "background:" + levelColour(p, G.u) }, el("td", {}, tr));
      el("td", {}, tr, p === 0 ? "0 (you)" : p);
      el("td", { "class": "score", "data-player": p }, tr, G.score[p]);
      el("td", {}, tr, owned);
      var what = "";
      if (G.last) {
        var l = G.last;
        what = "(" + rc(l.from[p]) + ") → (" + rc(l.dest[p]) + ") " +
          ((l.collided >> p) & 1 ? "collided" : (l.bounced >> p) & 1 ? "bounced" :
            l.dest[p] === l.from[p] ? "stayed" : "moved");
      }
      el("td", { "class": "move" }, tr, what);
    }
    $("status").innerHTML = "";
    el("span", {}, $("status"), "case " + G.case + " (M = " + G.m + ", U = " + G.u + "), turn ");
    el("span", { id: "turn" }, $("status"), G.turn);
    el("span", {}, $("status"), " of " + G.turns + ", score ");
    el("span", { id: "absolute" }, $("status"), G.absolute);
    var result = $("result-box");
    result.textContent = "";
    if (G.finished) {
      el("div", {}, result, "Game over. Your score: ");
      el("b", { id: "final-score" }, result.lastChild, G.absolute);
      var bot = el("div", {}, result, "The bot's score on this case: ");
      el("b", { id: "bot-score" }, bot, G.bot_score === null ? "(playing…)" : G.bot_score);
      $("download").hidden = false;
      $("download").href = gamePath("log");
      $("download").setAttribute("download", "");
    } else {
      $("download").hidden = true;
    }
    $("undo").disabled = G.turn === 0;
    $("save").disabled = !G.finished;
  }

  // ---------------------------------------------------------------- the coach
  var RATIO_NAMES = ["wb/wa", "wc/wa", "wd/wa", "ε"];
  function drawCoach() {
    var box = $("mind");
    box.textContent = "";
    layers.coach.textContent = "";
    if (!$("coach").checked || !G || G.finished) return;
    if (!advice) { el("p", { "class": "note" }, box, "The coach is thinking…"); return; }
    el("h3", {}, box, "The bot's belief over each AI before turn " + advice.turn +
      " (mean ± sd of the posterior; the prior: ratios 0.3–3.3, ε 0.1–0.5)");
    var table = el("table", { id: "beliefs" }, box);
    var head = el("tr", {}, table);
    el("th", {}, head, "AI");
    RATIO_NAMES.forEach(function (n) { el("th", {}, head, n); });
    advice.ais.forEach(function (ai) {
      var tr = el("tr", {}, table);
      el("td", {}, tr, ai.p);
      for (var k = 0; k < 4; k++) el("td", {}, tr, fmt(ai.mean[k], 2) + " ± " + fmt(ai.sd[k], 2));
    });
    el("h3", {}, box, "The planner's candidates for turn " + advice.turn + " (" + advice.rollouts +
      " rollouts); the bot would play (" + advice.chosen + ")");
    var ct = el("table", { id: "candidates" }, box);
    var ch = el("tr", {}, ct);
    ["#", "move", "rollouts", "advantage over the base move (score points)", "z", ""].forEach(function (h) { el("th", {}, ch, h); });
    advice.candidates.forEach(function (cand, i) {
      var chosen = String(cand.cell) === String(advice.chosen);
      var tr = el("tr", { "class": chosen ? "chosen" : "" }, ct);
      el("td", {}, tr, i);
      el("td", {}, tr, "(" + cand.cell + ")");
      el("td", {}, tr, cand.rollouts);
      el("td", {}, tr, i === 0 ? "base move" : advantagePoints(cand.mean));
      el("td", {}, tr, i === 0 ? "" : zText(cand.z, cand.mean));
      el("td", {}, tr, chosen ? "bot's move" : "");
      var at = B.centre(cand.cell[0] * G.n + cand.cell[1]);
      svg("text", { x: at[0] + 14, y: at[1] - 12, "font-size": 10, stroke: "#fff", "stroke-width": 3,
        "paint-order": "stroke", "class": "cand", "pointer-events": "none" }, layers.coach, "#" + i);
    });
    var c = advice.chosen, mark = B.centre(c[0] * G.n + c[1]);
    svg("circle", { cx: mark[0], cy: mark[1], r: 20, "class": "bot-move", "data-x": c[0], "data-y": c[1] }, layers.coach);
  }
  // ---------------------------------------------------------------- actions
  // A new position from the server: draw it, then fetch what goes with it.
  function setGame(g) {
    var fresh = !G || G.id !== g.id;
    G = g;
    advice = null;
    if (fresh) { buildBoard(); cursor = G.pos[0]; }
    drawBoard();
    drawSide();
    drawCoach();
    var more = Promise.resolve();
    if (!G.finished && $("coach").checked) more = more.then(fetchAdvice);
    if (G.finished && G.bot_score === null) more = more.then(function () {
      return api("POST", gamePath("bot")).then(setGame);
    });
    return more;
  }
  function fetchAdvice() {
    var id = G.id, turn = G.turn;
    return api("POST", gamePath("coach"), { turn: turn }).then(function (a) {
      if (G.id === id && G.turn === turn) { advice = a; drawCoach(); }
    });
  }
  function newGame() {
    var n = $("case").value.trim();
    return queue(function () {
      return api("POST", "/api/new", n === "" ? {} : { "case": Number(n) }).then(function (g) {
        message("New game on case " + g.case + ".");
        return setGame(g);
      });
    });
  }
  function play(x, y) {
    return queue(function () {
      return api("POST", gamePath("move"), { turn: G.turn, x: x, y: y }).then(function (g) {
        message("");
        cursor = g.pos[0];
        return setGame(g);
      });
    });
  }
  function clickCell(x, y) {
    if (!G) return;
    cursor = x * G.n + y;
    play(x, y);
  }
  function undo() {
    return queue(function () {
      return api("POST", gamePath("undo"), { turn: G.turn }).then(function (g) {
        message("Turn " + (g.turn + 1) + " taken back.");
        cursor = g.pos[0];
        return setGame(g);
      });
    });
  }
  function save() {
    return queue(function () {
      return api("POST", gamePath("save")).then(function (r) {
        message("Saved: " + r.log + " (replay it with `vis --log " + r.log + "`).");
        $("message").setAttribute("data-log", r.log);
      });
    });
  }
  function toggleCoach() {
    drawCoach();
    if ($("coach").checked && G && !G.finished && !advice) return queue(fetchAdvice);
    return pending;
  }

  $("new").onclick = newGame;
  $("undo").onclick = undo;
  $("save").onclick = save;
  $("coach").onchange = toggleCoach;
  document.addEventListener("keydown", function (ev) {
    if (!G || ev.target.tagName === "INPUT" && ev.target.type !== "checkbox") return;
    var ij = rc(cursor === null ? G.pos[0] : cursor), moves = {
      ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) {
      var x = Math.max(0, Math.min(G.n - 1, ij[0] + moves[ev.key][0]));
      var y = Math.max(0, Math.min(G.n - 1, ij[1] + moves[ev.key][1]));
      cursor = x * G.n + y;
      drawCursor();
    } else if (ev.key === "Enter" || ev.key === " ") {
      play(ij[0], ij[1]);
    } else if (ev.key === "u") {
      undo();
    } else if (ev.key === "c") {
      $("coach").checked = !$("coach").checked;
      toggleCoach();
    } else if (ev.key === "n") {
      newGame();
    } else {
      return;
    }
    ev.preventDefault();
  });

  // ---------------------------------------------------------------- the test script
  function runScript(spec) {
    var params = {};
    spec.split("&").forEach(function (kv) { var i = kv.indexOf("="); params[kv.slice(0, i)] = kv.slice(i + 1); });
    var moves = params.script.split(";").map(function (m) { return m.split(",").map(Number); });
    var coachTurns = Number(params.coach || 0);
    var out = { coach: [], errors: [] };
    function click(x, y) {
      cells[x * G.n + y].g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return pending;
    }
    var chain = pending.then(function () {
      // An illegal cell first: the page must say so and stay on turn 0.
      var far = null;
      for (var c = 0; c < G.n * G.n && far === null; c++) {
        var ij = rc(c);
        if (!isLegal(ij[0], ij[1])) far = ij;
      }
      return click(far[0], far[1]).then(function () {
        out.illegal = { cell: far, message: $("message").textContent,
          shown_as_error: $("message").className === "error", turn: G.turn };
      });
    });
    var undoAt = Number(params.undo || -1);
    moves.forEach(function (mv, k) {
      // Undo once: take back the turn before this one, then play it again.
      if (k === undoAt) chain = chain.then(function () {
        var before = G.turn;
        $("undo").click();
        return pending.then(function () {
          out.undo = { before: before, after: G.turn, message: $("message").textContent };
          return click(moves[k - 1][0], moves[k - 1][1]);
        });
      });
      chain = chain.then(function () {
        if (k < coachTurns) {
          if (!$("coach").checked) $("coach").click();
          return pending.then(function () {
            var mark = document.querySelector("#board .layer-coach .bot-move");
            var marked = mark ? [Number(mark.getAttribute("data-x")), Number(mark.getAttribute("data-y"))] : null;
            out.coach.push({ turn: G.turn, candidates: document.querySelectorAll("#candidates tr").length - 1,
              belief_rows: document.querySelectorAll("#beliefs tr").length - 1,
              marked: marked, legal: marked !== null && isLegal(marked[0], marked[1]) });
          });
        }
        if ($("coach").checked) $("coach").click();
      }).then(function () { return click(mv[0], mv[1]); });
    });
    chain.then(function () { return pending; }).then(function () {
      $("save").click();
      return pending;
    }).then(function () {
      out.turn = G.turn;
      out.finished = G.finished;
      out.absolute = Number($("absolute").textContent);
      out.final_score = $("final-score") ? Number($("final-score").textContent) : null;
      out.bot_score = $("bot-score") ? Number($("bot-score").textContent) : null;
      out.scores = Array.prototype.map.call(document.querySelectorAll("#players .score"),
        function (td) { return Number(td.textContent); });
      out.saved = $("message").getAttribute("data-log");
      out.message = $("message").textContent;
      out.errors = window.__errors || [];
      $("result").textContent = JSON.stringify(out);
    }).catch(function (e) {
      $("result").textContent = JSON.stringify({ errors: [String(e)] });
    });
  }

  newGame().then(function () {
    var script = /^#(script=.*)$/.exec(location.hash);
    if (script) runScript(script[1]);
  });
})();
