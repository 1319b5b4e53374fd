//! Every generated move is legal and every legal from-to pair is generated: the fast
//! generator against the independent oracle in `tests/oracle/`, on positions along random
//! games of every preset and rule variation.

mod common;
mod oracle;

use stratagem::rng::Rng;

#[test]
fn generator_and_oracle_agree_along_random_games() {
    let mut checked = 0;
    for variant in common::presets() {
        // The rank duel has no repetition rules or Scouts: only its own defaults apply.
        let variations = if variant == "rankduel" {
            &common::VARIATIONS[..1]
        } else {
            &common::VARIATIONS[..]
        };
        for (v, settings) in variations.iter().enumerate() {
            let rules = common::rules(variant, settings);
            let sets: Vec<(&str, &str)> =
                settings.iter().filter_map(|s| s.split_once('=')).collect();
            let mut pos = common::random_start(&rules, 1000 + v as u64);
            let mut rng = Rng::new(v as u64 + 77);
            for ply in 0..250 {
                let text = pos.to_string();
                let ours = common::moves(&pos);
                let theirs = oracle::legal_moves(variant, &sets, &text)
                    .unwrap_or_else(|e| panic!("oracle refused {text}: {e}"));
                assert_eq!(ours, theirs, "{variant} {settings:?} ply {ply}: {text}");
                checked += 1;
                let moved = if ply % 100 < 50 {
                    common::random_playout(&mut pos, 1, &mut rng) == 1
                } else {
                    common::repetitive_step(&mut pos, &mut rng)
                };
                if !moved {
                    break;
                }
            }
        }
    }
    assert!(checked > 1000);
}
