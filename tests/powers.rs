//! Hand-checked cases of the fantasy powers and the rank duel (`docs/rules.md`), worked
//! out from the rules page alone.

mod common;

use common::{moves, position, rules};
use stratagem::board::{Color, GameEnd, Position};

/// The legal moves of the piece on `sq` (actions included), sorted.
fn moves_from(pos: &Position, sq: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(sq) && !m[sq.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

const FLAGS: [(&str, &str); 2] = [("a1", "rF"), ("j10", "bF")];

fn with(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut v = FLAGS.to_vec();
    v.extend_from_slice(extra);
    v
}

#[test]
fn dragon_flies_over_pieces_but_not_lakes() {
    let r = rules("fantasy", &[]);
    let pos = position(
        &r,
        &with(&[
            ("e4", "rX"),
            ("e5", "r2"),
            ("e6", "b3"),
            ("e3", "r2"),
            ("c4", "b3"),
        ]),
        "r 0",
    );
    // East and west steps; over e5-e6 to e7; over e3 to e2; d4 empty, so no flight west,
    // and c4 is only reached by stepping to d4 first.
    assert_eq!(moves_from(&pos, "e4"), ["e4d4", "e4e2", "e4e7", "e4f4"]);
    // Over the lake? A Dragon on c7 above the lake c6-c5: c6 is impassable, no flight.
    let pos = position(
        &r,
        &with(&[("c7", "rX"), ("c8", "r2"), ("b7", "r2"), ("d7", "r2")]),
        "r 0",
    );
    assert_eq!(moves_from(&pos, "c7"), ["c7a7", "c7c9", "c7e7"]);
    let diag = rules("fantasy", &["dragon-diagonal=on"]);
    let pos = position(
        &diag,
        &with(&[("e4", "rX"), ("f3", "b3"), ("f5", "b3")]),
        "r 0",
    );
    // Over f3 to g2; over f5 the line meets the lake on g6.
    assert_eq!(
        moves_from(&pos, "e4"),
        ["e4d4", "e4e3", "e4e5", "e4f4", "e4g2"]
    );
}

#[test]
fn knights_move_two_squares_through_an_empty_one() {
    let r = rules("fantasy", &[]);
    let pos = position(
        &r,
        &with(&[("e4", "r8"), ("e6", "b3"), ("d4", "r2"), ("f4", "b2")]),
        "r 0",
    );
    // e4e6 attacks over empty e5; east is blocked by the enemy on f4 (only a step attack);
    // west blocked by the own d4; south e2 over e3.
    assert_eq!(
        moves_from(&pos, "e4"),
        ["e4e2", "e4e3", "e4e5", "e4e6", "e4f4"]
    );
}

#[test]
fn sorceress_reveals_within_two() {
    let r = rules("fantasy", &[]);
    let pos = position(
        &r,
        &with(&[("e4", "r9"), ("g2", "b3"), ("h4", "b3"), ("c4", "b5*")]),
        "r 0",
    );
    assert_eq!(
        moves_from(&pos, "e4"),
        ["e4d4", "e4e3", "e4e5", "e4f4", "e4g2:reveal"]
    );
    let mut pos = pos;
    pos.play_text("e4g2:reveal").unwrap();
    let text = pos.to_string();
    assert!(text.contains("b3*") && text.contains("r9*"), "{text}");
}

#[test]
fn mage_hypnotises_lower_ranks_once() {
    let r = rules("fantasy", &[]);
    let mut pos = position(
        &r,
        &with(&[("e4", "r6"), ("e6", "b5"), ("f5", "b7"), ("d3", "bT")]),
        "r 0",
    );
    let m = moves_from(&pos, "e4");
    assert!(m.contains(&"e4e6:hypnotise".to_string()) && m.contains(&"e4f5:hypnotise".to_string()));
    // A Trap may be tried (the Mage cannot know what it is) but resists.
    assert!(m.contains(&"e4d3:hypnotise".to_string()));
    pos.play_text("e4d3:hypnotise").unwrap();
    assert!(
        pos.cell("d3".parse().unwrap()).is_of(Color::Blue),
        "a Trap does not change sides"
    );
    pos.undo();
    pos.play_text("e4f5:hypnotise").unwrap();
    assert!(
        pos.cell("f5".parse().unwrap()).is_of(Color::Blue),
        "a 7 does not change sides"
    );
    pos.undo();
    pos.play_text("e4e6:hypnotise").unwrap();
    let e6 = pos.cell("e6".parse().unwrap());
    assert!(e6.is_of(Color::Red) && e6.is_hypnotised() && e6.is_revealed());
    // Read back, the piece counts for Blue still (it started there).
    let back = Position::from_text(r.clone(), &pos.to_string()).unwrap();
    assert_eq!(back, pos);
    // A Blue Mage cannot turn it back.
    let pos = position(
        &r,
        &with(&[("e4", "b6"), ("e6", "r5*~"), ("a4", "r2")]),
        "b 0",
    );
    assert!(!moves_from(&pos, "e4")
        .iter()
        .any(|m| m.ends_with("hypnotise")));
}

#[test]
fn elemental_strikes_every_neighbour_at_once() {
    let r = rules("fantasy", &[]);
    let mut pos = position(
        &r,
        &[
            ("a1", "rF"),
            ("e4", "r5"),
            ("e5", "b3"),
            ("f5", "b7"),
            ("d3", "bF"),
            ("j9", "b2"),
        ],
        "r 0",
    );
    pos.play_text("e4:strike").unwrap();
    assert!(pos.cell("e5".parse().unwrap()).is_empty(), "the 3 loses");
    assert!(
        pos.cell("f5".parse().unwrap()).is_revealed(),
        "the 7 wins and is revealed"
    );
    assert!(
        pos.cell("d3".parse().unwrap()).is_empty(),
        "the Flag is captured"
    );
    assert!(
        pos.cell("e4".parse().unwrap()).is_empty(),
        "the Elemental lost to the 7"
    );
    assert_eq!(
        pos.game_end(),
        Some(GameEnd::FlagCaptured { loser: Color::Blue })
    );
    assert!(pos.undo());
    assert!(
        pos.cell("e4".parse().unwrap()).is_of(Color::Red)
            && pos.cell("d3".parse().unwrap()).is_piece()
    );
}

#[test]
fn elf_shoots_lower_ranks_in_clear_lines() {
    let r = rules("fantasy", &[]);
    let pieces = with(&[
        ("e4", "r4"),
        ("e6", "b2"),
        ("h1", "b7"),
        ("c4", "r2"),
        ("a4", "b2"),
        ("e1", "bT"),
    ]);
    let mut pos = position(&r, &pieces, "r 0");
    let shots: Vec<String> = moves_from(&pos, "e4")
        .into_iter()
        .filter(|m| m.ends_with("shoot"))
        .collect();
    assert_eq!(shots, ["e4e1:shoot", "e4e6:shoot", "e4h1:shoot"]);
    // The diagonal to h7 would pass the lake on g6.
    pos.play_text("e4h1:shoot").unwrap();
    assert!(
        pos.cell("h1".parse().unwrap()).is_piece(),
        "a 7 is not lower"
    );
    pos.undo();
    pos.play_text("e4e6:shoot").unwrap();
    assert!(pos.cell("e6".parse().unwrap()).is_empty());
    assert!(
        pos.cell("e4".parse().unwrap()).is_of(Color::Red),
        "the Elf is never at risk"
    );
    let short = rules("fantasy", &["elf-range=2"]);
    let pos = position(&short, &pieces, "r 0");
    assert!(!moves_from(&pos, "e4").contains(&"e4h1:shoot".to_string()));
}

#[test]
fn duel_moves_strikes_and_cyclic_combat() {
    let r = rules("rankduel", &[]);
    let pieces = [("c1", "r4"), ("c3", "b2"), ("e5", "b1"), ("a1", "r1")];
    let pos = position(&r, &pieces, "r 0 points 25 25 probes 0 0");
    // The 4 on c1: one square in 8 directions, two where the middle is empty; c3 (over the
    // empty c2) is a strike. The Red 1 on a1 blocks b1? No: a1 is two files away.
    assert_eq!(
        moves_from(&pos, "c1"),
        ["c1a3", "c1b1", "c1b2", "c1c2", "c1c3", "c1d1", "c1d2", "c1e1", "c1e3"]
    );
    let mut pos = pos;
    pos.play_text("c1c3").unwrap();
    // 4 − 2 = 2: the attacker wins and takes 2 points.
    assert_eq!(pos.points(), [27, 23]);
    assert!(pos.cell("c3".parse().unwrap()).is_of(Color::Red));
    pos.undo();
    pos.play_text("c1c2").unwrap();
    assert_eq!(pos.points(), [24, 25], "upkeep");
}

#[test]
fn duel_probes_pass_promotion_and_the_end() {
    let r = rules("rankduel", &[]);
    let pieces = [("a1", "r3"), ("a5", "b4"), ("e5", "b3"), ("e1", "r5+")];
    let pos = position(&r, &pieces, "r 0 points 25 25 probes 3 3 lanes a e");
    let m = moves(&pos);
    for p in ["a5:probe1", "a5:probe5", "e5:probe3", "pass"] {
        assert!(m.contains(&p.to_string()), "{p}: {m:?}");
    }
    let mut pos = pos;
    pos.play_text("a5:probe2").unwrap();
    assert_eq!(pos.points(), [24, 25]);
    assert_eq!(pos.probes_left(), [2, 3]);
    pos.undo();
    pos.play_text("a5:probe4").unwrap();
    assert_eq!(pos.points(), [29, 21]);
    assert!(pos.cell("a5".parse().unwrap()).is_empty());
    pos.undo();
    pos.play_text("pass").unwrap();
    assert_eq!(pos.points(), [24, 25]);
    // Promotion: Red's 3 reaches e5 (Blue's back row, in the file where Blue's 3 started).
    let pos = position(
        &r,
        &[("e3", "r3"), ("a5", "b4"), ("b1", "r1")],
        "r 0 lanes a e",
    );
    let mut pos = pos;
    pos.play_text("e3e5").unwrap();
    let e5 = pos.cell("e5".parse().unwrap());
    assert_eq!(r.kind(e5.kind()).letter, '6');
    assert!(e5.is_revealed());
    // A pool at 0 ends the game; sudden death ends it at the first successful strike.
    let pos = position(&r, &[("a1", "r1"), ("a5", "b4")], "r 10 points 0 5");
    assert_eq!(
        pos.game_end(),
        Some(GameEnd::PoolEmpty { loser: Color::Red })
    );
    let mut pos = position(
        &r,
        &[("c3", "r4"), ("c4", "b2"), ("a1", "r1"), ("e5", "b5")],
        "r 40",
    );
    pos.play_text("c3c4").unwrap();
    assert_eq!(
        pos.game_end(),
        Some(GameEnd::SuddenDeath { winner: Color::Red })
    );
}
