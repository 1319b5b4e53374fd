//! Each player's view, built only from public information, checked against the referee's
//! truth along whole random games of every preset.

mod common;

use std::sync::Arc;

use stratagem::board::{Color, Position, Setup, Square};
use stratagem::rng::Rng;
use stratagem::search::params::SAMPLE_SWEEPS;
use stratagem::view::{Belief, Evidence, PublicMove, View, MAX_KINDS};

/// The occupied squares of `color`'s zone at the start.
fn occupancy(pos: &Position, color: Color) -> Vec<Square> {
    pos.pieces(color).map(|(sq, _)| sq).collect()
}

/// A game between random setups drawn with `rng`, Red first: the truth, and Red's view of it.
fn red_game(rules: &Arc<stratagem::rules::Rules>, rng: &mut Rng) -> (Position, View) {
    let red = Setup::random(rules, rng);
    let blue = Setup::random(rules, rng);
    let truth = Position::from_setups(Arc::clone(rules), &red, &blue, Color::Red).unwrap();
    let view = View::new(
        Arc::clone(rules),
        Color::Red,
        &red,
        Some(occupancy(&truth, Color::Blue)),
        Color::Red,
    )
    .unwrap();
    (truth, view)
}

#[test]
fn views_stay_true_along_random_games() {
    for variant in common::playable() {
        let rules = common::rules(variant, &[]);
        for seed in 0..4 {
            let mut rng = Rng::new(seed);
            let red = Setup::random(&rules, &mut rng);
            let blue = Setup::random(&rules, &mut rng);
            let mut truth =
                Position::from_setups(Arc::clone(&rules), &red, &blue, Color::Red).unwrap();
            let mut views = [
                View::new(
                    Arc::clone(&rules),
                    Color::Red,
                    &red,
                    Some(occupancy(&truth, Color::Blue)),
                    Color::Red,
                )
                .unwrap(),
                View::new(
                    Arc::clone(&rules),
                    Color::Blue,
                    &blue,
                    Some(occupancy(&truth, Color::Red)),
                    Color::Red,
                )
                .unwrap(),
            ];
            for _ply in 0..600 {
                let mover = truth.side_to_move();
                // The mover's own legal moves are exactly the truth's.
                let mut mine: Vec<String> = views[mover.index()]
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                let mut real: Vec<String> =
                    truth.legal_moves().iter().map(|m| m.to_string()).collect();
                mine.sort();
                real.sort();
                assert_eq!(mine, real, "{variant} seed {seed}: {truth}");
                if real.is_empty() {
                    break;
                }
                let m = truth.legal_moves().as_slice()[rng.below(real.len())];
                let public = PublicMove::observe(&truth, m);
                // The text form round-trips.
                let text = public.display(&rules).to_string();
                assert_eq!(PublicMove::parse(&text, &rules).unwrap(), public);
                truth.play_unchecked(m);
                for view in views.iter_mut() {
                    view.apply(&public)
                        .unwrap_or_else(|e| panic!("{variant} seed {seed}: {e} in {truth}"));
                    check_view(view, &truth);
                }
            }
        }
    }
}

/// Every enemy piece on the board is where the truth has an enemy piece, and the true kind
/// is among its possibilities; the hard facts hold.
fn check_view(view: &View, truth: &Position) {
    let rules = truth.rules();
    let them = view.me().opponent();
    let mut seen = 0;
    for p in view.enemy_pieces() {
        let Some(sq) = p.square else { continue };
        seen += 1;
        let c = truth.cell(sq);
        assert!(c.is_of(them), "{sq} in {truth}");
        assert!(
            p.possible & (1 << c.kind()) != 0,
            "{sq}: truth {} not in {:b}",
            rules.kind(c.kind()).letter,
            p.possible
        );
        if c.has_moved() {
            assert!(rules.kind_moves(c.kind()).movable);
            for k in 0..rules.kinds().len() {
                if !rules.kind_moves(k).movable {
                    assert_eq!(p.possible & (1 << k), 0, "moved piece may be immobile");
                }
            }
        }
        if c.is_revealed() {
            // A revealed piece is known exactly, except in the fantasy edition, where a move
            // of two squares may be a Scout's, a Knight's or a Shifter's (docs/rules.md).
            if rules.kinds().iter().any(|k| k.power.is_some()) {
                continue;
            }
            assert_eq!(
                p.known_kind(),
                Some(c.kind()),
                "{sq} revealed but not known"
            );
        }
    }
    assert_eq!(seen, truth.pieces(them).count());
    for p in view.own_pieces() {
        if let Some(sq) = p.square {
            let c = truth.cell(sq);
            assert!(c.is_of(view.me()) && c.kind() == p.kind);
            assert_eq!(c.is_revealed(), p.revealed, "{sq} revealed mark");
        }
    }
}

#[test]
fn impossible_histories_are_refused_and_the_view_kept() {
    let rules = common::rules("classic", &[]);
    let mut rng = Rng::new(9);
    let red = Setup::random(&rules, &mut rng);
    let mut view = View::new(Arc::clone(&rules), Color::Red, &red, None, Color::Red).unwrap();
    let before = view.render();
    for bad in ["a1a2", "a4a5x2X<", "e7e6", "a4b5", "c4c5"] {
        let m = PublicMove::parse(bad, &rules).unwrap();
        assert!(view.apply(&m).is_err(), "{bad}");
        assert_eq!(view.render(), before);
    }
}

/// A move of ours back into a placement counts the times that placement stood before, as the
/// truth's own hashes (every piece with its kind, and the side to move) count them: both
/// sides shuffle one piece back and forth after a random opening, without the two-squares
/// rule, so the counts climb; every legal move is checked at every turn of ours.
#[test]
fn a_move_back_into_a_placement_counts_its_earlier_visits() {
    let rules = common::rules("classic", &["two-squares=off", "more-squares=none"]);
    let mut rng = Rng::new(5);
    let (mut truth, mut view) = red_game(&rules, &mut rng);
    let mut seen = vec![truth.hash()];
    let mut played = Vec::new();
    let mut most = 0;
    for ply in 0..80 {
        let moves: Vec<_> = truth.legal_moves().iter().copied().collect();
        assert!(!moves.is_empty(), "ply {ply}: {truth}");
        if truth.side_to_move() == Color::Red {
            for &m in &moves {
                let mut after = truth.clone();
                after.play_unchecked(m);
                let visits = seen.iter().filter(|&&h| h == after.hash()).count();
                assert_eq!(view.times_seen_after(m), visits, "ply {ply} {m}: {truth}");
                most = most.max(visits);
            }
        }
        let quiet = |m: &&stratagem::movegen::Move| !truth.cell(m.to).is_piece();
        // The mover's move of two plies ago, undone.
        let back = played.len().checked_sub(2).map(|i| played[i]);
        let m = if ply < 20 {
            moves[rng.below(moves.len())]
        } else {
            *moves
                .iter()
                .filter(quiet)
                .find(|m| back == Some((m.to, m.from)))
                .or_else(|| moves.iter().find(quiet))
                .unwrap()
        };
        let public = PublicMove::observe(&truth, m);
        truth.play_unchecked(m);
        view.apply(&public).unwrap();
        seen.push(truth.hash());
        played.push((m.from, m.to));
    }
    assert!(most >= 10, "the shuffle came back {most} times at most");
}

/// Each unmoved enemy piece counts the enemy turns it stood with an empty square beside it
/// (`EnemyPiece::idle`, the belief's stillness evidence), as a count kept here from the
/// truth alone: before each of Blue's moves, every unmoved Blue piece with an empty
/// orthogonal neighbour on the truth's board gains one. Checked after every ply of random
/// classic games from Red's side.
#[test]
fn idle_turns_count_what_the_enemy_could_have_moved() {
    let rules = common::rules("classic", &[]);
    for seed in 0..3 {
        let mut rng = Rng::new(100 + seed);
        let (mut truth, mut view) = red_game(&rules, &mut rng);
        // Square of an unmoved Blue piece -> its idle turns (unmoved pieces never move).
        let mut idle = std::collections::HashMap::new();
        let mut most = 0;
        for _ply in 0..400 {
            let moves: Vec<_> = truth.legal_moves().iter().copied().collect();
            if moves.is_empty() {
                break;
            }
            if truth.side_to_move() == Color::Blue {
                let unmoved: Vec<_> = truth
                    .pieces(Color::Blue)
                    .map(|(sq, _)| sq)
                    .filter(|&sq| !truth.cell(sq).has_moved())
                    .collect();
                for sq in unmoved {
                    let (f, r) = (sq.file() as i32, sq.row() as i32);
                    let free = [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|(df, dr)| {
                        let (nf, nr) = (f + df, r + dr);
                        nf >= 0
                            && nr >= 0
                            && Square::new(nf as u8, nr as u8)
                                .is_some_and(|n| truth.cell(n).is_empty())
                    });
                    if free {
                        *idle.entry(sq).or_insert(0u16) += 1;
                    }
                }
            }
            let m = moves[rng.below(moves.len())];
            let public = PublicMove::observe(&truth, m);
            truth.play_unchecked(m);
            view.apply(&public).unwrap();
            for p in view.enemy_pieces() {
                let Some(sq) = p.square.filter(|_| !p.moved) else {
                    continue;
                };
                let expected = idle.get(&sq).copied().unwrap_or(0);
                assert_eq!(p.idle, expected, "seed {seed} {sq}: {truth}");
                most = most.max(expected);
            }
        }
        assert!(most > 5, "seed {seed}: the counts never grew ({most})");
    }
}

/// Each enemy piece of unknown kind counts, by kind, the enemy turns it stood beside our
/// identified pieces without attacking them (`EnemyPiece::declined`, the belief's decline
/// evidence), as counts kept here from the truth's board: before each of Blue's moves, every
/// Blue piece Red's view does not know counts one turn for each kind of the Red pieces whose
/// rank is revealed beside it that the move does not attack from its square. Checked after
/// every ply of random classic games from Red's side.
#[test]
fn declines_count_the_identified_neighbours_the_enemy_left_alone() {
    let rules = common::rules("classic", &[]);
    let mut grew = 0;
    for seed in 0..3 {
        let mut rng = Rng::new(200 + seed);
        let (mut truth, mut view) = red_game(&rules, &mut rng);
        // By the view's index of a Blue piece: the kinds it declined.
        let mut declined = vec![[0u8; MAX_KINDS]; view.enemy_pieces().len()];
        for _ply in 0..400 {
            let moves: Vec<_> = truth.legal_moves().iter().copied().collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            if truth.side_to_move() == Color::Blue {
                for (i, p) in view.enemy_pieces().iter().enumerate() {
                    let Some(sq) = p.square.filter(|_| p.known_kind().is_none()) else {
                        continue;
                    };
                    let (f, r) = (sq.file() as i32, sq.row() as i32);
                    let mut kinds = std::collections::BTreeSet::new();
                    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        let (nf, nr) = (f + df, r + dr);
                        let Some(n) = (nf >= 0 && nr >= 0)
                            .then(|| Square::new(nf as u8, nr as u8))
                            .flatten()
                        else {
                            continue;
                        };
                        let cell = truth.cell(n);
                        let attacked = m.from == sq && m.to == n;
                        if cell.is_of(Color::Red) && cell.is_revealed() && !attacked {
                            kinds.insert(cell.kind());
                        }
                    }
                    for k in kinds {
                        declined[i][k] += 1;
                    }
                }
            }
            let public = PublicMove::observe(&truth, m);
            truth.play_unchecked(m);
            view.apply(&public).unwrap();
            for (i, p) in view.enemy_pieces().iter().enumerate() {
                assert_eq!(p.declined, declined[i], "seed {seed} piece {i}: {truth}");
            }
        }
        grew += declined.iter().flatten().filter(|&&n| n > 1).count();
        // The belief reads the counts only with the evidence on.
        let chances = |declines: bool| {
            let evidence = Evidence::ALL.with_declines(declines);
            Belief::new(&view, evidence).marginals(&view, &mut Rng::new(1), 200)
        };
        if declined.iter().flatten().any(|&n| n > 0) {
            assert_ne!(chances(true), chances(false), "seed {seed}");
        }
    }
    assert!(grew > 3, "hardly any piece declined twice ({grew})");
}

/// Blue's view in round 35 of a match against peternlewis (no memory, seed 431) before ply
/// 113: the enemy piece on e4 had walked up to our identified General on d4, and the belief
/// made it the Marshal. The draws that become the search's sampled armies must put the
/// Marshal there as often as draws from a chain run five times longer. With swaps alone they
/// did not after 20 sweeps (over 1,500 draws: 10 sweeps 0.47, 20 0.62, 50 0.71, 100 to 400
/// 0.73), and the search left the General beside it, and the Marshal took it. Relocating the
/// lone kinds gets there within 10 sweeps (0.74).
#[test]
fn a_drawn_army_puts_a_lone_kind_where_a_longer_chain_does() {
    const MOVES: &str = "a4a6 a7a6x42> e4e6 e7e6x42> i4i6 i7i6x52> a3a4 j7j6 j4j5 f7f6 j5j6x24< \
        b7b6 b4b5 a6a7 b5b6x25< f6f5 f4f5x65> b6b5 a4a5 b5b6 a5a6 b6b5 a6a7x64> a8a7x76> c4b4 \
        b5a5 b4b5 a5a4 b5a5 b8a8 a5a4x75> i6i5 i3i4 i5i6 f5f6 e8e7 f6e6x64> e7e6x96> f3f7 \
        g7f7x72> i4i5 i6i7 i5i6 e6e5 i6j6x84> h7g7 g4f4 i7h7 f4f5 e5e4 f5e5 e4e3x96> e5e4 e3f3 \
        e4e3 f3f4 e3e4 f4g4 e4f4 g4h4x94> f4g4 h4i4 g4h4 i4i3 h4i4 i3h3x96> i4h4 h3g3x92> h4g4 \
        g3h3 g4g3 h3i3 g3h3 i3i4 h3h4 i4i3 j3j4 i8i7 h4h3 i3i4 h3h4 i4j4x95> h4i4 j4j3 i4i3 \
        j3j4 a4a5 j8i8 i3i4 j4j5 i4i5 j5j6x98> i5j5 j6i6 j5j6 i6i5 j6j5 i5i4 j5i5 i4i3 i5i4 \
        i3h3 i4h4 h3g3 h4g4 g3f3 g4f4 f3e3 f4e4 e3d3x97> e4e3 d3d4x9S> e3e4";
    let rules = common::rules("classic", &["two-squares=off", "more-squares=none"]);
    let setup: Setup = "4527546854/6822S922X7/326735236B/B32BB43BBF"
        .parse()
        .unwrap();
    let mut view = View::new(Arc::clone(&rules), Color::Blue, &setup, None, Color::Red).unwrap();
    for token in MOVES.split_whitespace() {
        view.apply(&PublicMove::parse(token, &rules).unwrap())
            .unwrap();
    }
    let e4: Square = "e4".parse().unwrap();
    let piece = view
        .enemy_pieces()
        .iter()
        .position(|p| p.square == Some(e4))
        .unwrap();
    let marshal = rules.kind_by_letter('X').unwrap();
    let belief = Belief::new(&view, Evidence::ALL);
    let mut rng = Rng::new(35);
    let mut share = |sweeps: usize| {
        let draws = 1000;
        let held = (0..draws)
            .filter(|_| belief.sample_after(&view, &mut rng, sweeps)[piece] == marshal)
            .count();
        held as f64 / draws as f64
    };
    let long = share(5 * SAMPLE_SWEEPS);
    let used = share(SAMPLE_SWEEPS);
    let short = share(10);
    assert!(long > 0.6, "the belief makes it the Marshal: {long}");
    assert!((used - long).abs() < 0.05, "{used} against {long}");
    // Swaps alone fell 0.26 short after 10 sweeps.
    assert!((short - long).abs() < 0.05, "{short} against {long}");
}
