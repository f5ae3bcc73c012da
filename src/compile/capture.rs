//! The `capture` sections compiled ([`Captures`]): each one a [`CaptureRule`], in the order
//! written, and what the engine needs to know of them all.

use super::{Condition, CountTable, Lowering, Pred, Rules};
use crate::check::model;
use crate::player::Player;
use crate::vocabulary::{ChainDirection, Direction, HoleRef, Num, Relation, SowOn, Take};

/// Every `capture` section, lowered.
#[derive(Clone, Debug)]
pub struct Captures {
    /// The capture rules, in the order written: the first whose `when` holds captures.
    pub rules: Vec<CaptureRule>,
    /// Whether some capture sows its stones on (tried at the end of every lap).
    pub resows: bool,
    /// Where every capture that sows its stones on can be ruled out at a lap's end by the hole,
    /// its count and whose it is alone ([`Condition::may_hold_by_count`]): for each count below
    /// 256, the holes where one of them may hold (a bit per hole), if the hole is the mover's
    /// and if it is not, so that its condition is asked only there.
    pub resow_screen: Option<Box<Screen>>,
    /// The same of the captures at a move's end (those that keep their stones), where each can
    /// be ruled out so.
    pub end_screen: Option<Box<Screen>>,
    /// Where every capture that sows its stones on takes only holes the board fixes (the
    /// opposite hole, the opponent's column …): what each takes from each hole, so that a lap
    /// ending where those holes are empty does not ask it (it would take nothing, and a capture
    /// that takes nothing does not happen). Set once the board is known ([`Takes::of`]).
    pub resow_takes: Option<Box<Takes>>,
    /// Where every capture that sows its stones on needs the count of a hole a fixed relation
    /// names to reach some number, and that hole is one the mover's move never sows into: the
    /// holes where one of them may still hold during a move, found from the position it starts
    /// from ([`Live`]). Set once the board is known ([`Live::of`]).
    pub live: Option<Box<Live>>,
    /// Whether some capture claims holes.
    pub claims: bool,
    /// Whether a claimed hole keeps its stones (and those sown into it), rather than passing
    /// them to its claimer.
    pub claims_keep: bool,
    /// Where the captures at a move's end are one rule that takes only holes the board fixes
    /// from the last one and nothing else: that rule and what it takes from each hole, so that
    /// the engine takes them at once. Set once the board is known ([`Plain::of`]).
    pub plain: Option<Box<Plain>>,
}

impl Captures {
    /// The `capture` sections.
    pub(super) fn of(captures: &[model::Capture], lower: &Lowering<'_>) -> Captures {
        let rules: Vec<CaptureRule> = captures.iter().map(|c| CaptureRule::of(c, lower)).collect();
        Captures {
            resows: rules.iter().any(CaptureRule::resow),
            resow_screen: screen(&rules, CaptureRule::resow),
            end_screen: screen(&rules, |c| !c.resow()),
            rules,
            resow_takes: None,
            live: None,
            claims: captures.iter().any(|c| !c.claims.is_empty()),
            claims_keep: captures.iter().any(|c| c.keeping),
            plain: None,
        }
    }
}

/// For each count below 256, the holes where a capture may hold ([`Captures::resow_screen`],
/// [`Captures::end_screen`]): `[count][0]` of the mover's holes, `[count][1]` of the others.
pub type Screen = [[u128; 2]; 256];

/// Whether `screen` (one of [`Captures::resow_screen`] and [`Captures::end_screen`]) leaves open
/// a capture on `hole` holding `count` stones, the mover's hole (`own`) or not: true without a
/// screen, and for counts past its table.
#[inline(always)]
pub fn screen_allows(screen: Option<&Screen>, hole: usize, count: u16, own: bool) -> bool {
    screen.is_none_or(|screen| screen.get(usize::from(count)).is_none_or(|sides| crate::Holes(sides[usize::from(!own)]).has(hole)))
}

/// For each count below 256 and each side, the holes where one of the capture rules `which`
/// picks may hold ([`Captures::resow_screen`], [`Captures::end_screen`]); `None` where one of
/// them cannot be ruled out by the hole and its count.
fn screen(rules: &[CaptureRule], which: impl Fn(&CaptureRule) -> bool) -> Option<Box<Screen>> {
    let picked: Vec<&Condition> = rules.iter().filter(|c| which(c)).map(|c| &c.when).collect();
    if !picked.iter().all(|when| when.screens()) {
        return None;
    }
    let mut screen = Box::new([[0u128; 2]; 256]);
    for (side, own) in [true, false].into_iter().enumerate() {
        for when in &picked {
            screen.iter_mut().zip(when.may_hold_by_count(own).iter()).for_each(|(holes, may)| holes[side] |= may);
        }
    }
    Some(screen)
}

/// What the captures that sow their stones on take from each hole ([`Captures::resow_takes`]):
/// the holes a fixed relation names, and the column, where one takes the opponent's column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Takes {
    /// For each hole of the board, the holes the relations name.
    pub fixed: Box<[u128]>,
    /// For each hole of the board, the holes of its column, of which the opponent's are taken
    /// (none where no capture takes a column).
    pub column: Box<[u128]>,
}

impl Takes {
    /// The takes of `rules`' captures that sow their stones on, if each takes only holes a
    /// relation fixed by the board names or the opponent's column, claims no hole and takes no
    /// chain; and if no hole need be told intact (a capture that takes nothing still marks the
    /// empty holes it takes from as emptied).
    pub(super) fn of(rules: &Rules) -> Option<Box<Takes>> {
        let resowing: Vec<&CaptureRule> = rules.captures.rules.iter().filter(|c| c.resow()).collect();
        let plain = |c: &&CaptureRule| c.claims.is_empty() && c.chain.is_none();
        if resowing.is_empty() || rules.tracks.intact || !resowing.iter().all(plain) {
            return None;
        }
        let board = &rules.board;
        let (mut fixed, mut column) = (vec![0u128; board.holes], vec![0u128; board.holes]);
        for take in resowing.iter().flat_map(|c| c.takes.iter()) {
            match *take {
                Take::Hole(HoleRef::Related(relation)) | Take::Part(_, HoleRef::Related(relation)) if relation.board_fixed() => {
                    for (hole, holes) in fixed.iter_mut().enumerate() {
                        *holes |= board.fixed(relation, hole).map_or(0, |to| 1 << to);
                    }
                }
                Take::OpponentColumn => {
                    for (hole, holes) in column.iter_mut().enumerate() {
                        *holes = board.column_holes(hole);
                    }
                }
                _ => return None,
            }
        }
        Some(Box::new(Takes { fixed: fixed.into(), column: column.into() }))
    }
}

/// The one capture at a move's end ([`Captures::plain`]) where it takes only holes the board
/// fixes from the last hole (`take last hole`, `take opposite hole`) and claims, chains, chooses
/// and undoes nothing (no grand slam that takes nothing): which rule it is and, for each hole of
/// the board, the holes it takes (a bit each). Taking them all at once is taking them one by one:
/// a hole named twice gives nothing the second time, and each is emptied whatever it held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plain {
    pub rule: usize,
    pub takes: Box<[u128]>,
}

impl Plain {
    pub(super) fn of(rules: &Rules) -> Option<Box<Plain>> {
        let mut ending = rules.captures.rules.iter().enumerate().filter(|(_, c)| !c.resow());
        let (Some((rule, c)), None) = (ending.next(), ending.next()) else { return None };
        let plain = c.claims.is_empty() && c.chain.is_none() && c.bonus.is_none() && !c.grand_slam_nothing;
        if !plain {
            return None;
        }
        let board = &rules.board;
        let mut takes = vec![0u128; board.holes];
        for take in &c.takes {
            for (hole, holes) in takes.iter_mut().enumerate() {
                *holes |= match *take {
                    Take::Hole(HoleRef::Last) => 1 << hole,
                    Take::Hole(HoleRef::Related(relation)) if relation.board_fixed() => board.fixed(relation, hole).map_or(0, |to| 1 << to),
                    _ => return None,
                };
            }
        }
        Some(Box::new(Plain { rule, takes: takes.into() }))
    }
}

/// The holes where a capture that sows its stones on may still hold during a move, read from the
/// position the move starts from ([`Captures::live`]). A capture of Omweso needs both of the
/// opponent's holes facing the last hole to hold stones: a move sows only round its mover's own
/// rows, so the opponent's holes never gain a stone while it lasts, and a column whose holes do
/// not both hold stones when it starts cannot capture before it ends. The engine then asks the capture
/// in full only where such a hole is among these.
///
/// This holds because no stone of a move falls outside the holes its laps can reach from the
/// mover's own holes along their sowing tables (both ways: `reach`): where a lap may start from
/// elsewhere (a relay or captured stones from the opposite hole), there is no `Live`; a move that
/// starts outside `reach` is not screened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Live {
    /// For each player as mover, the places their laps reach from their own holes (a bit each).
    pub reach: [u128; 2],
    /// For each player as mover, the needs of each capture that sows its stones on, capture
    /// after capture: a capture may hold where all of its needs are met.
    pub needs: [Box<[Need]>; 2],
}

/// Stones a capture needs in the hole a fixed relation names ([`Live`]): met on the holes of
/// `always` whatever the counts (holes a lap may end in whose related hole a lap may sow into),
/// and on a hole of `shifts` where the hole the relation names holds stones. The relation is
/// read as shifts of the set of holes holding stones: each a distance (the related hole's place
/// less the hole's) and the holes it serves, so that the needs are found with a few operations
/// on sets rather than hole by hole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Need {
    pub always: u128,
    pub shifts: Box<[(i8, u128)]>,
    /// The holes whose counts are read (every related hole of `shifts`).
    pub read: u128,
    /// Whether this is the last need of its capture.
    pub closes: bool,
}

impl Live {
    /// The screen of `rules`' captures that sow their stones on, if each of them needs stones in
    /// a hole a fixed relation names, and every lap starts within what its mover's laps reach.
    pub(super) fn of(rules: &Rules) -> Option<Box<Live>> {
        let resowing: Vec<&CaptureRule> = rules.captures.rules.iter().filter(|c| c.resow()).collect();
        let needs: Vec<Vec<Relation>> = resowing.iter().map(|c| needs(&c.when.pred)).collect();
        if resowing.is_empty() || needs.iter().any(Vec::is_empty) {
            return None;
        }
        let board = &rules.board;
        let places = board.places();
        let reach = Player::BOTH.map(|mover| {
            let mut reach = (0..board.holes).filter(|&h| board.home[h] == mover).fold(0u128, |m, h| m | 1 << h);
            loop {
                let more = (0..places).filter(|&h| reach >> h & 1 != 0).fold(reach, |m, h| {
                    [rules.next_of(mover, false)[h], rules.next_of(mover, true)[h]]
                        .into_iter()
                        .filter(|&to| usize::from(to) < places)
                        .fold(m, |m, to| m | 1 << to)
                });
                if more == reach {
                    break reach;
                }
                reach = more;
            }
        });
        // Every lap starts in `reach`: from the last hole, along the tables from it, or from a
        // row end of the mover's that is in it.
        let within = |what: HoleRef| match what {
            HoleRef::Last | HoleRef::Origin => true,
            HoleRef::Related(relation) => !relation.board_fixed(),
            HoleRef::RowEnd(..) => Player::BOTH.iter().all(|mover| {
                let ends = board.row_ends[mover.index()].iter().flatten();
                ends.clone().all(|&h| h == u8::MAX || reach[mover.index()] >> h & 1 != 0)
            }),
        };
        let starts = std::iter::once(rules.sowing.relay_from)
            .chain(resowing.iter().filter_map(|c| c.sow_on.map(|s| s.from)))
            .chain(resowing.iter().filter_map(|c| c.continue_from));
        if !starts.into_iter().all(within) {
            return None;
        }
        let per_mover = |mover: Player| -> Option<Box<[Need]>> {
            let reach = reach[mover.index()];
            resowing
                .iter()
                .zip(&needs)
                .map(|(rule, needs)| -> Option<Vec<Need>> {
                    // The holes where the capture may hold at all, whatever the count.
                    let may = (0..=256u16).chain([u16::MAX]).fold(0u128, |m, count| m | rule.when.may_hold_on(count));
                    needs
                        .iter()
                        .enumerate()
                        .map(|(n, &relation)| {
                            let (mut always, mut read, mut shifts) = (0u128, 0u128, Vec::<(i8, u128)>::new());
                            // Only the holes a lap may end in (those it reaches).
                            for hole in (0..board.holes).filter(|&h| (may & reach) >> h & 1 != 0) {
                                match board.fixed(relation, hole) {
                                    // No such hole: the need is never met there.
                                    None => {}
                                    Some(of) if reach >> of & 1 != 0 => always |= 1 << hole,
                                    Some(of) => {
                                        read |= 1 << of;
                                        let by = i8::try_from(of).ok().zip(i8::try_from(hole).ok()).map(|(of, hole)| of - hole)?;
                                        match shifts.iter_mut().find(|(b, _)| *b == by) {
                                            Some((_, holes)) => *holes |= 1 << hole,
                                            None => shifts.push((by, 1 << hole)),
                                        }
                                    }
                                }
                            }
                            Some(Need { always, shifts: shifts.into(), read, closes: n + 1 == needs.len() })
                        })
                        .collect()
                })
                .collect::<Option<Vec<Vec<Need>>>>()
                .map(|rules| rules.into_iter().flatten().collect())
        };
        let [south, north] = Player::BOTH.map(per_mover);
        Some(Box::new(Live { reach, needs: [south?, north?] }))
    }
}

/// The holes a fixed relation names that `pred` needs to hold stones wherever it holds
/// (`opposite hole is not empty`): their relations.
fn needs(pred: &Pred) -> Vec<Relation> {
    match pred {
        Pred::And(ps) => ps.iter().flat_map(needs).collect(),
        // Each needed by every alternative.
        Pred::Or(ps) => {
            let each: Vec<Vec<Relation>> = ps.iter().map(needs).collect();
            let Some((first, rest)) = each.split_first() else { return Vec::new() };
            first.iter().filter(|relation| rest.iter().all(|other| other.contains(relation))).copied().collect()
        }
        // A condition of the related hole's count that fails where it is empty.
        Pred::At(relation, p) if relation.board_fixed() && p.of_count_alone() && !CountTable::of((**p).clone()).holds(0) => {
            vec![*relation]
        }
        _ => Vec::new(),
    }
}

/// A runtime capture rule.
#[derive(Clone, Debug)]
pub struct CaptureRule {
    pub when: Condition,
    /// What the rule takes, in order.
    pub takes: Box<[Take]>,
    /// A capture that would leave the opponent's side empty takes nothing.
    pub grand_slam_nothing: bool,
    pub chain: Option<(ChainDirection, Condition)>,
    /// How many more holes the mover chooses, and which holes may be chosen.
    pub bonus: Option<(u32, Condition)>,
    /// Where the stones taken are sown on from, if they are (tried after every lap, before a
    /// relay).
    pub sow_on: Option<SowOn>,
    /// The way the stones sown on and the rest of the move go: the first direction whose
    /// condition holds on the capturing hole (none: the way the move goes).
    pub directions: Box<[(Direction, Condition)]>,
    /// Holes the mover claims: takes their stones, and every stone sown into them later.
    pub claims: Box<[HoleRef]>,
    /// After the takes the move goes on: this hole is lifted and sown on (tried after every lap,
    /// before a relay).
    pub continue_from: Option<HoleRef>,
}

impl CaptureRule {
    /// One `capture` section.
    fn of(c: &model::Capture, lower: &Lowering<'_>) -> CaptureRule {
        CaptureRule {
            when: lower.condition(&c.when),
            takes: c
                .takes
                .iter()
                .map(|t| match *t {
                    Take::Part(n, hole) => Take::Part(Num::Literal(lower.value(n)), hole),
                    other => other,
                })
                .collect(),
            grand_slam_nothing: c.grand_slam_nothing,
            chain: c.chain.as_ref().map(|(d, p)| (*d, lower.condition(p))),
            bonus: c.bonus.as_ref().map(|(n, p)| (lower.value(*n), lower.condition(p))),
            sow_on: c.sow_on,
            directions: c.directions.iter().map(|(d, p)| (*d, lower.condition(p))).collect(),
            claims: c.claims.clone().into_boxed_slice(),
            continue_from: c.continue_from,
        }
    }

    /// Whether the rule sows its stones on, or goes on after taking them (and so is tried after
    /// every lap).
    pub fn resow(&self) -> bool {
        self.sow_on.is_some() || self.continue_from.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::CompareOp;

    fn not_empty(relation: Relation) -> Pred {
        Pred::At(relation, Box::new(Pred::Not(Box::new(Pred::Empty))))
    }

    /// A need is found through `and` and through every alternative of `or`, of the fixed
    /// relations only, and only where the related hole's condition fails on an empty hole.
    #[test]
    fn a_capture_needs_what_every_way_it_may_hold_needs() {
        let opposite = not_empty(Relation::Opposite);
        let behind = not_empty(Relation::Behind);
        assert_eq!(needs(&Pred::And([Pred::Own, opposite.clone(), behind.clone()].into())), [Relation::Opposite, Relation::Behind]);
        let either = Pred::Or([Pred::And([opposite.clone(), behind.clone()].into()), opposite.clone()].into());
        assert_eq!(needs(&either), [Relation::Opposite]);
        assert_eq!(needs(&Pred::Or([opposite.clone(), Pred::Own].into())), []);
        assert_eq!(needs(&Pred::At(Relation::Opposite, Box::new(Pred::Count(CompareOp::Ge, 3)))), [Relation::Opposite]);
        // An empty hole meets `count <= 1`, and `next` is not a fixed relation.
        assert_eq!(needs(&Pred::At(Relation::Opposite, Box::new(Pred::Count(CompareOp::Le, 1)))), []);
        assert_eq!(needs(&not_empty(Relation::Next)), []);
        assert_eq!(needs(&Pred::Not(Box::new(Pred::Not(Box::new(opposite))))), []);
    }

    /// The shipped files whose captures sown on are screened so, and Omweso's screen: South's
    /// laps reach their own two rows; a capture on their inner row (b) needs North's facing
    /// inner hole (c, eight places on) and the outer one behind it (d, sixteen on).
    #[test]
    fn the_holes_a_capture_sown_on_needs_are_found_where_no_lap_reaches_them() {
        let screened: Vec<String> = crate::load::every_shipped()
            .into_iter()
            .filter(|(_, rules)| rules.captures.live.is_some())
            .map(|(file, _)| file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default())
            .collect();
        assert_eq!(screened, ["bao-kiswahili-congo", "bao-la-kiswahili", "bao-la-kujifunza", "hus", "omweso"]);
        let rules = crate::load::shipped("omweso");
        let live = rules.captures.live.as_deref().expect("a screen");
        let row = |r: u32| 0xffu128 << (8 * r);
        assert_eq!(live.reach, [row(0) | row(1), row(2) | row(3)]);
        let south = &live.needs[0];
        assert_eq!(south.len(), 2);
        assert_eq!((south[0].always, &*south[0].shifts, south[0].read, south[0].closes), (0, &[(8, row(1))][..], row(2), false));
        assert_eq!((south[1].always, &*south[1].shifts, south[1].read, south[1].closes), (0, &[(16, row(1))][..], row(3), true));
    }

    /// No screen where a lap may start from a hole the mover's laps do not reach (captured stones
    /// sown from the opposite hole), and no need read where the laps reach the hole it reads
    /// (sowing round the whole board): only where the mover never sows into it.
    #[test]
    fn a_hole_a_move_may_sow_into_is_never_needed() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/omweso.mancala");
        let text = std::fs::read_to_string(path).expect("omweso ships");
        let load = |from: &str, to: &str| {
            assert!(text.contains(from), "{from}");
            crate::load::load_str("omweso", &text.replace(from, to), &[] as &[&str]).unwrap_or_else(|e| panic!("{to}: {e:?}")).captures.live
        };
        assert_eq!(load("sow captured after origin", "sow captured from opposite hole"), None);
        let round = "game \"Round\"\nboard {\n size 2 x 6\n south owns row a\n north owns row b\n seeds 4\n}\n\
                     play {\n south moves first\n start from own hole\n}\nsowing {\n sow counter-clockwise\n}\n\
                     capture {\n when count >= 2 and opposite hole is not empty\n take opposite hole\n sow captured from next hole\n}\n\
                     end {\n when own row is empty, \"a row is empty\"\n most stones wins\n}\n";
        let rules = crate::load::load_str("round", round, &[] as &[&str]).unwrap_or_else(|e| panic!("{e:?}"));
        let live = rules.captures.live.expect("a screen");
        assert_eq!(live.reach, [0xfff, 0xfff]);
        assert!(live.needs.iter().flatten().all(|need| need.always == 0xfff && need.shifts.is_empty()), "{live:?}");
    }
}
