//! Measures the belief about hidden ranks on games the referee plays or played: how much
//! probability the true kind of each unidentified enemy piece gets, with the hard facts
//! alone, with the human-setup prior (squares alone, and with the links between neighbouring
//! squares), with behaviour, with the opponent's Bomb habits (option `Bomb Habits`), and
//! with the Spy's hunt for our identified Marshal (option `Spy Hunt`).
//!
//! ```text
//! cargo run --release --example inference -- [GAMES] [DEPTH] [VARIANT] [SEED]
//! cargo run --release --example inference -- records FILE [NAME]
//! ```
//!
//! The first form plays GAMES games (default 20, classic, seed 1) between two copies of the
//! engine's search limited to DEPTH plies (default 2), and scores both sides' views. The
//! second reads the records of `stratagem match --records FILE` and scores the views of the
//! player called NAME (default `engine`, the name `scripts/ladder.sh` gives it), so that the
//! belief is measured against the opponent it met, `classic` for instance.
//!
//! Every 10th ply, every enemy piece on the board whose kind is not yet known is scored (its
//! chances counted over `MARGINAL_DRAWS` draws, as the search counts those it weighs battles
//! by): the mean probability of its true kind and the mean log2 of it (higher is better for
//! both), the log loss of the belief's chance that the piece is a Bomb (bits per piece,
//! lower is better), and the mean log2 again over the pieces that had moved only. A second
//! table scores only the pieces seen to approach or flee, the ones the behaviour speaks of.
//! A third table, for all the evidence, compares per kind the probability the belief gave it
//! (summed over the pieces) with how many of the pieces were of it, apart for the pieces
//! that had moved and those that had not: where the belief expects a kind too often or too
//! seldom. A fourth splits the unmoved pieces by how many moves the enemy had made: how
//! the time a piece has stood still speaks for each kind. (Measured in session 32, it
//! depends on the opponent: against peternlewis an enemy Marshal still unmoved after 50 of
//! its side's moves was expected 29 times and found 3, in self-play expected 106 times and
//! found 139; only the General at 100 moves or more agreed, at 0.7 of what was expected.
//! So the belief does not weigh it.)

use std::sync::Arc;
use std::time::Duration;

use stratagem::board::{Color, Setup, Square};
use stratagem::players::SearchPlayer;
use stratagem::referee::{play_game, GameSpec, TimeControl};
use stratagem::rng::Rng;
use stratagem::rules::Rules;
use stratagem::search::params::MARGINAL_DRAWS;
use stratagem::search::Config;
use stratagem::tournament::record::read_records;
use stratagem::view::{Belief, Evidence, PublicMove, View, MAX_KINDS};

/// Bands of how many moves the enemy has made (each from its number on), for the last table.
const STILL_AFTER: [usize; 5] = [0, 25, 50, 100, 200];

/// One game to score: its rules, both setups, who moved first, the moves, and the sides
/// whose views are scored.
struct Game {
    rules: Arc<Rules>,
    setups: [Setup; 2],
    first: Color,
    moves: Vec<PublicMove>,
    sides: Vec<Color>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = if args.first().map(String::as_str) == Some("records") {
        let Some(path) = args.get(1) else {
            eprintln!("usage: inference records FILE [NAME]");
            std::process::exit(2);
        };
        let name = args.get(2).map_or("engine", String::as_str);
        recorded_games(path, name)
    } else {
        let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
        let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
        let variant = args.get(2).map_or("classic", String::as_str);
        let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
        self_play(games, depth, variant, seed)
    };
    let games = match games {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let settings = [
        ("counts only", Evidence::NONE),
        (
            "setup squares",
            Evidence {
                setups: true,
                ..Evidence::NONE
            },
        ),
        (
            "setup squares + neighbours",
            Evidence {
                setups: true,
                neighbours: true,
                ..Evidence::NONE
            },
        ),
        (
            "behaviour only",
            Evidence {
                behaviour: true,
                ..Evidence::NONE
            },
        ),
        (
            "squares, neighbours, behaviour",
            Evidence::ALL.with_sharpness(false).with_stalking(false),
        ),
        (
            "and the opponent's Bomb habits",
            Evidence::ALL.with_stalking(false),
        ),
        ("all, with the Spy's hunt", Evidence::ALL),
    ];
    let mut sums = vec![(0.0f64, 0.0f64, 0.0f64); settings.len()];
    // The mean log2 P(truth) over the pieces that had moved only (the kinds still hidden).
    let mut moved_sums = vec![0.0f64; settings.len()];
    let mut moved_scored = 0u64;
    // The same, over the pieces seen to approach or flee only.
    let mut behaved_sums = vec![(0.0f64, 0.0f64); settings.len()];
    // Per kind, for the pieces that had not moved [0] and had [1]: the belief's probability
    // of the kind summed (with all the evidence), and how many were of it.
    let mut by_kind = [[(0.0f64, 0u32); 2]; MAX_KINDS];
    // The same for the pieces that had not moved, by the band of `STILL_AFTER` the enemy's
    // moves so far fall in.
    let mut by_wait = [[(0.0f64, 0u32); STILL_AFTER.len()]; MAX_KINDS];
    // The Bomb's calibration over the unmoved pieces, with all the evidence: per bin of the
    // belief's Bomb probability (upper edges below), its sum, the Bombs found, the pieces.
    const BOMB_EDGES: [f64; 9] = [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1.01];
    let mut bomb_bins = [(0.0f64, 0u32, 0u32); BOMB_EDGES.len()];
    let mut scored = 0u64;
    let mut behaved = 0u64;
    let mut rng = Rng::new(1);
    for (index, game) in games.iter().enumerate() {
        let rules = &game.rules;
        let bomb = rules.kind_by_letter('B');
        for &me in &game.sides {
            let (own, enemy) = match me {
                Color::Red => (&game.setups[0], &game.setups[1]),
                Color::Blue => (&game.setups[1], &game.setups[0]),
            };
            let truth = |sq: Square| truth_at(rules, me.opponent(), enemy, sq);
            let Ok(mut view) = View::new(Arc::clone(rules), me, own, None, game.first) else {
                continue;
            };
            for (ply, m) in game.moves.iter().enumerate() {
                if ply % 10 == 0 {
                    // The enemy's moves so far: the time its unmoved pieces have stood still.
                    let enemy_moves = if game.first == me {
                        ply / 2
                    } else {
                        ply.div_ceil(2)
                    };
                    let band = STILL_AFTER
                        .iter()
                        .rposition(|&from| enemy_moves >= from)
                        .unwrap_or(0);
                    let pieces: Vec<(usize, usize, bool, bool)> = view
                        .enemy_pieces()
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.square.is_some() && p.known_kind().is_none())
                        .filter_map(|(i, p)| {
                            let seen = p.approached | p.fled != 0;
                            Some((i, truth(p.start?)?, seen, p.moved))
                        })
                        .collect();
                    for (s, &(_, evidence)) in settings.iter().enumerate() {
                        let marginals =
                            Belief::new(&view, evidence).marginals(&view, &mut rng, MARGINAL_DRAWS);
                        for &(i, k, seen, moved) in &pieces {
                            if s + 1 == settings.len() {
                                for (cell, p) in by_kind.iter_mut().zip(marginals[i]) {
                                    cell[usize::from(moved)].0 += p;
                                }
                                by_kind[k][usize::from(moved)].1 += 1;
                                if !moved {
                                    for (cell, p) in by_wait.iter_mut().zip(marginals[i]) {
                                        cell[band].0 += p;
                                    }
                                    by_wait[k][band].1 += 1;
                                }
                                if let Some(b) = bomb.filter(|_| !moved) {
                                    let p = marginals[i][b];
                                    let bin = BOMB_EDGES.iter().position(|&e| p < e);
                                    let cell = &mut bomb_bins[bin.unwrap_or(BOMB_EDGES.len() - 1)];
                                    *cell = (cell.0 + p, cell.1 + u32::from(k == b), cell.2 + 1);
                                }
                            }
                            let p = marginals[i][k].max(1.0 / 400.0);
                            sums[s].0 += p;
                            sums[s].1 += p.log2();
                            if moved {
                                moved_sums[s] += p.log2();
                            }
                            if seen {
                                behaved_sums[s].0 += p;
                                behaved_sums[s].1 += p.log2();
                            }
                            if let Some(b) = bomb {
                                let p_bomb = marginals[i][b].clamp(1.0 / 400.0, 399.0 / 400.0);
                                sums[s].2 -= if k == b { p_bomb } else { 1.0 - p_bomb }.log2();
                            }
                        }
                    }
                    scored += pieces.len() as u64;
                    behaved += pieces.iter().filter(|p| p.2).count() as u64;
                    moved_scored += pieces.iter().filter(|p| p.3).count() as u64;
                }
                if view.apply(m).is_err() {
                    break;
                }
            }
        }
        eprintln!("game {} of {} scored", index + 1, games.len());
    }
    println!(
        "{scored} unidentified pieces scored in {} games",
        games.len()
    );
    println!(
        "| evidence | mean P(truth) | mean log2 P(truth) | Bomb or not: bits | moved pieces ({moved_scored}): mean log2 P(truth) |"
    );
    println!("| --- | --- | --- | --- | --- |");
    for (((name, _), (p, l, b)), m) in settings.iter().zip(&sums).zip(&moved_sums) {
        let n = scored.max(1) as f64;
        let moved = m / moved_scored.max(1) as f64;
        println!(
            "| {name} | {:.4} | {:.3} | {:.4} | {moved:.3} |",
            p / n,
            l / n,
            b / n
        );
    }
    println!("\n{behaved} of them seen to approach or flee an identified piece");
    println!("| evidence | mean P(truth) | mean log2 P(truth) |");
    println!("| --- | --- | --- |");
    for ((name, _), (p, l)) in settings.iter().zip(&behaved_sums) {
        let n = behaved.max(1) as f64;
        println!("| {name} | {:.4} | {:.3} |", p / n, l / n);
    }
    if bomb_bins.iter().any(|c| c.2 > 0) {
        println!("\nBombs among the unmoved pieces, with all the evidence, by the belief's chance");
        println!("| chance below | pieces | expected | found |");
        println!("| --- | --- | --- | --- |");
        for (edge, (p, found, n)) in BOMB_EDGES.iter().zip(bomb_bins) {
            if n > 0 {
                let mean = p / f64::from(n);
                let rate = f64::from(found) / f64::from(n);
                println!("| {:.2} | {n} | {mean:.3} | {rate:.3} |", edge.min(1.0));
            }
        }
    }
    if let Some(rules) = games.first().map(|g| &g.rules) {
        println!(
            "\nper kind, with all the evidence: expected (the belief's probability summed) / found"
        );
        println!("| kind | not moved | moved |");
        println!("| --- | --- | --- |");
        for (k, cells) in by_kind.iter().enumerate().take(rules.kinds().len()) {
            if cells.iter().any(|c| c.0 >= 0.5 || c.1 > 0) {
                let cell = |c: (f64, u32)| format!("{:.0} / {}", c.0, c.1);
                let letter = rules.kind(k).letter;
                println!("| {letter} | {} | {} |", cell(cells[0]), cell(cells[1]));
            }
        }
        println!(
            "\nthe pieces not moved, by how many moves the enemy had made: expected / found (found / expected)"
        );
        let bands: Vec<String> = STILL_AFTER.iter().map(|b| format!("{b}+")).collect();
        println!("| kind | {} |", bands.join(" | "));
        println!("|{}", " --- |".repeat(bands.len() + 1));
        for (k, cells) in by_wait.iter().enumerate().take(rules.kinds().len()) {
            if cells.iter().any(|c| c.0 >= 0.5 || c.1 > 0) {
                let cell = |c: &(f64, u32)| {
                    format!(
                        "{:.0} / {} ({:.2})",
                        c.0,
                        c.1,
                        f64::from(c.1) / c.0.max(1e-9)
                    )
                };
                let row: Vec<String> = cells.iter().map(cell).collect();
                println!("| {} | {} |", rules.kind(k).letter, row.join(" | "));
            }
        }
    }
}

/// GAMES games between two copies of the search at DEPTH, both sides scored.
fn self_play(games: u64, depth: u32, variant: &str, seed: u64) -> Result<Vec<Game>, String> {
    let rules = Arc::new(Rules::preset(variant).map_err(|e| format!("{variant}: {e}"))?);
    let mut out = Vec::new();
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
        eprintln!("game {} of {games}: {} plies", game + 1, record.moves.len());
        if let [Some(red_setup), Some(blue_setup)] = record.setups {
            out.push(Game {
                rules: Arc::clone(&rules),
                setups: [red_setup, blue_setup],
                first: record.first,
                moves: record.moves,
                sides: vec![Color::Red, Color::Blue],
            });
        }
    }
    Ok(out)
}

/// The games of a records file in which `name` played, its side scored.
fn recorded_games(path: &str, name: &str) -> Result<Vec<Game>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for record in read_records(&text)? {
        let side = if record.tag("Red") == Some(name) {
            Color::Red
        } else if record.tag("Blue") == Some(name) {
            Color::Blue
        } else {
            continue;
        };
        let setup = |tag: &str| -> Result<Setup, String> {
            record
                .tag(tag)
                .ok_or(format!("no {tag}"))?
                .parse::<Setup>()
                .map_err(|e| format!("{tag}: {e}"))
        };
        // A game that cannot be read back (a player that never set up) is skipped.
        let (rules, red, blue) = match (record.rules(), setup("RedSetup"), setup("BlueSetup")) {
            (Ok(rules), Ok(red), Ok(blue)) => (rules, red, blue),
            (rules, red, blue) => {
                let why = [rules.err(), red.err(), blue.err()];
                eprintln!(
                    "skipped a game: {}",
                    why.into_iter().flatten().collect::<Vec<_>>().join(", ")
                );
                continue;
            }
        };
        out.push(Game {
            rules: Arc::new(rules),
            setups: [red, blue],
            first: if record.tag("First") == Some("blue") {
                Color::Blue
            } else {
                Color::Red
            },
            moves: record.moves.clone(),
            sides: vec![side],
        });
    }
    if out.is_empty() {
        return Err(format!("{path}: no game that {name} played"));
    }
    Ok(out)
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
