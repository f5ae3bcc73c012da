//! The layouts a position may take (`engine::layout`) play the same games: for every shipped rule
//! file, random games played in the narrowest layout the rules fit and in `Wide` (the layout every
//! command but `simulate` and the benches plays in) see the same legal actions, the same position
//! after every action and the same result.

mod common;

use common::{per_shipped_rule_file, Rng};
use mancala::engine::layout::fits;
use mancala::engine::{Broad, Cells, GameIn, Mask, Middle, Narrow, Wide};
use mancala::Rules;

per_shipped_rule_file!(every_layout_plays_the_same_games);

/// Games per file, and the most actions looked at in each.
const GAMES: usize = 40;
const MOST_ACTIONS: usize = 3_000;

fn every_layout_plays_the_same_games(name: &str) {
    let rules = common::rules(name);
    if fits::<Narrow>(rules) {
        same_games::<Narrow>(rules, name);
    }
    if fits::<Middle>(rules) {
        same_games::<Middle>(rules, name);
    }
    // Every file ships with at most 255 stones: each fits `Broad` at least.
    assert!(fits::<Broad>(rules), "{name}: fits no layout but Wide");
    same_games::<Broad>(rules, name);
}

/// Plays `GAMES` random games of `rules` in layout `C` and in `Wide` side by side.
fn same_games<C: Cells>(rules: &Rules, name: &str) {
    let mut rng = Rng::new(name.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))));
    for game in 0..GAMES {
        let mut narrow = GameIn::<C>::new(rules);
        let mut wide = GameIn::<Wide>::new(rules);
        for number in 0..MOST_ACTIONS {
            let at = format!("{name}, game {game}, action {number}");
            assert_eq!(narrow.state().widen(), wide.state().widen(), "{at}: the positions differ");
            assert_eq!(narrow.result(), wide.result(), "{at}: the results differ");
            let legal = wide.legal_actions();
            assert_eq!(narrow.legal_actions(), legal, "{at}: the legal actions differ");
            assert_eq!(narrow.sowings().map(Mask::wide), wide.sowings().map(Mask::wide), "{at}: the sowings differ");
            if legal.is_empty() {
                break;
            }
            let action = *rng.pick(&legal);
            narrow.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
            wide.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(narrow.last_laps(), wide.last_laps(), "{at}");
            assert_eq!(narrow.swept(), wide.swept(), "{at}");
        }
    }
}
