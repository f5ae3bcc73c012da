//! A placement is accepted exactly when it is listed: `apply` decides a placement's legality from
//! its own hole's moves (and the others' only as far as a compulsory capture needs), and must
//! agree with the full list of legal actions in every position random games reach, for every
//! hole and both ways, in every shipped file that places stones from hand. A copy of a game, which
//! keeps none of the positions its turn's moves leave, plays each action to the same position.

mod common;

use common::Rng;
use mancala::{Action, Game};

#[test]
fn a_placement_is_accepted_exactly_when_it_is_listed() {
    let mut asked = 0;
    for name in ["bao-kiswahili-congo", "bao-la-kiswahili", "omweso"] {
        let rules = common::rules(name);
        assert!(rules.play.place.is_some(), "{name} places stones from hand");
        let mut rng = Rng::new(11);
        for game_number in 0..6 {
            let mut game = Game::new(rules);
            for number in 0..400 {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                if game.to_move().is_some_and(|p| game.state().hand[p.index()] > 0) {
                    // Every hole, the stores' places and a hole far off the board.
                    let holes = u8::try_from(rules.board.holes + 2).expect("a small board");
                    for hole in (0..holes).chain([u8::MAX]) {
                        for action in [Action::Sow(hole), Action::SowReversed(hole)] {
                            let accepted = game.clone().apply(action).is_ok();
                            assert_eq!(accepted, legal.contains(&action), "{name}, game {game_number}, action {number}: {action:?}");
                            asked += 1;
                        }
                    }
                }
                // A copy of a game keeps the turn's moves but not what they leave: it plays the
                // action afresh, and must reach the same position.
                let action = *rng.pick(&legal);
                let mut copy = game.clone();
                copy.apply(action).expect("a listed action applies to a copy");
                game.apply(action).expect("a listed action applies");
                assert_eq!(copy.state(), game.state(), "{name}, game {game_number}, action {number}: {action:?}");
                assert_eq!(copy.last_laps(), game.last_laps(), "{name}, game {game_number}, action {number}: {action:?}");
            }
        }
    }
    assert!(asked > 10_000, "{asked}");
}
