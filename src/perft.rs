//! Perft: leaf counts of the full-information game tree, the standard check of a move
//! generator.

use crate::board::Position;
use crate::movegen::Move;

/// Move buffers, one per ply, reused across the whole count.
struct Buffers(Vec<Vec<Move>>);

impl Buffers {
    fn new(depth: u32) -> Buffers {
        Buffers((0..=depth).map(|_| Vec::with_capacity(64)).collect())
    }

    /// The legal moves of `pos` in the buffer of `depth`, taken out while it is in use.
    fn take(&mut self, pos: &Position, depth: u32) -> Vec<Move> {
        let mut moves = std::mem::take(&mut self.0[depth as usize]);
        moves.clear();
        pos.generate(&mut moves);
        moves
    }

    fn give_back(&mut self, depth: u32, moves: Vec<Move>) {
        self.0[depth as usize] = moves;
    }
}

/// Leaf nodes `depth` plies below `pos`, counting the last ply in bulk (the moves are
/// counted, not played).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    count(pos, depth, true, &mut Buffers::new(depth))
}

/// As [`perft`], but every leaf move is played and taken back: measures play/undo.
pub fn perft_full(pos: &mut Position, depth: u32) -> u64 {
    count(pos, depth, false, &mut Buffers::new(depth))
}

fn count(pos: &mut Position, depth: u32, bulk: bool, buffers: &mut Buffers) -> u64 {
    match depth {
        0 => 1,
        1 if bulk => pos.count_legal(),
        _ => {
            let moves = buffers.take(pos, depth);
            let mut nodes = 0;
            for &m in &moves {
                pos.play_unchecked(m);
                nodes += count(pos, depth - 1, bulk, buffers);
                pos.undo();
            }
            buffers.give_back(depth, moves);
            nodes
        }
    }
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
