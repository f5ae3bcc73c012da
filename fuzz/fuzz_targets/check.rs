//! Any bytes as a rule file: the checker never panics, every diagnostic's labels lie inside the
//! file on character boundaries, and a file that checks clean compiles and plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala::load::check_source;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let (checked, diagnostics) = check_source("fuzz.mancala", source);
    for diagnostic in &diagnostics {
        for (span, _) in &diagnostic.labels {
            let (start, end) = (span.start as usize, span.end as usize);
            assert!(start <= end && end <= source.len(), "{diagnostic:?}: a label outside the file");
            assert!(source.is_char_boundary(start) && source.is_char_boundary(end), "{diagnostic:?}: a label inside a character");
        }
    }
    if checked.is_none() {
        assert!(diagnostics.iter().any(|d| d.is_error()), "a file refused without an error");
        return;
    }
    // A clean file with its default options: play a few actions, first legal each time.
    let Ok(rules) = mancala::load_str("fuzz.mancala", source, &[] as &[&str]) else { return };
    let mut game = mancala::Game::new(&rules);
    for _ in 0..20 {
        let Some(&action) = game.legal_actions().first() else { break };
        game.apply(action).expect("a legal action applies");
    }
});
