//! The server of `play --serve`: its routes in-process (`App::handle`), and
//! the real binary over TCP for what only the transport sees. Every bad
//! request gets a clear message and leaves the game as it was: an illegal
//! or off-board cell, a stale turn number, a malformed body, an unknown
//! game; paths that look like files are 404, bodies and heads past their
//! caps 413 and 431 (or, for a head still coming, a closed connection); a
//! port in use is one line and a failing exit. Two games run side by side
//! without touching each other, the number of games kept is bounded, and the
//! coach is the real bot: playing its advice every turn scores the bot's score.

use std::fs;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;

use ahc061::engine::board::coords;
use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_tools::runner::{GameLog, log_of_moves};
use ahc061_tools::serve::app::{App, Reply, Settings, file_case, seed_case};
use ahc061_tools::serve::session::CoachSettings;
use serde_json::{Value, json};

mod common;
use common::data;
use common::server::Server;

const COACH: CoachSettings = CoachSettings {
    work: 10,
    seed: ahc061::agent::options::DEFAULT_SEED,
};

fn input_text() -> String {
    fs::read_to_string(data("in/0000.txt")).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-{name}"));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn app(max_games: usize, out: &str) -> App {
    let case = file_case(input_text(), "0000".into()).unwrap();
    App::new(Settings {
        case: Arc::new(case),
        coach: COACH,
        max_games,
        out_dir: scratch(out),
    })
}

/// A request's status and JSON body.
fn call(app: &mut App, method: &str, path: &str, body: &str) -> (u16, Value) {
    let reply = app.handle(method, path, body.as_bytes());
    let value = serde_json::from_str(&reply.body).unwrap_or_else(|e| panic!("{path}: {e}"));
    (reply.status, value)
}

fn ok(app: &mut App, method: &str, path: &str, body: &str) -> Value {
    let (status, value) = call(app, method, path, body);
    assert_eq!(status, 200, "{method} {path} {body}: {value}");
    value
}

fn new_game(app: &mut App, body: &str) -> String {
    ok(app, "POST", "/api/new", body)["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Plays (x, y) on game `id` at the turn it is on.
fn play(app: &mut App, id: &str, (x, y): (usize, usize)) -> Value {
    let turn = ok(app, "GET", &format!("/api/game/{id}"), "")["turn"].clone();
    let body = json!({"turn": turn, "x": x, "y": y}).to_string();
    ok(app, "POST", &format!("/api/game/{id}/move"), &body)
}

/// The one-ply baseline's move in the judge's position.
fn greedy(judge: &Judge) -> (usize, usize) {
    coords(ahc061::policy::greedy::choose(
        &judge.input.game,
        &judge.state,
    ))
}

fn assert_same_position(view: &Value, judge: &Judge) {
    let m = judge.input.game.m;
    assert_eq!(view["turn"], judge.turn());
    assert_eq!(view["owner"], json!(judge.state.owner.to_vec()));
    assert_eq!(view["level"], json!(judge.state.level.to_vec()));
    assert_eq!(view["pos"], json!(judge.state.pos[..m].to_vec()));
    assert_eq!(view["absolute"], judge.score());
}

#[test]
fn bad_requests_are_refused_with_a_message_and_change_nothing() {
    let mut app = app(8, "bad");
    let id = new_game(&mut app, "{}");
    play(&mut app, &id, (6, 1));
    let path = |what: &str| format!("/api/game/{id}/{what}");
    let before = ok(&mut app, "GET", &format!("/api/game/{id}"), "");
    assert_eq!(before["turn"], 1);
    let legal = before["legal"].as_array().unwrap().clone();
    let illegal = (0..10)
        .flat_map(|x| (0..10).map(move |y| (x, y)))
        .find(|&(x, y)| !legal.contains(&json!([x, y])))
        .unwrap();
    let bad: Vec<(String, String, u16, &str)> = vec![
        (
            path("move"),
            json!({"turn": 1, "x": illegal.0, "y": illegal.1}).to_string(),
            400,
            "is not a legal destination",
        ),
        (
            path("move"),
            r#"{"turn": 1, "x": 10, "y": 0}"#.into(),
            400,
            "is not on the board",
        ),
        (
            path("move"),
            json!({"turn": 0, "x": legal[0][0], "y": legal[0][1]}).to_string(),
            409,
            "stale turn: in the past: the request is for turn 0 but the game has played 1 turns",
        ),
        (
            path("undo"),
            r#"{"turn": 2}"#.into(),
            409,
            "turn in the future: the request is for turn 2 but the game has played 1 turns",
        ),
        (
            path("undo"),
            r#"{"turn": 0}"#.into(),
            409,
            "stale turn: in the past",
        ),
        (
            path("coach"),
            r#"{"turn": 5}"#.into(),
            409,
            "turn in the future",
        ),
        (path("move"), "{".into(), 400, "malformed body"),
        (path("move"), "[1, 2, 3]".into(), 400, "malformed body"),
        (
            path("move"),
            r#"{"turn": 1, "x": 1}"#.into(),
            400,
            "missing field `y`",
        ),
        (
            path("move"),
            r#"{"turn": 1, "x": -1, "y": 0}"#.into(),
            400,
            "malformed body",
        ),
        (
            path("move"),
            r#"{"turn": "1", "x": 1, "y": 0}"#.into(),
            400,
            "malformed body",
        ),
        (
            path("move"),
            r#"{"turn": 1, "x": 1, "y": 0, "z": 0}"#.into(),
            400,
            "unknown field `z`",
        ),
        (path("move"), "".into(), 400, "missing field `turn`"),
        (
            path("move"),
            "\u{0}\u{1}binary".into(),
            400,
            "malformed body",
        ),
        (
            path("save"),
            "{}".into(),
            409,
            "the game is not finished (1 of 100 turns)",
        ),
        (path("log"), "".into(), 409, "not finished"),
        (
            "/api/game/999/move".into(),
            "{}".into(),
            404,
            "unknown game \"999\"",
        ),
        (
            "/api/game/abc".into(),
            "".into(),
            404,
            "unknown game \"abc\"",
        ),
        ("/api/game//move".into(), "".into(), 404, "unknown game"),
        (
            "/api/new".into(),
            r#"{"case": -1}"#.into(),
            400,
            "malformed body",
        ),
        (
            "/api/new".into(),
            r#"{"case": 99999999999999}"#.into(),
            400,
            "case 99999999999999 is too large",
        ),
        // The case is `case`, as `play --case N`; `seed` is the bot's.
        (
            "/api/new".into(),
            r#"{"seed": 3}"#.into(),
            400,
            "unknown field `seed`, expected `case`",
        ),
    ];
    for (path, body, status, message) in bad {
        let method = if path.ends_with("/log") || path.ends_with("/abc") {
            "GET"
        } else {
            "POST"
        };
        let (got, value) = call(&mut app, method, &path, &body);
        let error = value["error"].as_str().unwrap_or_default();
        assert_eq!(got, status, "{method} {path} {body:?}: {value}");
        assert!(error.contains(message), "{path} {body:?}: {error:?}");
        let after = ok(&mut app, "GET", &format!("/api/game/{id}"), "");
        assert_eq!(after, before, "{path} {body:?} changed the game");
    }
    assert_eq!(app.games(), 1, "a refused new game was made");
    // Wrong methods, and paths that name no route (none is ever a file).
    for (method, path, status) in [
        ("GET", "/api/new", 405),
        ("DELETE", "/", 405),
        ("GET", &*format!("/api/game/{id}/move"), 405),
        ("POST", &*format!("/api/game/{id}"), 405),
        ("GET", &*format!("/api/game/{id}/nothing"), 404),
        ("GET", "/../etc/passwd", 404),
        ("GET", "/etc/passwd", 404),
        ("GET", "/api/../../../etc/passwd", 404),
        ("GET", &*format!("/api/game/{id}/../../../etc/passwd"), 404),
        ("GET", "/%2e%2e/%2e%2e/etc/passwd", 404),
        ("GET", "/index.html", 404),
        ("GET", "/play.js", 404),
        ("GET", "/src/main.rs", 404),
    ] {
        let (got, value) = call(&mut app, method, path, "");
        assert_eq!(got, status, "{method} {path}: {value}");
        assert!(value["error"].is_string(), "{method} {path}: {value}");
    }
    let page = app.handle("GET", "/?x=1", b"");
    assert_eq!(page.status, 200);
    assert!(page.body.starts_with("<!DOCTYPE html>"));
}

#[test]
fn undo_takes_back_the_last_turn() {
    let mut app = app(8, "undo");
    let id = new_game(&mut app, "{}");
    let (status, value) = call(
        &mut app,
        "POST",
        &format!("/api/game/{id}/undo"),
        r#"{"turn":0}"#,
    );
    assert_eq!(status, 409, "{value}");
    assert!(value["error"].as_str().unwrap().contains("nothing to undo"));
    let input = ToolInput::parse(&input_text()).unwrap();
    let mut judge = Judge::new(input);
    let first = greedy(&judge);
    judge.play(first.0, first.1).unwrap();
    let after_one = play(&mut app, &id, first);
    assert_same_position(&after_one, &judge);
    let advice = ok(
        &mut app,
        "POST",
        &format!("/api/game/{id}/coach"),
        r#"{"turn":1}"#,
    );
    let second = greedy(&judge);
    play(&mut app, &id, second);
    let undone = ok(
        &mut app,
        "POST",
        &format!("/api/game/{id}/undo"),
        r#"{"turn":2}"#,
    );
    assert_eq!(undone, after_one);
    // The coach is back where it was: the same advice for the same turn.
    let again = ok(
        &mut app,
        "POST",
        &format!("/api/game/{id}/coach"),
        r#"{"turn":1}"#,
    );
    assert_eq!(again, advice);
    // Another first move after an undo: the advice is for the new position,
    // the one a game that played it from the start gets.
    let start = ok(
        &mut app,
        "POST",
        &format!("/api/game/{id}/undo"),
        r#"{"turn":1}"#,
    );
    let other = (start["legal"].as_array().unwrap().iter())
        .map(|c| {
            (
                c[0].as_u64().unwrap() as usize,
                c[1].as_u64().unwrap() as usize,
            )
        })
        .find(|&c| c != first)
        .unwrap();
    play(&mut app, &id, other);
    let advice = ok(
        &mut app,
        "POST",
        &format!("/api/game/{id}/coach"),
        r#"{"turn":1}"#,
    );
    let fresh = new_game(&mut app, "{}");
    play(&mut app, &fresh, other);
    let expected = ok(
        &mut app,
        "POST",
        &format!("/api/game/{fresh}/coach"),
        r#"{"turn":1}"#,
    );
    assert_eq!(advice, expected);
}

/// The page's box beside "new game" is the case, and its script asks for
/// one as `case`, as the API takes it (`play --case N`).
#[test]
fn the_page_asks_for_a_case_as_case() {
    let mut app = app(8, "page");
    let page = app.handle("GET", "/", b"").body;
    assert!(page.contains(r#"<label>case <input id="case""#), "{page}");
    assert!(!page.contains(r#"id="seed""#));
    assert!(page.contains(r#"{ "case": Number(n) }"#));
    assert!(!page.contains("seed:"));
    let id = new_game(&mut app, r#"{"case": 7}"#);
    let game = ok(&mut app, "GET", &format!("/api/game/{id}"), "");
    assert_eq!(game["case"], "0007", "{game}");
}

#[test]
fn two_games_at_once_do_not_touch_each_other() {
    let mut app = app(8, "two");
    let a = new_game(&mut app, "{}");
    let b = new_game(&mut app, r#"{"case": 3}"#);
    assert_ne!(a, b);
    let mut judge_a = Judge::new(ToolInput::parse(&input_text()).unwrap());
    let mut judge_b = Judge::new(seed_case(3).input);
    // Interleaved, turn by turn, as two tabs would play.
    while !judge_a.finished() {
        for (id, judge) in [(&a, &mut judge_a), (&b, &mut judge_b)] {
            let mv = greedy(judge);
            judge.play(mv.0, mv.1).unwrap();
            let view = play(&mut app, id, mv);
            assert_same_position(&view, judge);
        }
    }
    assert_eq!(
        ok(&mut app, "GET", &format!("/api/game/{b}"), "")["case"],
        "0003"
    );
    assert_eq!(
        ok(&mut app, "GET", &format!("/api/game/{a}"), "")["finished"],
        true
    );
}

/// Plays game `id` of `app` to its end with the one-ply baseline.
fn finish_greedily(app: &mut App, id: &str) {
    let mut judge = Judge::new(ToolInput::parse(&input_text()).unwrap());
    while !judge.finished() {
        let mv = greedy(&judge);
        judge.play(mv.0, mv.1).unwrap();
        play(app, id, mv);
    }
}

/// Whether game `id` is still kept.
fn kept(app: &mut App, id: &str) -> bool {
    call(app, "GET", &format!("/api/game/{id}"), "").0 == 200
}

/// A finished game whose log is kept elsewhere (saved or downloaded) goes
/// first; one not yet saved is someone's result, kept as long as an idle
/// unfinished game: the least recently used of those goes.
#[test]
fn a_finished_game_goes_first_only_once_saved_or_downloaded() {
    let mut app = app(3, "evict");
    let ids: Vec<String> = (0..3).map(|_| new_game(&mut app, "{}")).collect();
    finish_greedily(&mut app, &ids[1]);
    // Finished, not saved: the least recently used (the first, untouched) goes.
    let fourth = new_game(&mut app, "{}");
    assert_eq!(app.games(), 3);
    assert!(
        kept(&mut app, &ids[1]),
        "a finished game not saved went first"
    );
    assert!(!kept(&mut app, &ids[0]));
    // Saved: it goes first, though the third game is older.
    ok(
        &mut app,
        "POST",
        &format!("/api/game/{}/save", ids[1]),
        "{}",
    );
    let fifth = new_game(&mut app, "{}");
    assert!(!kept(&mut app, &ids[1]), "a saved finished game was kept");
    for id in [&ids[2], &fourth] {
        assert!(kept(&mut app, id));
    }
    // Downloaded counts as saved.
    finish_greedily(&mut app, &fifth);
    assert_eq!(
        app.handle("GET", &format!("/api/game/{fifth}/log"), b"")
            .status,
        200
    );
    new_game(&mut app, "{}");
    assert!(
        !kept(&mut app, &fifth),
        "a downloaded finished game was kept"
    );
    for id in [&ids[2], &fourth] {
        assert!(kept(&mut app, id));
    }
}

/// Mutation this catches: `coach::bot_score` (tools/src/serve/coach.rs)
/// returning `oracle::play(…) + 1`: the server's `bot_score` is then one off
/// the real binary's score through the tester.
#[test]
fn the_coach_is_the_bot_and_the_saved_log_is_the_testers() {
    let mut app = app(8, "coach");
    let id = new_game(&mut app, "{}");
    let input = ToolInput::parse(&input_text()).unwrap();
    let m = input.game.m;
    let mut moves = Vec::new();
    loop {
        let view = ok(&mut app, "GET", &format!("/api/game/{id}"), "");
        if view["finished"] == true {
            break;
        }
        let body = json!({"turn": view["turn"]}).to_string();
        let advice = ok(&mut app, "POST", &format!("/api/game/{id}/coach"), &body);
        assert_eq!(advice["ais"].as_array().unwrap().len(), m - 1);
        let candidates = advice["candidates"].as_array().unwrap();
        assert!(!candidates.is_empty());
        let chosen = &advice["chosen"];
        assert!(
            view["legal"].as_array().unwrap().contains(chosen),
            "{advice}"
        );
        let mv = (
            chosen[0].as_u64().unwrap() as usize,
            chosen[1].as_u64().unwrap() as usize,
        );
        play(&mut app, &id, mv);
        moves.push(mv);
    }
    // Following its advice every turn is playing the bot's game: the real
    // binary at the coach's work and seed plays these moves, and the server's
    // score for the bot is the tester's.
    let view = ok(&mut app, "POST", &format!("/api/game/{id}/bot"), "{}");
    let (bot_moves, bot) = common::real_bot("in/0000.txt", COACH.work, COACH.seed);
    assert_eq!(bot_moves, moves);
    assert_eq!(view["bot_score"], bot);
    assert_eq!(view["absolute"], bot);
    let (status, value) = call(
        &mut app,
        "POST",
        &format!("/api/game/{id}/coach"),
        r#"{"turn":100}"#,
    );
    assert_eq!(status, 409, "{value}");

    let saved = ok(&mut app, "POST", &format!("/api/game/{id}/save"), "{}");
    let log_path = PathBuf::from(saved["log"].as_str().unwrap());
    let log = GameLog::parse(&fs::read_to_string(&log_path).unwrap()).unwrap();
    assert_eq!(log.score, bot);
    assert_eq!(log.moves().unwrap(), moves);
    let expected = GameLog::parse(&log_of_moves(&input, "x", &moves)).unwrap();
    assert_eq!(log.judge_lines, expected.judge_lines);
    // The input it names is beside it, and `vis --log` replays it.
    let vis = Command::new(env!("CARGO_BIN_EXE_vis"))
        .arg("--log")
        .arg(&log_path)
        .arg("-o")
        .arg(log_path.with_extension("html"))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&vis.stdout),
        format!("Score = {bot}\n")
    );
    let download: Reply = app.handle("GET", &format!("/api/game/{id}/log"), b"");
    assert_eq!(download.status, 200);
    assert_eq!(download.body, fs::read_to_string(&log_path).unwrap());
    assert_eq!(download.download.as_deref(), Some("0000-game1.log"));
}

/// The bot's whole game on the case is played only for a finished game
/// (the page asks for it then): before, it is refused and nothing runs.
#[test]
fn the_bot_plays_only_beside_a_finished_game() {
    let mut app = app(8, "bot-early");
    let id = new_game(&mut app, "{}");
    let (status, value) = call(&mut app, "POST", &format!("/api/game/{id}/bot"), "{}");
    assert_eq!(status, 409, "{value}");
    let error = value["error"].as_str().unwrap();
    assert!(
        error.starts_with("the game is not finished (0 of 100 turns)"),
        "{error}"
    );
    let view = ok(&mut app, "GET", &format!("/api/game/{id}"), "");
    assert_eq!(view["bot_score"], Value::Null, "the bot played anyway");
}

/// Plays game `id` of `app` to its end, each turn the legal move at
/// `pick(legal moves)`; returns the moves.
fn finish(app: &mut App, id: &str, pick: fn(usize) -> usize) -> Vec<(usize, usize)> {
    let mut moves = Vec::new();
    loop {
        let view = ok(app, "GET", &format!("/api/game/{id}"), "");
        if view["finished"] == true {
            return moves;
        }
        let legal = view["legal"].as_array().unwrap();
        let cell = &legal[pick(legal.len())];
        let mv = (
            cell[0].as_u64().unwrap() as usize,
            cell[1].as_u64().unwrap() as usize,
        );
        play(app, id, mv);
        moves.push(mv);
    }
}

/// The moves in a saved log.
fn saved_moves(path: &str) -> Vec<(usize, usize)> {
    GameLog::parse(&fs::read_to_string(path).unwrap())
        .unwrap()
        .moves()
        .unwrap()
}

/// Saving never overwrites: a restarted server's game 1 goes beside the
/// earlier run's, under the next free name, which its log names as its
/// input; and never follows a link planted in the folder, to a file or to
/// nowhere.
#[test]
fn save_makes_new_files_only() {
    let mut first = app(8, "save-twice");
    let id = new_game(&mut first, "{}");
    let first_moves = finish(&mut first, &id, |_| 0);
    let saved = ok(&mut first, "POST", &format!("/api/game/{id}/save"), "{}");
    let log = saved["log"].as_str().unwrap().to_string();
    assert!(log.ends_with("0000-game1.log"), "{log}");
    let before = fs::read(&log).unwrap();
    // The server again: ids restart at 1, in the same folder.
    let dir = PathBuf::from(&log).parent().unwrap().to_path_buf();
    let mut again = App::new(Settings {
        case: Arc::new(file_case(input_text(), "0000".into()).unwrap()),
        coach: COACH,
        max_games: 8,
        out_dir: dir.clone(),
    });
    let id = new_game(&mut again, "{}");
    assert_eq!(id, "1");
    let again_moves = finish(&mut again, &id, |n| n - 1);
    assert_ne!(again_moves, first_moves);
    let saved = ok(&mut again, "POST", &format!("/api/game/{id}/save"), "{}");
    let second = saved["log"].as_str().unwrap().to_string();
    assert!(second.ends_with("0000-game1-2.log"), "{second}");
    assert!(
        saved["input"]
            .as_str()
            .unwrap()
            .ends_with("0000-game1-2.txt")
    );
    assert_eq!(
        fs::read(&log).unwrap(),
        before,
        "the earlier log was changed"
    );
    assert_eq!(saved_moves(&log), first_moves);
    assert_eq!(saved_moves(&second), again_moves);
    let text = fs::read_to_string(&second).unwrap();
    assert!(text.contains("0000-game1-2.txt"), "the log names its input");

    // Links in the folder: the log's name to a file elsewhere, the
    // input's to a file that does not exist yet.
    let dir = scratch("save-links");
    let elsewhere = scratch("save-links-elsewhere");
    fs::create_dir_all(&dir).unwrap();
    fs::create_dir_all(&elsewhere).unwrap();
    let precious = elsewhere.join("precious.txt");
    fs::write(&precious, "keep me").unwrap();
    std::os::unix::fs::symlink(&precious, dir.join("0000-game1.log")).unwrap();
    std::os::unix::fs::symlink(elsewhere.join("planted.txt"), dir.join("0000-game1.txt")).unwrap();
    let mut linked = App::new(Settings {
        case: Arc::new(file_case(input_text(), "0000".into()).unwrap()),
        coach: COACH,
        max_games: 8,
        out_dir: dir.clone(),
    });
    let id = new_game(&mut linked, "{}");
    let moves = finish(&mut linked, &id, |_| 0);
    let saved = ok(&mut linked, "POST", &format!("/api/game/{id}/save"), "{}");
    assert_eq!(fs::read_to_string(&precious).unwrap(), "keep me");
    assert!(
        !elsewhere.join("planted.txt").exists(),
        "written through a link"
    );
    let log = saved["log"].as_str().unwrap();
    assert_eq!(PathBuf::from(log), dir.join("0000-game1-2.log"));
    assert!(!fs::symlink_metadata(log).unwrap().is_symlink());
    assert_eq!(saved_moves(log), moves);
}

#[test]
fn over_tcp_files_are_404_bodies_are_capped_and_strangers_refused() {
    let server = Server::start(&["--coach-work", "10"]);
    let (status, game) = server.request("POST", "/api/new", "{}");
    assert_eq!(status, 200, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let host = format!("Host: 127.0.0.1:{}", server.port);
    // Paths sent as they are, which no client library would do.
    for path in [
        "/../etc/passwd",
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "//etc/passwd",
        "/api/game/1/../../../Cargo.toml",
        "/tools/src/serve/play.js",
    ] {
        let request = format!("GET {path} HTTP/1.1\r\n{host}\r\nConnection: close\r\n\r\n");
        let (status, body) = server.raw(request.as_bytes());
        assert_eq!(status, 404, "{path}: {body}");
        assert!(
            !body.contains("root:") && !body.contains("[package]"),
            "{path}: {body}"
        );
    }
    let move_path = format!("/api/game/{id}/move");
    // A body announced past the cap is refused unread; one sent in chunks
    // is cut off at the cap; a small one in chunks is read as any other.
    let request = format!(
        "POST {move_path} HTTP/1.1\r\n{host}\r\nContent-Type: application/json\r\n\
         Content-Length: 100000000\r\nConnection: close\r\n\r\n{{}}"
    );
    let (status, head, body) = server.response(request.as_bytes()).unwrap();
    assert_eq!(status, 413, "{body}");
    // As JSON, with the headers of every answer.
    assert_every_header(&head);
    assert!(head.contains("content-type: application/json"), "{head}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["error"],
        "the body is over 4096 bytes"
    );
    let chunked = |body: &str| {
        format!(
            "POST {move_path} HTTP/1.1\r\n{host}\r\nContent-Type: application/json\r\n\
             Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{body}\r\n0\r\n\r\n",
            body.len()
        )
    };
    let big = format!(
        "{{\"turn\": 0, \"x\": 6, \"y\": 1, \"pad\": \"{}\"}}",
        "x".repeat(8000)
    );
    let (status, body) = server.raw(chunked(&big).as_bytes());
    assert_eq!(status, 413, "{body}");
    let (status, body) = server.raw(chunked(r#"{"turn": 5, "x": 6, "y": 1}"#).as_bytes());
    assert_eq!(status, 409, "{body}");
    // A head past its cap (one endless header, or too many) is refused
    // after its first 8 KiB: hyper answers 431 and closes, and a client
    // still sending may see the connection reset before it reads that.
    let mut request = format!("GET / HTTP/1.1\r\n{host}\r\nX-Big: ").into_bytes();
    request.extend(std::iter::repeat_n(b'a', 1 << 20));
    let status = server.raw_or_closed(&request).map(|(status, _)| status);
    assert!(matches!(status, None | Some(431)), "{status:?}");
    let many: String = (0..40).map(|k| format!("X-{k}: {k}\r\n")).collect();
    let request = format!("GET / HTTP/1.1\r\n{host}\r\n{many}Connection: close\r\n\r\n");
    assert_eq!(server.raw(request.as_bytes()).0, 431);
    // A long path within the head's cap names no route.
    let long_path = format!("/api/game/{id}/{}", "a".repeat(2000));
    let request = format!("GET {long_path} HTTP/1.1\r\n{host}\r\nConnection: close\r\n\r\n");
    assert_eq!(server.raw(request.as_bytes()).0, 404);
    // Another site's page: a name other than this machine's, or a simple
    // (non-JSON) POST that a form could send.
    let request = format!(
        "POST {move_path} HTTP/1.1\r\nHost: evil.example:{}\r\nContent-Type: application/json\r\n\
         Content-Length: 2\r\nConnection: close\r\n\r\n{{}}",
        server.port
    );
    assert_eq!(server.raw(request.as_bytes()).0, 421);
    // This machine's name, but another port: another server's page.
    let request = format!(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        server.port.wrapping_add(1)
    );
    assert_eq!(server.raw(request.as_bytes()).0, 421);
    let body = r#"{"turn": 0, "x": 6, "y": 1}"#;
    let request = format!(
        "POST {move_path} HTTP/1.1\r\n{host}\r\nContent-Type: text/plain\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    assert_eq!(server.raw(request.as_bytes()).0, 415);
    // None of it moved the game; a proper request does.
    let (_, view) = server.request("GET", &format!("/api/game/{id}"), "");
    assert_eq!(view, game);
    let (status, view) = server.request("POST", &move_path, body);
    assert_eq!((status, view["turn"].clone()), (200, json!(1)), "{view}");
}

/// The headers every answer carries: never cached, sniffed or framed.
fn assert_every_header(head: &str) {
    for header in [
        "cache-control: no-store",
        "x-content-type-options: nosniff",
        "x-frame-options: DENY",
        "content-security-policy: frame-ancestors 'none'",
    ] {
        assert!(head.lines().any(|l| l == header), "{header}: {head}");
    }
}

/// The page and the API's answers cannot be shown in another site's frame.
#[test]
fn no_answer_may_be_framed() {
    let server = Server::start(&["--coach-work", "10"]);
    let get = |path: &str| {
        format!(
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            server.port
        )
    };
    for (path, status) in [("/", 200), ("/api/game/1", 404), ("/nothing", 404)] {
        let (got, head, _) = server.response(get(path).as_bytes()).unwrap();
        assert_eq!(got, status, "{path}");
        assert_every_header(&head);
    }
}

/// How long a test waits for the server to get somewhere before it calls it
/// hung: generous, since a loaded machine can be many times slower than a
/// quiet one, and only a server that never gets there should fail.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(60);

/// Calls `probe` every 20 ms until its answer satisfies `done` or
/// [`PATIENCE`] has passed; the last answer.
fn poll<T>(mut probe: impl FnMut() -> T, done: impl Fn(&T) -> bool) -> T {
    let start = std::time::Instant::now();
    loop {
        let answer = probe();
        if done(&answer) || start.elapsed() > PATIENCE {
            return answer;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Requests whose clients hang up before the app gets to them are dropped,
/// not run: after many of them, the next request waits at most for the one
/// the app was running (issue 27: 128 of them left the server answering
/// nobody for 38 s). The work they cost is measured as the server's CPU
/// time, against that of one request: unlike the time waited, it does not
/// grow with the machine's load.
#[test]
fn requests_whose_clients_hung_up_hold_no_one_up() {
    use std::io::ErrorKind::{TimedOut, WouldBlock};
    use std::io::{Read, Write};
    use std::net::{Shutdown, TcpStream};
    use std::time::Instant;
    const ABANDONED: usize = 24;
    // Advice that takes a while (about 0.4 s of CPU).
    let server = Server::start(&["--coach-work", "20000"]);
    // A game for each request: advice asked again is the cache's.
    let games: Vec<String> = (0..=ABANDONED)
        .map(|_| {
            server.request("POST", "/api/new", "{}").1["id"]
                .as_str()
                .unwrap()
                .into()
        })
        .collect();
    let coach = |id: &str| {
        let body = r#"{"turn": 0}"#;
        format!(
            "POST /api/game/{id}/coach HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            server.port,
            body.len()
        )
    };
    let before = cpu_time(server.pid());
    assert_eq!(server.raw(coach(&games[0]).as_bytes()).0, 200);
    let one = cpu_time(server.pid()) - before;
    let before = cpu_time(server.pid());
    // Each client hangs up (shuts its side) as soon as it has sent its
    // request, and waits until the server has seen that and closed the
    // connection (with no answer, or a 503 past the slots) before the next
    // comes: once closed, the request's job is one the app must drop.
    for id in &games[1..] {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        stream.write_all(coach(id).as_bytes()).unwrap();
        stream.shutdown(Shutdown::Write).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let closed = stream.read_to_end(&mut Vec::new());
        let waiting = |e: &std::io::Error| matches!(e.kind(), WouldBlock | TimedOut);
        assert!(
            !closed.as_ref().is_err_and(waiting),
            "the server kept a hung-up connection open"
        );
    }
    // Told to come back (503) while abandoned requests still hold their
    // slots, then answered.
    let start = Instant::now();
    let get = format!(
        "GET /api/game/{} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        games[0], server.port
    );
    let (status, body) = poll(
        || server.raw(get.as_bytes()),
        |(status, body)| {
            assert!(*status == 200 || *status == 503, "{status}: {body}");
            *status == 200
        },
    );
    assert_eq!(status, 200, "never answered: {body}");
    // The app runs the request it had started when the others came (and
    // perhaps a hung-up one that reached it in the instant before the
    // server saw its client go): far less than running all those that
    // got a slot, 16.
    let used = cpu_time(server.pid()) - before;
    assert!(
        used < one * 6,
        "{used:?} of CPU after {ABANDONED} abandoned requests of {one:?} each, \
         answered after {:?}",
        start.elapsed()
    );
}

/// CPU time (user and system) of process `pid` so far, from /proc.
fn cpu_time(pid: u32) -> std::time::Duration {
    cpu_time_in(&format!("/proc/{pid}/stat"))
}

/// CPU time (user and system) of the calling thread so far, from /proc.
fn thread_cpu_time() -> std::time::Duration {
    cpu_time_in("/proc/thread-self/stat")
}

/// CPU time (user and system) so far in a /proc `stat` file.
fn cpu_time_in(path: &str) -> std::time::Duration {
    let stat = fs::read_to_string(path).unwrap();
    // After the command's name in parentheses: fields 3 on; utime and
    // stime are fields 14 and 15, in clock ticks of 1/100 s (USER_HZ).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    std::time::Duration::from_millis(ticks * 10)
}

/// Out of file descriptors, the server waits before it tries to accept
/// again, rather than spinning (issue 27: 2.6 s of CPU in 8 s at
/// `ulimit -n 48`), and serves again once connections go. Spinning is
/// measured against a thread of this test that does spin meanwhile: the
/// CPU either gets depends on the machine's load, their ratio hardly.
#[test]
fn out_of_file_descriptors_the_server_pauses_and_recovers() {
    use std::net::TcpStream;
    use std::time::{Duration, Instant};
    // Room for about 10 connections besides its own 9 files: all of them
    // idle ones that stay open (for READ_TIME), so that every accept
    // fails (EMFILE) while the rest wait in the listen queue.
    let server = Server::start_with_file_limit(20, &["--coach-work", "10"]);
    let idle: Vec<TcpStream> = (0..40)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap())
        .collect();
    // Its first failed accept, which it reports once.
    assert!(
        server.wait_for_stderr("cannot accept connections", PATIENCE),
        "the server never ran out of file descriptors"
    );
    // The spinner runs until it has had 1 s of CPU (or a minute has
    // passed); a server that spun would get about as much, or a good part
    // of it, and one that pauses a second between tries next to nothing.
    let before = cpu_time(server.pid());
    let spun = std::thread::spawn(|| {
        let (start, cpu) = (Instant::now(), thread_cpu_time());
        let mut turns = 0u64;
        loop {
            turns = std::hint::black_box(turns.wrapping_add(1));
            if turns.is_multiple_of(1 << 20) {
                let spun = thread_cpu_time() - cpu;
                if spun >= Duration::from_secs(1) || start.elapsed() > PATIENCE {
                    return spun;
                }
            }
        }
    })
    .join()
    .unwrap();
    let used = cpu_time(server.pid()) - before;
    // Two ticks of slack (/proc counts in 10 ms), for a spinner starved
    // of CPU until the minute is up.
    assert!(
        used.as_secs_f64() < 0.15 * spun.as_secs_f64() + 0.02,
        "{used:?} of CPU while a spinning thread had {spun:?}"
    );
    drop(idle);
    let get = format!(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        server.port
    );
    let status = poll(
        || server.raw_or_closed(get.as_bytes()).map_or(0, |(s, _)| s),
        |&status| status == 200,
    );
    assert_eq!(status, 200);
}

#[test]
fn a_port_in_use_is_one_line_and_a_failure() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = Command::new(env!("CARGO_BIN_EXE_play"))
        .args(["--serve", "--port", &port])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!("play: error: cannot listen on 127.0.0.1:{port}")),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

/// `runner::log_of_moves` (what the server saves) writes what `tester
/// --log` writes for a bot that prints the same moves: a whole game, a bot
/// that stops early and an illegal move, record for record.
#[test]
fn a_log_of_moves_is_the_testers_log() {
    let dir = scratch("log-of-moves");
    fs::create_dir_all(&dir).unwrap();
    let input_path = data("in/0000.txt");
    let input = ToolInput::parse(&input_text()).unwrap();
    let mut judge = Judge::new(input.clone());
    let mut moves = Vec::new();
    while !judge.finished() {
        let mv = greedy(&judge);
        judge.play(mv.0, mv.1).unwrap();
        moves.push(mv);
    }
    let whole = moves.clone();
    let early = moves[..40].to_vec();
    let mut illegal = moves[..10].to_vec();
    illegal.push((9, 9));
    for (name, moves) in [("whole", whole), ("early", early), ("illegal", illegal)] {
        let moves_path = dir.join(format!("{name}.txt"));
        let text: String = moves.iter().map(|(x, y)| format!("{x} {y}\n")).collect();
        fs::write(&moves_path, text).unwrap();
        let log_path = dir.join(format!("{name}.log"));
        let tester = Command::new(env!("CARGO_BIN_EXE_tester"))
            .arg("--input")
            .arg(&input_path)
            .arg("--log")
            .arg(&log_path)
            .arg("cat")
            .arg(&moves_path)
            .output()
            .unwrap();
        assert!(tester.status.success(), "{name}");
        let expected = fs::read_to_string(&log_path).unwrap();
        let name_given = input_path.display().to_string();
        assert_eq!(
            log_of_moves(&input, &name_given, &moves),
            expected,
            "{name}"
        );
    }
}

/// Connections that send nothing hold a reader each, up to the cap: past it
/// the server says so at once (503), and once they go it answers again.
#[test]
fn idle_connections_are_capped_and_let_go() {
    use ahc061_tools::serve::MAX_CONNECTIONS;
    use std::net::TcpStream;
    let server = Server::start(&["--coach-work", "10"]);
    let idle: Vec<TcpStream> = (0..MAX_CONNECTIONS)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap())
        .collect();
    let get = format!(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        server.port
    );
    // The server accepts the idle ones in turn: wait until all are held.
    let status = poll(|| server.raw(get.as_bytes()).0, |&status| status == 503);
    assert_eq!(status, 503);
    drop(idle);
    let status = poll(|| server.raw(get.as_bytes()).0, |&status| status == 200);
    assert_eq!(status, 200);
}

/// Sockets that sent half a request head and wait (a slow client, or one
/// meaning harm) hold no slot of the requests worked on: with 40 of them
/// open, a person's `GET /` is answered at once, not after the head's
/// READ_TIME (10 s; the bound is generous for a loaded machine, and far
/// below it). The head's timeout still ends them.
#[test]
fn forty_idle_sockets_keep_no_one_waiting() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};
    let server = Server::start(&["--coach-work", "10"]);
    let half = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n", server.port);
    let idle: Vec<TcpStream> = (0..40)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            stream.write_all(half.as_bytes()).unwrap();
            stream
        })
        .collect();
    // Accepted after all of them (the listen queue is first in, first out).
    let get = format!("{half}Connection: close\r\n\r\n");
    let start = Instant::now();
    let (status, _) = server.raw(get.as_bytes());
    let waited = start.elapsed();
    assert_eq!(status, 200);
    assert!(waited < Duration::from_secs(3), "answered after {waited:?}");
    // Each idle socket is closed by the head's timeout (perhaps with a 408).
    for mut stream in idle {
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let mut answer = Vec::new();
        let read = stream.read_to_end(&mut answer);
        let reset = read
            .as_ref()
            .is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset);
        assert!(
            read.is_ok() || reset,
            "an idle socket stayed open: {read:?}"
        );
        let answer = String::from_utf8_lossy(&answer);
        assert!(
            answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
            "{answer}"
        );
    }
}

/// A request in absolute form (as to a proxy) names the server it is for:
/// another one is refused even with this server's Host.
#[test]
fn a_target_in_absolute_form_must_name_this_server() {
    let server = Server::start(&["--coach-work", "10"]);
    let port = server.port;
    for (target, status) in [
        ("http://evil.example/".to_string(), 421),
        (format!("http://evil.example:{port}/"), 421),
        (format!("http://127.0.0.1:{}/", port.wrapping_add(1)), 421),
        (format!("https://127.0.0.1:{port}/"), 421),
        (format!("http://127.0.0.1:{port}/"), 200),
        (format!("http://localhost:{port}/"), 200),
    ] {
        let request =
            format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
        let (got, head, body) = server.response(request.as_bytes()).unwrap();
        assert_eq!(got, status, "{target}: {body}");
        assert_every_header(&head);
    }
}

/// The headers every answer made by the server carries; a head hyper cannot
/// read (malformed: 400; past its caps: 431) it answers itself with the
/// status alone, no body and none of them, and docs/SERVE.md says so.
#[test]
fn the_manual_says_which_answers_are_bare() {
    let manual =
        fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/SERVE.md"))
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
    assert!(
        manual.contains(
            "(malformed: 400; past the caps: 431) is answered by the HTTP library, \
             hyper, with the status alone: no body and none of those headers"
        ),
        "docs/SERVE.md does not say which answers are bare"
    );
    let server = Server::start(&["--coach-work", "10"]);
    let host = format!("Host: 127.0.0.1:{}", server.port);
    let many: String = (0..40).map(|k| format!("X-{k}: {k}\r\n")).collect();
    for (request, status) in [
        (
            format!("GET / HTTP/1.1\r\n{host}\r\nBad Header\r\n\r\n"),
            400,
        ),
        (format!("GET / HTTP/1.1\r\n{host}\r\n{many}\r\n"), 431),
    ] {
        let (got, head, body) = server.response(request.as_bytes()).unwrap();
        assert_eq!(got, status, "{head}");
        assert!(body.is_empty(), "{body}");
        assert!(!head.contains("content-type"), "{head}");
    }
}
