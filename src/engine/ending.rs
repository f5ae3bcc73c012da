//! The end of a game: which ending applies after an action, and the final score.

use super::layout::{Cells, Mask};
use super::predicate::Ctx;
use super::{GameResult, Lap, StateIn};
use crate::compile::code::Sides;
use crate::compile::{Asked, EndRule, QuickEnding, Rules, Sided};
use crate::player::Player;
use crate::vocabulary::{Leftover, Outcome, Repeated, Wins};

/// The first board ending of the rules that holds after `mover`'s action.
pub fn board_ending<'r, C: Cells>(
    rules: &'r Rules,
    state: &StateIn<C>,
    mover: Player,
    stocked: Option<C::Mask>,
) -> Option<(Outcome, &'r str)> {
    // One point of view for every ending: what they read of the position is read once.
    let ctx = Ctx::new(state, rules, mover, Lap::default()).knowing(stocked);
    rules.end.endings.iter().find_map(|e| match &e.condition {
        EndRule::Board(pred) if ctx.holds_of_position(pred) => Some((e.outcome, e.reason.as_str())),
        _ => None,
    })
}

/// [`board_ending`] after an action that may have moved stones (`stocked`: the holes of the
/// board holding stones, read already), asked the quickest way the rules allow: from the endings'
/// sides ([`End::by_sides`](crate::compile::End::by_sides)), from their leading terms first
/// ([`End::mixed`](crate::compile::End::mixed)), or in full.
#[inline(always)]
pub fn after_action<'r, C: Cells>(rules: &'r Rules, state: &StateIn<C>, mover: Player, stocked: C::Mask) -> Option<(Outcome, &'r str)> {
    match (&rules.end.by_sides, &rules.end.mixed) {
        (Some(by_sides), _) => sides_ending(rules, by_sides, state, mover, stocked),
        (None, Some(mixed)) => mixed_ending(rules, mixed, state, mover, stocked),
        (None, None) => board_ending(rules, state, mover, Some(stocked)),
    }
}

/// [`board_ending`] where every board ending is asked from its sides
/// ([`End::by_sides`](crate::compile::End::by_sides)), after `mover`'s action (`stocked`: the
/// holes of the board holding stones): inline, from the mover's holes and `stocked`.
#[inline(always)]
fn sides_ending<'r, C: Cells>(
    rules: &'r Rules,
    by_sides: &[QuickEnding<Sided>],
    state: &StateIn<C>,
    mover: Player,
    stocked: C::Mask,
) -> Option<(Outcome, &'r str)> {
    let e = match state.north == C::Mask::from_wide(rules.board.home_north) {
        // The owners at the start (most positions of most files): each atom's holes for this
        // mover, read at load.
        true => by_sides.iter().find(|e| sided_holds_at_home(&e.asked, mover, stocked))?,
        false => {
            let all = super::layout::board_mask::<C>(rules);
            let own = state.owned(mover, all);
            by_sides.iter().find(|e| sided_holds(&e.asked, own, stocked, all))?
        }
    };
    rules.end.endings.get(e.ending).map(|ending| (ending.outcome, ending.reason.as_str()))
}

/// [`sided_holds`] where the holes' owners are those at the start ([`Sided::home`]), after
/// `mover`'s action.
#[inline(always)]
fn sided_holds_at_home<M: Mask>(sided: &Sided, mover: Player, stocked: M) -> bool {
    let clear = |[empty, full]: &[u128; 2]| M::from_wide(*empty) & stocked | M::from_wide(*full) & !stocked == M::NONE;
    let mut home = sided.home[mover.index()].iter();
    match sided.home_terms {
        true => home.any(clear),
        false => by_truth(sided.truth, home.map(clear)),
    }
}

/// Whether a condition with truth table `truth` holds where its atoms are `clear` or not, in
/// order ([`Sided::truth`]).
#[inline(always)]
fn by_truth(truth: u32, clear: impl Iterator<Item = bool>) -> bool {
    let combination = clear.enumerate().fold(0, |c, (i, clear)| c | usize::from(clear) << i);
    truth >> combination & 1 != 0
}

/// [`board_ending`] where every board ending may be asked without the general walk of its
/// condition, some otherwise than from its sides ([`End::mixed`](crate::compile::End::mixed)):
/// from their sides, or in full only where a leading term holds ([`Asked::Terms`]).
#[inline(always)]
fn mixed_ending<'r, C: Cells>(
    rules: &'r Rules,
    mixed: &[QuickEnding<Asked>],
    state: &StateIn<C>,
    mover: Player,
    stocked: C::Mask,
) -> Option<(Outcome, &'r str)> {
    let all = super::layout::board_mask::<C>(rules);
    let ctx = Ctx::new(state, rules, mover, Lap::default()).knowing(Some(stocked));
    let holds = |e: &QuickEnding<Asked>| match &e.asked {
        Asked::Sides(sided) => sided_holds(sided, state.owned(mover, all), stocked, all),
        Asked::Terms(terms) => terms.iter().any(|term| ctx.scalar(term)) && ending_holds(rules, e.ending, &ctx),
    };
    let e = mixed.iter().find(|e| holds(e))?;
    rules.end.endings.get(e.ending).map(|ending| (ending.outcome, ending.reason.as_str()))
}

/// Whether a condition asked from its sides holds, from the mover's holes (`own`) and the holes
/// holding stones (`stocked`) among the board's (`all`).
#[inline(always)]
fn sided_holds<M: Mask>(sided: &Sided, own: M, stocked: M, all: M) -> bool {
    let (other, empty) = (!own & all, !stocked & all);
    let side = |sets: &[u128; 2]| M::from_wide(sets[0]) & own | M::from_wide(sets[1]) & other;
    let clear = |sides: &Sides| side(&sides.empty) & stocked | side(&sides.full) & empty == M::NONE;
    by_truth(sided.truth, sided.sides.iter().map(clear))
}

/// Whether board ending `ending` holds, asked in full from `ctx`.
#[inline(never)]
fn ending_holds<C: Cells>(rules: &Rules, ending: usize, ctx: &Ctx<'_, C>) -> bool {
    rules.end.endings.get(ending).is_some_and(|e| matches!(&e.condition, EndRule::Board(condition) if ctx.holds_of_position(condition)))
}

/// Where an ending with `outcome` sends the stones left on the board.
pub fn leftover_of(rules: &Rules, outcome: Outcome) -> Leftover {
    match outcome {
        Outcome::Leftover(l) => l,
        Outcome::Draw | Outcome::Mover(_) => rules.end.leftover,
    }
}

/// Who loses by an ending with `outcome` after `mover`'s action, whatever the score (`None`:
/// the score decides, or it is a draw).
pub fn loser(outcome: Outcome, mover: Player) -> Option<Player> {
    match outcome {
        Outcome::Mover(true) => Some(mover.opponent()),
        Outcome::Mover(false) => Some(mover),
        Outcome::Leftover(_) | Outcome::Draw => None,
    }
}

/// The first repetition ending reached by a position that has now stood `counts` times, compared
/// as a board and as a position.
#[inline]
pub fn repetition_ending(rules: &Rules, counts: [u32; 2]) -> Option<(Outcome, &str)> {
    let [board, position] = rules.end.repeats_least;
    if counts[0] < board && counts[1] < position {
        return None;
    }
    rules.end.endings.iter().find_map(|e| match e.condition {
        EndRule::Repeats { what, times } => {
            (counts[usize::from(what == Repeated::Position)] >= times).then_some((e.outcome, e.reason.as_str()))
        }
        EndRule::Board(_) => None,
    })
}

/// The final score: captures plus the stones left on the board as `leftover` says (`mover`: the
/// player whose action has just been played).
pub fn score<C: Cells>(rules: &Rules, state: &StateIn<C>, leftover: Leftover, mover: Player) -> [u32; 2] {
    // Stones in hand are their holder's.
    let mut score = [0, 1].map(|p| state.captured[p] + u32::from(state.hand[p]));
    match leftover {
        Leftover::Mover => score[mover.index()] += state.board_total(rules),
        Leftover::Owner => {
            for hole in 0..rules.board.holes {
                score[state.owner(hole).index()] += u32::from(state.count(hole));
            }
        }
        Leftover::Split => {
            let half = state.board_total(rules) / 2;
            score[0] += half;
            score[1] += half;
        }
        Leftover::Removed => {}
    }
    score
}

/// Moves the stones left on the board to whoever `leftover` gives them (`mover`: the player whose
/// action has just been played), so that a finished game's captures are its score. `taken` hears
/// of each part of a hole taken (by whom, from which hole, how many). Stones that count for
/// nobody stay where they are: all of them under `leftover removed`, the odd one of a split.
pub fn sweep<C: Cells>(
    rules: &Rules,
    state: &mut StateIn<C>,
    leftover: Leftover,
    mover: Player,
    mut taken: impl FnMut(Player, usize, u16),
) {
    // How many stones each player is still owed under a split (South is given theirs first).
    let half = u16::try_from(state.board_total(rules) / 2).unwrap_or(u16::MAX);
    let mut owed = [half; 2];
    for hole in 0..rules.board.holes {
        let mut left = state.count(hole);
        while left > 0 {
            let (by, stones) = match leftover {
                Leftover::Removed => break,
                Leftover::Mover => (mover, left),
                Leftover::Owner => (state.owner(hole), left),
                Leftover::Split => match Player::BOTH.into_iter().find(|p| owed[p.index()] > 0) {
                    Some(p) => (p, left.min(owed[p.index()])),
                    None => break,
                },
            };
            if leftover == Leftover::Split {
                owed[by.index()] -= stones;
            }
            left -= stones;
            state.captured[by.index()] += u32::from(stones);
            taken(by, hole, stones);
        }
        if left != state.count(hole) {
            state.set_count(hole, left);
            if left == 0 {
                state.intact &= !C::Mask::bit(hole);
            }
        }
    }
}

/// The result of a game that ends now with `outcome` after `mover`'s action; `loser` when it ends
/// by a player losing.
pub fn result<C: Cells>(
    rules: &Rules,
    state: &StateIn<C>,
    outcome: Outcome,
    loser: Option<Player>,
    mover: Player,
    reason: String,
) -> GameResult {
    let score = score(rules, state, leftover_of(rules, outcome), mover);
    let winner = match (outcome, loser) {
        (_, Some(loser)) => Some(loser.opponent()),
        (Outcome::Draw | Outcome::Mover(_), None) => None,
        (Outcome::Leftover(_), None) => {
            let (south, north) = (score[0], score[1]);
            let south_better = match rules.end.wins {
                Wins::Most => south > north,
                Wins::Fewest => south < north,
            };
            if south == north {
                None
            } else if south_better {
                Some(Player::South)
            } else {
                Some(Player::North)
            }
        }
    };
    GameResult { winner, score, reason }
}

#[cfg(test)]
mod tests {
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::engine::Game;
    use crate::load::{every_shipped, shipped};

    /// Where every board ending may be asked quickly, the quick way finds the ending the general
    /// one does, for both players, at every position of random games of every shipped file that
    /// asks its endings so: from their sides alone, or some from their leading terms.
    #[test]
    fn the_endings_asked_quickly_are_the_endings_asked_in_full() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut sided, mut mixed, mut asked, mut reached) = (Vec::new(), Vec::new(), [0; 2], [0; 2]);
        // The sides' questions asked where the owners are those at the start, and elsewhere.
        let mut homes = [0; 2];
        // The sided endings whose truth is not monotone (asked atom by atom at home).
        let mut not_monotone = Vec::new();
        for (file, rules) in every_shipped() {
            let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            let kind = match (&rules.end.by_sides, &rules.end.mixed) {
                (Some(_), _) => 0,
                (None, Some(_)) => 1,
                (None, None) => continue,
            };
            if rules.end.by_sides.iter().flatten().any(|e| !e.asked.home_terms) {
                not_monotone.push(name.clone());
            }
            [&mut sided, &mut mixed][kind].push(name);
            for _ in 0..20 {
                let mut game = Game::new(&rules);
                loop {
                    let state = game.state();
                    let stocked = state.stocked(crate::engine::layout::board_mask::<crate::engine::Wide>(&rules));
                    for mover in Player::BOTH {
                        let found = after_action(&rules, state, mover, stocked);
                        assert_eq!(found, board_ending(&rules, state, mover, None), "{}", file.display());
                        asked[kind] += 1;
                        reached[kind] += usize::from(found.is_some());
                        // The same position with one hole's owner changed, as captures that take
                        // holes, trades and rounds do in some files (none of those asked here).
                        let mut away = *state;
                        let hole = asked[kind] % rules.board.holes;
                        away.set_owner(hole, away.owner(hole).opponent());
                        assert_eq!(
                            after_action(&rules, &away, mover, stocked),
                            board_ending(&rules, &away, mover, None),
                            "{}",
                            file.display()
                        );
                        for state in [state, &away] {
                            homes[usize::from(state.north == u128::from_wide(rules.board.home_north))] += usize::from(kind == 0);
                        }
                    }
                    let actions = game.legal_actions();
                    if actions.is_empty() {
                        break;
                    }
                    game.apply(actions[rng.random_range(0..actions.len())]).expect("a legal action applies");
                }
            }
        }
        let expected = [
            "abalalae",
            "bao-kiswahili-congo",
            "bao-la-kiswahili",
            "bao-la-kujifunza",
            "bohnenspiel",
            "bosh",
            "congkak",
            "hus",
            "kalah",
            "moruba",
            "omweso",
            "pallanguzhi",
            "rabe",
            "tihbat",
            "tsoro",
            "vai-lung-thlan",
        ];
        assert_eq!(sided, expected);
        // Every shipped sided ending holds where some of its atoms are clear, whatever the others
        // (`own row is empty or opponent's row is empty`): each is asked at home as its terms.
        assert!(not_monotone.is_empty(), "{not_monotone:?}");
        // `captured > 24 or (captured = 24 and every hole is empty)`, `captured > 81 or
        // opponent's captured > 81`, `stones left = 4`. The others ask every hole's count (Gore:
        // `every hole has count <= 2`) or whether it is claimed (Gabata), with no leading term.
        assert_eq!(mixed, ["hoyito", "oware", "toguz-kumalak"]);
        assert!(asked[0] > 10_000 && reached[0] > 100, "{asked:?} asked, {reached:?} reached");
        assert!(asked[1] > 10_000 && reached[1] > 20, "{asked:?} asked, {reached:?} reached");
        assert!(homes[0] > 1_000 && homes[1] > 10_000, "{homes:?} away from and at home");
    }

    /// A repetition ending is reached exactly when some ending counts as few times as the position
    /// has stood, of its kind: the fewest of each kind read at load, then the endings in order
    /// (for every shipped file, every count up to 7 of both kinds).
    #[test]
    fn a_repetition_ending_is_reached_from_the_fewest_times_an_ending_counts() {
        assert_eq!(shipped("oware").end.repeats_least, [u32::MAX, 2]);
        assert_eq!(shipped("tihbat").end.repeats_least, [2, u32::MAX]);
        assert_eq!(shipped("kalah").end.repeats_least, [u32::MAX; 2]);
        for (file, rules) in every_shipped() {
            for counts in (0..8).flat_map(|board| (0..8).map(move |position| [board, position])) {
                let first = rules.end.endings.iter().find(|e| match e.condition {
                    EndRule::Repeats { what, times } => counts[usize::from(what == Repeated::Position)] >= times,
                    EndRule::Board(_) => false,
                });
                let reached = repetition_ending(&rules, counts);
                assert_eq!(reached, first.map(|e| (e.outcome, e.reason.as_str())), "{}: {counts:?}", file.display());
            }
        }
    }
}
