//! The layouts a position may take (`engine::layout`) play the same games: for every shipped rule
//! file, random games played in the narrowest layout the rules fit and in `Wide` (the layout every
//! command but `simulate` and the benches plays in) see the same legal actions, the same position
//! after every action and the same result. `Simple` and `SimpleMiddle`, which leave out what simple
//! turns never meet, serve exactly the files whose turns are all simple, refuse every action
//! `Wide` refuses, and in `Wide` those files' games never meet what they leave out.

mod common;

use common::per_shipped_rule_file;
use mancala::ai::{AgentKind, Budget};
use mancala::cli::perft::{perft, perft_each};
use mancala::engine::layout::fits;
use mancala::engine::{Broad, Cells, GameIn, Middle, Narrow, Simple, SimpleMiddle, Wide};
use mancala::{Action, Rules};
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

per_shipped_rule_file!(every_layout_plays_the_same_games, the_narrowest_layout_counts_and_searches_as_wide_does);

/// Games per file, and the most actions looked at in each.
const GAMES: usize = 40;
const MOST_ACTIONS: usize = 3_000;

fn every_layout_plays_the_same_games(name: &str) {
    let rules = common::rules(name);
    if fits::<Simple>(rules) {
        same_games::<Simple>(rules, name);
        refuses_the_same::<Simple>(rules, name);
    }
    if fits::<Narrow>(rules) {
        same_games::<Narrow>(rules, name);
    }
    if fits::<SimpleMiddle>(rules) {
        same_games::<SimpleMiddle>(rules, name);
        refuses_the_same::<SimpleMiddle>(rules, name);
    }
    if fits::<Middle>(rules) {
        same_games::<Middle>(rules, name);
    }
    // Every file ships with at most 255 stones: each fits `Broad` at least.
    assert!(fits::<Broad>(rules), "{name}: fits no layout but Wide");
    same_games::<Broad>(rules, name);
}

fn the_narrowest_layout_counts_and_searches_as_wide_does(name: &str) {
    let rules = common::rules(name);
    mancala::in_narrowest!(rules, C => counts_and_searches::<C>(rules, name));
}

/// `perft` counts the same sequences in layout `C` as in `Wide`, at every depth up to the first
/// of more than 3,000 (at most 8), and at the first positions of random games a search of 40
/// playouts with the same generator chooses the same action in both.
fn counts_and_searches<C: Cells>(rules: &Rules, name: &str) {
    let wide = GameIn::<Wide>::new(rules);
    let depth = (1..8).find(|&d| perft(&wide, d) > 3_000).unwrap_or(8);
    let counts = perft_each(&wide, depth);
    assert_eq!(perft_each(&GameIn::<C>::new(rules), depth), counts, "{name}: the counts differ");
    // The counts of a walk of each depth apart are the same.
    assert_eq!(perft(&wide, depth - 1), counts[counts.len() - 2], "{name}");
    let search = AgentKind::Mcts(Budget::Iterations(40));
    common::side_by_side(
        name,
        17,
        (2, 6),
        || (GameIn::<C>::new(rules), GameIn::<Wide>::new(rules)),
        |at, a, b| {
            if a.is_over() {
                return;
            }
            let chosen = [search.choose(a, &mut ChaCha8Rng::seed_from_u64(3)), search.choose(b, &mut ChaCha8Rng::seed_from_u64(3))];
            assert!(chosen[0].is_some(), "{at}: no choice");
            assert_eq!(chosen[0], chosen[1], "{at}: the searches chose apart");
        },
    );
}

/// Plays `GAMES` random games of `rules` in layout `C` and in `Wide` side by side.
fn same_games<C: Cells>(rules: &Rules, name: &str) {
    common::side_by_side(name, 7, (GAMES, MOST_ACTIONS), || (GameIn::<C>::new(rules), GameIn::<Wide>::new(rules)), |_, _, _| {});
}

/// Plays random games of `rules` in layout `C` and in `Wide` side by side, and at each of the
/// first actions of each game tries every action of every kind in both: each is refused by both
/// or played by both to the same position and result.
fn refuses_the_same<C: Cells>(rules: &Rules, name: &str) {
    let holes = u8::try_from(rules.board.holes).expect("a board of fewer than 256 holes");
    let mut tried: Vec<Action> = (0..holes).flat_map(|h| [Action::Sow(h), Action::SowReversed(h)]).collect();
    tried.extend([Action::Pass, Action::Accept, Action::Decline, Action::Continue, Action::Stop, Action::Offer(1), Action::Take(1)]);
    common::side_by_side(
        name,
        11,
        (10, 150),
        || (GameIn::<C>::new(rules), GameIn::<Wide>::new(rules)),
        |at, a, b| {
            for &action in &tried {
                let (mut a, mut b) = (a.clone(), b.clone());
                let (played_a, played_b) = (a.apply(action).is_ok(), b.apply(action).is_ok());
                assert_eq!(played_a, played_b, "{at}, then {action:?}: refused by one layout only");
                assert_eq!(a.state().widen(), b.state().widen(), "{at}, then {action:?}: the positions differ");
                assert_eq!(a.result(), b.result(), "{at}, then {action:?}: the results differ");
            }
        },
    );
}

/// `Simple` serves the files whose every turn is simple and that fit a narrow board,
/// `SimpleMiddle` those that fit a board of four rows of eight, and in `Wide` their games never
/// meet what these leave out: a phase, an offer, a decision left open, a turn played at once, a
/// stone placed from hand.
#[test]
fn the_simple_layouts_serve_the_files_whose_turns_never_leave_anything_open() {
    let shipped: Vec<String> = common::shipped_rule_files!(@names).iter().map(|name| name.replace('_', "-")).collect();
    let simple: Vec<&str> = shipped.iter().map(String::as_str).filter(|name| fits::<Simple>(common::rules(name))).collect();
    assert_eq!(
        simple,
        [
            "bohnenspiel",
            "bosh",
            "djenon-aboure",
            "gabata",
            "hoyito",
            "kalah",
            "oware",
            "pallanguzhi",
            "rabe",
            "tihbat",
            "toguz-kumalak",
            "vai-lung-thlan"
        ]
    );
    // The larger simple boards (`in_narrowest!` tries `Simple` first).
    let simple_middle: Vec<&str> = shipped
        .iter()
        .map(String::as_str)
        .filter(|name| fits::<SimpleMiddle>(common::rules(name)) && !fits::<Narrow>(common::rules(name)))
        .collect();
    assert_eq!(simple_middle, ["bao-la-kujifunza", "hus", "moruba"]);
    for name in &shipped {
        let rules = common::rules(name);
        // `Simple` takes exactly the simple rules that fit `Narrow`, `SimpleMiddle` those that fit
        // `Middle`.
        assert_eq!(fits::<Simple>(rules), rules.tracks.simple && fits::<Narrow>(rules), "{name}");
        assert_eq!(fits::<SimpleMiddle>(rules), rules.tracks.simple && fits::<Middle>(rules), "{name}");
        if !rules.tracks.simple {
            continue;
        }
        // The random games' driver, the game played beside itself.
        common::side_by_side(
            name,
            13,
            (20, 3_000),
            || (GameIn::<Wide>::new(rules), GameIn::<Wide>::new(rules)),
            |at, game, _| {
                let state = game.state();
                assert_eq!(state.phase, [0, 0], "{at}: a phase");
                assert_eq!(state.offer, 0, "{at}: an offer");
                assert_eq!(state.pending, mancala::engine::Pending::None, "{at}: a decision open");
                let actions = game.legal_actions();
                assert!(actions.iter().all(|a| matches!(a, Action::Sow(_) | Action::SowReversed(_) | Action::Pass)), "{at}: {actions:?}");
            },
        );
    }
}
