//! Perft: leaf counts of the full-information game tree, the standard check of a move
//! generator.

use crate::board::Position;
use crate::movegen::Move;

/// Leaf nodes `depth` plies below `pos`, counting the last ply in bulk (the moves are
/// counted, not played).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let moves = pos.legal_moves();
            let mut nodes = 0;
            for &m in moves.iter() {
                pos.play_unchecked(m);
                nodes += perft(pos, depth - 1);
                pos.undo();
            }
            nodes
        }
    }
}

/// As [`perft`], but every leaf move is played and taken back: measures play/undo.
pub fn perft_full(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    let mut nodes = 0;
    for &m in moves.iter() {
        pos.play_unchecked(m);
        nodes += perft_full(pos, depth - 1);
        pos.undo();
    }
    nodes
}

/// The leaf count below each legal first move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            pos.play_unchecked(m);
            let n = perft(pos, depth - 1);
            pos.undo();
            (m, n)
        })
        .collect()
}
