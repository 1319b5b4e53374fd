//! Position evaluation: material by kind, the worth of staying unidentified, advancement,
//! and the race between each side's pieces and the other side's Flag.
//!
//! The search evaluates determinized positions (every enemy rank drawn from the belief), so
//! the enemy Flag has a square in each of them: rewarding pieces that come near it, averaged
//! over the draws, pulls the army toward where the Flag probably stands.

use crate::board::Color;
use crate::board::{Position, Square};
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
    let rules = pos.rules();
    let us = pos.side_to_move();
    let mut score = 0;
    if rules.game() == GameKind::RankDuel {
        let p = pos.points();
        score += DUEL_POINT * (p[us.index()] - p[us.opponent().index()]);
    }
    let mut flags: [Option<Square>; 2] = [None; 2];
    for &sq in rules.board_squares() {
        let c = pos.cell(sq);
        if !c.is_piece() {
            continue;
        }
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
        } else if rules.kind(kind).role == BattleRole::Flag {
            flags[c.owner().index()] = Some(sq);
        }
        score += if c.is_of(us) { v } else { -v };
    }
    // Each side's nearest movable piece to the other's Flag.
    if rules.game() == GameKind::Stratego {
        for side in [us, us.opponent()] {
            let Some(flag) = flags[side.opponent().index()] else {
                continue;
            };
            let nearest = rules
                .board_squares()
                .iter()
                .filter(|&&sq| {
                    let c = pos.cell(sq);
                    c.is_piece() && c.is_of(side) && rules.kind_moves(c.kind()).movable
                })
                .map(|&sq| distance(sq, flag))
                .min();
            if let Some(d) = nearest {
                let v = FLAG_NEAR_PER_STEP * (FLAG_NEAR_STEPS - d).max(0);
                score += if side == us { v } else { -v };
            }
        }
    }
    score
}
