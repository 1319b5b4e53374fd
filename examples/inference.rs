//! Measures the belief about hidden ranks on games the referee plays: how much probability
//! the true kind of each unidentified enemy piece gets, with the hard facts alone, with the
//! human-setup prior (squares alone, and with the links between neighbouring squares), and
//! with behaviour.
//!
//! ```text
//! cargo run --release --example inference -- [GAMES] [DEPTH] [VARIANT] [SEED]
//! ```
//!
//! Both sides are the engine's search limited to DEPTH plies (default 20 games, depth 2,
//! classic, seed 1). Every 10th ply, each side's view is read and every enemy piece on the
//! board whose kind is not yet known is scored: the mean probability of its true kind and
//! the mean log2 of it (higher is better for both), and the log loss of the belief's chance
//! that the piece is a Bomb (bits per piece, lower is better).

use std::sync::Arc;
use std::time::Duration;

use stratagem::board::{Color, Setup, Square};
use stratagem::players::SearchPlayer;
use stratagem::referee::{play_game, GameSpec, TimeControl};
use stratagem::rng::Rng;
use stratagem::rules::Rules;
use stratagem::search::Config;
use stratagem::view::{Belief, Evidence, View};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let variant = args.get(2).map_or("classic", String::as_str);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let Ok(rules) = Rules::preset(variant) else {
        eprintln!("unknown variant {variant}");
        std::process::exit(2);
    };
    let rules = Arc::new(rules);
    let settings = [
        ("counts only", Evidence::NONE),
        (
            "setup squares",
            Evidence {
                setups: true,
                neighbours: false,
                behaviour: false,
            },
        ),
        (
            "setup squares + neighbours",
            Evidence {
                setups: true,
                neighbours: true,
                behaviour: false,
            },
        ),
        (
            "behaviour",
            Evidence {
                setups: false,
                neighbours: false,
                behaviour: true,
            },
        ),
        (
            "squares + behaviour",
            Evidence {
                setups: true,
                neighbours: false,
                behaviour: true,
            },
        ),
        ("all", Evidence::ALL),
    ];
    let mut sums = vec![(0.0f64, 0.0f64, 0.0f64); settings.len()];
    let bomb = rules.kind_by_letter('B');
    let mut scored = 0u64;
    let mut rng = Rng::new(seed);
    for game in 0..games {
        let spec = GameSpec {
            rules: Arc::clone(&rules),
            setups: [None, None],
            first: GameSpec::first_mover(&rules, seed + game),
            time_control: TimeControl::MoveTime {
                per_move: Duration::from_secs(5),
                tolerance: Duration::from_secs(5),
            },
        };
        let config = |s: u64| Config {
            seed: seed.wrapping_mul(1000) + 2 * game + s,
            ..Config::default()
        };
        let mut red = SearchPlayer::new("red", config(0), Some(depth));
        let mut blue = SearchPlayer::new("blue", config(1), Some(depth));
        let record = play_game(&spec, [&mut red, &mut blue]);
        let [Some(red_setup), Some(blue_setup)] = &record.setups else {
            continue;
        };
        for me in [Color::Red, Color::Blue] {
            let (own, enemy) = match me {
                Color::Red => (red_setup, blue_setup),
                Color::Blue => (blue_setup, red_setup),
            };
            let truth = |sq: Square| truth_at(&rules, me.opponent(), enemy, sq);
            let Ok(mut view) = View::new(Arc::clone(&rules), me, own, None, record.first) else {
                continue;
            };
            for (ply, m) in record.moves.iter().enumerate() {
                if ply % 10 == 0 {
                    let pieces: Vec<(usize, usize)> = view
                        .enemy_pieces()
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.square.is_some() && p.known_kind().is_none())
                        .filter_map(|(i, p)| Some((i, truth(p.start?)?)))
                        .collect();
                    for (s, &(_, evidence)) in settings.iter().enumerate() {
                        let marginals =
                            Belief::new(&view, evidence).marginals(&view, &mut rng, 200);
                        for &(i, k) in &pieces {
                            let p = marginals[i][k].max(1.0 / 400.0);
                            sums[s].0 += p;
                            sums[s].1 += p.log2();
                            if let Some(b) = bomb {
                                let p_bomb = marginals[i][b].clamp(1.0 / 400.0, 399.0 / 400.0);
                                sums[s].2 -= if k == b { p_bomb } else { 1.0 - p_bomb }.log2();
                            }
                        }
                    }
                    scored += pieces.len() as u64;
                }
                if view.apply(m).is_err() {
                    break;
                }
            }
        }
        eprintln!("game {} of {games}: {} plies", game + 1, record.moves.len());
    }
    println!("{scored} unidentified pieces scored, {games} games of {variant} at depth {depth}");
    println!("| evidence | mean P(truth) | mean log2 P(truth) | Bomb or not: bits |");
    println!("| --- | --- | --- | --- |");
    for ((name, _), (p, l, b)) in settings.iter().zip(&sums) {
        let n = scored.max(1) as f64;
        println!("| {name} | {:.4} | {:.3} | {:.4} |", p / n, l / n, b / n);
    }
}

/// The kind that stood at `sq` in `owner`'s setup.
fn truth_at(rules: &Rules, owner: Color, setup: &Setup, sq: Square) -> Option<usize> {
    let g = rules.geometry();
    setup.rows().iter().enumerate().find_map(|(r, row)| {
        row.iter().enumerate().find_map(|(c, letter)| {
            (g.home_square(owner, r as u8, c as u8) == Some(sq))
                .then(|| letter.and_then(|l| rules.kind_by_letter(l)))
                .flatten()
        })
    })
}
