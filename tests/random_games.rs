//! Property test over every shipped rule file (`rules/*.mancala`): random games, each action
//! chosen uniformly among the legal ones with a seeded portable generator (ChaCha8), must end,
//! conserve stones after every action, never refuse a legal action, refuse illegal ones without
//! changing anything, and score every stone at the end where the scoring gives leftovers out. Each
//! file is played with its defaults and with every other value of each option (`trade=off`).

mod common;

use std::collections::BTreeMap;

use common::Rng;
use mancala::check::model::{Leftover, NoMove, OptionDomain, OptionValue, Outcome, Wins};
use mancala::engine::position::parse_position;
use mancala::engine::Pending;
use mancala::{Action, Game, Player, Rules};
use rayon::prelude::*;

const GAMES_PER_RULE_FILE: usize = 300;
const MAX_ACTIONS: usize = 100_000;

/// Every leftover rule an ending of these rules can apply.
fn leftover_rules(rules: &Rules) -> Vec<Leftover> {
    let mut all = vec![rules.end.leftover];
    all.extend(rules.end.endings.iter().filter_map(|e| match e.outcome {
        Outcome::Leftover(l) => Some(l),
        Outcome::Draw | Outcome::Mover(_) => None,
    }));
    all
}

/// Plays one random game to its end; returns its result's reason.
fn play_one(rules: &Rules, rng: &mut Rng, file: &str, number: usize) -> String {
    let mut game = Game::new(rules);
    let total = game.state().total(rules);
    let all_holes: Vec<Action> = (0..u8::try_from(rules.board.holes).expect("holes fit a byte"))
        .flat_map(|h| [Action::Sow(h), Action::SowReversed(h)])
        .chain([Action::Pass, Action::Continue, Action::Stop])
        .collect();
    let mut actions = 0usize;
    let mut record: Vec<String> = Vec::new();
    let context =
        |record: &[String], game: &Game| format!("{file}, game {number}, after `{}`: {}", record.join(", "), game.position_json());
    while !game.is_over() {
        assert!(actions < MAX_ACTIONS, "{file}, game {number}: not over after {MAX_ACTIONS} actions");
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "an ongoing game offers no action: {}", context(&record, &game));
        assert_eq!(
            legal.iter().map(|a| Action::parse(&a.text(rules), rules).expect("legal text parses")).collect::<Vec<_>>(),
            legal,
            "legal texts read back as the same actions"
        );
        // Any action not offered is refused and leaves the game as it was.
        let refused: Vec<Action> = all_holes.iter().copied().filter(|a| !legal.contains(a)).collect();
        if !refused.is_empty() {
            let action = *rng.pick(&refused);
            let before = *game.state();
            assert!(game.apply(action).is_err(), "`{}` is not offered but was accepted: {}", action.text(rules), context(&record, &game));
            assert_eq!(*game.state(), before, "a refused action changed the state");
        }
        // The position survives its JSON form (repetition history aside).
        let reread = parse_position(&game.position_json(), rules).unwrap_or_else(|e| panic!("{e}: {}", context(&record, &game)));
        assert_eq!(reread, *game.state(), "position JSON round trip: {}", context(&record, &game));

        let action = *rng.pick(&legal);
        let mover = game.to_move().expect("someone is to move");
        let round = game.state().round;
        // The second choice of a turn played at once: who moves after it is the race's to say
        // (tests/congkak.rs checks when).
        let racing = matches!(game.state().pending, Pending::Race(_));
        if let Err(e) = game.apply(action) {
            panic!("a legal action was refused: {e}; {}", context(&record, &game));
        }
        record.push(action.text(rules));
        actions += 1;
        assert_eq!(game.state().total(rules), total, "stones not conserved: {}", context(&record, &game));
        if let Some(next) = game.to_move() {
            // An answer to an offer ends the offerer's turn: the one who answered plays next. A
            // decision open inside a move is the mover's.
            let mid_move = !matches!(game.state().pending, Pending::None | Pending::Race(_));
            // The first choice of a turn played at once: the other chooses next.
            let chosen = matches!(game.state().pending, Pending::Race(_));
            let new_round = game.state().round;
            let expected = match &rules.rounds {
                // A new round: its starter, South in odd rounds, North in even ones when it alternates.
                Some(r) if new_round != round => {
                    assert_eq!(new_round, round + 1, "rounds follow each other: {}", context(&record, &game));
                    // Each player's stones now (own holes and stock) are what they had at the round's end.
                    let wealth = |p: Player| {
                        let state = game.state();
                        let held: u32 = (0..rules.board.holes).filter(|&h| state.owner(h) == p).map(|h| u32::from(state.count(h))).sum();
                        held + state.captured[p.index()]
                    };
                    if r.made_up.is_some() && r.result_starts.is_some() {
                        // Stones given between the players at the refill hide the round's result
                        // from the new position: tests/gabata.rs checks who starts.
                        next
                    } else if let Some(loser) = r.result_starts {
                        let (south, north) = (wealth(Player::South), wealth(Player::North));
                        match south.cmp(&north) {
                            std::cmp::Ordering::Equal => mover.opponent(),
                            order => {
                                let poorer = if order == std::cmp::Ordering::Less { Player::South } else { Player::North };
                                if loser {
                                    poorer
                                } else {
                                    poorer.opponent()
                                }
                            }
                        }
                    } else if r.alternate && new_round % 2 == 0 {
                        rules.play.first.opponent()
                    } else {
                        rules.play.first
                    }
                }
                _ if racing => next,
                _ if chosen => mover.opponent(),
                _ if mid_move || matches!(action, Action::Accept | Action::Decline) => mover,
                // An extra turn (last seed in the mover's store): tests/kalah.rs checks when.
                _ if rules.play.play_again && next == mover => mover,
                _ => mover.opponent(),
            };
            assert_eq!(next, expected, "the turn passes: {}", context(&record, &game));
        }
    }

    let position = game.position();
    assert_eq!(position.status, "over");
    assert!(position.legal.is_empty() && position.to_move.is_none());
    let result = game.result().expect("a finished game has a result").clone();
    let [south, north] = result.score;
    // The final position shows the score: the stones left went where the ending sends them, into
    // the players' captures, and every stone of the game is still somewhere.
    let state = game.state();
    assert_eq!(state.total(rules), total, "stones at the end: {}", context(&record, &game));
    let shown = [0, 1].map(|p| state.captured[p] + u32::from(state.hand[p]));
    assert_eq!(result.score, shown, "the score is what the final position shows: {}", context(&record, &game));
    let left = state.board_total(rules);
    let leftovers = leftover_rules(rules);
    if leftovers.iter().all(|l| matches!(l, Leftover::Owner | Leftover::Mover)) {
        assert_eq!(left, 0, "the board is emptied at the end: {}", context(&record, &game));
    } else if leftovers.iter().all(|l| matches!(l, Leftover::Owner | Leftover::Mover | Leftover::Split)) {
        assert!(left <= 1, "at most the odd stone of a split stays: {}", context(&record, &game));
    }
    if leftovers.iter().all(|l| matches!(l, Leftover::Owner | Leftover::Split)) {
        assert_eq!(south + north + left, total, "every stone is scored: {}", context(&record, &game));
    } else {
        assert!(south + north <= total);
    }
    let draws_by_rule = rules.end.endings.iter().any(|e| e.outcome == Outcome::Draw);
    if rules.play.no_move != NoMove::Lose && !draws_by_rule {
        let expected = match (south.cmp(&north), rules.end.wins) {
            (std::cmp::Ordering::Equal, _) => None,
            (std::cmp::Ordering::Greater, Wins::Most) | (std::cmp::Ordering::Less, Wins::Fewest) => Some(Player::South),
            _ => Some(Player::North),
        };
        assert_eq!(result.winner, expected, "the winner follows the score: {}", context(&record, &game));
    }
    result.reason
}

/// Random games of the shipped rule file `name`, with its defaults and each other option value
/// (side by side).
fn random_games(name: &str) {
    let path = common::rules_path(name);
    option_variants(std::path::Path::new(&path)).into_par_iter().for_each(|sets| {
        let rules = mancala::load_file(&path, &sets).unwrap_or_else(|e| panic!("{path}: {e:?}"));
        let label = if sets.is_empty() { name.to_string() } else { format!("{name} --set {}", sets.join(" --set ")) };
        // One seed per file and options, from their text: adding a rule file leaves the others'
        // games alone.
        let seed = label.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        let mut rng = Rng::new(seed);
        let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
        for number in 0..GAMES_PER_RULE_FILE {
            *reasons.entry(play_one(&rules, &mut rng, &label, number)).or_default() += 1;
        }
        eprintln!("{label}: {GAMES_PER_RULE_FILE} games, endings {reasons:?}");
    });
}

/// The defaults, then each other value of each option (the ends of a range), the rest at their
/// defaults: `[[], ["trade=off"], …]`.
fn option_variants(path: &std::path::Path) -> Vec<Vec<String>> {
    let source = std::fs::read_to_string(path).expect("a readable rule file");
    let (checked, diagnostics) = mancala::load::check_source(&path.display().to_string(), &source);
    let checked = checked.unwrap_or_else(|| panic!("{}: {diagnostics:?}", path.display()));
    let mut variants = vec![Vec::new()];
    for option in &checked.model.options {
        let values: Vec<OptionValue> = match &option.domain {
            OptionDomain::List(values) => values.clone(),
            OptionDomain::Range { low, high } => vec![OptionValue::Number(*low), OptionValue::Number(*high)],
        };
        variants.extend(values.into_iter().filter(|v| *v != option.default).map(|v| vec![format!("{}={v}", option.name)]));
    }
    variants
}

/// A thousand random games of the shipped rule file `name`, with its defaults: each ends (within
/// [`MAX_ACTIONS`]) with every stone still in the game after every action and scored at the end.
/// Lighter per step than [`random_games`], which plays fewer games with more checks.
fn a_thousand_games_end_with_their_stones(name: &str) {
    let rules = common::rules(name);
    let mut rng = Rng::new(1000);
    let mut legal = Vec::new();
    for number in 0..1000 {
        let mut game = Game::new(rules);
        let total = game.state().total(rules);
        let mut actions = 0;
        while !game.is_over() {
            game.legal_actions_into(&mut legal);
            let action = *rng.pick(&legal);
            game.apply(action).unwrap_or_else(|e| panic!("{name}, game {number}: {e}"));
            assert_eq!(game.state().total(rules), total, "{name}, game {number}: stones conserved");
            actions += 1;
            assert!(actions < MAX_ACTIONS, "{name}, game {number} does not end");
        }
        let result = game.result().expect("over");
        if leftover_rules(rules).iter().all(|l| matches!(l, Leftover::Owner | Leftover::Split)) {
            assert_eq!(result.score[0] + result.score[1], total, "{name}, game {number}: every stone scored");
        }
    }
}

common::per_shipped_rule_file!(random_games, a_thousand_games_end_with_their_stones);
