//! Hand-checked rule cases: movement, battles, repetition rules and the end of the game.
//! Every expected list here was worked out by hand from `docs/rules.md`.

mod common;

use common::{moves, position, rules};
use stratagem::board::{Color, GameEnd};

#[test]
fn scout_lines_stop_at_pieces_and_lakes_and_range_attack() {
    let r = rules("classic", &[]);
    // Red Scout on c4: north is c5 (lake); west b4, a4; east d4 then e4 holds a blue piece;
    // south c3, c2, then c1 holds a red Bomb.
    let pieces = [
        ("c4", "r2"),
        ("e4", "b7"),
        ("c1", "rB"),
        ("a10", "bF"),
        ("a1", "rF"),
    ];
    let pos = position(&r, &pieces, "r 0");
    assert_eq!(
        moves(&pos),
        ["c4a4", "c4b4", "c4c2", "c4c3", "c4d4", "c4e4"]
    );
    let r = rules("classic", &["scout-range-attack=off"]);
    let pos = position(&r, &pieces, "r 0");
    assert_eq!(moves(&pos), ["c4a4", "c4b4", "c4c2", "c4c3", "c4d4"]);
    let r = rules("classic", &["scout-moves=single"]);
    let pos = position(&r, &pieces, "r 0");
    assert_eq!(moves(&pos), ["c4b4", "c4c3", "c4d4"]);
}

#[test]
fn battles_follow_the_exceptions() {
    let r = rules("classic", &[]);
    let cases = [
        // attacker, defender, what stands on e5 afterwards (None: empty)
        ("rS", "bX", Some("rS+*")),
        ("rX", "bS", Some("rX+*")),
        ("r3", "bB", Some("r3+*")),
        ("r9", "bB", Some("bB*")),
        ("r7", "b7", None),
        ("r4", "b6", Some("b6*")),
    ];
    for (att, def, after) in cases {
        let mut pos = position(
            &r,
            &[("e4", att), ("e5", def), ("a1", "rF"), ("j10", "bF")],
            "r 0",
        );
        pos.play_text("e4e5").unwrap();
        let e5 = pos.cell("e5".parse().unwrap());
        let text = pos.to_string();
        match after {
            None => assert!(e5.is_empty(), "{att} x {def}: {text}"),
            Some(token) => assert!(text.contains(token), "{att} x {def}: {text}"),
        }
        assert!(pos.cell("e4".parse().unwrap()).is_empty());
    }
    let r = rules("classic", &["bombs=explode"]);
    let mut pos = position(
        &r,
        &[("e4", "r9"), ("e5", "bB"), ("a1", "rF"), ("j10", "bF")],
        "r 0",
    );
    pos.play_text("e4e5").unwrap();
    assert!(pos.cell("e5".parse().unwrap()).is_empty());
    let r = rules("classic", &["equal-ranks=attacker-wins"]);
    let mut pos = position(
        &r,
        &[("e4", "r7"), ("e5", "b7"), ("a1", "rF"), ("j10", "bF")],
        "r 0",
    );
    pos.play_text("e4e5").unwrap();
    assert!(pos.cell("e5".parse().unwrap()).is_of(Color::Red));
}

#[test]
fn flag_capture_ends_the_game() {
    let r = rules("classic", &[]);
    let mut pos = position(
        &r,
        &[("e4", "r2"), ("e9", "bF"), ("a1", "rF"), ("j10", "b3")],
        "r 0",
    );
    pos.play_text("e4e9").unwrap();
    assert_eq!(
        pos.game_end(),
        Some(GameEnd::FlagCaptured { loser: Color::Blue })
    );
    assert_eq!(pos.count_legal(), 0);
    assert!(pos.play_text("j10j9").is_err());
}

#[test]
fn a_side_that_cannot_move_loses_and_neither_draws() {
    let r = rules("classic", &[]);
    let pos = position(
        &r,
        &[("a1", "rF"), ("b1", "rB"), ("j10", "bF"), ("e7", "b3")],
        "r 0",
    );
    assert_eq!(pos.game_end(), Some(GameEnd::NoMoves { loser: Color::Red }));
    let pos = position(
        &r,
        &[("a1", "rF"), ("b1", "rB"), ("j10", "bF"), ("j9", "bB")],
        "r 0",
    );
    assert_eq!(pos.game_end(), Some(GameEnd::NeitherCanMove));
}

#[test]
fn ply_limit_draws() {
    let r = rules("classic", &["ply-limit=10"]);
    let pieces = [("a1", "rF"), ("e4", "r5"), ("j10", "bF"), ("e7", "b5")];
    assert_eq!(
        position(&r, &pieces, "r 10").game_end(),
        Some(GameEnd::PlyLimit)
    );
    assert_eq!(position(&r, &pieces, "r 9").game_end(), None);
}

#[test]
fn two_squares_rule_forbids_the_fourth_crossing() {
    let r = rules("classic", &["more-squares=none"]);
    let pieces = [("a1", "rF"), ("e4", "r5+"), ("j10", "bF"), ("a9", "b5+")];
    // Red moved e3-e4, e4-e3, e3-e4: three crossings of the e3|e4 boundary.
    let pos = position(&r, &pieces, "r 6 history e3e4 a10a9 e4e3 a9a10 e3e4 a10a9");
    assert_eq!(moves(&pos), ["e4d4", "e4e5", "e4f4"]);
    // Only two crossings: e4-e3 is still allowed.
    let pos = position(&r, &pieces, "r 4 history e4e3 a9a10 e3e4 a10a9");
    assert!(moves(&pos).contains(&"e4e3".to_string()));
    // Another piece moved in between: the sequence restarts.
    let pieces2 = [
        ("a1", "rF"),
        ("e4", "r5+"),
        ("g1", "r5+"),
        ("j10", "bF"),
        ("a9", "b5+"),
    ];
    let pos = position(&r, &pieces2, "r 6 history e4e3 a10a9 g2g1 a9a10 e3e4 a10a9");
    assert!(moves(&pos).contains(&"e4e3".to_string()));
    // Probe's N = 5 allows the fourth and fifth.
    let r5 = rules("classic", &["more-squares=none", "two-squares=5"]);
    let pos = position(&r5, &pieces, "r 6 history e3e4 a10a9 e4e3 a9a10 e3e4 a10a9");
    assert!(moves(&pos).contains(&"e4e3".to_string()));
}

#[test]
fn two_squares_rule_counts_every_boundary_a_scout_crosses() {
    let r = rules("classic", &["more-squares=none"]);
    let pieces = [("a1", "rF"), ("a5", "r2+*"), ("j10", "bF"), ("j7", "b5+")];
    // a2-a5, a5-a2, a2-a5: boundaries a2|a3 … a4|a5 crossed three times.
    let pos = position(&r, &pieces, "r 6 history a2a5 j8j7 a5a2 j7j8 a2a5 j8j7");
    let m = moves(&pos);
    for forbidden in ["a5a4", "a5a3", "a5a2"] {
        assert!(!m.contains(&forbidden.to_string()), "{forbidden}: {m:?}");
    }
    for allowed in ["a5a6", "a5b5"] {
        assert!(m.contains(&allowed.to_string()), "{allowed}: {m:?}");
    }
    // The common boundaries are those all moves crossed: a2-a5, a5-a2, a2-a4 share a2|a3
    // and a3|a4, so from a4 the Scout may not go down, but a4-a5 (boundary a4|a5) is free.
    let pieces = [("a1", "rF"), ("a4", "r2+*"), ("j10", "bF"), ("j7", "b5+")];
    let pos = position(&r, &pieces, "r 6 history a2a5 j8j7 a5a2 j7j8 a2a4 j8j7");
    let m = moves(&pos);
    assert!(
        !m.contains(&"a4a3".to_string()) && !m.contains(&"a4a2".to_string()),
        "{m:?}"
    );
    assert!(
        m.contains(&"a4a5".to_string()) && m.contains(&"a4a6".to_string()),
        "{m:?}"
    );
}

#[test]
fn no_repetition_forbids_recreating_a_position_but_not_going_back() {
    let r = rules("probe-classic", &["two-squares=off"]);
    let pieces = [("a1", "rF"), ("e4", "r5+"), ("j10", "bF"), ("h9", "b5+")];
    // Red walked e4-f4-f5-e5-e4 while Blue went h9-h8-h9-h8-h9. e4-f4 again would recreate
    // the position after the first move; e4-e5 would recreate the one after the fifth, but
    // it takes Red's last move back (the return exemption).
    let history = "r 8 history e4f4 h9h8 f4f5 h8h9 f5e5 h9h8 e5e4 h8h9";
    let pos = position(&r, &pieces, history);
    assert_eq!(moves(&pos), ["e4d4", "e4e3", "e4e5"]);
    let r = rules("probe-classic", &["two-squares=off", "more-squares=none"]);
    let pos = position(&r, &pieces, history);
    assert_eq!(moves(&pos), ["e4d4", "e4e3", "e4e5", "e4f4"]);
    // The walk is not a chase (Red never moved next to the Blue piece): nothing forbidden.
    let r = rules("classic", &["two-squares=off"]);
    let pos = position(&r, &pieces, history);
    assert_eq!(moves(&pos), ["e4d4", "e4e3", "e4e5", "e4f4"]);
}

#[test]
fn chase_rule_forbids_a_chasing_move_that_recreates_a_chase_position() {
    // Blue's Sergeant runs around the block b7 b8 c8 c7; Red's Lieutenants follow, one on
    // each side. Red's d7-d8 would recreate the position after the fifth move.
    let pieces = [
        ("a1", "rF"),
        ("a8", "r5+"),
        ("d7", "r5+"),
        ("j10", "bF"),
        ("c8", "b4+"),
    ];
    let history = "r 12 history a6a7 b7b8 a7a8 b8c8 d9d8 c8c7 d8d7 c7b7 a8a7 b7b8 a7a8 b8c8";
    let r = rules("classic", &["two-squares=off"]);
    let pos = position(&r, &pieces, history);
    assert_eq!(moves(&pos), ["a8a7", "a8a9", "a8b8", "d7c7", "d7e7"]);
    let r = rules(
        "classic",
        &["two-squares=off", "more-squares=no-repetition"],
    );
    let pos = position(&r, &pieces, history);
    assert_eq!(moves(&pos), ["a8a7", "a8a9", "a8b8", "d7c7", "d7e7"]);
    let r = rules("classic", &["two-squares=off", "more-squares=none"]);
    let pos = position(&r, &pieces, history);
    assert_eq!(
        moves(&pos),
        ["a8a7", "a8a9", "a8b8", "d7c7", "d7d8", "d7e7"]
    );
    // An attack ends the chase: with the sixth move an attack, the position after the fifth
    // no longer counts.
    let r = rules("classic", &["two-squares=off"]);
    let attacked = history.replacen("c8c7", "c8c7x", 1);
    let pos = position(&r, &pieces, &attacked);
    assert_eq!(
        moves(&pos),
        ["a8a7", "a8a9", "a8b8", "d7c7", "d7d8", "d7e7"]
    );
}

#[test]
fn enhanced_special_moves() {
    let r = rules("probe-enhanced", &[]);
    let flags = [("a1", "rF"), ("k11", "bF")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut v = flags.to_vec();
        v.extend_from_slice(extra);
        v
    };
    // Captain: diagonals too, attacking on f5; d5 is a barrier.
    let pos = position(&r, &with(&[("e4", "r6"), ("f5", "b9")]), "r 0");
    assert_eq!(
        moves(&pos),
        ["e4d3", "e4d4", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"]
    );
    let off = rules("probe-enhanced", &["captain-diagonal=off"]);
    let pos = position(&off, &with(&[("e4", "r6"), ("f5", "b9")]), "r 0");
    assert_eq!(moves(&pos), ["e4d4", "e4e3", "e4e5", "e4f4"]);
    // Lieutenant: over its own Bomb to e6, over the enemy on f4 to g4.
    let pos = position(
        &r,
        &with(&[("e4", "r5"), ("e5", "rB"), ("f4", "b9")]),
        "r 0",
    );
    assert_eq!(moves(&pos), ["e4d4", "e4e3", "e4e6", "e4f4", "e4g4"]);
    // Sergeant: across the barrier c6-d6 to e6, and across c5-c7 to c8.
    let pos = position(
        &r,
        &with(&[("b6", "r4"), ("c4", "r4"), ("e6", "b3")]),
        "r 0",
    );
    assert_eq!(
        moves(&pos),
        ["b6a6", "b6b5", "b6b7", "b6e6", "c4b4", "c4c3", "c4c8", "c4d4"]
    );
    // Power Squares: a6 to f6 (vacant) and k6 (enemy, only with `full`).
    let power = with(&[("a6", "r7"), ("k6", "b3")]);
    let pos = position(&r, &power, "r 0");
    assert_eq!(moves(&pos), ["a6a5", "a6a7", "a6b6", "a6f6", "a6k6"]);
    let vacant = rules("probe-enhanced", &["power-squares=vacant"]);
    assert_eq!(
        moves(&position(&vacant, &power, "r 0")),
        ["a6a5", "a6a7", "a6b6", "a6f6"]
    );
    let none = rules("probe-enhanced", &["power-squares=off"]);
    assert_eq!(
        moves(&position(&none, &power, "r 0")),
        ["a6a5", "a6a7", "a6b6"]
    );
}

#[test]
fn checked_play_refuses_illegal_moves_and_keeps_the_position() {
    let r = rules("classic", &[]);
    let mut pos = position(
        &r,
        &[("a1", "rF"), ("e4", "r5"), ("j10", "bF"), ("e7", "b5")],
        "r 0",
    );
    let before = pos.clone();
    for bad in ["e4e6", "a1a2", "e7e6", "e4", "e4e4", "zz", "e4d4x"] {
        assert!(pos.play_text(bad).is_err(), "{bad}");
        assert_eq!(pos, before);
    }
    pos.play_text("e4e5").unwrap();
    assert!(pos.undo());
    assert_eq!(pos, before);
    assert!(!pos.undo());
}
