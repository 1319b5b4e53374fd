//! Squares, pieces, setups, the full-information position and its notations.

mod cell;
mod notation;
mod position;
mod setup;
mod square;
pub(crate) mod zobrist;

pub use cell::Cell;
pub use notation::PositionParseError;
pub use position::{GameEnd, HistoryEntry, Position};
pub use setup::{Setup, SetupError, SetupProblem};
pub(crate) use square::parse_square_prefix;
pub use square::{
    BadSquare, Color, Square, ALL_DIRECTIONS, DIAGONAL, MAILBOX, MAX_SIDE, ORTHOGONAL, STRIDE,
};
