//! Actions as integers, for learning code (OpenSpiel, PettingZoo): a fixed numbering of every
//! action a game's rules can produce, the same for every position of the game.
//!
//! With H holes: `0..H` sow from a hole, `H..2H` sow from it against the file's way, then `pass`,
//! `continue`, `stop`, `accept`, `decline`; then, for each number k of holes a capture lets the
//! mover choose, every set of k holes (in the order of the combinatorial number system); then, for
//! each number of holes a trade may offer, every such set.

use super::Action;
use crate::compile::Rules;
use crate::Holes;

/// The most action ids a game may have (a choice of many holes among many would exceed it).
pub const MAX_IDS: u64 = 1 << 24;

/// The numbering of a game's actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionIds {
    holes: usize,
    /// The sizes of the sets of holes that can be taken, and of those that can be offered.
    take_sizes: Vec<u32>,
    offer_sizes: Vec<u32>,
    count: u32,
}

/// n choose k (saturating).
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |c, i| c.saturating_mul(n - i) / (i + 1))
}

const WORDS: [Action; 5] = [Action::Pass, Action::Continue, Action::Stop, Action::Accept, Action::Decline];

impl ActionIds {
    /// The numbering for `rules`; `None` if it would need more than [`MAX_IDS`] ids.
    pub fn new(rules: &Rules) -> Option<ActionIds> {
        let holes = rules.board.holes;
        let mut take_sizes: Vec<u32> = (0..rules.captures.rules.len()).map(|r| rules.chosen_count(r)).filter(|&k| k > 0).collect();
        take_sizes.sort_unstable();
        take_sizes.dedup();
        let offer_sizes: Vec<u32> = rules.trade.as_ref().map_or(Vec::new(), |t| (t.fewest.max(1)..=t.most).collect());
        let sets: u64 = take_sizes.iter().chain(&offer_sizes).map(|&k| choose(holes as u64, u64::from(k))).sum();
        let count = 2 * holes as u64 + WORDS.len() as u64 + sets;
        (count <= MAX_IDS).then(|| ActionIds { holes, take_sizes, offer_sizes, count: u32::try_from(count).unwrap_or(u32::MAX) })
    }

    /// How many ids there are: every id is below this.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The id of `action`, if the numbering has one for it.
    pub fn id(&self, action: Action) -> Option<u32> {
        let h = self.holes as u64;
        let id = match action {
            Action::Sow(hole) => u64::from(hole),
            Action::SowReversed(hole) => h + u64::from(hole),
            Action::Take(set) => self.set_id(2 * h + WORDS.len() as u64, &self.take_sizes, set)?,
            Action::Offer(set) => {
                let takes: u64 = self.take_sizes.iter().map(|&k| choose(h, u64::from(k))).sum();
                self.set_id(2 * h + WORDS.len() as u64 + takes, &self.offer_sizes, set)?
            }
            word => 2 * h + WORDS.iter().position(|&w| w == word)? as u64,
        };
        u32::try_from(id).ok().filter(|&id| id < self.count)
    }

    /// The action numbered `id`, if any.
    pub fn action(&self, id: u32) -> Option<Action> {
        let h = self.holes as u64;
        let id = u64::from(id);
        if id < h {
            return Some(Action::Sow(u8::try_from(id).ok()?));
        }
        if id < 2 * h {
            return Some(Action::SowReversed(u8::try_from(id - h).ok()?));
        }
        let mut rest = id - 2 * h;
        if let Some(&word) = WORDS.get(usize::try_from(rest).ok()?) {
            return Some(word);
        }
        rest -= WORDS.len() as u64;
        for (sizes, make) in [(&self.take_sizes, Action::Take as fn(u128) -> Action), (&self.offer_sizes, Action::Offer)] {
            for &k in sizes {
                let block = choose(h, u64::from(k));
                if rest < block {
                    return Some(make(unrank(rest, k).0));
                }
                rest -= block;
            }
        }
        None
    }

    /// The id of the set `set` among the blocks of `sizes` starting at `base`.
    fn set_id(&self, base: u64, sizes: &[u32], set: u128) -> Option<u64> {
        let k = set.count_ones();
        let mut offset = base;
        for &size in sizes {
            if size == k {
                return Some(offset + rank(Holes(set)));
            }
            offset += choose(self.holes as u64, u64::from(size));
        }
        None
    }
}

/// The rank of a set of holes among the sets of its size (combinatorial number system).
fn rank(set: Holes) -> u64 {
    set.into_iter().enumerate().map(|(i, hole)| choose(hole as u64, i as u64 + 1)).sum()
}

/// The set of `k` holes of rank `rank`.
fn unrank(mut rank: u64, k: u32) -> Holes {
    let mut set = Holes::EMPTY;
    for i in (1..=u64::from(k)).rev() {
        // The largest hole c with C(c, i) <= rank.
        let mut c = i - 1;
        while choose(c + 1, i) <= rank {
            c += 1;
        }
        rank -= choose(c, i);
        // A hole of the board (the rank is below C(holes, k)), so below MAX_HOLES.
        set = set.with(usize::try_from(c).unwrap_or(crate::MAX_HOLES - 1));
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_rank_and_unrank_both_ways() {
        for k in 1..=4u32 {
            let mut seen = std::collections::HashSet::new();
            crate::engine::subsets(Holes::below(9).0, k, &mut |set| {
                let set = Holes(set);
                let r = rank(set);
                assert_eq!(unrank(r, k), set);
                assert!(r < choose(9, u64::from(k)));
                assert!(seen.insert(r));
            });
            assert_eq!(seen.len() as u64, choose(9, u64::from(k)));
        }
    }
}
