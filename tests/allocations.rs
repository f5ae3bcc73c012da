//! The engine's hot path allocates nothing per move: random games of every shipped file, played
//! as `simulate` plays them (the random player chooses, the game applies), counting the heap
//! allocations of the thread that plays (`allocation-counter` stands in for the allocator in this
//! test binary alone). A game may allocate as its buffers first grow, each to twice its size: the
//! repetition history's tables, the lists of positions that relay moves leave, the look-ahead at
//! the opponent's moves; and once when it ends (the result's words). So a game of `n` actions may
//! allocate a few times plus about log₂ n, never once an action, nor once a round.

mod common;

use common::per_shipped_rule_file;
use mancala::ai::AgentKind;
use mancala::engine::{Cells, GameIn, Wide};
use mancala::Rules;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

/// Games played of each file, in each layout.
const GAMES: u64 = 150;

/// The most actions a game is played for (Rab'e's longest random games take about a thousand).
const MAX_ACTIONS: u32 = 5_000;

/// The most allocations a game of `actions` actions may make over its actions: six, plus one for
/// each doubling of its length (a buffer that grows as the game goes on grows that often).
fn allowed(actions: u32) -> u64 {
    6 + u64::from(u32::BITS - actions.leading_zeros())
}

/// Plays [`GAMES`] random games of `rules` in layout `C`, and returns the allocations of the one
/// that made most over `allowed`, as (allocations, actions), if any did; and how many actions were
/// played in all.
fn over_allowed<C: Cells>(rules: &Rules) -> (Option<(u64, u32)>, u64) {
    let mut worst: Option<(u64, u32)> = None;
    let mut played = 0;
    // A game first, not counted, so that what a thread makes once for all its games is made (the
    // list of actions it keeps, grown at first to the most a turn lists: Gore's offers).
    let mut game = GameIn::<C>::new(rules);
    let mut rng = ChaCha8Rng::seed_from_u64(GAMES);
    for _ in 0..MAX_ACTIONS {
        let Some(action) = AgentKind::Random.choose(&game, &mut rng) else { break };
        game.apply(action).expect("a legal action applies");
    }
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = GameIn::<C>::new(rules);
        let (mut allocations, mut actions) = (0, 0);
        while game.to_move().is_some() && actions < MAX_ACTIONS {
            let mut applied = false;
            let info = allocation_counter::measure(|| {
                if let Some(action) = AgentKind::Random.choose(&game, &mut rng) {
                    applied = game.apply(action).is_ok();
                }
            });
            assert!(applied, "a legal action chosen and applied (game {seed}, action {actions})");
            allocations += info.count_total;
            actions += 1;
        }
        played += u64::from(actions);
        let over = allocations.saturating_sub(allowed(actions));
        if over > worst.map_or(0, |(a, n)| a.saturating_sub(allowed(n))) {
            worst = Some((allocations, actions));
        }
    }
    (worst, played)
}

/// Random games of `file` allocate no more than [`allowed`], in the narrowest layout its rules
/// fit (as `simulate` plays them) and in the widest (as `Game` does).
fn allocates_nothing_per_action(file: &str) {
    let rules = common::rules(file);
    let narrowest = mancala::in_narrowest!(rules, C => over_allowed::<C>(rules));
    for (layout, (worst, played)) in [("narrowest", narrowest), ("widest", over_allowed::<Wide>(rules))] {
        // Enough actions that an allocation in each, or in each round, would show.
        assert!(played > GAMES * 10, "{file}: {played} actions played");
        if let Some((allocations, actions)) = worst {
            panic!("{file} ({layout} layout): a game of {actions} actions allocated {allocations} times (at most {})", allowed(actions));
        }
    }
}

per_shipped_rule_file!(allocates_nothing_per_action);

/// The count is of this thread's allocations: one made in a game is seen.
#[test]
fn an_allocation_is_counted() {
    let info = allocation_counter::measure(|| drop(std::hint::black_box(vec![1u8; 8])));
    assert_eq!(info.count_total, 1);
}
