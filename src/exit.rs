//! The exit codes of the `mancala` command, below the command line and the language server, which
//! both return them.

/// Success.
pub const OK: u8 = 0;
/// A rule file has errors.
pub const RULE_ERRORS: u8 = 1;
/// Bad usage, a file that cannot be read, a bad option or position.
pub const USAGE: u8 = 2;
/// An action that is not legal where it was played.
pub const ILLEGAL_ACTION: u8 = 3;
/// A replayed record did not end as it says.
pub const RECORD_MISMATCH: u8 = 4;
