//! Conditions lowered to tables: each predicate of the rules becomes a handful of *atoms* (the
//! terms that read the position: who owns a hole, whether it holds stones, a condition of its
//! count, a relation to another hole, a term about the whole position …) and a table giving, for
//! each combination of the atoms' truths, the holes where the condition holds (the hole sets it
//! names are folded in). The engine then answers for one hole with an index into the table, and
//! for every hole at once with a few operations on bit sets: no tree is walked. A condition of
//! more than [`MOST_ATOMS`] atoms is split by its terms about the position into conditions that
//! are tabled ([`Split`]) where it can be, and otherwise keeps only its tree, which the engine
//! walks.

use crate::vocabulary::Relation;
use crate::Holes;

use super::pred::{CountTable, Pred, Reads, Scalar};

/// The most atoms a condition is tabled over (its table has 2^atoms entries).
pub const MOST_ATOMS: usize = 5;

/// A condition of the rules: its tree, and the code the engine runs.
#[derive(Clone, Debug)]
pub struct Condition {
    pub pred: Pred,
    /// `None`: too many atoms; the condition is split, or its tree walked.
    pub code: Option<Code>,
    /// A condition of the hole's count alone (`count >= 2`, `count = 3 or count >= 5`) is also
    /// its table, which a lap asking it of every stone or every relay reads directly.
    pub of_count: Option<Box<CountTable>>,
    /// Where there are too many atoms for a table, but few of them are terms about the position:
    /// the condition for each way those terms can be, each with a table ([`Split`]).
    pub split: Option<Box<Split>>,
    /// A condition of one term over the hole's set and its count alone (`count >= 2 and not in
    /// heads`): that term, which a lap asks without a point of view.
    pub of_place: Option<Box<Single>>,
    /// A condition of a neighbour alone (`next hole is not empty`): the relation and the
    /// neighbour's condition (its one atom), which a lap asks as such rather than through the
    /// condition's term.
    pub of_neighbour: Option<Box<(Relation, Condition)>>,
    /// For a condition of a table (not of the count alone, nor one term): for each count below
    /// 256, the holes where it may hold as far as its hole sets and count atoms say, whatever
    /// its other atoms ([`Condition::may_hold`]); kept where that rules out some hole.
    pub places: Option<Box<[u128; 256]>>,
}

impl PartialEq for Condition {
    fn eq(&self, other: &Condition) -> bool {
        self.pred == other.pred
    }
}

impl Condition {
    pub fn new(pred: Pred) -> Condition {
        let of_count = pred.of_count_alone().then(|| match &pred {
            Pred::Counts(table) => table.clone(),
            _ => Box::new(CountTable::of(pred.clone())),
        });
        let code = Code::of(&pred);
        let split = if code.is_none() { Split::of(&pred) } else { None };
        let of_place = code
            .as_ref()
            .and_then(|code| code.single.as_ref())
            .filter(|single| {
                of_count.is_none()
                    && single.basis.care == 0
                    && single.literals.is_empty()
                    && single.neighbours.is_empty()
                    && single.count.is_some()
            })
            .cloned();
        let of_neighbour = match code.as_ref().map(|code| &code.atoms[..]) {
            Some([Atom::At(relation, neighbour)]) if matches!(pred, Pred::At(..)) => Some(Box::new((*relation, (**neighbour).clone()))),
            _ => None,
        };
        let places = match (&of_count, &code, &split) {
            (None, Some(code), _) if !code.single.as_ref().is_some_and(|single| single.holds) => code.places(),
            // A split condition may hold where one of its cases may.
            (None, None, Some(split)) => split.places(),
            _ => None,
        };
        Condition { code, pred, of_count, split, of_place, of_neighbour, places }
    }
}

impl Condition {
    /// The holes whose being intact (never emptied) the condition may read: where, for some
    /// truths of its other atoms, whether the hole is intact decides whether it holds; and where
    /// a condition it asks of another hole or of every hole reads it. Every hole where the
    /// condition has no table. A position's intact holes outside these are nothing to any rule.
    pub fn intact_read(&self) -> u128 {
        if !self.pred.mentions(&|p| *p == Pred::Intact) {
            return 0;
        }
        if let Some(split) = &self.split {
            return split.cases.iter().fold(0, |read, case| read | case.intact_read());
        }
        let Some(code) = &self.code else { return u128::MAX };
        let asked = code.atoms.iter().fold(0, |read, atom| match atom {
            Atom::At(_, inner) | Atom::Every(inner) => read | inner.intact_read(),
            _ => read,
        });
        let Some(i) = code.atoms.iter().position(|atom| *atom == Atom::Intact) else { return asked };
        let bit = 1usize << i;
        (0..code.table.len()).filter(|c| c & bit == 0).fold(asked, |read, c| read | (code.table[c] ^ code.table[c | bit]))
    }

    /// Whether the condition may hold on `hole` (of the board) holding `count` stones, from what
    /// is read without a point of view: false only where it cannot (a one-term condition whose
    /// hole set or count it fails, a condition of the count alone that the count fails).
    #[inline(always)]
    pub fn may_hold(&self, hole: usize, count: u16) -> bool {
        if let Some(table) = &self.of_count {
            return table.holds(u32::from(count));
        }
        match self.code.as_ref().and_then(|code| code.single.as_deref()) {
            Some(single) if single.holds => single.covers(hole, count),
            _ => match &self.places {
                Some(places) if count < 256 => crate::Holes(places[usize::from(count)]).has(hole),
                _ => true,
            },
        }
    }

    /// The holes where [`Condition::may_hold`] says the condition may hold with `count` stones
    /// (a bit per hole), found at once rather than hole by hole.
    pub fn may_hold_on(&self, count: u16) -> u128 {
        if let Some(table) = &self.of_count {
            return u128::MAX * u128::from(table.holds(u32::from(count)));
        }
        match self.code.as_ref().and_then(|code| code.single.as_deref()) {
            Some(single) if single.holds => {
                let counted = single.count.as_ref().is_none_or(|(table, want)| table.holds(u32::from(count)) == *want);
                single.holes * u128::from(counted)
            }
            _ => match &self.places {
                Some(places) if count < 256 => places[usize::from(count)],
                _ => u128::MAX,
            },
        }
    }

    /// [`Condition::may_hold_on`] of holes that are the mover's (`own`) or not, for each count
    /// below 256: the holes where the condition may hold with that count as far as its hole
    /// sets, its count atoms and whose the hole is say (a condition of `own` holes holds on no
    /// hole of the opponent's).
    pub fn may_hold_by_count(&self, own: bool) -> Box<[u128; 256]> {
        let mut side = match (&self.of_count, &self.code, &self.split) {
            (None, Some(code), _) => code.places_on(Some(own)),
            (None, None, Some(split)) => split.cases.iter().fold(Box::new([0u128; 256]), |mut union, case| {
                union.iter_mut().zip(case.may_hold_by_count(own).iter()).for_each(|(u, holes)| *u |= holes);
                union
            }),
            _ => Box::new([u128::MAX; 256]),
        };
        for (count, holes) in (0u16..).zip(side.iter_mut()) {
            *holes &= self.may_hold_on(count);
        }
        side
    }

    /// Whether [`Condition::may_hold`] can be false.
    pub fn screens(&self) -> bool {
        self.of_count.is_some()
            || self.places.is_some()
            || self.code.as_ref().and_then(|code| code.single.as_deref()).is_some_and(|single| single.holds)
    }
}

/// A condition of more than [`MOST_ATOMS`] atoms, some of them terms about the position
/// (`lap = 1`, `capturing`, `phase = namua` …) that leave few enough once they are known: the
/// condition as it is for each combination of those terms' truths, each tabled. The engine asks
/// the terms, then the case they pick, instead of walking the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    pub scalars: Box<[Scalar]>,
    /// At combination `c` (bit `i`: `scalars[i]` holds), the condition with those terms so.
    pub cases: Box<[Condition]>,
}

impl Split {
    /// [`Condition::places`] of a split condition: for each count below 256, the holes where
    /// one of its cases may hold; `None` where that rules out no hole.
    fn places(&self) -> Option<Box<[u128; 256]>> {
        let mut places = Box::new([0u128; 256]);
        for (count, holes) in (0u16..).zip(places.iter_mut()) {
            *holes = self.cases.iter().fold(0, |union, case| union | case.may_hold_on(count));
        }
        places.iter().any(|&holes| holes != u128::MAX).then_some(places)
    }

    /// The most terms a condition is split by (into 2^terms cases).
    const MOST: usize = 4;

    fn of(pred: &Pred) -> Option<Box<Split>> {
        let mut scalars = Vec::new();
        scalars_of(pred, &mut scalars);
        if scalars.is_empty() || scalars.len() > Split::MOST {
            return None;
        }
        let cases = (0..1usize << scalars.len())
            .map(|c| {
                let case = Condition::new(known(pred, &scalars, c));
                case.code.is_some().then_some(case)
            })
            .collect::<Option<Box<[Condition]>>>()?;
        Some(Box::new(Split { scalars: scalars.into(), cases }))
    }
}

impl Condition {
    /// The condition, split as well where it is a table whose terms about the position leave,
    /// once they are known, conditions over the basis alone (`own hole where phase = play or in
    /// leftmost`): the holes a move may start from are then found from the position's own sets,
    /// case by case. Asked of the conditions that choose those holes alone, so that no other
    /// pays for the cases at load.
    pub fn split_by_position(mut self) -> Condition {
        let tabled_with_terms =
            self.code.as_ref().is_some_and(|code| code.basic.is_none() && code.atoms.iter().any(|atom| matches!(atom, Atom::Scalar(_))));
        if self.split.is_none() && tabled_with_terms {
            let over_basis = |case: &Condition| case.code.as_ref().is_some_and(|code| code.basic.is_some());
            self.split = Split::of(&self.pred).filter(|split| split.cases.iter().all(over_basis));
        }
        self
    }
}

/// Adds the terms about the position that `pred` asks of its hole's tree (each once).
fn scalars_of(pred: &Pred, scalars: &mut Vec<Scalar>) {
    match pred {
        Pred::Or(ps) | Pred::And(ps) => ps.iter().for_each(|p| scalars_of(p, scalars)),
        Pred::Not(p) => scalars_of(p, scalars),
        _ => {
            let scalar = Scalar::of(pred);
            if scalar.reads != Reads::Nothing && !scalars.contains(&scalar) {
                scalars.push(scalar);
            }
        }
    }
}

/// `pred` with each term of `scalars` replaced by its truth in `combination` (bit `i`:
/// `scalars[i]`): an empty `and` where it holds, an empty `or` where it fails.
fn known(pred: &Pred, scalars: &[Scalar], combination: usize) -> Pred {
    match pred {
        Pred::Or(ps) => Pred::Or(ps.iter().map(|p| known(p, scalars, combination)).collect()),
        Pred::And(ps) => Pred::And(ps.iter().map(|p| known(p, scalars, combination)).collect()),
        Pred::Not(p) => Pred::Not(Box::new(known(p, scalars, combination))),
        _ => match scalars.iter().position(|s| *s == Scalar::of(pred)) {
            Some(i) if combination >> i & 1 != 0 => Pred::And(Box::new([])),
            Some(_) => Pred::Or(Box::new([])),
            None => pred.clone(),
        },
    }
}

/// A term of a condition that reads the position.
#[derive(Clone, Debug, PartialEq)]
pub enum Atom {
    /// The hole is the mover's.
    Own,
    /// The hole holds stones.
    Stocked,
    Claimed,
    Intact,
    /// The hole's count meets the table's condition.
    Count(CountTable),
    /// A term about the position, not the hole (`captured > 24`, `lap = 1` …).
    Scalar(Scalar),
    /// The condition holds on the hole `relation` names (false where there is none).
    At(Relation, Box<Condition>),
    /// The condition holds on every hole of the board.
    Every(Box<Condition>),
}

impl Atom {
    /// Whether the atom is read from the hole or the position alone (no other hole, no set).
    pub fn is_cheap(&self) -> bool {
        !matches!(self, Atom::At(..) | Atom::Every(_))
    }
}

/// A condition's atoms and its table.
#[derive(Clone, Debug, PartialEq)]
pub struct Code {
    pub atoms: Box<[Atom]>,
    /// The first `cheap` atoms are [`Atom::is_cheap`]; the others follow them.
    pub cheap: usize,
    /// For each combination of the atoms' truths (bit `i`: atom `i` holds), the holes where the
    /// condition then holds (a bit per hole, over every possible hole).
    pub table: Box<[u128]>,
    /// Where the condition holds, as terms (the holes where it holds when some atoms are as the
    /// term wants, whatever the others), as few as merging allows; and where it fails (so that a
    /// set of holes is built from the shorter list, and "every hole" asks only where it could
    /// fail).
    pub holding: Box<[Term]>,
    pub failing: Box<[Term]>,
    /// After the first `n` atoms are known to hold as `c` says (bit `i`: atom `i`), the holes
    /// where the condition surely fails and where it surely holds, whatever the atoms after:
    /// entry `(1 << n) + c`. The engine asks the atoms in order and stops once decided.
    pub decided: Box<[(u128, u128)]>,
    /// The condition holds on every hole that is the mover's, holds stones and is not claimed,
    /// whatever else (`own hole`, `not empty` …): a move may start from any such hole.
    pub implied: bool,
    /// Where every atom is one of the [`BASIS`] (who owns a hole, whether it holds stones, is
    /// claimed, intact): the terms `holding` and `failing` over the basis's places instead of
    /// the atoms', so the engine combines the position's own sets without building any.
    pub basic: Option<Basic>,
    /// Where no atom reads the hole and no hole set is named (an ending's `every hole is …`,
    /// `captured > 24`): the condition as a truth of its atoms alone.
    pub whole: Option<Box<Whole>>,
    /// Where the condition holds (or fails) on the holes of one term alone, its atoms as the term
    /// wants (`own and count = 1 and …`, or `not (… or …)`): that term, asked atom by atom.
    pub single: Option<Box<Single>>,
    /// Where every atom reads the hole alone (the [`BASIS`] and conditions of its count) and
    /// there are several terms: the table indexed at once by the hole's basis and its count.
    pub local: Option<Box<Local>>,
}

/// A condition whose atoms read the hole alone ([`Code::local`]): the holes where it holds for
/// each kind of count and each combination of the [`BASIS`], found with two look-ups.
#[derive(Clone, Debug, PartialEq)]
pub struct Local {
    /// For each count below 256, its kind: counts of one kind meet the same count atoms.
    pub kinds: [u8; 256],
    /// At `kind << 4 | basis` (bit `i` of `basis`: `BASIS[i]` holds), the holes where the
    /// condition then holds.
    pub table: Box<[u128]>,
}

impl Local {
    /// The local form of a condition of `atoms` and `table`, if every atom reads the hole alone.
    fn of(atoms: &[Atom], table: &[u128]) -> Option<Box<Local>> {
        if !atoms.iter().all(|atom| matches!(atom, Atom::Count(_)) || BASIS.contains(atom)) {
            return None;
        }
        // Each count's truths of the count atoms (bit `i`: atom `i`), then those told apart.
        let truths: Vec<usize> = (0..256u32)
            .map(|count| {
                atoms.iter().enumerate().fold(0, |c, (i, atom)| c | usize::from(matches!(atom, Atom::Count(t) if t.holds(count))) << i)
            })
            .collect();
        let mut seen: Vec<usize> = Vec::new();
        let mut kinds = [0u8; 256];
        for (kind, truth) in kinds.iter_mut().zip(&truths) {
            let at = seen.iter().position(|s| s == truth).unwrap_or_else(|| {
                seen.push(*truth);
                seen.len() - 1
            });
            *kind = u8::try_from(at).ok()?;
        }
        let table = seen
            .iter()
            .flat_map(|&counted| {
                (0..16u8).map(move |basis| {
                    let combination = atoms.iter().enumerate().fold(counted, |c, (i, atom)| match BASIS.iter().position(|b| b == atom) {
                        Some(place) => c | usize::from(basis >> place & 1) << i,
                        None => c,
                    });
                    table[combination]
                })
            })
            .collect();
        Some(Box::new(Local { kinds, table }))
    }
}

/// A condition of one term ([`Code::single`]): on a hole of `holes` whose atoms hold as the
/// term wants, the answer is `holds`; anywhere else it is the opposite. The term's atoms of the
/// [`BASIS`] are asked at once (`basis`: a term over its places), a condition of the count is
/// read in place (`count`: its table and the truth wanted), and the others (relations, terms
/// about the position) one by one (`literals`: an atom's index and the truth wanted), except
/// the count of a hole a fixed relation names (`opposite hole is not empty`), read from that
/// hole's count (`neighbours`).
#[derive(Clone, Debug, PartialEq)]
pub struct Single {
    pub holds: bool,
    pub holes: u128,
    pub basis: Term,
    pub count: Option<(CountTable, bool)>,
    pub neighbours: Box<[Neighbour]>,
    pub literals: Box<[(u8, bool)]>,
}

/// An atom of a [`Single`] that reads the count of the hole a relation names whatever the way
/// of the move (opposite, symmetric, behind): the relation, the count's table and the truth
/// wanted.
#[derive(Clone, Debug, PartialEq)]
pub struct Neighbour {
    pub relation: Relation,
    pub table: CountTable,
    pub want: bool,
}

impl Single {
    /// Whether a hole of the board holding `count` stones is in the term as far as its hole set
    /// and its count say (its basis and other atoms aside).
    #[inline(always)]
    pub fn covers(&self, hole: usize, count: u16) -> bool {
        crate::Holes(self.holes).has(hole) && self.count.as_ref().is_none_or(|(table, want)| table.holds(u32::from(count)) == *want)
    }

    /// The single term of `holding` (the condition holds there) or else of `failing`, if one has
    /// one only.
    fn of(holding: &[Term], failing: &[Term], atoms: &[Atom]) -> Option<Box<Single>> {
        let (holds, term) = match (holding, failing) {
            ([term], _) => (true, term),
            (_, [term]) => (false, term),
            _ => return None,
        };
        let mut basis = Term { want: 0, care: 0, holes: term.holes };
        let mut count = None;
        let (mut neighbours, mut literals) = (Vec::new(), Vec::new());
        for (i, atom) in atoms.iter().enumerate().filter(|(i, _)| term.care >> i & 1 != 0) {
            let want = term.want >> i & 1 != 0;
            match (BASIS.iter().position(|b| b == atom), atom) {
                (Some(place), _) => {
                    basis.care |= 1 << place;
                    basis.want |= u8::from(want) << place;
                }
                (None, Atom::Count(table)) if count.is_none() => count = Some((table.clone(), want)),
                (None, Atom::At(relation, neighbour)) if relation.board_fixed() => match &neighbour.of_count {
                    Some(table) => neighbours.push(Neighbour { relation: *relation, table: (**table).clone(), want }),
                    None => literals.push((u8::try_from(i).unwrap_or(u8::MAX), want)),
                },
                _ => literals.push((u8::try_from(i).unwrap_or(u8::MAX), want)),
            }
        }
        Some(Box::new(Single { holds, holes: term.holes, basis, count, neighbours: neighbours.into(), literals: literals.into() }))
    }
}

/// A condition of the position rather than of a hole ([`Code::whole`]): its atoms asked in
/// order, each once, until the answer is known.
#[derive(Clone, Debug, PartialEq)]
pub struct Whole {
    /// Bit `c`: the condition holds when the atoms hold as `c` says (bit `i`: atom `i`).
    pub truth: u32,
    /// Bit `(1 << n) + c`: once the first `n` atoms hold as `c` says, the answer is known
    /// whatever the others, and bit `(1 << n) + c` of `value` is that answer.
    pub known: u64,
    pub value: u64,
    /// How each atom is asked.
    pub checks: Box<[Check]>,
    /// The terms about the position that come first among the checks: asked at once, each a
    /// few instructions, before the answer so far is looked up.
    pub leading: Box<[Scalar]>,
    /// The places of the [`BASIS`] the checks ask about (bit `i`: `BASIS[i]`).
    pub care: u8,
    /// Where every atom is `every hole is …` over whose a hole is and whether it holds stones
    /// (`own row is empty or opponent's row is empty`): each atom's [`Sides`], all asked at once.
    pub sides: Option<Box<[Sides]>>,
}

/// How an atom of a [`Whole`] condition is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// `every hole is …` of a condition over the [`BASIS`]: no hole is in any of its `failing`
    /// terms.
    Clear(Basic),
    /// A term about the position ([`Atom::Scalar`]).
    Scalar(Scalar),
    /// As any atom is.
    Atom,
}

/// A condition's terms over the [`BASIS`] ([`Code::basic`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Basic {
    pub holding: Box<[Term]>,
    pub failing: Box<[Term]>,
    /// The places of the basis any term asks about (bit `i`: `BASIS[i]`).
    pub care: u8,
    /// Where the terms ask only whose a hole is and whether it holds stones: the failing terms
    /// as four sets.
    pub sides: Option<Box<Sides>>,
}

/// The failing terms of a condition over whose a hole is and whether it holds stones, gathered
/// by what they ask: it holds on every hole when no hole of `empty[o]` holds stones and every
/// hole of `full[o]` holds some, where `o` is 0 for the mover's holes and 1 for the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sides {
    pub empty: [u128; 2],
    pub full: [u128; 2],
}

impl Sides {
    /// The sides of `failing` (terms over the [`BASIS`]'s places), if they ask about nothing
    /// but the first two (who owns a hole, whether it holds stones).
    fn of(failing: &[Term]) -> Option<Box<Sides>> {
        let mut sides = Sides { empty: [0; 2], full: [0; 2] };
        for term in failing {
            if term.care & !0b11 != 0 {
                return None;
            }
            // A term that does not ask whose a hole is fails on both sides; one that does not
            // ask whether it holds stones fails either way.
            for side in 0..2 {
                let own = side == 0;
                if term.care & 1 != 0 && (term.want & 1 != 0) != own {
                    continue;
                }
                if term.care & 2 == 0 || term.want & 2 != 0 {
                    sides.empty[side] |= term.holes;
                }
                if term.care & 2 == 0 || term.want & 2 == 0 {
                    sides.full[side] |= term.holes;
                }
            }
        }
        Some(Box::new(sides))
    }
}

/// The atoms read straight from a position's sets, in the order [`Code::basic`] numbers them.
pub const BASIS: [Atom; 4] = [Atom::Own, Atom::Stocked, Atom::Claimed, Atom::Intact];

/// The holes `holes` where the atoms of `care` (bit `i`: atom `i`) hold as `want` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub want: u8,
    pub care: u8,
    pub holes: u128,
}

/// The terms of a table's combinations (those whose holes are not empty), merged while two
/// differ in one atom only and name the same holes.
fn terms(table: impl Iterator<Item = (usize, u128)>, atoms: usize) -> Box<[Term]> {
    let all = u8::try_from((1u32 << atoms) - 1).unwrap_or(u8::MAX);
    let mut terms: Vec<Term> =
        table.filter(|&(_, holes)| holes != 0).map(|(c, holes)| Term { want: u8::try_from(c).unwrap_or(0), care: all, holes }).collect();
    loop {
        let mut merged = None;
        'find: for (i, a) in terms.iter().enumerate() {
            for (j, b) in terms.iter().enumerate().skip(i + 1) {
                let differ = a.want ^ b.want;
                if a.care == b.care && a.holes == b.holes && differ.count_ones() == 1 && differ & a.care != 0 {
                    merged = Some((i, j, Term { want: a.want & !differ, care: a.care & !differ, holes: a.holes }));
                    break 'find;
                }
            }
        }
        let Some((i, j, term)) = merged else { break };
        terms.remove(j);
        terms[i] = term;
    }
    terms.into()
}

impl Code {
    /// The code of `pred`, if it has at most [`MOST_ATOMS`] atoms.
    pub fn of(pred: &Pred) -> Option<Code> {
        let mut keys = Vec::new();
        if !collect(pred, &mut keys) {
            return None;
        }
        // The atoms read from the hole itself first: the engine reads those without asking
        // whether the answer is decided, and asks before each costlier one.
        keys.sort_by_key(|key| !key.is_cheap());
        let cheap = keys.iter().take_while(|key| key.is_cheap()).count();
        // The hole sets the condition names: holes in the same ones are alike for it, so the
        // condition is worked out once for each kind of hole (one kind where it names none).
        let mut sets = Vec::new();
        sets_of(pred, &mut sets);
        let mut kinds: Vec<(Vec<bool>, Holes)> = Vec::new();
        for hole in 0..128 {
            let kind: Vec<bool> = sets.iter().map(|&set| Holes(set).has(hole)).collect();
            match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, holes)) => *holes = holes.with(hole),
                None => kinds.push((kind, Holes::one(hole))),
            }
        }
        let mut table = vec![0u128; 1 << keys.len()];
        for (combination, holes) in table.iter_mut().enumerate() {
            for (_, alike) in &kinds {
                if alike.first().is_some_and(|hole| truth(pred, &keys, combination, hole)) {
                    *holes |= alike.0;
                }
            }
        }
        let holding = terms(table.iter().copied().enumerate(), keys.len());
        let failing = terms(table.iter().map(|&h| !h).enumerate(), keys.len());
        let atoms: Box<[Atom]> = keys.iter().map(|key| key.atom()).collect();
        let k = keys.len();
        let mut decided = vec![(0u128, 0u128); 1 << (k + 1)];
        for n in 0..=k {
            for c in 0..1usize << n {
                // Every combination of the atoms after the first n.
                let completions = (0..1usize << (k - n)).map(|rest| table[c | rest << n]);
                let (fails, holds) = completions.fold((u128::MAX, u128::MAX), |(f, h), holes| (f & !holes, h & holes));
                decided[(1 << n) + c] = (fails, holds);
            }
        }
        let index = |key: Key<'_>| keys.iter().position(|k| *k == key);
        let (own, stocked, claimed) = (index(Key::Own), index(Key::Stocked), index(Key::Claimed));
        let is = |at: Option<usize>, c: usize, value: bool| at.is_none_or(|i| (c >> i & 1 != 0) == value);
        let implied =
            (0..table.len()).filter(|&c| is(own, c, true) && is(stocked, c, true) && is(claimed, c, false)).all(|c| table[c] == u128::MAX);
        let places: Option<Vec<usize>> = keys.iter().map(Key::basis).collect();
        let basic = places.map(|places| {
            let rebase = |terms: &[Term]| -> Box<[Term]> {
                let moved = |bits: u8| places.iter().enumerate().fold(0u8, |m, (i, &to)| m | (bits >> i & 1) << to);
                terms.iter().map(|t| Term { want: moved(t.want), care: moved(t.care), holes: t.holes }).collect()
            };
            let (holding, failing) = (rebase(&holding), rebase(&failing));
            let care = holding.iter().chain(failing.iter()).fold(0, |care, t| care | t.care);
            let sides = Sides::of(&failing);
            Basic { holding, failing, care, sides }
        });
        let whole = whole(&atoms, &table, sets.is_empty());
        let single = Single::of(&holding, &failing, &atoms);
        let local = if single.is_none() { Local::of(&atoms, &table) } else { None };
        Some(Code { atoms, cheap, table: table.into(), holding, failing, decided: decided.into(), implied, basic, whole, single, local })
    }

    /// [`Condition::places`]: for each count below 256, the union of the table's hole sets over
    /// the combinations whose count atoms hold as that count makes them; `None` where no count
    /// and no hole is ruled out.
    fn places(&self) -> Option<Box<[u128; 256]>> {
        let places = self.places_on(None);
        places.iter().any(|&holes| holes != u128::MAX).then_some(places)
    }

    /// For each count below 256, the union of the table's hole sets over the combinations whose
    /// count atoms hold as that count makes them, and where `own` is given, whose `own` atom (if
    /// it has one) is that. Each union is found once for all the counts that make the atoms alike.
    fn places_on(&self, own: Option<bool>) -> Box<[u128; 256]> {
        let mut places = Box::new([0u128; 256]);
        let mut found: Vec<(usize, usize, u128)> = Vec::new();
        for (count, holes) in (0u32..).zip(places.iter_mut()) {
            // The atoms a count decides, and what it makes each; then the mover's own, if asked.
            let (mut care, mut want) = (0usize, 0usize);
            for (i, atom) in self.atoms.iter().enumerate() {
                let holds = match (atom, own) {
                    (Atom::Count(table), _) => table.holds(count),
                    (Atom::Stocked, _) => count != 0,
                    (Atom::Own, Some(own)) => own,
                    _ => continue,
                };
                care |= 1 << i;
                want |= usize::from(holds) << i;
            }
            *holes = match found.iter().find(|&&(c, w, _)| (c, w) == (care, want)) {
                Some(&(_, _, union)) => union,
                None => {
                    let union = (self.table.iter().enumerate())
                        .filter(|&(combination, _)| combination & care == want)
                        .fold(0, |union, (_, &set)| union | set);
                    found.push((care, want, union));
                    union
                }
            };
        }
        places
    }
}

/// The [`Whole`] form of a condition of `atoms` and `table`, if no atom reads the hole and the
/// condition names no set (`no_sets`).
fn whole(atoms: &[Atom], table: &[u128], no_sets: bool) -> Option<Box<Whole>> {
    if !no_sets || !atoms.iter().all(|atom| matches!(atom, Atom::Every(_) | Atom::Scalar(_))) {
        return None;
    }
    let truth = table.iter().enumerate().fold(0u32, |truth, (c, &holes)| truth | u32::from(holes != 0) << c);
    let k = atoms.len();
    let (mut known, mut value) = (0u64, 0u64);
    for n in 0..=k {
        for c in 0..1usize << n {
            let mut answers = (0..1usize << (k - n)).map(|rest| truth >> (c | rest << n) & 1);
            let first = answers.next().unwrap_or(0);
            if answers.all(|a| a == first) {
                known |= 1 << ((1 << n) + c);
                value |= u64::from(first) << ((1 << n) + c);
            }
        }
    }
    let checks: Box<[Check]> = atoms
        .iter()
        .map(|atom| match atom {
            Atom::Every(condition) => match &condition.code {
                Some(Code { basic: Some(basic), .. }) => Check::Clear(basic.clone()),
                _ => Check::Atom,
            },
            Atom::Scalar(scalar) => Check::Scalar(*scalar),
            _ => Check::Atom,
        })
        .collect();
    let care = checks.iter().fold(0, |care, check| match check {
        Check::Clear(basic) => care | basic.care,
        _ => care,
    });
    let sides = checks
        .iter()
        .map(|check| match check {
            Check::Clear(Basic { sides: Some(sides), .. }) => Some(**sides),
            _ => None,
        })
        .collect();
    let leading = checks.iter().map_while(|check| if let Check::Scalar(scalar) = check { Some(*scalar) } else { None }).collect();
    Some(Box::new(Whole { truth, known, value, checks, leading, care, sides }))
}

/// What an atom reads, as the tree says it: two terms that read the same have equal keys.
#[derive(Clone, Copy, PartialEq)]
enum Key<'p> {
    Own,
    Stocked,
    Claimed,
    Intact,
    /// A condition of the count, a relation, every hole or a term about the position.
    Term(&'p Pred),
}

impl Key<'_> {
    /// Whether its atom is [`Atom::is_cheap`] (known without building it: an atom of a relation
    /// or of every hole builds its condition's code).
    fn is_cheap(&self) -> bool {
        !matches!(self, Key::Term(Pred::At(..) | Pred::EveryHole(_)))
    }

    /// Its atom's place in the [`BASIS`], if it is one of them.
    fn basis(&self) -> Option<usize> {
        match self {
            Key::Own => Some(0),
            Key::Stocked => Some(1),
            Key::Claimed => Some(2),
            Key::Intact => Some(3),
            Key::Term(_) => None,
        }
    }

    fn atom(&self) -> Atom {
        match *self {
            Key::Own => Atom::Own,
            Key::Stocked => Atom::Stocked,
            Key::Claimed => Atom::Claimed,
            Key::Intact => Atom::Intact,
            Key::Term(pred) => match pred {
                Pred::Count(..) | Pred::CountIn(_) | Pred::CountRange(..) | Pred::CountEven(_) => Atom::Count(CountTable::of(pred.clone())),
                Pred::Counts(table) => Atom::Count((**table).clone()),
                Pred::At(relation, p) => Atom::At(*relation, Box::new(Condition::new((**p).clone()))),
                Pred::EveryHole(p) => Atom::Every(Box::new(Condition::new((**p).clone()))),
                other => Atom::Scalar(Scalar::of(other)),
            },
        }
    }
}

/// Adds `pred`'s atoms to `keys` (each once); false if there are more than [`MOST_ATOMS`].
fn collect<'p>(pred: &'p Pred, keys: &mut Vec<Key<'p>>) -> bool {
    match pred {
        Pred::Or(ps) | Pred::And(ps) => ps.iter().all(|p| collect(p, keys)),
        Pred::Not(p) => collect(p, keys),
        Pred::In(_) => true,
        _ => {
            let (key, _) = key_of(pred);
            if !keys.contains(&key) {
                keys.push(key);
            }
            keys.len() <= MOST_ATOMS
        }
    }
}

/// The key of the atom a term reads, and whether the term denies it (`Opponent` is `Own` denied,
/// `Empty` and `count = 0` are `Stocked` denied).
fn key_of(pred: &Pred) -> (Key<'_>, bool) {
    use crate::ast::CompareOp::{Eq, Ge, Gt, Le, Lt, Ne};
    let inner = match pred {
        Pred::Counts(table) => &table.pred,
        other => other,
    };
    match inner {
        Pred::Own => (Key::Own, false),
        Pred::Opponent => (Key::Own, true),
        Pred::Claimed => (Key::Claimed, false),
        Pred::Intact => (Key::Intact, false),
        Pred::Empty | Pred::Count(Eq | Le, 0) | Pred::Count(Lt, 1) => (Key::Stocked, true),
        Pred::Count(Ge, 1) | Pred::Count(Gt | Ne, 0) => (Key::Stocked, false),
        Pred::Not(p) if **p == Pred::Empty => (Key::Stocked, false),
        _ => (Key::Term(pred), false),
    }
}

/// The hole sets `pred` names.
fn sets_of(pred: &Pred, sets: &mut Vec<u128>) {
    match pred {
        Pred::Or(ps) | Pred::And(ps) => ps.iter().for_each(|p| sets_of(p, sets)),
        Pred::Not(p) => sets_of(p, sets),
        Pred::In(set) if !sets.contains(set) => sets.push(*set),
        _ => {}
    }
}

/// Whether `pred` holds on `hole` when each atom holds as `combination` says (bit `i`: atom `i`).
fn truth(pred: &Pred, keys: &[Key<'_>], combination: usize, hole: usize) -> bool {
    match pred {
        Pred::Or(ps) => ps.iter().any(|p| truth(p, keys, combination, hole)),
        Pred::And(ps) => ps.iter().all(|p| truth(p, keys, combination, hole)),
        Pred::Not(p) => !truth(p, keys, combination, hole),
        Pred::In(set) => Holes(*set).has(hole),
        _ => {
            let (key, denied) = key_of(pred);
            let holds = keys.iter().position(|k| *k == key).is_some_and(|i| combination >> i & 1 != 0);
            holds != denied
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::CompareOp;

    /// The holes `may_hold_on` gives for a count are those `may_hold` allows one by one, for
    /// every condition of every shipped file; and the captures' screens are theirs.
    #[test]
    fn the_holes_a_condition_may_hold_on_are_found_at_once() {
        let mut screened = 0;
        for (file, rules) in crate::load::every_shipped() {
            for condition in rules.conditions() {
                screened += usize::from(condition.screens());
                for count in (0..300).chain([u16::MAX]) {
                    let one_by_one = (0..crate::MAX_HOLES).filter(|&h| condition.may_hold(h, count)).fold(0u128, |m, h| m | 1 << h);
                    assert_eq!(condition.may_hold_on(count), one_by_one, "{}: {:?} at {count}", file.display(), condition.pred);
                }
            }
            let captures = &rules.captures;
            for (screen, resowing) in [(&captures.resow_screen, true), (&captures.end_screen, false)] {
                let picked: Vec<_> = captures.rules.iter().filter(|c| c.resow() == resowing).collect();
                assert_eq!(screen.is_some(), picked.iter().all(|c| c.when.screens()), "{}", file.display());
                for (count, sides) in (0u16..).zip(screen.iter().flat_map(|s| s.iter())) {
                    // Each side's holes are among those where a condition may hold by the hole
                    // and its count alone, and are those of each condition on that side.
                    let any = (0..crate::MAX_HOLES).filter(|&h| picked.iter().any(|c| c.when.may_hold(h, count)));
                    let any = any.fold(0u128, |m, h| m | 1 << h);
                    for (side, own) in [true, false].into_iter().enumerate() {
                        assert_eq!(sides[side] & !any, 0, "{} at {count}", file.display());
                        let each = picked.iter().fold(0u128, |m, c| m | c.when.may_hold_by_count(own)[usize::from(count)]);
                        assert_eq!(sides[side], each, "{} at {count}", file.display());
                    }
                }
            }
        }
        assert!(screened > 20, "{screened} conditions screen");
    }

    #[test]
    fn a_key_knows_its_atom_without_building_it() {
        let every = Pred::EveryHole(Box::new(Pred::Empty));
        let at = Pred::At(Relation::Opposite, Box::new(Pred::Empty));
        let count = Pred::Count(CompareOp::Ge, 2);
        let captured = Pred::Captured(CompareOp::Gt, 24);
        let keys =
            [Key::Own, Key::Stocked, Key::Claimed, Key::Intact, Key::Term(&every), Key::Term(&at), Key::Term(&count), Key::Term(&captured)];
        for key in keys {
            let atom = key.atom();
            assert_eq!(key.is_cheap(), atom.is_cheap(), "{atom:?}");
            assert_eq!(key.basis(), BASIS.iter().position(|b| *b == atom), "{atom:?}");
        }
    }

    #[test]
    fn nested_conditions_are_tabled_once_each() {
        // Each level's atom is built once: 40 levels of `every hole` lower in no time.
        let mut pred = Pred::Empty;
        for _ in 0..40 {
            pred = Pred::Or(Box::new([Pred::EveryHole(Box::new(pred)), Pred::Own]));
        }
        let code = Code::of(&pred).expect("two atoms");
        assert_eq!(code.cheap, 1);
        assert!(matches!(code.atoms[0], Atom::Own) && matches!(code.atoms[1], Atom::Every(_)));
    }

    #[test]
    fn a_condition_of_the_hole_alone_is_looked_up_by_its_basis_and_count_kind() {
        use crate::ast::CompareOp::{Ge, Ne};
        // Gabata's relay: three kinds of count (fewer than 2, 4, the others).
        let relay = Pred::And(Box::new([Pred::Count(Ge, 2), Pred::Or(Box::new([Pred::Own, Pred::Count(Ne, 4), Pred::Intact]))]));
        let code = Code::of(&relay).expect("four atoms");
        let local = code.local.expect("every atom reads the hole");
        assert_eq!((local.kinds[0], local.kinds[1], local.kinds[2], local.kinds[4], local.kinds[5], local.kinds[255]), (0, 0, 1, 2, 1, 1));
        assert_eq!(local.table.len(), 3 * 16);
        // Four stones, not the mover's and emptied once: no relay; intact, or the mover's: relay.
        assert_eq!(local.table[2 << 4 | 0b0010], 0);
        assert_eq!(local.table[2 << 4 | 0b1010], u128::MAX);
        assert_eq!(local.table[2 << 4 | 0b0011], u128::MAX);
        // A relation reads another hole; one term is asked as such.
        let related = Pred::Or(Box::new([Pred::Own, Pred::At(Relation::Next, Box::new(Pred::Empty))]));
        assert!(Code::of(&related).expect("two atoms").local.is_none());
        let one = Pred::And(Box::new([Pred::Own, Pred::Count(Ge, 2)]));
        assert!(Code::of(&one).expect("two atoms").local.is_none());
    }

    #[test]
    fn a_start_whose_terms_about_the_position_leave_the_basis_is_split_by_them() {
        let rules = crate::load::shipped("abalalae");
        let start = &rules.play.start;
        let split = start.split.as_ref().expect("split by the phase");
        assert!(start.code.as_ref().is_some_and(|code| code.basic.is_none()), "a table, its atoms not all of the basis");
        assert_eq!(split.scalars.len(), 1);
        assert!(split.cases.iter().all(|case| case.code.as_ref().is_some_and(|code| code.basic.is_some())));
        // The other conditions are not split (`captured > 24 or …` of Oware's ending, say).
        let oware = crate::load::shipped("oware");
        assert!(oware.conditions().all(|c| c.split.is_none()));
        // Nor a start over the basis already.
        assert!(crate::load::shipped("kalah").play.start.split.is_none());
    }

    #[test]
    fn a_condition_of_too_many_atoms_is_split_by_its_terms_about_the_position() {
        use crate::ast::CompareOp::{Eq, Ge};
        // Bao Kiswahili (Congo)'s capture: seven atoms, four of them about the position.
        let capture = Pred::And(Box::new([
            Pred::Own,
            Pred::At(Relation::Opposite, Box::new(Pred::Not(Box::new(Pred::Empty)))),
            Pred::Or(Box::new([Pred::Count(Ge, 2), Pred::Lap(Eq, 0)])),
            Pred::Or(Box::new([Pred::Phase(true, 0), Pred::Lap(Eq, 1), Pred::Capturing])),
        ]));
        let condition = Condition::new(capture);
        assert!(condition.code.is_none());
        let split = condition.split.expect("four terms about the position");
        assert_eq!(split.scalars.len(), 4);
        assert_eq!(split.cases.len(), 16);
        assert!(split.cases.iter().all(|case| case.code.is_some()));
        // The terms are numbered as first met: `lap = 0`, `phase`, `lap = 1`, `capturing`. In
        // lap 1 alone, three atoms are left: own, a count of 2 or more, the opposite hole.
        let lap_one = &split.cases[0b0100];
        assert_eq!(split.scalars[2], Scalar::of(&Pred::Lap(Eq, 1)));
        assert!(lap_one.code.as_ref().is_some_and(|code| code.atoms.len() == 3));
        // Without a term about the position to split by, the tree stays.
        let holes = |n: u32| Pred::At(Relation::Next, Box::new(Pred::Count(Eq, n)));
        let wide = Pred::Or(Box::new([Pred::Own, Pred::Claimed, Pred::Intact, holes(1), holes(2), holes(3)]));
        let condition = Condition::new(wide);
        assert!(condition.code.is_none() && condition.split.is_none());
    }

    #[test]
    fn a_condition_is_ruled_out_by_its_hole_and_count_only_where_it_cannot_hold() {
        use crate::ast::CompareOp::{Eq, Ge, Gt, Lt};
        // Abala'e's capture: the mover's hole of one stone.
        let capture = Condition::new(Pred::And(Box::new([Pred::Own, Pred::Count(Eq, 1)])));
        assert!(capture.screens());
        assert!(capture.may_hold(3, 1) && !capture.may_hold(3, 2) && !capture.may_hold(3, 0));
        // A hole set: only its holes.
        let inner = Condition::new(Pred::And(Box::new([Pred::In(0b1100), Pred::Count(Ge, 2)])));
        assert!(inner.may_hold(2, 2) && !inner.may_hold(1, 2) && !inner.may_hold(3, 1));
        // The count alone.
        let count = Condition::new(Pred::Count(Ge, 2));
        assert!(count.screens() && count.may_hold(0, 2) && !count.may_hold(0, 1));
        // Two terms, or a term where the condition fails: nothing is ruled out.
        let either = Condition::new(Pred::Or(Box::new([Pred::Own, Pred::Count(Eq, 1)])));
        let not_one = Condition::new(Pred::Not(Box::new(Pred::And(Box::new([Pred::Own, Pred::Count(Eq, 1)])))));
        for condition in [either, not_one] {
            assert!(!condition.screens());
            assert!((0..4).all(|count| condition.may_hold(3, count)));
        }
        // Bao la Kujifunza's capture: two terms (`lap > 1`, `sown < 16`), both of the inner row
        // and two stones or more: ruled out elsewhere by the holes each count allows.
        let inner_two = Pred::And(Box::new([Pred::In(0b1100), Pred::Count(Ge, 2)]));
        let either_lap = Pred::Or(Box::new([Pred::Lap(Gt, 1), Pred::Sown(Lt, 16)]));
        let capture = Condition::new(Pred::And(Box::new([Pred::Own, inner_two, either_lap])));
        assert!(capture.code.as_ref().is_some_and(|code| code.single.is_none()));
        assert!(capture.screens());
        assert!(capture.may_hold(2, 2) && capture.may_hold(3, 255));
        assert!(!capture.may_hold(1, 2) && !capture.may_hold(3, 1) && !capture.may_hold(3, 0));
        // Past the table's counts, nothing is ruled out.
        assert!(capture.may_hold(0, 256));
        // Where the terms about the position alone decide, every hole and count may hold.
        let unplaced = Condition::new(Pred::Or(Box::new([Pred::Lap(Gt, 1), Pred::And(Box::new([Pred::Own, Pred::Sown(Lt, 16)]))])));
        assert!(unplaced.places.is_none());
    }

    #[test]
    fn the_leading_terms_about_the_position_are_read_before_the_rest() {
        use crate::ast::CompareOp::{Eq, Gt};
        // Oware's ending: two terms about the position, then `every hole is empty`.
        let every = Pred::EveryHole(Box::new(Pred::Empty));
        let oware = Pred::Or(Box::new([Pred::Captured(Gt, 24), Pred::And(Box::new([Pred::Captured(Eq, 24), every.clone()]))]));
        let whole = Code::of(&oware).and_then(|code| code.whole).expect("of the position");
        assert_eq!(whole.checks.len(), 3);
        assert_eq!(&whole.leading[..], &[Scalar::of(&Pred::Captured(Gt, 24)), Scalar::of(&Pred::Captured(Eq, 24))]);
        // Known from those two: more than 24 (holds), neither (fails); not at exactly 24.
        let known = |combination: usize| whole.known >> (1 << 2 | combination) & 1 != 0;
        let value = |combination: usize| whole.value >> (1 << 2 | combination) & 1 != 0;
        assert!(known(0b01) && value(0b01) && known(0b00) && !value(0b00) && !known(0b10));
        // Terms about the position alone are known from all of them.
        let toguz = Pred::Or(Box::new([Pred::Captured(Gt, 81), Pred::OpponentCaptured(Gt, 81)]));
        let whole = Code::of(&toguz).and_then(|code| code.whole).expect("of the position");
        assert_eq!(whole.leading.len(), 2);
        assert!((0..4).all(|c| whole.known >> (1 << 2 | c) & 1 != 0 && (whole.value >> (1 << 2 | c) & 1 != 0) == (c != 0)));
        // Terms about the position are cheap atoms, numbered first wherever the file writes
        // them; a condition of the board alone has none.
        let late = Pred::Or(Box::new([every.clone(), Pred::Captured(Gt, 24)]));
        assert!(Code::of(&late).and_then(|code| code.whole).is_some_and(|whole| whole.leading.len() == 1));
        assert!(Code::of(&every).and_then(|code| code.whole).is_some_and(|whole| whole.leading.is_empty()));
    }
}
