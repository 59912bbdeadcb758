//! The official `vis`: replays a game from a tool input file and the bot's
//! move list, scores it, and draws the final board as an SVG in an HTML page.
//!
//! [`replay`] plays the game and keeps every position, and [`render_html`]
//! writes the static page; [`crate::replay::render_replay`] the animated
//! viewer, which carries this page's board as its no-script fallback.

use std::fmt::Write as _;

use ahc061::engine::board::{CELLS, Cell, MAX_PLAYERS, N, coords};
use ahc061::engine::rules::Outcome;
use ahc061::engine::state::{Game, NOBODY, State, absolute_score};
use ahc061_sim::judge::{Judge, ToolInput};

/// A replayed game.
pub struct Replay {
    pub input: ToolInput,
    /// The position before turn 1, then after each turn played.
    pub states: Vec<State>,
    /// Every player's destination, for each turn played.
    pub destinations: Vec<[Cell; MAX_PLAYERS]>,
    /// Which pieces collided or bounced, for each turn played.
    pub outcomes: Vec<Outcome>,
    /// Why the game stopped before its last turn, in the official tools' words.
    pub error: Option<String>,
}

impl Replay {
    /// The last position reached.
    pub fn final_state(&self) -> &State {
        self.states
            .last()
            .expect("a replay holds at least the initial state")
    }

    /// The official score: 0 when the game stopped on an error.
    pub fn score(&self) -> i64 {
        if self.error.is_some() {
            return 0;
        }
        let state = self.final_state();
        absolute_score(state.score[0], state.best_ai_score(self.input.game.m))
    }
}

/// Plays player 0's moves from `output` (the official tester's out.txt:
/// one `x y` line a turn; blank lines and lines starting with `#` are
/// skipped, and lines after the last turn ignored, as the tester does).
/// Stops at the first bad or illegal move.
pub fn replay(input: ToolInput, output: &str) -> Replay {
    let mut judge = Judge::new(input);
    let mut states = vec![judge.state];
    let mut destinations = Vec::new();
    let mut outcomes = Vec::new();
    let mut lines = output
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'));
    let mut error = None;
    while !judge.finished() {
        let played = parse_move(lines.next())
            .and_then(|(x, y)| judge.play(x, y).map_err(|illegal| illegal.to_string()));
        match played {
            Ok((feedback, outcome)) => {
                states.push(judge.state);
                destinations.push(feedback.dest);
                outcomes.push(outcome);
            }
            Err(message) => {
                error = Some(message);
                break;
            }
        }
    }
    Replay {
        input: judge.input,
        states,
        destinations,
        outcomes,
        error,
    }
}

/// Reads `x y` from one line (or its absence), with the official tester's
/// error messages, as the runner does.
fn parse_move(line: Option<&str>) -> Result<(usize, usize), String> {
    crate::runner::parse_move(line.ok_or("Unexpected EOF")?)
}

// ---------------------------------------------------------------- HTML

/// Side of a cell in the SVG, in pixels.
const CELL_PX: usize = 56;
/// Room for the row and column numbers around the board.
const MARGIN_PX: usize = 20;
/// A hue for each player; ours (player 0) is blue.
const HUES: [u32; MAX_PLAYERS] = [210, 0, 120, 50, 280, 28, 175, 320];

/// The whole page for a replay: the score, the final board and a legend.
pub fn render_html(replay: &Replay) -> String {
    let mut html = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>AHC061 vis</title>\n<style>\n\
         body { font-family: sans-serif; margin: 16px; }\n\
         .error { color: #c00; font-weight: bold; }\n\
         .board-and-legend { display: flex; gap: 24px; align-items: flex-start; }\n\
         table { border-collapse: collapse; }\n\
         th, td { padding: 3px 8px; text-align: right; border-bottom: 1px solid #ddd; }\n\
         .swatch { width: 14px; height: 14px; display: inline-block; vertical-align: middle; }\n\
         </style>\n</head>\n<body>\n",
    );
    html.push_str(&summary_html(replay));
    html.push_str(&final_board_html(replay));
    html.push_str("</body>\n</html>\n");
    html
}

/// The page's heading: the score, the game's size and turn, and any error.
pub(crate) fn summary_html(replay: &Replay) -> String {
    let game = &replay.input.game;
    let state = replay.final_state();
    let mut html = format!("<h1>Score = {}</h1>\n", replay.score());
    let _ = writeln!(
        html,
        "<p>N = {N}, M = {}, U = {}; <span id=\"header-turn\">turn {} of {}</span>.</p>",
        game.m, game.u, state.turn, game.turns
    );
    if let Some(error) = &replay.error {
        let _ = writeln!(html, "<p class=\"error\">{}</p>", escape(error));
    }
    html
}

/// The final board beside its legend (the official page's body).
pub(crate) fn final_board_html(replay: &Replay) -> String {
    let mut html = String::from("<div class=\"board-and-legend\">\n");
    html.push_str(&board_svg(&replay.input.game, replay.final_state()));
    html.push_str(&legend_table(replay));
    html.push_str("</div>\n");
    html
}

/// The board: each cell coloured by owner and level, with its level and
/// value written in it, and a ring on each piece.
pub(crate) fn board_svg(game: &Game, state: &State) -> String {
    let side = 2 * MARGIN_PX + N * CELL_PX;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" \
         font-family=\"sans-serif\">\n"
    );
    for k in 0..N {
        let middle = MARGIN_PX + k * CELL_PX + CELL_PX / 2;
        let _ = writeln!(
            svg,
            "<text x=\"{middle}\" y=\"14\" font-size=\"11\" text-anchor=\"middle\">{k}</text>\
             <text x=\"10\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{k}</text>",
            middle + 4
        );
    }
    for c in 0..CELLS {
        svg.push_str(&cell_svg(game, state, c));
    }
    for p in 0..game.m {
        svg.push_str(&piece_svg(p, state.pos[p]));
    }
    svg.push_str("</svg>\n");
    svg
}

/// The top-left corner of cell `c` in the SVG.
fn corner(c: usize) -> (usize, usize) {
    let (i, j) = coords(c as Cell);
    (MARGIN_PX + j * CELL_PX, MARGIN_PX + i * CELL_PX)
}

fn cell_svg(game: &Game, state: &State, c: usize) -> String {
    let (i, j) = coords(c as Cell);
    let (x, y) = corner(c);
    let (owner, level, value) = (state.owner[c], state.level[c], game.value[c]);
    let (fill, ink) = cell_colours(owner, level, game.u);
    let title = if owner == NOBODY {
        format!("({i}, {j}) V = {value}, unowned")
    } else {
        format!("({i}, {j}) V = {value}, player {owner}, level {level}")
    };
    let mut g = format!(
        "<g><title>{title}</title>\
         <rect class=\"cell\" x=\"{x}\" y=\"{y}\" width=\"{CELL_PX}\" height=\"{CELL_PX}\" \
         fill=\"{fill}\" stroke=\"#999\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"9\" fill=\"{ink}\">{value}</text>",
        x + 3,
        y + CELL_PX - 4
    );
    if owner != NOBODY {
        let _ = write!(
            g,
            "<text x=\"{}\" y=\"{}\" font-size=\"18\" font-weight=\"bold\" \
             text-anchor=\"middle\" fill=\"{ink}\">{level}</text>",
            x + CELL_PX / 2,
            y + CELL_PX / 2 + 6
        );
    }
    g.push_str("</g>\n");
    g
}

/// A ring around the cell of player `p`'s piece, with the player's number,
/// both in the player's darkest colour on a white halo so that they show
/// on any cell.
fn piece_svg(p: usize, at: Cell) -> String {
    let (x, y) = corner(at as usize);
    let (cx, cy) = (x + CELL_PX / 2, y + CELL_PX / 2);
    let r = CELL_PX / 2 - 7;
    let dark = format!("hsl({}, 80%, 25%)", HUES[p]);
    format!(
        "<g class=\"piece\"><title>player {p}'s piece</title>\
         <circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"6\"/>\
         <circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" stroke=\"{dark}\" stroke-width=\"3\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\" fill=\"{dark}\" \
         stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">{p}</text></g>\n",
        x + CELL_PX - 11,
        y + 12
    )
}

/// Fill and text colours of a cell: white when unowned, else the owner's
/// hue, light at level 1 and darker as the level rises to the cap U.
fn cell_colours(owner: i8, level: u8, u: u8) -> (String, &'static str) {
    if owner == NOBODY {
        return ("#fff".to_string(), "#333");
    }
    let lightness = if u <= 1 {
        60
    } else {
        85 - 45 * (u32::from(level) - 1) / (u32::from(u) - 1)
    };
    let ink = if lightness >= 55 { "#000" } else { "#fff" };
    (
        format!("hsl({}, 70%, {lightness}%)", HUES[owner as usize]),
        ink,
    )
}

/// Each player's colour, score, cells and (for the AIs) hidden parameters.
pub(crate) fn legend_table(replay: &Replay) -> String {
    let game = &replay.input.game;
    let state = replay.final_state();
    let mut table = String::from(
        "<table>\n<tr><th></th><th>player</th><th>score</th><th>cells</th>\
         <th>wa</th><th>wb</th><th>wc</th><th>wd</th><th>ε</th></tr>\n",
    );
    for p in 0..game.m {
        let (swatch, _) = cell_colours(p as i8, game.u, game.u);
        let name = if p == 0 {
            "0 (you)".to_string()
        } else {
            p.to_string()
        };
        let cells = state.owned[p].count_ones();
        let _ = write!(
            table,
            "<tr><td><span class=\"swatch\" style=\"background: {swatch}\"></span></td>\
             <td>{name}</td><td>{}</td><td>{cells}</td>",
            state.score[p]
        );
        if p == 0 {
            table.push_str("<td></td><td></td><td></td><td></td><td></td>");
        } else {
            let a = &replay.input.params[p];
            for w in [a.wa, a.wb, a.wc, a.wd, a.eps] {
                let _ = write!(table, "<td>{w:.3}</td>");
            }
        }
        table.push_str("</tr>\n");
    }
    table.push_str("</table>\n");
    table
}

/// Text made safe to put in HTML.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_moves_with_the_official_messages() {
        assert_eq!(parse_move(Some("3 9")), Ok((3, 9)));
        let errors = [
            (None, "Unexpected EOF"),
            (Some("3"), "Unexpected EOF"),
            (Some("3 x"), "Parse error: x"),
            (Some("-1 2"), "Parse error: -1"),
            (Some("3 10"), "Out of range: 10"),
            (Some("3 4 5"), "Too many tokens in line: 3 4 5"),
        ];
        for (line, message) in errors {
            assert_eq!(parse_move(line), Err(message.to_string()), "{line:?}");
        }
    }

    #[test]
    fn colours_darken_with_the_level() {
        assert_eq!(cell_colours(NOBODY, 0, 3).0, "#fff");
        assert_eq!(
            cell_colours(0, 1, 3),
            ("hsl(210, 70%, 85%)".to_string(), "#000")
        );
        assert_eq!(
            cell_colours(0, 3, 3),
            ("hsl(210, 70%, 40%)".to_string(), "#fff")
        );
        assert_eq!(cell_colours(1, 1, 1).0, "hsl(0, 70%, 60%)");
    }

    #[test]
    fn escapes_html() {
        assert_eq!(
            escape("<a href=\"x\">&</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
        );
    }
}
