//! An action told in words, from its events: "b5: 4 stones b4 b3 b2 b1; relay 3 from b1: a1 a2
//! a3; takes a3 (5)", then, on lines of their own, what the board does not show at a glance: an
//! extra turn and why, a pass, a new phase, the end of a round and the next one's refill. Lines
//! are wrapped to a width (80 columns in the terminal).

use crate::engine::events::{place_name, Event, LiftWhy, TakeHow};
use crate::player::Player;
use crate::Rules;

/// The longest run of holes a lap shows in full; a longer one shows its first and last holes.
const LAP_SHOWN: usize = 10;

/// The lines that tell what `by` did with `action`, from the action's `events`, none wider than
/// `width` columns.
pub fn narrate(rules: &Rules, by: Player, action: &str, events: &[Event], width: usize) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    // Stones sown into claimed holes that pass them on, per claimer.
    let mut to_claims = [0u32; 2];
    let name = |place: u8| place_name(rules, usize::from(place)).replace("store:", "store of ");
    let mut i = 0;
    while i < events.len() {
        match &events[i] {
            Event::Lift { by: sower, hole, stones, why } => {
                let who = if *sower == by { String::new() } else { format!("{sower} ") };
                let stones = plural(u32::from(*stones), "stone");
                parts.push(match why {
                    LiftWhy::Move if who.is_empty() && name(*hole) == action.split(' ').next().unwrap_or("") => stones,
                    LiftWhy::Move => format!("{who}{} from {}", stones, name(*hole)),
                    LiftWhy::Relay => format!("{who}relay {} from {}", stones, name(*hole)),
                    LiftWhy::Continue => format!("continues with {} from {}", stones, name(*hole)),
                    LiftWhy::Capture => format!("{who}on with {} from {}", stones, name(*hole)),
                });
            }
            Event::Place { hole, .. } => parts.push(format!("a stone from hand into {}", name(*hole))),
            Event::Sow { by: sower, holes } => {
                let shown: Vec<String> = if holes.len() > LAP_SHOWN {
                    let mut s: Vec<String> = holes[..3].iter().map(|&h| name(h)).collect();
                    s.push(format!("… ({} holes) …", holes.len() - 5));
                    s.extend(holes[holes.len() - 2..].iter().map(|&h| name(h)));
                    s
                } else {
                    holes.iter().map(|&h| name(h)).collect()
                };
                // The stones of a lap follow the lift that names them, and go on past what was
                // taken as they fell.
                let in_lap = matches!(
                    events.get(i.wrapping_sub(1)),
                    Some(Event::Lift { .. } | Event::Take { how: TakeHow::Claimed | TakeHow::Passing, .. })
                );
                match parts.last_mut() {
                    Some(last) if in_lap => {
                        last.push(' ');
                        last.push_str(&shown.join(" "));
                    }
                    _ if *sower != by => parts.push(format!("{sower}: {}", shown.join(" "))),
                    _ => parts.push(shown.join(" ")),
                }
            }
            Event::Take { by: owner, how: TakeHow::Claimed, stones, .. } => {
                // Marked on the hole it fell into, and counted once for the action.
                if let Some(last) = parts.last_mut() {
                    last.push('@');
                }
                to_claims[owner.index()] += u32::from(*stones);
            }
            Event::Take { by: taker, how: TakeHow::Passing, stones, .. } => {
                if let Some(last) = parts.last_mut() {
                    let who = if *taker == by { String::new() } else { format!("{taker} ") };
                    last.push_str(&format!(" ({who}takes {stones})"));
                }
            }
            Event::Take { by: taker, how, .. } => {
                let (taker, how) = (*taker, *how);
                let mut taken = Vec::new();
                while let Some(Event::Take { by: t, how: h, hole, stones }) = events.get(i) {
                    if *t != taker || *h != how {
                        break;
                    }
                    taken.push(format!("{} ({stones})", name(*hole)));
                    i += 1;
                }
                let who = if taker == by { "takes".to_string() } else { format!("{taker} takes") };
                parts.push(match how {
                    TakeHow::Sown => format!("{who} {} to sow on", taken.join(" ")),
                    TakeHow::Passing => format!("{who} {} in passing", taken.join(" ")),
                    TakeHow::Leftover => format!("{who} the stones left: {}", taken.join(" ")),
                    _ => format!("{who} {}", taken.join(" ")),
                });
                continue;
            }
            Event::Claim { by: claimer, hole } => parts.push(format!("{} claims {}", claimer, name(*hole))),
            Event::Offer { holes, .. } => {
                let holes: Vec<String> = crate::engine::holes_of(*holes).map(|h| rules.label(h)).collect();
                parts.push(format!("offers {}", holes.join(" ")));
            }
            Event::Answer { accepted, .. } => parts.push(if *accepted { "accepts the offer" } else { "declines the offer" }.to_string()),
            Event::Pass { .. } => parts.push("passes: no move".to_string()),
            Event::Again { by: player, why } => notes.push(format!("{player} moves again: {why}.")),
            Event::Phase { by: player, phase } => {
                if let Some((phase, _)) = rules.phases.get(usize::from(*phase)) {
                    notes.push(format!("{player} is now in phase {phase}."));
                }
            }
            Event::RoundOver { round, stocks } => {
                notes.push(format!("Round {round} is over: south holds {}, north {}.", stocks[0], stocks[1]));
            }
            Event::Round(state) => {
                let filled = |p: Player| (0..rules.holes).filter(|&h| state.owners[h] == p && state.counts[h] > 0).count();
                let closed = state.closed.count_ones();
                let mut line = format!(
                    "Round {} starts: south fills {}, north {}",
                    state.round,
                    plural(u32::try_from(filled(Player::South)).unwrap_or(0), "hole"),
                    filled(Player::North)
                );
                if closed > 0 {
                    let holes: Vec<String> = crate::engine::holes_of(state.closed).map(|h| rules.label(h)).collect();
                    line.push_str(&format!("; closed: {}", holes.join(" ")));
                }
                line.push_str(&format!("; {} starts.", state.to_move));
                notes.push(line);
            }
            Event::Ask(_) | Event::Turn { .. } | Event::End { .. } => {}
        }
        i += 1;
    }
    for p in Player::BOTH.into_iter().filter(|p| to_claims[p.index()] > 0) {
        parts.push(format!("{} to {p}'s claimed holes (@)", plural(to_claims[p.index()], "stone")));
    }
    let mut lines = wrap(&format!("{by} {action}: {}", parts.join("; ")), width);
    for note in notes {
        lines.extend(wrap(&note, width));
    }
    lines
}

fn plural(n: u32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// `text` in lines of at most `width` columns, broken at spaces, the lines after the first
/// indented by two.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let indent = if lines.is_empty() { 0 } else { 2 };
        if !line.is_empty() && indent + line.chars().count() + 1 + word.chars().count() > width {
            lines.push(format!("{}{line}", " ".repeat(indent)));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let indent = if lines.is_empty() { 0 } else { 2 };
        lines.push(format!("{}{line}", " ".repeat(indent)));
    }
    lines
}
