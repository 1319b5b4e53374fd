//! The fixed positions and player views of `stratagem bench`, and `stratagem bench --perft`:
//! move generation speed on those positions.
//!
//! Each position is counted twice: with the last ply in bulk (moves counted, not played)
//! and in full (every leaf move played and taken back). The leaf counts double as a
//! signature of the move generator: they change only when the rules do.

use std::sync::Arc;
use std::time::Instant;

use crate::board::{Color, Position, Setup};
use crate::perft::{perft, perft_full};
use crate::rules::Rules;
use crate::view::View;

/// A bench position: a name, the variant, and the text.
pub struct BenchPosition {
    pub name: &'static str,
    pub variant: &'static str,
    pub text: &'static str,
}

/// The fixed positions: a classic start from two Gravon setups (lines 1 and 2 of
/// `classic-gravon.txt`), a classic middle game with Scouts and open lanes, and an Enhanced
/// middle game with special moves, all reached by seeded random play; and a classic end game
/// set by hand, in which both Flags stand walled in by Bombs in a corner and a Miner the
/// other side has not identified walks down the a-file toward Red's wall, so that the
/// search's signature covers the Miners' race for walled Flags.
pub const POSITIONS: [BenchPosition; 4] = [
    BenchPosition {
        name: "classic start",
        variant: "classic",
        text: "b4bBbFbBb3b2b3b2b6b5/bBb3bBb8b7b2b8b3bBbB/b6b2b3b7b6b2bSb6b5b2/b5b4bXb2b5b4b9b7b4b2/..__..__../..__..__../rBr2r5r4r2r4r2r2r2rB/r6r4rXr8r5r9r2r7r4r5/r3r6r3rFrSr3r6rBr2r2/r7rBr8r3r7rBr6r3rBr5 r 0",
    },
    BenchPosition {
        name: "classic middle game",
        variant: "classic",
        text: "b4bBbFbB.b3+b3b2b6b5/bBb3bBb8+b7.b8.bB*bB/.b6+.b2+b6.bSb3+b6+./.bX+b3+.b7+.b9b7.b5+/b5+.__..__../..__.r9+*__.r4+/rB.r5r3+.....rB*/r6.rXr8.r4+*.r7+.r5/r3r6r3rFr7+r6+r2+rBr2+./r7rBr8r3.rBr6+r3rBr5 r 90 history h4h3 f10f5x e1e2 j8i8 j2i2 e10f10",
    },
    BenchPosition {
        name: "enhanced middle game",
        variant: "probe-enhanced",
        text: "bBb5b3bBbXb3b7b3bBb4b2/bBb2b7b4b4b6+*b6+bFb7+b3+b5/.b2+*b2b2.b6+*bBbB.b3+b2+/.b8+.b2bS+.b4*bB*b3b5b5*/b6+*.__...__../b8+*b4+__...__.b9+*/..__...__../r4+rB.rX+.r3+rS+...r9+/.r3+r7+r5+rBr8+r5+..rBrB/r2r4r5rFrBrBrBr3r5+r2+r2/r3r2r4r2r7r3r6r8r6+r3+r7 r 80 history i3i2 b7b6 h3h4 f7f6 h4h8x f6k6 k5k6x b8a7 j4k4 c8b8",
    },
    BenchPosition {
        name: "classic miner raid",
        variant: "classic",
        text: "bBb3.....b4bBbF/..b6.b2+..b5.bB/b7+..b8....b3./.....b9+..../..__..__../..__..__../b3+.r5+...r7+.../.r6..r2+..r3../rB.r8.....r4./rFrB..rX..r3+.rB r 300",
    },
];

/// A bench view: one player's view of a real game, built the way the engine builds it from
/// `position`: its own setup, then the public history move by move. A view made from a
/// full-information position knows what the position marks (moved, revealed) and nothing
/// of how the enemy behaved, so the evidence the belief draws from a game's history (the
/// attacks the enemy declined, its blind attacks, which pieces moved toward ours) and the
/// search's weighing of the avengers beside our identified pieces fire only here.
pub struct BenchView {
    pub name: &'static str,
    pub variant: &'static str,
    pub side: Color,
    pub first: Color,
    pub setup: &'static str,
    pub moves: &'static str,
}

impl BenchView {
    /// The view after the whole history, with no memory of earlier games.
    pub fn view(&self) -> Result<View, String> {
        let rules = Arc::new(Rules::preset(self.variant).map_err(|e| e.to_string())?);
        let setup: Setup = self
            .setup
            .parse()
            .map_err(|e: crate::board::SetupError| e.to_string())?;
        let mut view =
            View::new(rules, self.side, &setup, None, self.first).map_err(|e| e.to_string())?;
        view.replay(self.moves.split_whitespace())?;
        Ok(view)
    }
}

/// The fixed views: Red's before ply 68 of a game of self-play at 50 ms a move (round 3
/// of the SPRT at seed 378, session 57). Red's identified Marshal on a7 and Colonel on b6
/// stand beside hidden pieces that have left them alone for turns, and Red's root moves
/// weigh the avengers beside them; with `Declined Attacks` off the search takes another
/// move.
pub const VIEWS: [BenchView; 1] = [BenchView {
    name: "classic game, ply 68",
    variant: "classic",
    side: Color::Red,
    first: Color::Red,
    setup: "7294252327/X62832686S/34B7263B43/5B4B52BFB5",
    moves: "a4a5 a7a6 a5a6x76> e7e6 f4f5 e6e5 a6a5 e5e6 a5a6 e6f6 f5e5 f6e6 e5f5 e6e5 f5f6 \
        e5f5 a6b6 b7a7 b6a6 a7b7 a6b6 b7a7 j4j5 f5e5 j5j6 e5e6 b6a6 a7b7 a6b6 b7a7 b6a6 a7b7 \
        j6j7x72> e6e5 a6b6 b7a7 b6a6 a7b7 a6b6 b7a7 b6b5 a7a3x2X< j7j8x74> i8j8x87> b5b6 d7e7 \
        i4j4 e7e6 a3a4 e6f6x75> e4f4 f6f5 f4e4 e5e6 e4e5 f5e5x72> a4a5 f7f6 j4j5 f6f4 a5a6 \
        j8j7 j5j4 f4g4x22= a6a7 j7j6 j4i4 j6j5",
}];

/// Runs every bench position at `depth` and prints one line per measurement, then the
/// totals: `<leaves> leaves <rate> leaves/s` for bulk counting and for full play/undo.
pub fn run(depth: u32) -> Result<(), String> {
    let mut totals = [(0u64, 0f64); 2];
    for bp in &POSITIONS {
        let rules = Arc::new(Rules::preset(bp.variant).map_err(|e| e.to_string())?);
        let mut pos = Position::from_text(rules, bp.text).map_err(|e| e.to_string())?;
        for (i, (mode, f)) in [
            ("bulk", perft as fn(&mut Position, u32) -> u64),
            ("full", perft_full),
        ]
        .into_iter()
        .enumerate()
        {
            let start = Instant::now();
            let leaves = f(&mut pos, depth);
            let secs = start.elapsed().as_secs_f64();
            totals[i].0 += leaves;
            totals[i].1 += secs;
            println!(
                "{:<22} depth {depth} {mode}: {leaves:>12} leaves {:>8.3} s {:>12.0} leaves/s",
                bp.name,
                secs,
                leaves as f64 / secs.max(1e-9)
            );
        }
    }
    for (mode, (leaves, secs)) in ["bulk", "full"].iter().zip(totals) {
        println!(
            "total {mode}: {leaves} leaves {:.0} leaves/s",
            leaves as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::view::{Belief, Evidence};

    /// Every bench view replays, and its history holds what it is there for: enemy pieces
    /// that left our identified ones alone, which the belief reads only with that
    /// evidence on.
    #[test]
    fn bench_views_replay_and_carry_declined_attacks() {
        for bv in &VIEWS {
            let view = bv.view().unwrap_or_else(|e| panic!("{}: {e}", bv.name));
            assert!(
                view.enemy_pieces()
                    .iter()
                    .any(|p| p.square.is_some() && p.declined.iter().any(|&n| n > 0)),
                "{}: no enemy piece on the board declined an attack",
                bv.name
            );
            let marginals = |declines: bool| {
                let evidence = Evidence::ALL.with_declines(declines);
                Belief::new(&view, evidence).marginals(&view, &mut Rng::new(1), 200)
            };
            assert_ne!(marginals(true), marginals(false), "{}", bv.name);
        }
    }
}
