//! How 200 random games of every shipped rule file end, pinned: who won, how long the games ran
//! and every end reason with its count. Any change to how a shipped game plays, meant or not,
//! shows here as a snapshot to read (`cargo insta review`). A change of the random generator
//! changes these too; a change of speed never does.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write;

use mancala::ai::AgentKind;
use mancala::cli::simulate::{game_seed, play_game};
use mancala::Player;
use rayon::prelude::*;

const GAMES: u64 = 200;

/// The summary of one file's games, as lines of text.
fn outcomes(path: &std::path::Path) -> String {
    let rules = mancala::load_file(path, &[] as &[&str]).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut wins, mut lengths, mut reasons) = ([0u32; 3], Vec::new(), BTreeMap::<String, u32>::new());
    for index in 0..GAMES {
        let stats = play_game(&rules, AgentKind::Random, AgentKind::Random, game_seed(1, index));
        assert!(stats.finished, "{}, game {index}: {}", path.display(), stats.reason);
        wins[match stats.winner {
            Some(Player::South) => 0,
            Some(Player::North) => 1,
            None => 2,
        }] += 1;
        lengths.push(stats.length);
        *reasons.entry(stats.reason).or_default() += 1;
    }
    let total: u64 = lengths.iter().map(|&l| u64::from(l)).sum();
    let mut text = format!(
        "{}: south {}, north {}, draws {}; actions: mean {:.1}, max {}\n",
        rules.name,
        wins[0],
        wins[1],
        wins[2],
        total as f64 / GAMES as f64,
        lengths.iter().max().expect("games")
    );
    // Most frequent first, then by reason.
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    for (reason, count) in reasons {
        writeln!(text, "  {count:>4}  {reason}").expect("a string");
    }
    text
}

#[test]
fn how_random_games_of_every_shipped_rule_file_end() {
    let files = common::mancala_files("rules");
    assert_eq!(files.len(), 22, "every shipped rule file");
    let summaries: Vec<String> = files.par_iter().map(|path| outcomes(path)).collect();
    insta::assert_snapshot!(summaries.join("\n"));
}
