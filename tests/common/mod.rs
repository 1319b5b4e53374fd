//! Helpers shared by the integration tests: seeded starting positions and playouts built on
//! the library (the independent oracle lives in `tests/oracle/` and shares nothing).

#![allow(dead_code)]

pub mod process;

use std::sync::Arc;

use stratagem::board::{Color, Position, Setup};
use stratagem::rng::Rng;
use stratagem::rules::{Rules, PLAYABLE, PRESETS};

/// The preset with settings applied; panics on a bad name (test input is ours).
pub fn rules(variant: &str, settings: &[&str]) -> Arc<Rules> {
    Arc::new(Rules::with_settings(variant, settings).expect("test rules"))
}

/// A start position with random setups drawn from `seed`.
pub fn random_start(rules: &Arc<Rules>, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let red = Setup::random(rules, &mut rng);
    let blue = Setup::random(rules, &mut rng);
    let first = if rng.below(2) == 0 {
        Color::Red
    } else {
        Color::Blue
    };
    Position::from_setups(Arc::clone(rules), &red, &blue, first).expect("random setups fit")
}

/// Plays up to `plies` random legal moves; stops early when the game ends.
pub fn random_playout(pos: &mut Position, plies: usize, rng: &mut Rng) -> usize {
    for played in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return played;
        }
        let m = moves.as_slice()[rng.below(moves.len())];
        pos.play_unchecked(m);
    }
    plies
}

/// Option sets that change movement, battles or repetition, tried with every preset.
pub const VARIATIONS: [&[&str]; 5] = [
    &[],
    &["more-squares=no-repetition", "two-squares=2"],
    &["more-squares=chase", "two-squares=1"],
    &[
        "scout-moves=single",
        "bombs=explode",
        "equal-ranks=attacker-wins",
    ],
    &[
        "scout-range-attack=off",
        "power-squares=vacant",
        "two-squares=off",
    ],
];

/// Every preset name.
pub fn presets() -> impl Iterator<Item = &'static str> {
    PRESETS.iter().copied()
}

/// The presets the protocol, referee and `play` handle.
pub fn playable() -> impl Iterator<Item = &'static str> {
    PLAYABLE.iter().copied()
}

/// The text of a position on the rule set's board with the given pieces (`("e4", "rX+")`),
/// impassable squares as `_`, everything else empty; then `tail` (side, ply, history).
pub fn position_text(rules: &Rules, pieces: &[(&str, &str)], tail: &str) -> String {
    let g = rules.geometry();
    let mut rows = Vec::new();
    for row in (0..g.height()).rev() {
        let mut text = String::new();
        for file in 0..g.width() {
            let name = format!("{}{}", (b'a' + file) as char, row + 1);
            let sq: stratagem::board::Square = name.parse().unwrap();
            match pieces.iter().find(|(s, _)| *s == name) {
                Some((_, token)) => text.push_str(token),
                None if g.is_impassable(sq) => text.push('_'),
                None => text.push('.'),
            }
        }
        rows.push(text);
    }
    format!("{} {tail}", rows.join("/"))
}

/// A position from pieces and tail, read through the public text format.
pub fn position(rules: &Arc<Rules>, pieces: &[(&str, &str)], tail: &str) -> Position {
    let text = position_text(rules, pieces, tail);
    Position::from_text(Arc::clone(rules), &text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The legal moves as sorted strings.
pub fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays one move chosen to provoke the repetition rules: half of the time the move that
/// takes back this side's last move, or another move of the same piece, when legal.
/// Returns false when there is no legal move.
pub fn repetitive_step(pos: &mut Position, rng: &mut Rng) -> bool {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return false;
    }
    let h = pos.history();
    let last_own = h.len().checked_sub(2).map(|i| h[i]);
    let pick = match last_own {
        Some(e) if rng.below(2) == 0 => {
            let back = moves.iter().find(|m| m.from == e.to && m.to == e.from);
            let same: Vec<_> = moves.iter().filter(|m| m.from == e.to).collect();
            back.or_else(|| same.get(rng.below(same.len().max(1))).copied())
                .copied()
        }
        _ => None,
    };
    let m = pick.unwrap_or_else(|| moves.as_slice()[rng.below(moves.len())]);
    pos.play_unchecked(m);
    true
}
