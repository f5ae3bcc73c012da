//! Position files read against the rules: every refusal with its exact message (the field and
//! the reason), through the library and through `mancala run --position` (exit 2, one line), and
//! positions that already meet an ending, which are read as over.

mod common;

use common::*;
use mancala::engine::position::{parse_position, PositionError};
use mancala::{Game, Rules};
use serde_json::{json, Value};

/// Shipped rules with options, loaded once per test binary.
fn with_options(name: &str, sets: &[&str]) -> &'static Rules {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static LOADED: OnceLock<Mutex<HashMap<String, &'static Rules>>> = OnceLock::new();
    let mut loaded = LOADED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    let key = format!("{name} {sets:?}");
    loaded.entry(key).or_insert_with(|| {
        let rules = mancala::load_file(rules_path(name), sets).unwrap_or_else(|e| panic!("{name} {sets:?}: {e:?}"));
        Box::leak(Box::new(rules))
    })
}

/// The shipped rules `name`, where a test names its own rules `rules`.
fn rules_of(name: &str) -> &'static Rules {
    rules(name)
}

fn tsoro8() -> &'static Rules {
    with_options("tsoro", &["columns=8"])
}

/// `base` with the top-level fields of `extra` added or replaced (`null` removes one).
fn with(base: &Value, extra: Value) -> Value {
    let mut position = base.clone();
    for (key, value) in extra.as_object().expect("an object of fields") {
        let fields = position.as_object_mut().expect("an object");
        if value.is_null() {
            fields.remove(key);
        } else {
            fields.insert(key.clone(), value.clone());
        }
    }
    position
}

/// The message `text` is refused with.
#[track_caller]
fn refusal_of(rules: &Rules, text: &str) -> String {
    match parse_position(text, rules) {
        Ok(state) => panic!("accepted: {text}\nas {state:?}"),
        Err(error) => error.to_string(),
    }
}

#[track_caller]
fn assert_refused(rules: &Rules, position: &Value, message: &str) {
    assert_eq!(refusal_of(rules, &position.to_string()), message, "position: {position}");
}

#[track_caller]
fn assert_read<'r>(rules: &'r Rules, position: &Value) -> Game<'r> {
    let state = parse_position(&position.to_string(), rules).unwrap_or_else(|e| panic!("refused: {e}\nposition: {position}"));
    Game::from_state(rules, state)
}

fn tihbat() -> Value {
    json!({"to_move": "south", "rows": {"a": [7, 7], "b": [7, 7]}})
}

// ---------------------------------------------------------------- the JSON and its fields

#[test]
fn malformed_json_and_a_value_that_is_no_object_are_refused() {
    let rules = rules("tihbat");
    assert_eq!(refusal_of(rules, "{ this is not json"), "malformed JSON: key must be a string at line 1 column 3");
    assert_eq!(refusal_of(rules, r#"{"to_move": "south""#), "malformed JSON: EOF while parsing an object at line 1 column 19");
    assert_eq!(refusal_of(rules, "[1, 2]"), "not a position: a position is a JSON object {…}, not a list");
    let error = mancala::engine::position::parse_position_bytes(b"{\"to_move\": \"s\xFFuth\"}", rules).expect_err("not UTF-8");
    assert_eq!(error, PositionError::Malformed("not UTF-8 text (an invalid byte at offset 14)".to_string()));
}

#[test]
fn unknown_and_misspelt_fields_are_refused_at_every_level() {
    let rules = rules("tihbat");
    let position = with(&tihbat(), json!({"captred": {"south": 0, "north": 0}}));
    assert_refused(rules, &position, r#"field "captred": not a field of a position (did you mean "captured"?)"#);
    let position = with(&tihbat(), json!({"captured": {"south": 0, "nroth": 0}}));
    assert_refused(rules, &position, r#"field "captured.nroth": not a field of "captured" (did you mean "north"?)"#);
    let position = with(&tihbat(), json!({"result": {"winner": null, "score": {"south": 1, "north": 1}, "reson": "x"}}));
    assert_refused(rules, &position, r#"field "result.reson": not a field of "result" (did you mean "reason"?)"#);
    let position = with(&tihbat(), json!({"result": {"score": {"south": 1, "west": 1}}}));
    assert_refused(rules, &position, r#"field "result.score.west": not a field of "result.score" (its fields: south, north)"#);
    let kalah = rules_of("kalah");
    let position = json!({"to_move": "south", "rows": {"a": vec![4; 6], "b": vec![4; 6]}, "stores": {"south": 0, "north": 0, "middle": 0}});
    assert_refused(kalah, &position, r#"field "stores.middle": not a field of "stores" (its fields: south, north)"#);
    let gore = rules_of("gore");
    let position =
        json!({"to_move": "south", "rows": {"a": vec![3; 4], "b": vec![3; 4]}, "pending": {"offer": ["b1"], "by": "north", "hole": 1}});
    assert_refused(gore, &position, r#"field "pending.hole": not a field of "pending" (did you mean "holes"?)"#);
}

#[test]
fn a_key_given_twice_is_refused_wherever_it_is() {
    let rules = rules("tihbat");
    let text = r#"{"to_move": "south", "to_move": "north", "rows": {"a": [7, 7], "b": [7, 7]}}"#;
    assert_eq!(refusal_of(rules, text), r#"field "to_move": given twice (a key may appear once)"#);
    let text = r#"{"to_move": "south", "rows": {"a": [7, 7], "b": [7, 7]}, "captured": {"south": 1, "north": 0, "south": 2}}"#;
    assert_eq!(refusal_of(rules, text), r#"field "captured.south": given twice (a key may appear once)"#);
    let text = r#"{"to_move": "south", "rows": {"a": [7, 7], "a": [7, 7], "b": [7, 7]}}"#;
    assert_eq!(refusal_of(rules, text), r#"field "rows.a": given twice (a key may appear once)"#);
}

#[test]
fn the_ignored_fields_are_accepted_but_must_be_what_they_name() {
    let rules = rules("tihbat");
    let position = with(
        &tihbat(),
        json!({"legal": ["a1", "anything"], "status": "over", "result": {"winner": null, "score": {"south": 1, "north": 2}, "reason": "r"}}),
    );
    assert_read(rules, &position);
    assert_refused(
        rules,
        &with(&tihbat(), json!({"status": "finished"})),
        r#"field "status": "finished" is not a status ("ongoing" or "over")"#,
    );
    assert_refused(rules, &with(&tihbat(), json!({"legal": "a1"})), r#"field "legal": a list […] goes here, not a string"#);
}

#[test]
fn the_game_and_its_options_must_be_the_rules() {
    let position = with(&tihbat(), json!({"game": "Oware"}));
    assert_refused(rules("tihbat"), &position, r#"field "game": the position is of "Oware", but the rules are of "Tihbat""#);
    let position = with(&tihbat(), json!({"options": {"columns": 8}}));
    assert_refused(rules("tihbat"), &position, r#"field "options.columns": Tihbat has no option columns (it has no options)"#);
    let tsoro = json!({"to_move": "south", "rows": {"a": vec![2; 8], "b": vec![0, 0, 0, 0, 0, 0, 0, 0], "c": vec![0, 0, 0, 0, 0, 0, 0, 0], "d": vec![2; 8]}});
    let position = with(&tsoro, json!({"options": {"bonus": 3, "columns": 8}}));
    assert_refused(
        tsoro8(),
        &position,
        r#"field "options.bonus": the position is played with bonus=3, but the rules are loaded with bonus=2 (add --set bonus=3)"#,
    );
    let position = with(&tsoro, json!({"options": {"bonus": 2, "columns": 8, "colour": "red"}}));
    assert_refused(tsoro8(), &position, r#"field "options.colour": Tsoro has no option colour (its options: bonus, heads, columns)"#);
    assert_read(tsoro8(), &with(&tsoro, json!({"game": "Tsoro", "options": {"bonus": 2, "columns": 8, "heads": 2}})));
}

#[test]
fn the_player_to_move_is_a_player() {
    let rules = rules("tihbat");
    assert_refused(
        rules,
        &with(&tihbat(), json!({"to_move": null})),
        r#"field "to_move": missing: the player to move ("south" or "north")"#,
    );
    let over = r#"{"to_move": null, "rows": {"a": [7, 7], "b": [7, 7]}}"#;
    assert_eq!(refusal_of(rules, over), r#"field "to_move": null: the game is over, and a position to play from needs a player to move"#);
    assert_refused(rules, &with(&tihbat(), json!({"to_move": "east"})), r#"field "to_move": "east" is not a player ("south" or "north")"#);
    assert_refused(rules, &with(&tihbat(), json!({"to_move": 1})), r#"field "to_move": a player is a string, not a number"#);
}

// ---------------------------------------------------------------- rows, captures, stores

#[test]
fn rows_hold_every_hole_of_the_board() {
    let rules = rules("tihbat");
    let rows = |rows: Value| with(&tihbat(), json!({ "rows": rows }));
    assert_refused(rules, &rows(json!({"a": [7, 7]})), r#"field "rows.b": missing: every row is given (a, b)"#);
    assert_refused(
        rules,
        &rows(json!({"a": [7, 7], "b": [7, 7], "c": [7, 7]})),
        r#"field "rows.c": the board has no row c (its rows: a, b)"#,
    );
    assert_refused(rules, &rows(json!({"a": [7, 7, 7], "b": [7, 7]})), r#"field "rows.a": 3 holes, but the board has 2 columns"#);
    assert_refused(rules, &rows(json!([7, 7, 7, 7])), r#"field "rows": an object {…} goes here, not a list"#);
}

#[test]
fn counts_fit_a_hole_and_the_stones_in_all_fit_the_engine() {
    let rules = rules("tihbat");
    let rows = |a: Value| with(&tihbat(), json!({"rows": {"a": a, "b": [7, 7]}}));
    assert_refused(rules, &rows(json!([7, 70000])), r#"field "rows.a": a2 holds 70000 stones, more than a hole can hold (at most 65535)"#);
    assert_refused(rules, &rows(json!([-1, 7])), r#"field "rows.a": a1 holds -1: a count of stones is a whole number from 0 to 65535"#);
    assert_refused(rules, &rows(json!([1.5, 7])), r#"field "rows.a": a1 holds 1.5: a count of stones is a whole number from 0 to 65535"#);
    assert_refused(
        rules,
        &rows(json!(["7", 7])),
        r#"field "rows.a": a1 holds a string: a count of stones is a whole number from 0 to 65535"#,
    );
    let captured = |south: Value| with(&tihbat(), json!({"captured": {"south": south, "north": 0}}));
    assert_refused(
        rules,
        &captured(json!(4_294_967_296u64)),
        r#"field "captured.south": 4294967296 is more than the engine holds (at most 4294967295)"#,
    );
    assert_refused(
        rules,
        &captured(json!(65_510)),
        r#"field "captured": the position holds 65538 stones in all (board and captures); the engine plays at most 65535"#,
    );
    let full = with(&tihbat(), json!({"rows": {"a": [65535, 65535], "b": [65535, 65535]}}));
    assert_refused(
        rules,
        &full,
        r#"field "rows": the position holds 262140 stones in all (board and captures); the engine plays at most 65535"#,
    );
    let position = with(&tihbat(), json!({"captured": {"south": 1}}));
    assert_refused(rules, &position, r#"field "captured.north": missing (both players are given)"#);
}

#[test]
fn stores_only_where_the_game_has_them_and_as_its_captures() {
    assert_refused(
        rules("tihbat"),
        &with(&tihbat(), json!({"stores": {"south": 0, "north": 0}})),
        r#"field "stores": this game has no stores"#,
    );
    let kalah = json!({"to_move": "south", "rows": {"a": vec![4; 6], "b": vec![4; 6]}, "stores": {"south": 1, "north": 0}});
    assert_refused(
        rules("kalah"),
        &with(&kalah, json!({"captured": {"south": 0, "north": 0}})),
        r#"field "stores": a store holds what its player captured, but "stores" and "captured" differ"#,
    );
    let game = assert_read(rules("kalah"), &kalah);
    assert_eq!(game.state().captured, [1, 0]);
}

// ---------------------------------------------------------------- owners and claims

fn toguz() -> Value {
    // Empty: a3, a4, b1, b3, b5, b6 (the holes claimed below).
    json!({"to_move": "south", "rows": {"a": [9, 9, 0, 0, 9, 9, 9, 9, 9], "b": [0, 9, 0, 9, 0, 0, 9, 9, 9]}})
}

#[test]
fn holes_change_hands_only_where_a_trade_or_a_claim_can_move_them() {
    let position = with(&tihbat(), json!({"owners": {"a1": "north"}}));
    assert_refused(
        rules("tihbat"),
        &position,
        r#"field "owners": a1 cannot be north's: holes never change hands in this game (it has no trade and no claim)"#,
    );
    let position = with(&toguz(), json!({"owners": {"b3": "south"}}));
    assert_refused(
        rules("toguz-kumalak"),
        &position,
        r#"field "owners": b3 can be south's only by a claim, and "claimed" does not list it"#,
    );
    let position = with(&tihbat(), json!({"owners": {"c1": "north"}}));
    assert_refused(rules("tihbat"), &position, r#"field "owners.c1": "c1" is not a hole of this board"#);
    // Goré trades holes: any owner goes.
    let gore = json!({"to_move": "south", "rows": {"a": vec![3; 4], "b": vec![3; 4]}, "owners": {"a1": "north", "b4": "south"}});
    assert_read(rules("gore"), &gore);
}

#[test]
fn claims_only_where_a_claim_rule_could_have_made_them() {
    let toguz_rules = rules("toguz-kumalak");
    let claims = |claimed: Value, owners: Value| with(&toguz(), json!({"claimed": claimed, "owners": owners}));
    // One tuzdik each (`claims = 0`).
    assert_refused(
        toguz_rules,
        &claims(json!(["b3", "b5"]), json!({"b3": "south", "b5": "south"})),
        r#"field "claimed": b3 (south's) and b5 (south's) cannot both be claimed: no claim rule allows either after the other"#,
    );
    // Never one's own hole (`opponent's`), never the ninth (`not in ninth`).
    assert_refused(
        toguz_rules,
        &claims(json!(["a3"]), json!({})),
        r#"field "claimed": no claim rule lets south claim a3, a hole of south's own row"#,
    );
    assert_refused(toguz_rules, &claims(json!(["b1"]), json!({"b1": "south"})), r#"field "claimed": no claim rule lets south claim b1"#);
    // Never the hole symmetric to the opponent's tuzdik: North's a4 is South's hole 4, as b6 is North's.
    assert_refused(
        toguz_rules,
        &claims(json!(["a4", "b6"]), json!({"a4": "north", "b6": "south"})),
        r#"field "claimed": a4 (north's) and b6 (south's) cannot both be claimed: no claim rule allows either after the other"#,
    );
    // A tuzdik each, not symmetric: fine.
    let game = assert_read(toguz_rules, &claims(json!(["a4", "b3"]), json!({"a4": "north", "b3": "south"})));
    assert_eq!(game.state().claimed.count_ones(), 2);
    let stones = with(&toguz(), json!({"rows": {"a": vec![9; 9], "b": vec![9; 9]}, "claimed": ["b3"], "owners": {"b3": "south"}}));
    assert_refused(toguz_rules, &stones, r#"field "claimed": b3 is claimed but holds stones (they belong in its owner's captures)"#);
    assert_refused(toguz_rules, &claims(json!(["b3", "b3"]), json!({"b3": "south"})), r#"field "claimed": b3 is listed twice"#);
}

#[test]
fn claimed_holes_only_in_a_game_that_claims() {
    let position = with(&tihbat(), json!({"claimed": ["a1"], "rows": {"a": [0, 7], "b": [7, 7]}}));
    assert_refused(rules("tihbat"), &position, r#"field "claimed": no capture of this game claims a hole"#);
}

// ---------------------------------------------------------------- rounds

fn bosh() -> Value {
    json!({"to_move": "south", "rows": {"a": [4, 4, 4, 0, 0], "b": [4, 4, 4, 4, 4]}, "captured": {"south": 8, "north": 0}})
}

#[test]
fn rounds_and_closed_holes_only_in_a_game_of_rounds() {
    let tihbat_rules = rules("tihbat");
    assert_refused(tihbat_rules, &with(&tihbat(), json!({"round": 2})), r#"field "round": this game is not played in rounds"#);
    assert_refused(
        tihbat_rules,
        &with(&tihbat(), json!({"closed": ["a1"]})),
        r#"field "closed": holes close only in games of rounds, and this game has none"#,
    );
    let one_round = with_options("bosh", &["rounds=1"]);
    assert_refused(one_round, &with(&bosh(), json!({"round": 1})), r#"field "round": this game is not played in rounds"#);
    let bosh_rules = rules("bosh");
    assert_refused(bosh_rules, &with(&bosh(), json!({"round": 0})), r#"field "round": rounds are numbered from 1 to 65535, not 0"#);
    assert_refused(bosh_rules, &with(&bosh(), json!({"round": 70000})), r#"field "round": rounds are numbered from 1 to 65535, not 70000"#);
    assert_refused(
        bosh_rules,
        &with(&bosh(), json!({"closed": ["a4", "a5"]})),
        r#"field "closed": no hole is closed in round 1: holes close only when a round starts"#,
    );
    assert_refused(bosh_rules, &with(&bosh(), json!({"closed": ["a3"], "round": 2})), r#"field "closed": a3 is closed but holds stones"#);
    let all = with(&bosh(), json!({"rows": {"a": vec![0; 5], "b": vec![4; 5]}, "closed": ["a1", "a2", "a3", "a4", "a5"], "round": 2}));
    assert_refused(
        bosh_rules,
        &all,
        r#"field "closed": every hole of south's is closed: a refill leaves each player a hole, or ends the match"#,
    );
    let game = assert_read(bosh_rules, &with(&bosh(), json!({"closed": ["a4", "a5"], "round": 2})));
    assert_eq!(game.legal_texts(), ["a1", "a2", "a3"]);
}

#[test]
fn declined_only_where_offers_are_made() {
    assert_refused(
        rules("tihbat"),
        &with(&tihbat(), json!({"declined": ["south"]})),
        r#"field "declined": no offer is ever made in this game (it has no trade)"#,
    );
    let gore = json!({"to_move": "south", "rows": {"a": vec![3; 4], "b": vec![3; 4]}, "declined": ["north", "north"]});
    assert_refused(rules("gore"), &gore, r#"field "declined": north is listed twice"#);
}

// ---------------------------------------------------------------- an open offer

fn offer(holes: Value, captured: [u32; 2], owners: Value) -> Value {
    json!({
        "to_move": "south", "rows": {"a": vec![3; 4], "b": vec![3; 4]}, "captured": {"south": captured[0], "north": captured[1]},
        "owners": owners, "pending": {"offer": holes, "by": "north"},
    })
}

#[test]
fn an_offer_the_trade_rules_do_not_allow_is_refused() {
    let gore = rules("gore");
    assert_read(gore, &offer(json!(["b1", "b2"]), [12, 0], json!({})));
    assert_refused(
        gore,
        &offer(json!(["b1", "b2", "b3", "b4"]), [24, 0], json!({})),
        r#"field "pending.offer": north offers 4 holes, but an offer is of 1 to 3 holes"#,
    );
    assert_refused(
        gore,
        &offer(json!(["b3", "b4"]), [12, 0], json!({"b1": "south", "b2": "south"})),
        r#"field "pending.offer": north may not offer b3 b4: they would keep 0 holes (keep at least 1 hole)"#,
    );
    assert_refused(
        gore,
        &offer(json!(["a1"]), [6, 0], json!({})),
        r#"field "pending.offer": a1 is not a hole north may offer (it is south's)"#,
    );
    assert_refused(
        gore,
        &offer(json!(["b1", "b2"]), [6, 0], json!({})),
        r#"field "pending.offer": south cannot pay for 2 holes: the price is 12 captured stones, and south has 6"#,
    );
    assert_refused(gore, &offer(json!([]), [6, 0], json!({})), r#"field "pending.offer": the offer names no hole"#);
    assert_refused(gore, &offer(json!(["b1", "b1"]), [6, 0], json!({})), r#"field "pending.offer": b1 is listed twice"#);
    // North, without a stone, has no move: it passes, and may not offer.
    let empty = with(&offer(json!(["b1"]), [12, 24], json!({})), json!({"rows": {"a": vec![3; 4], "b": vec![0; 4]}}));
    assert_refused(
        gore,
        &empty,
        r#"field "pending.offer": north could not have offered: a player without a move cannot offer, and north has none"#,
    );
    let own_answer = with(&offer(json!(["b1"]), [6, 0], json!({})), json!({"to_move": "north"}));
    assert_refused(gore, &own_answer, r#"field "pending.by": an offer by north is answered by south, but "to_move" is north"#);
    let without_trade = with_options("gore", &["trade=off"]);
    assert_refused(without_trade, &offer(json!(["b1"]), [6, 0], json!({})), r#"field "pending.offer": this game has no trades"#);
    assert_refused(
        rules("tihbat"),
        &with(&tihbat(), json!({"pending": {"offer": ["b1"], "by": "north"}})),
        r#"field "pending.offer": this game has no trades"#,
    );
}

#[test]
fn a_pending_field_is_an_offer_or_a_decision() {
    let gore = rules("gore");
    let pending = |pending: Value| json!({"to_move": "south", "rows": {"a": vec![3; 4], "b": vec![3; 4]}, "captured": {"south": 6, "north": 0}, "pending": pending});
    assert_refused(gore, &pending(json!({"offer": ["b1"]})), r#"field "pending.by": missing: the player who offered, or whose move it is"#);
    assert_refused(gore, &pending(json!({"by": "north"})), r#"field "pending": an "offer" or a "decision" goes here"#);
    assert_refused(
        gore,
        &pending(json!({"offer": ["b1"], "by": "north", "decision": "take"})),
        r#"field "pending": an offer or a decision, not both"#,
    );
    assert_refused(gore, &pending(json!({"offer": ["b1"], "by": "north", "holes": 2})), r#"field "pending.holes": not part of an offer"#);
    assert_refused(
        gore,
        &pending(json!({"decision": "pass", "by": "south"})),
        r#"field "pending.decision": "pass" is not a decision ("continue or stop", "take" or "race")"#,
    );
}

// ---------------------------------------------------------------- decisions inside a move

/// A Tsoro position (8 columns) with South to move: South's heads are a7 and a8, North's d2 and d1.
fn tsoro(a: [u16; 8], c: [u16; 8], d: [u16; 8], pending: Value) -> Value {
    json!({"to_move": "south", "rows": {"a": a, "b": vec![0, 0, 0, 0, 0, 0, 0, 0], "c": c, "d": d}, "pending": pending})
}

fn stand_at(hole: &str) -> Value {
    json!({"by": "south", "decision": "continue or stop", "at": hole})
}

#[test]
fn a_continue_or_stop_decision_only_where_the_relay_or_stop_rule_holds() {
    let rules = tsoro8();
    let d = [2, 2, 0, 0, 0, 0, 2, 2];
    let game = assert_read(rules, &tsoro([2, 2, 2, 2, 0, 0, 3, 2], [0, 0, 0, 0, 0, 0, 0, 0], d, stand_at("a7")));
    assert_eq!(game.legal_texts(), ["continue", "stop"]);
    assert_refused(
        rules,
        &tsoro([2, 2, 2, 2, 0, 0, 1, 2], [0, 0, 0, 0, 0, 0, 0, 0], d, stand_at("a7")),
        r#"field "pending.at": the rules give no choice to continue or stop at a7 (their condition does not hold there)"#,
    );
    assert_refused(
        rules,
        &tsoro([2, 2, 2, 2, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0, 0, 0], d, stand_at("a7")),
        r#"field "pending.at": a7 is empty, but the last stone of the lap lies there"#,
    );
    assert_refused(
        rules,
        &tsoro([2, 2, 2, 2, 0, 0, 3, 2], [0, 0, 0, 0, 0, 0, 0, 0], d, stand_at("a3")),
        r#"field "pending.at": south's move relays from a3 by itself: there is nothing to choose"#,
    );
    assert_refused(
        rules,
        &tsoro([2, 2, 2, 2, 0, 0, 3, 2], [0, 0, 0, 0, 0, 0, 0, 0], [3, 2, 0, 0, 0, 0, 2, 2], stand_at("d1")),
        r#"field "pending.at": d1 is not on south's circuit, so no move of south's stands there"#,
    );
    let theirs = json!({"by": "north", "decision": "continue or stop", "at": "d1"});
    assert_refused(
        rules,
        &tsoro([2; 8], [0, 0, 0, 0, 0, 0, 0, 0], [3, 2, 0, 0, 0, 0, 2, 2], theirs),
        r#"field "pending.by": a decision inside north's move is north's to make, but "to_move" is south"#,
    );
    assert_refused(
        rules,
        &tsoro([2; 8], [0, 0, 0, 0, 0, 0, 0, 0], d, json!({"by": "south", "decision": "continue or stop"})),
        r#"field "pending.at": missing: the hole the move stands on"#,
    );
    let gore = json!({"to_move": "south", "rows": {"a": vec![3; 4], "b": vec![3; 4]}, "pending": {"by": "south", "decision": "continue or stop", "at": "a1"}});
    assert_refused(rules_of("gore"), &gore, r#"field "pending.decision": this game has no choice to continue or stop"#);
}

fn take(holes: u32) -> Value {
    json!({"by": "south", "decision": "take", "holes": holes})
}

#[test]
fn a_take_decision_only_for_a_choose_rule_with_a_real_choice() {
    let rules = tsoro8();
    let a = [2, 2, 2, 2, 0, 0, 2, 2];
    // North's non-empty holes outside its heads (d2, d1): c1, c2, c3 — South takes 2 of 3.
    let game = assert_read(rules, &tsoro(a, [1, 1, 1, 0, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0, 0, 0], take(2)));
    assert_eq!(game.legal_texts(), ["take c1 c2", "take c1 c3", "take c2 c3"]);
    assert_refused(
        rules,
        &tsoro(a, [1, 0, 0, 0, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0, 0, 0], take(2)),
        r#"field "pending.holes": south has only 1 hole to choose from (c1) and takes 2: the engine takes them at once, so no choice is left open"#,
    );
    assert_refused(
        rules,
        &tsoro(a, [1, 1, 1, 0, 0, 0, 0, 0], [2; 8], take(3)),
        r#"field "pending.holes": south chooses 2 holes after a capture in this game, not 3"#,
    );
    let missing = json!({"by": "south", "decision": "take"});
    assert_refused(
        rules,
        &tsoro(a, [1, 1, 1, 0, 0, 0, 0, 0], [2; 8], missing),
        r#"field "pending.holes": missing: how many holes the mover chooses"#,
    );
    let kalah = json!({"to_move": "south", "rows": {"a": vec![4; 6], "b": vec![4; 6]}, "pending": take(1)});
    assert_refused(rules_of("kalah"), &kalah, r#"field "pending.decision": this game has no holes to choose after a capture"#);
}

// ---------------------------------------------------------------- a position at an ending

#[test]
fn a_position_that_meets_an_ending_is_read_as_over() {
    // Oware: North has captured 25 (more than half) and South is to move: as if North's last move
    // had ended the game. Each adds the stones of their own holes.
    let oware =
        json!({"to_move": "south", "rows": {"a": [2, 0, 0, 0, 0, 0], "b": [0, 0, 0, 0, 0, 3]}, "captured": {"south": 18, "north": 25}});
    let game = assert_read(rules("oware"), &oware);
    assert_result(&game, Some("north"), [20, 28]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("more than half the stones captured, or half each"));
    // Bosh: South, to move, has no stone: the round ends, the board goes to North (who moved
    // last), and the next round starts from the refill, North to start it.
    let bosh = json!({"to_move": "south", "rows": {"a": vec![0; 5], "b": vec![1; 5]}, "captured": {"south": 20, "north": 15}, "round": 1});
    let game = assert_read(rules("bosh"), &bosh);
    assert_ongoing(&game);
    assert_position(&game, Some("north"), &[4; 5], &[4; 5], [0, 0]);
    assert_eq!(game.state().round, 2);
}

// ---------------------------------------------------------------- the `run` command

fn run_position(rules_name: &str, contents: &[u8]) -> (Option<i32>, String, String) {
    let dir = common::scratch();
    let path = dir.path().join(format!("{rules_name}-{}.json", contents.len()));
    std::fs::write(&path, contents).expect("position file");
    let out = mancala(&["run", &rules_path(rules_name), "--position", path.to_str().expect("path"), "--json"]);
    (out.status.code(), stdout(&out), stderr(&out).replace(path.to_str().expect("path"), "FILE"))
}

#[test]
fn run_refuses_a_position_in_one_line_naming_the_field() {
    let (code, out, err) = run_position("toguz-kumalak", with(&toguz(), json!({"captred": {}})).to_string().as_bytes());
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(err, "error: FILE: field \"captred\": not a field of a position (did you mean \"captured\"?)\n");
    let (code, _, err) = run_position("gore", offer(json!(["b1", "b2"]), [6, 0], json!({})).to_string().as_bytes());
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: FILE: field \"pending.offer\": south cannot pay for 2 holes: the price is 12 captured stones, and south has 6\n"
    );
    let (code, _, err) = run_position("tihbat", b"{\"to_move\": \"south\xFF\"}");
    assert_eq!(code, Some(2));
    assert_eq!(err, "error: FILE: malformed JSON: not UTF-8 text (an invalid byte at offset 18)\n");
    // A key holding a line break is quoted on the one line.
    let (code, _, err) = run_position("tihbat", br#"{"to_move": "south", "rows": {"a": [7, 7], "b": [7, 7]}, "cap\ntured": 1}"#);
    assert_eq!(code, Some(2));
    assert_eq!(err, "error: FILE: field \"cap\\ntured\": not a field of a position (did you mean \"captured\"?)\n");
}

#[test]
fn run_reports_a_position_at_an_ending_as_over() {
    let oware =
        json!({"to_move": "south", "rows": {"a": [2, 0, 0, 0, 0, 0], "b": [0, 0, 0, 0, 0, 3]}, "captured": {"south": 18, "north": 25}});
    let (code, out, err) = run_position("oware", oware.to_string().as_bytes());
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).expect("a position");
    assert_eq!(json["status"], json!("over"));
    assert_eq!(json["to_move"], Value::Null);
    assert_eq!(
        json["result"],
        json!({"winner": "north", "score": {"south": 20, "north": 28}, "reason": "more than half the stones captured, or half each"})
    );
}

/// Rules from text (a tiny game written for one test).
fn rules_from(source: &str) -> Rules {
    mancala::load_str("test.mancala", &format!("game \"Test\"\n{source}"), &[] as &[&str]).unwrap_or_else(|e| panic!("{e:?}"))
}

#[test]
fn a_choice_to_continue_where_a_resowing_capture_takes_nothing_is_accepted() {
    // The capture at a hole of 4 sows on only the opposite hole's stones: with the opposite hole
    // empty it takes nothing, so the mover still chooses to continue or stop there.
    let rules = rules_from(
        "board {\n size 2 x 3\n seeds 0\n}\nsowing {\n relay or stop when count = 4\n stop after 50 laps\n}\ncapture {\n when count = 4 and own\n take opposite hole\n sow captured from next hole\n}\nend {\n when every hole is empty\n}\n",
    );
    let position = json!({"to_move": "south", "rows": {"a": [0, 0, 4], "b": [1, 0, 0]},
        "pending": {"by": "south", "decision": "continue or stop", "at": "a3"}});
    let game = Game::from_state(&rules, parse_position(&position.to_string(), &rules).expect("a choice the engine leaves open"));
    assert_eq!(game.legal_texts(), ["continue", "stop"]);
    // With stones facing it, the capture sows them on by itself: no choice is left open.
    let facing = json!({"to_move": "south", "rows": {"a": [0, 0, 4], "b": [1, 0, 2]},
        "pending": {"by": "south", "decision": "continue or stop", "at": "a3"}});
    assert_eq!(
        refusal_of(&rules, &facing.to_string()),
        "field \"pending.at\": a capture at a3 sows its stones on: there is nothing to choose"
    );
}

#[test]
fn a_choice_of_holes_names_its_capture_section_where_two_choose_as_many() {
    // Two capture sections each choose 1 more hole: the position says whose choice is open.
    let rules = rules_from(
        "board {\n size 2 x 3\n seeds 0\n}\ncapture {\n when count = 2 and opponent\n take last hole\n choose 1 more hole where opponent and not empty\n}\ncapture {\n when count = 3 and opponent\n take last hole\n choose 1 more hole where own and not empty\n}\nend {\n when every hole is empty\n}\n",
    );
    // South a3 (1) → b3 (3): the second section takes it, then South chooses one of a1, a2.
    let start = json!({"to_move": "south", "rows": {"a": [1, 1, 1], "b": [1, 1, 2]}});
    let mut game = Game::from_state(&rules, parse_position(&start.to_string(), &rules).expect("a position"));
    apply(&mut game, "a3");
    assert_eq!(game.legal_texts(), ["take a1", "take a2"]);
    let written: Value = serde_json::from_str(&game.position_json()).expect("JSON");
    assert_eq!(written["pending"], json!({"by": "south", "decision": "take", "holes": 1, "capture": 2}));
    let again = Game::from_state(&rules, parse_position(&written.to_string(), &rules).expect("reads back"));
    assert_eq!((again.state(), again.legal_texts()), (game.state(), game.legal_texts()));
    // Without it, or naming a section that chooses no hole, the position is refused.
    let mut unnamed = written.clone();
    unnamed["pending"].as_object_mut().expect("pending").remove("capture");
    assert_eq!(
        refusal_of(&rules, &unnamed.to_string()),
        "field \"pending.capture\": missing: capture sections 1 and 2 each choose 1 hole: say which one's holes are chosen"
    );
    let mut wrong = written.clone();
    wrong["pending"]["capture"] = json!(3);
    assert_eq!(
        refusal_of(&rules, &wrong.to_string()),
        "field \"pending.capture\": capture section 3 does not choose 1 hole after its capture"
    );
}

/// Bao Kiswahili of eastern Congo after South's first move: South holds 23 stones, North 24.
fn congo() -> Value {
    json!({
        "to_move": "north",
        "rows": {"a": [0, 0, 0, 0, 0, 0, 0, 0], "b": [1, 2, 2, 2, 1, 1, 1, 1], "c": [0, 1, 1, 0, 1, 1, 1, 1], "d": [0, 0, 0, 0, 0, 0, 0, 0]},
        "hand": {"south": 23, "north": 24},
    })
}

#[test]
fn a_phase_names_one_of_the_games_phases_for_each_player() {
    let rules = rules("bao-kiswahili-congo");
    // Missing: the phase the position implies (both hold stones: the first stage).
    let game = assert_read(rules, &congo());
    let phase = game.position().phase.expect("phases");
    assert_eq!((phase.south.as_str(), phase.north.as_str()), ("first_stage", "first_stage"));
    // Given, it is kept, and written back.
    let given = with(&congo(), json!({"phase": {"south": "second_stage", "north": "first_stage"}}));
    let game = assert_read(rules, &given);
    let written = serde_json::to_value(game.position()).expect("JSON");
    assert_eq!(written["phase"], json!({"south": "second_stage", "north": "first_stage"}));
    let position = with(&congo(), json!({"phase": {"south": "namua", "north": "first_stage"}}));
    assert_refused(rules, &position, r#"field "phase.south": "namua" is not a phase of this game ("first_stage", "second_stage")"#);
    let position = with(&congo(), json!({"phase": {"south": "first_stage"}}));
    assert_refused(rules, &position, r#"field "phase.north": missing (both players are given)"#);
    let position = with(&congo(), json!({"phase": {"south": 1, "north": "first_stage"}}));
    assert_refused(rules, &position, r#"field "phase.south": a phase is a string, not a number"#);
    let position = with(&tihbat(), json!({"phase": {"south": "first_stage", "north": "first_stage"}}));
    assert_refused(rules_of("tihbat"), &position, r#"field "phase": this game has no phases"#);
}

#[test]
fn a_pending_placed_of_0_7_is_refused_with_what_says_it_now() {
    let rules = rules("bao-la-kiswahili");
    let position = json!({
        "to_move": "south",
        "rows": {"a": [0, 0, 0, 0, 0, 0, 0, 0], "b": [0, 0, 0, 0, 7, 1, 3, 1], "c": [1, 0, 0, 0, 0, 0, 0, 0], "d": [2, 0, 0, 0, 0, 0, 0, 0]},
        "hand": {"south": 2, "north": 3},
        "pending": {"by": "south", "decision": "continue or stop", "at": "b5", "direction": "counter-clockwise", "placed": true},
    });
    assert_refused(
        rules,
        &position,
        r#"field "pending.placed": no longer read (since 0.8.0): the stage a move began in is the mover's "phase""#,
    );
}

#[test]
fn each_players_values_are_one_object_south_then_north() {
    use mancala::engine::position::Sides;
    // One `Sides<T>` for every per-player pair: stones, phases' names, anything else.
    assert_eq!(serde_json::to_string(&Sides::from([3u32, 4])).expect("JSON"), r#"{"south":3,"north":4}"#);
    assert_eq!(serde_json::to_string(&Sides::by(|p| p.to_string())).expect("JSON"), r#"{"south":"south","north":"north"}"#);
    // The position JSON as before `Sides` was generic: captures, stones in hand and phases.
    let start = Game::new(rules("bao-la-kiswahili")).position_json();
    assert_eq!(
        start,
        r#"{"game":"Bao la Kiswahili","options":{},"to_move":"south","rows":{"a":[0,0,0,0,0,0,0,0],"b":[0,0,0,0,6,2,2,0],"c":[0,2,2,6,0,0,0,0],"d":[0,0,0,0,0,0,0,0]},"captured":{"south":0,"north":0},"hand":{"south":22,"north":22},"phase":{"south":"namua","north":"namua"},"owners":{},"legal":["b6 ccw","b6 cw","b7 ccw","b7 cw"],"status":"ongoing","result":null,"intact":["b5","b6","b7","c2","c3","c4"]}"#
    );
}
