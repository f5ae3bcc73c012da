//! Conformance with an independent implementation: every game of
//! `tests/fixtures/conformance/{kalah,oware}-openspiel.jsonl.gz` (500 random games each, played by
//! OpenSpiel's C++ `mancala` and `oware`) is replayed through rules/kalah.mancala and
//! rules/oware.mancala, and at every step the board, the stores (Kalah) or captures (Oware), the
//! player to move and the legal moves must be the same; at the end, the winner and final scores.
//!
//! Their numbering (tests/fixtures/conformance/README.md): `pits[0..5]` are a1..a6, `pits[6..11]` b6..b1 (North's
//! row from North's left); move k is South's a(k+1) or North's b(6-k).

use std::collections::BTreeSet;

use mancala::{Action, Game, Player, Rules};
use serde::Deserialize;

#[derive(Deserialize)]
struct Trace {
    seed: u64,
    moves: Vec<usize>,
    states: Vec<TraceState>,
    result: TraceResult,
}

#[derive(Deserialize)]
struct TraceState {
    pits: Vec<u16>,
    stores: [u32; 2],
    to_move: Option<usize>,
    legal: Vec<usize>,
}

#[derive(Deserialize)]
struct TraceResult {
    winner: Option<usize>,
    final_scores: [u32; 2],
}

fn traces(file: &str) -> Vec<Trace> {
    let path = format!("{}/tests/fixtures/conformance/{file}.gz", env!("CARGO_MANIFEST_DIR"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(file), &mut text).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{path}: {e}"))).collect()
}

fn rules(name: &str) -> Rules {
    let path = format!("{}/rules/{name}.mancala", env!("CARGO_MANIFEST_DIR"));
    mancala::load_file(&path, &[] as &[&str]).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

fn player(index: usize) -> Player {
    Player::BOTH[index]
}

/// OpenSpiel's move `k` for `mover` as our action text.
fn action_text(mover: Player, k: usize) -> String {
    match mover {
        Player::South => format!("a{}", k + 1),
        Player::North => format!("b{}", 6 - k),
    }
}

/// Our board in OpenSpiel's pit order.
fn pits(game: &Game<'_>) -> Vec<u16> {
    let p = game.position();
    let mut pits = p.rows["a"].clone();
    pits.extend(p.rows["b"].iter().rev());
    pits
}

/// Replays every trace of `file`. Our final position has the seeds left on the board moved to
/// their owners' captures; `final_pits_moved`: so does the trace's (Oware), where OpenSpiel's
/// Kalah leaves them where play left them and only counts them in the final scores.
fn conform(file: &str, rules: &Rules, final_pits_moved: bool) {
    let traces = traces(file);
    assert_eq!(traces.len(), 500, "{file}");
    for trace in &traces {
        assert_eq!(trace.states.len(), trace.moves.len() + 1, "{file} seed {}: a state before each move and the final one", trace.seed);
        let mut game = Game::new(rules);
        let context = |game: &Game<'_>, step: usize| format!("{file} seed {} step {step}: {}", trace.seed, game.position_json());
        for (step, state) in trace.states.iter().enumerate() {
            let last = step == trace.moves.len();
            assert_eq!(game.to_move(), state.to_move.map(player), "player to move; {}", context(&game, step));
            if !last {
                assert_eq!(pits(&game), state.pits, "board; {}", context(&game, step));
                assert_eq!(game.state().captured, state.stores, "stores/captures; {}", context(&game, step));
            } else {
                assert!(pits(&game).iter().all(|&p| p == 0), "our final board is swept; {}", context(&game, step));
                assert_eq!(game.state().captured, trace.result.final_scores, "final captures; {}", context(&game, step));
                if !final_pits_moved {
                    // Their last board as play left it, and its seeds counted for their row's owner.
                    let rows = [0, 1].map(|p| state.pits[6 * p..6 * (p + 1)].iter().map(|&c| u32::from(c)).sum::<u32>());
                    assert_eq!([0, 1].map(|p| state.stores[p] + rows[p]), trace.result.final_scores, "{}", context(&game, step));
                }
            }
            let ours: BTreeSet<String> = game.legal_texts().into_iter().collect();
            let theirs: BTreeSet<String> =
                state.to_move.map_or(BTreeSet::new(), |m| state.legal.iter().map(|&k| action_text(player(m), k)).collect());
            assert_eq!(ours, theirs, "legal moves; {}", context(&game, step));
            if last {
                break;
            }
            let mover = player(state.to_move.expect("a player moves"));
            let text = action_text(mover, trace.moves[step]);
            let action = Action::parse(&text, rules).expect("a hole");
            game.apply(action).unwrap_or_else(|e| panic!("{e}; {}", context(&game, step)));
        }
        let result = game.result().unwrap_or_else(|| panic!("not over; {}", context(&game, trace.moves.len())));
        assert_eq!(result.winner, trace.result.winner.map(player), "winner; {}", context(&game, trace.moves.len()));
        assert_eq!(result.score, trace.result.final_scores, "final scores; {}", context(&game, trace.moves.len()));
        if final_pits_moved {
            let final_state = trace.states.last().expect("a final state");
            assert!(final_state.pits.iter().all(|&p| p == 0), "{file} seed {}: the trace moves the seeds left", trace.seed);
            assert_eq!(final_state.stores, result.score, "{file} seed {}", trace.seed);
        }
    }
}

#[test]
fn kalah_plays_every_openspiel_game_move_for_move() {
    conform("kalah-openspiel.jsonl", &rules("kalah"), false);
}

#[test]
fn oware_plays_every_openspiel_game_move_for_move() {
    conform("oware-openspiel.jsonl", &rules("oware"), true);
}
