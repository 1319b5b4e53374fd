//! Board geometry: size, impassable squares, home zones and Power Squares.

use crate::board::{Color, Square, MAX_SIDE};

/// The shape of a board. Everything about squares that does not change during a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    width: u8,
    height: u8,
    impassable: Vec<Square>,
    /// Number of home rows of each side, counted from its own back row.
    home_rows: u8,
    power_squares: Vec<Square>,
}

/// Reads square names that are known to be valid (used by presets only).
fn squares(names: &[&str]) -> Vec<Square> {
    names
        .iter()
        .filter_map(|n| n.parse().ok())
        .collect::<Vec<Square>>()
}

impl Geometry {
    /// A board of `width` × `height` with the given impassable squares and Power Squares.
    /// Returns `None` when the size is out of range or a square is off the board.
    pub fn new(
        width: u8,
        height: u8,
        impassable: Vec<Square>,
        home_rows: u8,
        power_squares: Vec<Square>,
    ) -> Option<Geometry> {
        let g = Geometry {
            width,
            height,
            impassable,
            home_rows,
            power_squares,
        };
        let fits = (1..=MAX_SIDE).contains(&width)
            && (1..=MAX_SIDE).contains(&height)
            && 2 * home_rows <= height
            && g.impassable.iter().all(|&s| g.contains(s))
            && g.power_squares
                .iter()
                .all(|&s| g.contains(s) && !g.is_impassable(s));
        fits.then_some(g)
    }

    /// The classic 10×10 board with its two 2×2 lakes.
    pub fn classic() -> Geometry {
        Geometry {
            width: 10,
            height: 10,
            impassable: squares(&["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"]),
            home_rows: 4,
            power_squares: Vec::new(),
        }
    }

    /// Probe's Enhanced board (11×11) as decided in `docs/rules.md`: barriers of 2×3 on
    /// rows 5–7, files c–d and h–i; Power Squares a6, f6, k6.
    pub fn probe_enhanced() -> Geometry {
        Geometry {
            width: 11,
            height: 11,
            impassable: squares(&[
                "c5", "d5", "c6", "d6", "c7", "d7", "h5", "i5", "h6", "i6", "h7", "i7",
            ]),
            home_rows: 4,
            power_squares: squares(&["a6", "f6", "k6"]),
        }
    }

    /// The boxed fantasy game's board: 10 files × 8 rows, lakes on rows 4–5 in files c–d and
    /// g–h, three home rows a side.
    pub fn fantasy_30() -> Geometry {
        Geometry {
            width: 10,
            height: 8,
            impassable: squares(&["c4", "d4", "c5", "d5", "g4", "h4", "g5", "h5"]),
            home_rows: 3,
            power_squares: Vec::new(),
        }
    }

    /// The rank duel's board: 5 files × `rows`, one home row a side.
    pub fn rank_duel(rows: u8) -> Geometry {
        Geometry {
            width: 5,
            height: rows.clamp(3, MAX_SIDE),
            impassable: Vec::new(),
            home_rows: 1,
            power_squares: Vec::new(),
        }
    }

    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    pub fn home_rows(&self) -> u8 {
        self.home_rows
    }

    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.width && sq.row() < self.height
    }

    pub fn is_impassable(&self, sq: Square) -> bool {
        self.impassable.contains(&sq)
    }

    pub fn impassable(&self) -> &[Square] {
        &self.impassable
    }

    pub fn power_squares(&self) -> &[Square] {
        &self.power_squares
    }

    pub fn is_power_square(&self, sq: Square) -> bool {
        self.power_squares.contains(&sq)
    }

    /// Every square of the board, row 1 first, file a first within a row.
    pub fn all_squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).filter_map(move |f| Square::new(f, r)))
    }

    /// The board row (0-based) of the `i`-th home row of `color`, counted from its front row.
    pub fn home_row(&self, color: Color, from_front: u8) -> u8 {
        match color {
            Color::Red => self.home_rows - 1 - from_front,
            Color::Blue => self.height - self.home_rows + from_front,
        }
    }

    /// The square that `color` calls (`row_from_front`, `column_from_its_left`) in its home
    /// zone. Blue sits on the other side of the board, so its left is Red's right.
    pub fn home_square(&self, color: Color, row_from_front: u8, column: u8) -> Option<Square> {
        if row_from_front >= self.home_rows || column >= self.width {
            return None;
        }
        let file = match color {
            Color::Red => column,
            Color::Blue => self.width - 1 - column,
        };
        Square::new(file, self.home_row(color, row_from_front))
    }

    /// True when `sq` is in `color`'s home zone.
    pub fn in_home_zone(&self, color: Color, sq: Square) -> bool {
        self.contains(sq)
            && match color {
                Color::Red => sq.row() < self.home_rows,
                Color::Blue => sq.row() >= self.height - self.home_rows,
            }
    }
}
