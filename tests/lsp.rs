//! `mancala lsp` as an editor sees it: the real binary, spoken to in Content-Length framed
//! JSON-RPC over its standard input and output. Every wait is bounded (30 s), so a server that
//! stops answering fails the test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(30);
const URI: &str = "file:///tmp/tiny.mancala";

/// `sédes` is no statement; `𝄞` before it is two UTF-16 columns and four bytes.
const BROKEN: &str = "game \"T\" // 𝄞\nboard {\n    size 2 x 2\n  𝄞 sédes 1\n}\nend {\n    when every hole is empty\n    when board repeats 2 times, leftover split\n}\n";
const FIXED: &str = "game \"T\"\nboard {\n    size 2 x 2\n      seeds 1\n    seeds 2 in b1\n}\n\ncondition bare = every hole is empty\n\nend {\n    when bare\n    when board repeats 2 times, leftover split\n}\n";

struct Server {
    child: Child,
    input: ChildStdin,
    output: Receiver<Value>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, output) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        Server { child, input, output }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.input, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("the server reads");
        self.input.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its response (skipping notifications).
    fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.next();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// The next notification of `method` (skipping others).
    fn notification(&mut self, method: &str) -> Value {
        loop {
            let message = self.next();
            if message["method"] == method {
                return message["params"].clone();
            }
        }
    }

    fn next(&self) -> Value {
        self.output.recv_timeout(WAIT).expect("the server answers within 30 s")
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

fn position(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

#[test]
fn an_editor_session() {
    let mut server = Server::start();
    let init = server.request(1, "initialize", json!({"capabilities": {}}));
    assert_eq!(init["result"]["capabilities"]["textDocumentSync"], json!(1));
    server.notify("initialized", json!({}));

    server.notify("textDocument/didOpen", json!({"textDocument": {"uri": URI, "languageId": "mancala", "version": 1, "text": BROKEN}}));
    let published = server.notification("textDocument/publishDiagnostics");
    assert_eq!(published["uri"], URI);
    let diagnostics = published["diagnostics"].as_array().expect("a list");
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(
        diagnostics[0]["message"],
        "this line cannot be read\nhelp: each line is one statement; the `board` section holds lines like `size 2 x 6`, `south owns row a`, `seeds 4`, `stores at right`, `stores not sown into`, `set ends = last 2 holes of outer row`, `track a1-a6 b6-b4 c6-c1 b1-b3`"
    );
    assert_eq!(diagnostics[0]["range"], json!({"start": {"line": 3, "character": 2}, "end": {"line": 3, "character": 12}}));
    assert_eq!(diagnostics[0]["severity"], json!(1));
    assert_eq!(diagnostics[0]["code"], "mancala::unreadable_line");

    server.notify("textDocument/didChange", json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": FIXED}]}));
    let published = server.notification("textDocument/publishDiagnostics");
    assert_eq!(published["diagnostics"], json!([]));

    let hover = server.request(2, "textDocument/hover", position(2, 5));
    let text = hover["result"]["contents"]["value"].as_str().expect("hover text");
    assert_eq!(text, "**`size`**, in the `board { … }` section\n\nWritten like `size 2 x 6`");
    let hover = server.request(3, "textDocument/hover", position(3, 12));
    assert_eq!(hover["result"]["contents"]["value"], json!(null), "a number is neither a statement's words nor a hole");

    let hover = server.request(8, "textDocument/hover", position(4, 16));
    assert_eq!(hover["result"]["contents"]["value"], "`b1`: north's row b, column 1 of 2");

    let completion = server.request(4, "textDocument/completion", position(3, 0));
    let labels: Vec<&str> = completion["result"].as_array().expect("items").iter().filter_map(|i| i["label"].as_str()).collect();
    assert!(labels.contains(&"size") && labels.contains(&"seeds"), "{labels:?}");
    assert!(!labels.contains(&"sow"), "a sowing statement is not offered in board: {labels:?}");
    assert!(labels.contains(&"b2"), "the board's holes: {labels:?}");
    assert!(labels.contains(&"bare"), "the file's named conditions: {labels:?}");

    let formatting = server.request(
        5,
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let edits = formatting["result"].as_array().expect("edits");
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0]["newText"], FIXED.replace("      seeds", "    seeds"));

    let unknown = server.request(6, "mancala/unknown", json!({}));
    assert_eq!(unknown["error"]["code"], json!(-32601));
    assert_eq!(unknown["error"]["message"], "unknown request `mancala/unknown`");

    server.notify("textDocument/didClose", json!({"textDocument": {"uri": URI}}));
    assert_eq!(server.notification("textDocument/publishDiagnostics")["diagnostics"], json!([]));

    let shutdown = server.request(7, "shutdown", json!(null));
    assert_eq!(shutdown["result"], json!(null));
    server.notify("exit", json!(null));
    let status = wait(&mut server.child);
    assert_eq!(status, Some(0));
}

#[test]
fn bad_input_is_refused_and_the_server_goes_on() {
    let mut server = Server::start();
    write!(server.input, "Content-Length: 9\r\n\r\n{{not json").expect("write");
    let init = server.request(1, "initialize", json!({"capabilities": {}}));
    assert!(init["result"]["capabilities"].is_object());
    server.notify("initialized", json!({}));
    let huge = format!("game \"T\"\n{}", "// a comment\n".repeat(90_000));
    server.notify("textDocument/didOpen", json!({"textDocument": {"uri": URI, "languageId": "mancala", "version": 1, "text": huge}}));
    let published = server.notification("textDocument/publishDiagnostics");
    assert_eq!(published["diagnostics"][0]["message"], "the file is larger than 1 MiB, too large for a rule file");
    assert_eq!(published["diagnostics"][0]["range"], json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}));
    server.notify("exit", json!(null));
    assert_eq!(wait(&mut server.child), Some(1), "exit without shutdown");
}

/// The exit code, polling for at most 30 s.
fn wait(child: &mut Child) -> Option<i32> {
    let deadline = std::time::Instant::now() + WAIT;
    while std::time::Instant::now() < deadline {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    panic!("the server did not exit within 30 s");
}

#[test]
fn a_broken_header_ends_the_server_with_one_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(b"Garbage\r\n\r\n").expect("write");
    drop(input);
    assert_eq!(wait(&mut child), Some(2));
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr).expect("read");
    assert_eq!(stderr, "error: bad message header \"Garbage\" (expected `Content-Length: N`)\n");
}
