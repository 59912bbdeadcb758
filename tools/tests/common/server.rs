//! `play --serve` as a child process for the server's tests: started on a
//! free port (port 0; the URL it prints says which), killed when dropped.
//! Its stderr is passed on line by line, and kept for a test to wait on.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

pub struct Server {
    child: Child,
    pub port: u16,
    /// The server's stderr, a line at a time, as it comes.
    stderr: Mutex<Receiver<String>>,
}

impl Server {
    /// Starts `play --serve --port 0` with `args`; waits for its URL.
    pub fn start(args: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_play"));
        command.args(["--serve", "--port", "0"]).args(args);
        Server::start_command(command)
    }

    /// Starts `play --serve --port 0 ARGS` with at most `files` file
    /// descriptors open (through sh's `ulimit -n`, which then execs it).
    pub fn start_with_file_limit(files: usize, args: &[&str]) -> Server {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!(
                "ulimit -n {files} && exec \"$0\" --serve --port 0 \"$@\""
            ))
            .arg(env!("CARGO_BIN_EXE_play"))
            .args(args);
        Server::start_command(command)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn start_command(mut command: Command) -> Server {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start play --serve");
        let (lines, stderr) = mpsc::channel();
        let from_server = BufReader::new(child.stderr.take().unwrap());
        std::thread::spawn(move || {
            for line in from_server.lines().map_while(Result::ok) {
                eprintln!("{line}");
                // The test may have stopped listening; the line is shown.
                let _ = lines.send(line);
            }
        });
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no URL in the server's first line: {line:?}"));
        Server {
            child,
            port,
            stderr: Mutex::new(stderr),
        }
    }

    /// Waits until the server writes a line to stderr that contains
    /// `text`, for at most `patience`; whether it did.
    pub fn wait_for_stderr(&self, text: &str, patience: Duration) -> bool {
        let lines = self.stderr.lock().unwrap();
        let deadline = Instant::now() + patience;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(line) if line.contains(text) => return true,
                Ok(_) => {}
                Err(_) => return false,
            }
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Sends `request` as is (a whole HTTP/1.1 request, which should say
    /// `Connection: close`) and returns the status code and the body.
    pub fn raw(&self, request: &[u8]) -> (u16, String) {
        self.raw_or_closed(request)
            .unwrap_or_else(|| panic!("the connection closed without a response"))
    }

    /// As [`Server::raw`], or `None` if the server closed the connection
    /// before the client could read any response.
    pub fn raw_or_closed(&self, request: &[u8]) -> Option<(u16, String)> {
        self.response(request)
            .map(|(status, _, body)| (status, body))
    }

    /// As [`Server::raw_or_closed`], with the response's head (status line
    /// and headers, header names in lower case) between the status and the body.
    pub fn response(&self, request: &[u8]) -> Option<(u16, String, String)> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        // The server may answer (and close) before it has read everything.
        let _ = stream.write_all(request);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        if response.is_empty() {
            return None;
        }
        let text = String::from_utf8_lossy(&response).into_owned();
        let status = text
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not an HTTP response: {text:?}"));
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let head = (head.lines())
            .map(|line| match line.split_once(':') {
                Some((name, value)) => format!("{}:{value}", name.to_ascii_lowercase()),
                None => line.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n");
        Some((status, head, body.to_string()))
    }

    /// A request with a JSON body (or none, for GET).
    pub fn request(&self, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        );
        let (status, body) = self.raw(request.as_bytes());
        let value = serde_json::from_str(&body)
            .unwrap_or_else(|e| panic!("{method} {path}: not JSON ({e}): {body:?}"));
        (status, value)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
