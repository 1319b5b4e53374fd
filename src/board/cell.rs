//! One byte per mailbox cell: empty, impassable, off the board, or a piece with its marks.

use super::Color;

/// A mailbox cell.
///
/// Layout of a piece: bit 7 set; bit 6 moved; bit 5 revealed; bit 4 owner (0 Red, 1 Blue);
/// bits 0–3 the kind index in the rule set; bit 8 changed sides (fantasy hypnosis). The low
/// five bits (owner and kind) are the piece's identity for hashing and repetition; the marks
/// are not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub(crate) u16);

pub(crate) const PIECE: u16 = 0x80;
pub(crate) const MOVED: u16 = 0x40;
pub(crate) const REVEALED: u16 = 0x20;
pub(crate) const OWNER: u16 = 0x10;
pub(crate) const KIND: u16 = 0x0F;
pub(crate) const HYPNOTISED: u16 = 0x100;

impl Cell {
    pub const EMPTY: Cell = Cell(0);
    pub const IMPASSABLE: Cell = Cell(1);
    pub const OFF_BOARD: Cell = Cell(2);

    /// A piece of `owner` and kind index `kind`, unmoved and unrevealed.
    pub fn piece(owner: Color, kind: usize) -> Cell {
        debug_assert!(kind <= KIND as usize);
        Cell(PIECE | ((owner as u16) << 4) | kind as u16)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn is_piece(self) -> bool {
        self.0 & PIECE != 0
    }

    /// Impassable or off the board: nothing can ever stand here.
    #[inline]
    pub fn is_wall(self) -> bool {
        self.0 == 1 || self.0 == 2
    }

    #[inline]
    pub fn is_impassable(self) -> bool {
        self.0 == 1
    }

    #[inline]
    pub fn is_off_board(self) -> bool {
        self.0 == 2
    }

    /// True when this is a piece of `color`.
    #[inline]
    pub fn is_of(self, color: Color) -> bool {
        self.0 & (PIECE | OWNER) == PIECE | ((color as u16) << 4)
    }

    /// The owner of a piece (meaningless for other cells).
    #[inline]
    pub fn owner(self) -> Color {
        if self.0 & OWNER == 0 {
            Color::Red
        } else {
            Color::Blue
        }
    }

    #[inline]
    pub fn kind(self) -> usize {
        (self.0 & KIND) as usize
    }

    #[inline]
    pub fn has_moved(self) -> bool {
        self.0 & MOVED != 0
    }

    #[inline]
    pub fn is_revealed(self) -> bool {
        self.0 & REVEALED != 0
    }

    /// Owner and kind: the part of a piece that hashing and repetition see.
    #[inline]
    pub(crate) fn identity(self) -> usize {
        (self.0 & (OWNER | KIND)) as usize
    }

    /// What stands here for the repetition rules: empty, or a piece's owner and kind.
    #[inline]
    pub(crate) fn placement(self) -> u16 {
        self.0 & (PIECE | OWNER | KIND)
    }

    /// True when the piece changed sides by hypnosis (it cannot do so again).
    #[inline]
    pub fn is_hypnotised(self) -> bool {
        self.0 & HYPNOTISED != 0
    }

    /// The same piece, now owned by the other side and marked as having changed sides.
    pub fn hypnotised(self) -> Cell {
        Cell((self.0 ^ OWNER) | HYPNOTISED | REVEALED)
    }

    /// The same piece with the changed-sides mark (as a position text's `~` says).
    pub fn marked_hypnotised(self) -> Cell {
        Cell(self.0 | HYPNOTISED)
    }

    pub fn with_moved(self) -> Cell {
        Cell(self.0 | MOVED)
    }

    pub fn with_revealed(self) -> Cell {
        Cell(self.0 | REVEALED)
    }
}
