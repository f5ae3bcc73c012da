//! What a person types, read in the light of what is asked: where the rules ask for a choice of
//! holes (`take 2 of: c2 d4 d5 d7`), the holes alone (`d4 d7`) are that choice, as `take d4 d7`
//! is, and a choice that is not one of the ways is refused with the words that work. Used by
//! `play` and by the page's typed actions (`serve`).

use crate::engine::holes_of;
use crate::{Action, Game};

/// The action `text` stands for in `game` as it stands. Elsewhere than at a choice of holes this
/// is [`Action::parse`], legal or not (the caller says what is legal); at a choice it is a legal
/// `take` or an `Err` naming the holes to choose from and how to type them.
pub fn read(text: &str, game: &Game<'_>) -> Result<Action, String> {
    let rules = game.rules();
    let legal = game.legal_actions();
    let choices: Vec<u128> = legal.iter().filter_map(|a| if let Action::Take(set) = a { Some(*set) } else { None }).collect();
    if choices.len() < 2 || choices.len() != legal.len() {
        return Action::parse(text, rules).map_err(|e| e.to_string());
    }
    let lowered = text.trim().to_lowercase();
    let mut words: Vec<&str> = lowered.split_whitespace().collect();
    if words.first() == Some(&"take") {
        words.remove(0);
    }
    let size = choices[0].count_ones();
    let union = choices.iter().fold(0u128, |all, set| all | set);
    let labels = |set: u128| holes_of(set).map(|h| rules.label(h)).collect::<Vec<_>>().join(" ");
    let example = labels(choices[0]);
    let plural = |n: u32| if n == 1 { "hole" } else { "holes" };
    let how = format!("take {size} of: {} (type the {size} {} together: `{example}`, or `take {example}`)", labels(union), plural(size));
    if words.is_empty() || words.iter().any(|w| crate::parse_label(w).is_none()) {
        return Err(format!("`{}` is not a choice of holes: {how}", text.trim()));
    }
    let action = Action::parse(&format!("take {}", words.join(" ")), rules).map_err(|e| format!("{e}: {how}"))?;
    let Action::Take(set) = action else { return Err(how) };
    if legal.contains(&action) {
        return Ok(action);
    }
    let outside = set & !union;
    if outside != 0 {
        let n = outside.count_ones();
        let them = if n == 1 { "it is" } else { "they are" };
        return Err(format!("{} cannot be taken ({them} not among the {} to choose from): {how}", labels(outside), plural(2)));
    }
    if set.count_ones() != size {
        return Err(format!("{} is {} {}, not {size}: {how}", labels(set), set.count_ones(), plural(set.count_ones())));
    }
    let ways: Vec<String> = choices.iter().map(|&set| labels(set)).collect();
    Err(format!("{} is not one of the ways to take {size} {}: {}", labels(set), plural(size), ways.join(", ")))
}
