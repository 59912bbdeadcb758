//! `play --serve`: a local web page where a person plays player 0 against
//! the AIs of a case, with the bot as a coach (issue 13). One idea per
//! module:
//!
//! - [`session`]: one game (the judge's state, the turns played for undo
//!   and the log, the coach kept in step);
//! - [`coach`]: the real bot following that game, and its score on the case;
//! - [`app`]: the routes and their JSON, the games kept in memory;
//! - [`page`]: the page (HTML, script and style, compiled in);
//! - this module: the HTTP transport and its limits.
//!
//! The transport is small and ours so that every limit is: it listens on
//! 127.0.0.1 only; each connection is read on a thread of its own (at most
//! [`MAX_CONNECTIONS`] at once, each for at most [`READ_TIME`]) into a
//! buffer that never holds more than [`MAX_HEAD`] bytes of head and
//! [`MAX_BODY`] of body (parsed by `httparse`); one request per connection
//! (`Connection: close`). The app answers one request at a time on a thread
//! of its own (the bot it runs stays on it): several tabs each play their
//! own game, interleaved.

pub mod app;
pub mod coach;
pub mod page;
pub mod session;

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use app::{App, Reply, Settings};

/// Largest request head (request line and headers) read.
pub const MAX_HEAD: usize = 8192;
/// Largest request body read; every API body is a few dozen bytes.
pub const MAX_BODY: usize = 4096;
/// Longest request path (with its query) answered.
pub const MAX_PATH: usize = 512;
/// Headers in a request at most.
const MAX_HEADERS: usize = 32;
/// Connections read at once; more are told to come back (503).
pub const MAX_CONNECTIONS: usize = 16;
/// How long a connection may take to send its request.
pub const READ_TIME: Duration = Duration::from_secs(10);

/// A server bound to 127.0.0.1, not yet answering.
pub struct Listening {
    listener: TcpListener,
    pub port: u16,
}

/// Binds 127.0.0.1:`port` (0: any free port).
pub fn bind(port: u16) -> Result<Listening> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .with_context(|| format!("cannot listen on 127.0.0.1:{port}"))?;
    let port = listener.local_addr()?.port();
    Ok(Listening { listener, port })
}

/// A request as the app's checks need it.
struct Request {
    method: String,
    path: String,
    host: Option<String>,
    content_type: Option<String>,
    body: Vec<u8>,
}

impl Listening {
    /// Answers requests until the process ends.
    pub fn serve(self, settings: Settings) -> Result<()> {
        let (to_app, requests) = mpsc::channel::<(Request, Sender<Reply>)>();
        thread::spawn(move || {
            let mut app = App::new(settings);
            for (request, back) in requests {
                // A bug met by one request fails that request, not the server.
                let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    answer(&mut app, request)
                }))
                .unwrap_or_else(|_| Reply::error(500, "the server failed on this request"));
                let _ = back.send(reply);
            }
        });
        let open = Arc::new(AtomicUsize::new(0));
        for stream in self.listener.incoming() {
            // A connection that failed before it was accepted is no concern.
            let Ok(mut stream) = stream else { continue };
            if open.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
                let reply = Reply::error(503, "too many connections at once; try again");
                respond(&mut stream, &reply);
                continue;
            }
            open.fetch_add(1, Ordering::SeqCst);
            let (to_app, open) = (to_app.clone(), open.clone());
            thread::spawn(move || {
                let reply = match read_request(&mut stream) {
                    Ok(request) => {
                        let (back, reply) = mpsc::channel();
                        let _ = to_app.send((request, back));
                        reply
                            .recv()
                            .unwrap_or_else(|_| Reply::error(500, "the server failed"))
                    }
                    Err(reply) => reply,
                };
                respond(&mut stream, &reply);
                open.fetch_sub(1, Ordering::SeqCst);
            });
        }
        Ok(())
    }
}

/// Reads one request within the limits, or the reply that refuses it.
fn read_request(stream: &mut TcpStream) -> Result<Request, Reply> {
    let deadline = Instant::now() + READ_TIME;
    let mut buf = Vec::with_capacity(1024);
    let head_len = loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        if buf.len() > MAX_HEAD {
            return Err(Reply::error(
                431,
                format!("request head larger than {MAX_HEAD} bytes"),
            ));
        }
        read_some(stream, &mut buf, MAX_HEAD + 4, deadline)?;
    };
    if head_len > MAX_HEAD {
        return Err(Reply::error(
            431,
            format!("request head larger than {MAX_HEAD} bytes"),
        ));
    }
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(&buf[..head_len]) {
        Ok(httparse::Status::Complete(_)) => {}
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Reply::error(
                431,
                format!("more than {MAX_HEADERS} headers"),
            ));
        }
        _ => return Err(Reply::error(400, "not an HTTP request")),
    }
    let path = parsed.path.unwrap_or("").to_string();
    if path.len() > MAX_PATH {
        return Err(Reply::error(
            414,
            format!("request path longer than {MAX_PATH} bytes"),
        ));
    }
    let header = |name: &str| {
        (parsed.headers.iter())
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).trim().to_string())
    };
    if header("Transfer-Encoding").is_some() {
        return Err(Reply::error(
            411,
            "a body must come with its Content-Length",
        ));
    }
    let length = match header("Content-Length") {
        None => 0,
        Some(text) => text
            .parse::<usize>()
            .map_err(|_| Reply::error(400, format!("bad Content-Length: {text:?}")))?,
    };
    if length > MAX_BODY {
        return Err(Reply::error(
            413,
            format!("request body larger than {MAX_BODY} bytes"),
        ));
    }
    let request = Request {
        method: parsed.method.unwrap_or("").to_string(),
        path,
        host: header("Host"),
        content_type: header("Content-Type"),
        body: Vec::new(),
    };
    let mut body = buf.split_off(head_len);
    while body.len() < length {
        read_some(stream, &mut body, length, deadline)?;
    }
    body.truncate(length);
    Ok(Request { body, ..request })
}

/// Reads what has come (at most up to `limit` bytes in `buf`) before the
/// deadline; the end of the stream or the deadline is a refusal.
fn read_some(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    limit: usize,
    deadline: Instant,
) -> Result<(), Reply> {
    let timeout = || Reply::error(408, "the request took too long to arrive");
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(timeout());
    }
    let _ = stream.set_read_timeout(Some(left));
    let mut chunk = [0u8; 2048];
    let room = limit.saturating_sub(buf.len()).clamp(1, chunk.len());
    match stream.read(&mut chunk[..room]) {
        Ok(0) => Err(Reply::error(400, "the request ended early")),
        Ok(n) => {
            buf.extend_from_slice(&chunk[..n]);
            Ok(())
        }
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            Err(timeout())
        }
        Err(e) => Err(Reply::error(400, format!("cannot read the request: {e}"))),
    }
}

/// Checks the request's origin and kind, then hands it to the app.
fn answer(app: &mut App, request: Request) -> Reply {
    // A page from elsewhere may reach 127.0.0.1 through a name of its own
    // (DNS rebinding): only this machine's names are served.
    let host = request.host.unwrap_or_default();
    let host_name = host.rsplit_once(':').map_or(host.as_str(), |(h, _)| h);
    if !["127.0.0.1", "localhost"].contains(&host_name) {
        return Reply::error(
            421,
            format!("this server answers 127.0.0.1 only, not {host:?}"),
        );
    }
    if request.method == "POST" {
        // A form or a plain-text fetch from another site cannot set this
        // without the browser asking first (and being refused).
        let json = (request.content_type.as_deref())
            .and_then(|t| t.split(';').next())
            .is_some_and(|t| t.trim() == "application/json");
        if !json {
            return Reply::error(
                415,
                "a POST body must be sent as Content-Type: application/json",
            );
        }
    }
    app.handle(&request.method, &request.path, &request.body)
}

/// Writes the reply and closes the connection.
fn respond(stream: &mut TcpStream, reply: &Reply) {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    if let Some(name) = &reply.download {
        head.push_str(&format!(
            "Content-Disposition: attachment; filename=\"{name}\"\r\n"
        ));
    }
    head.push_str("\r\n");
    let _ = stream.set_write_timeout(Some(READ_TIME));
    // A client that went away is no concern of the others.
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|_| stream.write_all(reply.body.as_bytes()))
        .and_then(|_| stream.flush());
    // Closing with unread input would reset the connection, and the client
    // could lose the reply: say we are done, then drop what it still sends
    // (a little, briefly).
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let _ = std::io::copy(&mut stream.take(1 << 16), &mut std::io::sink());
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        414 => "URI Too Long",
        415 => "Unsupported Media Type",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}
