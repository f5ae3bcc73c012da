//! Any bytes as a position file of a shipped game: reading never panics, and a position that is
//! read writes back to JSON that reads to the same position.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use mancala::engine::position::parse_position_bytes;
use mancala::{Game, Rules};

const GAMES: [&str; 10] = ["tihbat", "djenon-aboure", "gore", "tsoro", "bosh", "kalah", "oware", "pallanguzhi", "hus", "toguz-kumalak"];

fn shipped() -> &'static [Rules] {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    RULES.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules");
        GAMES.iter().map(|name| mancala::load_file(format!("{dir}/{name}.mancala"), &[] as &[&str]).expect("a shipped file")).collect()
    })
}

fuzz_target!(|data: &[u8]| {
    // The first byte picks the game, the rest is the file.
    let Some((&pick, text)) = data.split_first() else { return };
    let rules = &shipped()[usize::from(pick) % GAMES.len()];
    let Ok(state) = parse_position_bytes(text, rules) else { return };
    let game = Game::from_state(rules, state);
    let again = parse_position_bytes(game.position_json().as_bytes(), rules);
    if !game.is_over() {
        assert_eq!(again.ok(), Some(*game.state()), "a position read back differs");
    }
    let _ = game.legal_actions();
});
