//! Pass: the `board` section: size, which player owns which rows, and the seeds at the start.

use super::model::{Board, HoleSet, Num, Placement, RowEnd, RowKind, SetRef, Tracks};
use super::options::Slot;
use super::{Checker, Sections};
use crate::ast::{Ident, Place, Span, Statement, StatementKind, Value};
use crate::diagnostic::{did_you_mean, suggest, Code, Diagnostic};
use crate::player::Player;
use crate::{parse_label, row_letter, MAX_HOLES};

/// Rows a board may have: one or two per player.
pub(super) const MAX_ROWS: usize = 4;
const SET_SIZE: Slot = Slot { what: "the number of holes of a set", min: 1, max: 64 };
const COLUMNS: Slot = Slot { what: "the number of columns", min: 1, max: 64 };
const SEEDS: Slot = Slot { what: "the number of seeds in a hole", min: 0, max: 500 };

/// Who owns which holes: each row's owner (for a row owned hole by hole, its first hole's), and
/// the holes owned one by one (row, column, owner).
pub(super) struct Owners {
    pub rows: Vec<Player>,
    pub holes: Vec<(usize, usize, Player)>,
}

impl Owners {
    /// The most rows a player owns whole (every hole of the row theirs).
    fn most_whole_rows(&self) -> usize {
        let whole = |p: Player| {
            (0..self.rows.len()).filter(|&r| self.rows[r] == p && !self.holes.iter().any(|&(row, _, owner)| row == r && owner != p)).count()
        };
        whole(Player::South).max(whole(Player::North))
    }
}

/// Each player's outer and inner row, South first, where each player owns two neighbouring rows.
pub fn row_kinds(row_owner: &[Player]) -> Option<[(usize, usize); 2]> {
    let rows_of = |p: Player| -> Vec<usize> { (0..row_owner.len()).filter(|&r| row_owner[r] == p).collect() };
    let (south, north) = (rows_of(Player::South), rows_of(Player::North));
    match (south.as_slice(), north.as_slice()) {
        // South's edge is row `a`, North's the last row.
        ([s0, s1], [n0, n1]) if s1 - s0 == 1 && n1 - n0 == 1 => Some([(*s0.min(s1), *s0.max(s1)), (*n0.max(n1), *n0.min(n1))]),
        _ => None,
    }
}

impl Checker {
    pub(super) fn board(&mut self, sections: &Sections<'_>) -> Option<Board> {
        let statements = sections.of("board");
        let Some(&header) = sections.spans.get("board") else {
            if statements.is_empty() {
                self.missing_board(sections);
            }
            return None;
        };
        let size = statements.iter().find_map(|s| match &s.kind {
            StatementKind::Size { rows, columns } => Some((rows, columns, s.span)),
            _ => None,
        });
        let dimensions = match size {
            Some((rows, columns, span)) => {
                let rows = self.rows(rows);
                let columns = self.num(columns, COLUMNS);
                rows.zip(columns).filter(|(rows, columns)| self.fits(*rows, *columns, span))
            }
            None => {
                if !self.maybe_unreadable(Some("board"), "size") {
                    self.push(
                        Diagnostic::error(Code::MissingSize, "the board has no size", header, "no `size` in this section")
                            .with_help("add a line like `size 2 x 6` (rows x columns) to the board section"),
                    );
                }
                None
            }
        };
        let Some((rows, columns)) = dimensions else {
            // Without a size, check what does not need it, so that one run still reports every
            // mistake: the players and rows (a board has MAX_ROWS rows) and the seed counts.
            // The rows the `owns` lines name tell whether the board was meant to have 2 or 4.
            let rows = if statements
                .iter()
                .any(|s| matches!(&s.kind, StatementKind::Owns { rows, .. } if rows.iter().any(|r| r.name == "c" || r.name == "d")))
            {
                MAX_ROWS
            } else {
                2
            };
            // A size whose rows were refused leaves the rows unknown: no row is reported as
            // without an owner (a 3-row board must not go on about rows b and d).
            self.rows_unknown = size.is_some();
            let owners = self.owners(statements.iter().map(|s| (&s.kind, s.span)), rows, header, None);
            self.rows_unknown = false;
            self.row_kinds = owners.as_ref().filter(|o| o.holes.is_empty()).and_then(|o| row_kinds(&o.rows)).is_some();
            self.rows_each = owners.as_ref().map_or(0, Owners::most_whole_rows);
            self.hole_sets(statements, rows, None);
            self.seeds(statements, rows, None, header);
            return None;
        };
        let (min_columns, _) = self.column_bounds(columns);
        let owners = self.owners(statements.iter().map(|s| (&s.kind, s.span)), rows, header, Some(columns));
        self.row_kinds = owners.as_ref().filter(|o| o.holes.is_empty()).and_then(|o| row_kinds(&o.rows)).is_some();
        self.rows_each = owners.as_ref().map_or(0, Owners::most_whole_rows);
        self.rows_reported = false;
        let track = self.track(statements, rows, columns, header);
        // Rows that are no player's two neighbours make no circuits, unless a track gives one.
        let tracked = track.as_ref().is_some_and(Option::is_some);
        if rows == MAX_ROWS && !self.row_kinds && !tracked && owners.as_ref().is_some_and(|o| o.holes.is_empty()) {
            self.rows_not_neighbours(statements, header);
        }
        let sets = self.hole_sets(statements, rows, Some(min_columns));
        let seeds = self.seeds(statements, rows, Some(min_columns), header);
        let stores = self.stores(statements, rows, columns);
        let hand = self.hand(statements);
        let owners = owners?;
        Some(Board {
            rows,
            columns,
            row_owner: owners.rows,
            hole_owner: owners.holes,
            track: track?,
            seeds,
            sets: sets?,
            stores: stores?.is_some(),
            stores_left: stores? == Some(true),
            stores_sown: self.stores_sown(statements, stores?.is_some())?,
            hand: hand.map(|(count, _)| count),
            hand_line: hand.map(|(_, line)| line),
        })
    }

    /// The fewest and most columns the board may have: an option's smallest and largest value.
    fn column_bounds(&self, columns: Num) -> (usize, usize) {
        match columns {
            Num::Literal(n) => (n as usize, n as usize),
            Num::Option(i) => self.options[i].domain.numeric_bounds().map_or((1, 1), |(low, high)| (low as usize, high as usize)),
        }
    }

    /// Whether a board of `rows` x `columns` has few enough holes for the engine; reported when not.
    fn fits(&mut self, rows: usize, columns: Num, span: Span) -> bool {
        let (_, max_columns) = self.column_bounds(columns);
        if rows * max_columns <= MAX_HOLES {
            return true;
        }
        self.push(
            Diagnostic::error(
                Code::BoardTooLarge,
                format!("a board of {rows} x {max_columns} has {} holes", rows * max_columns),
                span,
                format!("at most {MAX_HOLES} holes"),
            )
            .with_help(format!("the engine handles boards of up to {MAX_HOLES} holes")),
        );
        false
    }

    /// `seeds N in hand`: the stones each player holds at the start (the last such line).
    fn hand(&mut self, statements: &[&Statement]) -> Option<(Num, Span)> {
        let mut hand = None;
        for statement in statements {
            if let StatementKind::Seeds { count, places } = &statement.kind {
                if places.iter().any(is_hand) {
                    hand = self.num(count, SEEDS).map(|n| (n, statement.span));
                }
            }
        }
        hand
    }

    /// The seeds at the start. Holes are checked against the board when its columns are known
    /// (`min_columns`: the fewest it may have).
    fn seeds(&mut self, statements: &[&Statement], rows: usize, min_columns: Option<usize>, header: Span) -> Vec<(Num, Placement)> {
        let mut seeds = Vec::new();
        let mut any_seeds = false;
        for statement in statements {
            let StatementKind::Seeds { count, places } = &statement.kind else {
                continue;
            };
            if places.iter().any(is_hand) {
                // Stones in hand, read by `hand`; with other places on the line, an error.
                if places.len() > 1 {
                    self.push(
                        Diagnostic::error(
                            Code::HandAndHoles,
                            "stones in hand and in holes on one line",
                            statement.span,
                            "`in hand` and holes",
                        )
                        .with_help("write the stones in hand on a line of their own: `seeds 32 in hand`"),
                    );
                }
                continue;
            }
            any_seeds = true;
            let count = self.num(count, SEEDS);
            let places: Vec<Option<Placement>> = match min_columns {
                Some(min_columns) => places.iter().map(|p| self.place(p, rows, min_columns)).collect(),
                None => {
                    for place in places {
                        if let Place::Row(row) = place {
                            self.row(row, rows);
                        }
                    }
                    continue;
                }
            };
            let Some(count) = count else { continue };
            if places.is_empty() {
                seeds.push((count, Placement::Everywhere));
            }
            seeds.extend(places.into_iter().flatten().map(|p| (count, p)));
        }
        if !any_seeds && !self.maybe_unreadable(Some("board"), "seeds") {
            self.push(
                Diagnostic::error(Code::MissingSeeds, "the board starts with no seeds", header, "no `seeds` in this section")
                    .with_help("add a line like `seeds 4` (every hole) or `seeds 2 in row a`"),
            );
        }
        seeds
    }

    /// Reports a file without a board, pointing where the board section would go.
    fn missing_board(&mut self, sections: &Sections<'_>) {
        let first_section = sections.spans.values().chain(sections.captures.iter().map(|(span, _)| span)).min().copied();
        let (span, label) = match first_section.or(self.first_item) {
            Some(span) => (span, "add the board section before this"),
            None => (Span::default(), "the file has no statement"),
        };
        self.push(
            Diagnostic::error(Code::MissingBoard, "the file has no `board` section", span, label)
                .with_help("every game needs a board; add one before the other sections, like\n\nboard {\n    size 2 x 6\n    seeds 4\n}"),
        );
    }

    fn rows(&mut self, rows: &Value) -> Option<usize> {
        match rows {
            Value::Number(n) => match n.value {
                Some(r @ 2..=6) => Some(r as usize),
                _ => {
                    self.push(
                        Diagnostic::error(
                            Code::BadRows,
                            format!("a board cannot have {} rows", n.value.map(|v| v.to_string()).unwrap_or_else(|| "that many".into())),
                            n.span,
                            "must be 2 to 6",
                        )
                        .with_help("a board has 2 rows (one for each player), 4 (two for each), or 3, 5 or 6 with a `track`"),
                    );
                    None
                }
            },
            Value::Name(name) => {
                self.mark_used(&name.name);
                self.push(
                    Diagnostic::error(
                        Code::RowsNotANumber,
                        "the number of rows must be written as a number",
                        name.span,
                        "an option cannot set the rows",
                    )
                    .with_help("write the rows as a number, e.g. `size 2 x columns`; only the columns may come from an option"),
                );
                None
            }
        }
    }

    /// Who owns each row: from `owns` statements, or half the rows each (South nearest row `a`).
    /// Who owns which holes: whole rows (`south owns rows a b`) and single holes (`south owns
    /// row a, holes b4 b5 b6`), every hole by one player. Holes are checked against the board when
    /// its columns are known (`columns`: how many; holes are named only where they are a number).
    fn owners<'s>(
        &mut self,
        statements: impl Iterator<Item = (&'s StatementKind, Span)>,
        rows: usize,
        header: Span,
        columns: Option<Num>,
    ) -> Option<Owners> {
        let mut owner: Vec<Option<(Player, Span)>> = vec![None; rows];
        let mut holes: Vec<(usize, usize, Player, Span)> = Vec::new();
        let mut any = false;
        let mut ok = true;
        // Rows given a second owner: the second owner, the row and where the first was given.
        let mut twice: Vec<(Player, &Ident, Span)> = Vec::new();
        for (kind, _) in statements {
            let StatementKind::Owns { player, rows: owned, holes: owned_holes } = kind else {
                continue;
            };
            any = true;
            let Some(p) = self.player(player) else {
                ok = false;
                continue;
            };
            for row in owned {
                let Some(r) = self.row(row, rows) else {
                    ok = false;
                    continue;
                };
                if let Some((_, earlier)) = owner[r] {
                    twice.push((p, row, earlier));
                    ok = false;
                } else {
                    owner[r] = Some((p, row.span));
                }
            }
            for label in owned_holes {
                match self.owned_hole(label, rows, columns) {
                    Some((r, c)) => holes.push((r, c, p, label.span)),
                    None => ok = false,
                }
                // On a board of a varying size no hole is named: said once for the line.
                if matches!(columns, Some(Num::Option(_))) {
                    break;
                }
            }
        }
        for (p, row, earlier) in twice {
            // The row nobody owns is most likely the one meant.
            let help = match owner.iter().position(Option::is_none) {
                Some(free) => format!("each row belongs to one player: did you mean `{p} owns row {}`?", row_letter(free)),
                None => "each row belongs to one player: remove one of the two".to_string(),
            };
            self.push(
                Diagnostic::error(Code::RowOwnedTwice, format!("row `{}` is given an owner twice", row.name), row.span, "again here")
                    .with_label(earlier, "first here")
                    .with_help(help),
            );
        }
        for (i, &(r, c, _, span)) in holes.iter().enumerate() {
            let earlier = holes[..i].iter().find(|h| (h.0, h.1) == (r, c)).map(|h| h.3).or(owner[r].map(|(_, span)| span));
            if let Some(earlier) = earlier {
                let label = format!("{}{}", row_letter(r), c + 1);
                self.push(
                    Diagnostic::error(Code::RowOwnedTwice, format!("hole `{label}` is given an owner twice"), span, "again here")
                        .with_label(earlier, "first here")
                        .with_help("each hole belongs to one player: name it in one `owns` line, by its row or by itself"),
                );
                ok = false;
            }
        }
        if !any {
            return Some(Owners {
                rows: (0..rows).map(|r| if r < rows / 2 { Player::South } else { Player::North }).collect(),
                holes: Vec::new(),
            });
        }
        if !ok {
            return None;
        }
        // A row is owned whole, or hole by hole: then every hole of it.
        let counted = |r: usize| holes.iter().filter(|h| h.0 == r).count();
        let width = match columns {
            Some(Num::Literal(n)) => n as usize,
            _ => 0,
        };
        let unowned: Vec<String> = (0..rows)
            .filter(|&r| owner[r].is_none() && (counted(r) == 0 || counted(r) < width))
            .map(|r| row_letter(r).to_string())
            .collect();
        if !unowned.is_empty() && self.rows_unknown {
            return None;
        }
        if !unowned.is_empty() {
            let partly = unowned.iter().any(|l| holes.iter().any(|h| row_letter(h.0).to_string() == *l));
            let help = match partly {
                true => "give every hole of a row owned hole by hole an owner: `south owns holes …` or `north owns holes …`".to_string(),
                false => format!("add `south owns row {}` or `north owns row {}`", unowned[0], unowned[0]),
            };
            let named = |r: usize, c: usize| holes.iter().any(|h| (h.0, h.1) == (r, c));
            let free: Vec<String> = (0..rows)
                .filter(|&r| owner[r].is_none() && counted(r) > 0)
                .flat_map(|r| (0..width).map(move |c| (r, c)))
                .filter(|&(r, c)| !named(r, c))
                .map(|(r, c)| format!("{}{}", row_letter(r), c + 1))
                .collect();
            let message = match partly {
                true => format!("no player owns {}", free.join(" ")),
                false => format!("no player owns row {}", unowned.join(", ")),
            };
            self.push(Diagnostic::error(Code::RowWithoutOwner, message, header, "in this board").with_help(help));
            return None;
        }
        let mut owned: Vec<(Player, Span)> = owner.iter().flatten().copied().collect();
        owned.extend(holes.iter().map(|h| (h.2, h.3)));
        for p in Player::BOTH {
            if !owned.iter().any(|(o, _)| *o == p) {
                // Every row went to the other player: suggest giving p the last row written.
                let (other, span) = owned[owned.len() - 1];
                let row = span.text(&self.source).to_string();
                self.push(
                    Diagnostic::error(Code::PlayerWithoutRow, format!("{p} owns no row"), span, format!("{other} owns every row"))
                        .with_help(format!(
                            "each player needs a row to move from: take row {row} from {other}, and write `{p} owns row {row}`"
                        )),
                );
                return None;
            }
        }
        // A row owned hole by hole stands, in `rows`, for the owner of its first hole.
        let row_owner = (0..rows)
            .map(|r| match owner[r] {
                Some((p, _)) => p,
                None => holes.iter().filter(|h| h.0 == r).min_by_key(|h| h.1).map_or(Player::South, |h| h.2),
            })
            .collect();
        Some(Owners { rows: row_owner, holes: holes.into_iter().map(|(r, c, p, _)| (r, c, p)).collect() })
    }

    /// `track a1-a6 b6-b4 …`: every hole of the board once, in counter-clockwise order; needed on
    /// a board of 3, 5 or 6 rows, whose circuit no rule of rows gives. Or `south track …` and
    /// `north track …`: each player's own circuit. `Some(None)`: no track; else each player's.
    fn track(&mut self, statements: &[&Statement], rows: usize, columns: Num, header: Span) -> Option<Option<Tracks>> {
        let shared = statements.iter().find_map(|s| match &s.kind {
            StatementKind::Track(parts) => Some((parts, s.span)),
            _ => None,
        });
        let own: Vec<(&Ident, &Vec<Ident>, Span)> = statements
            .iter()
            .filter_map(|s| match &s.kind {
                StatementKind::PlayerTrack { player, runs } => Some((player, runs, s.span)),
                _ => None,
            })
            .collect();
        if let (Some((_, span)), Some((_, _, theirs))) = (shared, own.first()) {
            self.push(
                Diagnostic::error(Code::Contradiction, "the board's circuit is given twice", *theirs, "one player's")
                    .with_label(span, "both players'")
                    .with_help("keep one: `track …` for a circuit both players share, or a `south track …` and a `north track …`"),
            );
            return None;
        }
        if shared.is_none() && own.is_empty() {
            if rows == 2 || rows == 4 {
                return Some(None);
            }
            self.push(
                Diagnostic::error(Code::BadTrack, format!("a board of {rows} rows needs its `track`"), header, "no circuit").with_help(
                    "say the order the holes are sown in, counter-clockwise, as runs along a row: `track a1-a6 b6-b4 c6-c1 b1-b3` \
                         (each player's holes, then the opponent's)",
                ),
            );
            return None;
        }
        let span = shared.map_or_else(|| own[0].2, |(_, span)| span);
        let Num::Literal(width) = columns else {
            self.push(
                Diagnostic::error(Code::BadTrack, "a track names holes, so the columns must be a number", span, "the track")
                    .with_help("write the board's columns as a number (`size 3 x 6`)"),
            );
            return None;
        };
        let width = width as usize;
        if let Some((parts, span)) = shared {
            let order = self.track_order(parts, span, rows, width)?;
            return Some(Some([order.clone(), order]));
        }
        let mut orders: [Option<Vec<(usize, usize)>>; 2] = [None, None];
        let mut ok = true;
        for (player, runs, span) in &own {
            let Some(who) = self.player(player) else {
                ok = false;
                continue;
            };
            if orders[who.index()].is_some() {
                // Said twice: the duplicates check reports it.
                ok = false;
                continue;
            }
            let order = self.track_order(runs, *span, rows, width);
            ok &= order.is_some();
            orders[who.index()] = order;
        }
        if !ok {
            return None;
        }
        match orders {
            [Some(south), Some(north)] => Some(Some([south, north])),
            [south, _] => {
                let (missing, given) = if south.is_none() { ("south", "north") } else { ("north", "south") };
                self.push(
                    Diagnostic::error(
                        Code::BadTrack,
                        format!("{given} has a track of their own, {missing} none"),
                        own[0].2,
                        "one player's circuit",
                    )
                    .with_help(format!("give {missing}'s too: `{missing} track …`, or one `track …` both players sow along")),
                );
                None
            }
        }
    }

    /// The holes of a track's runs, in order: every hole of the board once (reported otherwise).
    fn track_order(&mut self, parts: &[Ident], span: Span, rows: usize, width: usize) -> Option<Vec<(usize, usize)>> {
        let mut order: Vec<(usize, usize)> = Vec::new();
        let mut ok = true;
        for part in parts {
            let (from, to) = part.name.split_once('-').unwrap_or((&part.name, &part.name));
            let hole = |label: &str| parse_label(label).filter(|(r, c)| *r < rows && (1..=width).contains(c)).map(|(r, c)| (r, c - 1));
            match (hole(from), hole(to)) {
                (Some((r, a)), Some((r2, b))) if r == r2 => {
                    let run: Vec<usize> = if a <= b { (a..=b).collect() } else { (b..=a).rev().collect() };
                    order.extend(run.into_iter().map(|c| (r, c)));
                }
                (Some(_), Some(_)) => {
                    self.push(
                        Diagnostic::error(Code::BadTrack, format!("`{}` runs across rows", part.name), part.span, "not one row")
                            .with_help("a run goes along one row (`a1-a6`); write a run for each row"),
                    );
                    ok = false;
                }
                _ => {
                    self.push(
                        Diagnostic::error(
                            Code::UnknownHole,
                            format!("`{}` is not a hole or a run of holes of this board", part.name),
                            part.span,
                            "unknown hole",
                        )
                        .with_help(format!(
                            "a track lists holes (`b4`) and runs along a row (`a1-a{width}`) of this {rows} x {width} board"
                        )),
                    );
                    ok = false;
                }
            }
        }
        if !ok {
            return None;
        }
        let label = |(r, c): (usize, usize)| format!("{}{}", row_letter(r), c + 1);
        if let Some(i) = (1..order.len()).find(|&i| order[..i].contains(&order[i])) {
            self.push(
                Diagnostic::error(Code::BadTrack, format!("the track passes {} twice", label(order[i])), span, "twice")
                    .with_help("a track goes through every hole once"),
            );
            return None;
        }
        let missing: Vec<String> =
            (0..rows).flat_map(|r| (0..width).map(move |c| (r, c))).filter(|h| !order.contains(h)).map(label).collect();
        if !missing.is_empty() {
            self.push(
                Diagnostic::error(Code::BadTrack, format!("the track leaves out {}", missing.join(" ")), span, "not every hole")
                    .with_help("a track goes through every hole of the board once"),
            );
            return None;
        }
        Some(order)
    }

    /// A hole named in an `owns` line, on a board whose columns are a number.
    fn owned_hole(&mut self, label: &Ident, rows: usize, columns: Option<Num>) -> Option<(usize, usize)> {
        let width = match columns {
            Some(Num::Literal(n)) => n as usize,
            Some(Num::Option(_)) => {
                self.push(
                    Diagnostic::error(
                        Code::UnknownHole,
                        "holes are owned by name only on a board of a fixed size",
                        label.span,
                        "which hole?",
                    )
                    .with_help("write the columns as a number (`size 3 x 6`) to give single holes an owner"),
                );
                return None;
            }
            None => return parse_label(&label.name).filter(|(r, _)| *r < rows).map(|(r, c)| (r, c - 1)),
        };
        let hole =
            self.hole_of(label, rows, Some(width), "a player owns holes of the board by their labels: `south owns row a, holes b4 b5 b6`");
        hole.map(|(r, c)| (r, c - 1))
    }

    pub(super) fn player(&mut self, name: &Ident) -> Option<Player> {
        let player = Player::from_name(&name.name);
        if player.is_none() {
            self.push(
                Diagnostic::error(Code::UnknownPlayer, format!("there is no player called `{}`", name.name), name.span, "unknown player")
                    .with_help(suggest(&name.name, &["south", "north"])),
            );
        }
        player
    }

    fn row(&mut self, name: &Ident, rows: usize) -> Option<usize> {
        let letters: Vec<String> = (0..rows).map(|r| row_letter(r).to_string()).collect();
        match letters.iter().position(|l| *l == name.name) {
            Some(r) => Some(r),
            None => {
                self.push(
                    Diagnostic::error(
                        Code::UnknownRow,
                        format!("there is no row `{}` on a board of {rows} rows", name.name),
                        name.span,
                        "unknown row",
                    )
                    .with_help(format!("rows are lettered from South's edge: {}", letters.join(", "))),
                );
                None
            }
        }
    }

    fn place(&mut self, place: &Place, rows: usize, min_columns: usize) -> Option<Placement> {
        if is_hand(place) {
            return None;
        }
        match place {
            Place::Row(row) => self.row(row, rows).map(Placement::Row),
            Place::Hole(label) if parse_label(&label.name).is_none() && self.is_set_name(&label.name) => {
                self.set_ref(label).map(Placement::Set)
            }
            Place::Hole(label) => {
                let last = format!("{}{}", row_letter(rows - 1), min_columns);
                let help = format!(
                    "holes are a row letter and a column, from a1 to {last}; a whole row is written `row a`{}",
                    self.set_names_help()
                );
                let hole = self.hole_of(label, rows, Some(min_columns), &help);
                hole.map(|(row, column)| Placement::Hole { row, column: column - 1 })
            }
        }
    }
}

/// `own row`, `opponent's row`: every hole a player owns, where they own one row (see
/// [`Checker::row_empty`]).
pub(super) const ROW: &str = "row";

/// Names of the sets of holes every four-row board has.
pub(super) const ROW_SETS: &[(&str, RowKind)] = &[("outer", RowKind::Outer), ("inner", RowKind::Inner)];

impl Checker {
    /// The `set NAME = …` statements of the board. Their names are recorded even when a set has
    /// mistakes, so that its uses are not reported again. `min_columns`: `None` when the board
    /// has no size (the sets are checked, not built).
    fn hole_sets(&mut self, statements: &[&Statement], rows: usize, min_columns: Option<usize>) -> Option<Vec<HoleSet>> {
        self.set_names.clear();
        let mut sets = Vec::new();
        let mut ok = true;
        let mut first: Vec<(String, Span)> = Vec::new();
        for statement in statements {
            let name = match &statement.kind {
                StatementKind::HoleSet { name, .. } | StatementKind::HoleListSet { name, .. } => name,
                _ => continue,
            };
            if let Some((_, earlier)) = first.iter().find(|(n, _)| *n == name.name) {
                self.push(
                    Diagnostic::error(Code::DuplicateSet, format!("the set `{}` is defined twice", name.name), name.span, "defined again")
                        .with_label(*earlier, "first defined here")
                        .with_help("keep one definition, or give the second set another name"),
                );
                ok = false;
                continue;
            }
            first.push((name.name.clone(), name.span));
            self.set_names.push(name.name.clone());
            if ROW_SETS.iter().any(|(n, _)| *n == name.name) || name.name == ROW || parse_label(&name.name).is_some() {
                self.push(
                    Diagnostic::error(
                        Code::ReservedSetName,
                        format!("`{}` already names holes of the board", name.name),
                        name.span,
                        "taken",
                    )
                    .with_help("choose another name for the set, such as `ends`"),
                );
                ok = false;
                continue;
            }
            let (end, count, row) = match &statement.kind {
                StatementKind::HoleSet { end, count, row, .. } => (end, count, row),
                StatementKind::HoleListSet { holes, .. } => {
                    match self.listed_holes(holes, rows, min_columns) {
                        Some(holes) => sets.push(HoleSet {
                            name: name.name.clone(),
                            holes,
                            end: RowEnd::First,
                            count: Num::Literal(0),
                            row: RowKind::Own,
                        }),
                        None => ok = false,
                    }
                    continue;
                }
                _ => continue,
            };
            let end = self.word(end, "an end of a row", &[("first", RowEnd::First), ("last", RowEnd::Last)]);
            let count = self.num(count, SET_SIZE);
            let kind = self.row_kind(row);
            if let (Some(Num::Literal(n)), Some(columns)) = (count, min_columns) {
                if n as usize > columns {
                    self.push(
                        Diagnostic::error(
                            Code::SetTooLarge,
                            format!("a row has {columns} holes, not {n}"),
                            statement.span,
                            "too many holes",
                        )
                        .with_help(format!("a set takes at most the {columns} holes of a row")),
                    );
                    ok = false;
                    continue;
                }
            }
            match (end, count, kind) {
                (Some(end), Some(count), Some(row)) => sets.push(HoleSet { name: name.name.clone(), holes: Vec::new(), end, count, row }),
                _ => ok = false,
            }
        }
        ok.then_some(sets)
    }

    /// The hole `label` names, on a board of `rows` rows and at least `min_columns` columns (row and
    /// column from 1), reported with `help` when there is none.
    fn hole_of(&mut self, label: &Ident, rows: usize, min_columns: Option<usize>, help: &str) -> Option<(usize, usize)> {
        let parsed = parse_label(&label.name).filter(|(r, c)| *r < rows && min_columns.is_none_or(|m| (1..=m).contains(c)));
        if parsed.is_none() {
            self.push(
                Diagnostic::error(
                    Code::UnknownHole,
                    format!("there is no hole `{}` on this board", label.name),
                    label.span,
                    "unknown hole",
                )
                .with_help(help),
            );
        }
        parsed
    }

    /// The holes of `set … = holes b5 c4`, each on the board (checked once the columns are known).
    fn listed_holes(&mut self, holes: &[Ident], rows: usize, min_columns: Option<usize>) -> Option<Vec<(usize, usize)>> {
        let mut listed = Vec::new();
        let mut ok = true;
        for label in holes {
            match self.hole_of(label, rows, min_columns, "a set lists holes of the board by their labels: `set marked = holes b5 c4`") {
                Some((row, column)) => listed.push((row, column - 1)),
                None => ok = false,
            }
        }
        ok.then_some(listed)
    }

    /// `stores at right` or `stores at left`: `Some(None)` without it, `Some(Some(left))` with
    /// it, `None` when it cannot be.
    fn stores(&mut self, statements: &[&Statement], rows: usize, columns: Num) -> Option<Option<bool>> {
        let Some((side, span)) = statements.iter().find_map(|s| match &s.kind {
            StatementKind::Stores(side) => Some((side, s.span)),
            _ => None,
        }) else {
            return Some(None);
        };
        let left = self.word(side, "where a player's store is", &[("right", false), ("left", true)])?;
        if rows != 2 {
            self.push(
                Diagnostic::error(
                    Code::StoresNeedTwoRows,
                    format!("stores on a board of {rows} rows are not supported yet"),
                    span,
                    "stores",
                )
                .with_help("stores work on boards of 2 rows, at the end of each player's row"),
            );
            return None;
        }
        let (_, max_columns) = self.column_bounds(columns);
        if rows * max_columns + 2 > MAX_HOLES {
            self.push(
                Diagnostic::error(
                    Code::BoardTooLarge,
                    format!("a board of {rows} x {max_columns} with two stores has {} places", rows * max_columns + 2),
                    span,
                    format!("at most {MAX_HOLES} holes and stores"),
                )
                .with_help(format!("with stores, a row has at most {} holes", (MAX_HOLES - 2) / rows)),
            );
            return None;
        }
        Some(Some(left))
    }

    /// `stores not sown into`: `Some(false)` with it, on a board with stores; `None` (reported)
    /// without stores.
    fn stores_sown(&mut self, statements: &[&Statement], stores: bool) -> Option<bool> {
        let Some(span) = statements.iter().find(|s| matches!(s.kind, StatementKind::StoresNotSown)).map(|s| s.span) else {
            return Some(true);
        };
        if !stores {
            self.push(
                Diagnostic::error(Code::NoStores, "this board has no stores to leave out of the sowing", span, "which stores?")
                    .with_help("add `stores at right` (or `at left`) to the board section, or remove this line"),
            );
            return None;
        }
        Some(false)
    }

    /// `outer` or `inner`, on a board where each player owns two rows; or `own`, any board.
    pub(super) fn row_kind(&mut self, word: &Ident) -> Option<RowKind> {
        if word.name == "own" {
            return Some(RowKind::Own);
        }
        let kind = self.word(word, "a kind of row", ROW_SETS)?;
        self.row_kinds_allowed(word).then_some(kind)
    }

    /// On four rows, each player's two rows must be neighbours: they make the player's circuit,
    /// and one is their outer row, the other their inner row.
    fn rows_not_neighbours(&mut self, statements: &[&Statement], header: Span) {
        let owns: Vec<Span> = statements.iter().filter(|s| matches!(s.kind, StatementKind::Owns { .. })).map(|s| s.span).collect();
        let mut diagnostic = Diagnostic::error(
            Code::RowsNotNeighbours,
            "on a board of 4 rows each player owns two neighbouring rows",
            owns.first().copied().unwrap_or(header),
            "these rows are not neighbours",
        )
        .with_help("give South the two rows at its edge and North the other two: `south owns rows a b` and `north owns rows c d`");
        for span in owns.iter().skip(1) {
            diagnostic = diagnostic.with_label(*span, "nor these");
        }
        self.push(diagnostic);
        self.rows_reported = true;
    }

    fn row_kinds_allowed(&mut self, word: &Ident) -> bool {
        if !self.row_kinds && !self.rows_reported {
            self.push(
                Diagnostic::error(
                    Code::NeedsTwoRowsEach,
                    format!("`{}` rows need a board where each player owns two neighbouring rows", word.name),
                    word.span,
                    "which row is that?",
                )
                .with_help("on a board of 4 rows, write `south owns rows a b` and `north owns rows c d`: `outer` is a player's row at their edge, `inner` the one next to the opponent"),
            );
        }
        self.row_kinds
    }

    pub(super) fn is_set_name(&self, name: &str) -> bool {
        ROW_SETS.iter().any(|(n, _)| *n == name) || self.set_names.iter().any(|n| n == name)
    }

    /// The set a name stands for, reported when there is none.
    pub(super) fn set_ref(&mut self, name: &Ident) -> Option<SetRef> {
        if let Some((_, kind)) = ROW_SETS.iter().find(|(n, _)| *n == name.name) {
            return self.row_kinds_allowed(name).then_some(SetRef::Rows(*kind));
        }
        if let Some(i) = self.set_names.iter().position(|n| *n == name.name) {
            return Some(SetRef::Named(i));
        }
        let mut known: Vec<&str> = if self.row_kinds { ROW_SETS.iter().map(|(n, _)| *n).collect() } else { Vec::new() };
        known.extend(self.set_names.iter().map(String::as_str));
        let help = match did_you_mean(&name.name, known.iter().copied()) {
            Some(close) => format!("did you mean `{close}`?"),
            None if known.is_empty() => {
                "this board has no sets of holes; define one in the board section, like `set ends = last 2 holes of outer row`".to_string()
            }
            None => format!(
                "the sets of this board are {}; define others in the board section, like `set ends = last 2 holes of outer row`",
                known.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
            ),
        };
        self.push(
            Diagnostic::error(Code::UnknownSet, format!("there is no set of holes called `{}`", name.name), name.span, "unknown set")
                .with_help(help),
        );
        None
    }

    fn set_names_help(&self) -> String {
        match self.set_names.as_slice() {
            [] => String::new(),
            names => format!("; the sets of this board are {}", names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")),
        }
    }
}

/// Whether a `seeds` place is the players' hands (`seeds 32 in hand`).
fn is_hand(place: &Place) -> bool {
    matches!(place, Place::Hole(word) if word.name == "hand")
}
