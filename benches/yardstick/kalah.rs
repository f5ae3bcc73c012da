//! Kalah (6, 4) written by hand, as `rules/kalah.mancala` plays it: sowing counter-clockwise through
//! one's own store, passing the opponent's; another move after a last seed in one's store; a last
//! seed into an own empty hole facing seeds takes both; over when a row is empty, each player adding
//! their row.

use rand::rngs::ChaCha8Rng;
use rand::RngExt;

use super::Played;

/// Pits in sowing order: South's a1..a6 (0..6), South's store (6), North's b6..b1 (7..13),
/// North's store (13).
const STORES: [usize; 2] = [6, 13];

/// One game between two uniform random players, each drawing from its own generator.
pub fn play(rngs: &mut [ChaCha8Rng; 2]) -> Played {
    let mut pits = [4u8; 14];
    pits[6] = 0;
    pits[13] = 0;
    let mut player = 0;
    let mut length = 0;
    loop {
        // The legal moves in board order, as the engine lists them: South a1..a6, North b1..b6.
        let mut legal = [0usize; 6];
        let mut n = 0;
        for column in 0..6 {
            let pit = if player == 0 { column } else { 12 - column };
            if pits[pit] > 0 {
                legal[n] = pit;
                n += 1;
            }
        }
        let from = legal[rngs[player].random_range(..n)];
        let mut seeds = pits[from];
        pits[from] = 0;
        let mut at = from;
        while seeds > 0 {
            at = (at + 1) % 14;
            if at != STORES[1 - player] {
                pits[at] += 1;
                seeds -= 1;
            }
        }
        length += 1;
        let own = player * 7..player * 7 + 6;
        if own.contains(&at) && pits[at] == 1 && pits[12 - at] > 0 {
            pits[STORES[player]] += pits[12 - at] + 1;
            pits[12 - at] = 0;
            pits[at] = 0;
        }
        if pits[0..6].iter().all(|&p| p == 0) || pits[7..13].iter().all(|&p| p == 0) {
            let score = [0, 1].map(|p| pits[p * 7..p * 7 + 7].iter().map(|&s| u32::from(s)).sum::<u32>());
            return Played::new(length, score);
        }
        if at != STORES[player] {
            player = 1 - player;
        }
    }
}
