//! `play --serve`: a local web page where a person plays player 0 against
//! the AIs of a case, with the bot as a coach (issue 13). One idea per
//! module:
//!
//! - [`session`]: one game (the judge's state, the turns played for undo
//!   and the log, the coach kept in step);
//! - [`coach`]: the real bot following that game, and its score on the case;
//! - [`app`]: the routes and their JSON, the games kept in memory;
//! - [`page`]: the page (HTML, script and style, compiled in);
//! - this module: the HTTP server and its limits.
//!
//! The server is hyper's HTTP/1.1 on tokio, the request handed to the app
//! through axum, the limits set on the stack: it listens on 127.0.0.1 only
//! and answers only requests whose Host (and, in absolute form, whose
//! target) is this machine at its port; at most [`MAX_CONNECTIONS`]
//! connections are open at once (a semaphore on accept; past it, 503);
//! hyper reads a head of at most [`MAX_HEAD`] bytes and [`MAX_HEADERS`]
//! headers (else 431) within [`READ_TIME`], and one request per connection
//! (keep-alive off); a body over [`MAX_BODY`] bytes is refused (413), and it
//! must arrive within [`READ_TIME`] too (408); at most [`MAX_REQUESTS`]
//! requests, read whole, are worked on at once (past it, 503); tower-http
//! sets the headers of every answer the server makes (outermost, so that
//! the layers' own answers have them too: no caching, no sniffing, no
//! framing) and turns a panic in a request into a 500 for that request
//! alone. A head hyper cannot read (malformed, 400; past its caps, 431) is
//! answered by hyper itself: the status alone, with no body and none of
//! those headers (there is nothing in it to cache, sniff or frame). An
//! error accepting a connection other than the client's own (out of file
//! descriptors, say) pauses the accept loop for [`ACCEPT_PAUSE`].
//!
//! The app answers one request at a time on a thread of its own (the bot it
//! runs stays on it, and the planner's work keeps off tokio's): several tabs
//! each play their own game, interleaved. A request takes a slot once it
//! has been read whole and keeps it until the app has answered it, so no
//! more requests than slots ever wait for the app; one whose
//! client has gone by its turn is dropped unanswered. Connections still
//! sending their head or body hold no slot (a slot is taken only once
//! there is work for the app): idle sockets, up to [`MAX_CONNECTIONS`],
//! cannot keep a person's request waiting.

pub mod app;
pub mod coach;
pub mod page;
pub mod session;

use std::net::TcpListener;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use anyhow::{Context, Result};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_LENGTH, CONTENT_SECURITY_POLICY, CONTENT_TYPE,
    HOST, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use app::{App, Reply, Settings};

/// Largest request head (request line and headers) read; hyper's least.
pub const MAX_HEAD: usize = 8192;
/// Headers in a request at most.
pub const MAX_HEADERS: usize = 32;
/// Largest request body read; every API body is a few dozen bytes.
pub const MAX_BODY: usize = 4096;
/// Connections open at once, reading or answered; more are told to come
/// back (503). Each has a file descriptor and [`READ_TIME`] at most for its
/// head: a bound on what idle sockets cost, set well above what a few tabs
/// open.
pub const MAX_CONNECTIONS: usize = 256;
/// Requests worked on at once: read whole, and waiting for the app or
/// answered by it; more are told to come back (503).
pub const MAX_REQUESTS: usize = 16;
/// How long a connection may take to send its head, and then its body.
pub const READ_TIME: Duration = Duration::from_secs(10);
/// How long a connection past the cap may take to be told so.
const BUSY_TIME: Duration = Duration::from_secs(1);
/// How long the accept loop waits after an error that retrying at once
/// would only repeat (out of file descriptors, say); axum's own `serve`
/// waits as long.
pub const ACCEPT_PAUSE: Duration = Duration::from_secs(1);

/// A request for the app's thread, where its reply (or panic) goes, and
/// its slot (one of [`MAX_REQUESTS`]), freed when the job is dropped.
struct Job {
    method: Method,
    path: String,
    body: Bytes,
    back: oneshot::Sender<std::thread::Result<Reply>>,
    _slot: OwnedSemaphorePermit,
}

/// What the app's routes need: the queue to the app, the port served and
/// the slots of the requests worked on.
#[derive(Clone)]
struct ToApp {
    jobs: Sender<Job>,
    port: u16,
    slots: Arc<Semaphore>,
}

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

impl Listening {
    /// Answers requests until the process ends.
    pub fn serve(self, settings: Settings) -> Result<()> {
        self.listener.set_nonblocking(true)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        runtime.block_on(accept(self.listener, settings))
    }
}

/// Answers the jobs in turn with `handle`, but none whose client has gone
/// (nobody would read the reply, and a client that hung up cannot count on
/// its request having been made). A job's slot is freed once it is done.
fn run_app(jobs: Receiver<Job>, mut handle: impl FnMut(&str, &str, &[u8]) -> Reply) {
    for job in jobs {
        if job.back.is_closed() {
            continue;
        }
        // A panic fails this request alone (sent on to CatchPanicLayer);
        // the games go on as they are.
        let reply = std::panic::catch_unwind(AssertUnwindSafe(|| {
            handle(job.method.as_str(), &job.path, &job.body)
        }));
        let _ = job.back.send(reply);
    }
}

/// Whether an accept error is the client's alone (it went before it was
/// accepted): no concern of the server's, which accepts the next at once.
fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    )
}

async fn accept(listener: TcpListener, settings: Settings) -> Result<()> {
    let port = listener.local_addr()?.port();
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let (jobs, requests) = mpsc::channel::<Job>();
    std::thread::spawn(move || {
        let mut app = App::new(settings);
        run_app(requests, |method, path, body| {
            app.handle(method, path, body)
        });
    });
    let slots = Arc::new(Semaphore::new(MAX_REQUESTS));
    let app = router(ToApp { jobs, port, slots });
    let busy =
        headers(Router::new().fallback(async || {
            response(Reply::error(503, "too many connections at once; try again"))
        }));
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(READ_TIME)
        .max_buf_size(MAX_HEAD)
        .max_header_size(MAX_HEAD)
        .max_headers(MAX_HEADERS)
        .keep_alive(false);
    let mut failing = false;
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                if !failing {
                    eprintln!("play: cannot accept connections ({e}): trying again every second");
                }
                failing = true;
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        failing = false;
        let Ok(open) = connections.clone().try_acquire_owned() else {
            let connection =
                http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(busy.clone()));
            tokio::spawn(tokio::time::timeout(BUSY_TIME, connection));
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = http.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            let _held = open;
            // A client that went away is no concern of the others.
            drop(connection.await)
        });
    }
}

/// The app's routes behind their layers: requests go to `to_app`.
fn router(to_app: ToApp) -> Router {
    headers(
        Router::new()
            .fallback(answer)
            .with_state(to_app)
            .layer(DefaultBodyLimit::max(MAX_BODY))
            .layer(CatchPanicLayer::custom(|_| {
                response(Reply::error(500, "the server failed on this request"))
            })),
    )
}

/// The headers every response carries, set outermost so that the other
/// layers' answers carry them too: never cached, never sniffed, and never
/// shown in another site's frame (a page that framed it could make a
/// player click its moves).
fn headers(router: Router) -> Router {
    let set = |name: HeaderName, value| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    router
        .layer(set(CACHE_CONTROL, "no-store"))
        .layer(set(X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(set(X_FRAME_OPTIONS, "DENY"))
        .layer(set(CONTENT_SECURITY_POLICY, "frame-ancestors 'none'"))
}

/// Checks the request's origin, kind and size, reads its body, then hands
/// it to the app's thread with a slot, if one is free.
async fn answer(State(app): State<ToApp>, request: Request) -> Response {
    let method = request.method().clone();
    if let Some(refusal) = refusal(&method, request.uri(), request.headers(), app.port) {
        return response(refusal);
    }
    let too_large = Reply::error(413, format!("the body is over {MAX_BODY} bytes"));
    let declared = (request.headers().get(CONTENT_LENGTH))
        .and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY as u64) {
        return response(too_large);
    }
    let uri = request.uri();
    let path = (uri.path_and_query())
        .map_or(uri.path(), |p| p.as_str())
        .to_string();
    // The body limit (DefaultBodyLimit) travels in the request's extensions.
    let body = match tokio::time::timeout(READ_TIME, Bytes::from_request(request, &())).await {
        Err(_) => return response(Reply::error(408, "the request took too long to arrive")),
        Ok(Err(e)) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return response(too_large),
        // Cut short (400).
        Ok(Err(e)) => return response(Reply::error(e.status().as_u16(), e.body_text())),
        Ok(Ok(body)) => body,
    };
    // Taken only now: a client still sending is no work for the app yet.
    let Ok(slot) = app.slots.clone().try_acquire_owned() else {
        return response(Reply::error(503, "too many requests at once; try again"));
    };
    let (back, reply) = oneshot::channel();
    let job = Job {
        method,
        path,
        body,
        back,
        _slot: slot,
    };
    let sent = app.jobs.send(job);
    match (sent, reply.await) {
        (Ok(()), Ok(Ok(reply))) => response(reply),
        // The app's panic goes on to CatchPanicLayer: a 500 for this request.
        (Ok(()), Ok(Err(panic))) => std::panic::resume_unwind(panic),
        _ => response(Reply::error(500, "the server failed")),
    }
}

/// Whether `authority` (a Host header, or an absolute target's) names this
/// machine at `port`; one without a port means port 80.
fn is_ours(authority: &str, port: u16) -> bool {
    let (name, its_port) = match authority.rsplit_once(':') {
        Some((name, port)) => (name, port.parse::<u16>().ok()),
        None => (authority, Some(80)),
    };
    ["127.0.0.1", "localhost"].contains(&name) && its_port == Some(port)
}

/// Why a request is refused before the app sees it, if it is.
fn refusal(method: &Method, uri: &Uri, headers: &HeaderMap, port: u16) -> Option<Reply> {
    let header = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    // A page from elsewhere may reach 127.0.0.1 through a name of its own
    // (DNS rebinding): only this machine's names are served, and at this
    // port (a Host without one means port 80), not another server's.
    let host = header(HOST).unwrap_or_default().trim();
    if !is_ours(host, port) {
        return Some(Reply::error(
            421,
            format!("this server answers 127.0.0.1:{port} only, not {host:?}"),
        ));
    }
    // A target in absolute form (`GET http://NAME/`, as to a proxy) names
    // the server it is for: this one, over plain HTTP, or none.
    let target = uri.authority().map(|a| (uri.scheme_str(), a.as_str()));
    if let Some((scheme, authority)) = target
        && (scheme != Some("http") || !is_ours(authority, port))
    {
        return Some(Reply::error(
            421,
            format!("this server answers http://127.0.0.1:{port}/ only, not {uri}"),
        ));
    }
    // A form or a plain-text fetch from another site cannot set this
    // without the browser asking first (and being refused).
    let json = (header(CONTENT_TYPE).and_then(|t| t.split(';').next()))
        .is_some_and(|t| t.trim() == "application/json");
    if method == Method::POST && !json {
        return Some(Reply::error(
            415,
            "a POST body must be sent as Content-Type: application/json",
        ));
    }
    None
}

/// The app's reply as an HTTP response.
fn response(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, [(CONTENT_TYPE, reply.content_type)], reply.body).into_response();
    let attachment = (reply.download)
        .and_then(|name| HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")).ok());
    if let Some(value) = attachment {
        response.headers_mut().insert(CONTENT_DISPOSITION, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use tower::ServiceExt;

    const PORT: u16 = 8061;

    /// The router with an app thread answering through `handle`.
    fn serving(handle: impl FnMut(&str, &str, &[u8]) -> Reply + Send + 'static) -> Router {
        let (jobs, requests) = mpsc::channel::<Job>();
        std::thread::spawn(move || run_app(requests, handle));
        let slots = Arc::new(Semaphore::new(MAX_REQUESTS));
        router(ToApp {
            jobs,
            port: PORT,
            slots,
        })
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    }

    /// A request to this machine at [`PORT`]; `edit` adds to it.
    fn request(
        method: &str,
        path: &str,
        body: &str,
        edit: impl FnOnce(axum::http::request::Builder) -> axum::http::request::Builder,
    ) -> Request {
        let builder = Request::builder()
            .method(method)
            .uri(path)
            .header(HOST, format!("127.0.0.1:{PORT}"))
            .header(CONTENT_TYPE, "application/json");
        edit(builder).body(Body::from(body.to_string())).unwrap()
    }

    /// The response's status, headers and body.
    fn call(router: &Router, request: Request) -> (u16, HeaderMap, String) {
        runtime().block_on(async {
            let response = router.clone().oneshot(request).await.unwrap();
            let status = response.status().as_u16();
            let headers = response.headers().clone();
            let body = Bytes::from_request(Request::new(response.into_body()), &());
            let body = String::from_utf8(body.await.unwrap().to_vec()).unwrap();
            (status, headers, body)
        })
    }

    fn error_of(body: &str) -> String {
        let value: serde_json::Value = serde_json::from_str(body).unwrap();
        value["error"].as_str().unwrap_or_default().to_string()
    }

    /// The headers every answer must have, whoever made it.
    fn assert_every_header(headers: &HeaderMap, what: &str) {
        for (name, value) in [
            ("cache-control", "no-store"),
            ("x-content-type-options", "nosniff"),
            ("x-frame-options", "DENY"),
            ("content-security-policy", "frame-ancestors 'none'"),
        ] {
            assert_eq!(
                headers.get(name).and_then(|v| v.to_str().ok()),
                Some(value),
                "{what}: {name}"
            );
        }
    }

    /// A panic in the app fails its request (500, JSON, with the headers
    /// of every answer) and not the next.
    #[test]
    fn a_panic_fails_its_request_alone() {
        let router = serving(|_, path, _| {
            assert_ne!(path, "/boom", "a bug met by this request");
            Reply::error(404, "no such thing")
        });
        let (status, headers, body) = call(&router, request("GET", "/boom", "", |b| b));
        assert_eq!(status, 500);
        assert_eq!(error_of(&body), "the server failed on this request");
        assert_every_header(&headers, "the 500");
        let (status, headers, body) = call(&router, request("GET", "/next", "", |b| b));
        assert_eq!((status, error_of(&body)), (404, "no such thing".into()));
        assert_every_header(&headers, "the app's answer");
    }

    /// A body past the cap is a JSON 413 with the headers of every answer,
    /// whether its length is announced or found while reading it.
    #[test]
    fn a_body_past_the_cap_is_a_json_413_with_every_header() {
        let router = serving(|_, _, _| Reply::error(200, "read"));
        let announced = request("POST", "/api/new", "{}", |b| {
            b.header(CONTENT_LENGTH, "100000000")
        });
        let found = request("POST", "/api/new", &"x".repeat(MAX_BODY + 1), |b| b);
        for (what, request) in [("announced", announced), ("found", found)] {
            let (status, headers, body) = call(&router, request);
            assert_eq!(status, 413, "{what}: {body}");
            assert_eq!(error_of(&body), "the body is over 4096 bytes", "{what}");
            assert_eq!(headers[CONTENT_TYPE], "application/json", "{what}");
            assert_every_header(&headers, what);
        }
        let (status, _, _) = call(&router, request("POST", "/", &"x".repeat(MAX_BODY), |b| b));
        assert_eq!(status, 200, "a body at the cap is read");
    }

    /// Only this machine's names at the port served: another port (another
    /// server's page) or a name of its own is refused.
    #[test]
    fn the_host_must_be_this_machine_at_this_port() {
        let router = serving(|_, _, _| Reply::error(200, "served"));
        for (host, status) in [
            ("127.0.0.1:8061", 200),
            ("localhost:8061", 200),
            ("127.0.0.1:8062", 421),
            ("localhost:80", 421),
            ("127.0.0.1", 421),
            ("127.0.0.1:", 421),
            ("127.0.0.1:x", 421),
            ("evil.example:8061", 421),
            ("", 421),
        ] {
            let request = request("GET", "/", "", |b| {
                let mut b = b;
                b.headers_mut()
                    .unwrap()
                    .insert(HOST, HeaderValue::from_str(host).unwrap());
                b
            });
            let (got, _, body) = call(&router, request);
            assert_eq!(got, status, "{host:?}: {body}");
        }
    }

    /// A request holds its slot until the app is done with it, even when
    /// its client has gone: so no more requests than slots ever wait. The
    /// app does not answer one whose client has gone.
    #[test]
    fn a_request_keeps_its_slot_and_is_dropped_when_its_client_goes() {
        let (jobs, requests) = mpsc::channel::<Job>();
        let slots = Arc::new(Semaphore::new(1));
        let router = router(ToApp {
            jobs,
            port: PORT,
            slots: slots.clone(),
        });
        // The client waits a while for its answer, then hangs up.
        let answer = router.oneshot(request("POST", "/api/game/1/coach", "{}", |b| b));
        let waited = runtime()
            .block_on(async { tokio::time::timeout(Duration::from_millis(50), answer).await });
        assert!(waited.is_err(), "the app has not answered yet");
        assert_eq!(
            slots.available_permits(),
            0,
            "the slot went with its client"
        );
        // Now the app gets to it.
        let mut answered = Vec::new();
        run_app(requests, |_, path, _| {
            answered.push(path.to_string());
            Reply::error(200, "done")
        });
        assert!(answered.is_empty(), "answered for nobody: {answered:?}");
        assert_eq!(slots.available_permits(), 1, "the slot is free again");
    }
}
