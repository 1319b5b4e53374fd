//! The full-information position: what a referee holds.

use std::sync::Arc;

use super::zobrist::{PIECE_KEYS, SIDE_KEY};
use super::{Cell, Color, Square, MAILBOX};
use crate::movegen::{Move, MoveKind};
use crate::rules::{Outcome, Rules};

/// One move of the known history, with what the repetition rules need of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    /// The move attacked an enemy piece.
    pub attack: bool,
}

/// What `undo` needs to restore a position.
#[derive(Clone, Copy, Debug)]
struct Undo {
    from_cell: Cell,
    to_cell: Cell,
    hash: u64,
    last_attack: Option<usize>,
    flags: [u8; 2],
}

/// Why and how a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// `loser`'s last Flag was captured.
    FlagCaptured { loser: Color },
    /// `loser` is to move and has no legal move.
    NoMoves { loser: Color },
    /// Neither side can move.
    NeitherCanMove,
    /// The ply limit was reached.
    PlyLimit,
}

impl GameEnd {
    pub fn winner(self) -> Option<Color> {
        match self {
            GameEnd::FlagCaptured { loser } | GameEnd::NoMoves { loser } => Some(loser.opponent()),
            GameEnd::NeitherCanMove | GameEnd::PlyLimit => None,
        }
    }
}

/// Every piece of both sides with its marks, the side to move, the ply count and the history
/// the repetition rules need.
///
/// Moves are played with [`Position::play`] (checked), [`Position::play_unchecked`] (the fast
/// path for moves the generator produced) and taken back with [`Position::undo`].
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) cells: [Cell; MAILBOX],
    pub(crate) side: Color,
    pub(crate) ply: u32,
    pub(crate) hash: u64,
    /// The known history, oldest first.
    pub(crate) history: Vec<HistoryEntry>,
    /// Index in `history` of the last attack.
    pub(crate) last_attack: Option<usize>,
    /// Flags on the board per side.
    pub(crate) flags: [u8; 2],
    undo: Vec<Undo>,
}

impl Position {
    /// An empty board of the rule set, with `side` to move and nothing played.
    pub fn empty(rules: Arc<Rules>, side: Color) -> Position {
        let mut cells = [Cell::OFF_BOARD; MAILBOX];
        let g = rules.geometry();
        for sq in g.all_squares() {
            cells[sq.index()] = if g.is_impassable(sq) {
                Cell::IMPASSABLE
            } else {
                Cell::EMPTY
            };
        }
        let mut pos = Position {
            rules,
            cells,
            side,
            ply: 0,
            hash: 0,
            history: Vec::new(),
            last_attack: None,
            flags: [0; 2],
            undo: Vec::new(),
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Puts a piece on an empty square of the board (used while building a position).
    pub(crate) fn put(&mut self, sq: Square, cell: Cell) {
        debug_assert!(self.cells[sq.index()].is_empty() && cell.is_piece());
        self.cells[sq.index()] = cell;
        if self.rules.is_flag(cell.kind()) {
            self.flags[cell.owner().index()] += 1;
        }
        self.hash ^= PIECE_KEYS[cell.identity()][sq.index()];
    }

    /// A position from pieces and a history of moves that led to it (the caller guarantees
    /// the history is consistent with the board: used to build positions from one player's
    /// view with guessed enemy ranks).
    pub(crate) fn from_parts(
        rules: Arc<Rules>,
        pieces: impl IntoIterator<Item = (Square, Cell)>,
        side: Color,
        ply: u32,
        history: Vec<HistoryEntry>,
    ) -> Position {
        let mut pos = Position::empty(rules, side);
        for (sq, cell) in pieces {
            pos.put(sq, cell);
        }
        pos.ply = ply;
        pos.last_attack = history.iter().rposition(|e| e.attack);
        pos.history = history;
        pos
    }

    /// The hash from scratch: pieces by owner and kind, and the side to move.
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Blue {
            SIDE_KEY
        } else {
            0
        };
        for sq in self.rules.geometry().all_squares() {
            let c = self.cells[sq.index()];
            if c.is_piece() {
                h ^= PIECE_KEYS[c.identity()][sq.index()];
            }
        }
        h
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn rules_arc(&self) -> &Arc<Rules> {
        &self.rules
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The Zobrist hash of the placement and side to move (what repetition compares).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The cell at a square (off-board for squares outside this board).
    pub fn cell(&self, sq: Square) -> Cell {
        if self.rules.geometry().contains(sq) {
            self.cells[sq.index()]
        } else {
            Cell::OFF_BOARD
        }
    }

    /// The known history, oldest first.
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    /// Number of plays that [`Position::undo`] can take back.
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }

    /// True when `color` had Flags and has none left.
    pub fn flag_lost(&self, color: Color) -> bool {
        self.rules.has_flags() && self.flags[color.index()] == 0
    }

    /// The end of the game that can be seen without generating moves: a captured Flag or
    /// the ply limit.
    pub fn quick_end(&self) -> Option<GameEnd> {
        for color in [self.side, self.side.opponent()] {
            if self.flag_lost(color) {
                return Some(GameEnd::FlagCaptured { loser: color });
            }
        }
        let limit = self.rules.options().ply_limit;
        if limit != 0 && self.ply >= limit {
            return Some(GameEnd::PlyLimit);
        }
        None
    }

    /// Whether and how the game has ended, in the order of `docs/rules.md`.
    pub fn game_end(&self) -> Option<GameEnd> {
        if let Some(end) = self.quick_end() {
            return Some(end);
        }
        if self.has_legal_move() {
            return None;
        }
        if self.can_move_ignoring_repetition(self.side.opponent()) {
            Some(GameEnd::NoMoves { loser: self.side })
        } else {
            Some(GameEnd::NeitherCanMove)
        }
    }

    /// Plays a move that the generator produced for this position. Playing anything else
    /// leaves the position in an unspecified (but memory-safe) state.
    pub fn play_unchecked(&mut self, m: Move) {
        let (from, to) = (m.from.index(), m.to.index());
        let a = self.cells[from];
        let d = self.cells[to];
        self.undo.push(Undo {
            from_cell: a,
            to_cell: d,
            hash: self.hash,
            last_attack: self.last_attack,
            flags: self.flags,
        });
        let id = a.identity();
        let mut h = self.hash ^ SIDE_KEY ^ PIECE_KEYS[id][from];
        let mut moved = a.with_moved();
        if m.reveals() {
            moved = moved.with_revealed();
        }
        self.cells[from] = Cell::EMPTY;
        let attack = d.is_piece();
        if !attack {
            self.cells[to] = moved;
            h ^= PIECE_KEYS[id][to];
        } else {
            self.last_attack = Some(self.history.len());
            match self.rules.battle(a.kind(), d.kind()) {
                Outcome::AttackerWins => {
                    self.cells[to] = moved.with_revealed();
                    h ^= PIECE_KEYS[d.identity()][to] ^ PIECE_KEYS[id][to];
                    self.remove_flag(d);
                }
                Outcome::DefenderWins => {
                    self.cells[to] = d.with_revealed();
                }
                Outcome::BothRemoved => {
                    self.cells[to] = Cell::EMPTY;
                    h ^= PIECE_KEYS[d.identity()][to];
                    self.remove_flag(d);
                }
            }
        }
        self.hash = h;
        self.side = self.side.opponent();
        self.ply += 1;
        self.history.push(HistoryEntry {
            from: m.from,
            to: m.to,
            kind: m.kind,
            attack,
        });
        debug_assert_eq!(self.hash, self.compute_hash(), "incremental hash after {m}");
    }

    #[inline]
    fn remove_flag(&mut self, d: Cell) {
        if self.rules.is_flag(d.kind()) {
            self.flags[d.owner().index()] -= 1;
        }
    }

    /// Takes back the last move played with `play` or `play_unchecked`. Returns false when
    /// there is none (a position read from text cannot go back before its start).
    pub fn undo(&mut self) -> bool {
        let (Some(u), Some(e)) = (self.undo.pop(), self.history.pop()) else {
            return false;
        };
        self.cells[e.from.index()] = u.from_cell;
        self.cells[e.to.index()] = u.to_cell;
        self.hash = u.hash;
        self.last_attack = u.last_attack;
        self.flags = u.flags;
        self.side = self.side.opponent();
        self.ply -= 1;
        true
    }

    /// Moves a piece back along a non-attacking history move, without a record: used only to
    /// check a history read from text.
    pub(crate) fn retract(&mut self, from: Square, to: Square) {
        self.cells[from.index()] = self.cells[to.index()];
        self.cells[to.index()] = Cell::EMPTY;
        self.side = self.side.opponent();
    }

    /// Iterates over the pieces of a side with their squares.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Cell)> + '_ {
        self.rules
            .geometry()
            .all_squares()
            .map(move |sq| (sq, self.cells[sq.index()]))
            .filter(move |(_, c)| c.is_of(color))
    }

    /// Number of plies of history that the repetition rules can still use: the last 2·N
    /// plies for the two-squares rule and every ply since the last attack.
    pub fn relevant_history_len(&self) -> usize {
        let n = self.history.len();
        let two = 2 * self.rules.options().two_squares as usize;
        let since_attack = n - self.last_attack.map_or(0, |i| i + 1);
        n.min(two.max(since_attack))
    }
}

impl PartialEq for Position {
    /// Positions are equal when the rules, the board with every mark, the side, the ply and
    /// the history the repetition rules can use are equal.
    fn eq(&self, other: &Position) -> bool {
        let tail = |p: &Position| {
            p.history[p.history.len() - p.relevant_history_len()..]
                .iter()
                .map(|e| (e.from, e.to, e.attack))
                .collect::<Vec<_>>()
        };
        self.rules == other.rules
            && self.cells == other.cells
            && self.side == other.side
            && self.ply == other.ply
            && tail(self) == tail(other)
    }
}
