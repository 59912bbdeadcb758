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
//! through axum, the limits set on the stack: it listens on 127.0.0.1 only;
//! at most [`MAX_CONNECTIONS`] connections are served at once (a semaphore
//! on accept; past it, 503); hyper reads a head of at most [`MAX_HEAD`]
//! bytes and [`MAX_HEADERS`] headers (else 431) within [`READ_TIME`], and
//! one request per connection (keep-alive off); tower-http caps the body at
//! [`MAX_BODY`] bytes (413), sets the response headers and turns a panic in
//! a request into a 500 for that request alone. The body must arrive within
//! [`READ_TIME`] too (408). The app answers one request at a time on a
//! thread of its own (the bot it runs stays on it, and the planner's work
//! keeps off tokio's): several tabs each play their own game, interleaved.

pub mod app;
pub mod coach;
pub mod page;
pub mod session;

use std::net::TcpListener;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::mpsc::{self, Sender};
use std::time::Duration;

use anyhow::{Context, Result};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE, HOST, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::{Semaphore, oneshot};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use app::{App, Reply, Settings};

/// Largest request head (request line and headers) read; hyper's least.
pub const MAX_HEAD: usize = 8192;
/// Headers in a request at most.
pub const MAX_HEADERS: usize = 32;
/// Largest request body read; every API body is a few dozen bytes.
pub const MAX_BODY: usize = 4096;
/// Connections served at once; more are told to come back (503).
pub const MAX_CONNECTIONS: usize = 16;
/// How long a connection may take to send its head, and then its body.
pub const READ_TIME: Duration = Duration::from_secs(10);
/// How long a connection past the cap may take to be told so.
const BUSY_TIME: Duration = Duration::from_secs(1);

/// A request for the app's thread, and where its reply (or panic) goes.
type Job = (
    Method,
    String,
    Bytes,
    oneshot::Sender<std::thread::Result<Reply>>,
);

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

async fn accept(listener: TcpListener, settings: Settings) -> Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let (to_app, requests) = mpsc::channel::<Job>();
    std::thread::spawn(move || {
        let mut app = App::new(settings);
        for (method, path, body, back) in requests {
            // A panic fails this request alone (sent on to CatchPanicLayer);
            // the games go on as they are.
            let _ = back.send(std::panic::catch_unwind(AssertUnwindSafe(|| {
                app.handle(method.as_str(), &path, &body)
            })));
        }
    });
    let app = router(to_app);
    let busy =
        headers(Router::new().fallback(async || {
            response(Reply::error(503, "too many connections at once; try again"))
        }));
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(READ_TIME)
        .max_buf_size(MAX_HEAD)
        .max_header_size(MAX_HEAD)
        .max_headers(MAX_HEADERS)
        .keep_alive(false);
    loop {
        // A connection that failed before it was accepted is no concern.
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let permit = open.clone().try_acquire_owned().ok();
        let service = if permit.is_some() { &app } else { &busy };
        let connection = http.serve_connection(
            TokioIo::new(stream),
            TowerToHyperService::new(service.clone()),
        );
        tokio::spawn(async move {
            // A client that went away is no concern of the others.
            match permit {
                Some(_held) => drop(connection.await),
                None => drop(tokio::time::timeout(BUSY_TIME, connection).await),
            }
        });
    }
}

/// The app's routes behind their layers: requests go to `to_app`.
fn router(to_app: Sender<Job>) -> Router {
    headers(Router::new().fallback(answer).with_state(to_app))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(CatchPanicLayer::custom(|_| {
            response(Reply::error(500, "the server failed on this request"))
        }))
}

/// The headers every response carries.
fn headers(router: Router) -> Router {
    router
        .layer(SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
}

/// Checks the request's origin and kind, reads its body, then hands it to
/// the app on a blocking thread.
async fn answer(
    State(app): State<Sender<Job>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    if let Some(refusal) = refusal(&method, &headers) {
        return response(refusal);
    }
    let body =
        match tokio::time::timeout(READ_TIME, Bytes::from_request(Request::new(body), &())).await {
            Err(_) => return response(Reply::error(408, "the request took too long to arrive")),
            // Past the cap (413), or cut short (400).
            Ok(Err(e)) => return response(Reply::error(e.status().as_u16(), e.body_text())),
            Ok(Ok(body)) => body,
        };
    let path = uri
        .path_and_query()
        .map_or(uri.path(), |p| p.as_str())
        .to_string();
    let (back, reply) = oneshot::channel();
    let sent = app.send((method, path, body, back));
    match (sent, reply.await) {
        (Ok(()), Ok(Ok(reply))) => response(reply),
        // The app's panic goes on to CatchPanicLayer: a 500 for this request.
        (Ok(()), Ok(Err(panic))) => std::panic::resume_unwind(panic),
        _ => response(Reply::error(500, "the server failed")),
    }
}

/// Why a request is refused before the app sees it, if it is.
fn refusal(method: &Method, headers: &HeaderMap) -> Option<Reply> {
    let header = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    // A page from elsewhere may reach 127.0.0.1 through a name of its own
    // (DNS rebinding): only this machine's names are served.
    let host = header(HOST).unwrap_or_default().trim();
    let host_name = host.rsplit_once(':').map_or(host, |(h, _)| h);
    if !["127.0.0.1", "localhost"].contains(&host_name) {
        return Some(Reply::error(
            421,
            format!("this server answers 127.0.0.1 only, not {host:?}"),
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
    use tower::ServiceExt;

    /// A panic in the app fails its request (500, JSON) and not the next.
    #[test]
    fn a_panic_fails_its_request_alone() {
        let (to_app, requests) = mpsc::channel::<Job>();
        std::thread::spawn(move || {
            for (_, path, _, back) in requests {
                let _ = back.send(std::panic::catch_unwind(|| {
                    assert_ne!(path, "/boom", "a bug met by this request");
                    Reply::error(404, "no such thing")
                }));
            }
        });
        let router = router(to_app);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let get = |path: &str| {
            let request = Request::get(path)
                .header(HOST, "127.0.0.1:8061")
                .body(Body::empty())
                .unwrap();
            runtime.block_on(async {
                let response = router.clone().oneshot(request).await.unwrap();
                let status = response.status().as_u16();
                let body = Bytes::from_request(Request::new(response.into_body()), &());
                let body: serde_json::Value = serde_json::from_slice(&body.await.unwrap()).unwrap();
                (
                    status,
                    body["error"].as_str().unwrap_or_default().to_string(),
                )
            })
        };
        assert_eq!(
            get("/boom"),
            (500, "the server failed on this request".into())
        );
        assert_eq!(get("/next"), (404, "no such thing".into()));
    }
}
