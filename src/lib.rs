//! Mancala games whose rules are plain text files.
//!
//! A `.mancala` rule file goes through four stages, each handing the next a type that proves it
//! ran: [`syntax::parse`] (text → spanned [`ast::RuleFile`]), [`check::check`] (→ [`check::Checked`]
//! or every diagnostic), [`compile::compile`] (→ index-based [`Rules`] with options applied) and
//! the generic [`engine`], which plays any compiled game. [`lint::lint`], after compile, adds the
//! warnings that reason over the compiled rules or play the start (`mancala check`, the editor).
//! Imports between the crate's modules run one way, down this pipeline (`tests/modules.rs`).
//!
//! ```
//! use mancala::{load_str, Action, Game};
//!
//! let source = r#"
//! game "Tiny"
//! board {
//!     size 2 x 2
//!     seeds 1
//! }
//! end {
//!     when every hole is empty
//!     when board repeats 2 times, leftover split
//! }
//! "#;
//! let rules = load_str("tiny.mancala", source, &[] as &[&str]).expect("a valid rule file");
//! let mut game = Game::new(&rules);
//! assert_eq!(game.legal_texts(), ["a1", "a2"]);
//! game.apply(Action::parse("a2", &rules)?)?;
//! // a2's stone went on to North's b2.
//! assert_eq!(game.position().rows["b"], [1, 2]);
//! assert!(game.apply(Action::parse("a1", &rules)?).is_err()); // North is to move
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod agent;
pub mod ai;
pub mod ast;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diagnostic;
pub mod direction;
pub mod engine;
pub mod exit;
pub mod fmt;
pub mod holes;
mod labels;
pub mod lint;
pub mod load;
pub mod lsp;
pub mod narrate;
pub mod player;
pub mod record;
pub mod rules_page;
#[cfg(feature = "serve")]
pub mod serve;
pub mod syntax;
pub mod typed;
pub mod vocabulary;

pub use compile::Rules;
pub use engine::{Action, Game, GameResult, State};
pub(crate) use holes::hole_byte;
pub use holes::{Holes, MAX_HOLES};
pub use labels::{parse_label, row_letter};
pub use load::{load_file, load_str, LoadError};
pub use player::Player;
