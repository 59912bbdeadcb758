// The AHC061 board in SVG, shared by the replay page (replay.js) and the
// play page of `play --serve` (serve/play.js): each cell's value V as its
// shade and in its corner, the owner's colour darker with the level, the
// pieces, and one turn's moves as arrows, with a dashed square on a
// destination reached and a cross on a collision (red) or a bounce (orange).
// Also the small helpers both pages use (HTML elements, number formats, the
// planner's numbers as both print them). Defines one global,
// AHC061. No rule of the game is computed here.
var AHC061 = (function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var HUES = [210, 0, 120, 50, 280, 28, 175, 320];
  var CELL = 50, MARGIN = 20;

  function svg(tag, attrs, parent, text) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  // An HTML element, as `svg` makes an SVG one.
  function el(tag, attrs, parent, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  // A number with `d` decimals, "–" when there is none.
  function fmt(x, d) { return x === null || x === undefined ? "–" : Number(x).toFixed(d); }
  function playerColour(p) { return "hsl(" + HUES[p] + ", 70%, 50%)"; }
  function darkColour(p) { return "hsl(" + HUES[p] + ", 80%, 25%)"; }
  // The owner's colour, darker with the level (1 … u).
  function levelColour(u, p, level) {
    var l = u <= 1 ? 60 : 85 - 45 * (level - 1) / (u - 1);
    return "hsl(" + HUES[p] + ", 70%, " + l + "%)";
  }

  // A board for game `g` ({n, m, u, value}) in `parent`. Layers drawn over
  // the cells, bottom to top: `below` (names), the moves' arrows, the
  // pieces, the moves' marks (id "marks"), `above` (names); each an SVG group of
  // class "layer-NAME", in `layers[NAME]`.
  function board(parent, g, below, above) {
    var N = g.n;
    var maxV = Math.max.apply(null, g.value), minV = Math.min.apply(null, g.value);
    function valueShade(v) {
      var t = maxV > minV ? (v - minV) / (maxV - minV) : 0;
      return "hsl(40, 15%, " + (97 - 32 * t).toFixed(1) + "%)";
    }
    function rc(c) { return [Math.floor(c / N), c % N]; }
    function centre(c) {
      var ij = rc(c);
      return [MARGIN + ij[1] * CELL + CELL / 2, MARGIN + ij[0] * CELL + CELL / 2];
    }
    var side = 2 * MARGIN + N * CELL;
    var root = svg("svg", { width: side, height: side, id: "board", "font-family": "sans-serif" }, parent);
    for (var k = 0; k < N; k++) {
      var mid = MARGIN + k * CELL + CELL / 2;
      svg("text", { x: mid, y: 14, "font-size": 11, "text-anchor": "middle" }, root, k);
      svg("text", { x: 9, y: mid + 4, "font-size": 11, "text-anchor": "middle" }, root, k);
    }
    var cells = [];
    for (var c = 0; c < N * N; c++) {
      var ij = rc(c), x = MARGIN + ij[1] * CELL, y = MARGIN + ij[0] * CELL;
      var cg = svg("g", { "class": "cell", "data-x": ij[0], "data-y": ij[1] }, root);
      var title = svg("title", {}, cg);
      svg("rect", { x: x, y: y, width: CELL, height: CELL, fill: valueShade(g.value[c]), stroke: "#aaa" }, cg);
      var inner = svg("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, fill: "none" }, cg);
      var lvl = svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 6, "font-size": 17, "font-weight": "bold", "text-anchor": "middle" }, cg);
      // A white halo keeps V readable on the darkest inner squares.
      svg("text", { x: x + 3, y: y + CELL - 3, "font-size": 9, fill: "#222", stroke: "#fff",
        "stroke-width": 2.5, "paint-order": "stroke", "class": "value" }, cg, g.value[c]);
      cells.push({ g: cg, title: title, inner: inner, level: lvl, ij: ij });
    }
    var layers = {};
    function layer(name) {
      layers[name] = svg("g", { "class": "layer-" + name }, root);
      return layers[name];
    }
    (below || []).forEach(layer);
    var moveLayer = layer("moves"), pieceLayer = layer("pieces");
    // Crosses and dashed squares above the pieces: a collision's cross is on
    // the cell where the winner's piece stands, and would hide under it.
    var markLayer = layer("marks");
    markLayer.setAttribute("id", "marks");
    (above || []).forEach(layer);
    var defs = svg("defs", {}, root);
    for (var p = 0; p < g.m; p++) {
      var marker = svg("marker", { id: "arrow" + p, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto" }, defs);
      svg("path", { d: "M0,0 L10,5 L0,10 z", fill: darkColour(p) }, marker);
    }

    // Draws position `f` ({owner, level, pos}) and, when given, the turn's
    // moves `mv` ({from, dest, collided, bounced}: where each piece stood,
    // what it chose, bitmasks of who collided or bounced).
    function draw(f, mv) {
      for (var c = 0; c < N * N; c++) {
        var o = f.owner[c], L = f.level[c], cell = cells[c];
        cell.inner.setAttribute("fill", o < 0 ? "none" : levelColour(g.u, o, L));
        cell.level.textContent = o < 0 ? "" : L;
        cell.level.setAttribute("fill", o >= 0 && g.u > 1 && 85 - 45 * (L - 1) / (g.u - 1) < 55 ? "#fff" : "#000");
        cell.title.textContent = "(" + cell.ij[0] + ", " + cell.ij[1] + ") V = " + g.value[c] +
          (o < 0 ? ", unowned" : ", player " + o + ", level " + L);
      }
      pieceLayer.textContent = "";
      moveLayer.textContent = "";
      markLayer.textContent = "";
      for (var p = 0; p < g.m; p++) {
        var at = centre(f.pos[p]);
        var piece = svg("g", { "class": "live-piece" }, pieceLayer);
        svg("title", {}, piece, "player " + p + "'s piece");
        svg("circle", { cx: at[0], cy: at[1], r: 13, fill: "#fff", stroke: darkColour(p), "stroke-width": 3 }, piece);
        svg("text", { x: at[0], y: at[1] + 4, "font-size": 11, "font-weight": "bold", "text-anchor": "middle", fill: darkColour(p) }, piece, p);
      }
      if (!mv) return;
      for (var q = 0; q < g.m; q++) {
        var from = centre(mv.from[q]), to = centre(mv.dest[q]);
        var collided = (mv.collided >> q) & 1, bounced = (mv.bounced >> q) & 1;
        var dash = collided || bounced ? "4 3" : "";
        if (mv.dest[q] !== mv.from[q]) {
          // Shorten the arrow so that its head stays visible beside the target's centre.
          var dx = to[0] - from[0], dy = to[1] - from[1], len = Math.sqrt(dx * dx + dy * dy);
          var s = Math.max(0, (len - 15) / len);
          svg("line", { x1: from[0], y1: from[1], x2: from[0] + dx * s, y2: from[1] + dy * s,
            stroke: darkColour(q), "stroke-width": 2.5, "stroke-dasharray": dash,
            "marker-end": "url(#arrow" + q + ")", opacity: 0.85 }, moveLayer);
        }
        var mark = svg("g", { "class": collided ? "dest collided" : bounced ? "dest bounced" : "dest",
          "data-player": q }, markLayer);
        svg("title", {}, mark, "player " + q + " chose (" + rc(mv.dest[q]) + ")" +
          (collided ? ": collided" : bounced ? ": bounced" : ""));
        if (collided || bounced) {
          var colour = collided ? "#d00" : "#e80";
          // Wider than a piece, with a white rim, so that it shows on one.
          var cross = "M" + (to[0] - 16) + "," + (to[1] - 16) + " l32,32 m0,-32 l-32,32";
          svg("path", { d: cross, stroke: "#fff", "stroke-width": 7 }, mark);
          svg("path", { d: cross, stroke: colour, "stroke-width": 4 }, mark);
        } else {
          svg("rect", { x: to[0] - CELL / 2 + 2, y: to[1] - CELL / 2 + 2, width: CELL - 4, height: CELL - 4,
            fill: "none", stroke: darkColour(q), "stroke-width": 2, "stroke-dasharray": "3 2" }, mark);
        }
      }
    }

    return { svg: root, cells: cells, layers: layers, centre: centre, rc: rc, draw: draw,
      CELL: CELL, MARGIN: MARGIN };
  }

  // The planner's numbers as both pages print them. Its mean gain over the
  // base move, in the absolute score's points (its unit is
  // log2(1 + S0/S_A), which the score multiplies by 1e5).
  function advantagePoints(mean) {
    if (mean === null || mean === undefined) return "–";
    var points = 1e5 * mean;
    return Math.abs(points) < 0.5 ? "0" : (points > 0 ? "+" : "") + Math.round(points);
  }
  // z is mean / standard error: with rollouts that all agree the error is
  // near 0 and z huge for a gain of nothing; such a gain reads "none", and
  // |z| above 99 as "> 99".
  function zText(z, mean) {
    if (z === null || z === undefined) return "–";
    if (Math.abs(1e5 * mean) < 0.5) return "none";
    return Math.abs(z) > 99 ? (z > 0 ? "> 99" : "< −99") : fmt(z, 1);
  }

  return { el: el, svg: svg, fmt: fmt, playerColour: playerColour, darkColour: darkColour,
    levelColour: levelColour, board: board, advantagePoints: advantagePoints, zText: zText };
})();
