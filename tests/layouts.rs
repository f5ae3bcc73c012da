//! The layouts a position may take (`engine::layout`) play the same games: for every shipped rule
//! file, random games played in the narrowest layout the rules fit and in `Wide` (the layout every
//! command but `simulate` and the benches plays in) see the same legal actions, the same position
//! after every action and the same result.

mod common;

use common::per_shipped_rule_file;
use mancala::engine::layout::fits;
use mancala::engine::{Broad, Cells, GameIn, Middle, Narrow, Wide};
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
    common::side_by_side(name, 7, (GAMES, MOST_ACTIONS), || (GameIn::<C>::new(rules), GameIn::<Wide>::new(rules)), |_, _, _| {});
}
