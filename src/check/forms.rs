//! Which statements exist, where each belongs and how each is written: the table behind the
//! checker's "misplaced", "cannot read" and "did you mean" diagnostics.

use crate::ast::StatementKind;

/// The sections a rule file may have.
pub const SECTIONS: &[&str] = &["board", "play", "sowing", "capture", "trade", "rounds", "end"];

/// A statement form: its leading words, the section it belongs in (`None`: outside any section)
/// and an example of it.
pub struct Form {
    pub keyword: &'static str,
    pub section: Option<&'static str>,
    pub example: &'static str,
}

pub const FORMS: &[Form] = &[
    Form { keyword: "game", section: None, example: "game \"Wari\"" },
    Form { keyword: "source", section: None, example: "source \"Mancala World – Wari\"" },
    Form { keyword: "ruling", section: None, example: "ruling H1 \"First stone back into the origin\"" },
    Form { keyword: "project ruling", section: None, example: "project ruling D6 \"A third repetition ends the game\"" },
    Form { keyword: "option", section: None, example: "option seeds: 2..9 = 4" },
    Form { keyword: "size", section: Some("board"), example: "size 2 x 6" },
    Form { keyword: "owns", section: Some("board"), example: "south owns row a" },
    Form { keyword: "seeds", section: Some("board"), example: "seeds 4   or   seeds 2 in row a   or   seeds 3 in a1" },
    Form { keyword: "stores", section: Some("board"), example: "stores at right" },
    Form { keyword: "set", section: Some("board"), example: "set heads = last 2 holes of outer row" },
    Form { keyword: "moves first", section: Some("play"), example: "south moves first" },
    Form { keyword: "start", section: Some("play"), example: "start from own hole where count >= 2" },
    Form { keyword: "otherwise", section: Some("play"), example: "otherwise from own hole where count = 1 and next hole is empty" },
    Form { keyword: "play again", section: Some("play"), example: "play again when last seed in own store" },
    Form { keyword: "must feed", section: Some("play"), example: "must feed an empty opponent" },
    Form { keyword: "no move", section: Some("play"), example: "no move: pass" },
    Form { keyword: "sow", section: Some("sowing"), example: "sow counter-clockwise   or   sow counter-clockwise round own rows" },
    Form { keyword: "first seed", section: Some("sowing"), example: "first seed into origin   or   first seed into origin unless alone" },
    Form { keyword: "skip origin", section: Some("sowing"), example: "skip origin" },
    Form {
        keyword: "relay",
        section: Some("sowing"),
        example: "relay when count >= 2   or   relay from next hole when next hole is not empty",
    },
    Form { keyword: "relay or stop", section: Some("sowing"), example: "relay or stop when count >= 2 and in heads" },
    Form { keyword: "stop after", section: Some("sowing"), example: "stop after 100 laps" },
    Form {
        keyword: "take in passing",
        section: Some("sowing"),
        example: "take in passing when count = 4   or   take in passing when count = 4, to owner",
    },
    Form { keyword: "take", section: Some("capture"), example: "take last hole   or   take opposite hole   or   take opponent's column" },
    Form { keyword: "choose", section: Some("capture"), example: "choose 2 more holes where opponent's and not empty" },
    Form { keyword: "sow captured", section: Some("capture"), example: "sow captured from next hole" },
    Form { keyword: "claim", section: Some("capture"), example: "claim last hole" },
    Form { keyword: "grand slam", section: Some("capture"), example: "grand slam captures nothing" },
    Form { keyword: "chain", section: Some("capture"), example: "chain backward while count in {2, 4}" },
    Form { keyword: "when", section: Some("capture"), example: "when own and count in {2, 4}   or   when every hole is empty" },
    Form { keyword: "offer", section: Some("trade"), example: "offer 1..3 own holes" },
    Form { keyword: "keep", section: Some("trade"), example: "keep at least 1 hole" },
    Form { keyword: "price", section: Some("trade"), example: "price 6 captured stones per hole" },
    Form { keyword: "win after decline", section: Some("trade"), example: "win after decline \"victory without glory\"" },
    Form { keyword: "refill", section: Some("rounds"), example: "refill 4 per hole" },
    Form { keyword: "starter alternates", section: Some("rounds"), example: "starter alternates" },
    Form { keyword: "end match", section: Some("rounds"), example: "end match when round start repeats 5 times, leftover to owner" },
    Form { keyword: "leftover", section: Some("end"), example: "leftover to owner" },
    Form { keyword: "wins", section: Some("end"), example: "most stones wins" },
];

/// The form of a parsed statement (`None` for an unparsed line).
pub fn form_of(kind: &StatementKind) -> Option<&'static Form> {
    let keyword = match kind {
        StatementKind::Game(_) => "game",
        StatementKind::Source(_) => "source",
        StatementKind::Ruling { project: false, .. } => "ruling",
        StatementKind::Ruling { project: true, .. } => "project ruling",
        StatementKind::Option { .. } => "option",
        StatementKind::Size { .. } => "size",
        StatementKind::Owns { .. } => "owns",
        StatementKind::Seeds { .. } => "seeds",
        StatementKind::MovesFirst(_) => "moves first",
        StatementKind::Start { .. } => "start",
        StatementKind::NoMove(_) => "no move",
        StatementKind::Sow(_) | StatementKind::SowOwnRows { .. } => "sow",
        StatementKind::HoleSet { .. } => "set",
        StatementKind::Otherwise(_) => "otherwise",
        StatementKind::RelayOrStop(_) => "relay or stop",
        StatementKind::RelayFrom { .. } => "relay",
        StatementKind::Stores(_) => "stores",
        StatementKind::PlayAgain(_) => "play again",
        StatementKind::MustFeed => "must feed",
        StatementKind::GrandSlamNothing => "grand slam",
        StatementKind::Refill(_) => "refill",
        StatementKind::StarterAlternates => "starter alternates",
        StatementKind::EndMatch { .. } => "end match",
        StatementKind::TakeColumn(_) => "take",
        StatementKind::Choose { .. } => "choose",
        StatementKind::FirstSeed(_) | StatementKind::FirstSeedUnlessAlone(_) => "first seed",
        StatementKind::InPassing { .. } => "take in passing",
        StatementKind::SowCaptured(_) => "sow captured",
        StatementKind::Claim(_) => "claim",
        StatementKind::StopAfter(_) => "stop after",
        StatementKind::SkipOrigin => "skip origin",
        StatementKind::Relay(_) => "relay",
        StatementKind::Take(_) => "take",
        StatementKind::Chain { .. } => "chain",
        StatementKind::When { .. } => "when",
        StatementKind::Offer { .. } => "offer",
        StatementKind::Keep(_) => "keep",
        StatementKind::Price(_) => "price",
        StatementKind::WinAfterDecline(_) => "win after decline",
        StatementKind::Leftover(_) => "leftover",
        StatementKind::Wins(_) => "wins",
        StatementKind::Unparsed(_) => return None,
    };
    FORMS.iter().find(|f| f.keyword == keyword)
}

/// Whether a statement of this form may stand in `section` (`None`: outside any section).
pub fn allowed_in(form: &Form, section: Option<&str>) -> bool {
    match (form.keyword, section) {
        ("when", Some("capture" | "end")) => true,
        _ => form.section == section,
    }
}

impl Form {
    /// The examples of the form, each in backticks: "`seeds 4` or `seeds 2 in row a`".
    pub fn examples(&self) -> String {
        self.example.split("   or   ").map(|e| format!("`{e}`")).collect::<Vec<_>>().join(" or ")
    }

    /// The example of the form as it is written in `section`.
    pub fn example_in(&self, section: Option<&str>) -> &'static str {
        match (self.keyword, section) {
            ("when", Some("end")) => "when every hole is empty",
            _ => self.example.split("   or   ").next().unwrap_or(self.example),
        }
    }
}

/// Where a form belongs, in words.
pub fn home(form: &Form) -> String {
    match (form.keyword, form.section) {
        ("when", _) => "a `capture { … }` or `end { … }` section".to_string(),
        (_, Some(section)) => format!("the `{section} {{ … }}` section"),
        (_, None) => "the top of the file, outside any section".to_string(),
    }
}

/// The statement form a line that could not be read most likely meant, judged by its words: the
/// keywords it starts with, else a keyword its first word is a likely typo of.
pub fn guess(line: &str) -> Option<&'static Form> {
    if let Some(form) = guess_exactly(line) {
        return Some(form);
    }
    let first = line.split_whitespace().next()?.trim_end_matches(':');
    let keywords = FORMS.iter().map(|f| f.keyword.split(' ').next().unwrap_or(f.keyword));
    let close = super::diagnostic::did_you_mean(first, keywords)?;
    FORMS.iter().find(|f| f.keyword.split(' ').next() == Some(close))
}

/// [`guess`] without looking for typos: the form whose keywords the line starts with.
pub fn guess_exactly(line: &str) -> Option<&'static Form> {
    // The keyword is among the first three words (`most stones wins`).
    let words: Vec<&str> = line.split_whitespace().take(3).collect();
    let first = *words.first()?;
    let first = first.trim_end_matches(':');
    // A form whose every keyword leads the line (`take in passing` before `take`).
    let leads = |f: &&Form| {
        let mut words = line.split_whitespace();
        f.keyword.contains(' ') && f.keyword.split(' ').all(|keyword| words.next() == Some(keyword))
    };
    if let Some(form) = FORMS.iter().find(leads) {
        return Some(form);
    }
    if let Some(form) = FORMS.iter().find(|f| f.keyword.split(' ').next() == Some(first)) {
        return Some(form);
    }
    // `south owns …`, `most stones wins`, `south moves first`: the keyword comes second.
    for word in words.iter().skip(1) {
        if let Some(form) =
            FORMS.iter().find(|f| matches!(f.keyword, "owns" | "moves first" | "wins") && f.keyword.split(' ').next() == Some(*word))
        {
            return Some(form);
        }
    }
    None
}
