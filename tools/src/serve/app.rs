//! The server's routes, independent of the HTTP transport: a request is a
//! method, a path and a body; a reply is a status, a content type and a body.
//! The page is the only document served; everything else is the JSON API
//! below, and any other path is 404 (no path names a file: nothing is ever
//! read from disk on a request). Errors are JSON `{"error": "…"}` with a
//! status that says whose fault it was, and leave the game as it was.
//!
//! | request | body | does |
//! | --- | --- | --- |
//! | `GET /` | | the page |
//! | `POST /api/new` | `{}` or `{"case": N}` | a new game: the server's case, or case N (the generator's, of seed N, as `play --case N`) |
//! | `GET /api/game/ID` | | the game |
//! | `POST /api/game/ID/move` | `{"turn": T, "x": X, "y": Y}` | plays turn T + 1 (T = turns played) |
//! | `POST /api/game/ID/undo` | `{"turn": T}` | takes turn T back |
//! | `POST /api/game/ID/coach` | `{"turn": T}` | the bot's belief and candidates for turn T + 1 |
//! | `POST /api/game/ID/bot` | `{}` | the bot's score on the same case, once the game is finished |
//! | `POST /api/game/ID/save` | `{}` | writes the finished game's tester log (and its input), as new files |
//! | `GET /api/game/ID/log` | | the finished game's tester log, as a download |

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

use ahc061_sim::judge::ToolInput;
use serde::Deserialize;
use serde_json::{Value, json};

use super::page;
use super::session::{Case, CoachSettings, Refusal, Session};
use crate::runner::log_of_moves;

/// A reply to one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
    /// A file name: the browser saves the body under it.
    pub download: Option<String>,
}

impl Reply {
    fn json(status: u16, value: Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: value.to_string(),
            download: None,
        }
    }

    /// An error reply: `{"error": message}`.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, json!({ "error": message.into() }))
    }
}

/// Where new games come from and how the coach works.
pub struct Settings {
    /// The case `POST /api/new` plays when none is given.
    pub case: Arc<Case>,
    pub coach: CoachSettings,
    /// Games kept at most; past it the least recently used finished one
    /// already saved or downloaded goes first.
    pub max_games: usize,
    /// Where saved logs go.
    pub out_dir: PathBuf,
}

struct Entry {
    session: Session,
    /// When it was last used, in requests served (for eviction).
    used: u64,
    /// Whether its log has been saved or downloaded: a finished game whose
    /// log is kept elsewhere is the cheapest to lose.
    kept: bool,
}

/// The games in memory and the cases' bot scores.
pub struct App {
    settings: Settings,
    games: BTreeMap<u64, Entry>,
    next_id: u64,
    clock: u64,
    /// The bot's score by case (`Case::key`): it plays the same game every time.
    bot_scores: HashMap<String, i64>,
}

/// Bot scores remembered at most (a few numbers; cleared when full).
const MAX_BOT_SCORES: usize = 256;

/// Cases a new game may ask for: the generator takes any u64 seed, but a
/// page has no use for more than this, and a bound keeps names short.
pub const MAX_CASE: u64 = 1 << 40;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewBody {
    /// The case: the generator's seed, as `play --case N` (not the bot's
    /// seed, which is the server's `--seed`).
    case: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    turn: usize,
    x: usize,
    y: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnBody {
    turn: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

/// Parses a JSON body; an empty body reads as `{}`.
fn parse<T: for<'de> Deserialize<'de>>(body: &[u8]) -> Result<T, Reply> {
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        body
    };
    let malformed = |e: String| Reply::error(400, format!("malformed body: {e}"));
    let value: Value = serde_json::from_slice(body).map_err(|e| malformed(e.to_string()))?;
    // serde would read `[turn, x, y]` as the struct too: only an object is a body.
    if !value.is_object() {
        return Err(malformed("expected a JSON object".into()));
    }
    serde_json::from_value(value).map_err(|e| malformed(e.to_string()))
}

fn refused(refusal: Refusal) -> Reply {
    match refusal {
        Refusal::Invalid(m) => Reply::error(400, m),
        Refusal::Conflict(m) => Reply::error(409, m),
    }
}

impl App {
    pub fn new(settings: Settings) -> App {
        App {
            settings,
            games: BTreeMap::new(),
            next_id: 1,
            clock: 0,
            bot_scores: HashMap::new(),
        }
    }

    /// Games in memory now.
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// Answers one request. `path` may carry a query string (ignored).
    pub fn handle(&mut self, method: &str, path: &str, body: &[u8]) -> Reply {
        self.clock += 1;
        let path = path.split(['?', '#']).next().unwrap_or("");
        let parts: Vec<&str> = path.split('/').collect();
        match (method, parts.as_slice()) {
            ("GET", ["", ""]) => Reply {
                status: 200,
                content_type: "text/html; charset=utf-8",
                body: page::html(),
                download: None,
            },
            ("POST", ["", "api", "new"]) => self.new_game(body),
            (_, ["", "api", "game", id, rest @ ..]) => {
                let Some(id) = id
                    .parse::<u64>()
                    .ok()
                    .filter(|id| self.games.contains_key(id))
                else {
                    return Reply::error(
                        404,
                        format!(
                            "unknown game {id:?}: it never existed or was dropped; start a new game"
                        ),
                    );
                };
                self.game_request(id, method, rest, body)
            }
            (_, ["", ""] | ["", "api", "new"]) => Reply::error(405, "method not allowed"),
            _ => Reply::error(404, format!("not found: {path}")),
        }
    }

    fn new_game(&mut self, body: &[u8]) -> Reply {
        let request: NewBody = match parse(body) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        let case = match request.case {
            None => self.settings.case.clone(),
            Some(n) if n > MAX_CASE => {
                return Reply::error(400, format!("case {n} is too large (at most {MAX_CASE})"));
            }
            Some(n) => Arc::new(seed_case(n)),
        };
        self.make_room();
        let id = self.next_id;
        self.next_id += 1;
        let session = Session::new(case, self.settings.coach);
        let used = self.clock;
        let entry = Entry {
            session,
            used,
            kept: false,
        };
        self.games.insert(id, entry);
        self.view(id)
    }

    /// Drops games until one more fits: the least recently used finished
    /// one whose log was saved or downloaded first, else the least recently
    /// used of all. A finished game not yet saved is someone's result, kept
    /// as long as an idle unfinished game.
    fn make_room(&mut self) {
        while self.games.len() >= self.settings.max_games.max(1) {
            let oldest = |kept_only: bool| {
                (self.games.iter())
                    .filter(|(_, e)| !kept_only || (e.kept && e.session.finished()))
                    .min_by_key(|(_, e)| e.used)
                    .map(|(&id, _)| id)
            };
            let Some(id) = oldest(true).or_else(|| oldest(false)) else {
                return;
            };
            self.games.remove(&id);
        }
    }

    fn view(&self, id: u64) -> Reply {
        let entry = &self.games[&id];
        let mut view = entry.session.view();
        view["id"] = json!(id.to_string());
        view["bot_score"] = json!(self.bot_scores.get(&entry.session.case.key()));
        Reply::json(200, view)
    }

    fn game_request(&mut self, id: u64, method: &str, rest: &[&str], body: &[u8]) -> Reply {
        let clock = self.clock;
        let entry = self.games.get_mut(&id).expect("checked by the caller");
        entry.used = clock;
        let session = &mut entry.session;
        let result = match (method, rest) {
            ("GET", []) => Ok(()),
            ("POST", ["move"]) => match parse::<MoveBody>(body) {
                Ok(m) => session.play(m.turn, m.x, m.y).map_err(refused),
                Err(reply) => Err(reply),
            },
            ("POST", ["undo"]) => match parse::<TurnBody>(body) {
                Ok(t) => session.undo(t.turn).map_err(refused),
                Err(reply) => Err(reply),
            },
            ("POST", ["coach"]) => {
                return match parse::<TurnBody>(body) {
                    Ok(t) => match session.advise(t.turn) {
                        Ok(advice) => Reply::json(200, advice),
                        Err(refusal) => refused(refusal),
                    },
                    Err(reply) => reply,
                };
            }
            // A whole game of the bot: only for a finished game, whose
            // score it is compared with (the page asks then).
            ("POST", ["bot"]) => match parse::<Empty>(body) {
                Ok(_) if !session.finished() => Err(Reply::error(
                    409,
                    format!(
                        "the game is not finished ({} of {} turns): the bot's score is shown \
                         beside a finished game's",
                        session.turn(),
                        session.case.input.game.turns
                    ),
                )),
                Ok(_) => {
                    self.bot_score(id);
                    Ok(())
                }
                Err(reply) => Err(reply),
            },
            ("POST", ["save"]) => {
                let reply = match parse::<Empty>(body) {
                    Ok(_) => self.save(id),
                    Err(reply) => reply,
                };
                return self.kept_if_ok(id, reply);
            }
            ("GET", ["log"]) => {
                let reply = self.log(id);
                return self.kept_if_ok(id, reply);
            }
            (_, [] | ["move" | "undo" | "coach" | "bot" | "save" | "log"]) => {
                Err(Reply::error(405, "method not allowed"))
            }
            _ => Err(Reply::error(404, "not found")),
        };
        match result {
            Ok(()) => self.view(id),
            Err(reply) => reply,
        }
    }

    /// Marks game `id`'s log as kept elsewhere if `reply` (to a save or a
    /// download) gave it.
    fn kept_if_ok(&mut self, id: u64, reply: Reply) -> Reply {
        if reply.status == 200 {
            self.games.get_mut(&id).expect("checked by the caller").kept = true;
        }
        reply
    }

    /// Plays the bot on the game's case, once per case.
    fn bot_score(&mut self, id: u64) -> i64 {
        let case = self.games[&id].session.case.clone();
        if let Some(&score) = self.bot_scores.get(&case.key()) {
            return score;
        }
        let coach = self.settings.coach;
        let score = super::coach::bot_score(&case.input, coach.work, coach.seed);
        if self.bot_scores.len() >= MAX_BOT_SCORES {
            self.bot_scores.clear();
        }
        self.bot_scores.insert(case.key(), score);
        score
    }

    /// Why game `id` has no log yet, if it has none: it is not finished.
    fn unfinished(&self, id: u64) -> Option<Reply> {
        let session = &self.games[&id].session;
        (!session.finished()).then(|| {
            Reply::error(
                409,
                format!(
                    "the game is not finished ({} of {} turns): only a finished game is saved",
                    session.turn(),
                    session.case.input.game.turns
                ),
            )
        })
    }

    /// The file names' base for game `id`: `NAME-gameID`.
    fn base_name(&self, id: u64) -> String {
        format!("{}-game{id}", self.games[&id].session.case.name)
    }

    /// The tester log of finished game `id`, naming `input_name` as its input.
    fn log_text(&self, id: u64, input_name: &str) -> String {
        let session = &self.games[&id].session;
        log_of_moves(&session.case.input, input_name, &session.moves())
    }

    fn log(&self, id: u64) -> Reply {
        if let Some(reply) = self.unfinished(id) {
            return reply;
        }
        let base = self.base_name(id);
        Reply {
            status: 200,
            content_type: "text/plain; charset=utf-8",
            body: self.log_text(id, &format!("{base}.txt")),
            download: Some(format!("{base}.log")),
        }
    }

    /// Writes `OUT/NAME-gameID.log` and the input it names beside it,
    /// `OUT/NAME-gameID.txt`, so that `vis --log` finds it. Both are new
    /// files: game ids start at 1 in every run of the server, so when
    /// either name is taken (by an earlier run's file, or by a link to
    /// anywhere) the next free `NAME-gameID-K` is used instead.
    fn save(&self, id: u64) -> Reply {
        if let Some(reply) = self.unfinished(id) {
            return reply;
        }
        let dir = &self.settings.out_dir;
        let base = self.base_name(id);
        let text = &self.games[&id].session.case.text;
        let saved = std::fs::create_dir_all(dir).and_then(|_| {
            write_new_pair(dir, &base, text, |input_name| self.log_text(id, input_name))
        });
        match saved {
            Ok((log_path, input_path)) => Reply::json(
                200,
                json!({
                    "log": log_path.display().to_string(),
                    "input": input_path.display().to_string(),
                    "score": self.games[&id].session.score(),
                }),
            ),
            Err(e) => Reply::error(
                500,
                format!(
                    "cannot save {}: {e}",
                    dir.join(format!("{base}.log")).display()
                ),
            ),
        }
    }
}

/// Names tried for a saved game at most: `BASE`, then `BASE-2` and on.
const MAX_SAVE_NAMES: usize = 1000;

/// Writes `input` to the first `DIR/NAME.txt` and `log(NAME.txt)` to
/// `DIR/NAME.log` of which neither exists, `NAME` being `base`, `base-2`,
/// …; returns the paths (log, input). A file is only ever created new (which
/// never follows a symbolic link, dangling or not: `O_CREAT | O_EXCL`), so
/// nothing already there is overwritten, in the folder or through a link.
fn write_new_pair(
    dir: &std::path::Path,
    base: &str,
    input: &str,
    log: impl Fn(&str) -> String,
) -> std::io::Result<(PathBuf, PathBuf)> {
    for k in 1..=MAX_SAVE_NAMES {
        let name = if k == 1 {
            base.to_string()
        } else {
            format!("{base}-{k}")
        };
        let input_name = format!("{name}.txt");
        let input_path = dir.join(&input_name);
        let log_path = dir.join(format!("{name}.log"));
        match create_new(&input_path, input) {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            other => other?,
        }
        match create_new(&log_path, &log(&input_name)) {
            Ok(()) => return Ok((log_path, input_path)),
            // An older log without its input: keep it, take back the input
            // just written, and try the next name.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                std::fs::remove_file(&input_path)?;
            }
            Err(e) => {
                let _ = std::fs::remove_file(&input_path);
                return Err(e);
            }
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("{MAX_SAVE_NAMES} names taken; clear the folder"),
    ))
}

/// Creates `path`, which must not exist (not even as a link), with `text`.
fn create_new(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(text.as_bytes())
}

/// The official generator's case of `seed`, named as `play` names it.
pub fn seed_case(seed: u64) -> Case {
    let text = crate::r#gen::generate(seed, None, None).to_input_string();
    let input = ToolInput::parse(&text).expect("the generator writes valid inputs");
    Case {
        input,
        text,
        name: format!("{seed:04}"),
    }
}

/// A case from a tool input file's text, named `name`.
pub fn file_case(text: String, name: String) -> Result<Case, String> {
    let input = ToolInput::parse(&text)?;
    Ok(Case { input, text, name })
}
