//! A readable drawing of a position: North's row on top, column numbers as South sees them.

use std::fmt::Write;

use crate::Game;

/// The board, the captures, who is to move (or the result) and the legal actions.
pub fn draw(game: &Game<'_>, last: Option<&str>) -> String {
    let rules = game.rules();
    let state = game.state();
    let traded_any = (0..rules.holes).any(|h| state.owners[h] != rules.row_owner_of(h));
    let digits = state.counts[..rules.holes].iter().map(|c| c.to_string().len()).max().unwrap_or(1).max(rules.columns.to_string().len());
    let width = digits + 3 + usize::from(traded_any);
    let mut out = String::new();
    let _ = write!(out, "{}", rules.name);
    let options: Vec<String> = rules.options.iter().map(|(n, v)| format!("{n}={v}")).collect();
    if !options.is_empty() {
        let _ = write!(out, " ({})", options.join(", "));
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
            let traded = if state.owners[hole] != rules.row_owner_of(hole) { "*" } else { "" };
            let cell = if last == Some(label.as_str()) { format!("[{count}]{traded}") } else { format!("{count}{traded}") };
            let _ = write!(out, "{cell:>width$}");
        }
        let owner = rules.row_owner[row];
        let _ = writeln!(out, "   {owner:<5}  captured {}", state.captured[owner.index()]);
    }
    if traded_any {
        let _ = writeln!(out, "   * owned by the other row's player");
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
            let _ = writeln!(out, "Game over: {verdict}, {}–{} ({})", result.score[0], result.score[1], result.reason);
        }
        None => {
            let _ = writeln!(out, "{} to move; legal: {}", state.to_move, game.legal_texts().join(" "));
        }
    }
    out
}
