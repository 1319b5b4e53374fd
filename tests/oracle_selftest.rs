//! Hand-checked tests of the independent perft oracle in `tests/oracle/`, and the
//! (ignored) re-verification of every count in `tests/perft/*.perft`.
//!
//! Every expected move list and count below was worked out by hand from `docs/rules.md`;
//! the comments show the reasoning.

mod oracle;

use std::path::Path;

const CLASSIC_LAKES: [&str; 8] = ["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"];
const ENHANCED_LAKES: [&str; 12] = [
    "c5", "d5", "c6", "d6", "c7", "d7", "h5", "i5", "h6", "i6", "h7", "i7",
];

/// Builds the board part of a full-information position from `(square, piece)` pairs,
/// writing `_` on the variant's impassable squares.
fn board(variant: &str, pieces: &[(&str, &str)]) -> String {
    let (size, lakes): (usize, &[&str]) = if variant == "probe-enhanced" {
        (11, &ENHANCED_LAKES)
    } else {
        (10, &CLASSIC_LAKES)
    };
    let mut rows = Vec::new();
    for row in (1..=size).rev() {
        let mut text = String::new();
        for file in 0..size {
            let name = format!("{}{}", (b'a' + file as u8) as char, row);
            if lakes.contains(&name.as_str()) {
                text.push('_');
            } else if let Some((_, p)) = pieces.iter().find(|(s, _)| *s == name) {
                text.push_str(p);
            } else {
                text.push('.');
            }
        }
        rows.push(text);
    }
    rows.join("/")
}

fn moves(variant: &str, sets: &[(&str, &str)], position: &str) -> Vec<String> {
    match oracle::legal_moves(variant, sets, position) {
        Ok(m) => m,
        Err(e) => panic!("legal_moves failed: {}\nposition: {}", e, position),
    }
}

fn count(variant: &str, sets: &[(&str, &str)], position: &str, depth: u32) -> u64 {
    match oracle::perft(variant, sets, position, depth) {
        Ok(n) => n,
        Err(e) => panic!("perft failed: {}\nposition: {}", e, position),
    }
}

fn list(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------

#[test]
fn literal_board_text_is_read_top_row_first() {
    // Red Scout b1, Red Flag a1, Blue Flag j10, Blue Scout i10. Scout b1: b2..b10 (9, the
    // column is empty) and c1..j1 (8) = 17.
    let pos = "........b2bF/........../........../........../..__..__../..__..__../\
               ........../........../........../rFr2........ r 0";
    let expected: Vec<String> = ["b10", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"]
        .iter()
        .chain(["c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"].iter())
        .map(|to| format!("b1{}", to))
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(moves("classic", &[], pos), expected);
    assert_eq!(count("classic", &[], pos, 1), 17);
}

#[test]
fn protocol_md_examples() {
    // The start example of protocol.md (classic-gravon.txt lines 2 and 3): Scouts b4, e4,
    // i4 have three moves each (the third an attack on row 7), the Sergeant f4 one.
    let start = "b4bBbFbBb3b2b3b2b6b5/bBb3bBb8b7b2b8b3bBbB/b6b2b3b7b6b2bSb6b5b2/\
                 b5b4bXb2b5b4b9b7b4b2/..__..__../..__..__../rBr2r5r4r2r4r2r2r2rB/\
                 r6r4rXr8r5r9r2r7r4r5/r3r6r3rFrSr3r6rBr2r2/r7rBr8r3r7rBr6r3rBr5 r 0";
    assert_eq!(
        moves("classic", &[], start),
        list(&["b4b5", "b4b6", "b4b7", "e4e5", "e4e6", "e4e7", "f4f5", "i4i5", "i4i6", "i4i7"])
    );
    // The same game 90 plies later, history with a range attack (worked out square by
    // square: 32 moves; no repetition rule applies).
    let later = "b4bBbFbB.b3+b3b2b6b5/bBb3bBb8+b7.b8.bB*bB/.b6+.b2+b6.bSb3+b6+./\
                 .bX+b3+.b7+.b9b7.b5+/b5+.__..__../..__.r9+*__.r4+/rB.r5r3+.....rB*/\
                 r6.rXr8.r4+*.r7+.r5/r3r6r3rFr7+r6+r2+rBr2+./r7rBr8r3.rBr6+r3rBr5 \
                 r 90 history h4h3 f10f5x e1e2 j8i8 j2i2 e10f10";
    let mut expected = list(&[
        "d1e1", "j1j2", "b2b3", "e2e1", "e2e3", "g2g3", "g2g4", "i2i3", "i2i4", "i2i5", "i2i6",
        "i2i7", "i2i8", "i2j2", "a3b3", "c3b3", "d3e3", "f3e3", "f3g3", "f3f4", "h3g3", "h3i3",
        "h3h4", "j3i3", "j3j2", "c4b4", "d4e4", "f5e5", "f5f6", "f5f4", "j5i5", "j5j6",
    ]);
    expected.sort();
    assert_eq!(moves("classic", &[], later), expected);
    // The perft transcript: Scout a1 has a2..a9, the capture a10 and b1..i1: 17. After any
    // of them Blue has only its Flag (or nothing): 0.
    let transcript = "bF........./........../........../........../..__..__../..__..__../\
                      ........../........../........../r2........rF r 0";
    assert_eq!(count("classic", &[], transcript, 1), 17);
    assert_eq!(count("classic", &[], transcript, 2), 0);
    // Tabs between tokens are accepted.
    assert_eq!(
        count("classic", &[], &transcript.replace(" r 0", "\tr\t0"), 1),
        17
    );
}

#[test]
fn gravon_field_reads_like_the_same_full_information_position() {
    // Same position as above as a Gravon field: rank 1 first; M = Red Flag, D = Red Scout,
    // P = Blue Scout, Y = Blue Flag.
    let field = format!(
        "MDAAAAAAAA{}{}{}AA__AA__AAAA__AA__AA{}{}{}AAAAAAAAPY",
        "A".repeat(10),
        "A".repeat(10),
        "A".repeat(10),
        "A".repeat(10),
        "A".repeat(10),
        "A".repeat(10)
    );
    assert_eq!(field.len(), 100);
    let pos = format!("{} r", field);
    assert_eq!(count("classic", &[], &pos, 1), 17);
    let full = "........b2bF/........../........../........../..__..__../..__..__../\
                ........../........../........../rFr2........ r 0";
    for depth in 1..=3 {
        assert_eq!(
            count("classic", &[], &pos, depth),
            count("classic", &[], full, depth)
        );
    }
    // Blue to move: Blue Scout i10: i9..i1 (9) and h10..a10 (8) = 17.
    assert_eq!(count("classic", &[], &format!("{} b", field), 1), 17);
}

#[test]
fn bad_positions_are_errors() {
    let good = board("classic", &[("a1", "rF"), ("j10", "bF")]);
    assert!(oracle::perft("classic", &[], &format!("{} r 0", good), 1).is_ok());
    // a lake not written as '_'
    let no_lake = good.replacen('_', ".", 1);
    assert!(oracle::perft("classic", &[], &format!("{} r 0", no_lake), 1).is_err());
    // two Flags for Red
    let two_flags = board("classic", &[("a1", "rF"), ("b1", "rF"), ("j10", "bF")]);
    assert!(oracle::perft("classic", &[], &format!("{} r 0", two_flags), 1).is_err());
    // a Sergeant in barrage
    let sergeant = board("barrage", &[("a1", "rF"), ("b1", "r4"), ("j10", "bF")]);
    assert!(oracle::perft("barrage", &[], &format!("{} r 0", sergeant), 1).is_err());
    // history move whose to square does not hold the mover's piece
    assert!(oracle::perft("classic", &[], &format!("{} r 1 history b1b2", good), 1).is_err());
    // bad side, unknown option, unknown variant
    assert!(oracle::perft("classic", &[], &format!("{} x 0", good), 1).is_err());
    assert!(oracle::perft("classic", &[("no-such", "1")], &format!("{} r 0", good), 1).is_err());
    assert!(oracle::perft("chess", &[], &format!("{} r 0", good), 1).is_err());
    // wrong board size for the variant
    assert!(oracle::perft("probe-enhanced", &[], &format!("{} r 0", good), 1).is_err());
}

// ---------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------

#[test]
fn scout_range_attack() {
    // Red Scout a2, Blue Marshal a8, flags j1 / j10.
    // Up: a3 a4 a5 a6 a7 and the attack a8 (6). Down: a1. Right: b2..j2 (9). Total 16.
    let pos = format!(
        "{} r 0",
        board(
            "classic",
            &[("a2", "r2"), ("j1", "rF"), ("a8", "bX"), ("j10", "bF")]
        )
    );
    let mut expected = list(&[
        "a2a1", "a2a3", "a2a4", "a2a5", "a2a6", "a2a7", "a2a8", "a2b2", "a2c2", "a2d2", "a2e2",
        "a2f2", "a2g2", "a2h2", "a2i2", "a2j2",
    ]);
    expected.sort();
    assert_eq!(moves("classic", &[], &pos), expected);
    // Without range attacks the Scout cannot attack a8 from a distance.
    let no_range = moves("classic", &[("scout-range-attack", "off")], &pos);
    assert_eq!(no_range.len(), 15);
    assert!(!no_range.contains(&"a2a8".to_string()));
    // Single-square Scouts: a1, a3, b2.
    assert_eq!(
        moves("classic", &[("scout-moves", "single")], &pos),
        list(&["a2a1", "a2a3", "a2b2"])
    );
}

#[test]
fn two_squares_rule_forbids_the_fourth_crossing_with_n3() {
    // Red Sergeant went a3a4, a4a3, a3a4 while Blue's Sergeant shuffled j8/j7.
    // The fourth crossing of a3|a4 (a4a3) is illegal; a4a5 and a4b4 stay legal.
    let pos = format!(
        "{} r 6 history a3a4 j8j7 a4a3 j7j8 a3a4 j8j7",
        board(
            "classic",
            &[("a4", "r4+"), ("e1", "rF"), ("j7", "b4+"), ("e10", "bF")]
        )
    );
    assert_eq!(moves("classic", &[], &pos), list(&["a4a5", "a4b4"]));
    assert_eq!(
        moves("classic", &[("two-squares", "off")], &pos),
        list(&["a4a3", "a4a5", "a4b4"])
    );
    assert_eq!(
        moves("classic", &[("two-squares", "4")], &pos),
        list(&["a4a3", "a4a5", "a4b4"])
    );
    // Probe presets use N = 5: three moves are not enough.
    assert_eq!(
        moves("probe-classic", &[], &pos),
        list(&["a4a3", "a4a5", "a4b4"])
    );
    // With only two earlier crossings listed the move is legal (N = 3).
    let short = format!(
        "{} r 6 history a4a3 j7j8 a3a4 j8j7",
        board(
            "classic",
            &[("a4", "r4+"), ("e1", "rF"), ("j7", "b4+"), ("e10", "bF")]
        )
    );
    assert_eq!(
        moves("classic", &[], &short),
        list(&["a4a3", "a4a5", "a4b4"])
    );
    // Blue's own moves: Blue's last three were j8j7, j7j8, j8j7 ... but it is Red's turn.
}

#[test]
fn two_squares_rule_blocks_every_scout_move_back_over_the_boundary() {
    // Red Scout went a2a5, a5a2, a2a5. Every downward move crosses a4|a5, which all three
    // crossed: a5a4 a5a3 a5a2 a5a1 are illegal. Up a6..a9 (a10 holds the Blue Flag:
    // attack) and right b5 (c5 is a lake) stay legal.
    let pos = format!(
        "{} r 6 history a2a5 j8j7 a5a2 j7j8 a2a5 j8j7",
        board(
            "classic",
            &[("a5", "r2+*"), ("j1", "rF"), ("j7", "b4+"), ("a10", "bF")]
        )
    );
    assert_eq!(
        moves("classic", &[], &pos),
        list(&["a5a10", "a5a6", "a5a7", "a5a8", "a5a9", "a5b5"])
    );
    assert_eq!(moves("classic", &[("two-squares", "off")], &pos).len(), 10);
}

#[test]
fn captain_diagonal() {
    // probe-enhanced. Red Captain f2; Red Bomb e1; Blue Lieutenant g3.
    // Steps e2 f1 f3 g2; diagonals e3, g1, g3 (attack); e1 is Red's own Bomb.
    let pos = format!(
        "{} r 0",
        board(
            "probe-enhanced",
            &[
                ("f2", "r6"),
                ("e1", "rB"),
                ("k1", "rF"),
                ("g3", "b5"),
                ("a11", "bF")
            ]
        )
    );
    assert_eq!(
        moves("probe-enhanced", &[], &pos),
        list(&["f2e2", "f2e3", "f2f1", "f2f3", "f2g1", "f2g2", "f2g3"])
    );
    assert_eq!(
        moves("probe-enhanced", &[("captain-diagonal", "off")], &pos),
        list(&["f2e2", "f2f1", "f2f3", "f2g2"])
    );
}

#[test]
fn lieutenant_jump() {
    // probe-enhanced. Red Lieutenant e2, Red Flag e1 (below: jumping over it leaves the
    // board), Red Bomb f2, Blue Miner e3, Blue Scout g2.
    // Steps: d2, e3 (attack). Jumps: over e3 to e4 (empty), over f2 to g2 (attack).
    let pos = format!(
        "{} r 0",
        board(
            "probe-enhanced",
            &[
                ("e2", "r5"),
                ("e1", "rF"),
                ("f2", "rB"),
                ("e3", "b3"),
                ("g2", "b2"),
                ("k11", "bF"),
            ]
        )
    );
    assert_eq!(
        moves("probe-enhanced", &[], &pos),
        list(&["e2d2", "e2e3", "e2e4", "e2g2"])
    );
    assert_eq!(
        moves("probe-enhanced", &[("lieutenant-jump", "off")], &pos),
        list(&["e2d2", "e2e3"])
    );
}

#[test]
fn sergeant_crossing() {
    // probe-enhanced. Red Sergeant b6 crosses c6 d6 to e6 (empty). Red Sergeant c4 crosses
    // c5 c6 c7 to c8 (Blue Major there: attack).
    let pos = format!(
        "{} r 0",
        board(
            "probe-enhanced",
            &[
                ("b6", "r4"),
                ("c4", "r4"),
                ("k1", "rF"),
                ("c8", "b7"),
                ("k11", "bF"),
            ]
        )
    );
    assert_eq!(
        moves("probe-enhanced", &[], &pos),
        list(&["b6a6", "b6b5", "b6b7", "b6e6", "c4b4", "c4c3", "c4c8", "c4d4"])
    );
    assert_eq!(
        moves("probe-enhanced", &[("sergeant-crossing", "off")], &pos),
        list(&["b6a6", "b6b5", "b6b7", "c4b4", "c4c3", "c4d4"])
    );
    // A Sergeant cannot cross onto its own piece: put a Red Bomb on e6.
    let blocked = format!(
        "{} r 0",
        board(
            "probe-enhanced",
            &[("b6", "r4"), ("e6", "rB"), ("k1", "rF"), ("k11", "bF")]
        )
    );
    assert_eq!(
        moves("probe-enhanced", &[], &blocked),
        list(&["b6a6", "b6b5", "b6b7"])
    );
}

#[test]
fn power_square_moves() {
    // probe-enhanced. Red Major on the Power Square a6; f6 empty; Blue Miner on k6.
    // Steps a5 a7 b6; Power Square moves a6f6 and (full) the attack a6k6.
    let pos = format!(
        "{} r 0",
        board(
            "probe-enhanced",
            &[("a6", "r7"), ("k1", "rF"), ("k6", "b3"), ("a11", "bF")]
        )
    );
    assert_eq!(
        moves("probe-enhanced", &[], &pos),
        list(&["a6a5", "a6a7", "a6b6", "a6f6", "a6k6"])
    );
    assert_eq!(
        moves("probe-enhanced", &[("power-squares", "vacant")], &pos),
        list(&["a6a5", "a6a7", "a6b6", "a6f6"])
    );
    assert_eq!(
        moves("probe-enhanced", &[("power-squares", "off")], &pos),
        list(&["a6a5", "a6a7", "a6b6"])
    );
    // A Bomb on a Power Square does not move.
    let bomb = format!(
        "{} r 0",
        board(
            "probe-enhanced",
            &[("a6", "rB"), ("k1", "rF"), ("a11", "bF")]
        )
    );
    assert_eq!(moves("probe-enhanced", &[], &bomb), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------
// Repetition rules
// ---------------------------------------------------------------------------------------

/// The chase position: a Red General (c2) has chased a Blue Major around the square
/// b2-b3-c3-c2 for ten plies:
///   p0 R a1 B b2 | a1a2 b2b3 a2b2 b3c3 b2b3 c3c2 b3c3 c2b2 c3c2 b2b3 | p10 R c2 B b3
/// p3 (after a2b2) had R b2, B b3, Blue to move.
fn chase_position(history: &str, ply: u32) -> String {
    format!(
        "{} r {} history {}",
        board(
            "classic",
            &[("c2", "r9+"), ("j1", "rF"), ("b3", "b7+"), ("j10", "bF")]
        ),
        ply,
        history
    )
}

#[test]
fn chase_repetition() {
    let pos = chase_position("a1a2 b2b3 a2b2 b3c3 b2b3 c3c2 b3c3 c2b2 c3c2 b2b3", 10);
    // Five chase pairs, s = 0. c2b2 is a chasing move (b2 is next to b3) that recreates p3
    // and is not the return of Red's last move (c3c2): illegal. c2c3 is chasing too but it
    // is the return move (and recreates nothing). c2c1, c2d2 are not chasing.
    assert_eq!(moves("classic", &[], &pos), list(&["c2c1", "c2c3", "c2d2"]));
    assert_eq!(
        moves("classic", &[("more-squares", "none")], &pos),
        list(&["c2b2", "c2c1", "c2c3", "c2d2"])
    );
    // no-repetition forbids the same move here.
    assert_eq!(
        moves("classic", &[("more-squares", "no-repetition")], &pos),
        list(&["c2c1", "c2c3", "c2d2"])
    );
    // Listing only the last eight moves still shows p3 (now p1).
    let pos8 = chase_position("a2b2 b3c3 b2b3 c3c2 b3c3 c2b2 c3c2 b2b3", 10);
    assert_eq!(
        moves("classic", &[], &pos8),
        list(&["c2c1", "c2c3", "c2d2"])
    );
    // With only the last six listed, the position R b2 / B b3 is unknown: legal again.
    let pos6 = chase_position("b2b3 c3c2 b3c3 c2b2 c3c2 b2b3", 10);
    assert_eq!(
        moves("classic", &[], &pos6),
        list(&["c2b2", "c2c1", "c2c3", "c2d2"])
    );
    // An attack ends the chase: make Red's first move an attack (the piece it took is
    // gone), so p0..p1 are before the last attack; the pairs after it still reach p3.
    let with_attack = chase_position("a1a2x b2b3 a2b2 b3c3 b2b3 c3c2 b3c3 c2b2 c3c2 b2b3", 10);
    assert_eq!(
        moves("classic", &[], &with_attack),
        list(&["c2c1", "c2c3", "c2d2"])
    );
    // An attack in the middle (Blue's b3c3 reply marked as an attack) cuts the chase to
    // the pairs after it and makes p3 unrecoverable: c2b2 is legal.
    let cut = chase_position("a1a2 b2b3 a2b2 b3c3x b2b3 c3c2 b3c3 c2b2 c3c2 b2b3", 10);
    assert_eq!(
        moves("classic", &[], &cut),
        list(&["c2b2", "c2c1", "c2c3", "c2d2"])
    );
}

#[test]
fn chase_window_starts_at_the_first_pair() {
    // Red General, Blue Major b2..b3, Blue Sergeant j9/j8 giving tempo moves.
    //   p0 R a1 B b2 S j9 | a1a2 j9j8 a2a3 j8j9 a3a4 b2b3 a4a3 b3b2 | p8 R a3 B b2 S j9
    // p1 = (R a2, B b2, S j9, Blue to move). Only the last pair (a4a3, b3b2) is a chase
    // pair (a4 is not next to b2), so k = 1, s = 6 and p1 is outside the window:
    // the chasing move a3a2 recreates p1 but is legal under `chase`.
    // Under `no-repetition` it is illegal. a3a4 is the return move (recreates p5).
    let pos = format!(
        "{} r 8 history a1a2 j9j8 a2a3 j8j9 a3a4 b2b3 a4a3 b3b2",
        board(
            "classic",
            &[
                ("a3", "r9+"),
                ("j1", "rF"),
                ("b2", "b7+"),
                ("j9", "b4+"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(moves("classic", &[], &pos), list(&["a3a2", "a3a4", "a3b3"]));
    assert_eq!(
        moves("classic", &[("more-squares", "no-repetition")], &pos),
        list(&["a3a4", "a3b3"])
    );
}

#[test]
fn chase_forbids_only_chasing_moves() {
    // Red General R (a2) and Colonel Q; Blue Major B oscillates b2/b3.
    //   p0 R a1 Q c4 B b2 | a1a2 b2b3 c4c3 b3b2 c3c2 b2b3 c2c3 b3b2 | p8 R a2 Q c3 B b2
    // All four pairs are chase pairs (k = 4, s = 0).
    // c3c4 recreates p1 (R a2, Q c4, B b2, Blue to move), is not the return of c2c3, but
    // c4 is not next to b2: not a chasing move, so legal under `chase`; illegal under
    // `no-repetition`. c3c2 recreates p5 but is the return move. a2b2 is an attack.
    let pos = format!(
        "{} r 8 history a1a2 b2b3 c4c3 b3b2 c3c2 b2b3 c2c3 b3b2",
        board(
            "classic",
            &[
                ("a2", "r9+"),
                ("c3", "r8+"),
                ("j1", "rF"),
                ("b2", "b7+"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(
        moves("classic", &[], &pos),
        list(&["a2a1", "a2a3", "a2b2", "c3b3", "c3c2", "c3c4", "c3d3"])
    );
    assert_eq!(
        moves("classic", &[("more-squares", "no-repetition")], &pos),
        list(&["a2a1", "a2a3", "a2b2", "c3b3", "c3c2", "c3d3"])
    );
}

#[test]
fn chase_needs_replies_by_one_piece() {
    // Red Scouts a1 and b1, Blue Scouts A (a3) and C (c3), Red Bombs fence the corner.
    //   b1b3 a3a2 b3b2 a2a3 b2c2 c3b3 c2b2 b3c3 -> Red Scouts a1 b2, Blue Scouts a3 c3.
    // Pairs from the end: (c2b2, b3c3) and (b2c2, c3b3) chase Blue's C; the pair
    // (b3b2, a2a3) has a reply by A, which ends on a3, not where C's reply started (c3):
    // the chase has k = 2 pairs, s = 4.
    // b2b3 is a chasing move (b3 is next to c3) that recreates p1 (Red a1 b3, Blue a3 c3,
    // Blue to move), but p1 lies before s: legal under `chase`, illegal under
    // `no-repetition`. b2c2 recreates p5 but is the return of c2b2.
    let pos = format!(
        "{} r 8 history b1b3 a3a2 b3b2 a2a3 b2c2 c3b3 c2b2 b3c3",
        board(
            "classic",
            &[
                ("a1", "r2"),
                ("b2", "r2+*"),
                ("d1", "rB"),
                ("d2", "rB"),
                ("d3", "rB"),
                ("d4", "rB"),
                ("a5", "rB"),
                ("b5", "rB"),
                ("j1", "rF"),
                ("a3", "b2+"),
                ("c3", "b2+"),
                ("j10", "bF"),
            ]
        )
    );
    let all = list(&[
        "a1a2", "a1a3", "a1b1", "a1c1", "b2a2", "b2b1", "b2b3", "b2b4", "b2c2",
    ]);
    assert_eq!(moves("classic", &[], &pos), all);
    assert_eq!(moves("classic", &[("more-squares", "none")], &pos), all);
    let without_b2b3: Vec<String> = all.iter().filter(|m| *m != "b2b3").cloned().collect();
    assert_eq!(
        moves("classic", &[("more-squares", "no-repetition")], &pos),
        without_b2b3
    );
}

/// p0 (Blue to move): R5 a1, R6 e1, B4 j8.
///   j8j9 a1a2 j9j8 e1e2 j8j9 e2e1 j9j8 -> p7: R5 a2, R6 e1, B4 j8, Red to move.
/// (e2e1 recreated p2 but was the return of e1e2, so it was allowed.)
fn no_repetition_position() -> String {
    format!(
        "{} r 7 history j8j9 a1a2 j9j8 e1e2 j8j9 e2e1 j9j8",
        board(
            "probe-classic",
            &[
                ("a2", "r5+"),
                ("e1", "r6+"),
                ("j1", "rF"),
                ("j8", "b4+"),
                ("a10", "bF")
            ]
        )
    )
}

#[test]
fn no_repetition_with_return_exemption() {
    let pos = no_repetition_position();
    // a2a1 recreates p0 (R a1, R e1, B j8, Blue to move) and is not the return of Red's
    // last move (e2e1): illegal. e1e2 recreates p4 but is that return: legal.
    assert_eq!(
        moves("probe-classic", &[], &pos),
        list(&["a2a3", "a2b2", "e1d1", "e1e2", "e1f1"])
    );
    assert_eq!(
        moves("probe-classic", &[("more-squares", "none")], &pos),
        list(&["a2a1", "a2a3", "a2b2", "e1d1", "e1e2", "e1f1"])
    );
    // Under chase there is no chase here (e1 is not next to j9): nothing is forbidden.
    assert_eq!(
        moves("probe-classic", &[("more-squares", "chase")], &pos),
        list(&["a2a1", "a2a3", "a2b2", "e1d1", "e1e2", "e1f1"])
    );
}

// ---------------------------------------------------------------------------------------
// Battles
// ---------------------------------------------------------------------------------------

/// Red piece `attacker` on e4 boxed in by Red Bombs d4 f4 e3, Red Flag a1; Blue `defender`
/// on e5 and `extra` Blue pieces.
fn boxed(attacker: &str, defender: &str, extra: &[(&'static str, &'static str)]) -> String {
    let mut pieces: Vec<(&str, &str)> = vec![
        ("e4", attacker),
        ("d4", "rB"),
        ("f4", "rB"),
        ("e3", "rB"),
        ("a1", "rF"),
        ("e5", defender),
        ("j10", "bF"),
    ];
    pieces.extend_from_slice(extra);
    format!("{} r 0", board("classic", &pieces))
}

#[test]
fn spy_attacking_marshal_wins() {
    // Blue Sergeant j9 can only go to j8 (j10 Flag, i9 Bomb).
    let extra = [("j9", "b4"), ("i9", "bB")];
    let pos = boxed("rS", "bX", &extra);
    assert_eq!(moves("classic", &[], &pos), list(&["e4e5"]));
    // Spy wins and stands on e5; Blue: j9j8 only; Red Spy e5: e4 e6 f5 (d5 is a lake).
    assert_eq!(count("classic", &[], &pos, 1), 1);
    assert_eq!(count("classic", &[], &pos, 2), 1);
    assert_eq!(count("classic", &[], &pos, 3), 3);
    // Marshal attacking the Spy wins too.
    let pos = boxed("rX", "bS", &extra);
    assert_eq!(count("classic", &[], &pos, 2), 1);
    assert_eq!(count("classic", &[], &pos, 3), 3);
    // A Spy attacking a General loses: Red has no movable piece left.
    let pos = boxed("rS", "b9", &extra);
    // Blue: General e5 has e4 e6 f5, plus j9j8 = 4; Red cannot move after any of them.
    assert_eq!(count("classic", &[], &pos, 2), 4);
    assert_eq!(count("classic", &[], &pos, 3), 0);
}

#[test]
fn miner_defuses_bomb_and_bombs_explode() {
    // Blue Sergeant e6 behind the Blue Bomb e5.
    let extra = [("e6", "b4")];
    // Miner wins: on e5. Blue e6: e5 (attack), e7, f6 = 3 (d6 is a lake).
    // Depth 3: after e6e5 (Sergeant beats Miner) Red cannot move; after e6e7 or e6f6 the
    // Miner has e4 e6 f5 = 3 each: 6.
    let miner = boxed("r3", "bB", &extra);
    assert_eq!(count("classic", &[], &miner, 1), 1);
    assert_eq!(count("classic", &[], &miner, 2), 3);
    assert_eq!(count("classic", &[], &miner, 3), 6);
    // A Sergeant loses against the Bomb, which stays: Blue e6 has e7 f6 = 2.
    let sergeant = boxed("r4", "bB", &extra);
    assert_eq!(count("classic", &[], &sergeant, 2), 2);
    assert_eq!(count("classic", &[], &sergeant, 3), 0);
    // bombs=explode: both removed, e5 is free: Blue e6 has e5 e7 f6 = 3.
    assert_eq!(count("classic", &[("bombs", "explode")], &sergeant, 2), 3);
    assert_eq!(count("classic", &[("bombs", "explode")], &sergeant, 3), 0);
    // explode does not change a Miner's win.
    assert_eq!(count("classic", &[("bombs", "explode")], &miner, 3), 6);
}

#[test]
fn equal_ranks() {
    // Red Major attacks Blue Major; Blue Sergeant e6 behind.
    let extra = [("e6", "b4")];
    let pos = boxed("r7", "b7", &extra);
    // both-removed: Blue e6 has e5 e7 f6 = 3; Red then has no movable piece: 0.
    assert_eq!(count("classic", &[], &pos, 2), 3);
    assert_eq!(count("classic", &[], &pos, 3), 0);
    // attacker-wins: Red Major on e5. Blue e6: e5 (attack, loses), e7, f6 = 3.
    // Red Major e5 then has e4 e6 f5 in each case: 9.
    assert_eq!(
        count("classic", &[("equal-ranks", "attacker-wins")], &pos, 2),
        3
    );
    assert_eq!(
        count("classic", &[("equal-ranks", "attacker-wins")], &pos, 3),
        9
    );
}

// ---------------------------------------------------------------------------------------
// End of game
// ---------------------------------------------------------------------------------------

#[test]
fn flag_capture_ends_the_game() {
    // Red Scout a2 can take the Blue Flag on a10 from range. Blue Sergeant j9: j10 i9 j8.
    // Red: a1, a3..a9 (7), a10 (capture), b2..j2 (9) = 18 moves.
    // Depth 2: 17 moves leave Blue its 3 moves; the capture ends the game: 51.
    let pos = format!(
        "{} r 0",
        board(
            "classic",
            &[("a2", "r2"), ("j1", "rF"), ("a10", "bF"), ("j9", "b4")]
        )
    );
    assert_eq!(count("classic", &[], &pos, 1), 18);
    assert_eq!(count("classic", &[], &pos, 2), 51);
    // A side without its Flag has lost: no moves for anyone.
    let over = format!(
        "{} b 9",
        board("classic", &[("a10", "r2+*"), ("j1", "rF"), ("j9", "b4")])
    );
    assert_eq!(moves("classic", &[], &over), Vec::<String>::new());
    assert_eq!(count("classic", &[], &over, 1), 0);
    assert_eq!(count("classic", &[], &over, 0), 1);
    // With count.flag=0 the variant has no Flags and the game goes on.
    assert_eq!(
        moves(
            "classic",
            &[("count.flag", "0"), ("count.F", "0")],
            &over.replace("rF", "r4")
        ),
        list(&["j9i9", "j9j10", "j9j8"])
    );
}

#[test]
fn ply_limit() {
    let pieces = [("a2", "r2"), ("j1", "rF"), ("a10", "bF"), ("j9", "b4")];
    let at_limit = format!("{} r 40", board("classic", &pieces));
    assert_eq!(count("classic", &[("ply-limit", "40")], &at_limit, 1), 0);
    assert_eq!(count("classic", &[("ply-limit", "41")], &at_limit, 1), 18);
    // One ply before the limit: every Red move reaches it, so depth 2 counts 0.
    assert_eq!(count("classic", &[("ply-limit", "41")], &at_limit, 2), 0);
    assert_eq!(count("classic", &[("ply-limit", "off")], &at_limit, 2), 51);
    // The default limit is 2000.
    let late = format!("{} r 2000", board("classic", &pieces));
    assert_eq!(count("classic", &[], &late, 1), 0);
}

#[test]
fn no_movable_piece_means_no_moves() {
    // Red has only Bombs and its Flag: no legal move, perft 0.
    let pos = format!(
        "{} r 0",
        board(
            "classic",
            &[("a1", "rF"), ("b1", "rB"), ("j10", "bF"), ("j9", "b4")]
        )
    );
    assert_eq!(count("classic", &[], &pos, 1), 0);
}

// ---------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------

struct Record {
    id: String,
    variant: String,
    sets: Vec<(String, String)>,
    position: String,
    perfts: Vec<(u32, u64)>,
}

fn parse_perft_file(text: &str) -> Result<Vec<Record>, String> {
    let mut records: Vec<Record> = Vec::new();
    for (number, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = match line.split_once(' ') {
            Some((k, r)) => (k, r.trim()),
            None => return Err(format!("line {}: no value", number + 1)),
        };
        if key == "id" {
            records.push(Record {
                id: rest.to_string(),
                variant: String::new(),
                sets: Vec::new(),
                position: String::new(),
                perfts: Vec::new(),
            });
            continue;
        }
        let record = records
            .last_mut()
            .ok_or_else(|| format!("line {}: before the first id", number + 1))?;
        match key {
            "variant" => record.variant = rest.to_string(),
            "set" => {
                let (name, value) = rest
                    .split_once('=')
                    .ok_or_else(|| format!("line {}: set without '='", number + 1))?;
                record.sets.push((name.to_string(), value.to_string()));
            }
            "position" => record.position = rest.to_string(),
            "perft" => {
                let (depth, nodes) = rest
                    .split_once(' ')
                    .ok_or_else(|| format!("line {}: perft needs depth and count", number + 1))?;
                let depth: u32 = depth
                    .parse()
                    .map_err(|_| format!("line {}: bad depth", number + 1))?;
                let nodes: u64 = nodes
                    .trim()
                    .parse()
                    .map_err(|_| format!("line {}: bad count", number + 1))?;
                record.perfts.push((depth, nodes));
            }
            _ => return Err(format!("line {}: unknown key '{}'", number + 1, key)),
        }
    }
    Ok(records)
}

#[test]
fn perft_files_are_well_formed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("perft");
    let mut total = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/perft exists") {
        let path = entry.expect("directory entry").path();
        if path.extension() != Some(std::ffi::OsStr::new("perft")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable perft file");
        let records =
            parse_perft_file(&text).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
        for r in &records {
            assert!(!r.variant.is_empty(), "{}: no variant", r.id);
            assert!(!r.position.is_empty(), "{}: no position", r.id);
            assert!(!r.perfts.is_empty(), "{}: no perft line", r.id);
            // depths increase
            for pair in r.perfts.windows(2) {
                assert!(pair[0].0 < pair[1].0, "{}: depths must increase", r.id);
            }
            // the shallowest count is cheap: check it here too
            let sets: Vec<(&str, &str)> = r
                .sets
                .iter()
                .map(|(a, b)| (a.as_str(), b.as_str()))
                .collect();
            let (depth, nodes) = r.perfts[0];
            if depth <= 2 {
                assert_eq!(
                    oracle::perft(&r.variant, &sets, &r.position, depth),
                    Ok(nodes),
                    "{} depth {}",
                    r.id,
                    depth
                );
            }
        }
        total += records.len();
    }
    assert!(
        total >= 14,
        "expected at least 14 perft records, found {}",
        total
    );
}

/// Recomputes every count in `tests/perft/*.perft` with the oracle. Slow (minutes):
/// `cargo test --release --test oracle_selftest -- --ignored`.
#[test]
#[ignore]
fn regenerate_check_perft_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("perft");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/perft exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension() == Some(std::ffi::OsStr::new("perft")))
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable perft file");
        let records =
            parse_perft_file(&text).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
        for r in records {
            let sets: Vec<(&str, &str)> = r
                .sets
                .iter()
                .map(|(a, b)| (a.as_str(), b.as_str()))
                .collect();
            for &(depth, nodes) in &r.perfts {
                let start = std::time::Instant::now();
                let got = oracle::perft(&r.variant, &sets, &r.position, depth);
                eprintln!(
                    "{} {} depth {}: expected {}, oracle {:?} ({:.1}s)",
                    path.file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
                    r.id,
                    depth,
                    nodes,
                    got,
                    start.elapsed().as_secs_f64()
                );
                if got != Ok(nodes) {
                    failures.push(format!(
                        "{} depth {}: expected {}, got {:?}",
                        r.id, depth, nodes, got
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "mismatches:\n{}", failures.join("\n"));
}
