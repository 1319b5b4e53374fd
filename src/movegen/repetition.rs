//! The two-squares and more-squares rules as a filter on generated moves
//! (`docs/rules.md`, "Repetition rules").

use super::{Move, MoveKind};
use crate::board::{Cell, HistoryEntry, Position, Square};
use crate::rules::MoreSquares;

/// The boundaries a move crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Crossing {
    /// The boundaries between consecutive squares `lo..=hi` of one file (`vertical`) or row,
    /// numbered along it: boundary `i` lies between position `i` and `i + 1`, so the
    /// segment crosses boundaries `lo..hi`.
    Segment {
        vertical: bool,
        line: u8,
        lo: u8,
        hi: u8,
    },
    /// The pseudo-boundary of a diagonal step or Power Square move between two squares.
    Pair(Square, Square),
    /// Nothing crossed: a power or a duel action.
    Nothing,
}

impl Crossing {
    pub(crate) fn of(from: Square, to: Square, kind: MoveKind) -> Crossing {
        let pair = || Crossing::Pair(from.min(to), from.max(to));
        match kind {
            _ if kind.is_action() => Crossing::Nothing,
            MoveKind::Diagonal | MoveKind::Teleport => pair(),
            _ if from.file() == to.file() => Crossing::Segment {
                vertical: true,
                line: from.file(),
                lo: from.row().min(to.row()),
                hi: from.row().max(to.row()),
            },
            _ if from.row() == to.row() => Crossing::Segment {
                vertical: false,
                line: from.row(),
                lo: from.file().min(to.file()),
                hi: from.file().max(to.file()),
            },
            _ => pair(),
        }
    }

    /// The boundaries crossed by both, if any.
    pub(crate) fn intersect(self, other: Crossing) -> Option<Crossing> {
        match (self, other) {
            (
                Crossing::Segment {
                    vertical,
                    line,
                    lo,
                    hi,
                },
                Crossing::Segment {
                    vertical: v2,
                    line: l2,
                    lo: lo2,
                    hi: hi2,
                },
            ) if vertical == v2 && line == l2 => {
                let (lo, hi) = (lo.max(lo2), hi.min(hi2));
                (lo < hi).then_some(Crossing::Segment {
                    vertical,
                    line,
                    lo,
                    hi,
                })
            }
            (Crossing::Pair(a, b), Crossing::Pair(c, d)) if (a, b) == (c, d) => Some(self),
            _ => None,
        }
    }
}

fn entry_crossing(e: &HistoryEntry) -> Crossing {
    Crossing::of(e.from, e.to, e.kind)
}

/// What the repetition rules forbid in one position, computed once from the history.
#[derive(Debug, Default)]
pub(crate) struct Filter {
    /// Two-squares rule: moves of the piece on this square that cross these boundaries.
    two_squares: Option<(Square, Crossing)>,
    /// More-squares rule: the from-to pairs that would recreate a forbidden position.
    forbidden: Vec<(Square, Square)>,
}

impl Filter {
    pub(crate) fn new(pos: &Position) -> Filter {
        let mut f = Filter::default();
        let h = &pos.history;
        let n = h.len();
        let opts = pos.rules.options();
        // The side to move made the moves at n-2, n-4, ...; the opponent made n-1, n-3, ...
        let own = |k: usize| -> Option<&HistoryEntry> { n.checked_sub(2 + 2 * k).map(|i| &h[i]) };

        let big_n = opts.two_squares as usize;
        if big_n > 0 {
            if let Some(last) = own(0) {
                let mut common = Some(entry_crossing(last));
                for k in 1..big_n {
                    match (own(k), common) {
                        (Some(e), Some(c)) if e.to == own(k - 1).map_or(e.to, |p| p.from) => {
                            common = c.intersect(entry_crossing(e));
                        }
                        _ => common = None,
                    }
                }
                if let Some(c) = common {
                    f.two_squares = Some((last.to, c));
                }
            }
        }

        let (first, chased) = match opts.more_squares {
            MoreSquares::None => return f,
            MoreSquares::NoRepetition => (pos.last_attack.map_or(0, |i| i + 1), None),
            MoreSquares::Chase if n > 0 => (n - 2 * chase_pairs(h), Some(h[n - 1].to)),
            MoreSquares::Chase => return f,
        };
        let exempt = own(0).map(|e| (e.to, e.from));
        f.forbidden = recreating_moves(pos, first);
        f.forbidden
            .retain(|&pair| Some(pair) != exempt && chased.is_none_or(|c| pair.1.is_adjacent(c)));
        f
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.two_squares.is_none() && self.forbidden.is_empty()
    }

    /// True when the repetition rules allow `m` (a pseudo-legal move of the side to move).
    #[inline]
    pub(crate) fn allows(&self, m: Move) -> bool {
        if let Some((sq, c)) = self.two_squares {
            if m.from == sq && m.crossing().intersect(c).is_some() {
                return false;
            }
        }
        !self.forbidden.contains(&(m.from, m.to))
    }
}

/// The moves of the side to move that would recreate one of the positions p(i), i ≥ `first`,
/// with the same side to move as after the move (p(n−1), p(n−3), …).
///
/// Walks the history back from the current board, retracting one (non-attacking) move at a
/// time and keeping the set of squares where the retracted board differs from the current
/// one. A single move recreates p(i) exactly when p(i) differs in two squares: one of the
/// mover's pieces stands on b now and stood on a then, and a is empty now. p(n−1) can never
/// be recreated (the opponent's last move would have to be undone) and p(n−3) only by the
/// return exemption, so the walk starts looking at p(n−5).
fn recreating_moves(pos: &Position, first: usize) -> Vec<(Square, Square)> {
    let h = &pos.history;
    let n = h.len();
    let mut found = Vec::new();
    if n < 5 || n - 5 < first {
        return found;
    }
    let now = &pos.cells;
    let mut board = pos.cells;
    let mut diff: Vec<Square> = Vec::new();
    for k in (first..n).rev() {
        let e = &h[k];
        board[e.from.index()] = board[e.to.index()];
        board[e.to.index()] = Cell::EMPTY;
        for sq in [e.from, e.to] {
            let differs = board[sq.index()].placement() != now[sq.index()].placement();
            match (differs, diff.iter().position(|&d| d == sq)) {
                (true, None) => diff.push(sq),
                (false, Some(i)) => {
                    diff.swap_remove(i);
                }
                _ => {}
            }
        }
        if (n - k) % 2 == 1 && n - k >= 5 && diff.len() == 2 {
            let (x, y) = (diff[0], diff[1]);
            for (b, a) in [(x, y), (y, x)] {
                let piece = now[b.index()];
                if piece.is_of(pos.side)
                    && now[a.index()].is_empty()
                    && board[b.index()].is_empty()
                    && board[a.index()].placement() == piece.placement()
                    && !found.contains(&(b, a))
                {
                    found.push((b, a));
                }
            }
        }
    }
    found
}

/// The number of (chasing move, evasion) pairs at the end of the history (`docs/rules.md`,
/// more-squares rule, `chase`).
fn chase_pairs(h: &[HistoryEntry]) -> usize {
    let mut pairs = 0;
    let mut j = h.len();
    while j >= 2 {
        let (chaser, reply) = (&h[j - 2], &h[j - 1]);
        if chaser.attack || reply.attack || !chaser.to.is_adjacent(reply.from) {
            break;
        }
        if pairs > 0 && reply.to != h[j + 1].from {
            break;
        }
        pairs += 1;
        j -= 2;
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn segments_intersect_on_shared_boundaries_only() {
        let a = Crossing::of(sq("a1"), sq("a5"), MoveKind::Line);
        let b = Crossing::of(sq("a4"), sq("a6"), MoveKind::Line);
        let c = Crossing::of(sq("a5"), sq("a6"), MoveKind::Step);
        assert_eq!(
            a.intersect(b),
            Some(Crossing::Segment {
                vertical: true,
                line: 0,
                lo: 3,
                hi: 4
            })
        );
        assert_eq!(a.intersect(c), None);
        let d = Crossing::of(sq("b2"), sq("c3"), MoveKind::Diagonal);
        let e = Crossing::of(sq("c3"), sq("b2"), MoveKind::Diagonal);
        assert_eq!(d.intersect(e), Some(d));
        assert_eq!(d.intersect(a), None);
    }
}
