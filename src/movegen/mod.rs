//! Legal moves: generation for every preset, the repetition rules as legality, and parsing of
//! move text against a position.
//!
//! Generation is written once, generic over a [`MoveSink`]: the same loop fills a
//! [`MoveList`] or only counts, so perft can count the last ply in bulk. The repetition rules
//! are applied by a [`repetition::Filter`] computed once per position; when it forbids
//! nothing (the common case) moves go to the sink unchecked.

mod repetition;

use std::fmt;

use crate::board::{parse_square_prefix, Cell, Color, Position, Square, DIAGONAL, ORTHOGONAL};
use crate::rules::PowerSquares;
pub(crate) use repetition::Crossing;
use repetition::Filter;

/// How a move gets from its from square to its to square. The kind decides which boundaries
/// the move crosses (two-squares rule) and whether it reveals the piece.
///
/// The fantasy edition's powers and the duel's probe and pass are to be added here as further
/// kinds; every kind names a from and a to square (the target of a power, the probed piece),
/// and pass names the same square twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// One square orthogonally.
    Step,
    /// A Scout's move of two or more squares along a line.
    Line,
    /// A Captain's diagonal step.
    Diagonal,
    /// A Lieutenant's jump over an adjacent piece.
    Jump,
    /// A Sergeant's barrier crossing.
    Cross,
    /// A move from one Power Square to another.
    Teleport,
}

/// A move: from, to and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
}

impl Move {
    /// True when making this move tells the opponent the piece's rank: only one kind can
    /// make it.
    #[inline]
    pub fn reveals(self) -> bool {
        !matches!(self.kind, MoveKind::Step | MoveKind::Teleport)
    }

    /// The boundaries this move crosses, for the two-squares rule.
    pub(crate) fn crossing(self) -> Crossing {
        Crossing::of(self.from, self.to, self.kind)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("'{0}' is not a move (expected two squares like e4e5)")]
    Syntax(String),
    #[error("'{0}' is not a legal move in this position")]
    Illegal(String),
    #[error("the game is over")]
    GameOver,
}

/// Reads `<from><to>` and returns the two squares; `rest` is whatever follows them.
pub(crate) fn parse_squares(text: &str) -> Option<(Square, Square, &str)> {
    let (from, digits) = parse_square_prefix(text)?;
    let rest = &text[1 + digits.len()..];
    let (to, digits2) = parse_square_prefix(rest)?;
    Some((from, to, &rest[1 + digits2.len()..]))
}

/// Receives generated moves.
pub trait MoveSink {
    fn push(&mut self, m: Move);
}

/// A list of moves on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// More than any position of the supported boards can have.
    pub const CAPACITY: usize = 1024;

    pub fn new() -> MoveList {
        let none = Move {
            from: Square::from_index(0),
            to: Square::from_index(0),
            kind: MoveKind::Step,
        };
        MoveList {
            moves: [none; MoveList::CAPACITY],
            len: 0,
        }
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        debug_assert!(self.len < MoveList::CAPACITY);
        if self.len < MoveList::CAPACITY {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
}

/// Counts moves without keeping them.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Passes only the moves the repetition filter allows.
struct Filtered<'a, S: MoveSink> {
    filter: &'a Filter,
    inner: &'a mut S,
}

impl<S: MoveSink> MoveSink for Filtered<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.filter.allows(m) {
            self.inner.push(m);
        }
    }
}

/// Stops at the first move.
#[derive(Default)]
struct AnyMove(bool);

impl MoveSink for AnyMove {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 = true;
    }
}

impl Position {
    /// Sends every pseudo-legal move of `color` (all movement rules, no repetition rules)
    /// to the sink.
    pub(crate) fn generate_pseudo<S: MoveSink>(&self, color: Color, sink: &mut S) {
        let rules = &*self.rules;
        let cells = &self.cells;
        let them = color.opponent();
        let range_attack = rules.options().scout_range_attack;
        let geometry = rules.geometry();
        let power = rules.options().power_squares;
        let free = |c: Cell| c.is_empty() || c.is_of(them);
        for &from in rules.board_squares() {
            let c = cells[from.index()];
            if !c.is_of(color) {
                continue;
            }
            let km = rules.kind_moves(c.kind());
            if !km.movable {
                continue;
            }
            for d in ORTHOGONAL {
                let to = from.offset(d);
                let tc = cells[to.index()];
                if tc.is_empty() {
                    sink.push(Move {
                        from,
                        to,
                        kind: MoveKind::Step,
                    });
                    if km.line {
                        let mut t = to.offset(d);
                        while cells[t.index()].is_empty() {
                            sink.push(Move {
                                from,
                                to: t,
                                kind: MoveKind::Line,
                            });
                            t = t.offset(d);
                        }
                        if range_attack && cells[t.index()].is_of(them) {
                            sink.push(Move {
                                from,
                                to: t,
                                kind: MoveKind::Line,
                            });
                        }
                    }
                } else if tc.is_of(them) {
                    sink.push(Move {
                        from,
                        to,
                        kind: MoveKind::Step,
                    });
                }
                if km.jump && tc.is_piece() {
                    let t = to.offset(d);
                    if free(cells[t.index()]) {
                        sink.push(Move {
                            from,
                            to: t,
                            kind: MoveKind::Jump,
                        });
                    }
                }
                if km.cross && tc.is_impassable() {
                    let mut t = to.offset(d);
                    while cells[t.index()].is_impassable() {
                        t = t.offset(d);
                    }
                    if free(cells[t.index()]) {
                        sink.push(Move {
                            from,
                            to: t,
                            kind: MoveKind::Cross,
                        });
                    }
                }
            }
            if km.diagonal {
                for d in DIAGONAL {
                    let to = from.offset(d);
                    if free(cells[to.index()]) {
                        sink.push(Move {
                            from,
                            to,
                            kind: MoveKind::Diagonal,
                        });
                    }
                }
            }
            if power != PowerSquares::Off && geometry.is_power_square(from) {
                for &to in geometry.power_squares() {
                    let tc = cells[to.index()];
                    let target_ok =
                        tc.is_empty() || (power == PowerSquares::Full && tc.is_of(them));
                    if to != from && target_ok && !self.reachable_otherwise(from, to, km) {
                        sink.push(Move {
                            from,
                            to,
                            kind: MoveKind::Teleport,
                        });
                    }
                }
            }
        }
    }

    /// True when an ordinary move of the piece on `from` already goes to `to`, so that a
    /// Power Square move there would duplicate it (never the case on the preset boards).
    fn reachable_otherwise(&self, from: Square, to: Square, km: crate::rules::KindMoves) -> bool {
        let (df, dr) = from.distance_parts(to);
        if df + dr == 1 || (km.diagonal && df == 1 && dr == 1) {
            return true;
        }
        if km.line && (df == 0 || dr == 0) {
            let step = ORTHOGONAL.into_iter().find(|&d| {
                let mut t = from.offset(d);
                for _ in 1..df.max(dr) {
                    if !self.cells[t.index()].is_empty() {
                        return false;
                    }
                    t = t.offset(d);
                }
                t == to
            });
            return step.is_some();
        }
        false
    }

    /// Sends every legal move of the side to move to the sink.
    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        if self.quick_end().is_none() {
            self.generate_ignoring_end(sink);
        }
    }

    /// As [`Position::generate`] without asking whether the game has ended: for positions
    /// built with guessed enemy ranks, where a missing Flag means nothing.
    pub(crate) fn generate_ignoring_end<S: MoveSink>(&self, sink: &mut S) {
        let filter = Filter::new(self);
        if filter.is_empty() {
            self.generate_pseudo(self.side, sink);
        } else {
            let mut filtered = Filtered {
                filter: &filter,
                inner: sink,
            };
            self.generate_pseudo(self.side, &mut filtered);
        }
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves of the side to move.
    pub fn count_legal(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate(&mut counter);
        counter.0
    }

    /// True when the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut any = AnyMove::default();
        self.generate(&mut any);
        any.0
    }

    /// True when `color` has a movable piece with somewhere to go, repetition rules aside.
    pub fn can_move_ignoring_repetition(&self, color: Color) -> bool {
        let mut any = AnyMove::default();
        self.generate_pseudo(color, &mut any);
        any.0
    }

    /// The legal move from `from` to `to`, if there is one.
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to)
    }

    /// Reads a move in `<from><to>` notation and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        match parse_squares(text) {
            Some((from, to, "")) => {
                if self.quick_end().is_some() {
                    return Err(MoveError::GameOver);
                }
                self.find_move(from, to)
                    .ok_or_else(|| MoveError::Illegal(text.to_string()))
            }
            _ => Err(MoveError::Syntax(text.to_string())),
        }
    }

    /// Plays a move after checking that it is legal; on error the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if self.quick_end().is_some() {
            return Err(MoveError::GameOver);
        }
        match self.find_move(m.from, m.to) {
            Some(legal) => {
                self.play_unchecked(legal);
                Ok(())
            }
            None => Err(MoveError::Illegal(m.to_string())),
        }
    }

    /// Reads a move and plays it if it is legal.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_move(text)?;
        self.play_unchecked(m);
        Ok(m)
    }
}
