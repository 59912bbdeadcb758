//! The animated replay page: every position of a replayed game (and, when
//! given, the bot's trace) as JSON inside one self-contained HTML file, drawn
//! by the page's own script (tools/src/replay.js, and tools/src/board.js,
//! which `play --serve`'s page shares): the board with owners, levels,
//! values and pieces, each turn's moves with the collisions and bounces
//! marked, the players' score curves, and the bot's beliefs and
//! planner candidates beside the true parameters. No network, no library.
//!
//! The static page of [`crate::vis::render_html`] is in it too, as what a
//! browser without scripts shows.

use std::fmt::Write as _;

use ahc061::engine::board::{N, coords};
use serde_json::{Value, json};

use crate::vis::{Replay, final_board_html, summary_html};

/// The board's drawing, shared with `play --serve`'s page (tools/src/serve/page.rs).
pub const BOARD_SCRIPT: &str = include_str!("board.js");
const SCRIPT: &str = include_str!("replay.js");
const STYLE: &str = include_str!("replay.css");

/// Reads a trace written by the bot (`--trace FILE`): one JSON object per
/// line, each with its `turn`. Blank lines are skipped.
pub fn parse_trace(text: &str) -> Result<Vec<Value>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(k, line)| {
            let value: Value = serde_json::from_str(line)
                .map_err(|e| format!("trace line {}: not JSON: {e}", k + 1))?;
            if value.get("turn").and_then(Value::as_u64).is_none() {
                return Err(format!("trace line {}: no \"turn\"", k + 1));
            }
            Ok(value)
        })
        .collect()
}

/// Checks that `trace` is the bot's trace of this game: one belief per AI
/// of the game (M − 1) on every line, each line's turn one of the game's,
/// and its `chosen` move player 0's move on that turn, as far as the game
/// was played. A trace of another case, or left from an earlier game, fails
/// with what differs.
pub fn check_trace(replay: &Replay, trace: &[Value]) -> Result<(), String> {
    let game = &replay.input.game;
    let another = "the trace is of another game (another case, or an earlier run): \
                   trace it again with this game";
    for line in trace {
        let turn = line["turn"].as_u64().unwrap_or(0) as usize;
        if !(1..=game.turns).contains(&turn) {
            return Err(format!(
                "trace turn {turn}: the game has turns 1 to {}; {another}",
                game.turns
            ));
        }
        let ais = line["ais"].as_array().map_or(0, Vec::len);
        if ais != game.m - 1 {
            return Err(format!(
                "trace turn {turn}: beliefs about {ais} AIs, but the game has {} (M = {}); \
                 {another}",
                game.m - 1,
                game.m
            ));
        }
        let Some(played) = replay.destinations.get(turn - 1) else {
            continue;
        };
        let (x, y) = coords(played[0]);
        let chosen =
            (line["chosen"].as_array()).map(|c| c.iter().map(Value::as_u64).collect::<Vec<_>>());
        if chosen != Some(vec![Some(x as u64), Some(y as u64)]) {
            return Err(format!(
                "trace turn {turn}: the bot chose {}, but player 0 moved to [{x},{y}]; {another}",
                line["chosen"]
            ));
        }
    }
    Ok(())
}

/// The game as the page's script reads it.
pub fn game_data(replay: &Replay, trace: Option<&[Value]>) -> Value {
    let game = &replay.input.game;
    let m = game.m;
    let truth: Vec<Value> = (0..m)
        .map(|p| {
            let a = &replay.input.params[p];
            if p == 0 {
                Value::Null
            } else {
                json!({"wa": a.wa, "wb": a.wb, "wc": a.wc, "wd": a.wd, "eps": a.eps})
            }
        })
        .collect();
    let frames: Vec<Value> = replay
        .states
        .iter()
        .enumerate()
        .map(|(k, state)| {
            let mut frame = json!({
                "turn": state.turn,
                "owner": state.owner.to_vec(),
                "level": state.level.to_vec(),
                "pos": state.pos[..m].to_vec(),
                "score": state.score[..m].to_vec(),
            });
            if k > 0 {
                let outcome = &replay.outcomes[k - 1];
                frame["dest"] = json!(replay.destinations[k - 1][..m].to_vec());
                frame["collided"] = json!(outcome.collided);
                frame["bounced"] = json!(outcome.bounced);
            }
            frame
        })
        .collect();
    json!({
        "n": N,
        "m": m,
        "u": game.u,
        "turns": game.turns,
        "value": game.value.to_vec(),
        "start": game.start[..m].iter().map(|&c| coords(c)).collect::<Vec<_>>(),
        "truth": truth,
        "score": replay.score(),
        "error": replay.error,
        "frames": frames,
        "trace": trace,
    })
}

/// The whole replay page.
pub fn render_replay(replay: &Replay, trace: Option<&[Value]>) -> String {
    // JSON in a <script> element: "<" escaped so that no "</script>" can end it early.
    let data = game_data(replay, trace).to_string().replace('<', "\\u003c");
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>AHC061 replay</title>\n<style>\n{STYLE}</style>\n\
         <script>\n\
         window.__errors = [];\n\
         window.addEventListener(\"error\", function (e) {{\n\
         \x20 window.__errors.push(String(e.message) + \" (line \" + e.lineno + \")\");\n\
         \x20 var out = document.getElementById(\"result\");\n\
         \x20 if (out) out.textContent = JSON.stringify({{errors: window.__errors}});\n\
         }});\n\
         </script>\n</head>\n<body>\n"
    );
    html.push_str(&summary_html(replay));
    html.push_str(VIEWER);
    html.push_str("<div id=\"static\">\n");
    html.push_str(&final_board_html(replay));
    html.push_str("</div>\n<pre id=\"result\"></pre>\n");
    let _ = write!(
        html,
        "<script id=\"game-data\" type=\"application/json\">{data}</script>\n\
         <script>\n{BOARD_SCRIPT}{SCRIPT}</script>\n</body>\n</html>\n"
    );
    html
}

/// The viewer's fixed elements; the script fills them.
const VIEWER: &str = "<div id=\"viewer\" hidden>\n\
<div class=\"controls\">\
<button id=\"first\" title=\"first turn (Home)\">|◀</button>\
<button id=\"back\" title=\"previous turn (←)\">◀</button>\
<button id=\"play\" title=\"play or pause (space)\">▶ play</button>\
<button id=\"forward\" title=\"next turn (→)\">▶</button>\
<button id=\"last\" title=\"last turn (End)\">▶|</button>\
<input id=\"slider\" type=\"range\" min=\"0\" max=\"100\" value=\"0\">\
<span id=\"turn-label\"></span>\
<label>speed <select id=\"speed\">\
<option value=\"400\">slow</option><option value=\"150\" selected>normal</option>\
<option value=\"40\">fast</option></select></label>\
<span>score now: <b id=\"now-score\"></b></span>\
</div>\n\
<div class=\"row\">\n<div id=\"board-box\"></div>\n\
<div id=\"side\"><div id=\"players-box\"></div>\
<div id=\"score-chart\"></div><div id=\"ratio-chart\"></div><div id=\"belief-chart\"></div></div>\n</div>\n\
<p class=\"legend\">Two scores: <b>Score</b> at the top (the final one) and <b>score now</b> \
(at the turn shown) are the contest's absolute score, round(100000 · log2(1 + S0 / S_A)), \
where S0 is player 0's Σ V·L and S_A the best AI's (docs/RULES.md §3); the players' \
<b>score</b> column and the first chart are each player's own Σ V·L over the cells it owns.</p>\n\
<p class=\"legend\">Cell shade: its value V, written in its corner (darker is worth more); \
inner square: owner's colour, darker with the level (the number); circles: pieces; arrows and \
dashed squares: the moves chosen this turn; a cross on top: collided (red) or bounced off an \
enemy cell (orange). Keys: ← → step, space play/pause, Home/End, PageUp/PageDown by ten. \
Click a chart to jump to a turn; open the page with #t=30 at its end to start at turn 30.</p>\n\
<div id=\"mind\"></div>\n\
</div>\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traces_need_a_turn_per_line() {
        let trace = parse_trace("{\"turn\": 1}\n\n{\"turn\": 2, \"x\": [1]}\n").unwrap();
        assert_eq!(trace.len(), 2);
        assert!(parse_trace("{\"x\": 1}\n").is_err());
        assert!(parse_trace("not json\n").is_err());
    }
}
