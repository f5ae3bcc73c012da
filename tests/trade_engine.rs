//! The engine's offers of holes for a price, on a Goré-like game (spec/gore.md) whose trade rule
//! is set on the compiled rules directly: the rule-file syntax for trades comes with Goré's file.

use mancala::compile::TradeRule;
use mancala::engine::position::parse_position;
use mancala::{load_str, Action, Game, Player, Rules};

const GORE_WITHOUT_TRADE: &str = r#"
game "Trading"
board {
    size 2 x 4
    seeds 6
}
capture {
    when opponent and count in {2, 4}
    take last hole
    chain both while count in {2, 4}
}
end {
    when every hole has count <= 2
    when position repeats 3 times
    leftover to owner
}
"#;

fn rules() -> Rules {
    let mut rules = load_str("trading.mancala", GORE_WITHOUT_TRADE, &[] as &[&str]).expect("valid rules");
    rules.trade = Some(TradeRule { fewest: 1, most: 3, keep: 1, price: 6, declined_win: Some("victory without glory".into()) });
    rules
}

fn game<'r>(rules: &'r Rules, json: serde_json::Value) -> Game<'r> {
    Game::from_state(rules, parse_position(&json.to_string(), rules).expect("a valid position"))
}

fn play(game: &mut Game<'_>, actions: &str) {
    for text in Action::split_list(actions) {
        let action = Action::parse(text, game.rules()).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.apply(action).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn the_worked_example_takes_eight_with_a_two_way_chain() {
    let rules = rules();
    // South 2 6 3 3; North's 1st..4th in sowing order (b4 b3 b2 b1) 0 1 1 1.
    let mut game = game(&rules, serde_json::json!({"to_move": "south", "rows": {"a": [2, 6, 3, 3], "b": [1, 1, 1, 0]}}));
    play(&mut game, "a2");
    // a3 4, a4 4, b4 1, b3 2, b2 2, b1 2: b1 taken, backward b2 b3 (b4 with 1 stops), forward a1
    // (a2, now empty, stops): 8.
    let p = game.position();
    assert_eq!((p.rows["a"].clone(), p.rows["b"].clone()), (vec![0, 0, 4, 4], vec![0, 0, 0, 1]));
    assert_eq!(game.state().captured, [8, 0]);
}

#[test]
fn offers_are_listed_only_when_the_other_player_can_pay() {
    let rules = rules();
    let start = Game::new(&rules);
    assert_eq!(start.legal_texts(), ["a1", "a2", "a3", "a4"], "North has captured nothing: no offer");
    let rich = game(
        &rules,
        serde_json::json!({"to_move": "south", "rows": {"a": [6, 6, 6, 6], "b": [6, 6, 6, 0]}, "captured": {"south": 0, "north": 6}}),
    );
    let legal = rich.legal_texts();
    assert_eq!(&legal[..4], ["a1", "a2", "a3", "a4"]);
    assert_eq!(&legal[4..], ["offer a1", "offer a2", "offer a3", "offer a4"], "6 captured pays for one hole only");
    let richer = game(
        &rules,
        serde_json::json!({"to_move": "south", "rows": {"a": [6, 6, 6, 6], "b": [0, 0, 0, 0]}, "captured": {"south": 0, "north": 48}}),
    );
    let offers: Vec<String> = richer.legal_texts().into_iter().filter(|a| a.starts_with("offer")).collect();
    assert_eq!(offers.len(), 4 + 6 + 4, "1, 2 or 3 of 4 holes, keeping one");
    assert!(!offers.contains(&"offer a1 a2 a3 a4".to_string()));
    assert!(offers.contains(&"offer a1 a3 a4".to_string()));
}

#[test]
fn an_accepted_offer_changes_owners_and_the_receiver_pays_into_each_hole() {
    let rules = rules();
    let mut game = game(
        &rules,
        serde_json::json!({"to_move": "south", "rows": {"a": [1, 2, 3, 4], "b": [5, 5, 5, 5]}, "captured": {"south": 3, "north": 14}}),
    );
    play(&mut game, "offer a4 a3");
    let p = game.position();
    assert_eq!(p.to_move, Some(Player::North), "the receiver answers");
    assert_eq!(p.legal, ["accept", "decline"]);
    let pending = p.pending.expect("an open offer");
    assert_eq!((pending.offer, pending.by), (vec!["a3".to_string(), "a4".to_string()], Player::South));
    play(&mut game, "accept");
    let p = game.position();
    assert_eq!(p.rows["a"], [1, 2, 9, 10]);
    assert_eq!(p.captured.north, 2);
    assert_eq!(p.owners.get("a3"), Some(&Player::North));
    assert_eq!(p.owners.get("a4"), Some(&Player::North));
    assert_eq!(p.to_move, Some(Player::North), "the offer was South's turn: North now plays");
    assert!(p.legal.contains(&"a3".to_string()) && !p.legal.contains(&"a1".to_string()));
    let json: serde_json::Value = serde_json::from_str(&game.position_json()).unwrap();
    assert_eq!(json["owners"], serde_json::json!({"a3": "north", "a4": "north"}));
    assert!(json.get("pending").is_none());
}

#[test]
fn a_declined_offer_changes_nothing_but_the_turn_and_marks_a_win_without_glory() {
    let rules = rules();
    let mut game = game(
        &rules,
        serde_json::json!({"to_move": "south", "rows": {"a": [1, 0, 0, 0], "b": [0, 0, 3, 0]}, "captured": {"south": 10, "north": 30}}),
    );
    play(&mut game, "offer a1");
    assert!(game.apply(Action::Sow(0)).is_err(), "an offer must be answered first");
    play(&mut game, "decline");
    assert_eq!(game.state().to_move, Player::North);
    assert_eq!(game.state().owners[0], Player::South);
    // North sows b3 (3): b2 1, b1 1, a1 2 (South's: taken) → every hole holds at most 2: over,
    // North 30 + 2 captured + 2 in its own holes.
    play(&mut game, "b3");
    let result = game.result().expect("over");
    assert_eq!(result.winner, Some(Player::North));
    assert_eq!(result.score, [10, 34]);
    assert_eq!(result.reason, "every hole has count <= 2; victory without glory: north declined an offer");
}

#[test]
fn an_offer_may_not_give_away_every_hole_nor_be_made_without_a_move() {
    let rules = rules();
    let mut game = game(
        &rules,
        serde_json::json!({"to_move": "south", "rows": {"a": [1, 1, 1, 1], "b": [3, 3, 3, 3]}, "captured": {"south": 0, "north": 48}}),
    );
    let before = *game.state();
    assert!(game.apply(Action::parse("offer a1 a2 a3 a4", &rules).unwrap()).is_err());
    assert!(game.apply(Action::parse("offer b1", &rules).unwrap()).is_err(), "not South's hole");
    assert_eq!(*game.state(), before);
    let stuck = self::game(
        &rules,
        serde_json::json!({"to_move": "south", "rows": {"a": [0, 0, 0, 0], "b": [3, 3, 3, 3]}, "captured": {"south": 0, "north": 36}}),
    );
    assert_eq!(stuck.legal_texts(), ["pass"], "G4: a player without a move passes and may not offer");
}

#[test]
fn offers_declined_back_and_forth_end_by_repetition() {
    let rules = rules();
    let mut game = game(
        &rules,
        serde_json::json!({"to_move": "south", "rows": {"a": [3, 3, 3, 3], "b": [3, 3, 3, 3]}, "captured": {"south": 12, "north": 12}}),
    );
    // Each decline hands the turn to the decliner, who offers back: the position with South to
    // move comes back every four actions; the third time ends the game.
    play(&mut game, "offer a1, decline, offer b1, decline, offer a1, decline, offer b1, decline");
    let result = game.result().expect("a third repetition ends the game");
    assert_eq!(result.reason, "position repeats 3 times");
    assert_eq!(result.score, [24, 24]);
    assert_eq!(result.winner, None);
}
