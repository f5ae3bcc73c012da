//! An action told in words, from its events: "b5: 4 stones b4 b3 b2 b1; relay 3 from b1: a1 a2
//! a3; takes a3 (5)", then, on lines of their own, what the board does not show at a glance: an
//! extra turn and why, a pass, a new phase, the end of a round and the next one's refill. Lines
//! are wrapped to a width (80 columns in the terminal). Told alike by the terminal (`play`,
//! `replay`) and the page (`serve`); the rules pages are wrapped by [`wrap`] too.

use crate::engine::events::{place_name, Event, LiftWhy, TakeHow};
use crate::player::Player;
use crate::Rules;

/// The longest run of holes a lap shows in full; a longer one shows its first and last holes.
const LAP_SHOWN: usize = 10;

/// The lines that tell what `by` did with `action`, from the action's `events`, none wider than
/// `width` columns: "south a4 (4 stones): a5 b5 b4 b3; relay b2 (4): b1 a1 a2 a3; takes a5 (5)".
/// A move both players sow at once is told a line for each player's sowing, then who finished
/// first.
pub fn narrate(rules: &Rules, by: Player, action: &str, events: &[Event], width: usize) -> Vec<String> {
    let (told, notes) = match race(by, events) {
        Some(moves) => tell_race(rules, &moves, events),
        None => {
            let (told, notes) = tell(rules, by, action, events);
            (vec![told], notes)
        }
    };
    told.iter().chain(&notes).flat_map(|line| wrap(line, width)).collect()
}

/// The holes each player's move starts from (in the order they were lifted), where `events` are
/// a move both players sow at once: `by`'s and the other's.
fn race(by: Player, events: &[Event]) -> Option<Vec<(Player, u8)>> {
    let moves: Vec<(Player, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Lift { by: sower, hole, why: LiftWhy::Move, .. } => Some((*sower, *hole)),
            _ => None,
        })
        .collect();
    moves.iter().any(|&(sower, _)| sower != by).then_some(moves)
}

/// A move both players sow at once: a line saying so, a line for each player's sowing (their own
/// events, as if each had moved alone), who finished first, then the notes of what followed.
fn tell_race(rules: &Rules, moves: &[(Player, u8)], events: &[Event]) -> (Vec<String>, Vec<String>) {
    let owner = |e: &Event| match e {
        Event::Lift { by, .. } | Event::Place { by, .. } | Event::Sow { by, .. } | Event::Claim { by, .. } => Some(*by),
        Event::Take { by, how, .. } if *how != TakeHow::Leftover => Some(*by),
        _ => None,
    };
    let started: Vec<String> = moves.iter().map(|&(p, hole)| format!("{p} {}", rules.label(usize::from(hole)))).collect();
    let mut told = vec![format!("Both sow at once, a stone of each at a time: {}.", started.join(" and "))];
    // When each player's last stone fell (or what it took was taken).
    let mut finished = Vec::new();
    for &(player, hole) in moves {
        // Their stones, one lap a sowing again where the other's stones fell between.
        let mut own: Vec<Event> = Vec::new();
        for event in events.iter().filter(|e| owner(e) == Some(player)) {
            match (own.last_mut(), event) {
                (Some(Event::Sow { by, holes }), Event::Sow { by: sower, holes: more }) if by == sower => holes.extend(more),
                _ => own.push(event.clone()),
            }
        }
        told.push(tell(rules, player, &rules.label(usize::from(hole)), &own).0);
        finished.push((events.iter().rposition(|e| owner(e) == Some(player)), player));
    }
    finished.sort();
    if let [(_, first), (_, last)] = finished[..] {
        let next = events.iter().rev().find_map(|e| if let Event::Turn { to } = e { Some(*to) } else { None });
        told.push(match next {
            Some(next) => format!("Finished first: {first}; last: {last}. {next} moves next."),
            None => format!("Finished first: {first}; last: {last}."),
        });
    }
    let rest: Vec<Event> = events.iter().filter(|e| owner(e).is_none()).cloned().collect();
    (told, tell(rules, moves[0].0, "", &rest).1)
}

/// What `by` did with `action`, told from `events` unwrapped: the action's line and the notes
/// after it.
fn tell(rules: &Rules, by: Player, action: &str, events: &[Event]) -> (String, Vec<String>) {
    let mut parts: Vec<String> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    // The stones of the move's first lift, said after the action.
    let mut first_lift = None;
    // Each sower's lap being told: the part its stones are added to.
    let mut lap: [Option<usize>; 2] = [None, None];
    // Stones sown into claimed holes that pass them on, per claimer.
    let mut to_claims = [0u32; 2];
    let name = |at: u8| place(rules, usize::from(at));
    let own_hole = action.split(' ').next().unwrap_or("");
    let mut i = 0;
    while i < events.len() {
        match &events[i] {
            Event::Lift { by: sower, hole, stones, why } => {
                let (hole, n) = (name(*hole), u32::from(*stones));
                let text = match why {
                    LiftWhy::Move if *sower == by && hole == own_hole && first_lift.is_none() && parts.is_empty() => {
                        first_lift = Some(plural(n, "stone"));
                        String::new()
                    }
                    LiftWhy::Move if *sower == by => format!("from {hole} ({n}):"),
                    LiftWhy::Move => format!("{sower} {hole} ({}):", plural(n, "stone")),
                    LiftWhy::Relay => format!("relay {hole} ({n}):"),
                    LiftWhy::Continue => format!("continues from {hole} ({n}):"),
                    LiftWhy::Capture => format!("on from {hole} ({n}):"),
                };
                parts.push(text);
                lap[sower.index()] = Some(parts.len() - 1);
            }
            Event::Place { hole, .. } => {
                parts.push(format!("a stone from hand into {}", name(*hole)));
                lap[by.index()] = None;
            }
            Event::Sow { by: sower, holes } => {
                let shown: Vec<String> = if holes.len() > LAP_SHOWN {
                    let mut s: Vec<String> = holes[..3].iter().map(|&h| name(h)).collect();
                    s.push(format!("… ({} more) …", holes.len() - 5));
                    s.extend(holes[holes.len() - 2..].iter().map(|&h| name(h)));
                    s
                } else {
                    holes.iter().map(|&h| name(h)).collect()
                };
                let index = match lap[sower.index()] {
                    Some(index) => index,
                    None => {
                        // Stones sown with no lift: what a capture took, sown on.
                        parts.push(if *sower == by { "sows on:".to_string() } else { format!("{sower} sows on:") });
                        parts.len() - 1
                    }
                };
                lap[sower.index()] = Some(index);
                let part = &mut parts[index];
                if !part.is_empty() {
                    part.push(' ');
                }
                part.push_str(&shown.join(" "));
            }
            Event::Take { by: owner, how: TakeHow::Claimed, stones, .. } => {
                // Marked on the hole it fell into, and counted once for the action.
                if let Some(part) = parts.last_mut() {
                    part.push('@');
                }
                to_claims[owner.index()] += u32::from(*stones);
            }
            Event::Take { by: taker, how: TakeHow::Passing, stones, .. } => {
                if let Some(part) = parts.last_mut() {
                    let who = if *taker == by { String::new() } else { format!("{taker} ") };
                    part.push_str(&format!(" ({who}takes {stones})"));
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
                match how {
                    // The end's sweep: the stones left on the board, moved where the score counts them.
                    TakeHow::Leftover => {
                        let stones: u32 = events[i - taken.len()..i]
                            .iter()
                            .map(|e| if let Event::Take { stones, .. } = e { u32::from(*stones) } else { 0 })
                            .sum();
                        let into = if rules.board.stores { "store" } else { "captures" };
                        notes.push(format!(
                            "The stones left go to {taker}'s {into}: {}, {} in all.",
                            taken.join(" "),
                            plural(stones, "stone")
                        ));
                    }
                    TakeHow::Sown => parts.push(format!("{who} {} to sow on", taken.join(" "))),
                    _ => parts.push(format!("{who} {}", taken.join(" "))),
                }
                lap = [None, None];
                continue;
            }
            Event::Claim { by: claimer, hole } => parts.push(format!("{} claims {}", claimer, name(*hole))),
            Event::Ask(state) if matches!(state.pending, crate::engine::Pending::Race(_)) => {
                // The hole is not named: the other player chooses theirs without knowing it.
                return (format!("{by} has chosen a hole: both sow at once when {} has chosen.", state.to_move), notes);
            }
            Event::Offer { holes, .. } => {
                let holes: Vec<String> = crate::engine::holes_of(*holes).map(|h| rules.label(h)).collect();
                parts.push(format!("offers {}", holes.join(" ")));
            }
            Event::Answer { accepted, .. } => parts.push(if *accepted { "accepts the offer" } else { "declines the offer" }.to_string()),
            Event::Pass { .. } => parts.push("no move".to_string()),
            Event::Again { by: player, why } => notes.push(format!("{player} moves again: {why}.")),
            Event::Phase { by: player, phase } => {
                let phase = usize::from(*phase);
                let note = match (phase.checked_sub(1).and_then(|p| rules.play.phases.get(p)), rules.play.phases.get(phase)) {
                    // The turn both played at once is over for both: said once.
                    (Some(_), Some(_)) if phase == 1 && rules.play.race.is_some() => {
                        "The first turn, played by both at once, is over: from now on one player moves at a time.".to_string()
                    }
                    (Some((from, _)), Some((to, _))) => format!("{player} moves on from {} to {}.", words(from), words(to)),
                    _ => String::new(),
                };
                if !note.is_empty() && !notes.contains(&note) {
                    notes.push(note);
                }
            }
            Event::RoundOver { round, stocks } => {
                notes.push(format!("Round {round} is over: south holds {}, north {}.", stocks[0], stocks[1]));
            }
            Event::Round(state) => {
                let filled = |p: Player| (0..rules.board.holes).filter(|&h| state.owner(h) == p && state.count(h) > 0).count();
                let mut line = format!(
                    "Round {} starts: south fills {}, north {}",
                    state.round,
                    plural(u32::try_from(filled(Player::South)).unwrap_or(0), "hole"),
                    filled(Player::North)
                );
                if state.closed != 0 {
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
    let head = match first_lift {
        Some(stones) => format!("{by} {action} ({stones})"),
        None => format!("{by} {action}"),
    };
    parts.retain(|p| !p.is_empty());
    let told = if parts.is_empty() { format!("{head}.") } else { format!("{head}: {}", parts.join("; ")) };
    (told, notes)
}

/// The lines of an action told unwrapped ([`narrate`] with `usize::MAX`), numbered as the
/// `index`-th (from 1) and wrapped to `width`: "12. south a3 (4 stones): …", the rest under it.
pub fn numbered(index: usize, told: &[String], width: usize) -> Vec<String> {
    let number = format!("{index}. ");
    let pad = " ".repeat(number.len());
    let mut lines = Vec::new();
    for (n, line) in told.iter().enumerate() {
        for (k, part) in wrap(line, width.saturating_sub(number.len()).max(20)).into_iter().enumerate() {
            lines.push(format!("{}{part}", if n == 0 && k == 0 { &number } else { &pad }));
        }
    }
    lines
}

/// A place as a sentence names it: `a4`, `south's store`.
pub fn place(rules: &Rules, at: usize) -> String {
    match place_name(rules, at).strip_prefix("store:") {
        Some(owner) => format!("{owner}'s store"),
        None => rules.label(at),
    }
}

/// A phase's name as words: `first_stage` is "first stage".
fn words(name: &str) -> String {
    name.replace('_', " ")
}

fn plural(n: u32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// `text` in lines of at most `width` columns, broken at spaces (a word longer than a line
/// stands alone, unbroken), the lines after the first indented by two.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    if text.is_empty() {
        return Vec::new();
    }
    let options = textwrap::Options::new(width)
        .subsequent_indent("  ")
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit);
    textwrap::wrap(text, options).into_iter().map(std::borrow::Cow::into_owned).collect()
}
