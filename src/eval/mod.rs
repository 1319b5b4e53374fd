//! Position evaluation: material by kind, and the worth of staying unidentified.

use crate::board::Color;
use crate::board::Position;
use crate::rules::GameKind;
use crate::rules::{BattleRole, Rules};
use crate::search::params::{
    ADVANCE_PER_ROW, BOMB_VALUE, DUEL_POINT, FLAG_VALUE, HIDDEN_BONUS, RANK_VALUE,
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

/// The score of `pos` for the side to move, in centi-Scouts.
pub fn evaluate(pos: &Position) -> i32 {
    let rules = pos.rules();
    let us = pos.side_to_move();
    let mut score = 0;
    if rules.game() == GameKind::RankDuel {
        let p = pos.points();
        score += DUEL_POINT * (p[us.index()] - p[us.opponent().index()]);
    }
    for &sq in rules.board_squares() {
        let c = pos.cell(sq);
        if !c.is_piece() {
            continue;
        }
        let mut v = kind_value(rules, c.kind());
        if !c.is_revealed() {
            v += HIDDEN_BONUS;
        }
        if rules.kind_moves(c.kind()).movable {
            let advanced = match c.owner() {
                Color::Red => sq.row() as i32,
                Color::Blue => rules.geometry().height() as i32 - 1 - sq.row() as i32,
            };
            v += ADVANCE_PER_ROW * advanced;
        }
        score += if c.is_of(us) { v } else { -v };
    }
    score
}
