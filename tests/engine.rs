//! Language features of the engine that the shipped games do not all use, each on a tiny rule
//! file written here: endless-move detection (against an independent naive sower), skipping the
//! origin, clockwise sowing, forward and two-way chains, other scorings and no-move policies,
//! the opposite hole and the next and previous holes, claimed holes.

use mancala::engine::position::parse_position;
use mancala::{load_str, Action, Game, Rules};

fn rules(body: &str) -> Rules {
    let source = format!("game \"Test\"\n{body}");
    match load_str("test.mancala", &source, &[] as &[&str]) {
        Ok(rules) => rules,
        Err(mancala::LoadError::Rules { diagnostics, .. }) => {
            panic!("{:#?}", diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>())
        }
        Err(other) => panic!("{other}"),
    }
}

fn game<'r>(rules: &'r Rules, to_move: &str, a: &[u32], b: &[u32]) -> Game<'r> {
    let json = serde_json::json!({"to_move": to_move, "rows": {"a": a, "b": b}});
    Game::from_state(rules, parse_position(&json.to_string(), rules).expect("a valid position"))
}

fn play(game: &mut Game<'_>, actions: &str) {
    for text in Action::split_list(actions) {
        let action = Action::parse(text, game.rules()).expect("an action");
        game.apply(action).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn rows(game: &Game<'_>) -> (Vec<u16>, Vec<u16>) {
    let p = game.position();
    (p.rows["a"].clone(), p.rows["b"].clone())
}

const RELAY_2X2: &str = "board {\n size 2 x 2\n seeds 1\n}\nsowing {\n relay when count >= 2\n}\nend {\n when board repeats 2 times\n}\n";

#[test]
fn a_move_that_would_never_end_is_not_legal() {
    let rules = rules(RELAY_2X2);
    // a1 (3): a2 2, b2 1, b1 2 → relay b1 … → after six more laps the same lap start comes back.
    let mut game = game(&rules, "south", &[3, 1], &[1, 0]);
    assert_eq!(game.legal_texts(), ["a2"]);
    let before = *game.state();
    assert!(game.apply(Action::parse("a1", &rules).unwrap()).is_err());
    assert_eq!(*game.state(), before, "an illegal action changes nothing");
    play(&mut game, "a2");
    assert_eq!(rows(&game), (vec![3, 0], vec![1, 1]));
}

#[test]
fn a_relaying_move_that_leaves_what_the_rules_forbid_is_not_legal() {
    // Laps joined by relays alone, all of a turn's sown in one go: each is still asked whether it
    // leaves a position the rules forbid.
    let rules = rules("board {\n size 2 x 3\n seeds 1\n}\nplay {\n start from own hole\n no move leaves own row empty\n}\nsowing {\n relay when count >= 2\n}\n");
    // a2 (1): a3 2 → relay: b3 1, b2 1, b1 1, South's row left empty. a3 (2): b3 1, b2 1.
    let mut game = game(&rules, "south", &[0, 1, 2], &[0, 0, 0]);
    assert_eq!(game.legal_texts(), ["a3"]);
    assert!(game.apply(Action::parse("a2", &rules).unwrap()).is_err());
    play(&mut game, "a3");
    assert_eq!(rows(&game), (vec![0, 1, 0], vec![0, 1, 1]));
}

#[test]
fn when_every_move_would_never_end_both_players_are_stuck_and_the_game_ends() {
    let rules = rules("board {\n size 2 x 2\n seeds 1\n}\nsowing {\n relay when count >= 1\n}\nend {\n when board repeats 2 times\n}\n");
    let game = Game::new(&rules);
    assert!(game.is_over());
    assert_eq!(game.result().unwrap().reason, "neither player can move");
    assert_eq!(game.result().unwrap().winner, None);
}

/// An independent, deliberately naive sower: relays until a lap ends without one, or gives up
/// after `cap` laps (standing for "never ends").
fn naive_move(counts: &mut [u32], ring: &[usize], origin: usize, relay: impl Fn(u32) -> bool, cap: u32) -> Option<u32> {
    let position = |hole: usize| ring.iter().position(|&h| h == hole).unwrap();
    let mut lift = origin;
    for lap in 1..=cap {
        let mut seeds = std::mem::take(&mut counts[lift]);
        let mut at = position(lift);
        while seeds > 0 {
            at = (at + 1) % ring.len();
            counts[ring[at]] += 1;
            seeds -= 1;
        }
        let last = ring[at];
        if !relay(counts[last]) {
            return Some(lap);
        }
        lift = last;
    }
    None
}

#[test]
fn endless_detection_agrees_with_a_naive_sower_on_every_small_position() {
    let rules = rules(&RELAY_2X2.replace("size 2 x 2", "size 2 x 3"));
    // Holes by index: a1 a2 a3 b1 b2 b3; counter-clockwise: a1 a2 a3 b3 b2 b1.
    let ring = [0, 1, 2, 5, 4, 3];
    let mut longest = 0;
    for code in 0..4u32.pow(6) {
        let counts: Vec<u32> = (0..6).map(|i| (code / 4u32.pow(i)) % 4).collect();
        let game = game(&rules, "south", &counts[..3], &counts[3..]);
        for origin in 0..3 {
            if counts[origin] == 0 {
                continue;
            }
            let mut naive = counts.clone();
            let laps = naive_move(&mut naive, &ring, origin, |c| c >= 2, 10_000);
            let mut after = game.clone();
            let legal = after.apply(Action::Sow(u8::try_from(origin).expect("a hole"))).is_ok();
            assert_eq!(legal, laps.is_some(), "position {counts:?}, move from hole {origin}");
            if let Some(laps) = laps {
                longest = longest.max(laps);
                let captured = after.state().captured;
                assert_eq!(captured, [0, 0]);
                assert_eq!(after.state().counts()[..6].iter().map(|&c| u32::from(c)).collect::<Vec<_>>(), naive);
            }
        }
    }
    assert!(longest >= 10, "the search includes long moves that do end (longest: {longest} laps)");
}

#[test]
fn skip_origin_passes_over_the_emptied_hole() {
    let rules = rules("board {\n size 2 x 2\n seeds 0\n}\nsowing {\n skip origin\n}\nend {\n when board repeats 2 times\n}\n");
    let mut game = game(&rules, "south", &[5, 0], &[0, 0]);
    play(&mut game, "a1");
    // a2 b2 b1, then a1 is skipped: a2 b2.
    assert_eq!(rows(&game), (vec![0, 2], vec![1, 2]));
}

#[test]
fn clockwise_sowing_runs_the_other_way() {
    let rules = rules("board {\n size 2 x 3\n seeds 0\n}\nsowing {\n sow clockwise\n}\nend {\n when board repeats 2 times\n}\n");
    let mut game = game(&rules, "south", &[0, 3, 0], &[0, 0, 0]);
    play(&mut game, "a2");
    // Clockwise from a2: a1, then b1, b2.
    assert_eq!(rows(&game), (vec![1, 0, 0], vec![1, 1, 0]));
}

#[test]
fn a_forward_chain_follows_the_sowing_direction() {
    let rules = rules("board {\n size 2 x 3\n seeds 0\n}\ncapture {\n when count = 2\n take last hole\n chain forward while count = 2\n}\nend {\n when board repeats 2 times\n}\n");
    let mut game = game(&rules, "south", &[0, 0, 1], &[1, 2, 1]);
    play(&mut game, "a3");
    // a3 → b3 (now 2): taken; forward b2 (2) taken, b1 (1) stops. Backward a3 (0) is not looked at.
    assert_eq!(rows(&game), (vec![0, 0, 0], vec![1, 0, 0]));
    assert_eq!(game.state().captured, [4, 0]);
}

#[test]
fn a_two_way_chain_never_takes_a_hole_twice() {
    let rules = rules("board {\n size 2 x 2\n seeds 0\n}\ncapture {\n when count = 2\n take last hole\n chain both while count = 2\n}\nend {\n when board repeats 2 times\n}\n");
    // a1 (1) → a2 (now 2): taken; backward a1 (0) stops; forward b2 2, b1 2, a1 0 stops.
    let mut game = game(&rules, "south", &[1, 1], &[2, 2]);
    play(&mut game, "a1");
    assert_eq!(rows(&game), (vec![0, 0], vec![0, 0]));
    assert_eq!(game.state().captured, [6, 0]);
    // Eight stones from a1 put 2 in every hole, the last back in a1: the backward run takes the
    // whole ring and stops at a1; the forward run finds a2 already taken. 8, not 10.
    let mut round = self::game(&rules, "south", &[8, 0], &[0, 0]);
    play(&mut round, "a1");
    assert_eq!(rows(&round), (vec![0, 0], vec![0, 0]));
    assert_eq!(round.state().captured, [8, 0]);
}

#[test]
fn fewest_stones_wins_and_removed_leftovers_count_for_nobody() {
    let rules = rules("board {\n size 2 x 2\n seeds 0\n}\ncapture {\n when count = 2\n take last hole\n}\nend {\n when every hole has count <= 1\n leftover removed\n fewest stones wins\n}\n");
    // (A position already at the ending would be over as read: a2's 2 stones end it.)
    let json = r#"{"to_move": "south", "rows": {"a": [0, 2], "b": [0, 0]}, "captured": {"south": 0, "north": 3}}"#;
    let mut game = Game::from_state(&rules, parse_position(json, &rules).unwrap());
    play(&mut game, "a2");
    let result = game.result().expect("every hole holds at most 1");
    assert_eq!(result.score, [0, 3]);
    assert_eq!(result.winner, Some(mancala::Player::South));
    assert_eq!(result.reason, "every hole has count <= 1");
}

#[test]
fn a_player_without_a_move_can_lose_or_end_the_game() {
    let lose = rules("board {\n size 2 x 2\n seeds 0\n}\nplay {\n no move: lose\n}\nend {\n leftover removed\n}\n");
    let game1 = game(&lose, "north", &[1, 0], &[0, 0]);
    let result = game1.result().expect("North cannot move");
    assert_eq!(result.winner, Some(mancala::Player::South));
    assert_eq!(result.reason, "north cannot move");
    assert!(game1.legal_texts().is_empty());

    let end = rules("board {\n size 2 x 2\n seeds 0\n}\nplay {\n no move: end\n}\nend {\n leftover to owner\n}\n");
    let game2 = game(&end, "north", &[1, 2], &[0, 0]);
    let result = game2.result().expect("North cannot move");
    assert_eq!(result.score, [3, 0]);
    assert_eq!(result.winner, Some(mancala::Player::South));
}

#[test]
fn pass_is_the_single_legal_action_of_a_player_without_a_move() {
    let rules = rules("board {\n size 2 x 2\n seeds 0\n}\nend {\n when board repeats 3 times\n}\n");
    let mut game = game(&rules, "north", &[1, 0], &[0, 0]);
    assert_eq!(game.legal_texts(), ["pass"]);
    assert!(game.apply(Action::Sow(0)).is_err());
    play(&mut game, "pass");
    assert_eq!(game.state().to_move, mancala::Player::South);
    assert!(game.apply(Action::Pass).is_err(), "South has a move: no pass");
}

#[test]
fn a_draw_ending_overrides_the_score() {
    let rules = rules("board {\n size 2 x 2\n seeds 1\n}\nend {\n when board repeats 2 times, draw\n}\n");
    let mut game = Game::new(&rules);
    // South a2 → b2; North b1 → a1 … the board cycles quickly; play until it ends.
    let mut steps = 0;
    while !game.is_over() && steps < 100 {
        let action = game.legal_actions()[0];
        game.apply(action).unwrap();
        steps += 1;
    }
    let result = game.result().expect("a repetition ends the game");
    assert_eq!(result.winner, None);
    assert_eq!(result.reason, "board repeats 2 times");
}

#[test]
fn options_choose_board_size_and_seeds() {
    let source = "game \"Opt\"\noption width: 2..6 = 3\noption seeds: 1 | 4 = 4\nboard {\n size 2 x width\n seeds seeds\n seeds 0 in a1\n}\nend {\n when board repeats 2 times\n}\n";
    let default = load_str("opt", source, &[] as &[&str]).unwrap();
    assert_eq!((default.board.columns, default.board.initial[..6].to_vec()), (3, vec![0, 4, 4, 4, 4, 4]));
    let set = load_str("opt", source, &["width=2", "seeds=1"]).unwrap();
    assert_eq!((set.board.columns, set.board.initial[..4].to_vec()), (2, vec![0, 1, 1, 1]));
    assert!(load_str("opt", source, &["seeds=2"]).is_err());
    assert!(load_str("opt", source, &["colour=red"]).is_err());
    assert!(load_str("opt", source, &["width"]).is_err());
}

#[test]
fn guards_choose_statements_and_sections_per_variant() {
    let source = "game \"Guarded\"\noption style: long | short = long\noption trade: on | off = off\nboard {\n size 2 x 2\n seeds 2\n seeds 5 in a1 if style = short\n}\nsowing {\n relay when count >= 9 if style = long\n relay when count >= 3 if style = short\n}\ntrade if trade = on {\n offer 1 own hole\n price 0 per hole\n}\nend {\n when board repeats 2 times\n}\n";
    let long = load_str("guarded", source, &[] as &[&str]).unwrap();
    assert_eq!(long.board.initial[..4], [2, 2, 2, 2]);
    assert_eq!(long.sowing.relay.map(|c| c.pred), Some(mancala::compile::Pred::Count(mancala::ast::CompareOp::Ge, 9)));
    assert!(long.trade.is_none());
    let short = load_str("guarded", source, &["style=short", "trade=on"]).unwrap();
    assert_eq!(short.board.initial[..4], [5, 2, 2, 2]);
    assert_eq!(short.sowing.relay.map(|c| c.pred), Some(mancala::compile::Pred::Count(mancala::ast::CompareOp::Ge, 3)));
    assert!(short.trade.is_some());
    // Two relays under the same variant are still a duplicate.
    let clash = source.replace("relay when count >= 3 if style = short", "relay when count >= 3 if style = long");
    let Err(mancala::LoadError::Rules { diagnostics, .. }) = load_str("clash", &clash, &[] as &[&str]) else { panic!("a duplicate") };
    assert_eq!(diagnostics.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(), ["duplicate_statement"]);
}

#[test]
fn take_opposite_hole_takes_the_facing_hole() {
    // A Kalah-like capture without stores: last stone into an own empty hole whose facing hole
    // holds stones: take the facing hole.
    let rules = rules(
        "board {\n size 2 x 4\n seeds 2\n}\ncapture {\n when own and count = 1 and opposite hole is not empty\n take opposite hole\n}\n",
    );
    let mut g = game(&rules, "south", &[1, 0, 2, 0], &[3, 5, 4, 1]);
    // a1 → a2 (empty, own), facing b2 = 5: taken.
    play(&mut g, "a1");
    assert_eq!(rows(&g), (vec![0, 1, 2, 0], vec![3, 0, 4, 1]));
    assert_eq!(g.state().captured, [5, 0]);
    // North b4 (1) → b3? No: North's b4 is followed by b3 in the shared circuit (a4 → b4 → b3):
    // b3 holds 4, not empty: no capture.
    play(&mut g, "b4");
    assert_eq!(rows(&g), (vec![0, 1, 2, 0], vec![3, 0, 5, 0]));
    assert_eq!(g.state().captured, [5, 0]);
}

#[test]
fn previous_and_next_hole_follow_the_circuit() {
    // Starts only where the previous hole (in sowing order) is empty and the next is not.
    let rules = rules(
        "board {\n size 2 x 3\n seeds 1\n}\nplay {\n start from own hole where previous hole is empty and next hole is not empty\n}\n",
    );
    // Circuit a1 a2 a3 b3 b2 b1. a1's previous is b1 (0), next a2 (1): yes. a2: previous a1 (1): no.
    // a3: previous a2 (1): no.
    let g = game(&rules, "south", &[1, 1, 1], &[0, 1, 1]);
    assert_eq!(g.legal_texts(), ["a1"]);
    // North: b3's previous is a3 (1): no; b2's previous b3 (1): no; b1 is empty. North has no
    // move and passes.
    let g = game(&rules, "north", &[1, 1, 1], &[0, 1, 1]);
    assert_eq!(g.legal_texts(), ["pass"]);
}

/// A tiny match whose every round goes round until its board repeats, each player keeping their
/// own hole, so that every round starts exactly as the last did; `end` is what the rounds section
/// adds.
fn same_rounds(end: &str) -> Rules {
    rules(&format!(
        "board {{\n size 2 x 1\n seeds 1\n}}\nrounds {{\n refill 1 per hole\n{end}}}\nend {{\n when board repeats 2 times, leftover to owner\n}}\n"
    ))
}

#[test]
fn a_match_whose_rounds_keep_starting_the_same_way_ends() {
    // The fifth such start ends the match, scored by each player's stones.
    let rules = same_rounds(" end match when round start repeats 5 times, leftover to owner\n");
    let mut g = Game::new(&rules);
    let mut actions = 0;
    while !g.is_over() {
        let action = g.legal_actions()[0];
        g.apply(action).expect("legal");
        actions += 1;
        assert!(actions < 100, "the match does not end: {}", g.position_json());
    }
    let result = g.result().expect("over");
    assert_eq!(result.reason, "round start repeats 5 times");
    assert_eq!(result.winner, None);
    assert_eq!(result.score, [1, 1]);
    // Rounds 2 to 6 started by refills (the game's own start is no refill).
    assert_eq!(g.state().round, 6);
    // A draw, where the file says so.
    let rules = same_rounds(" end match when round start repeats 3 times, draw\n");
    let mut g = Game::new(&rules);
    for actions in 0.. {
        if g.is_over() {
            break;
        }
        assert!(actions < 100, "the match does not end: {}", g.position_json());
        g.apply(g.legal_actions()[0]).expect("legal");
    }
    assert_eq!(g.result().map(|r| (r.reason.as_str(), r.winner)), Some(("round start repeats 3 times", None)));
    assert_eq!(g.state().round, 4);
}

#[test]
fn without_end_match_repeated_round_starts_go_on() {
    // Nothing in the engine ends a match the file does not end: the same rounds go on.
    let rules = same_rounds("");
    let mut g = Game::new(&rules);
    for _ in 0..200 {
        g.apply(g.legal_actions()[0]).expect("legal");
    }
    assert!(!g.is_over());
    assert!(g.state().round > 50, "round {}", g.state().round);
}

#[test]
fn a_claim_lasts_for_the_round() {
    // South has claimed b1. a1 (1) → a2 leaves North without a stone: the round ends and the board
    // goes to South (1). Refills of 2: South a1 a2 (stock 5 → 1), North b2 b1 (4 → 0): b1 is
    // North's again, and no longer claimed.
    let rules = rules(
        "board {\n size 2 x 2\n seeds 2\n}\ncapture {\n when opponent's and count = 3\n claim last hole\n}\nrounds {\n refill 2 per hole\n}\n\
         end {\n when every hole is (own or empty), leftover to mover\n}\n",
    );
    let json = serde_json::json!({
        "to_move": "south", "rows": {"a": [1, 0], "b": [0, 0]}, "captured": {"south": 4, "north": 4},
        "owners": {"b1": "south"}, "claimed": ["b1"], "closed": [], "round": 1,
    });
    let mut game = Game::from_state(&rules, parse_position(&json.to_string(), &rules).expect("a valid position"));
    play(&mut game, "a1");
    let position = game.position();
    assert_eq!(rows(&game), (vec![2, 2], vec![2, 2]));
    assert_eq!((position.captured.south, position.captured.north), (1, 0));
    assert_eq!(position.round, Some(2));
    assert_eq!(position.claimed, Some(vec![]));
    assert!(position.owners.is_empty(), "{:?}", position.owners);
    assert_eq!(game.legal_texts(), ["a1", "a2"]);
}

#[test]
fn a_claimed_hole_passes_every_stone_to_its_claimer_and_ends_a_lap() {
    // a2 (2): b2 2 → 3, and the last stone makes b1 three: South claims it and takes its 3. Then
    // North b2 (3): b1 is South's, so that stone is South's; a1 +1, a2 +1.
    let rules = rules("board {\n size 2 x 2\n seeds 2\n}\ncapture {\n when opponent's and count = 3\n claim last hole\n}\n");
    let mut game = game(&rules, "south", &[2, 2], &[2, 2]);
    play(&mut game, "a2");
    assert_eq!(rows(&game), (vec![2, 0], vec![0, 3]));
    assert_eq!(game.position().claimed, Some(vec!["b1".to_string()]));
    assert_eq!(game.state().captured, [3, 0]);
    assert_eq!(game.legal_texts(), ["b2"]);
    play(&mut game, "b2");
    assert_eq!(rows(&game), (vec![3, 1], vec![0, 0]));
    assert_eq!(game.state().captured, [4, 0]);
}

#[test]
fn a_store_is_never_claimed() {
    // a1 (1) → a2, whose next place is South's store: `claim next hole` finds no hole there.
    let rules = rules(
        "board {\n size 2 x 2\n seeds 1\n stores at right\n}\ncapture {\n when own and count = 1\n claim next hole\n}\nend {\n when every hole is empty\n}\n",
    );
    let mut game = game(&rules, "south", &[1, 0], &[1, 1]);
    play(&mut game, "a1");
    assert_eq!(rows(&game), (vec![0, 1], vec![1, 1]));
    assert_eq!(game.position().claimed, Some(vec![]));
    assert_eq!(game.state().captured, [0, 0]);
}

#[test]
fn a_claimed_hole_is_never_traded() {
    // Goré's trade with a claim: South owns a1, a2 and the claimed b2; only a1 and a2 may be
    // offered, and at least one of them kept.
    let rules = rules(
        "board {\n size 2 x 2\n seeds 2\n}\ncapture {\n when opponent's and count = 3\n claim last hole\n}\n\
         trade {\n offer 1..2 own holes\n keep at least 1 hole\n price 1 captured stone per hole\n}\n",
    );
    let json = serde_json::json!({
        "to_move": "south", "rows": {"a": [1, 1], "b": [2, 0]}, "captured": {"south": 3, "north": 3},
        "owners": {"b2": "south"}, "claimed": ["b2"],
    });
    let game = Game::from_state(&rules, parse_position(&json.to_string(), &rules).expect("a valid position"));
    assert_eq!(game.legal_texts(), ["a1", "a2", "offer a1", "offer a2"]);
    let offered = serde_json::json!({
        "to_move": "north", "rows": {"a": [1, 1], "b": [2, 0]}, "captured": {"south": 3, "north": 3},
        "owners": {"b2": "south"}, "claimed": ["b2"], "pending": {"offer": ["b2"], "by": "south"},
    });
    let error = parse_position(&offered.to_string(), &rules).expect_err("an offer of a claimed hole");
    assert_eq!(error.to_string(), "field \"pending.offer\": b2 is not a hole south may offer (claimed holes are never traded)");
}

#[test]
fn stores_at_right_stand_at_each_players_right_whichever_way_sowing_runs() {
    // Clockwise, South's circuit runs a3 a2 a1 b1 b2 b3, South's store, a3: the store stands at
    // South's right (column 3), between b3 and a3. North's runs b1 b2 b3 a3 a2 a1, North's store,
    // b1: at North's right (column 1), between a1 and b1. Each passes the other's store.
    let rules = rules(
        "board {\n size 2 x 3\n seeds 0\n stores at right\n}\nplay {\n play again when last seed in own store\n}\nsowing {\n sow clockwise\n}\nend {\n when every hole is empty\n}\n",
    );
    // South a1 (5): b1, b2, b3, South's store, a3.
    let mut g = game(&rules, "south", &[5, 0, 0], &[0, 0, 1]);
    play(&mut g, "a1");
    assert_eq!((rows(&g), g.state().captured), ((vec![0, 0, 1], vec![1, 1, 2]), [1, 0]));
    assert_eq!(g.to_move(), Some(mancala::Player::North));
    // North b3 (5): a3, a2, a1, North's store, b1.
    let mut g = game(&rules, "north", &[0, 0, 0], &[0, 0, 5]);
    play(&mut g, "b3");
    assert_eq!((rows(&g), g.state().captured), ((vec![1, 1, 1], vec![1, 0, 0]), [0, 1]));
    // South a1 (4): b1, b2, b3, the store: South moves again.
    let mut g = game(&rules, "south", &[4, 0, 1], &[0, 0, 0]);
    play(&mut g, "a1");
    assert_eq!((rows(&g), g.state().captured), ((vec![0, 0, 1], vec![1, 1, 1]), [1, 0]));
    assert_eq!(g.to_move(), Some(mancala::Player::South));
}

/// A file of `n` capture sections: the first `n - 1` can never hold; the last takes the last hole
/// when it holds 2 and lets the mover choose one more hole holding 1.
fn many_captures(n: usize) -> String {
    let mut source = "board {\n size 2 x 2\n seeds 1\n}\n".to_string();
    for _ in 1..n {
        source.push_str("capture {\n when count = 99\n take last hole\n}\n");
    }
    source.push_str("capture {\n when count = 2\n take last hole\n choose 1 more hole where count = 1\n}\n");
    source
}

#[test]
fn a_file_of_more_than_255_captures_is_refused_and_255_all_work() {
    // The engine numbers capture sections in a byte: the 256th is refused, never confused with the first.
    let source = format!("game \"Test\"\n{}", many_captures(256));
    let Err(mancala::LoadError::Rules { diagnostics, .. }) = load_str("test.mancala", &source, &[] as &[&str]) else {
        panic!("256 capture sections load");
    };
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].code.as_str(), "too_many_captures");
    assert_eq!(diagnostics[0].message, "256 `capture` sections are more than the 255 a game may have");
    let header = diagnostics[0].labels[0].0;
    assert_eq!(&source[header.start as usize..header.end as usize], "capture");
    assert_eq!(source[..header.start as usize].matches("capture {").count(), 255, "the label is on the 256th section");
    // 255 sections: the last one captures and asks for its chosen hole.
    let rules = rules(&many_captures(255));
    // South a2 (1) → b2 (2): taken, then South chooses one of a1, b1 (1 each).
    let mut g = game(&rules, "south", &[1, 1], &[1, 1]);
    play(&mut g, "a2");
    assert_eq!(g.legal_texts(), ["take a1", "take b1"]);
    play(&mut g, "take b1");
    assert_eq!((rows(&g), g.state().captured), ((vec![1, 0], vec![0, 0]), [3, 0]));
}

#[test]
fn stores_at_right_on_circuits_round_own_rows() {
    // Each player sows round their own row; the store stands at their right. Counter-clockwise
    // South's circuit is a1 a2 a3, South's store: a3 (1) ends in the store, South moves again.
    let ccw = rules(
        "board {\n size 2 x 3\n seeds 0\n stores at right\n}\nplay {\n play again when last seed in own store\n}\nsowing {\n sow counter-clockwise round own rows\n}\nend {\n when every hole is empty\n}\n",
    );
    let mut g = game(&ccw, "south", &[0, 1, 1], &[1, 0, 0]);
    play(&mut g, "a3");
    assert_eq!((rows(&g), g.state().captured, g.to_move()), ((vec![0, 1, 0], vec![1, 0, 0]), [1, 0], Some(mancala::Player::South)));
    // Clockwise it is a3 a2 a1, then the store (at a3's end), then a3: a1 (2) → store, a3.
    let cw = rules(
        "board {\n size 2 x 3\n seeds 0\n stores at right\n}\nsowing {\n sow clockwise round own rows\n}\nend {\n when every hole is empty\n}\n",
    );
    let mut g = game(&cw, "south", &[2, 0, 0], &[1, 0, 0]);
    play(&mut g, "a1");
    assert_eq!((rows(&g), g.state().captured), ((vec![0, 0, 1], vec![1, 0, 0]), [1, 0]));
}

#[test]
fn the_start_asks_no_ending_a_given_position_does() {
    // Every hole holds 1, which this file's ending asks: endings follow actions, so a new game
    // goes on; the same position given from outside is over as read.
    let rules = rules("board {\n size 2 x 2\n seeds 1\n}\nend {\n when every hole has count <= 1\n}\n");
    let new = Game::new(&rules);
    assert!(!new.is_over());
    assert_eq!(new.legal_texts(), ["a1", "a2"]);
    let given = game(&rules, "south", &[1, 1], &[1, 1]);
    assert_eq!(given.result().map(|r| r.reason.as_str()), Some("every hole has count <= 1"));
}

#[test]
fn an_offer_takes_at_most_three_holes() {
    // Every set of offered holes is an action: offers of up to 12 of 40 holes were billions.
    let source = "game \"T\"\nboard {\n size 2 x 40\n seeds 3\n}\ntrade {\n offer 1..12 own holes\n price 0 captured stones per hole\n}\n";
    let Err(mancala::LoadError::Rules { diagnostics, .. }) = load_str("test.mancala", source, &[] as &[&str]) else { panic!("loads") };
    let found: Vec<(&str, &str)> = diagnostics.iter().map(|d| (d.code.as_str(), d.message.as_str())).collect();
    assert_eq!(found, [("out_of_range", "the number of holes offered cannot be 12")]);
}
