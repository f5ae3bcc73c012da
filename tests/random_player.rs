//! The random player (`ai::random::choose`) draws without listing the actions where it can (a
//! turn of plain sowings, a choice of holes open inside a move), and must draw exactly as from the
//! list of legal actions: the same action, the generator left in the same state. For every
//! shipped rule file, random games check each draw against a draw from the list by a second
//! generator kept in step.

mod common;

use common::per_shipped_rule_file;
use mancala::ai::random;
use mancala::{Action, Game, Rules};
use rand::rngs::ChaCha8Rng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

per_shipped_rule_file!(the_random_player_draws_as_from_the_list);

/// Games per file, and the most actions looked at in each.
const GAMES: u64 = 20;
const MOST_ACTIONS: usize = 3_000;

fn the_random_player_draws_as_from_the_list(name: &str) {
    draws_as_from_the_list(common::rules(name), name);
}

/// Plays `GAMES` games of `rules` by the random player, each draw checked against one from the
/// list of legal actions; returns how many draws were of a choice of holes.
fn draws_as_from_the_list(rules: &Rules, name: &str) -> usize {
    let mut choices = 0;
    for seed in 0..GAMES {
        let mut game = Game::new(rules);
        // Two generators in step: one for the player, one for the draw from the list.
        let (mut rng, mut listed) = (ChaCha8Rng::seed_from_u64(seed), ChaCha8Rng::seed_from_u64(seed));
        for number in 0..MOST_ACTIONS {
            let at = format!("{name}, game {seed}, action {number}");
            let from_list = game.legal_actions().choose(&mut listed).copied();
            let drawn = random::choose(&game, &mut rng);
            assert_eq!(drawn, from_list, "{at}: a different action");
            assert_eq!(rng.next_u64(), listed.next_u64(), "{at}: the generator moved on differently");
            let Some(action) = drawn else { break };
            choices += usize::from(matches!(action, Action::Take(_)));
            game.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
        }
    }
    choices
}

/// Tsoro's bonus holes are a choice of holes (two by default, and one or three by its options):
/// the games above meet such choices, with one set and with many.
#[test]
fn tsoro_meets_choices_of_holes() {
    for bonus in ["1", "2", "3"] {
        let rules = mancala::load_file(common::rules_path("tsoro"), &[format!("bonus={bonus}")]).expect("tsoro loads");
        assert!(draws_as_from_the_list(&rules, "tsoro") > 20, "bonus {bonus}: too few choices drawn");
    }
}
