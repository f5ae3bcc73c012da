//! A readable drawing of a position, for any number of rows: North's outer row on top (or, for a
//! player playing North, South's, the board turned round), row letters from South's edge (`a` at
//! the bottom), column numbers as the player at the bottom sees them, the holes the last action
//! changed marked `'`, each player's captures above and below the board. No line is wider than
//! 80 columns. Colour (ANSI) only when asked for, so piped output stays plain.

use std::fmt::Write;

use crate::engine::{Pending, State};
use crate::player::Player;
use crate::{Game, Holes};

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

/// The widest line a drawing makes (a terminal of 80 columns shows it whole).
pub const WIDTH: usize = 80;

/// How to draw a position: in which style, which holes the last action changed, and from whose
/// side.
#[derive(Clone, Copy, Debug, Default)]
pub struct View {
    pub style: Style,
    /// Holes the last action changed: marked `'`.
    pub changed: Holes,
    /// How many actions made those changes (0 or 1: "the last action").
    pub actions: usize,
    /// North's side at the bottom (as North sees the board), for a player playing North.
    pub from_north: bool,
}

impl View {
    pub fn new(style: Style) -> View {
        View { style, ..View::default() }
    }
}

/// The holes whose stones, owner, claim or closing differ between two positions.
pub fn changes(rules: &crate::Rules, before: &State, after: &State) -> Holes {
    let (claims, closings) = (Holes(before.claimed ^ after.claimed), Holes(before.closed ^ after.closed));
    (0..rules.board.holes)
        .filter(|&h| before.count(h) != after.count(h) || before.owner(h) != after.owner(h) || claims.has(h) || closings.has(h))
        .collect()
}

/// The board, the captures, who is to move (or the result) and the legal actions, plain, with
/// the holes of `changed` marked.
pub fn draw(game: &Game<'_>, changed: Holes) -> String {
    draw_view(game, &View { changed, ..View::default() })
}

/// [`draw`] as `view` says. No line is wider than [`WIDTH`] on any board of 21 columns or fewer
/// whose holes hold fewer than 100 stones: a wide board drops the space between its holes.
pub fn draw_view(game: &Game<'_>, view: &View) -> String {
    let (rules, state, style) = (game.rules(), game.state(), view.style);
    let (claimed, closed) = (Holes(state.claimed), Holes(state.closed));
    let traded_any = (0..rules.board.holes).any(|h| state.owner(h) != rules.home_of(h) && !claimed.has(h));
    // Two digits a hole wherever the game has 10 stones or more, so that the board keeps its width
    // when a hole reaches 10 (more only when one holds 100).
    let stones = state.counts().iter().map(|&c| u64::from(c)).sum::<u64>()
        + state.captured.iter().map(|&c| u64::from(c)).sum::<u64>()
        + state.hand.iter().map(|&c| u64::from(c)).sum::<u64>();
    let digits = state.counts()[..rules.board.holes]
        .iter()
        .map(|c| c.to_string().len())
        .max()
        .unwrap_or(1)
        .max(rules.board.columns.to_string().len())
        .max(if stones >= 10 { 2 } else { 1 });
    // A cell: the count, then its marks (claimed, traded, changed), then a space unless the board
    // is wide.
    let marks = 1 + usize::from(traded_any) + usize::from(rules.captures.claims_keep);
    let sides: Vec<String> = (0..rules.board.rows).map(|row| side(rules, row)).collect();
    let side_width = sides.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    let spaced = 3 + rules.board.columns * (digits + marks + 1) + 2 + side_width <= WIDTH;
    let cell = digits + marks + usize::from(spaced);
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
    // The player at the top and the one at the bottom, each with their captures.
    let (top, bottom) = if view.from_north { (Player::South, Player::North) } else { (Player::North, Player::South) };
    let _ = writeln!(out, "{}", holdings(rules, state, top));
    let columns: Vec<usize> = if view.from_north { (0..rules.board.columns).rev().collect() } else { (0..rules.board.columns).collect() };
    let rows: Vec<usize> = if view.from_north { (0..rules.board.rows).collect() } else { (0..rules.board.rows).rev().collect() };
    let mut header = String::from("   ");
    for &column in &columns {
        let _ = write!(header, "{:>digits$}{}", column + 1, " ".repeat(cell - digits));
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for &row in &rows {
        let mut line = format!(" {} ", crate::row_letter(row));
        for &column in &columns {
            let hole = row * rules.board.columns + column;
            let count = state.count(hole);
            let number = if closed.has(hole) {
                "#".to_string()
            } else if claimed.has(hole) && !rules.captures.claims_keep {
                "@".to_string()
            } else {
                count.to_string()
            };
            // What the hole is (claimed, traded), then whether it changed.
            let mut mark = String::new();
            if rules.captures.claims_keep {
                mark.push(if claimed.has(hole) { '@' } else { ' ' });
            }
            if traded_any {
                mark.push(if state.owner(hole) != rules.home_of(hole) && !claimed.has(hole) { '*' } else { ' ' });
            }
            mark.push(if view.changed.has(hole) { '\'' } else { ' ' });
            // The space after the cell stays out of the colour, so the row's end trims alike.
            let text = format!("{number:>digits$}{mark}");
            if view.changed.has(hole) {
                line.push_str(&style.paint("1;33", &text));
            } else {
                line.push_str(&text);
            }
            if spaced {
                line.push(' ');
            }
        }
        let _ = writeln!(out, "{}  {}", line.trim_end(), sides[row]);
    }
    let _ = writeln!(out, "{}", holdings(rules, state, bottom));
    let mut legend = Vec::new();
    if !view.changed.is_empty() {
        legend.push(match view.actions {
            0 | 1 => "' changed by the last action".to_string(),
            n => format!("' changed by the last {n} actions"),
        });
    }
    if traded_any {
        legend.push("* owned by the other row's player".to_string());
    }
    if state.closed != 0 {
        legend.push("# closed".to_string());
    }
    if !legend.is_empty() {
        let _ = writeln!(out, "   {}", legend.join("; "));
    }
    for hole in claimed {
        let what =
            if rules.captures.claims_keep { "its stones stay in it, theirs when the round ends" } else { "stones sown into it are theirs" };
        let _ = writeln!(out, "   @ {} claimed by {}: {what}", rules.label(hole), state.owner(hole));
    }
    let mut status = Vec::new();
    match state.pending {
        Pending::Continue(hole) => {
            status.push(format!("{}'s move stands on {}: continue (sow on from it) or stop?", state.to_move, rules.label(hole as usize)));
        }
        Pending::Choose(rule) => {
            let count = rules.chosen_count(rule as usize);
            status.push(format!("{} chooses {count} more hole{} to take", state.to_move, if count == 1 { "" } else { "s" }));
        }
        // The hole is not named: the other player chooses theirs without knowing it.
        Pending::Race(_) => status.push(format!(
            "{} has chosen a hole for the move both play at once: {} chooses one, then both sow together",
            state.to_move.opponent(),
            state.to_move
        )),
        Pending::None => {}
    }
    if state.offer != 0 {
        let holes: Vec<String> = crate::engine::holes_of(state.offer).map(|h| rules.label(h)).collect();
        status.push(format!("{} offers {} to {}: accept or decline?", state.to_move.opponent(), holes.join(" "), state.to_move));
    }
    for line in status {
        for part in super::narrate::wrap(&line, WIDTH) {
            let _ = writeln!(out, "{part}");
        }
    }
    match game.result() {
        Some(result) => {
            for line in super::narrate::wrap(&ending(result), WIDTH) {
                let _ = writeln!(out, "{}", style.paint("1;32", &line));
            }
        }
        None => {
            let legal = legal_line(game);
            let mover = format!("{} to move", state.to_move);
            let mut lines = super::narrate::wrap(&format!("{mover}; {legal}"), WIDTH).into_iter();
            if let Some(first) = lines.next() {
                let _ = writeln!(out, "{}{}", style.paint("1", &mover), &first[mover.len()..]);
            }
            for line in lines {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    out
}

/// The end of a game in one sentence: "Game over: north wins 30 to 18 (south cannot move)."
pub fn ending(result: &crate::engine::GameResult) -> String {
    let [south, north] = result.score;
    let verdict = match result.winner {
        Some(Player::South) => format!("south wins {south} to {north}"),
        Some(Player::North) => format!("north wins {north} to {south}"),
        None if south == north => format!("a draw, {south} each"),
        None => format!("a draw, south {south}, north {north}"),
    };
    format!("Game over: {verdict}: {}.", result.reason)
}

/// The legal actions in short: every one, or where they are choices of holes, the holes to
/// choose from ("take 3 of: c1 c2 c5 d7 (680 ways)").
pub fn legal_line(game: &Game<'_>) -> String {
    let rules = game.rules();
    let legal = game.legal_actions();
    if legal.len() > 1 && legal.iter().all(|a| matches!(a, crate::Action::Take(_))) {
        let (mut union, mut size) = (Holes::EMPTY, 0);
        for action in &legal {
            if let crate::Action::Take(set) = action {
                union |= Holes(*set);
                size = set.count_ones();
            }
        }
        let holes: Vec<String> = union.into_iter().map(|h| rules.label(h)).collect();
        return format!("take {size} of: {} ({} ways)", holes.join(" "), legal.len());
    }
    let texts: Vec<String> = legal.iter().map(|a| a.text(rules)).collect();
    // Actions of several words (`a1 cw`) are told apart by commas.
    let separator = if texts.iter().any(|a| a.contains(' ')) { ", " } else { " " };
    format!("legal: {}", texts.join(separator))
}

/// What `player` holds: "north  captured 3", "south  store 12 (by a6), in hand 4".
fn holdings(rules: &crate::Rules, state: &State, player: Player) -> String {
    let what = if rules.board.stores { "store" } else { "captured" };
    let hand = if rules.has_hands() { format!(", in hand {}", state.hand[player.index()]) } else { String::new() };
    // Where the store stands: by the end hole of the owner's outer row on its side.
    let by = match rules.board.row_owner.iter().position(|&o| o == player) {
        Some(row) if rules.board.stores => {
            let row = if player == Player::South { row } else { rules.board.rows - 1 };
            let column = if (player == Player::South) != rules.board.stores_left { rules.board.columns - 1 } else { 0 };
            format!(" (by {})", rules.label(row * rules.board.columns + column))
        }
        _ => String::new(),
    };
    format!("   {player:<5}  {what} {}{by}{hand}", state.captured[player.index()])
}

/// Who owns a row, beside it: the player, or hole by hole for a shared row.
fn side(rules: &crate::Rules, row: usize) -> String {
    let owner = rules.board.row_owner[row];
    if (0..rules.board.columns).any(|c| rules.home_of(row * rules.board.columns + c) != owner) {
        shared_row(rules, row)
    } else {
        owner.to_string()
    }
}

/// Who owns which holes of a row owned hole by hole: "north b1-b3, south b4-b6".
fn shared_row(rules: &crate::Rules, row: usize) -> String {
    let mut runs: Vec<(crate::player::Player, usize, usize)> = Vec::new();
    for c in 0..rules.board.columns {
        let owner = rules.home_of(row * rules.board.columns + c);
        match runs.last_mut() {
            Some((o, _, last)) if *o == owner => *last = c,
            _ => runs.push((owner, c, c)),
        }
    }
    let label = |c: usize| rules.label(row * rules.board.columns + c);
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
