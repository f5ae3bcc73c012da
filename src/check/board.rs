//! Pass: the `board` section: size, which player owns which rows, and the seeds at the start.

use super::diagnostic::{suggest, Diagnostic};
use super::model::{Num, Placement};
use super::options::Slot;
use super::{Checker, Sections};
use crate::ast::{Ident, Place, Span, StatementKind, Value};
use crate::player::Player;
use crate::{parse_label, row_letter, MAX_HOLES};

/// Rows a board has: one per player. Four-row boards arrive with per-player circuits.
pub(super) const MAX_ROWS: usize = 2;
const COLUMNS: Slot = Slot { what: "the number of columns", min: 1, max: 64 };
const SEEDS: Slot = Slot { what: "the number of seeds in a hole", min: 0, max: 500 };

/// What the board section says.
pub(super) struct Board {
    pub rows: usize,
    pub columns: Num,
    pub row_owner: Vec<Player>,
    pub seeds: Vec<(Num, Placement)>,
}

impl Checker {
    pub(super) fn board(&mut self, sections: &Sections<'_>) -> Option<Board> {
        let statements = sections.of("board");
        let header = sections.spans.get("board").copied().unwrap_or_default();
        let size = statements.iter().find_map(|s| match &s.kind {
            StatementKind::Size { rows, columns } => Some((rows, columns)),
            _ => None,
        });
        let Some((rows, columns)) = size else {
            self.push(
                Diagnostic::error("missing_size", "the board has no size", header, "no `size` in this section")
                    .with_help("add a line like `size 2 x 6` (rows x columns) to the board section"),
            );
            return None;
        };
        let rows = self.rows(rows);
        let columns = self.num(columns, COLUMNS);
        let (rows, columns) = (rows?, columns?);
        let (min_columns, max_columns) = match columns {
            Num::Literal(n) => (n as usize, n as usize),
            Num::Option(i) => {
                let (low, high) = self.options[i].domain.numeric_bounds().unwrap_or((1, 1));
                (low as usize, high as usize)
            }
        };
        if rows * max_columns > MAX_HOLES {
            let span = statements.iter().find(|s| matches!(s.kind, StatementKind::Size { .. })).map(|s| s.span).unwrap_or(header);
            self.push(
                Diagnostic::error(
                    "board_too_large",
                    format!("a board of {rows} x {max_columns} has {} holes", rows * max_columns),
                    span,
                    format!("at most {MAX_HOLES} holes"),
                )
                .with_help(format!("the engine handles boards of up to {MAX_HOLES} holes")),
            );
            return None;
        }
        let row_owner = self.owners(statements.iter().map(|s| (&s.kind, s.span)), rows, header);
        let mut seeds = Vec::new();
        let mut any_seeds = false;
        for statement in statements {
            let StatementKind::Seeds { count, places } = &statement.kind else {
                continue;
            };
            any_seeds = true;
            let count = self.num(count, SEEDS);
            let places: Vec<Option<Placement>> = places.iter().map(|p| self.place(p, rows, min_columns)).collect();
            let Some(count) = count else { continue };
            if places.is_empty() {
                seeds.push((count, Placement::Everywhere));
            }
            seeds.extend(places.into_iter().flatten().map(|p| (count, p)));
        }
        if !any_seeds {
            self.push(
                Diagnostic::error("missing_seeds", "the board starts with no seeds", header, "no `seeds` in this section")
                    .with_help("add a line like `seeds 4` (every hole) or `seeds 2 in row a`"),
            );
        }
        Some(Board { rows, columns, row_owner: row_owner?, seeds })
    }

    fn rows(&mut self, rows: &Value) -> Option<usize> {
        match rows {
            Value::Number(n) => match n.value {
                Some(r) if r as usize == MAX_ROWS => Some(r as usize),
                _ => {
                    self.push(
                        Diagnostic::error(
                            "bad_rows",
                            format!("a board cannot have {} rows", n.value.map(|v| v.to_string()).unwrap_or_else(|| "that many".into())),
                            n.span,
                            "rows",
                        )
                        .with_help("boards have 2 rows for now, one for each player (four-row boards come with per-player circuits)"),
                    );
                    None
                }
            },
            Value::Name(name) => {
                self.push(
                    Diagnostic::error(
                        "rows_not_a_number",
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
    fn owners<'s>(
        &mut self,
        statements: impl Iterator<Item = (&'s StatementKind, Span)>,
        rows: usize,
        header: Span,
    ) -> Option<Vec<Player>> {
        let mut owner: Vec<Option<(Player, Span)>> = vec![None; rows];
        let mut any = false;
        let mut ok = true;
        for (kind, _) in statements {
            let StatementKind::Owns { player, rows: owned } = kind else {
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
                    self.push(
                        Diagnostic::error("row_owned_twice", format!("row `{}` is given an owner twice", row.name), row.span, "again here")
                            .with_label(earlier, "first here")
                            .with_help("each row belongs to exactly one player"),
                    );
                    ok = false;
                } else {
                    owner[r] = Some((p, row.span));
                }
            }
        }
        if !any {
            return Some((0..rows).map(|r| if r < rows / 2 { Player::South } else { Player::North }).collect());
        }
        if !ok {
            return None;
        }
        let unowned: Vec<String> = owner.iter().enumerate().filter(|(_, o)| o.is_none()).map(|(r, _)| row_letter(r).to_string()).collect();
        if !unowned.is_empty() {
            self.push(
                Diagnostic::error("row_without_owner", format!("no player owns row {}", unowned.join(", ")), header, "in this board")
                    .with_help(format!("add `south owns row {}` or `north owns row {}`", unowned[0], unowned[0])),
            );
            return None;
        }
        let owners: Vec<Player> = owner.into_iter().flatten().map(|(p, _)| p).collect();
        for p in Player::BOTH {
            if !owners.contains(&p) {
                self.push(
                    Diagnostic::error("player_without_row", format!("{p} owns no row"), header, "in this board")
                        .with_help("each player needs at least one row to move from"),
                );
                return None;
            }
        }
        Some(owners)
    }

    pub(super) fn player(&mut self, name: &Ident) -> Option<Player> {
        let player = Player::from_name(&name.name);
        if player.is_none() {
            self.push(
                Diagnostic::error("unknown_player", format!("there is no player called `{}`", name.name), name.span, "unknown player")
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
                        "unknown_row",
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
        match place {
            Place::Row(row) => self.row(row, rows).map(Placement::Row),
            Place::Hole(label) => {
                let parsed = parse_label(&label.name).filter(|(r, c)| *r < rows && (1..=min_columns).contains(c));
                match parsed {
                    Some((row, column)) => Some(Placement::Hole { row, column: column - 1 }),
                    None => {
                        let last = format!("{}{}", row_letter(rows - 1), min_columns);
                        self.push(
                            Diagnostic::error(
                                "unknown_hole",
                                format!("there is no hole `{}` on this board", label.name),
                                label.span,
                                "unknown hole",
                            )
                            .with_help(format!("holes are a row letter and a column, from a1 to {last}; a whole row is written `row a`")),
                        );
                        None
                    }
                }
            }
        }
    }
}
