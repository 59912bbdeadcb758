//! The page of `play --serve`: one HTML document with its style and script
//! compiled in (no other file is served). It draws the board as the replay
//! page does (the replay's stylesheet, tools/src/replay.css, and its board,
//! tools/src/board.js) and talks to the API of [`super::app`]; the game's
//! rules run on the server only.

use crate::replay::BOARD_SCRIPT;

const REPLAY_STYLE: &str = include_str!("../replay.css");
const STYLE: &str = include_str!("play.css");
const SCRIPT: &str = include_str!("play.js");

/// The page.
pub fn html() -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>AHC061: play against the AIs</title>\n<style>\n{REPLAY_STYLE}{STYLE}</style>\n\
         <script>\n\
         window.__errors = [];\n\
         window.addEventListener(\"error\", function (e) {{\n\
         \x20 window.__errors.push(String(e.message) + \" (line \" + e.lineno + \")\");\n\
         }});\n\
         </script>\n</head>\n<body>\n{BODY}<script>\n{BOARD_SCRIPT}{SCRIPT}</script>\n</body>\n</html>\n"
    )
}

/// The page's fixed elements; the script fills them.
const BODY: &str = "<h1>AHC061: play player 0 against the AIs</h1>\n\
<div class=\"controls\">\
<button id=\"new\" title=\"new game (n)\">new game</button>\
<label>case <input id=\"case\" type=\"number\" min=\"0\" placeholder=\"this case\"></label>\
<button id=\"undo\" title=\"undo the last turn (u)\">undo</button>\
<button id=\"save\" title=\"write the finished game as a tester log\">save log</button>\
<a id=\"download\" hidden>download log</a>\
<label><input id=\"coach\" type=\"checkbox\"> coach (c)</label>\
<span id=\"status\"></span>\
</div>\n\
<p id=\"message\" role=\"status\"></p>\n\
<div class=\"row\">\n<div id=\"board-box\"></div>\n\
<div id=\"side\"><div id=\"players-box\"></div><div id=\"result-box\"></div></div>\n</div>\n\
<p class=\"legend\">Click a highlighted cell (green rim) to move there: the cells your \
territory reaches and their neighbours, without another piece. Keys: arrows move the yellow \
cursor, Enter or space plays its cell, u undoes the last turn, c toggles the coach, n starts a \
new game. After your move the AIs move from the same position, and the turn resolves as the \
judge resolves it (docs/RULES.md §2). Arrows: the moves chosen last turn; a red cross: a \
collision, an orange one: a failed attack. Coach on: #k labels the bot's candidate moves \
(the table below), a black ring the move it would play. Score: the contest's absolute score, \
round(100000 · log2(1 + S0 / S_A)).</p>\n\
<div id=\"mind\"></div>\n\
<pre id=\"result\"></pre>\n";
