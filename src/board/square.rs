//! Squares, colours and the text names of squares.

use std::fmt;

/// The widest and tallest board the rules core supports.
pub const MAX_SIDE: u8 = 13;
/// Distance between vertically adjacent squares in the mailbox: one padding file sits
/// between the last file of a row and the first file of the next, so a step off either
/// side of the board lands on padding.
pub const STRIDE: usize = MAX_SIDE as usize + 1;
/// Padding rows below the first row and above the last, so that a diagonal step or a
/// two-square jump from any board square stays inside the mailbox.
const PAD_ROWS: usize = 2;
/// Number of cells in the mailbox: every value of a `u8` square index, so that indexing by
/// a square never needs a bounds check. The largest board with its padding uses the first
/// `(MAX_SIDE + 2 * PAD_ROWS) * STRIDE` = 238 of them.
pub const MAILBOX: usize = 256;
const _: () = assert!((MAX_SIDE as usize + 2 * PAD_ROWS) * STRIDE <= MAILBOX);

/// The four orthogonal steps, as mailbox offsets: north (toward Blue), south, east, west.
pub const ORTHOGONAL: [isize; 4] = [STRIDE as isize, -(STRIDE as isize), 1, -1];
/// The four diagonal steps.
pub const DIAGONAL: [isize; 4] = [
    STRIDE as isize + 1,
    STRIDE as isize - 1,
    -(STRIDE as isize) + 1,
    -(STRIDE as isize) - 1,
];

/// All eight directions: the four orthogonal ones first, then the diagonals.
pub const ALL_DIRECTIONS: [isize; 8] = [
    ORTHOGONAL[0],
    ORTHOGONAL[1],
    ORTHOGONAL[2],
    ORTHOGONAL[3],
    DIAGONAL[0],
    DIAGONAL[1],
    DIAGONAL[2],
    DIAGONAL[3],
];

/// A side. Red sets up on the low rows and, in classic rules, moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Red = 0,
    Blue = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Red, Color::Blue];

    pub fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The one-letter code used in text formats: `r` or `b`.
    pub fn code(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }

    pub fn from_code(c: char) -> Option<Color> {
        match c {
            'r' => Some(Color::Red),
            'b' => Some(Color::Blue),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square, stored as its index in the padded mailbox.
///
/// Squares are independent of the board size: file and row are recovered from the index
/// alone. Whether a square is on a given board is the geometry's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = `a`) and `row` (0 = row 1), if they fit the largest board.
    pub fn new(file: u8, row: u8) -> Option<Square> {
        if file < MAX_SIDE && row < MAX_SIDE {
            Some(Square(
                ((row as usize + PAD_ROWS) * STRIDE + file as usize) as u8,
            ))
        } else {
            None
        }
    }

    /// The mailbox index of the first square of `row` (0 = row 1), for any row up to
    /// `MAX_SIDE`: the squares of rows `a..b` are the indices `row_start(a)..row_start(b)`.
    pub(crate) fn row_start(row: u8) -> usize {
        (row.min(MAX_SIDE) as usize + PAD_ROWS) * STRIDE
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Rebuilds a square from a mailbox index; the caller guarantees it is a board square.
    pub(crate) fn from_index(index: usize) -> Square {
        Square(index as u8)
    }

    pub fn file(self) -> u8 {
        (self.0 as usize % STRIDE) as u8
    }

    pub fn row(self) -> u8 {
        (self.0 as usize / STRIDE - PAD_ROWS) as u8
    }

    /// The square `delta` mailbox cells away (may be padding).
    pub(crate) fn offset(self, delta: isize) -> Square {
        Square((self.0 as isize + delta) as u8)
    }

    /// True when the two squares share an edge.
    pub fn is_adjacent(self, other: Square) -> bool {
        let (df, dr) = self.distance_parts(other);
        df + dr == 1
    }

    /// Absolute file and row distances.
    pub fn distance_parts(self, other: Square) -> (u8, u8) {
        (
            self.file().abs_diff(other.file()),
            self.row().abs_diff(other.row()),
        )
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.row() + 1)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square name (a file letter a-m and a row number 1-13, like e4)")]
pub struct BadSquare(pub String);

impl std::str::FromStr for Square {
    type Err = BadSquare;

    fn from_str(s: &str) -> Result<Square, BadSquare> {
        let bad = || BadSquare(s.to_string());
        let (file, row) = parse_square_prefix(s).ok_or_else(bad)?;
        if row.len() != s.len() - 1 {
            return Err(bad());
        }
        Ok(file)
    }
}

/// Reads a square name at the start of `s`; returns it and the digits it used, or `None`.
/// Row numbers never start with `0`, so `a10a9` splits unambiguously into `a10` `a9`.
pub(crate) fn parse_square_prefix(s: &str) -> Option<(Square, &str)> {
    let bytes = s.as_bytes();
    let file = *bytes.first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || bytes[1] == b'0' {
        return None;
    }
    let row_text = &s[1..1 + digits];
    let row: u8 = row_text.parse().ok()?;
    let sq = Square::new(file - b'a', row.checked_sub(1)?)?;
    Some((sq, row_text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for file in 0..MAX_SIDE {
            for row in 0..MAX_SIDE {
                let sq = Square::new(file, row).unwrap();
                assert_eq!((sq.file(), sq.row()), (file, row));
                let text = sq.to_string();
                assert_eq!(text.parse::<Square>(), Ok(sq));
            }
        }
    }

    #[test]
    fn bad_square_names_are_refused() {
        for bad in ["", "a", "a0", "a01", "A1", "z1", "a14", "a1x", "1a", "a100"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
