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
//! The server listens on 127.0.0.1 only and answers one request at a time
//! (a coach's advice takes milliseconds, the bot's whole game about a
//! second): several tabs each play their own game, interleaved.

pub mod app;
pub mod coach;
pub mod page;
pub mod session;

use std::io::Read;

use anyhow::{Result, anyhow};
use tiny_http::{Header, Response, Server};

use app::{App, Reply};

/// Largest request body read; every API body is a few dozen bytes.
pub const MAX_BODY: usize = 4096;
/// Longest request path (with its query) answered.
pub const MAX_PATH: usize = 512;

/// A server bound to 127.0.0.1, not yet answering.
pub struct Listening {
    server: Server,
    pub port: u16,
}

/// Binds 127.0.0.1:`port` (0: any free port).
pub fn bind(port: u16) -> Result<Listening> {
    let server = Server::http(("127.0.0.1", port))
        .map_err(|e| anyhow!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or_else(|| anyhow!("the server has no IP address"))?;
    Ok(Listening { server, port })
}

impl Listening {
    /// Answers requests until the process ends.
    pub fn serve(self, mut app: App) -> Result<()> {
        for mut request in self.server.incoming_requests() {
            let reply = answer(&mut app, &mut request);
            let mut response = Response::from_string(reply.body)
                .with_status_code(reply.status)
                .with_header(header("Content-Type", reply.content_type))
                .with_header(header("Cache-Control", "no-store"))
                .with_header(header("X-Content-Type-Options", "nosniff"));
            if let Some(name) = &reply.download {
                let value = format!("attachment; filename=\"{name}\"");
                response = response.with_header(header("Content-Disposition", &value));
            }
            // A client that went away is no concern of the others.
            let _ = request.respond(response);
        }
        Ok(())
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("ASCII header")
}

/// Checks the request's size and origin, reads its body within the limit,
/// and hands it to the app.
fn answer(app: &mut App, request: &mut tiny_http::Request) -> Reply {
    let url = request.url().to_string();
    if url.len() > MAX_PATH {
        return Reply::error(414, format!("request path longer than {MAX_PATH} bytes"));
    }
    // A page from elsewhere may reach 127.0.0.1 through a name of its own
    // (DNS rebinding): only this machine's names are served.
    let host = find_header(request, "Host").unwrap_or_default();
    let host_name = host.rsplit_once(':').map_or(host.as_str(), |(h, _)| h);
    if !["127.0.0.1", "localhost"].contains(&host_name) {
        return Reply::error(
            421,
            format!("this server answers 127.0.0.1 only, not {host:?}"),
        );
    }
    let method = request.method().as_str().to_string();
    if method == "POST" {
        // A form or a plain-text fetch from another site cannot set this
        // without the browser asking first (and being refused).
        let json = find_header(request, "Content-Type").is_some_and(|t| {
            t.split(';')
                .next()
                .is_some_and(|t| t.trim() == "application/json")
        });
        if !json {
            return Reply::error(
                415,
                "a POST body must be sent as Content-Type: application/json",
            );
        }
    }
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Reply::error(413, format!("request body larger than {MAX_BODY} bytes"));
    }
    let mut body = Vec::new();
    let limit = MAX_BODY as u64 + 1;
    if let Err(e) = request.as_reader().take(limit).read_to_end(&mut body) {
        return Reply::error(400, format!("cannot read the request body: {e}"));
    }
    if body.len() > MAX_BODY {
        return Reply::error(413, format!("request body larger than {MAX_BODY} bytes"));
    }
    app.handle(&method, &url, &body)
}

fn find_header(request: &tiny_http::Request, name: &'static str) -> Option<String> {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str().to_string())
}
