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

use ahc061::board::coords;
use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_tools::runner::{GameLog, log_of_moves};
use ahc061_tools::serve::app::{App, Reply, Settings, file_case, seed_case};
use ahc061_tools::serve::coach::bot_score;
use ahc061_tools::serve::session::CoachSettings;
use serde_json::{Value, json};

mod common;
use common::data;
use common::server::Server;

const COACH: CoachSettings = CoachSettings {
    work: 10,
    seed: ahc061::options::DEFAULT_SEED,
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
    coords(ahc061::greedy::choose(&judge.input.game, &judge.state))
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
            "stale turn: the request is for turn 0 but the game has played 1 turns",
        ),
        (path("undo"), r#"{"turn": 2}"#.into(), 409, "stale turn"),
        (path("coach"), r#"{"turn": 5}"#.into(), 409, "stale turn"),
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
            r#"{"seed": -1}"#.into(),
            400,
            "malformed body",
        ),
        (
            "/api/new".into(),
            r#"{"seed": 99999999999999}"#.into(),
            400,
            "too large",
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

#[test]
fn two_games_at_once_do_not_touch_each_other() {
    let mut app = app(8, "two");
    let a = new_game(&mut app, "{}");
    let b = new_game(&mut app, r#"{"seed": 3}"#);
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

#[test]
fn the_oldest_finished_games_go_first() {
    let mut app = app(3, "evict");
    let ids: Vec<String> = (0..3).map(|_| new_game(&mut app, "{}")).collect();
    // Finish the second game by playing the baseline.
    let mut judge = Judge::new(ToolInput::parse(&input_text()).unwrap());
    while !judge.finished() {
        let mv = greedy(&judge);
        judge.play(mv.0, mv.1).unwrap();
        play(&mut app, &ids[1], mv);
    }
    let fourth = new_game(&mut app, "{}");
    assert_eq!(app.games(), 3);
    let gone = call(&mut app, "GET", &format!("/api/game/{}", ids[1]), "");
    assert_eq!(gone.0, 404, "the finished game should have gone first");
    // None finished: the least recently used goes (the first, untouched).
    ok(&mut app, "GET", &format!("/api/game/{}", ids[2]), "");
    new_game(&mut app, "{}");
    assert_eq!(app.games(), 3);
    assert_eq!(
        call(&mut app, "GET", &format!("/api/game/{}", ids[0]), "").0,
        404
    );
    ok(&mut app, "GET", &format!("/api/game/{}", ids[2]), "");
    ok(&mut app, "GET", &format!("/api/game/{fourth}"), "");
}

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
    // Following its advice every turn is playing the bot's game.
    let view = ok(&mut app, "POST", &format!("/api/game/{id}/bot"), "{}");
    let bot = bot_score(&input, COACH.work, COACH.seed);
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
    let (status, body) = server.raw(request.as_bytes());
    assert_eq!(status, 413, "{body}");
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
    let mut status = 0;
    for _ in 0..100 {
        status = server.raw(get.as_bytes()).0;
        if status == 503 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(status, 503);
    drop(idle);
    for _ in 0..100 {
        status = server.raw(get.as_bytes()).0;
        if status == 200 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(status, 200);
}
