//! Captures at the end of a move: the first capture rule whose condition holds on the last hole
//! takes what it takes (the last hole, the opposite one or the opponent's column), the holes it
//! claims, then its chain, then the holes the mover chooses. Captures that sow their stones on
//! are tried at the end of every lap instead ([`resow`]).

use super::events::{Event, TakeHow, Trace};
use super::layout::{step, Cells, Mask};
use super::predicate::Ctx;
use super::{Lap, Pending, StateIn};
use crate::compile::screen_allows;
use crate::compile::{CaptureRule, Plain, Rules};
use crate::player::Player;
use crate::vocabulary::{ChainDirection, Direction, HoleRef, Num, Relation, RowEnd, RowKind, Take};

/// Applies the first capture rule that holds on `last` (of those that keep their stones); returns
/// the stones taken. Where the mover must then choose holes among more than they may take, the
/// choice is left open in `state.pending`; with no real choice the holes are taken at once.
/// Where no such rule may hold on `last` by the hole, its count and whose it is alone
/// ([`crate::compile::Captures::end_screen`]), that is known at once, without a call.
#[inline(always)]
pub fn capture<C: Cells, T: Trace>(rules: &Rules, state: &mut StateIn<C>, last: usize, mover: Player, lap: Lap, tr: &mut T) -> u32 {
    if !screen_allows(rules.captures.end_screen.as_deref(), last, state.count(last), state.owner(last) == mover) {
        return 0;
    }
    capture_asked(rules, state, last, mover, lap, tr)
}

/// [`capture`] where the one capture at a move's end is [`Plain`]: its holes from `last` are
/// taken at once.
#[inline(always)]
fn capture_plain<C: Cells>(rules: &Rules, plain: &Plain, state: &mut StateIn<C>, last: usize, mover: Player, lap: Lap) -> u32 {
    // A lap that ends in a store captures nothing (and a store takes nothing).
    let Some(&takes) = plain.takes.get(last) else { return 0 };
    if state.claimed.has(last) && !rules.captures.claims_keep {
        return 0;
    }
    if !rules.captures.rules.get(plain.rule).is_some_and(|rule| holds_on_last(rules, rule, state, last, mover, lap)) {
        return 0;
    }
    let holes = C::Mask::from_wide(takes);
    let mut taken = 0u32;
    for hole in holes.places() {
        taken += u32::from(state.count(hole));
        state.set_count(hole, 0);
    }
    state.intact &= !holes;
    state.captured[mover.index()] += taken;
    state.capturing |= taken > 0 && rules.tracks.capturing;
    taken
}

/// Whether capture rule `rule` holds at the end of `mover`'s lap in `last`, a hole of the board:
/// a condition of the count alone read from its table, and one that cannot hold on the hole by
/// its count and place alone not asked in full.
#[inline(always)]
fn holds_on_last<C: Cells>(rules: &Rules, rule: &CaptureRule, state: &StateIn<C>, last: usize, mover: Player, lap: Lap) -> bool {
    let count = state.count(last);
    match &rule.when.of_count {
        Some(table) => table.holds(u32::from(count)),
        None => rule.when.may_hold(last, count) && state.holds_at_lap_end(rules, &rule.when, last, mover, lap),
    }
}

/// [`capture`], asking each rule, or where the one rule is [`Plain`] and no event is recorded,
/// asking it and taking its holes at once.
#[inline(never)]
fn capture_asked<C: Cells, T: Trace>(rules: &Rules, state: &mut StateIn<C>, last: usize, mover: Player, lap: Lap, tr: &mut T) -> u32 {
    // Events name the holes in the order the rule takes them: the general way below records them.
    if let Some(plain) = rules.captures.plain.as_deref().filter(|_| !tr.on()) {
        return capture_plain(rules, plain, state, last, mover, lap);
    }
    // A lap that ends in a store, or in a claimed hole that passes its stones on (always empty),
    // captures nothing.
    if last >= rules.board.holes || (state.claimed.has(last) && !rules.captures.claims_keep) {
        return 0;
    }
    let Some((index, rule)) =
        rules.captures.rules.iter().enumerate().find(|(_, c)| !c.resow() && holds_on_last(rules, c, state, last, mover, lap))
    else {
        return 0;
    };
    // Kept only where a grand slam may have to be undone.
    let before = rule.grand_slam_nothing.then_some(*state);
    let mark = tr.mark();
    let mut taken = take_by(rules, rule, state, last, last, mover, TakeHow::Capture, tr);
    // A grand slam (the opponent's side left empty) takes nothing where the rule says so.
    let board = super::layout::board_mask::<C>(rules);
    if let Some(before) = before.filter(|_| taken > 0 && state.stocked(board) & !state.owned(mover, board) == C::Mask::NONE) {
        *state = before;
        tr.truncate(mark);
        return 0;
    }
    if let Some((count, _)) = &rule.bonus {
        let choosable = choosable(rules, state, mover, index);
        if choosable.count_ones() <= *count {
            super::holes_of(choosable).for_each(|hole| take(state, hole, &mut taken, mover, TakeHow::Chosen, tr));
        } else {
            // The checker refuses more capture sections than a byte numbers.
            state.pending = Pending::Choose(u8::try_from(index).unwrap_or(u8::MAX));
        }
    }
    state.captured[mover.index()] += taken;
    state.capturing |= taken > 0 && rules.tracks.capturing;
    taken
}

/// How a move goes on after a capture at the end of a lap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoesOn {
    /// The stones taken are sown, the first into the hole after this one.
    SowAfter(usize),
    /// The stones taken are kept; this hole is lifted and sown on.
    Lift(usize),
}

/// At the end of a lap from `origin` on `last`: the first capture rule that sows its stones on
/// (or goes on after taking them) and holds there takes its holes, turns the move where its
/// `direction` says, and names how the move goes on. Returns the stones taken and that (`None`:
/// no capture, or one that took no stone). Stones kept by a rule that goes on are the mover's
/// captures already.
pub fn resow<C: Cells, T: Trace>(
    rules: &Rules,
    state: &mut StateIn<C>,
    last: usize,
    origin: usize,
    mover: Player,
    lap: Lap,
    tr: &mut T,
) -> Option<(u32, GoesOn)> {
    let rule = rules.captures.rules.iter().find(|c| c.resow() && state.holds_at_lap_end(rules, &c.when, last, mover, lap))?;
    let how = if rule.continue_from.is_some() { TakeHow::Capture } else { TakeHow::Sown };
    let stones = take_by(rules, rule, state, last, origin, mover, how, tr);
    if stones == 0 {
        return None;
    }
    if let Some(what) = rule.continue_from {
        state.captured[mover.index()] += stones;
        let hole = resolve(rules, state, what, last, origin, mover).filter(|&h| h < rules.board.holes).unwrap_or(last);
        return Some((stones, GoesOn::Lift(hole)));
    }
    let sow_on = rule.sow_on?;
    if let Some((way, _)) = rule.directions.iter().find(|(_, when)| state.holds_at_lap_end(rules, when, last, mover, lap)) {
        state.reversed = (*way == Direction::Clockwise) != rules.sowing.clockwise;
    }
    let from = resolve(rules, state, sow_on.from, last, origin, mover).filter(|&h| h < rules.board.holes + 2).unwrap_or(last);
    // The first stone goes into `from`: the lap starts after the hole before it.
    let after = if sow_on.after { from } else { rules.previous_of(mover, state.reversed)[from] as usize };
    Some((stones, GoesOn::SowAfter(after)))
}

/// Whether a capture that sows its stones on may take stones at the end of `mover`'s lap in
/// `last` (a hole of the board): where one may hold there by the hole, its count and whose it is
/// ([`crate::compile::Captures::resow_screen`]), and the holes it would take from hold stones
/// ([`crate::compile::Captures::resow_takes`]). Where not, [`resow`] would find nothing.
#[inline(always)]
pub fn may_resow<C: Cells>(rules: &Rules, state: &StateIn<C>, last: usize, mover: Player) -> bool {
    screen_allows(rules.captures.resow_screen.as_deref(), last, state.count(last), state.owner(last) == mover)
        && rules.captures.resow_takes.as_deref().is_none_or(|takes| {
            let (fixed, column) = (takes.fixed.get(last).copied().unwrap_or(0), takes.column.get(last).copied().unwrap_or(0));
            let opponents = state.owned(mover.opponent(), C::Mask::from_wide(column));
            state.stocked(C::Mask::from_wide(fixed) | opponents) != C::Mask::NONE
        })
}

/// The holes where a capture that sows its stones on may still hold during `mover`'s move from
/// `state` whose laps start from `origins` ([`crate::compile::Live`]): every hole where the rules
/// have no such screen, or where a lap starts outside what the mover's laps reach.
#[inline]
pub fn live_holes<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player, origins: C::Mask) -> C::Mask {
    let every = C::Mask::from_wide(u128::MAX);
    let Some(live) = rules.captures.live.as_deref() else { return every };
    let m = mover.index();
    if origins & !C::Mask::from_wide(live.reach[m]) != C::Mask::NONE {
        return every;
    }
    let (mut holes, mut met) = (C::Mask::NONE, every);
    for need in &live.needs[m] {
        let full = state.stocked(C::Mask::from_wide(need.read));
        let here = need
            .shifts
            .iter()
            .fold(C::Mask::from_wide(need.always), |here, &(by, holes)| here | full.shifted(by) & C::Mask::from_wide(holes));
        met &= here;
        if need.closes {
            holes |= met;
            met = every;
        }
    }
    holes
}

/// Whether no move of `mover`'s from `origins` can capture in `state`: every capture sows its
/// stones on and is screened by the holes it needs ([`crate::compile::Live`]), none of which
/// holds stones where a lap may end, and nothing is taken in passing.
pub fn none_can_capture<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player, origins: C::Mask) -> bool {
    rules.captures.live.is_some()
        && rules.sowing.in_passing.is_none()
        && rules.captures.rules.iter().all(CaptureRule::resow)
        && live_holes(rules, state, mover, origins) == C::Mask::NONE
}

/// The one hole `what` names, from the lap's last hole `last` and its origin, the way the move
/// now goes (`None`: no such hole, as the hole behind one in an outer row). The one resolver of
/// hole references: takes, claims, relays and captured stones sown on all come here.
pub fn resolve<C: Cells>(rules: &Rules, state: &StateIn<C>, what: HoleRef, last: usize, origin: usize, mover: Player) -> Option<usize> {
    let next = rules.next_of(mover, state.reversed);
    let closed = state.closed;
    let hole = match what {
        HoleRef::Last => last,
        HoleRef::Origin => origin,
        HoleRef::Related(Relation::Next) => step(next, last, closed),
        HoleRef::Related(Relation::Previous) => step(rules.previous_of(mover, state.reversed), last, closed),
        HoleRef::Related(Relation::Beyond) => step(next, step(next, last, closed), closed),
        HoleRef::Related(Relation::Opposite) => (last < rules.board.holes).then(|| rules.board.opposite[last] as usize)?,
        HoleRef::Related(Relation::Symmetric) => (last < rules.board.holes).then(|| rules.board.holes - 1 - last)?,
        HoleRef::Related(Relation::Behind) => {
            (last < rules.board.holes).then(|| rules.board.behind[last] as usize).filter(|&h| h < rules.board.holes)?
        }
        HoleRef::RowEnd(end, kind) => {
            let k = match kind {
                RowKind::Outer => 0,
                RowKind::Inner => 1,
                RowKind::Own => 2,
            };
            // The ends in the file's direction; a reversed move meets them the other way round.
            let first = (end == RowEnd::First) != state.reversed;
            let hole = rules.board.row_ends[mover.index()][k][usize::from(!first)] as usize;
            (hole < rules.board.holes).then_some(hole)?
        }
    };
    Some(hole)
}

/// What `rule` takes from the last hole `last` of a lap from `origin`: its holes, its chain, its
/// claims. Returns the stones taken, which the caller puts where they go (`how` says where, for
/// the events).
#[allow(clippy::too_many_arguments)]
fn take_by<C: Cells, T: Trace>(
    rules: &Rules,
    rule: &CaptureRule,
    state: &mut StateIn<C>,
    last: usize,
    origin: usize,
    mover: Player,
    how: TakeHow,
    tr: &mut T,
) -> u32 {
    let mut taken = 0u32;
    for what in &rule.takes {
        take_one(rules, state, *what, last, origin, mover, &mut taken, how, tr);
    }
    for what in &rule.claims {
        // The hole changes hands for good: its stones now, and all sown into it later (or, where
        // claims keep their stones, they stay in it). A store is never claimed: it is its owner's.
        if let Some(hole) = resolve(rules, state, *what, last, origin, mover).filter(|&h| h < rules.board.holes) {
            if !rules.captures.claims_keep {
                take(state, hole, &mut taken, mover, how, tr);
            }
            state.set_owner(hole, mover);
            state.claimed |= C::Mask::bit(hole);
            tr.event(|| Event::Claim { by: mover, hole: crate::hole_byte(hole) });
        }
    }
    if let Some((direction, pred)) = &rule.chain {
        let mut visited: u128 = 1 << last;
        let mut walk = |state: &mut StateIn<C>, table: &[u8; crate::MAX_HOLES], tr: &mut T| {
            let mut hole = step(table, last, state.closed);
            while hole < rules.board.holes && visited & (1 << hole) == 0 && state.holds(rules, pred, hole, mover) {
                visited |= 1 << hole;
                take(state, hole, &mut taken, mover, how, tr);
                hole = step(table, hole, state.closed);
            }
        };
        let reversed = state.reversed;
        if matches!(direction, ChainDirection::Backward | ChainDirection::Both) {
            walk(state, rules.previous_of(mover, reversed), tr);
        }
        if matches!(direction, ChainDirection::Forward | ChainDirection::Both) {
            walk(state, rules.next_of(mover, reversed), tr);
        }
    }
    taken
}

/// Moves every stone of `hole` to what `by`'s capture has taken.
fn take<C: Cells, T: Trace>(state: &mut StateIn<C>, hole: usize, taken: &mut u32, by: Player, how: TakeHow, tr: &mut T) {
    let stones = state.count(hole);
    *taken += u32::from(stones);
    state.set_count(hole, 0);
    state.intact &= !C::Mask::bit(hole);
    if stones > 0 {
        tr.event(|| Event::Take { by, hole: crate::hole_byte(hole), stones, how });
    }
}

/// Takes what `what` names, from the last hole `last` of a lap from `origin`.
#[allow(clippy::too_many_arguments)]
fn take_one<C: Cells, T: Trace>(
    rules: &Rules,
    state: &mut StateIn<C>,
    what: Take,
    last: usize,
    origin: usize,
    mover: Player,
    taken: &mut u32,
    how: TakeHow,
    tr: &mut T,
) {
    match what {
        Take::Hole(hole) => {
            if let Some(hole) = resolve(rules, state, hole, last, origin, mover).filter(|&h| h < rules.board.holes) {
                take(state, hole, taken, mover, how, tr);
            }
        }
        Take::Part(most, hole) => {
            if let Some(hole) = resolve(rules, state, hole, last, origin, mover).filter(|&h| h < rules.board.holes) {
                let most = match most {
                    Num::Literal(n) => u16::try_from(n).unwrap_or(u16::MAX),
                    // Compiling resolves every option's value.
                    Num::Option(_) => 0,
                };
                let stones = state.count(hole).min(most);
                state.remove(hole, stones);
                *taken += u32::from(stones);
                if state.count(hole) == 0 {
                    state.intact &= !C::Mask::bit(hole);
                }
                if stones > 0 {
                    tr.event(|| Event::Take { by: mover, hole: crate::hole_byte(hole), stones, how });
                }
            }
        }
        Take::OpponentColumn => {
            let column = C::Mask::from_wide(rules.board.column_holes(last));
            let theirs = state.owned(mover.opponent(), column);
            for hole in state.stocked(theirs).places() {
                take(state, hole, taken, mover, how, tr);
            }
            // Their empty holes there are emptied too: none of them is intact now.
            state.intact &= !theirs;
        }
    }
}

/// The holes `mover` may choose from after capture rule `rule` (a bit per hole).
pub fn choosable<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player, rule: usize) -> u128 {
    let Some((_, pred)) = rules.captures.rules.get(rule).and_then(|r| r.bonus.as_ref()) else { return 0 };
    Ctx::new(state, rules, mover, Lap::default()).holes_where(pred).wide()
}

/// Takes the chosen holes `set` for `mover`, ending the choice; `false` (and nothing changed) if
/// the set is not one the open choice allows.
pub fn take_chosen<C: Cells, T: Trace>(rules: &Rules, state: &mut StateIn<C>, mover: Player, set: u128, tr: &mut T) -> bool {
    let Pending::Choose(rule) = state.pending else { return false };
    let count = rules.chosen_count(rule as usize);
    if count == 0 || set.count_ones() != count || set & !choosable(rules, state, mover, rule as usize) != 0 {
        return false;
    }
    take_holes(state, mover, set, tr);
    state.pending = Pending::None;
    true
}

/// Moves every stone of the holes of `set` to `mover`'s captures.
pub fn take_holes<C: Cells, T: Trace>(state: &mut StateIn<C>, mover: Player, set: u128, tr: &mut T) {
    let mut taken = 0;
    super::holes_of(set).for_each(|hole| take(state, hole, &mut taken, mover, TakeHow::Chosen, tr));
    state.captured[mover.index()] += taken;
}

#[cfg(test)]
mod tests {
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::engine::events::{Event, Silent, TakeHow};
    use crate::engine::{Game, Wide};

    /// What [`check_screens`] counted: conditions asked, shut out by their screen, captures sown
    /// on that took stones, lap ends the screen left open that [`may_resow`] shut because the
    /// holes taken were empty.
    #[derive(Default)]
    struct Screened {
        asked: usize,
        shut: usize,
        taken: usize,
        no_stones: usize,
    }

    /// On the positions of random games of `rules`, for either mover, every hole, laps 0 to 2,
    /// capturing or not: a capture's condition holds only where its screen (by the hole's count
    /// and whose it is) leaves it open, and a capture sown on takes stones only where
    /// [`may_resow`] (the screen and the holes it takes from) says it may.
    fn check_screens(name: &str, rules: &Rules, rng: &mut ChaCha8Rng, seen: &mut Screened) {
        let captures = &rules.captures;
        for _ in 0..4 {
            let mut game = Game::new(rules);
            for _ in 0..150 {
                if game.to_move().is_none() {
                    break;
                }
                for (mover, hole) in Player::BOTH.into_iter().flat_map(|m| (0..rules.board.holes).map(move |h| (m, h))) {
                    for capturing in [false, true] {
                        let mut state = *game.state();
                        state.capturing = capturing;
                        let (count, own) = (state.count(hole), state.owner(hole) == mover);
                        for lap in [Lap::default(), Lap { number: 1, sown: 3 }, Lap { number: 2, sown: 9 }] {
                            for rule in &captures.rules {
                                let screen = if rule.resow() { &captures.resow_screen } else { &captures.end_screen };
                                seen.asked += 1;
                                if !screen_allows(screen.as_deref(), hole, count, own) {
                                    seen.shut += 1;
                                    assert!(!state.holds_at_lap_end(rules, &rule.when, hole, mover, lap), "{name}: {hole}");
                                }
                            }
                            if captures.resows {
                                let may = may_resow(rules, &state, hole, mover);
                                let open = screen_allows(captures.resow_screen.as_deref(), hole, count, own);
                                seen.no_stones += usize::from(open && !may);
                                let mut after = state;
                                if resow(rules, &mut after, hole, hole, mover, lap, &mut Silent).is_some() {
                                    seen.taken += 1;
                                    assert!(may, "{name}: {hole} takes where the screens say it may not");
                                }
                            }
                        }
                    }
                }
                let actions = game.legal_actions();
                let action = actions[rng.random_range(0..actions.len())];
                game.apply(action).expect("a legal action");
            }
        }
    }

    #[test]
    fn the_screens_leave_out_only_captures_that_cannot_take() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut seen = Screened::default();
        for (file, rules) in crate::load::every_shipped() {
            check_screens(&file.display().to_string(), &rules, &mut rng, &mut seen);
        }
        let Screened { asked, shut, taken, no_stones } = seen;
        assert!(shut > asked / 4 && taken > 1000 && no_stones > 1000, "{shut} of {asked} shut, {taken} taken, {no_stones} with no stones");
    }

    /// Where the one capture at a move's end is [`Plain`], taking its holes at once leaves the
    /// same position and takes the same stones as asking the rule and taking them one by one (the
    /// way events are recorded): on the positions of random games, for either mover, every place
    /// as the last one, with every hole intact or none.
    #[test]
    fn a_plain_capture_takes_what_its_rule_takes_hole_by_hole() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let (mut files, mut asked, mut took) = (Vec::new(), 0, 0);
        for (file, rules) in crate::load::every_shipped() {
            if rules.captures.plain.is_none() {
                continue;
            }
            files.push(file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string());
            for _ in 0..10 {
                let mut game = Game::new(&rules);
                while game.to_move().is_some() {
                    for (mover, last) in Player::BOTH.into_iter().flat_map(|m| (0..rules.board.places()).map(move |h| (m, h))) {
                        for intact in [0, u128::MAX] {
                            let mut state = *game.state();
                            state.intact = <Wide as Cells>::Mask::from_wide(intact);
                            let (mut at_once, mut one_by_one, mut events) = (state, state, crate::engine::events::Recorder::default());
                            events.set(true);
                            let taken = capture(&rules, &mut at_once, last, mover, Lap::default(), &mut Silent);
                            let by_rule = capture(&rules, &mut one_by_one, last, mover, Lap::default(), &mut events);
                            assert_eq!(taken, by_rule, "{}", file.display());
                            assert_eq!(at_once, one_by_one, "{}: {last}", file.display());
                            asked += 1;
                            took += usize::from(taken > 0);
                        }
                    }
                    let actions = game.legal_actions();
                    game.apply(actions[rng.random_range(0..actions.len())]).expect("a legal action");
                }
            }
        }
        assert_eq!(files, ["congkak", "kalah", "moruba", "tihbat"]);
        assert!(took > 10_000 && asked > 2 * took, "{took} of {asked} took stones");
    }

    /// A capture of the opponent's column takes the stones of each of their holes there and
    /// leaves none of them intact, an empty one too (emptied, it has not kept its stones); the
    /// mover's own hole in the column is left as it was. Abala'e's column of a3: a3 South's, b3
    /// and c3 North's.
    #[test]
    fn the_opponents_column_is_taken_hole_by_hole_and_none_of_theirs_stays_intact() {
        let rules = crate::load::shipped("abalalae");
        let [a3, b3, c3, a4] = ["a3", "b3", "c3", "a4"].map(|label| rules.hole(label).expect("a hole"));
        let mut state = StateIn::<Wide>::initial(&rules);
        state.set_count(b3, 0);
        state.set_count(c3, 5);
        let every = <Wide as Cells>::Mask::from_wide((1u128 << rules.board.holes) - 1);
        state.intact = every;
        let before = state;
        let (mut taken, mut events) = (0, crate::engine::events::Recorder::default());
        events.set(true);
        take_one(&rules, &mut state, Take::OpponentColumn, a3, a4, Player::South, &mut taken, TakeHow::Capture, &mut events);
        assert_eq!(taken, 5);
        assert_eq!([a3, b3, c3].map(|h| state.count(h)), [before.count(a3), 0, 0]);
        assert_eq!(state.intact, every & !<Wide as Cells>::Mask::bit(b3) & !<Wide as Cells>::Mask::bit(c3));
        assert!((0..rules.board.holes).filter(|&h| h != c3).all(|h| state.count(h) == before.count(h)));
        // One event: the hole that held stones.
        assert_eq!(events.events(), [Event::Take { by: Player::South, hole: crate::hole_byte(c3), stones: 5, how: TakeHow::Capture }]);
    }

    /// [`check_screens`] where the captures sown on take the holes a relation names without
    /// needing them full: the opposite hole of a board sown round, and (Omweso's captures without
    /// their needs) the opposite and behind holes, or the opponent's column, of four rows.
    #[test]
    fn the_holes_a_capture_takes_screen_it_where_its_condition_does_not() {
        let round = "game \"Round\"\nboard {\n size 2 x 6\n south owns row a\n north owns row b\n seeds 4\n}\n\
                     play {\n south moves first\n start from own hole\n}\nsowing {\n sow counter-clockwise\n relay when count >= 2\n}\n\
                     capture {\n when own and count = 1\n take opposite hole\n sow captured from next hole\n}\n\
                     end {\n when own row is empty, \"a row is empty\"\n when position repeats 3 times, draw, \"repeated\"\n most stones wins\n}\n";
        let omweso =
            std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/omweso.mancala")).expect("omweso ships");
        let need = "and opposite hole is not empty and behind hole is not empty";
        assert!(omweso.contains(need));
        let column = omweso.replace(need, "");
        let both = column.replace("take opponent's column", "take opposite hole\n    take behind hole");
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        for (name, text, fixed, columns) in
            [("round", round.to_string(), true, false), ("column", column, false, true), ("both", both, true, false)]
        {
            let rules = crate::load::load_str(name, &text, &[] as &[&str]).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            let takes = rules.captures.resow_takes.as_deref().unwrap_or_else(|| panic!("{name}: no takes screen"));
            assert_eq!((takes.fixed.iter().any(|&h| h != 0), takes.column.iter().any(|&h| h != 0)), (fixed, columns), "{name}");
            let mut seen = Screened::default();
            check_screens(name, &rules, &mut rng, &mut seen);
            assert!(seen.taken > 100 && seen.no_stones > 100, "{name}: {} taken, {} with no stones", seen.taken, seen.no_stones);
        }
    }

    /// For every shipped file whose captures sown on are screened by the holes they need
    /// ([`crate::compile::Live`]), on the positions of random games: no capture sown on holds
    /// on a hole the screen leaves out (at any lap, capturing or not), and no stone of a move
    /// falls outside its mover's reach or into a hole a need reads, so that what the screen
    /// leaves out at a move's start stays out until it ends; where it leaves out every hole, the
    /// move takes nothing.
    #[test]
    fn a_capture_sown_on_is_left_out_only_where_a_hole_it_needs_is_empty_for_the_whole_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut left_out, mut sown, mut files, mut quiet_moves) = (0, 0, 0, 0);
        for (file, rules) in crate::load::every_shipped() {
            let Some(live) = rules.captures.live.as_deref() else { continue };
            let resowing: Vec<&CaptureRule> = rules.captures.rules.iter().filter(|c| c.resow()).collect();
            for _ in 0..10 {
                let mut game = Game::new(&rules);
                game.set_tracing(true);
                for _ in 0..400 {
                    let Some(mover) = game.to_move() else { break };
                    let reach = <Wide as Cells>::Mask::from_wide(live.reach[mover.index()]);
                    let read = live.needs[mover.index()].iter().fold(0u128, |m, need| m | need.read);
                    let screen = live_holes(&rules, game.state(), mover, reach);
                    assert_eq!(live_holes(&rules, game.state(), mover, !reach), <Wide as Cells>::Mask::from_wide(u128::MAX));
                    for hole in (0..rules.board.holes).filter(|&h| !screen.has(h)) {
                        left_out += 1;
                        for capturing in [false, true] {
                            let mut state = *game.state();
                            state.capturing = capturing;
                            for lap in [Lap::default(), Lap { number: 1, sown: 3 }, Lap { number: 2, sown: 9 }] {
                                for rule in &resowing {
                                    assert!(!state.holds_at_lap_end(&rules, &rule.when, hole, mover, lap), "{}: {hole}", file.display());
                                }
                            }
                        }
                    }
                    let quiet = none_can_capture(&rules, game.state(), mover, reach);
                    quiet_moves += usize::from(quiet);
                    let actions = game.legal_actions();
                    let action = actions[rng.random_range(0..actions.len())];
                    game.apply(action).expect("a legal action");
                    for event in game.events() {
                        let took = matches!(event, Event::Take { by, how, .. } if *by == mover && *how != TakeHow::Leftover);
                        assert!(!(quiet && took), "{}: {event:?} where no move could capture", file.display());
                        if let Event::Sow { by, holes } = event {
                            for hole in holes.iter().filter(|_| *by == mover).map(|&h| usize::from(h)) {
                                sown += 1;
                                assert!(reach.has(hole) && read >> hole & 1 == 0, "{}: a stone into {hole}", file.display());
                            }
                        }
                    }
                }
            }
            files += 1;
            assert!(left_out > files * 1000 && sown > files * 1000, "{}: {left_out} holes left out, {sown} stones sown", file.display());
        }
        assert_eq!(files, 5);
        assert!(quiet_moves > 20, "{quiet_moves} moves where none could capture");
    }
}
