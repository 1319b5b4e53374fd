//! Running a match: game pairs with the same setups and colours swapped, several games at
//! once, statistics after every game, SPRT, records, and shards.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;

use super::engines::{SeiPlayer, UccPlayer};
use super::process::{EngineSpec, Proto};
use super::record::write_record;
use super::stats::{Report, Score, Sprt, SprtState};
use crate::board::{Color, Setup};
use crate::referee::{play_game, GameRecord, GameSpec, Player, TimeControl};
use crate::rng::Rng;
use crate::rules::Rules;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: [EngineSpec; 2],
    /// Games in the whole match (rounded up to whole pairs).
    pub games: u64,
    pub concurrency: usize,
    pub rules: Arc<Rules>,
    pub time_control: TimeControl,
    /// Setups to draw from; `None`: each engine chooses its own.
    pub setups: Option<Vec<Setup>>,
    /// Whether each engine chooses its own setup in every game, instead of the pair's
    /// second game replaying the first game's setups with the colours swapped. The swap
    /// takes the setups out of what a match measures; without it, an engine's setups count
    /// as part of its strength (as they do against anyone else). A match with a player
    /// that always chooses its own setup (a UCC bot) is played so whatever this says.
    pub own_setups: bool,
    pub sprt: Option<Sprt>,
    pub records: Option<PathBuf>,
    pub seed: u64,
    /// This shard's number (1-based) and the number of shards.
    pub shard: (u64, u64),
}

/// Reads a setups file in the format of `../shared/data/setups/` (Gravon letters, `#`
/// comments) or in ours (`protocol.md`, one setup a line), keeping those that fit `rules`.
pub fn read_setups(text: &str, rules: &Rules) -> Result<Vec<Setup>, String> {
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let setup = if line.contains('/') {
            line.parse::<Setup>().map_err(|e| e.to_string())?
        } else {
            Setup::from_gravon(line).map_err(|e| e.to_string())?
        };
        if setup.check(rules, Color::Red).is_ok() {
            out.push(setup);
        }
    }
    if out.is_empty() {
        return Err(format!(
            "no setup in the file fits the variant '{}'",
            rules.name()
        ));
    }
    Ok(out)
}

fn make_player(spec: &EngineSpec) -> Box<dyn Player> {
    match spec.proto {
        Proto::Sei => Box::new(SeiPlayer::new(spec.clone())),
        Proto::Ucc => Box::new(UccPlayer::new(spec.clone())),
    }
}

enum Event {
    Started {
        game: u64,
        names: [String; 2],
    },
    /// A finished game; for the second game of a pair, the pair's half-points too.
    Finished {
        game: u64,
        record: Box<GameRecord>,
        engine0_red: bool,
        pair: Option<u8>,
    },
}

/// Runs the match, writing cutechess-style lines to `out`; returns the final score of the
/// first engine against the second.
pub fn run_match(cfg: &MatchConfig, out: &mut dyn Write) -> Result<Score, String> {
    let pairs = cfg.games.div_ceil(2);
    let (shard, shards) = cfg.shard;
    let my_pairs: Vec<u64> = (0..pairs).filter(|p| p % shards == shard - 1).collect();
    let total_games = my_pairs.len() as u64 * 2;
    let mut records_file = match &cfg.records {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Event>();
    let names = [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()];
    let mut score = Score::default();
    let progress = std::io::stderr().is_terminal();
    let mut finished = 0u64;
    // The SPRT's verdict and the score it was taken on: games under way then are played
    // out and counted, and may move the last SPRT line back inside the bounds.
    let mut verdict: Option<(SprtState, Score)> = None;
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..cfg.concurrency.max(1) {
            let tx = tx.clone();
            let (next, stop, my_pairs) = (&next, &stop, &my_pairs);
            scope.spawn(move || {
                // Each slot keeps its two players, and so their processes, from game to game.
                let mut players = [make_player(&cfg.engines[0]), make_player(&cfg.engines[1])];
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(&pair) = my_pairs.get(i) else { break };
                    if !play_pair(cfg, pair, &mut players, &tx) {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for event in rx {
            match event {
                Event::Started { game, names } => {
                    let _ = writeln!(
                        out,
                        "Started game {game} of {} ({} vs {})",
                        pairs * 2,
                        names[0],
                        names[1]
                    );
                }
                Event::Finished {
                    game,
                    record,
                    engine0_red,
                    pair,
                } => {
                    finished += 1;
                    let r = &record.result;
                    let _ = writeln!(
                        out,
                        "Finished game {game} ({} vs {}): {} {{{}}}",
                        record.names[0],
                        record.names[1],
                        r.score_text(),
                        r.reason()
                    );
                    let engine0 = if engine0_red { Color::Red } else { Color::Blue };
                    score.add_game(match r.winner {
                        Some(w) if w == engine0 => 2,
                        None => 1,
                        Some(_) => 0,
                    });
                    if let Some(half_points) = pair {
                        score.add_pair(half_points);
                        if let Some(sprt) = &cfg.sprt {
                            let state = sprt.state(&score);
                            if state != SprtState::Continue && verdict.is_none() {
                                verdict = Some((state, score));
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                    if let Some(f) = records_file.as_mut() {
                        let text = write_record(&record, game, &cfg.rules);
                        f.write_all(text.as_bytes())
                            .map_err(|e| format!("records: {e}"))?;
                    }
                    let report = Report {
                        names: [&names[0], &names[1]],
                        score: &score,
                        sprt: cfg.sprt.as_ref(),
                    };
                    let _ = writeln!(out, "{report}");
                    let _ = out.flush();
                    if progress {
                        eprint!(
                            "\rgames {finished}/{total_games}  score {:.3}   ",
                            score.ratio()
                        );
                    }
                }
            }
        }
        Ok(())
    })?;
    if progress {
        eprintln!();
    }
    if let (Some((state, at)), Some(sprt)) = (verdict, &cfg.sprt) {
        let _ = writeln!(
            out,
            "SPRT verdict: {} was accepted after {} games ({} - {} - {}, llr {:.2})",
            if state == SprtState::H1 { "H1" } else { "H0" },
            at.games(),
            at.wins,
            at.losses,
            at.draws,
            sprt.llr(&at)
        );
    }
    let p = score.pentanomial;
    let _ = writeln!(
        out,
        "Totals: wins {} losses {} draws {} ptnml {},{},{},{},{}",
        score.wins, score.losses, score.draws, p[0], p[1], p[2], p[3], p[4]
    );
    Ok(score)
}

/// Plays the two games of pair `pair` between `players` (the first engine's, then the
/// second's); false when the receiver is gone.
fn play_pair(
    cfg: &MatchConfig,
    pair: u64,
    players: &mut [Box<dyn Player>; 2],
    tx: &std::sync::mpsc::Sender<Event>,
) -> bool {
    let seed = cfg.seed ^ (pair + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = Rng::new(seed);
    let mut setups: [Option<Setup>; 2] = [None, None];
    if let Some(book) = &cfg.setups {
        for s in setups.iter_mut() {
            let pick = book[rng.below(book.len())].clone();
            *s = Some(if rng.below(2) == 0 {
                pick
            } else {
                pick.mirrored()
            });
        }
    }
    let first = GameSpec::first_mover(&cfg.rules, seed);
    let mut half_points = 0u8;
    for g in 0..2u64 {
        let game = pair * 2 + g + 1;
        let engine0_red = g == 0;
        // Each engine gets a seed of its own for this game (an engine the user gave a seed
        // keeps it), so that its setups and sampling vary from game to game yet the match
        // replays.
        for (i, player) in players.iter_mut().enumerate() {
            let s = seed ^ (game * 2 + i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
            player.new_game(&cfg.engines[1 - i].name, s >> 1);
        }
        let [p0, p1] = &mut *players;
        let (red, blue) = if engine0_red { (p0, p1) } else { (p1, p0) };
        let names = [red.name().to_string(), blue.name().to_string()];
        if tx.send(Event::Started { game, names }).is_err() {
            return false;
        }
        let spec = GameSpec {
            rules: Arc::clone(&cfg.rules),
            setups: setups.clone(),
            first,
            time_control: cfg.time_control,
        };
        let record = play_game(&spec, [red.as_mut(), blue.as_mut()]);
        // The second game of the pair keeps the first game's setups with the colours,
        // unless a player always brings its own (a UCC bot): the other would then be handed
        // that player's setup while never having its own played back, and the pair would
        // measure a player on its opponent's setup instead of taking setups out.
        let pairing = !cfg.own_setups && !players.iter().any(|p| p.chooses_own_setup());
        if pairing
            && setups.iter().any(Option::is_none)
            && record.setups.iter().all(Option::is_some)
        {
            setups = record.setups.clone();
        }
        let engine0 = if engine0_red { Color::Red } else { Color::Blue };
        half_points += match record.result.winner {
            Some(w) if w == engine0 => 2,
            None => 1,
            Some(_) => 0,
        };
        if tx
            .send(Event::Finished {
                game,
                record: Box::new(record),
                engine0_red,
                pair: (g == 1).then_some(half_points),
            })
            .is_err()
        {
            return false;
        }
    }
    true
}

/// Reads the `Totals:` lines of shard outputs and adds them up.
pub fn merge_totals(texts: &[String]) -> Result<Score, String> {
    let mut total = Score::default();
    let mut found = 0;
    for text in texts {
        for line in text.lines().filter(|l| l.starts_with("Totals: ")) {
            let t: Vec<&str> = line.split_whitespace().collect();
            let num = |i: usize| -> Result<u64, String> {
                t.get(i)
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| format!("bad Totals line '{line}'"))
            };
            let p: Vec<u64> = t
                .get(8)
                .map(|v| v.split(',').filter_map(|x| x.parse().ok()).collect())
                .unwrap_or_default();
            if p.len() != 5 {
                return Err(format!("bad Totals line '{line}'"));
            }
            total.merge(&Score {
                wins: num(2)?,
                losses: num(4)?,
                draws: num(6)?,
                pentanomial: [p[0], p[1], p[2], p[3], p[4]],
            });
            found += 1;
        }
    }
    if found == 0 {
        return Err("no 'Totals:' line found".into());
    }
    Ok(total)
}
