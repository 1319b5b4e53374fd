//! Legal moves: generation for every preset, the repetition rules as legality, and parsing of
//! move text against a position.
//!
//! Generation is written once, generic over a [`MoveSink`]: the same loop fills a
//! [`MoveList`] or only counts, so perft can count the last ply in bulk. The repetition rules
//! are applied by a filter (`repetition::Filter`) computed once per position; when it forbids
//! nothing (the common case) moves go to the sink unchecked.

mod repetition;

use std::fmt;

use crate::board::{
    parse_square_prefix, Cell, Color, Position, Square, ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL,
    STRIDE,
};
use crate::rules::{GameKind, Power, PowerSquares};
pub(crate) use repetition::Crossing;
use repetition::Filter;

/// How a move gets from its from square to its to square, or which action it is. The kind
/// decides which boundaries the move crosses (two-squares rule), whether it reveals the
/// piece, and how it is written.
///
/// Actions name squares too: a power's from square is the piece using it and its to square
/// the target (the Elemental's strike names its own square twice); a probe names its target
/// twice; a pass names `a1` twice.
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
    /// The rank duel's move of two squares in a straight line.
    DuelStep,
    /// The Dragon's flight over occupied squares.
    Fly,
    /// The Knight's or Shifter's two-square move.
    TwoStep,
    /// The Sorceress shows an enemy piece's rank.
    Reveal,
    /// The Mage turns a lower enemy piece to its side.
    Hypnotise,
    /// The Elemental attacks all its enemy neighbours.
    StrikeAll,
    /// The Elf shoots an enemy piece.
    Shoot,
    /// The rank duel's probe, with the rank guessed.
    Probe(u8),
    /// The rank duel's pass.
    Pass,
}

impl MoveKind {
    /// True for actions that are not a piece going from one square to another.
    #[inline]
    pub fn is_action(self) -> bool {
        matches!(
            self,
            MoveKind::Reveal
                | MoveKind::Hypnotise
                | MoveKind::StrikeAll
                | MoveKind::Shoot
                | MoveKind::Probe(_)
                | MoveKind::Pass
        )
    }
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
        !matches!(
            self.kind,
            MoveKind::Step
                | MoveKind::Teleport
                | MoveKind::DuelStep
                | MoveKind::Probe(_)
                | MoveKind::Pass
        )
    }

    /// The boundaries this move crosses, for the two-squares rule.
    pub(crate) fn crossing(self) -> Crossing {
        Crossing::of(self.from, self.to, self.kind)
    }
}

impl fmt::Display for Move {
    /// `e4e5`; powers `e4e6:reveal`, `e4e6:hypnotise`, `e4:strike`, `e4e7:shoot`; the duel's
    /// `c5:probe3` and `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Reveal => write!(f, "{}{}:reveal", self.from, self.to),
            MoveKind::Hypnotise => write!(f, "{}{}:hypnotise", self.from, self.to),
            MoveKind::StrikeAll => write!(f, "{}:strike", self.from),
            MoveKind::Shoot => write!(f, "{}{}:shoot", self.from, self.to),
            MoveKind::Probe(g) => write!(f, "{}:probe{g}", self.to),
            MoveKind::Pass => f.write_str("pass"),
            _ => write!(f, "{}{}", self.from, self.to),
        }
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

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
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

/// The squares one orthogonal step from any of the squares whose bits `occupied` sets (by
/// [`Square::index`]). The mailbox's border keeps a step off one edge from wrapping onto the
/// far one.
fn neighbours(occupied: [u64; 4]) -> [u64; 4] {
    let up = |w: [u64; 4], n: u32| {
        [
            w[0] << n,
            w[1] << n | w[0] >> (64 - n),
            w[2] << n | w[1] >> (64 - n),
            w[3] << n | w[2] >> (64 - n),
        ]
    };
    let down = |w: [u64; 4], n: u32| {
        [
            w[0] >> n | w[1] << (64 - n),
            w[1] >> n | w[2] << (64 - n),
            w[2] >> n | w[3] << (64 - n),
            w[3] >> n,
        ]
    };
    let stride = STRIDE as u32;
    let parts = [
        up(occupied, 1),
        down(occupied, 1),
        up(occupied, stride),
        down(occupied, stride),
    ];
    std::array::from_fn(|w| parts.iter().fold(0, |acc, p| acc | p[w]))
}

/// Keeps only the moves onto a square a piece stands on: attacks, and the powers' actions on
/// a piece.
struct OntoPiece<'a, S: MoveSink> {
    pos: &'a Position,
    inner: &'a mut S,
}

impl<S: MoveSink> MoveSink for OntoPiece<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.pos.cell(m.to).is_piece() {
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
        self.generate_kinds::<S, false>(color, sink);
    }

    /// [`Position::generate_pseudo`]'s moves onto a square a piece stands on (attacks, and
    /// the powers' actions on a piece), in the same order. The quiescence asks for those at
    /// most of its nodes: the plain steps and Scout runs it would throw away are not built.
    fn generate_onto_pieces<S: MoveSink>(&self, color: Color, sink: &mut S) {
        let rules = &*self.rules;
        // The rare kinds of movement go through the general code and a filter.
        let rare = |km: crate::rules::KindMoves| {
            km.duel || km.jump || km.cross || km.diagonal || km.power.is_some()
        };
        if rules.options().power_squares != PowerSquares::Off
            || rules.game() == GameKind::RankDuel
            || (0..rules.kinds().len()).any(|k| rare(rules.kind_moves(k)))
        {
            let mut onto = OntoPiece {
                pos: self,
                inner: sink,
            };
            self.generate_kinds::<_, false>(color, &mut onto);
        } else {
            self.generate_kinds::<S, true>(color, sink);
        }
    }

    /// The moves of `color`, only those onto a square a piece stands on when `ONTO_PIECE`
    /// (which [`Position::generate_onto_pieces`] asks for only under rules without the rare
    /// kinds of movement).
    fn generate_kinds<S: MoveSink, const ONTO_PIECE: bool>(&self, color: Color, sink: &mut S) {
        let rules = &*self.rules;
        let cells = &self.cells;
        let them = color.opponent();
        let range_attack = rules.options().scout_range_attack;
        let geometry = rules.geometry();
        let power = rules.options().power_squares;
        let free = |c: Cell| c.is_empty() || c.is_of(them);
        // For the attacks alone, only a piece beside an enemy one, or one that strikes down
        // a line, has any.
        let beside_them = if ONTO_PIECE {
            neighbours(self.occupied[them.index()])
        } else {
            [0; 4]
        };
        for from in self.occupied_squares(color) {
            let c = cells[from.index()];
            let km = rules.kind_moves(c.kind());
            if !km.movable {
                continue;
            }
            let i = from.index();
            if ONTO_PIECE && !(km.line && range_attack) && beside_them[i / 64] & 1 << (i % 64) == 0
            {
                continue;
            }
            if km.duel {
                self.duel_moves(from, them, sink);
                continue;
            }
            for d in ORTHOGONAL {
                let to = from.offset(d);
                let tc = cells[to.index()];
                if tc.is_empty() {
                    if !ONTO_PIECE {
                        sink.push(Move {
                            from,
                            to,
                            kind: MoveKind::Step,
                        });
                    }
                    if km.line {
                        let mut t = to.offset(d);
                        while cells[t.index()].is_empty() {
                            if !ONTO_PIECE {
                                sink.push(Move {
                                    from,
                                    to: t,
                                    kind: MoveKind::Line,
                                });
                            }
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
            if let Some(p) = km.power {
                self.power_actions(from, p, them, sink);
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
        if rules.game() == GameKind::RankDuel {
            self.duel_actions(color, sink);
        }
    }

    /// The rank duel's moves and strikes of the piece on `from`: one square in 8 directions,
    /// or two in a straight line over an empty square.
    fn duel_moves<S: MoveSink>(&self, from: Square, them: Color, sink: &mut S) {
        for d in ALL_DIRECTIONS {
            let t1 = from.offset(d);
            let c1 = self.cells[t1.index()];
            if c1.is_empty() {
                sink.push(Move {
                    from,
                    to: t1,
                    kind: MoveKind::Step,
                });
                let t2 = t1.offset(d);
                let c2 = self.cells[t2.index()];
                if c2.is_empty() || c2.is_of(them) {
                    sink.push(Move {
                        from,
                        to: t2,
                        kind: MoveKind::DuelStep,
                    });
                }
            } else if c1.is_of(them) {
                sink.push(Move {
                    from,
                    to: t1,
                    kind: MoveKind::Step,
                });
            }
        }
    }

    /// The fantasy power of the piece on `from` (`docs/rules.md`).
    fn power_actions<S: MoveSink>(&self, from: Square, power: Power, them: Color, sink: &mut S) {
        let cells = &self.cells;
        let o = self.rules.options();
        let free = |c: Cell| c.is_empty() || c.is_of(them);
        match power {
            Power::Flight => {
                let dirs: &[isize] = if o.dragon_diagonal {
                    &ALL_DIRECTIONS
                } else {
                    &ORTHOGONAL
                };
                for &d in dirs {
                    let mut t = from.offset(d);
                    if !cells[t.index()].is_piece() {
                        continue;
                    }
                    while cells[t.index()].is_piece() {
                        t = t.offset(d);
                    }
                    if cells[t.index()].is_empty() {
                        sink.push(Move {
                            from,
                            to: t,
                            kind: MoveKind::Fly,
                        });
                    }
                }
            }
            Power::TwoStep => {
                for d in ORTHOGONAL {
                    let mid = from.offset(d);
                    let end = mid.offset(d);
                    if cells[mid.index()].is_empty() && free(cells[end.index()]) {
                        sink.push(Move {
                            from,
                            to: end,
                            kind: MoveKind::TwoStep,
                        });
                    }
                }
            }
            Power::Reveal | Power::Hypnotise => {
                let (range, kind) = match power {
                    Power::Reveal => (o.sorceress_range, MoveKind::Reveal),
                    _ => (o.mage_range, MoveKind::Hypnotise),
                };
                for to in self.squares_within(from, range) {
                    let c = cells[to.index()];
                    if !c.is_of(them) {
                        continue;
                    }
                    // Legality never depends on a hidden rank: a Mage may try any piece that
                    // has not changed sides (a Trap or Flag resists, as a higher rank does).
                    let ok = match power {
                        Power::Reveal => !c.is_revealed(),
                        _ => !c.is_hypnotised(),
                    };
                    if ok {
                        sink.push(Move { from, to, kind });
                    }
                }
            }
            Power::Strike => {
                if ALL_DIRECTIONS
                    .iter()
                    .any(|&d| cells[from.offset(d).index()].is_of(them))
                {
                    sink.push(Move {
                        from,
                        to: from,
                        kind: MoveKind::StrikeAll,
                    });
                }
            }
            Power::Shoot => {
                for d in ALL_DIRECTIONS {
                    let mut t = from;
                    for _ in 0..o.elf_range {
                        t = t.offset(d);
                        let c = cells[t.index()];
                        if c.is_empty() {
                            continue;
                        }
                        if c.is_of(them) {
                            sink.push(Move {
                                from,
                                to: t,
                                kind: MoveKind::Shoot,
                            });
                        }
                        break;
                    }
                }
            }
        }
    }

    /// The board squares within `range` of `from` as a king walks, `from` excluded, in
    /// square order.
    fn squares_within(&self, from: Square, range: u8) -> impl Iterator<Item = Square> + '_ {
        let g = self.rules.geometry();
        let r = range as i16;
        let (f0, r0) = (from.file() as i16, from.row() as i16);
        (r0 - r..=r0 + r).flat_map(move |row| {
            (f0 - r..=f0 + r).filter_map(move |file| {
                let sq = Square::new(u8::try_from(file).ok()?, u8::try_from(row).ok()?)?;
                (sq != from && g.contains(sq)).then_some(sq)
            })
        })
    }

    /// The rank duel's probes and pass for `color`.
    fn duel_actions<S: MoveSink>(&self, color: Color, sink: &mut S) {
        let them = color.opponent();
        if self.probes[color.index()] > 0 {
            let mut targets: Vec<Square> = Vec::new();
            for &from in self.rules.board_squares() {
                if !self.cells[from.index()].is_of(color) {
                    continue;
                }
                for d in ALL_DIRECTIONS {
                    let mut t = from.offset(d);
                    while self.cells[t.index()].is_empty() {
                        t = t.offset(d);
                    }
                    let c = self.cells[t.index()];
                    if c.is_of(them) && !c.has_moved() && !c.is_revealed() && !targets.contains(&t)
                    {
                        targets.push(t);
                    }
                }
            }
            targets.sort();
            for t in targets {
                for guess in 1..=5 {
                    sink.push(Move {
                        from: t,
                        to: t,
                        kind: MoveKind::Probe(guess),
                    });
                }
            }
        }
        if let Some(a1) = Square::new(0, 0) {
            sink.push(Move {
                from: a1,
                to: a1,
                kind: MoveKind::Pass,
            });
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
        self.generate_filtered::<S, false>(sink);
    }

    /// [`Position::generate_ignoring_end`]'s moves onto a square a piece stands on (the
    /// attacks, and the powers' actions on a piece), in the same order.
    pub(crate) fn generate_attacks_ignoring_end<S: MoveSink>(&self, sink: &mut S) {
        self.generate_filtered::<S, true>(sink);
    }

    /// The side to move's moves (only those onto a piece when `ONTO_PIECE`) that the
    /// repetition rules allow.
    fn generate_filtered<S: MoveSink, const ONTO_PIECE: bool>(&self, sink: &mut S) {
        let filter = Filter::new(self);
        if filter.is_empty() {
            self.generate_for::<S, ONTO_PIECE>(sink);
        } else {
            let mut filtered = Filtered {
                filter: &filter,
                inner: sink,
            };
            self.generate_for::<_, ONTO_PIECE>(&mut filtered);
        }
    }

    fn generate_for<S: MoveSink, const ONTO_PIECE: bool>(&self, sink: &mut S) {
        if ONTO_PIECE {
            self.generate_onto_pieces(self.side, sink);
        } else {
            self.generate_pseudo(self.side, sink);
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

    /// The legal move (not action) from `from` to `to`, if there is one.
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && !m.kind.is_action())
    }

    /// Reads a move or action in the notation of [`Move`]'s `Display` and checks that it
    /// is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let well_formed = text == "pass"
            || matches!(parse_squares(text), Some((_, _, rest)) if rest.is_empty() || rest.starts_with(':'))
            || parse_square_prefix(text).is_some_and(|(_, d)| text[1 + d.len()..].starts_with(':'));
        if !well_formed {
            return Err(MoveError::Syntax(text.to_string()));
        }
        if self.quick_end().is_some() {
            return Err(MoveError::GameOver);
        }
        if let Some((from, to, "")) = parse_squares(text) {
            return self
                .find_move(from, to)
                .ok_or_else(|| MoveError::Illegal(text.to_string()));
        }
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Plays a move after checking that it is legal; on error the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if self.quick_end().is_some() {
            return Err(MoveError::GameOver);
        }
        let legal = if m.kind.is_action() {
            self.legal_moves().iter().copied().find(|&l| l == m)
        } else {
            self.find_move(m.from, m.to)
        };
        match legal {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Setup;
    use crate::rng::Rng;
    use crate::rules::Rules;
    use std::sync::Arc;

    /// Along random games of every preset, under repetition rules and without Scouts that
    /// strike down a line, the attacks alone are the full list's moves onto a piece, in its
    /// order.
    #[test]
    fn the_attacks_alone_are_the_full_lists_attacks() {
        let settings: [&[&str]; 3] = [
            &[],
            &["more-squares=chase", "two-squares=1"],
            &["scout-range-attack=off", "two-squares=off"],
        ];
        let mut attacks_seen = 0;
        for name in crate::rules::PRESETS {
            for (v, set) in settings.iter().enumerate() {
                let mut rules = Rules::preset(name).unwrap();
                for s in *set {
                    let (key, value) = s.split_once('=').unwrap();
                    rules.set(key, value).unwrap();
                }
                let rules = Arc::new(rules);
                let mut rng = Rng::new(v as u64 + 11);
                let (red, blue) = (
                    Setup::random(&rules, &mut rng),
                    Setup::random(&rules, &mut rng),
                );
                let mut pos = Position::from_setups(rules, &red, &blue, Color::Red).unwrap();
                for _ply in 0..300 {
                    let mut all = Vec::new();
                    pos.generate_ignoring_end(&mut all);
                    all.retain(|m| pos.cell(m.to).is_piece());
                    let mut attacks = Vec::new();
                    pos.generate_attacks_ignoring_end(&mut attacks);
                    assert_eq!(attacks, all, "{name} {set:?}: {pos}");
                    attacks_seen += attacks.len();
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves.as_slice()[rng.below(moves.len())]);
                }
            }
        }
        assert!(attacks_seen > 1000, "{attacks_seen}");
    }
}
