//! Oware (Abapa) written by hand, as `rules/oware.mancala` plays it: the origin skipped, captures of
//! 2 and 3 on the opponent's side chained backwards, a grand slam capturing nothing, an empty
//! opponent fed when possible; over at more than 24 captured (or 24 each), at a position seen
//! twice, or when the player to move cannot, each player adding their row.

use rand::rngs::ChaCha8Rng;
use rand::RngExt;

use super::Played;

/// Pits in sowing order: South's a1..a6 (0..6), North's b6..b1 (6..12).
///
/// One game between two uniform random players, each drawing from its own generator; `seen` is
/// kept between games so that a game allocates nothing once it is large enough.
pub fn play(rngs: &mut [ChaCha8Rng; 2], seen: &mut Vec<u128>) -> Played {
    let mut pits = [4u8; 12];
    let mut captured = [0u32; 2];
    let mut player = 0;
    let mut length = 0;
    // A position since the last capture: the player to move and the pits (the captures are the
    // same all the while).
    let key = |pits: &[u8; 12], player: usize| pits.iter().fold(player as u128, |k, &p| k << 8 | u128::from(p));
    seen.clear();
    seen.push(key(&pits, player));
    loop {
        let (own, theirs) = (player * 6, 6 - player * 6);
        let starving = pits[theirs..theirs + 6].iter().all(|&p| p == 0);
        // The legal moves in board order, as the engine lists them: South a1..a6, North b1..b6.
        let mut legal = [0usize; 6];
        let mut n = 0;
        for column in 0..6 {
            let k = if player == 0 { column } else { 5 - column };
            let seeds = usize::from(pits[own + k]);
            if seeds > 0 && (!starving || seeds > 5 - k) {
                legal[n] = own + k;
                n += 1;
            }
        }
        if n == 0 {
            break;
        }
        let from = legal[rngs[player].random_range(..n)];
        let mut seeds = pits[from];
        pits[from] = 0;
        let mut at = from;
        while seeds > 0 {
            at = (at + 1) % 12;
            if at != from {
                pits[at] += 1;
                seeds -= 1;
            }
        }
        length += 1;
        let mut taken = 0;
        if (theirs..theirs + 6).contains(&at) && matches!(pits[at], 2 | 3) {
            let before = pits;
            let mut q = at;
            loop {
                taken += u32::from(pits[q]);
                pits[q] = 0;
                if q == theirs || !matches!(pits[q - 1], 2 | 3) {
                    break;
                }
                q -= 1;
            }
            // A grand slam takes nothing.
            if pits[theirs..theirs + 6].iter().all(|&p| p == 0) {
                pits = before;
                taken = 0;
            }
        }
        captured[player] += taken;
        let mover = player;
        player = 1 - player;
        if captured[mover] > 24 || (captured[mover] == 24 && pits.iter().all(|&p| p == 0)) {
            break;
        }
        if taken > 0 {
            seen.clear();
        }
        let now = key(&pits, player);
        if seen.contains(&now) {
            break;
        }
        seen.push(now);
    }
    let score = [0, 1].map(|p| captured[p] + pits[p * 6..p * 6 + 6].iter().map(|&s| u32::from(s)).sum::<u32>());
    Played::new(length, score)
}
