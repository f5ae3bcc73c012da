//! Each shipped game's page of rules (`docs/games/NAME.md`, in our own words): found beside the
//! rule file, and shown as plain text for `play`'s `rules` (wrapped to a terminal's width) or as
//! HTML for the page of `serve` (its links to other games' pages kept, others left as text).

use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// The page of the rule file `rule_file`, whose game is `game`: `docs/games/STEM.md` in the folder
/// above the rule file's folder (`rules/kalah.mancala` → `docs/games/kalah.md`), if it is there
/// and is that game's page (its title, the first line, is `# GAME`). Its path and text.
pub fn find(rule_file: &Path, game: &str) -> Option<(PathBuf, String)> {
    let file = std::fs::canonicalize(rule_file).ok()?;
    let stem = file.file_stem()?.to_str()?;
    let path = file.parent()?.parent()?.join("docs").join("games").join(format!("{stem}.md"));
    let text = crate::load::read_source(&path).ok()?;
    (text.lines().next()? == format!("# {game}")).then_some((path, text))
}

/// The index of the games' pages (`docs/games/README.md`) beside the rules folder `folder`.
pub fn index(folder: &Path) -> Option<String> {
    let path = std::fs::canonicalize(folder).ok()?.parent()?.join("docs").join("games").join("README.md");
    crate::load::read_source(&path).ok()
}

fn parser(markdown: &str) -> Parser<'_> {
    Parser::new_ext(markdown, Options::ENABLE_TABLES)
}

/// The page as plain text in lines of at most `width` columns: headings underlined, list items
/// with their marks and hanging indents, table rows as cells between `|`, links as their text,
/// code in backquotes as it is typed.
pub fn to_text(markdown: &str, width: usize) -> Vec<String> {
    let mut out = Plain { width, ..Plain::default() };
    for event in parser(markdown) {
        out.event(event);
    }
    out.flush();
    while out.lines.last().is_some_and(String::is_empty) {
        out.lines.pop();
    }
    out.lines
}

/// Writes plain text from the page's events.
#[derive(Default)]
struct Plain {
    width: usize,
    lines: Vec<String>,
    /// The text of the block being read.
    text: String,
    /// The lists open, each with its next number (`None`: a list of bullets).
    lists: Vec<Option<u64>>,
    /// The mark of the list item whose first line is being read (`- `, `2. `).
    mark: Option<String>,
    /// The list items open, innermost last: the column their text starts at.
    items: Vec<usize>,
    /// The cells of the table row being read.
    row: Vec<String>,
    /// The heading's underline, while one is read.
    heading: Option<char>,
}

impl Plain {
    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                self.flush();
                self.blank();
                self.heading = Some(if level == pulldown_cmark::HeadingLevel::H1 { '=' } else { '-' });
            }
            Event::End(TagEnd::Heading(_)) => {
                let title = std::mem::take(&mut self.text).trim().to_string();
                let rule = self.heading.take().unwrap_or('-').to_string().repeat(textwrap::core::display_width(&title).min(self.width));
                self.lines.push(title);
                self.lines.push(rule);
            }
            Event::Start(Tag::Paragraph) if self.lists.is_empty() => self.blank(),
            Event::End(TagEnd::Paragraph) => self.flush(),
            Event::Start(Tag::List(first)) => {
                self.flush();
                if self.lists.is_empty() {
                    self.blank();
                }
                self.lists.push(first);
            }
            Event::End(TagEnd::List(_)) => {
                self.flush();
                self.lists.pop();
            }
            Event::Start(Tag::Item) => {
                self.flush();
                let mark = match self.lists.last_mut() {
                    Some(Some(number)) => {
                        *number += 1;
                        format!("{}. ", *number - 1)
                    }
                    _ => "- ".to_string(),
                };
                let base = self.items.last().copied().unwrap_or(0);
                self.items.push(base + mark.len());
                self.mark = Some(mark);
            }
            Event::End(TagEnd::Item) => {
                self.flush();
                self.items.pop();
            }
            Event::Start(Tag::Table(_)) => {
                self.flush();
                self.blank();
            }
            Event::End(TagEnd::TableCell) => self.row.push(std::mem::take(&mut self.text).trim().to_string()),
            Event::End(TagEnd::TableHead | TagEnd::TableRow) => {
                let row = std::mem::take(&mut self.row).join(" | ");
                self.lines.extend(crate::narrate::wrap(&row, self.width));
            }
            Event::Text(text) => self.text.push_str(&text),
            Event::Code(code) => {
                self.text.push('`');
                self.text.push_str(&code);
                self.text.push('`');
            }
            Event::SoftBreak | Event::HardBreak => self.text.push(' '),
            _ => {}
        }
    }

    /// A blank line, unless the last line is one (or there is none yet).
    fn blank(&mut self) {
        if self.lines.last().is_some_and(|l| !l.is_empty()) {
            self.lines.push(String::new());
        }
    }

    /// Writes the block read so far, wrapped: a list item's first lines after its mark, the
    /// rest indented under its text.
    fn flush(&mut self) {
        let text = std::mem::take(&mut self.text);
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let indent = " ".repeat(self.items.last().copied().unwrap_or(0));
        let first = match self.mark.take() {
            Some(mark) => format!("{}{mark}", indent.get(mark.len()..).unwrap_or_default()),
            None => indent.clone(),
        };
        let rest = indent;
        let options = textwrap::Options::new(self.width)
            .initial_indent(&first)
            .subsequent_indent(&rest)
            .break_words(false)
            .word_separator(textwrap::WordSeparator::AsciiSpace)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        self.lines.extend(textwrap::wrap(text, options).into_iter().map(std::borrow::Cow::into_owned));
    }
}

/// The page as HTML (the inside of a `<main>`): a link to another game's page (`oware.md`) goes
/// to that page as `serve` serves it (`/games/oware`; the index `README.md` to `/games/`); any
/// other link (a rule file, another document) is left as its text.
pub fn to_html(markdown: &str) -> String {
    let mut kept = Vec::new();
    let mut dropped = 0usize;
    for event in parser(markdown) {
        match event {
            Event::Start(Tag::Link { link_type, dest_url, title, id }) => match game_link(&dest_url) {
                Some(dest) => kept.push(Event::Start(Tag::Link { link_type, dest_url: dest.into(), title, id })),
                None => dropped += 1,
            },
            Event::End(TagEnd::Link) if dropped > 0 => dropped -= 1,
            other => kept.push(other),
        }
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, kept.into_iter());
    html
}

/// Where a link of a game's page goes on the server: `oware.md` → `/games/oware`.
fn game_link(dest: &str) -> Option<String> {
    let stem = dest.strip_suffix(".md")?;
    if stem.is_empty() || !stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return None;
    }
    Some(if stem == "README" { "/games/".to_string() } else { format!("/games/{stem}") })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_wraps_lists_under_their_marks_and_rules_headings() {
        let markdown = "# Game\n\nA paragraph with `code` and a [link](x.md).\n\n## A turn\n\n1. First step, long enough to wrap here.\n2. Second\n   - inner\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
        assert_eq!(
            to_text(markdown, 24),
            [
                "Game",
                "====",
                "",
                "A paragraph with `code`",
                "and a link.",
                "",
                "A turn",
                "------",
                "",
                "1. First step, long",
                "   enough to wrap here.",
                "2. Second",
                "   - inner",
                "",
                "a | b",
                "1 | 2",
            ]
        );
    }

    #[test]
    fn html_keeps_links_to_game_pages_only() {
        let html = to_html("See [Oware](oware.md), [the games](README.md) and [the file](../../rules/kalah.mancala).");
        assert_eq!(html, "<p>See <a href=\"/games/oware\">Oware</a>, <a href=\"/games/\">the games</a> and the file.</p>\n");
    }
}
