//! Position evaluation: material by kind, the worth of staying unidentified, advancement,
//! and the race between each side's pieces and the other side's Flag.
//!
//! The search evaluates determinized positions (every enemy rank drawn from the belief), so
//! the enemy Flag has a square in each of them: rewarding pieces that come near it, averaged
//! over the draws, pulls the army toward where the Flag probably stands.

use crate::board::Color;
use crate::board::{Cell, Position, Square};
use crate::movegen::{Move, MoveKind};
use crate::rules::GameKind;
use crate::rules::{BattleRole, Rules};
use crate::search::params::{
    ADVANCE_PER_ROW, BOMB_VALUE, DUEL_POINT, FLAG_NEAR_PER_STEP, FLAG_NEAR_STEPS, FLAG_VALUE,
    HIDDEN_BONUS, HIDDEN_SHARE, RANK_VALUE,
};

/// The material value of a kind.
pub fn kind_value(rules: &Rules, kind: usize) -> i32 {
    let k = rules.kind(kind);
    match k.role {
        BattleRole::Flag => FLAG_VALUE,
        BattleRole::Bomb => BOMB_VALUE,
        BattleRole::Plain => RANK_VALUE[(k.rank as usize).min(RANK_VALUE.len() - 1)],
    }
}

/// The worth of a piece of `kind` that the opponent has not identified: a base, and a share
/// of its value (a hidden Marshal is worth far more than a hidden Scout).
pub fn hidden_value(rules: &Rules, kind: usize) -> i32 {
    let k = rules.kind(kind);
    match k.role {
        BattleRole::Plain => HIDDEN_BONUS + kind_value(rules, kind) / HIDDEN_SHARE,
        _ => HIDDEN_BONUS,
    }
}

/// Orthogonal steps between two squares, ignoring what stands between.
pub fn distance(a: Square, b: Square) -> i32 {
    (a.file().abs_diff(b.file()) + a.row().abs_diff(b.row())) as i32
}

/// The score of `pos` for the side to move, in centi-Scouts.
pub fn evaluate(pos: &Position) -> i32 {
    Incremental::new(pos).score(pos)
}

/// The evaluation kept up to date move by move, for the search: about half of its time went
/// to evaluating from scratch. A step or a Scout's move changes two squares, so only those
/// are counted again; any other move or action is counted from scratch.
///
/// The search plays moves through [`Incremental::play`] and takes them back by restoring
/// the copy it kept and undoing the move on the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Incremental {
    /// Each side's material, hidden bonus and advancement (Red, Blue).
    pieces: [i32; 2],
    /// Each side's Flag (the last found, where a side has several).
    flags: [Option<Square>; 2],
    /// The steps from each side's nearest movable piece to the other side's Flag.
    nearest: [Option<i32>; 2],
}

impl Incremental {
    /// Counts everything from scratch.
    pub fn new(pos: &Position) -> Incremental {
        let rules = pos.rules();
        let mut inc = Incremental {
            pieces: [0; 2],
            flags: [None; 2],
            nearest: [None; 2],
        };
        for side in [Color::Red, Color::Blue] {
            for sq in pos.occupied_squares(side) {
                let c = pos.cell(sq);
                inc.pieces[side.index()] += piece_term(pos, sq, c);
                if rules.is_flag(c.kind()) {
                    inc.flags[side.index()] = Some(sq);
                }
            }
        }
        for side in [Color::Red, Color::Blue] {
            inc.nearest[side.index()] = inc.count_nearest(pos, side);
        }
        inc
    }

    /// Plays `m` on `pos` and brings the counts up to date.
    pub fn play(&mut self, pos: &mut Position, m: Move) {
        if !matches!(m.kind, MoveKind::Step | MoveKind::Line) {
            pos.play_unchecked(m);
            *self = Incremental::new(pos);
            return;
        }
        let squares = [m.from, m.to];
        let before = squares.map(|sq| pos.cell(sq));
        pos.play_unchecked(m);
        let after = squares.map(|sq| pos.cell(sq));
        let rules = pos.rules();
        let mut rescan = [false; 2];
        for (sq, (old, new)) in squares.into_iter().zip(before.into_iter().zip(after)) {
            if old.is_piece() {
                let side = old.owner().index();
                self.pieces[side] -= piece_term(pos, sq, old);
                if rules.is_flag(old.kind()) && !(new.is_piece() && rules.is_flag(new.kind())) {
                    // A Flag was taken (the game ends, or a side with several lost one).
                    *self = Incremental::new(pos);
                    return;
                }
                let target = self.flags[side ^ 1];
                if rules.kind_moves(old.kind()).movable
                    && target.is_some_and(|f| Some(distance(sq, f)) == self.nearest[side])
                {
                    rescan[side] = true;
                }
            }
            if new.is_piece() {
                let side = new.owner().index();
                self.pieces[side] += piece_term(pos, sq, new);
                if let (true, Some(f)) =
                    (rules.kind_moves(new.kind()).movable, self.flags[side ^ 1])
                {
                    let d = distance(sq, f);
                    self.nearest[side] = Some(self.nearest[side].map_or(d, |n| n.min(d)));
                }
            }
        }
        for side in [Color::Red, Color::Blue] {
            if rescan[side.index()] {
                self.nearest[side.index()] = self.count_nearest(pos, side);
            }
        }
    }

    /// The steps from `side`'s nearest movable piece to the other side's Flag.
    fn count_nearest(&self, pos: &Position, side: Color) -> Option<i32> {
        let rules = pos.rules();
        let flag = self.flags[side.opponent().index()]?;
        pos.occupied_squares(side)
            .filter(|&sq| rules.kind_moves(pos.cell(sq).kind()).movable)
            .map(|sq| distance(sq, flag))
            .min()
    }

    /// The score for the side to move.
    pub fn score(&self, pos: &Position) -> i32 {
        let rules = pos.rules();
        let us = pos.side_to_move();
        let (u, t) = (us.index(), us.opponent().index());
        let mut score = self.pieces[u] - self.pieces[t];
        if rules.game() == GameKind::RankDuel {
            let p = pos.points();
            score += DUEL_POINT * (p[u] - p[t]);
        }
        // Each side's nearest movable piece to the other's Flag.
        if rules.game() == GameKind::Stratego {
            let near =
                |n: Option<i32>| n.map_or(0, |d| FLAG_NEAR_PER_STEP * (FLAG_NEAR_STEPS - d).max(0));
            score += near(self.nearest[u]) - near(self.nearest[t]);
        }
        score
    }
}

/// What one piece adds to its side: its value, the worth of being unidentified, and how far
/// it has advanced when it can move.
fn piece_term(pos: &Position, sq: Square, c: Cell) -> i32 {
    let rules = pos.rules();
    let kind = c.kind();
    let mut v = kind_value(rules, kind);
    if !c.is_revealed() {
        v += hidden_value(rules, kind);
    }
    if rules.kind_moves(kind).movable {
        let advanced = match c.owner() {
            Color::Red => sq.row() as i32,
            Color::Blue => rules.geometry().height() as i32 - 1 - sq.row() as i32,
        };
        v += ADVANCE_PER_ROW * advanced;
    }
    v
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board::Setup;
    use crate::rng::Rng;
    use crate::rules::Rules;

    /// Along random games of every preset, the evaluation kept move by move equals the one
    /// counted from scratch, after each move and after taking it back.
    #[test]
    fn incremental_evaluation_matches_a_fresh_count() {
        for name in crate::rules::PRESETS {
            let rules = Arc::new(Rules::preset(name).unwrap());
            let mut rng = Rng::new(7);
            for _game in 0..3 {
                let red = Setup::random(&rules, &mut rng);
                let blue = Setup::random(&rules, &mut rng);
                let mut pos =
                    Position::from_setups(Arc::clone(&rules), &red, &blue, Color::Red).unwrap();
                let mut inc = Incremental::new(&pos);
                for _ply in 0..300 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves.as_slice()[rng.below(moves.len())];
                    let kept = inc;
                    inc.play(&mut pos, m);
                    assert_eq!(inc, Incremental::new(&pos), "{name}: after {m}");
                    assert_eq!(inc.score(&pos), evaluate(&pos));
                    if rng.below(4) == 0 {
                        pos.undo();
                        inc = kept;
                        assert_eq!(inc, Incremental::new(&pos), "{name}: after undoing {m}");
                    }
                }
            }
        }
    }
}
