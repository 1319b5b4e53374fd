//! Invariants of the fast generator along random games: play/undo restores everything,
//! counting equals listing, every listed move passes the checked path.

mod common;

use stratagem::perft::{perft, perft_full};
use stratagem::rng::Rng;

#[test]
fn play_and_undo_restore_the_position_along_random_games() {
    for variant in common::presets() {
        for (v, settings) in common::VARIATIONS.iter().enumerate() {
            let rules = common::rules(variant, settings);
            let mut pos = common::random_start(&rules, v as u64);
            let mut rng = Rng::new(v as u64 * 31 + 7);
            for _ in 0..400 {
                let before = pos.clone();
                let text = pos.to_string();
                let moves = pos.legal_moves();
                for &m in moves.iter() {
                    pos.play_unchecked(m);
                    assert_eq!(pos.hash(), pos.compute_hash());
                    assert!(pos.undo());
                    assert_eq!(pos, before, "{variant} {settings:?} {m} in {text}");
                    assert_eq!(pos.to_string(), text);
                }
                // The checked path accepts exactly the generated moves.
                for &m in moves.iter().take(3) {
                    let mut copy = pos.clone();
                    assert!(copy.play(m).is_ok(), "{m} in {text}");
                }
                if common::random_playout(&mut pos, 1, &mut rng) == 0 {
                    assert!(pos.game_end().is_some(), "no moves but no end: {text}");
                    break;
                }
            }
        }
    }
}

#[test]
fn bulk_counting_equals_playing_every_leaf() {
    for variant in common::presets() {
        for (v, settings) in common::VARIATIONS.iter().enumerate() {
            let rules = common::rules(variant, settings);
            let mut pos = common::random_start(&rules, 50 + v as u64);
            let mut rng = Rng::new(v as u64);
            for round in 0..12 {
                if round % 2 == 0 {
                    common::random_playout(&mut pos, 17, &mut rng);
                } else {
                    for _ in 0..17 {
                        common::repetitive_step(&mut pos, &mut rng);
                    }
                }
                assert_eq!(
                    perft(&mut pos, 3),
                    perft_full(&mut pos, 3),
                    "{variant} {settings:?} {pos}"
                );
            }
        }
    }
}
