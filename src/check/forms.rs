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

/// Every statement form, in the order help lists them.
pub const FORMS: &[Form] = &[
    GAME,
    SOURCE,
    RULING,
    PROJECT_RULING,
    OPTION,
    CONDITION,
    SIZE,
    OWNS,
    SEEDS,
    STORES,
    STORES_NOT_SOWN,
    SET,
    TRACK,
    MOVES_FIRST,
    START,
    OTHERWISE,
    PLAY_AGAIN,
    MUST_FEED,
    MUST_CAPTURE,
    REVERSE,
    PLACE_FROM_HAND,
    OTHERWISE_PLACE,
    FIRST_LAP_DECIDES,
    NO_MOVE_LEAVES,
    NO_MOVE,
    SOW,
    FIRST_SEED,
    SKIP_ORIGIN,
    RELAY,
    RELAY_OR_STOP,
    LIFT_ONLY,
    STOP_AFTER,
    TAKE_IN_PASSING,
    TAKE,
    CHOOSE,
    SOW_CAPTURED,
    DIRECTION,
    CLAIM,
    CONTINUE_FROM,
    GRAND_SLAM,
    CHAIN,
    WHEN,
    OFFER,
    KEEP,
    PRICE,
    WIN_AFTER_DECLINE,
    REFILL,
    REFILL_AS_POORER,
    HOLES_CHANGE_HANDS,
    REFILL_FROM,
    UNFILLED_OPEN,
    STARTER_ALTERNATES,
    RESULT_STARTS,
    END_MATCH,
    LEFTOVER,
    WINS,
];

pub const GAME: Form = Form { keyword: "game", section: None, example: "game \"My game\"" };
pub const SOURCE: Form = Form { keyword: "source", section: None, example: "source \"Mancala World – My game\"" };
pub const RULING: Form = Form { keyword: "ruling", section: None, example: "ruling H1 \"First stone back into the origin\"" };
pub const PROJECT_RULING: Form =
    Form { keyword: "project ruling", section: None, example: "project ruling D6 \"A third repetition ends the game\"" };
pub const OPTION: Form = Form { keyword: "option", section: None, example: "option seeds: 2..9 = 4" };
pub const CONDITION: Form = Form { keyword: "condition", section: None, example: "condition strong = in marked and intact and count >= 6" };
pub const SIZE: Form = Form { keyword: "size", section: Some("board"), example: "size 2 x 6" };
pub const OWNS: Form =
    Form { keyword: "owns", section: Some("board"), example: "south owns row a   or   south owns row a, holes b4 b5 b6" };
pub const TRACK: Form =
    Form { keyword: "track", section: Some("board"), example: "track a1-a6 b6-b4 c6-c1 b1-b3   or   south track a1-a6 b6-b1 c1-c6" };
pub const SEEDS: Form = Form { keyword: "seeds", section: Some("board"), example: "seeds 4   or   seeds 2 in row a   or   seeds 3 in a1" };
pub const STORES: Form = Form { keyword: "stores", section: Some("board"), example: "stores at right   or   stores at left" };
pub const STORES_NOT_SOWN: Form = Form { keyword: "stores not sown into", section: Some("board"), example: "stores not sown into" };
pub const SET: Form =
    Form { keyword: "set", section: Some("board"), example: "set ends = last 2 holes of outer row   or   set marked = holes b5 c4" };
pub const MOVES_FIRST: Form = Form { keyword: "moves first", section: Some("play"), example: "south moves first" };
pub const START: Form = Form { keyword: "start", section: Some("play"), example: "start from own hole where count >= 2" };
pub const OTHERWISE: Form =
    Form { keyword: "otherwise", section: Some("play"), example: "otherwise from own hole where count = 1 and next hole is empty" };
pub const PLAY_AGAIN: Form = Form { keyword: "play again", section: Some("play"), example: "play again when last seed in own store" };
pub const MUST_FEED: Form = Form { keyword: "must feed", section: Some("play"), example: "must feed an empty opponent" };
pub const NO_MOVE: Form = Form { keyword: "no move", section: Some("play"), example: "no move: pass" };
pub const REVERSE: Form =
    Form { keyword: "reverse", section: Some("play"), example: "reverse from own hole where count >= 2 and in lefts, only to capture" };
pub const MUST_CAPTURE: Form =
    Form { keyword: "must capture", section: Some("play"), example: "must capture   or   must capture from own hole where count >= 2" };
pub const NO_MOVE_LEAVES: Form = Form { keyword: "no move leaves", section: Some("play"), example: "no move leaves own inner row empty" };
pub const FIRST_LAP_DECIDES: Form =
    Form { keyword: "no capture unless", section: Some("play"), example: "no capture unless the first lap captures" };
pub const PLACE_FROM_HAND: Form =
    Form { keyword: "place from hand", section: Some("play"), example: "place from hand into own hole where in inner row" };
pub const OTHERWISE_PLACE: Form =
    Form { keyword: "otherwise place", section: Some("play"), example: "otherwise place from hand into own hole where not empty" };
pub const PHASE: Form = Form { keyword: "phase", section: Some("play"), example: "phase placing until hand = 0   then   phase sowing" };
pub const LIFT_ONLY: Form =
    Form { keyword: "lift only", section: Some("sowing"), example: "lift only 2 when phase = placing and lap = 1 and in marked" };
pub const DIRECTION: Form = Form { keyword: "direction", section: Some("capture"), example: "direction clockwise when in lefts" };
pub const SOW: Form = Form {
    keyword: "sow",
    section: Some("sowing"),
    example: "sow counter-clockwise   or   sow counter-clockwise round own rows   or   sow either way round own rows",
};
pub const FIRST_SEED: Form =
    Form { keyword: "first seed", section: Some("sowing"), example: "first seed into origin   or   first seed into origin unless alone" };
pub const SKIP_ORIGIN: Form = Form { keyword: "skip origin", section: Some("sowing"), example: "skip origin" };
pub const RELAY: Form = Form {
    keyword: "relay",
    section: Some("sowing"),
    example: "relay when count >= 2   or   relay from next hole when next hole is not empty",
};
pub const RELAY_OR_STOP: Form =
    Form { keyword: "relay or stop", section: Some("sowing"), example: "relay or stop when count >= 2 and in ends" };
pub const STOP_AFTER: Form = Form { keyword: "stop after", section: Some("sowing"), example: "stop after 100 laps" };
pub const TAKE_IN_PASSING: Form = Form {
    keyword: "take in passing",
    section: Some("sowing"),
    example: "take in passing when count = 4   or   take in passing when count = 4, to owner",
};
pub const TAKE: Form = Form {
    keyword: "take",
    section: Some("capture"),
    example: "take last hole   or   take opposite hole   or   take behind hole   or   take opponent's column   or   take 2 from last hole",
};
pub const CHOOSE: Form =
    Form { keyword: "choose", section: Some("capture"), example: "choose 2 more holes where opponent's and not empty" };
pub const SOW_CAPTURED: Form = Form {
    keyword: "sow captured",
    section: Some("capture"),
    example: "sow captured from next hole   or   sow captured after origin   or   sow captured from first hole of inner row",
};
pub const CONTINUE_FROM: Form = Form { keyword: "continue from", section: Some("capture"), example: "continue from last hole" };
pub const CLAIM: Form =
    Form { keyword: "claim", section: Some("capture"), example: "claim last hole   or   claim last hole, keeping its stones" };
pub const GRAND_SLAM: Form = Form { keyword: "grand slam", section: Some("capture"), example: "grand slam captures nothing" };
pub const CHAIN: Form = Form { keyword: "chain", section: Some("capture"), example: "chain backward while count in {2, 4}" };
pub const WHEN: Form =
    Form { keyword: "when", section: Some("capture"), example: "when own and count in {2, 4}   or   when every hole is empty" };
pub const OFFER: Form = Form { keyword: "offer", section: Some("trade"), example: "offer 1..3 own holes" };
pub const KEEP: Form = Form { keyword: "keep", section: Some("trade"), example: "keep at least 1 hole" };
pub const PRICE: Form = Form { keyword: "price", section: Some("trade"), example: "price 6 captured stones per hole" };
pub const WIN_AFTER_DECLINE: Form =
    Form { keyword: "win after decline", section: Some("trade"), example: "win after decline \"victory without glory\"" };
pub const REFILL: Form = Form {
    keyword: "refill",
    section: Some("rounds"),
    example: "refill 4 per hole   or   refill 4 per hole, the rest in one more hole   or   refill 3 per hole, a rest of 2 or more made up by the opponent",
};
pub const REFILL_AS_POORER: Form =
    Form { keyword: "refill as many", section: Some("rounds"), example: "refill as many holes as the poorer" };
pub const REFILL_FROM: Form =
    Form { keyword: "refill from", section: Some("rounds"), example: "refill from last hole   or   refill from first hole" };
pub const HOLES_CHANGE_HANDS: Form = Form { keyword: "holes change hands", section: Some("rounds"), example: "holes change hands" };
pub const UNFILLED_OPEN: Form = Form { keyword: "unfilled holes", section: Some("rounds"), example: "unfilled holes stay open" };
pub const RESULT_STARTS: Form = Form { keyword: "loser starts", section: Some("rounds"), example: "loser starts   or   winner starts" };
pub const STARTER_ALTERNATES: Form = Form { keyword: "starter alternates", section: Some("rounds"), example: "starter alternates" };
pub const END_MATCH: Form = Form {
    keyword: "end match",
    section: Some("rounds"),
    example: "end match when round start repeats 5 times, leftover to owner, \"the same round came back 5 times\"",
};
pub const LEFTOVER: Form = Form { keyword: "leftover", section: Some("end"), example: "leftover to owner" };
pub const WINS: Form = Form { keyword: "wins", section: Some("end"), example: "most stones wins" };

/// The form of a parsed statement (`None` for an unparsed line).
pub fn form_of(kind: &StatementKind) -> Option<&'static Form> {
    let form = match kind {
        StatementKind::Game(_) => &GAME,
        StatementKind::Source(_) => &SOURCE,
        StatementKind::Ruling { project: false, .. } => &RULING,
        StatementKind::Ruling { project: true, .. } => &PROJECT_RULING,
        StatementKind::Option { .. } => &OPTION,
        StatementKind::NamedCondition { .. } => &CONDITION,
        StatementKind::Size { .. } => &SIZE,
        StatementKind::Owns { .. } => &OWNS,
        StatementKind::Track(_) | StatementKind::PlayerTrack { .. } => &TRACK,
        StatementKind::ContinueFrom(_) => &CONTINUE_FROM,
        StatementKind::Seeds { .. } => &SEEDS,
        StatementKind::MovesFirst(_) => &MOVES_FIRST,
        StatementKind::Start { .. } => &START,
        StatementKind::NoMove(_) => &NO_MOVE,
        StatementKind::Sow(_) | StatementKind::SowOwnRows { .. } => &SOW,
        StatementKind::HoleSet { .. } => &SET,
        StatementKind::Otherwise(_) => &OTHERWISE,
        StatementKind::RelayOrStop(_) => &RELAY_OR_STOP,
        StatementKind::RelayFrom { .. } => &RELAY,
        StatementKind::Stores(_) => &STORES,
        StatementKind::StoresNotSown => &STORES_NOT_SOWN,
        StatementKind::PlayAgain(_) => &PLAY_AGAIN,
        StatementKind::MustFeed => &MUST_FEED,
        StatementKind::GrandSlamNothing => &GRAND_SLAM,
        StatementKind::Refill { .. } => &REFILL,
        StatementKind::RefillAsPoorer => &REFILL_AS_POORER,
        StatementKind::HolesChangeHands => &HOLES_CHANGE_HANDS,
        StatementKind::RefillFrom(_) => &REFILL_FROM,
        StatementKind::UnfilledOpen => &UNFILLED_OPEN,
        StatementKind::ResultStarts(_) => &RESULT_STARTS,
        StatementKind::StarterAlternates => &STARTER_ALTERNATES,
        StatementKind::EndMatch { .. } => &END_MATCH,
        StatementKind::TakeColumn(_) => &TAKE,
        StatementKind::Choose { .. } => &CHOOSE,
        StatementKind::FirstSeed(_) | StatementKind::FirstSeedUnlessAlone(_) => &FIRST_SEED,
        StatementKind::InPassing { .. } => &TAKE_IN_PASSING,
        StatementKind::SowCaptured { .. } => &SOW_CAPTURED,
        StatementKind::SowEitherWay { .. } => &SOW,
        StatementKind::Reverse { .. } => &REVERSE,
        StatementKind::MustCapture(_) => &MUST_CAPTURE,
        StatementKind::NoMoveLeaves(_) => &NO_MOVE_LEAVES,
        StatementKind::FirstLapDecides => &FIRST_LAP_DECIDES,
        StatementKind::PlaceFromHand { .. } => &PLACE_FROM_HAND,
        StatementKind::OtherwisePlace(_) => &OTHERWISE_PLACE,
        StatementKind::Phase { .. } => &PHASE,
        StatementKind::LiftOnly { .. } => &LIFT_ONLY,
        StatementKind::HoleListSet { .. } => &SET,
        StatementKind::Direction { .. } => &DIRECTION,
        StatementKind::Claim { .. } => &CLAIM,
        StatementKind::StopAfter(_) => &STOP_AFTER,
        StatementKind::SkipOrigin => &SKIP_ORIGIN,
        StatementKind::Relay(_) => &RELAY,
        StatementKind::Take(_) | StatementKind::TakePart { .. } => &TAKE,
        StatementKind::Chain { .. } => &CHAIN,
        StatementKind::When { .. } => &WHEN,
        StatementKind::Offer { .. } => &OFFER,
        StatementKind::Keep(_) => &KEEP,
        StatementKind::Price(_) => &PRICE,
        StatementKind::WinAfterDecline(_) => &WIN_AFTER_DECLINE,
        StatementKind::Leftover(_) => &LEFTOVER,
        StatementKind::Wins(_) => &WINS,
        StatementKind::Unparsed(_) => return None,
    };
    Some(form)
}

/// Whether a statement of this form may stand in `section` (`None`: outside any section).
pub fn allowed_in(form: &Form, section: Option<&str>) -> bool {
    match (form.keyword, section) {
        ("when", Some("capture" | "end")) => true,
        _ => form.section == section,
    }
}

/// The forms a section (or the top of the file) may hold several of; each other form is said once.
const MAY_REPEAT: &[&Form] = &[
    &SOURCE,
    &RULING,
    &PROJECT_RULING,
    // One line per option, per condition, per set and per phase; a name given twice is their
    // own check.
    &OPTION,
    &CONDITION,
    &SET,
    &PHASE,
    // Applied in order, a later one over an earlier.
    &SEEDS,
    // A capture's condition (its own check refuses two in one section), and the endings.
    &WHEN,
    // A capture may take several things, in order (`take last hole`, `take opposite hole`).
    &TAKE,
    // A capture may turn the sowing one way or the other, the first that holds.
    &DIRECTION,
];

impl Form {
    /// Whether a section (or the top of the file) may hold several statements of this form.
    pub fn may_repeat(&self) -> bool {
        MAY_REPEAT.iter().any(|form| form.keyword == self.keyword)
    }

    /// The examples of the form, each in backticks: "`seeds 4` or `seeds 2 in row a`".
    pub fn examples(&self) -> String {
        self.example.split("   or   ").map(|e| format!("`{e}`")).collect::<Vec<_>>().join(" or ")
    }

    /// The example of the form as it is written in `section`.
    pub fn example_in(&self, section: Option<&str>) -> &'static str {
        match (self.keyword, section) {
            ("when", Some("end")) => "when every hole is empty, \"the board is empty\"",
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
    let close = crate::diagnostic::did_you_mean(first, keywords)?;
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
