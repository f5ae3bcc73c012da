//! Integer action ids and observation vectors (for learning code): in random games of every
//! shipped file, every legal action has an id below the game's count that reads back as the same
//! action, two actions never share an id, and every observation has the game's size.

mod common;

use mancala::engine::ids::ActionIds;
use mancala::engine::observe::{observation, observation_size};
use mancala::Game;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

#[test]
fn every_legal_action_of_random_games_has_an_id_that_reads_back() {
    for path in common::mancala_files("rules") {
        let name = path.file_stem().and_then(|s| s.to_str()).expect("a name").to_string();
        let rules = common::rules(&name);
        let ids = ActionIds::new(rules).expect("a numbering");
        for seed in 0..30 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(rules);
            for actions in 0.. {
                if game.is_over() {
                    break;
                }
                assert!(actions < 100_000, "{name}, seed {seed}: not over");
                assert_eq!(observation(&game).len(), observation_size(rules), "{name}");
                let legal = game.legal_actions();
                let mut numbered: Vec<u32> =
                    legal.iter().map(|&a| ids.id(a).unwrap_or_else(|| panic!("{name}: {a:?} has no id"))).collect();
                for (&action, &id) in legal.iter().zip(&numbered) {
                    assert!(id < ids.count(), "{name}");
                    assert_eq!(ids.action(id), Some(action), "{name}: id {id}");
                }
                numbered.sort_unstable();
                numbered.dedup();
                assert_eq!(numbered.len(), legal.len(), "{name}: two actions share an id");
                game.apply(legal[rng.random_range(0..legal.len())]).expect("legal");
            }
        }
        assert_eq!(ids.action(ids.count()), None, "{name}: nothing past the count");
    }
}
