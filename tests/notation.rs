//! Round trips of every text format, and refusal of malformed text.

mod common;

use std::sync::Arc;

use stratagem::board::{Color, Position, Setup};
use stratagem::rng::Rng;

#[test]
fn positions_round_trip_along_random_games_of_every_preset() {
    for variant in common::presets() {
        let rules = common::rules(variant, &[]);
        for seed in 0..6 {
            let mut pos = common::random_start(&rules, seed);
            let mut rng = Rng::new(seed + 100);
            for _ in 0..300 {
                let text = pos.to_string();
                let back = Position::from_text(Arc::clone(&rules), &text)
                    .unwrap_or_else(|e| panic!("{variant}: {e}\n{text}"));
                assert_eq!(back, pos, "{variant}: {text}");
                assert_eq!(back.to_string(), text);
                assert_eq!(back.hash(), pos.hash());
                // The position read back has the same legal moves: the history it carries is
                // enough for the repetition rules.
                let a: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
                let b: Vec<String> = back.legal_moves().iter().map(|m| m.to_string()).collect();
                assert_eq!(a, b, "{variant}: {text}");
                if common::random_playout(&mut pos, 1, &mut rng) == 0 {
                    break;
                }
            }
        }
    }
}

#[test]
fn setups_round_trip_and_gravon_lines_read() {
    let rules = common::rules("classic", &[]);
    let mut rng = Rng::new(3);
    for _ in 0..50 {
        let s = Setup::random(&rules, &mut rng);
        assert_eq!(s.to_string().parse::<Setup>().unwrap(), s);
        assert!(s.check(&rules, Color::Red).is_ok());
        assert!(s.check(&rules, Color::Blue).is_ok());
    }
    let line = "BDGFDFDDDBHFLJGKDIFGEHEMCEHBDDIBJEIBHEBG";
    let s = Setup::from_gravon(line).unwrap();
    assert_eq!(s.to_string(), "B25424222B/64X8592745/363FS36B22/7B837B63B5");
    assert!(s.check(&rules, Color::Red).is_ok());
}

#[test]
fn setup_errors_list_every_problem() {
    let rules = common::rules("classic", &[]);
    let bad: Setup = "B25424222B/64X8592745/363FS36B22/7B837B63B"
        .parse()
        .unwrap();
    let problems = bad.check(&rules, Color::Red).unwrap_err();
    assert_eq!(problems.len(), 2, "{problems:?}"); // short last row, one Lieutenant missing
    let worse: Setup = "ZZ/..".parse().unwrap();
    let problems = worse.check(&rules, Color::Red).unwrap_err();
    // rows, two row lengths, the unknown letter once, and all twelve counts
    assert_eq!(problems.len(), 1 + 2 + 1 + 12, "{problems:?}");
    assert!("ab/c?".parse::<Setup>().is_err());
}

#[test]
fn gravon_field_reads_as_the_same_position_as_our_format() {
    let rules = common::rules("classic", &[]);
    let field = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDBAA__AA__AAAA__AA__AASRXPSRWURPTPQUTPOTSPNQNVUPVQNNRNYNQPQPTS";
    let pos = Position::from_text(Arc::clone(&rules), &format!("{field} b")).unwrap();
    assert_eq!(pos.side_to_move(), Color::Blue);
    let text = pos.to_string();
    assert!(text.starts_with("b4bBbFbB"), "{text}");
    assert_eq!(Position::from_text(Arc::clone(&rules), &text).unwrap(), pos);
    let a1 = pos.cell("a1".parse().unwrap());
    assert!(a1.is_of(Color::Red) && rules.kind(a1.kind()).letter == '7');
}

#[test]
fn malformed_positions_are_refused_with_the_token() {
    let rules = common::rules("classic", &[]);
    let good = common::random_start(&rules, 1).to_string();
    let cases = [
        String::new(),
        good.replacen('_', ".", 1),
        good.replacen(" r ", " x ", 1).replacen(" b ", " x ", 1),
        format!("{good} junk"),
        format!("{good} history a1"),
        format!("{good} history e4e5"),
        good.replacen('/', "", 1),
        good.replacen("rF", "rQ", 1),
        good.replacen("bF", "rF", 1),
        "IBJ r".to_string(),
    ];
    for bad in &cases {
        let err = Position::from_text(Arc::clone(&rules), bad);
        assert!(err.is_err(), "accepted: {bad}");
    }
}

#[test]
fn public_records_of_every_move_and_action_round_trip() {
    use stratagem::view::PublicMove;
    let mut seen_actions = std::collections::BTreeSet::new();
    for variant in common::presets() {
        let rules = common::rules(variant, &[]);
        for seed in 0..4 {
            let mut pos = common::random_start(&rules, seed);
            let mut rng = Rng::new(seed + 500);
            for _ in 0..300 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[rng.below(moves.len())];
                let record = PublicMove::observe(&pos, m);
                assert_eq!(record.action_text(), m.to_string());
                let text = record.display(&rules).to_string();
                let back =
                    PublicMove::parse(&text, &rules).unwrap_or_else(|e| panic!("{variant}: {e}"));
                assert_eq!(back, record, "{variant}: {text}");
                if let Some((_, action)) = text.split_once(':') {
                    seen_actions.insert(
                        action
                            .chars()
                            .take_while(|c| c.is_ascii_alphabetic())
                            .collect::<String>(),
                    );
                }
                if text == "pass" {
                    seen_actions.insert(text.clone());
                }
                pos.play_unchecked(m);
            }
        }
    }
    // Random games of the fantasy and duel presets use every kind of action.
    for action in ["reveal", "hypnotise", "strike", "shoot", "probe", "pass"] {
        assert!(
            seen_actions.contains(action),
            "{action} never played: {seen_actions:?}"
        );
    }
}
