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
const FANTASY30_LAKES: [&str; 8] = ["c4", "d4", "c5", "d5", "g4", "h4", "g5", "h5"];

/// Board text of `files` x `rows` squares from `(square, piece)` pairs, `_` on `lakes`.
fn grid(files: usize, rows: usize, lakes: &[&str], pieces: &[(&str, &str)]) -> String {
    for (s, _) in pieces {
        assert!(!lakes.contains(s), "piece on the lake {}", s);
    }
    let mut lines = Vec::new();
    for row in (1..=rows).rev() {
        let mut text = String::new();
        for file in 0..files {
            let name = format!("{}{}", (b'a' + file as u8) as char, row);
            if lakes.contains(&name.as_str()) {
                text.push('_');
            } else if let Some((_, p)) = pieces.iter().find(|(s, _)| *s == name) {
                text.push_str(p);
            } else {
                text.push('.');
            }
        }
        lines.push(text);
    }
    lines.join("/")
}

/// Builds the board part of a full-information position from `(square, piece)` pairs,
/// writing `_` on the variant's impassable squares.
fn board(variant: &str, pieces: &[(&str, &str)]) -> String {
    match variant {
        "probe-enhanced" => grid(11, 11, &ENHANCED_LAKES, pieces),
        "fantasy-30" => grid(10, 8, &FANTASY30_LAKES, pieces),
        "rankduel" => grid(5, 5, &[], pieces),
        _ => grid(10, 10, &CLASSIC_LAKES, pieces),
    }
}

/// A rank duel board with `rows` rows.
fn duel_board(rows: usize, pieces: &[(&str, &str)]) -> String {
    grid(5, rows, &[], pieces)
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

/// The divide count of one first action.
fn divide_entry(
    variant: &str,
    sets: &[(&str, &str)],
    position: &str,
    depth: u32,
    action: &str,
) -> u64 {
    let split = match oracle::divide(variant, sets, position, depth) {
        Ok(d) => d,
        Err(e) => panic!("divide failed: {}\nposition: {}", e, position),
    };
    match split.iter().find(|(a, _)| a == action) {
        Some((_, n)) => *n,
        None => panic!("{} is not legal in {}", action, position),
    }
}

/// Sorted copy of a hand-written list.
fn sorted(items: &[&str]) -> Vec<String> {
    let mut v = list(items);
    v.sort();
    v
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
// Fantasy edition
// ---------------------------------------------------------------------------------------

#[test]
fn fantasy_boards_and_letters() {
    // fantasy-30: 10 files x 8 rows, lakes c4 d4 c5 d5 g4 h4 g5 h5. Red Scout a1 (Red Flag
    // j2, Blue Flag j8): a2..a8 (7) and b1..j1 (9) = 16.
    let pos = format!(
        "{} r 0",
        board("fantasy-30", &[("a1", "r2"), ("j2", "rF"), ("j8", "bF")])
    );
    assert_eq!(count("fantasy-30", &[], &pos, 1), 16);
    // 'T' is the Trap in the fantasy edition; 'B' is not a fantasy letter and 'T' is not a
    // classic one.
    let trap = board("fantasy", &[("a1", "rF"), ("b1", "rT"), ("j10", "bF")]);
    assert!(oracle::perft("fantasy", &[], &format!("{} r 0", trap), 1).is_ok());
    assert!(oracle::perft("classic", &[], &format!("{} r 0", trap), 1).is_err());
    let bomb = board("fantasy", &[("a1", "rF"), ("b1", "rB"), ("j10", "bF")]);
    assert!(oracle::perft("fantasy", &[], &format!("{} r 0", bomb), 1).is_err());
    // a fantasy board given to fantasy-30 (10 rows instead of 8)
    assert!(oracle::perft("fantasy-30", &[], &format!("{} r 0", trap), 1).is_err());
    // count.<name or letter> for fantasy kinds: two Dragons need count.dragon=2 (or count.X=2)
    let two_dragons = format!(
        "{} r 0",
        board(
            "fantasy",
            &[("a1", "rF"), ("a2", "rX"), ("b2", "rX"), ("j10", "bF")]
        )
    );
    assert!(oracle::perft("fantasy", &[], &two_dragons, 1).is_err());
    assert!(oracle::perft("fantasy", &[("count.dragon", "2")], &two_dragons, 1).is_ok());
    assert!(oracle::perft("fantasy", &[("count.X", "2")], &two_dragons, 1).is_ok());
    assert!(oracle::perft("fantasy", &[("count.marshal", "2")], &two_dragons, 1).is_err());
    assert!(oracle::perft("classic", &[("count.dragon", "2")], &two_dragons, 1).is_err());
    // fantasy options only for the fantasy presets, range 1..9
    assert!(oracle::perft(
        "fantasy",
        &[("elf-range", "9")],
        &format!("{} r 0", trap),
        1
    )
    .is_ok());
    assert!(oracle::perft(
        "fantasy",
        &[("elf-range", "0")],
        &format!("{} r 0", trap),
        1
    )
    .is_err());
    assert!(oracle::perft(
        "fantasy",
        &[("mage-range", "10")],
        &format!("{} r 0", trap),
        1
    )
    .is_err());
    let classic = format!("{} r 0", board("classic", &[("a1", "rF"), ("j10", "bF")]));
    assert!(oracle::perft("classic", &[("dragon-diagonal", "on")], &classic, 1).is_err());
    assert!(oracle::perft("classic", &[("points", "10")], &classic, 1).is_err());
    // the '~' mark: only in the fantasy edition, only after '+' and '*', only on a piece a
    // Mage can hypnotise (rank below 6, not a Trap or Flag)
    let marked = |p: &str| {
        format!(
            "{} r 0",
            board("fantasy", &[("a1", "rF"), ("e4", p), ("j10", "bF")])
        )
    };
    assert!(oracle::perft("fantasy", &[], &marked("r5+*~"), 1).is_ok());
    assert!(oracle::perft("fantasy", &[], &marked("r5*~"), 1).is_ok());
    assert!(oracle::perft("fantasy", &[], &marked("r5~*"), 1).is_err());
    assert!(oracle::perft("fantasy", &[], &marked("r6*~"), 1).is_err());
    assert!(oracle::perft("fantasy", &[], &marked("rT*~"), 1).is_err());
    let classic_mark = format!(
        "{} r 0",
        board("classic", &[("a1", "rF"), ("e4", "r5*~"), ("j10", "bF")])
    );
    assert!(oracle::perft("classic", &[], &classic_mark, 1).is_err());
    // A piece that changed sides counts in the army it came from: Red may hold 8 Scouts of
    // its own and a ninth, hypnotised one (Blue's).
    let mut scouts: Vec<(&str, &str)> = vec![("a1", "rF"), ("j10", "bF"), ("j9", "b2")];
    for sq in ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"] {
        scouts.push((sq, "r2"));
    }
    let mut nine = scouts.clone();
    nine.push(("a3", "r2*~"));
    assert!(oracle::perft(
        "fantasy",
        &[],
        &format!("{} r 0", board("fantasy", &nine)),
        1
    )
    .is_ok());
    let mut nine_plain = scouts.clone();
    nine_plain.push(("a3", "r2*"));
    assert!(oracle::perft(
        "fantasy",
        &[],
        &format!("{} r 0", board("fantasy", &nine_plain)),
        1
    )
    .is_err());
}

#[test]
fn dragon_flight() {
    // Red Dragon c3 with Red Dwarf d3, Red Scout c2, Red Trap c1; Blue Scout c4, Blue Dwarf
    // e3. Flags j1 / j10.
    let pieces = [
        ("c3", "rX"),
        ("d3", "r3"),
        ("c2", "r2"),
        ("c1", "rT"),
        ("j1", "rF"),
        ("c4", "b2"),
        ("e3", "b3"),
        ("j10", "bF"),
    ];
    let pos = format!("{} r 0", board("fantasy", &pieces));
    // Dragon: steps b3 and c4 (attack); flight right over d3 (Red) and e3 (Blue) to f3;
    // up: c4 then the lake c5 stops the line; down: c2, c1, then the edge; left: b3 is
    // empty, nothing to fly over. Dwarf d3: d2, d4, e3 (attack). Scout c2: b2 a2 and d2..j2.
    assert_eq!(
        moves("fantasy", &[], &pos),
        sorted(&[
            "c3b3", "c3c4", "c3f3", "d3d2", "d3d4", "d3e3", "c2a2", "c2b2", "c2d2", "c2e2", "c2f2",
            "c2g2", "c2h2", "c2i2", "c2j2",
        ])
    );
    // dragon-diagonal=on: the diagonals b4, d4, b2, d2 next to the Dragon are empty, so
    // nothing changes.
    assert_eq!(
        moves("fantasy", &[("dragon-diagonal", "on")], &pos).len(),
        15
    );
    // Add a Blue piece on d4 and a Red Trap on b4: diagonal flights c3e5 (over d4) and c3a5
    // (over b4) with the option, none without it.
    let mut more = pieces.to_vec();
    more.push(("d4", "b5"));
    more.push(("b4", "rT"));
    let pos = format!("{} r 0", board("fantasy", &more));
    let dragon = |sets: &[(&str, &str)]| -> Vec<String> {
        moves("fantasy", sets, &pos)
            .into_iter()
            .filter(|m| m.starts_with("c3"))
            .collect()
    };
    assert_eq!(dragon(&[]), list(&["c3b3", "c3c4", "c3f3"]));
    assert_eq!(
        dragon(&[("dragon-diagonal", "on")]),
        list(&["c3a5", "c3b3", "c3c4", "c3e5", "c3f3"])
    );
    // Lakes stop diagonal lines too: Dragon f3, Blue pieces e4 and g4; beyond them d5 and h5
    // are lakes. Only the four steps remain.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("f3", "rX"),
                ("j1", "rF"),
                ("e4", "b3"),
                ("g4", "b2"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(
        moves("fantasy", &[("dragon-diagonal", "on")], &pos),
        list(&["f3e3", "f3f2", "f3f4", "f3g3"])
    );
    // A flight never attacks: Dragon a1 with Blue pieces b1 c1 and the empty d1: a1d1 lands
    // on d1. Red Flag a2, then a3 empty: flight a1a3.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("a1", "rX"),
                ("a2", "rF"),
                ("b1", "b2"),
                ("c1", "b3"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(moves("fantasy", &[], &pos), list(&["a1a3", "a1b1", "a1d1"]));
}

#[test]
fn knight_and_shifter_two_square_move() {
    // Red Knight e2, Shifter h3, Dwarf f2, Flag e1, Trap j3; Blue Scouts c2 and h2, Dwarf
    // f3, Flag j10.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e2", "r8"),
                ("h3", "r7"),
                ("f2", "r3"),
                ("e1", "rF"),
                ("j3", "rT"),
                ("c2", "b2"),
                ("h2", "b2"),
                ("f3", "b3"),
                ("j10", "bF"),
            ]
        )
    );
    // Knight e2: steps d2 e3; two squares up to e4 (e3 empty) and left onto the Blue Scout
    // c2 (d2 empty); right: the middle f2 is occupied; down: e1 is occupied.
    // Shifter h3: steps g3 h4 i3 and h2 (attack); up: h4 then the lake h5; down: the middle
    // h2 is occupied; left onto the Blue Dwarf f3 over the empty g3; right: j3 is Red.
    // Dwarf f2: f1, g2, f3 (attack).
    assert_eq!(
        moves("fantasy", &[], &pos),
        sorted(&[
            "e2c2", "e2d2", "e2e3", "e2e4", "f2f1", "f2f3", "f2g2", "h3f3", "h3g3", "h3h2", "h3h4",
            "h3i3",
        ])
    );
}

#[test]
fn flights_and_two_square_moves_reveal_the_mover() {
    // Red Knight a2 (Flag a1, Trap b2 beside it): a2a3 (step) or a2a4 (two squares). Blue
    // Sorceress b5: steps a5 b4 b6 (c5 is a lake), and it may reveal the Knight on a3
    // (distance 2) but not on a4, where the two-square move revealed it.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("a2", "r8"),
                ("a1", "rF"),
                ("b2", "rT"),
                ("b5", "b9"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(moves("fantasy", &[], &pos), list(&["a2a3", "a2a4"]));
    assert_eq!(
        oracle::divide("fantasy", &[], &pos, 2),
        Ok(vec![("a2a3".to_string(), 4), ("a2a4".to_string(), 3)])
    );
    // Red Dragon a1 (Trap a2, Flag b1) flies to a3 or c1 and is revealed either way. Blue
    // Sorceress c3: steps b3 c2 c4 d3, reveals the Trap a2 and the Flag b1 (both at
    // distance 2), not the Dragon: 6 after either flight.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("a1", "rX"),
                ("a2", "rT"),
                ("b1", "rF"),
                ("c3", "b9"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(moves("fantasy", &[], &pos), list(&["a1a3", "a1c1"]));
    assert_eq!(
        oracle::divide("fantasy", &[], &pos, 2),
        Ok(vec![("a1a3".to_string(), 6), ("a1c1".to_string(), 6)])
    );
}

#[test]
fn sorceress_reveal() {
    // Red Sorceress e3, Flag a1. Blue: Trap e5 (distance 2), revealed Trap f4 (distance 1),
    // Trap g1 (distance 2 as a king walks), Trap e6 (distance 3), Dwarf j9 (its only move
    // is j8: Flag j10, Trap i9), Flag j10.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e3", "r9"),
                ("a1", "rF"),
                ("e5", "bT"),
                ("f4", "bT*"),
                ("g1", "bT"),
                ("e6", "bT"),
                ("j9", "b3"),
                ("i9", "bT"),
                ("j10", "bF"),
            ]
        )
    );
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&["e3d3", "e3e2", "e3e4", "e3e5:reveal", "e3f3", "e3g1:reveal"])
    );
    // sorceress-range=3 adds e6 (g1 stays in range, f4 stays revealed).
    assert_eq!(
        moves("fantasy", &[("sorceress-range", "3")], &pos),
        list(&[
            "e3d3",
            "e3e2",
            "e3e4",
            "e3e5:reveal",
            "e3e6:reveal",
            "e3f3",
            "e3g1:reveal"
        ])
    );
    // sorceress-range=1: f4 is the only piece in range, and it is revealed already.
    assert_eq!(
        moves("fantasy", &[("sorceress-range", "1")], &pos),
        list(&["e3d3", "e3e2", "e3e4", "e3f3"])
    );
    // Depth 3, Blue always answers j9j8. Red's second turn:
    //   after e3d3: d2 d4 c3 e3 + reveal e5 = 5;  after e3e2: e1 d2 f2 e3 + reveal g1 = 5;
    //   after e3e4: e5 (attack) d4 f4 (attack) e3 + reveal e5 and e6 = 6;
    //   after e3f3: f4 (attack) f2 e3 g3 + reveal e5, g1 = 6;
    //   after e3e5:reveal: 4 steps + g1 = 5 (e5 is now revealed);
    //   after e3g1:reveal: 4 steps + e5 = 5.
    assert_eq!(count("fantasy", &[], &pos, 2), 6);
    assert_eq!(count("fantasy", &[], &pos, 3), 32);
}

#[test]
fn mage_hypnosis() {
    // Red Mage e4, Flag a1. Blue: Elf e6 (rank 4), Knight f5 (rank 8), Trap d3, a Dwarf f3
    // that changed sides before (b3*~: Red's once, now Blue's), Scout g2 (king distance 2),
    // Flag j10.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e4", "r6"),
                ("a1", "rF"),
                ("e6", "b4"),
                ("f5", "b8"),
                ("d3", "bT"),
                ("f3", "b3*~"),
                ("g2", "b2"),
                ("j10", "bF"),
            ]
        )
    );
    // Steps d4 e3 e5 f4; hypnosis of the Trap d3, e6, f5 (legal, they fail but the Mage
    // cannot know) and g2; not the piece that changed sides.
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&[
            "e4d3:hypnotise",
            "e4d4",
            "e4e3",
            "e4e5",
            "e4e6:hypnotise",
            "e4f4",
            "e4f5:hypnotise",
            "e4g2:hypnotise",
        ])
    );
    // mage-range=1: d3 and f5 (f3 changed sides).
    assert_eq!(
        moves("fantasy", &[("mage-range", "1")], &pos),
        list(&[
            "e4d3:hypnotise",
            "e4d4",
            "e4e3",
            "e4e5",
            "e4f4",
            "e4f5:hypnotise"
        ])
    );
}

#[test]
fn hypnosis_success_and_failure() {
    // Success: Red Mage e4, Flag a1; Blue Elf e6, Trap j9, Flag j10. After the hypnosis the
    // Elf is Red's and Blue has no movable piece: 0. After a Mage step Blue's Elf has e5 e7
    // f6 (d6 is a lake) and shoots the Mage when it stands on e5 or e3 (straight down, the
    // squares between empty) but not on d4 or f4: 4 + 4 + 3 + 3.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e4", "r6"),
                ("a1", "rF"),
                ("e6", "b4"),
                ("j9", "bT"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(count("fantasy", &[], &pos, 1), 5);
    assert_eq!(
        oracle::divide("fantasy", &[], &pos, 2),
        Ok(vec![
            ("e4d4".to_string(), 3),
            ("e4e3".to_string(), 4),
            ("e4e5".to_string(), 4),
            ("e4e6:hypnotise".to_string(), 0),
            ("e4f4".to_string(), 3),
        ])
    );
    // The hypnotised Elf moves for Red at once. With a Blue Scout a10 instead of the Trap
    // (and the Red Flag on j1): the Scout has a9..a1 (9) and b10..i10 (8) = 17 moves; then
    // Red has the Mage's 4 steps and the Elf's steps e5 e7 f6 = 7 (no Blue piece in reach of
    // a shot or a hypnosis): 17 * 7 = 119.
    let pos2 = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e4", "r6"),
                ("j1", "rF"),
                ("e6", "b4"),
                ("a10", "b2"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(
        divide_entry("fantasy", &[], &pos2, 3, "e4e6:hypnotise"),
        119
    );
    // Failure: a Blue Knight e6 (rank 8) stays Blue. After the attempt the Knight has the
    // steps e5 e7 f6, two squares up to e8 and the attack on the Mage e4 over e5: 5.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e4", "r6"),
                ("a1", "rF"),
                ("e6", "b8"),
                ("j9", "bT"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e4e6:hypnotise"), 5);
    // Once only, in play: after Red's Mage e4 takes the Elf e6, Blue's Mage f7 (king
    // distance 1 from e6) may not take it back: it has only its steps e7 f6 f8 g7.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e4", "r6"),
                ("a1", "rF"),
                ("e6", "b4"),
                ("f7", "b6"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e4e6:hypnotise"), 4);
    // Once only; Traps and Flags may be tried (and resist): Blue Mage e4 facing a Red Dwarf
    // that was Blue's (r3*~ on e6), a Red Dwarf f5, the Red Flag d3 and a Red Trap c2.
    let pos = format!(
        "{} b 0",
        board(
            "fantasy",
            &[
                ("e4", "b6"),
                ("j10", "bF"),
                ("e6", "r3*~"),
                ("f5", "r3"),
                ("d3", "rF"),
                ("c2", "rT"),
            ]
        )
    );
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&[
            "e4c2:hypnotise",
            "e4d3:hypnotise",
            "e4d4",
            "e4e3",
            "e4e5",
            "e4f4",
            "e4f5:hypnotise"
        ])
    );
}

#[test]
fn elemental_strike() {
    // Red Elemental e3 with Red Dwarf d2 and Flag a1; around it Blue Slayer d4, Trap e4,
    // Elemental f4, Dragon f3, Scout f2; Blue Flag j10.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e3", "r5"),
                ("d2", "r3"),
                ("a1", "rF"),
                ("d4", "bS"),
                ("e4", "bT"),
                ("f4", "b5"),
                ("f3", "bX"),
                ("f2", "b2"),
                ("j10", "bF"),
            ]
        )
    );
    // Elemental: strike; steps d3 e2 and the attacks e4 f3. Dwarf d2: c2 d1 d3 e2.
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&[
            "d2c2",
            "d2d1",
            "d2d3",
            "d2e2",
            "e3:strike",
            "e3d3",
            "e3e2",
            "e3e4",
            "e3f3",
        ])
    );
    // The strike: Slayer d4 and Scout f2 lose, the Elementals f4/e3 remove each other, the
    // Trap e4 and the Dragon f3 win (each alone would remove the Elemental). The Red Dwarf
    // d2 is not touched. Left for Blue: Dragon f3 (steps e3 f2 f4 g3; nothing adjacent to
    // fly over) and the Trap: 4.
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e3:strike"), 4);
    // No enemy on the eight squares around: no strike.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[("e3", "r5"), ("a1", "rF"), ("e5", "b3"), ("j10", "bF")]
        )
    );
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&["e3d3", "e3e2", "e3e4", "e3f3"])
    );
}

#[test]
fn elemental_strike_captures_the_flag() {
    // Red Elemental e3 next to the Blue Flag f2 and a Blue Trap e2: the Flag is captured
    // (the game ends) though the Elemental dies. Blue Scout j5: j6..j10 (5), j4..j1 (4), i5
    // (h5 is a lake) = 10 after each of the Elemental's 4 moves (d3 e4 f3 and the attack
    // e2).
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e3", "r5"),
                ("a1", "rF"),
                ("f2", "bF"),
                ("e2", "bT"),
                ("j5", "b2")
            ]
        )
    );
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&["e3:strike", "e3d3", "e3e2", "e3e4", "e3f3"])
    );
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e3:strike"), 0);
    assert_eq!(count("fantasy", &[], &pos, 2), 40);
}

#[test]
fn elf_shot() {
    // Red Elf e3, Dwarf e2, Flag a1. Blue: Dwarf e6 (distance 3), Knight b3 (distance 3),
    // Scout b6 (behind the lake c5), Slayer e1 (behind the Red Dwarf), Scout i3 (distance
    // 4), Trap g1 (distance 2 diagonally), Flag j10.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e3", "r4"),
                ("e2", "r3"),
                ("a1", "rF"),
                ("e6", "b3"),
                ("b3", "b8"),
                ("b6", "b2"),
                ("e1", "bS"),
                ("i3", "b2"),
                ("g1", "bT"),
                ("j10", "bF"),
            ]
        )
    );
    // up-right f4 then the lake g5: blocked too.
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&[
            "e2d2",
            "e2e1",
            "e2f2",
            "e3b3:shoot",
            "e3d3",
            "e3e4",
            "e3e6:shoot",
            "e3f3",
            "e3g1:shoot",
        ])
    );
    // elf-range=4 reaches i3; elf-range=2 leaves only g1.
    assert_eq!(moves("fantasy", &[("elf-range", "4")], &pos).len(), 10);
    assert!(moves("fantasy", &[("elf-range", "4")], &pos).contains(&"e3i3:shoot".to_string()));
    assert_eq!(
        moves("fantasy", &[("elf-range", "2")], &pos)
            .into_iter()
            .filter(|m| m.ends_with(":shoot"))
            .collect::<Vec<_>>(),
        list(&["e3g1:shoot"])
    );
}

#[test]
fn elf_shot_hits_lower_ranks_only() {
    // Hit: Red Elf e3, Flag a1; Blue Dwarf e5 (rank 3), Trap j9, Flag j10. After the shot
    // Blue has no movable piece: 0. After each of the 4 Elf steps the Dwarf has e6 f5 and
    // e4 (d5 is a lake): 12.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e3", "r4"),
                ("a1", "rF"),
                ("e5", "b3"),
                ("j9", "bT"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e3e5:shoot"), 0);
    assert_eq!(count("fantasy", &[], &pos, 2), 12);
    // Miss: a Blue Elf on e5 (equal rank) stays. It then has e4 e6 f5 and shoots back at
    // e3: 4. After e3e4: 3 steps (one an attack) + shot = 4; e3e2: 3 + shot at e2 = 4;
    // e3d3 and e3f3: 3 each (not on a line). 4 + 4 + 4 + 3 + 3 = 18.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e3", "r4"),
                ("a1", "rF"),
                ("e5", "b4"),
                ("j9", "bT"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e3e5:shoot"), 4);
    assert_eq!(count("fantasy", &[], &pos, 2), 18);
}

#[test]
fn slayer_and_dragon() {
    // Red Slayer e4 attacks the Blue Dragon e5 and wins: Blue has only its Flag left (0).
    // After the other Slayer steps (d4 f4 e3) the Dragon has e4 e6 f5: 9.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[("e4", "rS"), ("a1", "rF"), ("e5", "bX"), ("j10", "bF")]
        )
    );
    assert_eq!(count("fantasy", &[], &pos, 1), 4);
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e4e5"), 0);
    assert_eq!(count("fantasy", &[], &pos, 2), 9);
    // The Dragon attacking the Slayer wins (Red is left with its Flag: 0); the Dragon may
    // also fly over the Slayer to e3. Then the Slayer has 4 moves after each Dragon move but
    // the capture: 4 * 3 = 12.
    let pos = format!(
        "{} b 0",
        board(
            "fantasy",
            &[("e4", "rS"), ("a1", "rF"), ("e5", "bX"), ("j10", "bF")]
        )
    );
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&["e5e3", "e5e4", "e5e6", "e5f5"])
    );
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e5e4"), 0);
    assert_eq!(count("fantasy", &[], &pos, 2), 12);
}

#[test]
fn trap_and_dwarf() {
    // Red Dwarf e4 attacks the Blue Trap e5 and wins. Blue Scout e8 then has e9 e10, e7 e6
    // and the attack e5, a8..d8, f8..j8: 14; after the Dwarf's other moves the Trap stops
    // the Scout at e6: 13.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e4", "r3"),
                ("a1", "rF"),
                ("e5", "bT"),
                ("e8", "b2"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(
        oracle::divide("fantasy", &[], &pos, 2),
        Ok(vec![
            ("e4d4".to_string(), 13),
            ("e4e3".to_string(), 13),
            ("e4e5".to_string(), 14),
            ("e4f4".to_string(), 13),
        ])
    );
    // A Red Scout e2 attacking the Trap loses; with bombs=explode the Trap goes too and the
    // Blue Scout reaches down to e1: 2 + 7 + 4 + 5 = 18.
    let pos = format!(
        "{} r 0",
        board(
            "fantasy",
            &[
                ("e2", "r2"),
                ("a1", "rF"),
                ("e5", "bT"),
                ("e8", "b2"),
                ("j10", "bF")
            ]
        )
    );
    assert_eq!(divide_entry("fantasy", &[], &pos, 2, "e2e5"), 13);
    assert_eq!(
        divide_entry("fantasy", &[("bombs", "explode")], &pos, 2, "e2e5"),
        18
    );
}

#[test]
fn fantasy_powers_and_repetition() {
    // Two-squares (N=3): the Red Sorceress crossed e3|e4 three times; a fourth crossing is
    // illegal. Blue Trap f6 is within reach of a reveal.
    let pieces = [
        ("e4", "r9"),
        ("a1", "rF"),
        ("f6", "bT"),
        ("j8", "b3"),
        ("j10", "bF"),
    ];
    let pos = format!(
        "{} r 8 history e4e3 j8j9 e3e4 j9j8 e4e3 j8j9 e3e4 j9j8",
        board("fantasy", &pieces)
    );
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&["e4d4", "e4e5", "e4f4", "e4f6:reveal"])
    );
    // A power in between crosses no boundary: the sequence is broken.
    let pieces = [
        ("e4", "r9"),
        ("a1", "rF"),
        ("f6", "bT*"),
        ("j9", "b3"),
        ("j10", "bF"),
    ];
    let pos = format!(
        "{} r 6 history e4e3 j8j9 e3e4 j9j8 e4f6:reveal j8j9",
        board("fantasy", &pieces)
    );
    assert_eq!(
        moves("fantasy", &[], &pos),
        list(&["e4d4", "e4e3", "e4e5", "e4f4"])
    );
    // More-squares (no-repetition): the Red Dwarf went e4 e3 d3 d4 e4 while the Blue Dwarf
    // went j9 j8 j9 j8 j9; e4e3 would recreate p1. With two reveals by the Blue Sorceress
    // a9 instead of two of Blue's moves, no earlier position counts.
    let sets = [("two-squares", "off"), ("more-squares", "no-repetition")];
    let pieces = [
        ("e4", "r3"),
        ("a1", "rF"),
        ("b8", "rT*"),
        ("b7", "rT*"),
        ("j9", "b3"),
        ("a9", "b9"),
        ("j10", "bF"),
    ];
    let plain = format!(
        "{} r 8 history e4e3 j9j8 e3d3 j8j9 d3d4 j9j8 d4e4 j8j9",
        board("fantasy", &pieces)
    );
    assert_eq!(
        moves("fantasy", &sets, &plain),
        list(&["e4d4", "e4e5", "e4f4"])
    );
    let powers = format!(
        "{} r 8 history e4e3 j9j8 e3d3 j8j9 d3d4 a9b8:reveal d4e4 a9b7:reveal",
        board("fantasy", &pieces)
    );
    assert_eq!(
        moves("fantasy", &sets, &powers),
        list(&["e4d4", "e4e3", "e4e5", "e4f4"])
    );
    // Powers in the history of another family are errors.
    assert!(oracle::perft(
        "classic",
        &[],
        &format!(
            "{} r 8 history a9b8:reveal",
            board("classic", &[("a1", "rF"), ("j10", "bF")])
        ),
        1
    )
    .is_err());
}

// ---------------------------------------------------------------------------------------
// Rank duel
// ---------------------------------------------------------------------------------------

#[test]
fn rankduel_start_actions() {
    // Red a1..e1 = 2 5 3 1 4, Blue a5..e5 = 4 1 5 3 2, nothing moved. Red's moves: a1: a2 b2,
    // a3 c3 (4); b1: a2 b2 c2, b3 d3 (5); c1: b2 c2 d2, a3 c3 e3 (6); d1: 5; e1: 4 = 24.
    // Probes: every Blue piece is seen (a5 and e5 also along the long diagonals): 5 x 5 = 25.
    // And the pass: 50.
    let pos = format!(
        "{} r 0",
        board(
            "rankduel",
            &[
                ("a1", "r2"),
                ("b1", "r5"),
                ("c1", "r3"),
                ("d1", "r1"),
                ("e1", "r4"),
                ("a5", "b4"),
                ("b5", "b1"),
                ("c5", "b5"),
                ("d5", "b3"),
                ("e5", "b2"),
            ]
        )
    );
    let mut expected = list(&[
        "a1a2", "a1b2", "a1a3", "a1c3", "b1a2", "b1b2", "b1c2", "b1b3", "b1d3", "c1b2", "c1c2",
        "c1d2", "c1a3", "c1c3", "c1e3", "d1c2", "d1d2", "d1e2", "d1d3", "d1b3", "e1d2", "e1e2",
        "e1e3", "e1c3", "pass",
    ]);
    for target in ["a5", "b5", "c5", "d5", "e5"] {
        for g in 1..=5 {
            expected.push(format!("{}:probe{}", target, g));
        }
    }
    expected.sort();
    assert_eq!(moves("rankduel", &[], &pos), expected);
    // The same with probes=0 (option) or "probes 0 3" (clause): 25.
    assert_eq!(count("rankduel", &[("probes", "0")], &pos, 1), 25);
    assert_eq!(
        count("rankduel", &[], &format!("{} probes 0 3", pos), 1),
        25
    );
    // Blue to move on the same board: 50 as well.
    assert_eq!(count("rankduel", &[], &pos.replace(" r 0", " b 0"), 1), 50);
}

#[test]
fn rankduel_moves_in_eight_directions() {
    // Red 1 c3, Red 2 c4; Blue 3 d4, 4 e3, 5 e1, all moved (no probe targets).
    let pieces = [
        ("c3", "r1"),
        ("c4", "r2"),
        ("d4", "b3+"),
        ("e3", "b4+"),
        ("e1", "b5+"),
    ];
    let pos = format!("{} r 10", board("rankduel", &pieces));
    // c3: up blocked by c4 (own); c2 c1; b3 a3; d3 and the strike e3 over d3; the strike d4
    // (no second square: the middle is occupied); b4 a5; b2 a1; d2 and the strike e1.
    // c4: c5 (c6 is off the board); b4 a4; the strike d4; b5; d5; b3 a2; d3 e2.
    assert_eq!(
        moves("rankduel", &[], &pos),
        sorted(&[
            "c3c2", "c3c1", "c3b3", "c3a3", "c3d3", "c3e3", "c3d4", "c3b4", "c3a5", "c3b2", "c3a1",
            "c3d2", "c3e1", "c4c5", "c4b4", "c4a4", "c4d4", "c4b5", "c4d5", "c4b3", "c4a2", "c4d3",
            "c4e2", "pass",
        ])
    );
    // An unmoved Blue 5 on e1 is seen from c3 (d2 empty): 5 probes more.
    let mut unmoved = pieces.to_vec();
    unmoved[4] = ("e1", "b5");
    let pos = format!("{} r 10", board("rankduel", &unmoved));
    assert_eq!(count("rankduel", &[], &pos, 1), 29);
    assert_eq!(
        count("rankduel", &[], &format!("{} probes 0 3", pos), 1),
        24
    );
}

/// Expected outcome of attacker rank `a` against defender rank `d`: 'A' attacker wins,
/// 'D' defender wins, '=' both destroyed. Written out by hand from "d = (a - d) mod 5,
/// 1 or 2: attacker, 3 or 4: defender, 0: both; a 6 beats 1-5 in either role; 6 vs 6 both".
const DUEL_TABLE: [&str; 6] = [
    // d = 1 2 3 4 5 6
    "=DDAAD", // a = 1
    "A=DDAD", // a = 2
    "AA=DDD", // a = 3
    "DAA=DD", // a = 4
    "DDAA=D", // a = 5
    "AAAAA=", // a = 6
];

#[test]
fn rankduel_cyclic_combat_and_points() {
    // Red attacker on c2 strikes the Blue defender on c3; each side has one more piece
    // (a1 / e5) so that nobody runs out of pieces. With Blue's pool equal to the defender's
    // rank, an attacker's win empties it (game over: 0 below the strike); with Red's pool
    // equal to the attacker's rank, a defender's win empties Red's.
    for a in 1..=6usize {
        for d in 1..=6usize {
            let red_extra = if a == 1 { "r2+*" } else { "r1+*" };
            let blue_extra = if d == 1 { "b2+*" } else { "b1+*" };
            let attacker = format!("r{}+*", a);
            let defender = format!("b{}+*", d);
            let b = board(
                "rankduel",
                &[
                    ("c2", &attacker),
                    ("a1", red_extra),
                    ("c3", &defender),
                    ("e5", blue_extra),
                ],
            );
            let blue_drained = format!("{} r 10 points {} {} probes 0 0", b, a + 100, d);
            let red_drained = format!("{} r 10 points {} {} probes 0 0", b, a, d + 100);
            let attacker_won = divide_entry("rankduel", &[], &blue_drained, 2, "c2c3") == 0;
            let defender_won = divide_entry("rankduel", &[], &red_drained, 2, "c2c3") == 0;
            let got = match (attacker_won, defender_won) {
                (true, false) => 'A',
                (false, true) => 'D',
                (false, false) => '=',
                _ => '?',
            };
            let expected = DUEL_TABLE[a - 1].as_bytes()[d - 1] as char;
            assert_eq!(got, expected, "attacker {} defender {}", a, d);
        }
    }
}

#[test]
fn rankduel_defender_takes_the_points() {
    // 5 x 3 board. Red 1 a1 strikes the Blue 2 b2 and loses (d = 4): Blue's pool 1 becomes 2,
    // so Blue survives the upkeep of its next move. Red keeps its 5 on e1.
    // After the strike Blue's 2 has b3 b1 a2 c2 d2 a3 c3 a1 c1 and the pass (10); then
    // Red's 5 on e1 has e2 e3 d1 c1 d2 c3 and the pass (7), 6 when Blue stands on d2 (the
    // strike d2 and no way through it): 9 * 7 + 6 = 69.
    let pos = format!(
        "{} r 10 points 50 1 probes 0 0",
        duel_board(3, &[("a1", "r1+"), ("e1", "r5+"), ("b2", "b2+")])
    );
    assert_eq!(
        divide_entry("rankduel", &[("rows", "3")], &pos, 3, "a1b2"),
        69
    );
    // (Without the gain Blue's pool would be 0 after its move and every branch 0.) A pool
    // at 0 is the end of the game.
    let over = pos.replace("points 50 1", "points 50 0");
    assert_eq!(count("rankduel", &[("rows", "3")], &over, 1), 0);
}

#[test]
fn rankduel_upkeep() {
    // Red's pool is 1: a move, a pass or a wrong probe costs it and ends the game; a strike
    // or a right probe does not.
    // Red 2 c1 (unmoved); Blue 1 c2 (moved), Blue 5 a3 (unmoved, seen from c1 over b2).
    let pos = format!(
        "{} r 10 points 1 20 probes 1 3",
        board("rankduel", &[("c1", "r2"), ("c2", "b1+"), ("a3", "b5")])
    );
    // c1: b1 a1 d1 e1 b2 d2 e3, the strikes c2 and a3 (over b2), probes a3 x 5, pass: 15.
    assert_eq!(count("rankduel", &[], &pos, 1), 15);
    // c1c2 (2 beats 1): Blue 5 a3 has a4 a5 a2 a1 b3 c3 b4 c5 b2 c1 and the pass: 11.
    assert_eq!(divide_entry("rankduel", &[], &pos, 2, "c1c2"), 11);
    // c1a3 (2 beats 5): Blue 1 c2 has c3 c4 c1 b2 a2 d2 e2 b3 a4 d3 e4 b1 d1 and the pass: 14.
    assert_eq!(divide_entry("rankduel", &[], &pos, 2, "c1a3"), 14);
    // a3:probe5 (right): Blue 1 c2 has 12 moves, the strike c1, 5 probes of the unmoved Red 2
    // and the pass: 19.
    assert_eq!(divide_entry("rankduel", &[], &pos, 2, "a3:probe5"), 19);
    assert_eq!(divide_entry("rankduel", &[], &pos, 2, "a3:probe4"), 0);
    assert_eq!(divide_entry("rankduel", &[], &pos, 2, "c1b1"), 0);
    assert_eq!(divide_entry("rankduel", &[], &pos, 2, "pass"), 0);
    assert_eq!(count("rankduel", &[], &pos, 2), 11 + 14 + 19);
}

#[test]
fn rankduel_probes() {
    // Red 1 a1 and 2 e1 (unmoved). Blue: 4 a5 (unmoved, seen up the a-file), 3 c3 (revealed,
    // and it hides everything behind it), 5 e5 (moved), 2 c5 (unmoved, but no Red piece sees
    // it).
    let b = board(
        "rankduel",
        &[
            ("a1", "r1"),
            ("e1", "r2"),
            ("a5", "b4"),
            ("c3", "b3*"),
            ("e5", "b5+"),
            ("c5", "b2"),
        ],
    );
    // a1: a2 a3 b1 c1 b2 and the strike c3; e1: e2 e3 d1 c1 d2 and the strike c3; probes of
    // a5 (5); pass: 18.
    let pos = format!("{} r 10", b);
    let mut expected = list(&[
        "a1a2",
        "a1a3",
        "a1b1",
        "a1c1",
        "a1b2",
        "a1c3",
        "e1e2",
        "e1e3",
        "e1d1",
        "e1c1",
        "e1d2",
        "e1c3",
        "a5:probe1",
        "a5:probe2",
        "a5:probe3",
        "a5:probe4",
        "a5:probe5",
        "pass",
    ]);
    expected.sort();
    assert_eq!(moves("rankduel", &[], &pos), expected);
    // no probes left: 13
    assert_eq!(
        count("rankduel", &[], &format!("{} r 10 probes 0 3", b), 1),
        13
    );
    // Red's pool is 1: only the right probe (a5 is a 4) keeps the game going (the strikes on
    // the 3 lose: 1 and 2 both lose to 3). Blue's pool 5 - 4 = 1. Then Blue: 3 c3 has 14
    // (c4, c2 c1, b3 a3, d3 e3, b4 a5, d4, b2 and the strike a1, d2 and the strike e1), 5 e5
    // has 4 (e4 e3, d5, d4), 2 c5 has 8 (c4, b5 a5, d5, b4 a3, d4 e3), pass: 27.
    let pos = format!("{} r 10 points 1 5 probes 3 0", b);
    assert_eq!(count("rankduel", &[], &pos, 2), 27);
    assert_eq!(divide_entry("rankduel", &[], &pos, 2, "a5:probe4"), 27);
    // Blue's pool 4: the right probe empties it.
    let pos = format!("{} r 10 points 1 4 probes 3 0", b);
    assert_eq!(count("rankduel", &[], &pos, 2), 0);
}

#[test]
fn rankduel_probe_limit() {
    // 5 x 3. Red 1 a1 with one probe left; Blue 2 c3 (unmoved, seen over b2), no probes.
    // Red: a2 a3 b1 c1 b2, the strike c3, 5 probes, pass: 12.
    let pos = format!(
        "{} r 10 points 50 50 probes 1 0",
        duel_board(3, &[("a1", "r1"), ("c3", "b2")])
    );
    let sets = [("rows", "3")];
    assert_eq!(count("rankduel", &sets, &pos, 1), 12);
    // A right probe removes Blue's only piece: the game is over.
    assert_eq!(divide_entry("rankduel", &sets, &pos, 2, "c3:probe2"), 0);
    // A wrong probe: Blue 2 (still unmoved) has c2 c1 b3 a3 d3 e3 b2 a1(strike, wins) d2 e1 and
    // the pass. Red then has 7 each time (a2 a3 b1 c1 b2 c3-or-strike, pass), 6 when Blue is
    // on b2, 0 after the capture of a1 - and no probe when Blue passed (the one probe is
    // spent): 9 * 7 + 6 = 69.
    assert_eq!(divide_entry("rankduel", &sets, &pos, 2, "c3:probe1"), 11);
    assert_eq!(divide_entry("rankduel", &sets, &pos, 3, "c3:probe1"), 69);
    // With two probes the pass branch has Red's 5 probes more: 74.
    let two = pos.replace("probes 1 0", "probes 2 0");
    assert_eq!(divide_entry("rankduel", &sets, &two, 3, "c3:probe1"), 74);
}

#[test]
fn rankduel_promotion() {
    // 5 x 3. Red 3 c1 and 1 a1, Blue 5 d3; Blue's 3 started on file c ("lanes a c"). c1c3
    // ends on Blue's back row in that file: the 3 becomes a 6.
    // Blue then has the strike c3, e3 d2 d1 c2 b1 e2 and the pass (8). The strike loses to
    // the 6 and Blue has no piece left (0). Red's replies to the others: the 6 on c3 has
    // 9 or 8 (8 when Blue stands on d2, c2 or d3 next to it), the 1 on a1 has 5 (4 when Blue
    // is on b1), and the pass: 15 + 14 + 15 + 14 + 14 + 15 + 14 = 101.
    let b = duel_board(3, &[("c1", "r3+"), ("a1", "r1+"), ("d3", "b5+")]);
    let sets = [("rows", "3")];
    let pos = format!("{} r 10 points 50 50 probes 0 0 lanes a c", b);
    assert_eq!(count("rankduel", &sets, &pos, 1), 15);
    assert_eq!(divide_entry("rankduel", &sets, &pos, 2, "c1c3"), 8);
    assert_eq!(divide_entry("rankduel", &sets, &pos, 3, "c1c3"), 101);
    // Blue's 3 started elsewhere (or the lane is unknown): no promotion. Blue's 5 beats the
    // 3 on c3 and Red's 1 then has a2 a3 b1 c1 b2, the strike c3 and the pass: 101 + 7.
    for lanes in ["lanes a b", "lanes a -", ""] {
        let pos = format!("{} r 10 points 50 50 probes 0 0 {}", b, lanes);
        assert_eq!(
            divide_entry("rankduel", &sets, &pos, 3, "c1c3"),
            108,
            "{}",
            lanes
        );
    }
    // The same seen from Blue (the board turned upside down): Blue 3 c3 promotes on c1 when
    // Red's 3 started on file c.
    let b = duel_board(3, &[("c3", "b3+"), ("a3", "b1+"), ("d1", "r5+")]);
    let pos = format!("{} b 10 points 50 50 probes 0 0 lanes c a", b);
    assert_eq!(divide_entry("rankduel", &sets, &pos, 3, "c3c1"), 101);
    let pos = format!("{} b 10 points 50 50 probes 0 0 lanes - a", b);
    assert_eq!(divide_entry("rankduel", &sets, &pos, 3, "c3c1"), 108);
}

#[test]
fn rankduel_sudden_death() {
    // Red 2 c2 and 5 a1; Blue 1 c3 and 3 e5; all moved. c2c3: 2 beats 1. From ply 40
    // (20 turns each played) that wins the game at once (0 below it); at ply 39 Blue's 3 has
    // e4 e3 d5 c5 d4, the strike c3 and the pass (7).
    let b = board(
        "rankduel",
        &[("c2", "r2+"), ("a1", "r5+"), ("c3", "b1+"), ("e5", "b3+")],
    );
    let at = |ply: u32| format!("{} r {} points 50 50 probes 0 0", b, ply);
    assert_eq!(divide_entry("rankduel", &[], &at(40), 2, "c2c3"), 0);
    assert_eq!(divide_entry("rankduel", &[], &at(45), 2, "c2c3"), 0);
    assert_eq!(divide_entry("rankduel", &[], &at(39), 2, "c2c3"), 7);
    assert_eq!(
        divide_entry("rankduel", &[("sudden-death", "off")], &at(40), 2, "c2c3"),
        7
    );
    assert_eq!(
        divide_entry("rankduel", &[("sudden-death", "25")], &at(40), 2, "c2c3"),
        7
    );
    assert_eq!(
        divide_entry("rankduel", &[("sudden-death", "20")], &at(40), 2, "c2c3"),
        0
    );
    // A strike the attacker loses does not end it: a1c3 (5 loses to 1). Blue's 1 then has
    // c4 c5, the strike c2, b3 a3 d3 e3 b4 a5 d4 b2 a1 d2 e1 (14), the 3 has e4 e3 d5 c5 d4
    // (5), and the pass: 20.
    assert_eq!(divide_entry("rankduel", &[], &at(40), 2, "a1c3"), 20);
    // A right probe in sudden death wins too: Red 1 a1 probes the unmoved Blue 2 a5.
    let b = board("rankduel", &[("a1", "r1+"), ("a5", "b2"), ("e5", "b4+")]);
    let at = |ply: u32| format!("{} r {} points 50 50 probes 1 0", b, ply);
    assert_eq!(divide_entry("rankduel", &[], &at(40), 2, "a5:probe2"), 0);
    // at ply 39 Blue's 4 has e4 e3 d5 c5 d4 c3 and the pass: 7
    assert_eq!(divide_entry("rankduel", &[], &at(39), 2, "a5:probe2"), 7);
    // a wrong probe: Blue 2 has a4 a3 b5 c5 b4 c3, the 4 has 6, pass: 13
    assert_eq!(divide_entry("rankduel", &[], &at(40), 2, "a5:probe1"), 13);
}

#[test]
fn rankduel_end_and_positions() {
    let b = board("rankduel", &[("a1", "r1"), ("e5", "b1")]);
    // a pool at 0 or below, or a side without pieces: the game is over
    assert_eq!(
        count("rankduel", &[], &format!("{} r 10 points 0 5", b), 1),
        0
    );
    assert_eq!(
        count("rankduel", &[], &format!("{} r 10 points 5 -3", b), 1),
        0
    );
    let lone = board("rankduel", &[("a1", "r1")]);
    assert_eq!(count("rankduel", &[], &format!("{} r 10", lone), 1), 0);
    // the ply limit (200 by default)
    assert_eq!(count("rankduel", &[], &format!("{} r 200", b), 1), 0);
    assert!(count("rankduel", &[], &format!("{} r 199", b), 1) > 0);
    assert!(
        count(
            "rankduel",
            &[("ply-limit", "off")],
            &format!("{} r 500", b),
            1
        ) > 0
    );
    // Red 1 a1: a2 a3 b1 c1 b2 c3, probes of e5 along the long diagonal (5), pass: 12.
    assert_eq!(count("rankduel", &[], &format!("{} r 10", b), 1), 12);
    // The pool of the option when the clause is left out: points=1 leaves Red only its
    // probes to keep playing (a wrong probe, a move or the pass end the game; the right
    // probe takes Blue's last piece).
    assert_eq!(
        count("rankduel", &[("points", "1")], &format!("{} r 10", b), 2),
        0
    );
    // rows: a 7-row board
    let tall = duel_board(7, &[("a1", "r1"), ("e7", "b1")]);
    assert!(oracle::perft("rankduel", &[("rows", "7")], &format!("{} r 0", tall), 1).is_ok());
    assert!(oracle::perft("rankduel", &[], &format!("{} r 0", tall), 1).is_err());
    assert!(oracle::perft("rankduel", &[("rows", "2")], &format!("{} r 0", tall), 1).is_err());
    // bad positions
    let bad = |text: &str| oracle::perft("rankduel", &[], text, 1).is_err();
    assert!(bad(&format!("{} r 0 probes 1 1 points 5 5", b))); // clauses out of order
    assert!(bad(&format!("{} r 0 lanes f a", b))); // no file f
    assert!(bad(&format!("{} r 0 lanes a", b)));
    assert!(bad(&format!("{} r 0 points x 3", b)));
    assert!(bad(&(board(
        "rankduel",
        &[("a1", "r3"), ("b1", "r6"), ("e5", "b1")]
    ) + " r 0")));
    assert!(bad(&(board(
        "rankduel",
        &[("a1", "r1"), ("b1", "r1"), ("e5", "b1")]
    ) + " r 0")));
    assert!(bad(
        &(board("rankduel", &[("a1", "r1*~"), ("e5", "b1")]) + " r 0")
    ));
    assert!(bad(
        &(board("rankduel", &[("a1", "rX"), ("e5", "b1")]) + " r 0")
    ));
    // the duel clauses belong to the duel only
    let classic = format!(
        "{} r 0 points 5 5",
        board("classic", &[("a1", "rF"), ("j10", "bF")])
    );
    assert!(oracle::perft("classic", &[], &classic, 1).is_err());
    // options that do not apply, repetition rules
    let pos = format!("{} r 0", b);
    for (name, value) in [
        ("count.1", "2"),
        ("scout-moves", "single"),
        ("elf-range", "2"),
        ("two-squares", "3"),
        ("more-squares", "chase"),
        ("rows", "14"),
        ("points", "0"),
        ("probes", "100"),
    ] {
        assert!(
            oracle::perft("rankduel", &[(name, value)], &pos, 1).is_err(),
            "{}={}",
            name,
            value
        );
    }
    for (name, value) in [
        ("two-squares", "off"),
        ("more-squares", "none"),
        ("first-mover", "blue"),
        ("sudden-death", "off"),
        ("probes", "0"),
        ("points", "999"),
    ] {
        assert!(
            oracle::perft("rankduel", &[(name, value)], &pos, 1).is_ok(),
            "{}={}",
            name,
            value
        );
    }
    // history: moves, strikes, probes and passes
    let pos = format!(
        "{} r 4 history a2a1 e4e5 c3:probe2 pass",
        board("rankduel", &[("a1", "r1+"), ("e5", "b1+")])
    );
    assert!(oracle::perft("rankduel", &[], &pos, 1).is_ok());
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
    let mut variants = std::collections::BTreeSet::new();
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
        for r in &records {
            variants.insert(r.variant.clone());
        }
        total += records.len();
    }
    assert!(
        total >= 14,
        "expected at least 14 perft records, found {}",
        total
    );
    // every preset has reference data, the new ones included
    for variant in [
        "classic",
        "barrage",
        "duel",
        "probe-classic",
        "probe-blitz",
        "probe-enhanced",
        "fantasy",
        "fantasy-30",
        "rankduel",
    ] {
        assert!(
            variants.contains(variant),
            "no perft record for {}",
            variant
        );
    }
}

/// Recomputes every count in `tests/perft/*.perft` with the oracle, the fantasy
/// (`fantasy.perft`) and rank duel (`rankduel.perft`) files included. Slow (about seven
/// minutes, the new files under a minute):
/// `cargo test --release --test oracle_selftest -- --ignored`.
/// `ORACLE_PERFT_FILES=fantasy,rankduel` (file stems, comma-separated) checks only those files.
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
    let stem = |p: &Path| {
        p.file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned())
    };
    for required in ["fantasy", "rankduel"] {
        assert!(
            paths.iter().any(|p| stem(p) == required),
            "tests/perft/{}.perft is missing",
            required
        );
    }
    if let Ok(only) = std::env::var("ORACLE_PERFT_FILES") {
        let wanted: Vec<&str> = only.split(',').map(|s| s.trim()).collect();
        paths.retain(|p| wanted.contains(&stem(p).as_str()));
        assert!(
            !paths.is_empty(),
            "ORACLE_PERFT_FILES={} matches no file",
            only
        );
    }
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
