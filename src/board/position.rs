//! The full-information position: what a referee holds.

use std::sync::Arc;

use super::cell::KIND;
use super::zobrist::{PIECE_KEYS, SIDE_KEY};
use super::{Cell, Color, Square, MAILBOX};
use crate::movegen::{Move, MoveKind};
use crate::rules::{GameKind, Outcome, Rules};

/// A side's starting pool under the rules.
fn rules_points(rules: &Rules) -> i32 {
    rules.options().points as i32
}

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
    points: [i32; 2],
    probes: [u8; 2],
    decided: Option<GameEnd>,
    /// How many other cells the action changed (an Elemental's neighbours): their old
    /// values are the last entries of `Position::saved`.
    extras: u8,
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
    /// Rank duel: `loser`'s pool of points is empty.
    PoolEmpty { loser: Color },
    /// Rank duel: `loser` has no pieces left.
    NoPieces { loser: Color },
    /// Rank duel: both sides are out at once (a draw).
    BothOut,
    /// Rank duel: a successful strike or right probe in sudden death.
    SuddenDeath { winner: Color },
}

impl GameEnd {
    pub fn winner(self) -> Option<Color> {
        match self {
            GameEnd::FlagCaptured { loser }
            | GameEnd::NoMoves { loser }
            | GameEnd::PoolEmpty { loser }
            | GameEnd::NoPieces { loser } => Some(loser.opponent()),
            GameEnd::SuddenDeath { winner } => Some(winner),
            GameEnd::NeitherCanMove | GameEnd::PlyLimit | GameEnd::BothOut => None,
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
    /// Rank duel: each side's pool of points, probes left, and the file where its rank-3
    /// piece started (for the opponent's promotion).
    pub(crate) points: [i32; 2],
    pub(crate) probes: [u8; 2],
    pub(crate) lanes: [Option<u8>; 2],
    /// Rank duel: a game decided by sudden death.
    pub(crate) decided: Option<GameEnd>,
    /// The squares of each side's pieces, one bit per mailbox cell: move generation visits
    /// only these instead of scanning the board.
    pub(crate) occupied: [[u64; 4]; 2],
    undo: Vec<Undo>,
    /// Cells saved by actions that change more than their two squares (see `Undo`).
    saved: Vec<(Square, Cell)>,
}

impl Position {
    /// An empty board of the rule set, with `side` to move and nothing played.
    pub fn empty(rules: Arc<Rules>, side: Color) -> Position {
        let (points, probes) = (rules_points(&rules), rules.options().probes);
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
            points: [points; 2],
            probes: [probes; 2],
            lanes: [None; 2],
            decided: None,
            occupied: [[0; 4]; 2],
            undo: Vec::new(),
            saved: Vec::new(),
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Puts a piece on an empty square of the board (used while building a position).
    pub(crate) fn put(&mut self, sq: Square, cell: Cell) {
        debug_assert!(self.cells[sq.index()].is_empty() && cell.is_piece());
        self.cells[sq.index()] = cell;
        self.sync(sq.index());
        if self.rules.is_flag(cell.kind()) {
            self.flags[cell.owner().index()] += 1;
        }
        self.hash ^= PIECE_KEYS[cell.identity()][sq.index()];
    }

    /// Gives the piece on `sq` another kind, keeping its owner and marks: for the search,
    /// which tries each outcome a battle with a piece of unknown kind can have.
    pub(crate) fn set_kind(&mut self, sq: Square, kind: usize) {
        let old = self.cells[sq.index()];
        debug_assert!(old.is_piece() && kind <= KIND as usize);
        let new = Cell((old.0 & !KIND) | kind as u16);
        for (cell, sign) in [(old, -1), (new, 1)] {
            if self.rules.is_flag(cell.kind()) {
                self.flags[cell.owner().index()] =
                    (i32::from(self.flags[cell.owner().index()]) + sign) as u8;
            }
        }
        self.hash ^=
            PIECE_KEYS[old.identity()][sq.index()] ^ PIECE_KEYS[new.identity()][sq.index()];
        self.cells[sq.index()] = new;
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
        // Every mailbox cell outside the board (padding included) holds `OFF_BOARD`.
        self.cells[sq.index()]
    }

    /// The known history, oldest first.
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    /// Rank duel: each side's pool of points (Red first).
    pub fn points(&self) -> [i32; 2] {
        self.points
    }

    /// Rank duel: each side's probes left (Red first).
    pub fn probes_left(&self) -> [u8; 2] {
        self.probes
    }

    /// Rank duel: the file where each side's rank-3 piece started (Red first).
    pub fn lanes(&self) -> [Option<u8>; 2] {
        self.lanes
    }

    /// Number of plays that [`Position::undo`] can take back.
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }

    /// True when `color` had Flags and has none left.
    pub fn flag_lost(&self, color: Color) -> bool {
        self.rules.has_flags() && self.flags[color.index()] == 0
    }

    /// The end of the game that can be seen without generating moves: a captured Flag, the
    /// duel's empty pools, missing pieces and sudden death, or the ply limit.
    pub fn quick_end(&self) -> Option<GameEnd> {
        if self.rules.game() == GameKind::RankDuel {
            let out = |c: Color| self.points[c.index()] <= 0 || self.pieces(c).next().is_none();
            match (out(Color::Red), out(Color::Blue)) {
                (true, true) => return Some(GameEnd::BothOut),
                (true, false) | (false, true) => {
                    let loser = if out(Color::Red) {
                        Color::Red
                    } else {
                        Color::Blue
                    };
                    return Some(if self.points[loser.index()] <= 0 {
                        GameEnd::PoolEmpty { loser }
                    } else {
                        GameEnd::NoPieces { loser }
                    });
                }
                (false, false) => {}
            }
            if let Some(end) = self.decided {
                return Some(end);
            }
        }
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
        let a = self.cells[m.from.index()];
        let d = self.cells[m.to.index()];
        self.undo.push(Undo {
            from_cell: a,
            to_cell: d,
            hash: self.hash,
            last_attack: self.last_attack,
            flags: self.flags,
            points: self.points,
            probes: self.probes,
            decided: self.decided,
            extras: 0,
        });
        let attack = if m.kind.is_action() {
            self.play_action(m, a, d);
            true
        } else {
            self.play_move(m, a, d)
        };
        if attack {
            self.last_attack = Some(self.history.len());
        }
        self.hash ^= SIDE_KEY;
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

    /// A move or attack from one square to another; returns whether it was an attack.
    #[inline]
    fn play_move(&mut self, m: Move, a: Cell, d: Cell) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let id = a.identity();
        let mut h = self.hash ^ PIECE_KEYS[id][from];
        let mut moved = a.with_moved();
        if m.reveals() {
            moved = moved.with_revealed();
        }
        self.cells[from] = Cell::EMPTY;
        let attack = d.is_piece();
        let duel = self.rules.game() == GameKind::RankDuel;
        let us = a.owner();
        let mut landed = None;
        if !attack {
            self.cells[to] = moved;
            h ^= PIECE_KEYS[id][to];
            landed = Some(moved);
            if duel {
                self.points[us.index()] -= 1;
            }
        } else {
            let outcome = self.rules.battle(a.kind(), d.kind());
            match outcome {
                Outcome::AttackerWins => {
                    let winner = moved.with_revealed();
                    self.cells[to] = winner;
                    h ^= PIECE_KEYS[d.identity()][to] ^ PIECE_KEYS[id][to];
                    self.remove_flag(d);
                    landed = Some(winner);
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
            if duel {
                self.score_battle(us, a, d, outcome);
            }
        }
        self.hash = h;
        self.sync(from);
        self.sync(to);
        if let (true, Some(piece)) = (duel, landed) {
            self.promote(m.to, piece);
        }
        attack
    }

    /// The duel's points for a strike, and sudden death.
    fn score_battle(&mut self, us: Color, a: Cell, d: Cell, outcome: Outcome) {
        let value = |c: Cell| self.rules.kind(c.kind()).rank as i32;
        let (winner, loser_value) = match outcome {
            Outcome::AttackerWins => (us, value(d)),
            Outcome::DefenderWins => (us.opponent(), value(a)),
            Outcome::BothRemoved => return,
        };
        self.points[winner.index()] += loser_value;
        self.points[winner.opponent().index()] -= loser_value;
        if outcome == Outcome::AttackerWins && self.in_sudden_death() {
            self.decided = Some(GameEnd::SuddenDeath { winner: us });
        }
    }

    /// True once both sides have played the turns before sudden death.
    fn in_sudden_death(&self) -> bool {
        let n = self.rules.options().sudden_death;
        n != 0 && self.ply >= 2 * n
    }

    /// The duel's promotion: a piece that others are promoted from, landing on the far row
    /// in the file where the opponent's piece of that kind started.
    fn promote(&mut self, sq: Square, piece: Cell) {
        let us = piece.owner();
        let far = match us {
            Color::Red => self.rules.geometry().height() - 1,
            Color::Blue => 0,
        };
        if sq.row() != far || self.lanes[us.opponent().index()] != Some(sq.file()) {
            return;
        }
        let letter = self.rules.kind(piece.kind()).letter;
        let Some(promoted) = self
            .rules
            .kinds()
            .iter()
            .position(|k| k.promoted_from == Some(letter))
        else {
            return;
        };
        let new = Cell::piece(us, promoted).with_moved().with_revealed();
        self.hash ^=
            PIECE_KEYS[piece.identity()][sq.index()] ^ PIECE_KEYS[new.identity()][sq.index()];
        self.cells[sq.index()] = new;
    }

    /// Saves a cell for `undo` before an action changes it (beyond the from and to squares).
    fn save(&mut self, sq: Square) {
        let old = self.cells[sq.index()];
        if let Some(u) = self.undo.last_mut() {
            self.saved.push((sq, old));
            u.extras += 1;
        }
    }

    /// Removes the piece on a square (hash and Flag count included).
    fn remove(&mut self, sq: Square) {
        let c = self.cells[sq.index()];
        self.hash ^= PIECE_KEYS[c.identity()][sq.index()];
        self.remove_flag(c);
        self.cells[sq.index()] = Cell::EMPTY;
        self.sync(sq.index());
    }

    /// A power or a duel action: nothing moves from square to square.
    fn play_action(&mut self, m: Move, a: Cell, d: Cell) {
        let (from, to) = (m.from, m.to);
        let rank = |c: Cell| self.rules.kind(c.kind()).rank;
        let plain = |c: Cell| self.rules.kind(c.kind()).role == crate::rules::BattleRole::Plain;
        let us = self.side;
        match m.kind {
            MoveKind::Reveal => {
                self.cells[from.index()] = a.with_revealed();
                self.cells[to.index()] = d.with_revealed();
            }
            MoveKind::Hypnotise => {
                self.cells[from.index()] = a.with_revealed();
                if plain(d) && rank(d) < rank(a) {
                    let turned = d.hypnotised();
                    self.hash ^= PIECE_KEYS[d.identity()][to.index()]
                        ^ PIECE_KEYS[turned.identity()][to.index()];
                    self.cells[to.index()] = turned;
                    self.sync(to.index());
                }
            }
            MoveKind::Shoot => {
                self.cells[from.index()] = a.with_revealed();
                if plain(d) && rank(d) < rank(a) {
                    self.remove(to);
                }
            }
            MoveKind::StrikeAll => {
                let mut dies = false;
                for delta in crate::board::ALL_DIRECTIONS {
                    let sq = from.offset(delta);
                    let c = self.cells[sq.index()];
                    if !c.is_of(us.opponent()) {
                        continue;
                    }
                    self.save(sq);
                    match self.rules.battle(a.kind(), c.kind()) {
                        Outcome::AttackerWins => self.remove(sq),
                        Outcome::DefenderWins => {
                            self.cells[sq.index()] = c.with_revealed();
                            dies = true;
                        }
                        Outcome::BothRemoved => {
                            self.remove(sq);
                            dies = true;
                        }
                    }
                }
                if dies {
                    self.remove(from);
                } else {
                    self.cells[from.index()] = a.with_revealed();
                }
            }
            MoveKind::Probe(guess) => {
                self.probes[us.index()] = self.probes[us.index()].saturating_sub(1);
                if rank(d) == guess {
                    let value = rank(d) as i32;
                    self.remove(to);
                    self.points[us.index()] += value;
                    self.points[us.opponent().index()] -= value;
                    if self.in_sudden_death() {
                        self.decided = Some(GameEnd::SuddenDeath { winner: us });
                    }
                } else {
                    self.points[us.index()] -= 1;
                }
            }
            MoveKind::Pass => self.points[us.index()] -= 1,
            _ => {}
        }
    }

    /// Brings the occupancy bits of one mailbox cell up to date with the cell.
    #[inline]
    fn sync(&mut self, index: usize) {
        let c = self.cells[index];
        let (word, bit) = (index >> 6, 1u64 << (index & 63));
        for color in Color::BOTH {
            if c.is_of(color) {
                self.occupied[color.index()][word] |= bit;
            } else {
                self.occupied[color.index()][word] &= !bit;
            }
        }
    }

    /// The squares of `color`'s pieces, in square order.
    #[inline]
    pub fn occupied_squares(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        squares_of(self.occupied[color.index()])
    }

    /// The squares of `color`'s pieces among those whose bits `mask` sets (by
    /// [`Square::index`], as [`Position::occupied_squares`] counts them), in square order.
    pub fn occupied_in_mask(
        &self,
        color: Color,
        mask: &[u64; 4],
    ) -> impl Iterator<Item = Square> + '_ {
        let words = self.occupied[color.index()];
        squares_of(std::array::from_fn(|w| words[w] & mask[w]))
    }

    /// The squares of `color`'s pieces on the rows `rows` (0 = row 1), in square order: a
    /// mask over the occupancy words, so the rows outside cost nothing.
    pub fn occupied_in_rows(
        &self,
        color: Color,
        rows: std::ops::Range<u8>,
    ) -> impl Iterator<Item = Square> + '_ {
        let (lo, hi) = (Square::row_start(rows.start), Square::row_start(rows.end));
        let mut words = self.occupied[color.index()];
        for (w, word) in words.iter_mut().enumerate() {
            // The bits of this word below mailbox index `t`.
            let below = |t: usize| match t.saturating_sub(w * 64) {
                0 => 0,
                n if n >= 64 => u64::MAX,
                n => (1u64 << n) - 1,
            };
            *word &= below(hi) & !below(lo);
        }
        squares_of(words)
    }

    #[inline]
    fn remove_flag(&mut self, d: Cell) {
        if self.rules.is_flag(d.kind()) {
            self.flags[d.owner().index()] -= 1;
        }
    }

    /// Hands the move to the other side without moving anything (the search's null move,
    /// which asks whether a position is good enough even if its side passed). It keeps no
    /// history entry, so the repetition rules in the positions after it pair the moves with
    /// the wrong side: fine for a bound the search only prunes with, never for a game.
    /// [`Position::unpass`] takes it back.
    pub fn pass(&mut self) {
        self.hash ^= SIDE_KEY;
        self.side = self.side.opponent();
        self.ply += 1;
    }

    /// Takes back a [`Position::pass`] (and nothing else).
    pub fn unpass(&mut self) {
        self.hash ^= SIDE_KEY;
        self.side = self.side.opponent();
        self.ply -= 1;
    }

    /// Takes back the last move played with `play` or `play_unchecked`. Returns false when
    /// there is none (a position read from text cannot go back before its start).
    pub fn undo(&mut self) -> bool {
        let (Some(u), Some(e)) = (self.undo.pop(), self.history.pop()) else {
            return false;
        };
        for _ in 0..u.extras {
            if let Some((sq, cell)) = self.saved.pop() {
                self.cells[sq.index()] = cell;
                self.sync(sq.index());
            }
        }
        self.cells[e.from.index()] = u.from_cell;
        self.cells[e.to.index()] = u.to_cell;
        self.sync(e.from.index());
        self.sync(e.to.index());
        self.hash = u.hash;
        self.last_attack = u.last_attack;
        self.flags = u.flags;
        self.points = u.points;
        self.probes = u.probes;
        self.decided = u.decided;
        self.side = self.side.opponent();
        self.ply -= 1;
        true
    }

    /// Moves a piece back along a non-attacking history move, without a record: used only to
    /// check a history read from text.
    pub(crate) fn retract(&mut self, from: Square, to: Square) {
        self.cells[from.index()] = self.cells[to.index()];
        self.cells[to.index()] = Cell::EMPTY;
        self.sync(from.index());
        self.sync(to.index());
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
            && self.points == other.points
            && self.probes == other.probes
            && self.lanes == other.lanes
            && self.decided == other.decided
            && tail(self) == tail(other)
    }
}

/// The squares whose bits are set in occupancy words, in square order.
#[inline]
fn squares_of(words: [u64; 4]) -> impl Iterator<Item = Square> {
    (0..4).flat_map(move |w| {
        let mut bits = words[w];
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Square::from_index(w * 64 + i))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::POSITIONS;

    /// A pass hands the move over with the hash of the position with the other side to
    /// move, and taking it back restores the position exactly.
    #[test]
    fn a_pass_switches_the_side_and_comes_back() {
        for bp in &POSITIONS {
            let rules = Arc::new(Rules::preset(bp.variant).unwrap());
            let start = Position::from_text(rules, bp.text).unwrap();
            let mut pos = start.clone();
            pos.pass();
            assert_eq!(pos.side_to_move(), start.side_to_move().opponent());
            assert_eq!(pos.hash(), pos.compute_hash());
            assert_ne!(pos.hash(), start.hash());
            pos.unpass();
            assert!(pos == start && pos.hash() == start.hash(), "{}", bp.text);
        }
    }

    #[test]
    fn occupied_in_rows_keeps_the_pieces_of_those_rows() {
        for bp in &POSITIONS {
            let rules = Arc::new(Rules::preset(bp.variant).unwrap());
            let pos = Position::from_text(rules, bp.text).unwrap();
            let height = pos.rules().geometry().height();
            for color in [Color::Red, Color::Blue] {
                for (a, b) in [(0, height), (0, 0), (0, 4), (4, height), (3, 7), (5, 6)] {
                    let masked: Vec<Square> = pos.occupied_in_rows(color, a..b).collect();
                    let filtered: Vec<Square> = pos
                        .occupied_squares(color)
                        .filter(|sq| (a..b).contains(&sq.row()))
                        .collect();
                    assert_eq!(masked, filtered, "{} {color:?} {a}..{b}", bp.name);
                }
                assert!(pos.occupied_in_rows(color, 0..height).count() > 0);
            }
        }
    }

    #[test]
    fn occupied_in_mask_keeps_the_pieces_of_those_squares() {
        for bp in &POSITIONS {
            let rules = Arc::new(Rules::preset(bp.variant).unwrap());
            let pos = Position::from_text(rules, bp.text).unwrap();
            for color in [Color::Red, Color::Blue] {
                // Every third square, and the squares of the second and fourth words.
                let thirds = std::array::from_fn(|w| {
                    (0..64)
                        .filter(|i| (w * 64 + i) % 3 == 0)
                        .fold(0u64, |m, i| m | 1 << i)
                });
                for (mask, keep) in [
                    (
                        thirds,
                        &(|sq: Square| sq.index() % 3 == 0) as &dyn Fn(Square) -> bool,
                    ),
                    ([0, u64::MAX, 0, u64::MAX], &|sq: Square| {
                        (sq.index() / 64) % 2 == 1
                    }),
                ] {
                    let masked: Vec<Square> = pos.occupied_in_mask(color, &mask).collect();
                    let filtered: Vec<Square> =
                        pos.occupied_squares(color).filter(|&sq| keep(sq)).collect();
                    assert_eq!(masked, filtered, "{} {color:?}", bp.name);
                    assert!(!masked.is_empty(), "{} {color:?}", bp.name);
                }
            }
        }
    }
}
