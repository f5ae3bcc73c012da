//! A readable drawing of a position, for any number of rows: North's outer row on top, row
//! letters from South's edge (`a` at the bottom), column numbers as South sees them, the last
//! move marked `[n]`, each player's captures beside their outer row. Colour (ANSI) only when
//! asked for, so piped output stays plain.

use std::fmt::Write;

use crate::engine::Pending;
use crate::player::Player;
use crate::Game;

/// Whether to colour the drawing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    pub colour: bool,
}

impl Style {
    /// Colour when standard output is a terminal and `NO_COLOR` is not set.
    pub fn for_stdout() -> Style {
        use std::io::IsTerminal;
        Style { colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() }
    }

    /// `text` in the ANSI style `code` (e.g. `1;33`), or plain.
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// The board, the captures, who is to move (or the result) and the legal actions, plain.
pub fn draw(game: &Game<'_>, last: Option<&str>) -> String {
    draw_styled(game, last, Style::default())
}

/// [`draw`] in a [`Style`].
pub fn draw_styled(game: &Game<'_>, last: Option<&str>, style: Style) -> String {
    let rules = game.rules();
    let state = game.state();
    let traded_any = (0..rules.holes).any(|h| state.owners[h] != rules.home_of(h) && state.claimed & (1u128 << h) == 0);
    let digits = state.counts[..rules.holes].iter().map(|c| c.to_string().len()).max().unwrap_or(1).max(rules.columns.to_string().len());
    let width = digits + 3 + usize::from(traded_any);
    let mut out = String::new();
    let _ = write!(out, "{}", style.paint("1", &rules.name));
    let options: Vec<String> = rules.options.iter().map(|(n, v)| format!("{n}={v}")).collect();
    if !options.is_empty() {
        let _ = write!(out, " ({})", options.join(", "));
    }
    if rules.rounds.is_some() {
        let _ = write!(out, ", round {}", state.round);
    }
    out.push('\n');
    let _ = write!(out, "   ");
    for column in 1..=rules.columns {
        let _ = write!(out, "{column:>width$}");
    }
    out.push('\n');
    for row in (0..rules.rows).rev() {
        let _ = write!(out, " {} ", crate::row_letter(row));
        for column in 0..rules.columns {
            let hole = row * rules.columns + column;
            let label = rules.label(hole);
            let count = state.counts[hole];
            let traded = if state.owners[hole] != rules.home_of(hole) { "*" } else { "" };
            let closed = state.closed & (1u128 << hole) != 0;
            let claimed = state.claimed & (1u128 << hole) != 0;
            let cell = if closed {
                "#".to_string()
            } else if claimed && !rules.claims_keep {
                "@".to_string()
            } else if claimed {
                format!("{count}@")
            } else if last == Some(label.as_str()) {
                format!("[{count}]{traded}")
            } else {
                format!("{count}{traded}")
            };
            let padded = format!("{cell:>width$}");
            if last == Some(label.as_str()) {
                out.push_str(&style.paint("1;33", &padded));
            } else {
                out.push_str(&padded);
            }
        }
        let owner = rules.row_owner[row];
        let shared = (0..rules.columns).any(|c| rules.home_of(row * rules.columns + c) != owner);
        // Captures beside each player's outer row (the edge rows), the owner beside every row.
        if row == 0 || row + 1 == rules.rows {
            let what = if rules.stores { "store" } else { "captured" };
            let hand = if rules.has_hands() { format!(", in hand {}", state.hand[owner.index()]) } else { String::new() };
            // Where the store stands: by the end hole of the owner's row on its side.
            let by = if rules.stores {
                let column = if (owner == Player::South) != rules.stores_left { rules.columns - 1 } else { 0 };
                format!(" (by {})", rules.label(row * rules.columns + column))
            } else {
                String::new()
            };
            let _ = writeln!(out, "   {owner:<5}  {what} {}{by}{hand}", state.captured[owner.index()]);
        } else if shared {
            let _ = writeln!(out, "   {}", shared_row(rules, row));
        } else {
            let _ = writeln!(out, "   {owner}");
        }
    }
    if traded_any {
        let _ = writeln!(out, "   * owned by the other row's player");
    }
    if state.closed != 0 {
        let _ = writeln!(out, "   # closed hole");
    }
    for hole in crate::engine::holes_of(state.claimed) {
        let what = if rules.claims_keep { "its stones stay in it, theirs when the round ends" } else { "stones sown into it are theirs" };
        let _ = writeln!(out, "   @ {} claimed by {}: {what}", rules.label(hole), state.owners[hole]);
    }
    match state.pending {
        Pending::Continue(hole) => {
            let _ = writeln!(out, "{}'s move stands on {}: continue (sow on from it) or stop?", state.to_move, rules.label(hole as usize));
        }
        Pending::Choose(rule) => {
            let count = rules.chosen_count(rule as usize);
            let _ = writeln!(out, "{} chooses {count} more hole{} to take: take …", state.to_move, if count == 1 { "" } else { "s" });
        }
        Pending::Race(hole) => {
            let _ = writeln!(
                out,
                "{} has chosen {} for the move both play at once: {} chooses a hole, then both sow together",
                state.to_move.opponent(),
                rules.label(hole as usize),
                state.to_move
            );
        }
        Pending::None => {}
    }
    if state.offer != 0 {
        let holes: Vec<String> = crate::engine::holes_of(state.offer).map(|h| rules.label(h)).collect();
        let _ = writeln!(out, "{} offers {} to {}: accept or decline?", state.to_move.opponent(), holes.join(" "), state.to_move);
    }
    match game.result() {
        Some(result) => {
            let verdict = match result.winner {
                Some(w) => format!("{w} wins"),
                None => "draw".to_string(),
            };
            let line = format!("Game over: {verdict}, {}–{} ({})", result.score[0], result.score[1], result.reason);
            let _ = writeln!(out, "{}", style.paint("1;32", &line));
        }
        None => {
            let mover = style.paint("1", &format!("{} to move", state.to_move));
            let legal = game.legal_texts();
            // Actions of several words (`take c2 d4`) are told apart by commas.
            let separator = if legal.iter().any(|a| a.contains(' ')) { ", " } else { " " };
            let _ = writeln!(out, "{mover}; legal: {}", legal.join(separator));
        }
    }
    out
}

/// Who owns which holes of a row owned hole by hole: "north b1-b3, south b4-b6".
fn shared_row(rules: &crate::Rules, row: usize) -> String {
    let mut runs: Vec<(crate::player::Player, usize, usize)> = Vec::new();
    for c in 0..rules.columns {
        let owner = rules.home_of(row * rules.columns + c);
        match runs.last_mut() {
            Some((o, _, last)) if *o == owner => *last = c,
            _ => runs.push((owner, c, c)),
        }
    }
    let label = |c: usize| rules.label(row * rules.columns + c);
    runs.iter()
        .map(
            |&(o, first, last)| {
                if first == last {
                    format!("{o} {}", label(first))
                } else {
                    format!("{o} {}-{}", label(first), label(last))
                }
            },
        )
        .collect::<Vec<_>>()
        .join(", ")
}
