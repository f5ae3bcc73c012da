//! The lint stage, after compile: warnings for rules that check clean but cannot work as written.
//! Run on a file that has no error, over its syntax tree (for the spans), its checked game and the
//! rules it compiles to with every option at its default, which the engine may play:
//!
//! - `never_holds`: a condition asked of the hole the last stone fell into (a capture's `when`, a
//!   relay, `relay or stop`, `take in passing`) that no count of that hole meets;
//! - `every_hole_precedence`: `every hole has count <= 1 and own`, where `every hole` governs
//!   only the term after it and the terms joined to it ask the one hole;
//! - `ending_never`: an `end` condition that no board meets, plain from the stones in the game;
//! - `relay_preempts_capture`: a capture that keeps its stones whose `when` holds only where the
//!   relay's condition holds too, so that the lap relays and the capture is never asked there;
//! - `phases_never_asked`: phases that no rule asks about;
//! - `no_start_move`: a start position where neither player can start a move (`start`);
//! - `never_ends`: a game that can never end (`endless`).
//!
//! The first four reason over counts (`warnings::Reasoner`); `phases_never_asked` reads the
//! compiled rules' conditions; `no_start_move` plays the start position; `never_ends` reasons over
//! the rules. Loading a game to play skips this stage: what a
//! game needs to be played is only that its rules are sound.

mod endless;
mod start;
mod warnings;

use crate::ast::RuleFile;
use crate::check::Checked;
use crate::diagnostic;

/// Adds every warning of the lint stage to `checked`'s, a file that checked clean (`source` is
/// its text), and sorts them all by position.
pub fn lint(file: &RuleFile, checked: &mut Checked, source: &str) {
    let found = warnings::warnings(file, checked, source);
    checked.warnings.extend(found);
    diagnostic::sort(&mut checked.warnings);
}
