//! Each player's view, built only from public information, checked against the referee's
//! truth along whole random games of every preset.

mod common;

use std::sync::Arc;

use stratagem::board::{Color, Position, Setup, Square};
use stratagem::rng::Rng;
use stratagem::view::{PublicMove, View};

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
