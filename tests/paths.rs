//! The two ways an action is played agree. A game that records its events plays every action the
//! general way (the move checked and sown afresh, laps, relays and captures sown on as the rules
//! allow); one that does not plays a known move of the turn from what finding it left, and where
//! the rules make every move a plain lap, by that lap alone (`engine::sowing::sow_plain`; where
//! its stones simply fall into the next places, inline in `apply`, `engine::sowing::sow_bare`), or
//! laps joined by relays alone, by those laps alone (`engine::sowing::sow_relays`), or laps
//! joined by relays and captures sown on, by the same laps asking the capture first (the
//! `RESOW` way of `relay_laps`, also for the sowing after a placement). For every
//! shipped rule file, and for files whose captures ask how far the last lap went, random
//! games played both ways see the same legal actions, the same position after every action, the
//! same laps and the same result.

mod common;

use common::per_shipped_rule_file;
use mancala::engine::events::{Event, TakeHow};
use mancala::{Game, Rules};

per_shipped_rule_file!(both_ways_play_the_same_games);

/// Games per file, and the most actions looked at in each.
const GAMES: usize = 30;
const MOST_ACTIONS: usize = 2_000;

fn both_ways_play_the_same_games(name: &str) {
    same_games(common::rules(name), name);
}

/// Plays `GAMES` random games of `rules` not recording events and recording them, side by side;
/// returns how many actions captured by a capture rule.
fn same_games(rules: &Rules, name: &str) -> usize {
    let pair = || {
        let mut general = Game::new(rules);
        general.set_tracing(true);
        (Game::new(rules), general)
    };
    let mut captures = 0;
    common::side_by_side(name, 11, (GAMES, MOST_ACTIONS), pair, |_, _, general| {
        captures += usize::from(general.events().iter().any(|e| matches!(e, Event::Take { how: TakeHow::Capture, .. })));
    });
    captures
}

/// Kalah whose captures ask how many stones the lap sowed and which lap it was: a plain lap
/// must tell them as the general sowing does.
#[test]
fn captures_that_ask_about_the_lap_see_the_same_lap() {
    let variants = [("sown = 3 and lap = 1 and count > 1", "sown"), ("sown > 4 and lap = 1 and count = 1", "sown and count")];
    for rules in lap_variants("kalah", "when own and count = 1 and opposite hole is not empty", &variants) {
        assert!(rules.tracks.plain_laps, "{}: every move is a plain lap", rules.name);
        assert!(rules.tracks.bare_laps, "{}: every lap a bare one", rules.name);
    }
}

/// Congkak (whose moves relay) whose captures ask how many stones the last lap sowed and which
/// lap it was: laps joined by relays alone must tell them as the general sowing does.
#[test]
fn captures_after_relays_see_the_same_last_lap() {
    let variants = [("sown > 2 and lap = 2 and count = 1", "second lap"), ("sown < 3 and lap > 2", "later laps")];
    for rules in lap_variants("congkak", "when own and count = 1 and opposite hole is not empty", &variants) {
        assert!(rules.tracks.plain_relays, "{}: every move is laps joined by relays", rules.name);
    }
}

/// The shipped file `file` with its capture condition `capture` replaced by each of `variants`
/// (a condition and a name), each played both ways; returns their rules.
fn lap_variants(file: &str, capture: &str, variants: &[(&str, &str)]) -> Vec<Rules> {
    let text = std::fs::read_to_string(common::rules_path(file)).expect(file);
    assert!(text.contains(capture), "{file}");
    let mut all = Vec::new();
    for (asked, name) in variants {
        let source = text.replace(capture, &format!("when {asked}"));
        let rules = mancala::load_str(&format!("{name}.mancala"), &source, &[] as &[&str]).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let captures = same_games(&rules, name);
        assert!(captures > 20, "{name}: only {captures} captures by the rule: too few to tell");
        all.push(rules);
    }
    all
}

/// Tsoro's moves are laps joined by relays, where a lap ending in an occupied head leaves the
/// mover a choice to relay or stop: such laps too are sown by relays alone (`sow_relays_or_stop`),
/// and the games of `both_ways_play_the_same_games` meet the choice both ways.
#[test]
fn a_choice_to_relay_or_stop_is_sown_by_relays_alone() {
    let rules = common::rules("tsoro");
    assert!(rules.sowing.relay_or_stop.is_some() && rules.tracks.choice_relays && !rules.tracks.plain_relays);
}
