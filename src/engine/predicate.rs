//! Running the rules' conditions on a position from their tables ([`crate::compile::code`]): for
//! one hole ([`Ctx::holds`]: the atoms' truths index the table), or for every hole at once as a
//! set ([`Ctx::holes_where`]: the atoms as sets, combined as the table says), which is how a
//! board-wide condition (`every hole is …`) and the holes a move may start from are found. What a
//! condition reads comes straight from the position. A condition of too many atoms is asked in
//! the case its terms about the position pick ([`crate::compile::code::Split`]), or else from its
//! tree ([`Ctx::tree_holds`]).

use std::cell::Cell;

use super::layout::step;
use super::layout::{Cells, Mask};
use super::{Lap, StateIn};
use crate::compile::code::{Atom, Basic, Check, Code, Local, Neighbour, Sides, Single, Split, Term, Whole, MOST_ATOMS};
use crate::compile::pred::{compare, CountTable, Reads, Scalar};
use crate::compile::{Condition, Pred, Rules};
use crate::player::Player;
use crate::vocabulary::Relation;

impl<C: Cells> StateIn<C> {
    /// [`Ctx::holds`] where `condition` reads the hole alone ([`Code::local`]), read from its
    /// table with no point of view to set up; `None` for any other condition.
    #[inline(always)]
    pub(crate) fn holds_locally(&self, condition: &Condition, hole: usize, mover: Player) -> Option<bool> {
        match &condition.code {
            Some(Code { whole: None, single: None, local: Some(local), .. }) if self.count(hole) < 256 => {
                Some(self.local_holds(local, hole, mover))
            }
            _ => None,
        }
    }

    /// Whether the condition of `local` holds on `hole` (whose count is below 256) for `mover`.
    #[inline(always)]
    fn local_holds(&self, local: &Local, hole: usize, mover: Player) -> bool {
        let kind = usize::from(local.kinds[usize::from(self.count(hole))]);
        crate::Holes(local.table[kind << 4 | usize::from(self.basis_bits(hole, mover))]).has(hole)
    }

    /// Whether `hole` is in the term of `single` as far as its hole set, basis, count and
    /// neighbours say (its other literals aside), for `mover`.
    #[inline(always)]
    pub(crate) fn single_within(&self, rules: &Rules, single: &Single, hole: usize, mover: Player) -> bool {
        let basis = (self.basis_bits(hole, mover) ^ single.basis.want) & single.basis.care == 0;
        let count = single.count.as_ref().is_none_or(|(table, want)| table.holds(u32::from(self.count(hole))) == *want);
        if !(crate::Holes(single.holes).has(hole) & basis & count) {
            return false;
        }
        for neighbour in &single.neighbours {
            if !self.neighbour_holds(rules, neighbour, hole) {
                return false;
            }
        }
        true
    }

    /// Whether the count of the hole `neighbour`'s relation names from `hole` holds as it wants
    /// (the atom is false where there is no such hole, as behind a hole of an outer row).
    #[inline(always)]
    fn neighbour_holds(&self, rules: &Rules, neighbour: &Neighbour, hole: usize) -> bool {
        let holes = rules.board.holes;
        let to = match neighbour.relation {
            Relation::Opposite => usize::from(rules.board.opposite[hole]),
            Relation::Behind => usize::from(rules.board.behind[hole]),
            _ => holes - 1 - hole,
        };
        (to < holes && neighbour.table.holds(u32::from(self.count(to)))) == neighbour.want
    }

    /// Which atoms of the [`crate::compile::code::BASIS`] hold on `hole` for `mover` (bit `i`:
    /// the basis's `i`th).
    #[inline(always)]
    fn basis_bits(&self, hole: usize, mover: Player) -> u8 {
        u8::from(self.owner(hole) == mover)
            | u8::from(self.count(hole) != 0) << 1
            | u8::from(self.claimed.has(hole)) << 2
            | u8::from(self.intact.has(hole)) << 3
    }
}

/// A condition's point of view: the position, the rules, the player whose move it is and the lap
/// being sown (both 0 outside a move).
pub struct Ctx<'a, C: Cells> {
    pub state: &'a StateIn<C>,
    pub rules: &'a Rules,
    pub mover: Player,
    pub lap: Lap,
    /// Every hole of the board.
    all: C::Mask,
    /// The holes holding stones, once asked (several conditions of one question share them).
    stocked: Cell<Option<C::Mask>>,
}

impl<'a, C: Cells> Ctx<'a, C> {
    #[inline]
    pub fn new(state: &'a StateIn<C>, rules: &'a Rules, mover: Player, lap: Lap) -> Ctx<'a, C> {
        Ctx { state, rules, mover, lap, all: super::layout::board_mask::<C>(rules), stocked: Cell::new(None) }
    }

    /// The same point of view, told the holes of the board holding stones (`stocked`, as
    /// [`Ctx::stocked`] reads them) where the caller has read them already.
    #[inline]
    pub fn knowing(self, stocked: Option<C::Mask>) -> Self {
        if stocked.is_some() {
            self.stocked.set(stocked);
        }
        self
    }

    /// The holes of the board holding stones.
    #[inline]
    pub fn stocked(&self) -> C::Mask {
        match self.stocked.get() {
            Some(set) => set,
            None => {
                let set = self.state.stocked(self.all);
                self.stocked.set(Some(set));
                set
            }
        }
    }

    /// The mover's holes.
    #[inline]
    pub fn own(&self) -> C::Mask {
        self.state.owned(self.mover, self.all)
    }

    /// Whether `condition` holds on `hole` (board-wide terms ignore it).
    #[inline]
    pub fn holds(&self, condition: &Condition, hole: usize) -> bool {
        match &condition.code {
            Some(Code { whole: Some(whole), atoms, .. }) => self.whole_holds(whole, atoms),
            Some(Code { single: Some(single), atoms, .. }) => {
                // One term: the hole is in it when every atom holds as it wants. Its atoms of
                // the basis and its count are read at once, without a branch; only then are the
                // neighbours' counts and the others asked.
                let within = self.state.single_within(self.rules, single, hole, self.mover)
                    && single.literals.iter().all(|&(i, want)| atoms.get(usize::from(i)).is_some_and(|atom| self.atom(atom, hole) == want));
                within == single.holds
            }
            Some(Code { local: Some(local), .. }) if self.state.count(hole) < 256 => self.local_holds(local, hole),
            Some(code) => self.table_holds(code, hole),
            None => match &condition.split {
                Some(split) => self.holds(self.case(split), hole),
                None => self.tree_holds(&condition.pred, hole),
            },
        }
    }

    /// Whether the condition of `local` holds on `hole`, whose count is below 256.
    #[inline(always)]
    fn local_holds(&self, local: &Local, hole: usize) -> bool {
        self.state.local_holds(local, hole, self.mover)
    }

    /// [`Ctx::holds`] of a condition that may be of the position alone (an ending). Where it
    /// is, and its first checks are terms about the position, those are read at once, and the
    /// rest asked apart only where they do not decide.
    #[inline]
    pub fn holds_of_position(&self, condition: &Condition) -> bool {
        let Some(Code { whole: Some(whole), atoms, .. }) = &condition.code else {
            return self.holds(condition, 0);
        };
        if let Some(sides) = &whole.sides {
            return self.sides_hold(whole, sides);
        }
        let combination = self.terms(&whole.leading);
        // Known from those alone (always, where they are all of the checks)?
        let at = 1 << whole.leading.len() | combination;
        if whole.known >> at & 1 != 0 {
            return whole.value >> at & 1 != 0;
        }
        self.rest_of_position(whole, atoms, combination)
    }

    /// [`Ctx::holds_of_position`] after the leading terms (`combination`: how they hold).
    #[inline(never)]
    fn rest_of_position(&self, whole: &Whole, atoms: &[Atom], combination: usize) -> bool {
        // One `every hole …` of the count alone, a few thresholds (`every hole has count <= 1`):
        // its holes at once, without the general walk.
        if let ([Check::Atom], [Atom::Every(every)]) = (&*whole.checks, atoms) {
            if let Some(table) = every.of_count.as_deref().filter(|table| table.steps.is_some()) {
                return whole.truth >> usize::from(self.count_holes(table) == self.all()) & 1 != 0;
            }
        }
        // The last check an `every hole is …` over the basis (`every hole is (claimed or empty)`):
        // its failing terms from the basis's sets, with nothing else to order.
        if let Some([Check::Clear(basic)]) = whole.checks.get(whole.leading.len()..) {
            let clear = self.clear(&self.basis(whole.care), basic);
            return whole.truth >> (combination | usize::from(clear) << whole.leading.len()) & 1 != 0;
        }
        self.checks_from(whole, atoms, whole.leading.len(), combination)
    }

    /// How the terms about the position `scalars` hold: bit `i` for the `i`th.
    #[inline(always)]
    fn terms(&self, scalars: &[Scalar]) -> usize {
        scalars.iter().enumerate().fold(0, |c, (i, scalar)| c | usize::from(self.scalar(scalar)) << i)
    }

    /// The case of a split condition that the position's terms pick.
    #[inline]
    pub(crate) fn case<'c>(&self, split: &'c Split) -> &'c Condition {
        &split.cases[self.terms(&split.scalars)]
    }

    /// [`Ctx::holds`] from a condition's table: the cheap atoms, then the others in order,
    /// stopping as soon as the rest cannot change the answer. Apart from the shorter forms, so
    /// that asking those does not pay for this one's registers.
    #[inline(never)]
    fn table_holds(&self, code: &Code, hole: usize) -> bool {
        let mut combination = 0;
        for (i, atom) in code.atoms[..code.cheap].iter().enumerate() {
            combination |= usize::from(self.cheap_atom(atom, hole)) << i;
        }
        for (i, atom) in (code.cheap..).zip(&code.atoms[code.cheap..]) {
            let (fails, holds) = code.decided[(1 << i) + combination];
            if fails.has(hole) {
                return false;
            }
            if holds.has(hole) {
                return true;
            }
            combination |= usize::from(self.atom(atom, hole)) << i;
        }
        code.table[combination].has(hole)
    }

    /// Whether a condition of the position ([`Whole`]) holds: its atoms asked in order until the
    /// answer is known.
    #[inline]
    fn whole_holds(&self, whole: &Whole, atoms: &[Atom]) -> bool {
        if let Some(sides) = &whole.sides {
            return self.sides_hold(whole, sides);
        }
        self.checks_from(whole, atoms, 0, 0)
    }

    /// [`Ctx::whole_holds`] where every atom is asked from its [`Sides`]: each from the same two
    /// sets, at once, with no order to keep.
    #[inline(always)]
    fn sides_hold(&self, whole: &Whole, sides: &[Sides]) -> bool {
        let (own, stocked) = (self.own(), self.stocked());
        let combination = sides.iter().enumerate().fold(0, |c, (i, sides)| c | usize::from(self.sides_clear(sides, own, stocked)) << i);
        whole.truth >> combination & 1 != 0
    }

    /// [`Ctx::whole_holds`] from its check `from` on, the checks before it holding as
    /// `combination` says: each asked in order until the answer is known.
    #[inline(always)]
    fn checks_from(&self, whole: &Whole, atoms: &[Atom], from: usize, mut combination: usize) -> bool {
        // The basis's sets, read once for every check that asks.
        let mut basis = None;
        for (i, check) in whole.checks.iter().enumerate().skip(from) {
            let at = 1 << i | combination;
            if whole.known >> at & 1 != 0 {
                return whole.value >> at & 1 != 0;
            }
            let holds = match check {
                Check::Clear(basic) => self.clear(basis.get_or_insert_with(|| self.basis(whole.care)), basic),
                Check::Scalar(pred) => self.scalar(pred),
                Check::Atom => atoms.get(i).is_some_and(|atom| self.atom(atom, 0)),
            };
            combination |= usize::from(holds) << i;
        }
        whole.truth >> combination & 1 != 0
    }

    /// The holes of the board where `condition` holds.
    #[inline]
    pub fn holes_where(&self, condition: &Condition) -> C::Mask {
        let all = self.all();
        let Some(code) = &condition.code else {
            if let Some(split) = &condition.split {
                return self.holes_where(self.case(split));
            }
            return C::Mask::of((0..self.rules.board.holes).filter(|&h| self.tree_holds(&condition.pred, h)));
        };
        if let Some(basic) = &code.basic {
            let basis = self.basis(basic.care);
            return basic.holding.iter().fold(C::Mask::NONE, |set, term| set | self.basic_product(&basis, term));
        }
        let masks = self.atom_sets(code);
        if code.holding.len() <= code.failing.len() {
            code.holding.iter().fold(C::Mask::NONE, |set, term| set | product(&masks, term, all))
        } else {
            all & !code.failing.iter().fold(C::Mask::NONE, |set, term| set | product(&masks, term, all))
        }
    }

    /// The holes of the board whose count holds as `table` says.
    #[inline]
    fn count_holes(&self, table: &CountTable) -> C::Mask {
        let (state, all) = (self.state, self.all());
        match table.steps {
            // Each threshold flips the holes that reach it.
            Some(steps) => steps.thresholds().iter().fold(C::Mask::every_if(steps.zero) & all, |set, &k| set ^ state.at_least(k, all)),
            None => C::Mask::of((0..self.rules.board.holes).filter(|&h| table.holds(u32::from(state.count(h))))),
        }
    }

    /// Whether `condition` holds on every hole of the board.
    pub fn everywhere(&self, condition: &Condition) -> bool {
        let all = self.all();
        // A condition of the count alone (`every hole has count <= 1`): its holes, at once.
        if let Some(table) = condition.of_count.as_deref() {
            return self.count_holes(table) == all;
        }
        let Some(code) = &condition.code else {
            if let Some(split) = &condition.split {
                return self.everywhere(self.case(split));
            }
            return (0..self.rules.board.holes).all(|h| self.tree_holds(&condition.pred, h));
        };
        if let Some(basic) = &code.basic {
            return self.clear(&self.basis(basic.care), basic);
        }
        let masks = self.atom_sets(code);
        code.failing.iter().all(|term| product(&masks, term, all) == C::Mask::NONE)
    }

    /// The sets of the [`crate::compile::code::BASIS`] that `care` asks about (bit `i`: the
    /// basis's `i`th), each read once; every hole for the others.
    #[inline(always)]
    fn basis(&self, care: u8) -> [C::Mask; 4] {
        let all = self.all;
        [
            if care & 1 != 0 { self.own() } else { all },
            if care & 2 != 0 { self.stocked() } else { all },
            if care & 4 != 0 { self.state.claimed & all } else { all },
            if care & 8 != 0 { self.state.intact & all } else { all },
        ]
    }

    /// Whether a condition over the basis holds on every hole: no hole is in any of its failing
    /// terms, read from the basis's sets (`basis`).
    #[inline(always)]
    fn clear(&self, basis: &[C::Mask; 4], basic: &Basic) -> bool {
        if let Some(sides) = &basic.sides {
            let [own, stocked, ..] = *basis;
            return self.sides_clear(sides, own, stocked);
        }
        basic.failing.iter().all(|term| self.basic_product(basis, term) == C::Mask::NONE)
    }

    /// Whether a condition over whose a hole is and whether it holds stones holds on every hole,
    /// from its [`Sides`], the mover's holes (`own`: every hole when the condition does not ask
    /// whose a hole is, so that each side holds every term) and the holes holding stones.
    #[inline(always)]
    fn sides_clear(&self, sides: &Sides, own: C::Mask, stocked: C::Mask) -> bool {
        let other = !own & self.all;
        let side = |sets: &[u128; 2]| C::Mask::from_wide(sets[0]) & own | C::Mask::from_wide(sets[1]) & other;
        side(&sides.empty) & stocked == C::Mask::NONE && side(&sides.full) & !stocked & self.all == C::Mask::NONE
    }

    /// The holes of a term over the basis where its atoms hold as it wants, from the basis's
    /// sets (`basis`).
    #[inline(always)]
    fn basic_product(&self, basis: &[C::Mask; 4], term: &Term) -> C::Mask {
        let mut set = C::Mask::from_wide(term.holes) & self.all;
        for (i, &of) in basis.iter().enumerate() {
            if term.care >> i & 1 != 0 {
                set &= if term.want >> i & 1 != 0 { of } else { !of };
            }
        }
        set
    }

    /// The holes where each atom of `code` holds.
    #[inline]
    fn atom_sets(&self, code: &crate::compile::Code) -> [C::Mask; MOST_ATOMS] {
        let mut masks = [C::Mask::NONE; MOST_ATOMS];
        for (mask, atom) in masks.iter_mut().zip(code.atoms.iter()) {
            *mask = self.atom_holes(atom);
        }
        masks
    }

    /// Whether a cheap atom ([`Atom::is_cheap`]) holds on `hole`.
    #[inline(always)]
    fn cheap_atom(&self, atom: &Atom, hole: usize) -> bool {
        let state = self.state;
        match atom {
            Atom::Own => state.owner(hole) == self.mover,
            Atom::Stocked => state.count(hole) != 0,
            Atom::Claimed => state.claimed.has(hole),
            Atom::Intact => state.intact.has(hole),
            Atom::Count(table) => table.holds(u32::from(state.count(hole))),
            Atom::Scalar(pred) => self.scalar(pred),
            Atom::At(..) | Atom::Every(_) => self.atom(atom, hole),
        }
    }

    /// Whether `atom` holds on `hole`.
    #[inline]
    fn atom(&self, atom: &Atom, hole: usize) -> bool {
        match atom {
            // A hole with nothing behind it has no such neighbour: nothing holds there.
            Atom::At(relation, condition) => self.holds_at(*relation, condition, hole),
            Atom::Every(condition) => self.everywhere(condition),
            _ => self.cheap_atom(atom, hole),
        }
    }

    /// Whether `condition` holds on the hole `relation` names from `hole` (false where there is
    /// none), read from that hole's count or basis where the condition is of those alone.
    #[inline]
    pub(crate) fn holds_at(&self, relation: Relation, condition: &Condition, hole: usize) -> bool {
        self.related(relation, hole).is_some_and(|related| match (&condition.of_count, &condition.code) {
            (Some(table), _) if related < self.rules.board.holes => table.holds(u32::from(self.state.count(related))),
            (_, Some(Code { basic: Some(basic), .. })) => self.basic_holds(basic, related),
            _ => self.holds(condition, related),
        })
    }

    /// Whether a condition over the basis ([`Basic`]) holds on `hole`: one of its terms takes
    /// in the hole as it is.
    #[inline]
    fn basic_holds(&self, basic: &Basic, hole: usize) -> bool {
        let bits = self.basis_bits(hole);
        basic.holding.iter().any(|term| crate::Holes(term.holes).has(hole) && (bits ^ term.want) & term.care == 0)
    }

    /// Which atoms of the [`crate::compile::code::BASIS`] hold on `hole` (bit `i`: the basis's
    /// `i`th).
    #[inline(always)]
    fn basis_bits(&self, hole: usize) -> u8 {
        self.state.basis_bits(hole, self.mover)
    }

    /// The holes where `atom` holds (of the board's).
    fn atom_holes(&self, atom: &Atom) -> C::Mask {
        let (state, rules, all) = (self.state, self.rules, self.all());
        match atom {
            Atom::Own => self.own(),
            Atom::Stocked => self.stocked(),
            Atom::Claimed => state.claimed & all,
            Atom::Intact => state.intact & all,
            Atom::Count(table) => self.count_holes(table),
            Atom::Scalar(_) | Atom::Every(_) => {
                if self.atom(atom, 0) {
                    all
                } else {
                    C::Mask::NONE
                }
            }
            Atom::At(..) => C::Mask::of((0..rules.board.holes).filter(|&h| self.atom(atom, h))),
        }
    }

    /// Every hole of the board.
    #[inline]
    fn all(&self) -> C::Mask {
        self.all
    }

    /// Whether a term about the position holds.
    #[inline(always)]
    pub fn scalar(&self, scalar: &Scalar) -> bool {
        let (state, mover) = (self.state, self.mover);
        scalar.holds(match scalar.reads {
            Reads::Captured => state.captured[mover.index()],
            Reads::OpponentCaptured => state.captured[mover.opponent().index()],
            Reads::StonesLeft | Reads::Claims => self.read_board(scalar.reads),
            Reads::Hand => u32::from(state.hand[mover.index()]),
            Reads::Lap => self.lap.number,
            Reads::Sown => self.lap.sown,
            Reads::Capturing => u32::from(state.capturing),
            Reads::Phase => u32::from(state.phase[mover.index()]),
            Reads::Nothing => return false,
        })
    }

    /// [`Ctx::scalar`]'s numbers read from the whole board: the stones on it, or the mover's
    /// claims. Out of line, so that the others, a read each, do not pay for these where the
    /// compiler would compute them ahead of the question (as it did for a split condition's
    /// terms).
    #[inline(never)]
    fn read_board(&self, reads: Reads) -> u32 {
        let state = self.state;
        match reads {
            Reads::StonesLeft => state.board_total(self.rules),
            _ => (state.claimed & state.owned(self.mover, self.all())).ones(),
        }
    }

    /// [`Ctx::scalar`] of a term of a tree, lowered as it is asked (out of line, so that the
    /// walk through the tree stays small).
    #[inline(never)]
    fn tree_scalar(&self, pred: &Pred) -> bool {
        self.scalar(&Scalar::of(pred))
    }

    /// Whether `pred` holds on `hole`, walking its tree (for conditions of too many atoms).
    pub fn tree_holds(&self, pred: &Pred, hole: usize) -> bool {
        let state = self.state;
        let count = || u32::from(state.count(hole));
        match pred {
            Pred::Or(ps) => ps.iter().any(|p| self.tree_holds(p, hole)),
            Pred::And(ps) => ps.iter().all(|p| self.tree_holds(p, hole)),
            Pred::Not(p) => !self.tree_holds(p, hole),
            Pred::EveryHole(p) => (0..self.rules.board.holes).all(|h| self.tree_holds(p, h)),
            Pred::Count(op, n) => compare(count(), *op, *n),
            Pred::Counts(table) => table.holds(count()),
            Pred::CountIn(ns) => ns.contains(&count()),
            Pred::CountRange(low, high) => (*low..=*high).contains(&count()),
            Pred::CountEven(even) => count().is_multiple_of(2) == *even,
            Pred::Empty => state.count(hole) == 0,
            Pred::Own => state.owner(hole) == self.mover,
            Pred::Opponent => state.owner(hole) != self.mover,
            Pred::In(set) => set.has(hole),
            Pred::Claimed => state.claimed.has(hole),
            Pred::Intact => state.intact.has(hole),
            Pred::At(relation, p) => self.related(*relation, hole).is_some_and(|related| self.tree_holds(p, related)),
            _ => self.tree_scalar(pred),
        }
    }

    /// The hole `relation` names from `hole`, the way the move goes (`None`: there is none).
    fn related(&self, relation: Relation, hole: usize) -> Option<usize> {
        let (rules, state, mover) = (self.rules, self.state, self.mover);
        let closed = state.closed;
        Some(match relation {
            Relation::Next => step(rules.next_of(mover, state.reversed), hole, closed),
            Relation::Previous => step(rules.previous_of(mover, state.reversed), hole, closed),
            Relation::Opposite => rules.board.opposite[hole] as usize,
            Relation::Symmetric => rules.board.holes - 1 - hole,
            Relation::Beyond => {
                let next = rules.next_of(mover, state.reversed);
                step(next, step(next, hole, closed), closed)
            }
            Relation::Behind if rules.board.behind[hole] == u8::MAX => return None,
            Relation::Behind => rules.board.behind[hole] as usize,
        })
    }
}

/// The holes of `term` (of `all`) where its atoms hold as it wants, from the sets where each
/// holds (`masks`).
#[inline]
fn product<M: Mask>(masks: &[M; MOST_ATOMS], term: &Term, all: M) -> M {
    let mut set = M::from_wide(term.holes) & all;
    let mut care = term.care;
    while care != 0 {
        let i = care.trailing_zeros() as usize;
        care &= care - 1;
        set &= if term.want >> i & 1 != 0 { masks[i] } else { !masks[i] };
    }
    set
}

#[cfg(test)]
mod tests {
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::engine::Game;

    /// The tables, the forms of a whole position and the sets agree with the trees they were
    /// lowered from, for every condition of every shipped file, on the positions of random games.
    #[test]
    fn the_code_agrees_with_the_tree() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut asked, mut positions, mut both_ways) = (0, 0, 0);
        for (file, rules) in crate::load::every_shipped() {
            for _ in 0..8 {
                let mut game = Game::new(&rules);
                for _ in 0..300 {
                    for mover in Player::BOTH {
                        for lap in [Lap::default(), Lap { number: 2, sown: 5 }] {
                            let ctx = Ctx::new(game.state(), &rules, mover, lap);
                            for condition in rules.conditions().filter(|c| c.code.is_some() || c.split.is_some()) {
                                let tree: Vec<bool> = (0..rules.board.holes).map(|h| ctx.tree_holds(&condition.pred, h)).collect();
                                let code: Vec<bool> = (0..rules.board.holes).map(|h| ctx.holds(condition, h)).collect();
                                assert_eq!(code, tree, "{}: {:?}", file.display(), condition.pred);
                                let state = game.state();
                                let read: Vec<bool> =
                                    (0..rules.board.holes).map(|h| state.holds_in_lap(&rules, condition, h, mover, lap)).collect();
                                assert_eq!(read, tree, "{}: {:?}", file.display(), condition.pred);
                                let ends: Vec<bool> =
                                    (0..rules.board.holes).map(|h| state.holds_at_lap_end(&rules, condition, h, mover, lap)).collect();
                                assert_eq!(ends, tree, "{}: {:?}", file.display(), condition.pred);
                                let relays: Vec<bool> =
                                    (0..rules.board.holes).map(|h| state.relays_in_lap(&rules, condition, h, mover, lap)).collect();
                                assert_eq!(relays, tree, "{}: {:?}", file.display(), condition.pred);
                                let set: crate::Holes = tree.iter().enumerate().filter(|(_, &t)| t).map(|(h, _)| h).collect();
                                assert_eq!(ctx.holes_where(condition).wide(), set.0, "{}: {:?}", file.display(), condition.pred);
                                assert_eq!(ctx.everywhere(condition), tree.iter().all(|&t| t), "{}", file.display());
                                // A table split as well by its terms about the position
                                // ([`Condition::split_by_position`]): the case they pick.
                                if let (Some(_), Some(split)) = (&condition.code, &condition.split) {
                                    assert_eq!(ctx.holes_where(ctx.case(split)).wide(), set.0, "{}: {:?}", file.display(), condition.pred);
                                    both_ways += 1;
                                }
                                // Ruled out by its hole and count only where it fails.
                                for (h, &holds) in tree.iter().enumerate() {
                                    assert!(
                                        !holds || condition.may_hold(h, state.count(h)),
                                        "{}: {:?} at {h}",
                                        file.display(),
                                        condition.pred
                                    );
                                }
                                if condition.code.as_ref().is_some_and(|code| code.whole.is_some()) {
                                    assert_eq!(ctx.holds_of_position(condition), tree[0], "{}: {:?}", file.display(), condition.pred);
                                    positions += usize::from(tree[0]);
                                }
                                asked += 1;
                            }
                        }
                    }
                    let actions = game.legal_actions();
                    if actions.is_empty() {
                        break;
                    }
                    let action = actions[rng.random_range(0..actions.len())];
                    game.apply(action).expect("a legal action applies");
                }
            }
        }
        assert!(asked > 10_000, "{asked}");
        // Conditions of the position (the endings) were asked where they hold, too.
        assert!(positions > 100, "{positions}");
        // Abala'e's start (`own hole where phase = play or in leftmost`), in both phases.
        assert!(both_ways > 1_000, "{both_ways}");
    }
}
