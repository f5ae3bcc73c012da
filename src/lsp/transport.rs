//! The server's end of standard input and output: Content-Length framed JSON-RPC, read and
//! written by [`lsp_server::Message`] on two threads, as `lsp_server`'s own stdio transport does,
//! except that a bad message is skipped with a line on standard error instead of ending the
//! server, and a message larger than [`LARGEST_MESSAGE`] is skipped unread.

use std::io::{self, BufRead, Read, Write};
use std::thread::{self, JoinHandle};

use lsp_server::{Connection, Message};

/// The largest message read, in bytes: a rule file of the largest size the checker reads, with
/// every byte escaped in JSON, and room for the rest of the message.
pub const LARGEST_MESSAGE: usize = 8 * crate::load::LARGEST_RULE_FILE;

/// Why the input cannot be read any further.
#[derive(Debug, thiserror::Error)]
pub enum TransportError {
    #[error("cannot read the client's messages: {0}")]
    Io(#[from] io::Error),
    #[error("bad message header {0:?} (expected `Content-Length: N`)")]
    Header(String),
    #[error("a message without a Content-Length header")]
    NoLength,
}

/// The server's connection over standard input and output, and the threads that serve it.
pub fn stdio() -> (Connection, Threads) {
    let (server, client) = Connection::memory();
    let Connection { sender, receiver } = client;
    let reader = thread::spawn(move || {
        let mut input = io::stdin().lock();
        read_messages(&mut input, |message| sender.send(message).is_ok())
    });
    let writer = thread::spawn(move || {
        let mut output = io::stdout().lock();
        for message in receiver {
            message.write(&mut output)?;
            output.flush()?;
        }
        Ok(())
    });
    (server, Threads { reader, writer })
}

/// The reader and writer threads.
pub struct Threads {
    reader: JoinHandle<Result<(), TransportError>>,
    writer: JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits for the writer to send what is left (it ends once the connection is dropped), and
    /// for the reader where the input ended (`input_ended`: the session saw the reader's end of
    /// the connection dropped, so it is returning, with what broke the input if something did).
    /// Otherwise the reader is not waited for: it may be blocked reading input the server no
    /// longer needs.
    pub fn finish(self, input_ended: bool) -> Result<(), TransportError> {
        let written = self.writer.join().unwrap_or_else(|_| Err(io::Error::other("the writer stopped")));
        if input_ended || self.reader.is_finished() {
            if let Ok(Err(error)) = self.reader.join() {
                return Err(error);
            }
        }
        Ok(written?)
    }
}

/// Reads framed messages from `input` and hands each to `deliver` until the input ends, it
/// returns false, or an `exit` notification has been delivered.
pub fn read_messages(input: &mut impl BufRead, mut deliver: impl FnMut(Message) -> bool) -> Result<(), TransportError> {
    while let Some(length) = read_header(input)? {
        let Some(body) = read_body(input, length)? else {
            eprintln!("mancala lsp: skipped a message of {length} bytes (at most {LARGEST_MESSAGE} are read)");
            continue;
        };
        let message = match serde_json::from_slice::<Message>(&body) {
            Ok(message) => message,
            Err(error) => {
                eprintln!("mancala lsp: skipped a message that is not JSON-RPC: {error}");
                continue;
            }
        };
        let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
        if !deliver(message) || exit {
            break;
        }
    }
    Ok(())
}

/// The Content-Length of the next message, `None` at the end of the input.
fn read_header(input: &mut impl BufRead) -> Result<Option<usize>, TransportError> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if input.by_ref().take(1024).read_line(&mut line)? == 0 {
            return if length.is_none() { Ok(None) } else { Err(io::Error::from(io::ErrorKind::UnexpectedEof).into()) };
        }
        let Some(line) = line.strip_suffix("\r\n") else {
            return Err(TransportError::Header(line));
        };
        if line.is_empty() {
            return length.map(Some).ok_or(TransportError::NoLength);
        }
        let (name, value) = line.split_once(": ").ok_or_else(|| TransportError::Header(line.to_string()))?;
        if name.eq_ignore_ascii_case("Content-Length") {
            length = Some(value.trim().parse().map_err(|_| TransportError::Header(line.to_string()))?);
        }
    }
}

/// The next `length` bytes, or `None` (and the bytes passed over) when there are too many.
fn read_body(input: &mut impl BufRead, length: usize) -> Result<Option<Vec<u8>>, TransportError> {
    let wanted = u64::try_from(length).unwrap_or(u64::MAX);
    if length > LARGEST_MESSAGE {
        let skipped = io::copy(&mut input.by_ref().take(wanted), &mut io::sink())?;
        if skipped < wanted {
            return Err(io::Error::from(io::ErrorKind::UnexpectedEof).into());
        }
        return Ok(None);
    }
    let mut body = Vec::with_capacity(length);
    input.by_ref().take(wanted).read_to_end(&mut body)?;
    if body.len() < length {
        return Err(io::Error::from(io::ErrorKind::UnexpectedEof).into());
    }
    Ok(Some(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn methods(input: &str) -> (Vec<String>, Result<(), TransportError>) {
        let mut seen = Vec::new();
        let result = read_messages(&mut input.as_bytes(), |m| {
            seen.push(match m {
                Message::Request(r) => r.method,
                Message::Notification(n) => n.method,
                Message::Response(_) => "response".to_string(),
            });
            true
        });
        (seen, result)
    }

    #[test]
    fn a_bad_body_is_skipped_and_reading_goes_on() {
        let input = [frame("{not json"), frame(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)].concat();
        let (seen, result) = methods(&input);
        assert_eq!(seen, ["initialized"]);
        assert!(result.is_ok());
    }

    #[test]
    fn a_message_past_the_largest_is_passed_over_unread() {
        let huge = format!("Content-Length: {}\r\n\r\n{}", LARGEST_MESSAGE + 1, " ".repeat(LARGEST_MESSAGE + 1));
        let input = [huge, frame(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)].concat();
        let (seen, result) = methods(&input);
        assert_eq!(seen, ["initialized"]);
        assert!(result.is_ok());
        let (seen, result) = methods(&format!("Content-Length: {}\r\n\r\n", usize::MAX));
        assert!(seen.is_empty());
        assert_eq!(result.map_err(|e| e.to_string()), Err("cannot read the client's messages: unexpected end of file".to_string()));
    }

    #[test]
    fn a_bad_header_ends_reading_with_its_text() {
        let (seen, result) = methods("Content-Length 5\r\n\r\nhello");
        assert!(seen.is_empty());
        assert_eq!(
            result.map_err(|e| e.to_string()),
            Err("bad message header \"Content-Length 5\" (expected `Content-Length: N`)".to_string())
        );
    }
}
