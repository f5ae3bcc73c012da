//! A person's lines for `play`: a line editor with history at a terminal (rustyline), else
//! standard input as it comes (a piped game, each line echoed), every line bounded; and the
//! spinner shown while the computer thinks.

use std::io::{BufRead, Write};

use crate::Player;

/// The longest input line read (longer lines are refused, not kept).
pub const MAX_LINE: usize = 4096;

/// Where the person's lines come from: a line editor with history at a terminal, else standard
/// input as it comes (a piped game), each line bounded.
pub enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    Plain(std::io::StdinLock<'static>),
}

/// One line asked for.
pub enum Line {
    Text(String),
    /// A line that cannot be kept (too long, not text): why.
    Refused(String),
    Interrupted,
    End,
}

impl Input {
    pub fn new() -> Input {
        use std::io::IsTerminal;
        if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Plain(std::io::stdin().lock())
    }

    pub fn line(&mut self, prompt: &str) -> Line {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) if line.len() > MAX_LINE => Line::Refused(format!("that line is longer than {MAX_LINE} bytes: ignored")),
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    Line::Text(line)
                }
                Err(rustyline::error::ReadlineError::Interrupted) => Line::Interrupted,
                Err(_) => Line::End,
            },
            Input::Plain(input) => {
                print!("{prompt}");
                let _ = std::io::stdout().flush();
                match read_line(input) {
                    // Piped input is not echoed by a terminal: echo it, so that the transcript
                    // reads as a session does.
                    Some(Ok(line)) => {
                        println!("{}", line.trim_end());
                        Line::Text(line)
                    }
                    Some(Err(why)) => Line::Refused(why),
                    None => {
                        println!();
                        Line::End
                    }
                }
            }
        }
    }
}

/// One line of input: `None` at its end (or when it cannot be read). A line longer than
/// [`MAX_LINE`] bytes or not UTF-8 is read to its end, not kept, and refused in words.
fn read_line(input: &mut impl BufRead) -> Option<Result<String, String>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let limit = u64::try_from(MAX_LINE + 1 - bytes.len()).unwrap_or(0);
        match std::io::Read::take(&mut *input, limit).read_until(b'\n', &mut bytes) {
            Ok(0) if bytes.is_empty() && !too_long => return None,
            Ok(_) if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') => {
                too_long = true;
                bytes.clear(); // keep reading to the end of this line, keeping nothing
            }
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    if too_long {
        return Some(Err(format!("that line is longer than {MAX_LINE} bytes: ignored")));
    }
    Some(String::from_utf8(bytes).map_err(|_| "that line is not text (UTF-8): ignored".to_string()))
}

/// "north is thinking…" on standard error while the computer searches, at a terminal only.
pub fn thinking(player: Player) -> indicatif::ProgressBar {
    let spinner = indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    spinner.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg}").unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    spinner.set_message(format!("{player} is thinking…"));
    spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    spinner
}
