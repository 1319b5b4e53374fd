//! Memory of an opponent's setups across games.
//!
//! Many players, and every bot of the 2012 UCC competition we have met, bring the same setup
//! (or its mirror image) to every game. What one game shows of it (the Bombs hit, where the
//! Spy and the Flag stood) then tells where they stand in the next. The engine keeps, per
//! opponent, what each finished game showed of the enemy's setup, and the belief weighs
//! each remembered setup (both ways round) against a fresh one by how well it fits what the
//! current game has shown so far: one piece that moved from a square a remembered setup had
//! a Bomb on nearly rules that setup out, while a Marshal found where it stood last time
//! makes it far likelier.
//!
//! Everything here comes from the public history of earlier games, so it cannot carry a
//! hidden rank the engine was not shown.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use super::belief::setup_coordinates;
use super::{KindSet, View};
use crate::search::params::{MEMORY_GAMES, MEMORY_NOISE};

/// What one game showed of the enemy's setup: for every setup square
/// (`row_from_front * width + column`, columns from the owner's left) the kinds the piece
/// that started there could still be when last seen; `None` where no piece started or its
/// start is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenSetup {
    width: usize,
    squares: Vec<Option<KindSet>>,
}

impl SeenSetup {
    /// What `view` has shown of the enemy's setup so far.
    pub fn of(view: &View) -> SeenSetup {
        let rules = view.rules();
        let g = rules.geometry();
        let (width, rows) = (g.width() as usize, g.home_rows() as usize);
        let them = view.me().opponent();
        let mut squares = vec![None; width * rows];
        for p in view.enemy.iter().filter(|p| !p.hypnotised) {
            if let Some((r, c)) = p.start.and_then(|sq| setup_coordinates(rules, them, sq)) {
                if r < rows && c < width {
                    squares[r * width + c] = Some(p.possible);
                }
            }
        }
        SeenSetup { width, squares }
    }

    /// The same setup seen the other way round (columns from the owner's right): people and
    /// bots mirror a favourite setup (peternlewis does at random).
    fn mirrored(&self) -> SeenSetup {
        let squares = self
            .squares
            .chunks(self.width.max(1))
            .flat_map(|row| row.iter().rev().copied())
            .collect();
        SeenSetup {
            width: self.width,
            squares,
        }
    }

    /// Every setup square a piece started on, with the kinds that piece could be.
    pub fn squares(&self) -> impl Iterator<Item = (usize, KindSet)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (i, s)))
    }

    /// How many squares the game narrowed to a single kind.
    pub fn identified(&self) -> usize {
        self.squares
            .iter()
            .filter(|s| s.is_some_and(|s| s.count_ones() == 1))
            .count()
    }
}

/// The chance a fresh setup (drawn from the human prior) gives square `square` a kind in
/// the set: the belief supplies it.
pub type SetupMass<'a> = dyn Fn(usize, KindSet) -> f64 + 'a;

/// Everything remembered about one opponent under one rule set: what each of its last
/// [`MEMORY_GAMES`] games showed of its setup, oldest first.
#[derive(Clone, Debug, Default)]
pub struct Recollection {
    games: Vec<SeenSetup>,
    /// How many of the games after the first brought a setup not seen before: counted at
    /// the first search that needs it (it weighs every game against those before it).
    fresh_games: OnceLock<usize>,
}

/// How likely the current game's setup is each remembered one, or a fresh one.
#[derive(Clone, Debug)]
pub struct Posterior {
    /// The chance the setup is one not seen before.
    pub fresh: f64,
    /// Each remembered setup that fits the board, both ways round, with its chance.
    pub setups: Vec<Remembered>,
}

/// One remembered setup as a hypothesis about the current game's.
#[derive(Clone, Debug)]
pub struct Remembered {
    pub chance: f64,
    /// Which remembered game (0 the oldest).
    pub game: usize,
    pub mirrored: bool,
    setup: SeenSetup,
}

impl Recollection {
    pub fn games(&self) -> usize {
        self.games.len()
    }

    fn add(&mut self, seen: SeenSetup) {
        if self.games.len() >= MEMORY_GAMES {
            self.games.remove(0);
        }
        self.games.push(seen);
        self.fresh_games = OnceLock::new();
    }

    /// How likely each remembered setup is, given what the current game has shown (`now`).
    ///
    /// A remembered setup `h` says the piece on a square is one of `S`; the current game
    /// says it is one of `O`. Against a fresh setup, that is evidence for `h` in the ratio
    /// `(1 − ε)·p(O ∩ S) / (p(S)·p(O)) + ε`, with `p` the fresh-setup prior and ε
    /// ([`MEMORY_NOISE`]) the chance the opponent changed that square.
    ///
    /// Before any evidence, a fresh setup has the chance `(f + 1) / (n + 1)` after `n`
    /// games of which `f` (after the first) brought a setup not seen before (Laplace's rule
    /// over the `n − 1` changes of game), and the remembered games share the rest, half
    /// each way round. An opponent that always brings a new setup is soon expected to, and
    /// a chance likeness of the current game to one of many remembered ones does not
    /// outweigh that. (The count of fresh games is kept, so `mass` must be the same in
    /// every call: the rule set's prior.)
    pub fn posterior(&self, now: &SeenSetup, mass: &SetupMass) -> Posterior {
        let n = self.games.len();
        let fresh_games = *self.fresh_games.get_or_init(|| {
            (1..n)
                .filter(|&j| Self::weigh(&self.games[..j], &self.games[j], 0.5, mass).fresh > 0.5)
                .count()
        });
        let fresh = (fresh_games + 1) as f64 / (n + 1) as f64;
        Self::weigh(&self.games, now, fresh, mass)
    }

    /// The posterior of a fresh setup (prior chance `fresh_prior`) against `games`, each
    /// way round, given `now`. A remembered setup of another size (a hand-edited memory
    /// file) is left out.
    fn weigh(
        games: &[SeenSetup],
        now: &SeenSetup,
        fresh_prior: f64,
        mass: &SetupMass,
    ) -> Posterior {
        let eps = MEMORY_NOISE;
        let each = ((1.0 - fresh_prior) / (2 * games.len().max(1)) as f64).max(1e-300);
        let mut logs = Vec::with_capacity(games.len() * 2);
        let mut setups = Vec::with_capacity(games.len() * 2);
        for (game, g) in games.iter().enumerate() {
            if g.squares.len() != now.squares.len() {
                continue;
            }
            for (mirrored, h) in [(false, g.clone()), (true, g.mirrored())] {
                let mut log = each.ln();
                for (i, o) in now.squares() {
                    let Some(s) = h.squares[i] else { continue };
                    let (po, ps, both) = (mass(i, o), mass(i, s), mass(i, o & s));
                    let ratio = (1.0 - eps) * both / (po * ps).max(1e-12) + eps;
                    log += ratio.ln();
                }
                logs.push(log);
                setups.push(Remembered {
                    chance: 0.0,
                    game,
                    mirrored,
                    setup: h,
                });
            }
        }
        let fresh_log = fresh_prior.max(1e-300).ln();
        let top = logs.iter().copied().fold(fresh_log, f64::max);
        let fresh = (fresh_log - top).exp();
        let total = fresh + logs.iter().map(|l| (l - top).exp()).sum::<f64>();
        for (r, l) in setups.iter_mut().zip(&logs) {
            r.chance = (l - top).exp() / total;
        }
        Posterior {
            fresh: fresh / total,
            setups,
        }
    }
}

impl Posterior {
    /// By how much to multiply the fresh-setup prior of kind `kind` on setup square
    /// `square`: the mixture of the fresh prior with what each remembered setup says there.
    pub fn factor(&self, square: usize, kind: usize, mass: &SetupMass) -> f64 {
        let eps = MEMORY_NOISE;
        self.fresh
            + self
                .setups
                .iter()
                .map(|r| {
                    r.chance
                        * match r.setup.squares.get(square).copied().flatten() {
                            Some(s) if s & (1 << kind) != 0 => {
                                (1.0 - eps) / mass(square, s).max(1e-12) + eps
                            }
                            Some(_) => eps,
                            None => 1.0,
                        }
                })
                .sum::<f64>()
    }

    /// The likeliest remembered setup.
    pub fn best(&self) -> Option<&Remembered> {
        self.setups
            .iter()
            .max_by(|a, b| a.chance.total_cmp(&b.chance))
    }
}

impl std::fmt::Display for SeenSetup {
    /// `<width>:<square>,<square>,…`, each square the hexadecimal [`KindSet`] or `-`.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}:", self.width)?;
        for (i, s) in self.squares.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            match s {
                Some(set) => write!(f, "{sep}{set:x}")?,
                None => write!(f, "{sep}-")?,
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for SeenSetup {
    type Err = String;

    fn from_str(text: &str) -> Result<SeenSetup, String> {
        let (width, squares) = text
            .split_once(':')
            .ok_or_else(|| format!("'{text}': no ':' after the width"))?;
        let width: usize = width
            .parse()
            .ok()
            .filter(|&w| w > 0)
            .ok_or_else(|| format!("'{width}' is not a width"))?;
        let squares = squares
            .split(',')
            .map(|s| match s {
                "-" => Ok(None),
                _ => KindSet::from_str_radix(s, 16)
                    .map(Some)
                    .map_err(|_| format!("'{s}' is not a set of kinds")),
            })
            .collect::<Result<Vec<_>, String>>()?;
        if squares.len() % width != 0 {
            return Err(format!(
                "{} squares do not make rows of {width}",
                squares.len()
            ));
        }
        Ok(SeenSetup { width, squares })
    }
}

/// The engine's memory: a [`Recollection`] per opponent and rule set, the game in progress,
/// and optionally a file that keeps them between runs: one line per game,
/// `<seen setup>\t<opponent>\t<rule set>`.
#[derive(Debug, Default)]
pub struct Memory {
    known: HashMap<(String, String), Arc<Recollection>>,
    /// The game in progress: whom against and under which rules, which game (what tells it
    /// from the next one), and what it has shown so far.
    current: Option<((String, String), String, SeenSetup)>,
    file: Option<PathBuf>,
}

impl Memory {
    /// What is remembered of `opponent` under the rule set `rules` (its name and settings).
    pub fn recall(&self, opponent: &str, rules: &str) -> Option<Arc<Recollection>> {
        self.known
            .get(&(opponent.to_string(), rules.to_string()))
            .cloned()
    }

    /// Notes what game `game` against `opponent` under `rules` has shown so far. Another
    /// game than the one in progress ends that one first.
    pub fn observe(
        &mut self,
        opponent: &str,
        rules: &str,
        game: &str,
        seen: SeenSetup,
    ) -> Result<(), String> {
        let key = (opponent.to_string(), rules.to_string());
        let ended = match &self.current {
            Some((k, g, _)) if *k != key || g != game => self.end_game(),
            _ => Ok(()),
        };
        self.current = Some((key, game.to_string(), seen));
        ended
    }

    /// The game in progress is over: remember what it showed, if it identified any piece,
    /// and add it to the file. An error is the file's; the game is remembered anyway.
    pub fn end_game(&mut self) -> Result<(), String> {
        let Some((key, _, seen)) = self.current.take() else {
            return Ok(());
        };
        if seen.identified() == 0 {
            return Ok(());
        }
        let line = format!("{seen}\t{}\t{}\n", key.0, key.1);
        Arc::make_mut(self.known.entry(key).or_default()).add(seen);
        match &self.file {
            Some(path) => std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .and_then(|mut f| f.write_all(line.as_bytes()))
                .map_err(|e| format!("memory file {}: {e}", path.display())),
            None => Ok(()),
        }
    }

    /// Keeps games in `path` from now on, and reads the games already there (a file that
    /// does not exist yet is empty); returns how many were read. Lines that cannot be read
    /// are skipped. `None` stops keeping a file.
    pub fn use_file(&mut self, path: Option<PathBuf>) -> Result<usize, String> {
        self.file = path;
        let Some(path) = &self.file else {
            return Ok(0);
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("memory file {}: {e}", path.display())),
        };
        Ok(self.read(&text))
    }

    /// Adds the games of a memory file's text; returns how many were read.
    fn read(&mut self, text: &str) -> usize {
        let mut read = 0;
        for line in text.lines() {
            let mut fields = line.splitn(3, '\t');
            let (Some(seen), Some(opponent), Some(rules)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            if let Ok(seen) = seen.parse::<SeenSetup>() {
                let key = (opponent.to_string(), rules.to_string());
                Arc::make_mut(self.known.entry(key).or_default()).add(seen);
                read += 1;
            }
        }
        read
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four squares, kinds 0–3, a uniform prior.
    fn uniform(_: usize, set: KindSet) -> f64 {
        f64::from(set.count_ones()) / 4.0
    }

    fn seen(squares: &[Option<KindSet>]) -> SeenSetup {
        SeenSetup {
            width: 2,
            squares: squares.to_vec(),
        }
    }

    const ALL: KindSet = 0b1111;

    #[test]
    fn a_setup_shown_again_is_expected_again_and_one_contradiction_rules_it_out() {
        let mut r = Recollection::default();
        r.add(seen(&[Some(1), Some(2), Some(4), Some(8)]));
        // Nothing seen yet: a fresh setup one half, the remembered one a quarter each way
        // round.
        let p = r.posterior(&seen(&[Some(ALL); 4]), &uniform);
        assert!((p.fresh - 0.5).abs() < 1e-9, "{p:?}");
        // Kind 0 found where it stood last time: the setup as it was is now the likeliest,
        // and kind 1 is expected beside it.
        let now = seen(&[Some(1), Some(ALL), Some(ALL), Some(ALL)]);
        let p = r.posterior(&now, &uniform);
        let best = p.best().unwrap();
        assert!(
            best.chance > 0.6 && best.game == 0 && !best.mirrored,
            "{p:?}"
        );
        assert!(p.factor(1, 1, &uniform) > 2.0 * p.factor(1, 2, &uniform));
        // A remembered setup of another size (a hand-edited file) is left out, and the
        // others keep their game numbers.
        let mut odd = Recollection::default();
        odd.add(seen(&[Some(1), Some(2)]));
        odd.add(seen(&[Some(1), Some(2), Some(4), Some(8)]));
        let q = odd.posterior(&now, &uniform);
        assert_eq!(q.setups.len(), 2);
        assert_eq!(q.best().map(|b| (b.game, b.mirrored)), Some((1, false)));
        // A piece that is not kind 2 where the setup had kind 2 (and the mirror disagrees
        // too): a fresh setup again.
        let now = seen(&[Some(ALL), Some(ALL), Some(ALL & !4), Some(ALL & !4)]);
        let p = r.posterior(&now, &uniform);
        assert!(p.fresh > 0.9, "{p:?}");
        assert!((p.factor(0, 0, &uniform) - 1.0).abs() < 0.2);
    }

    #[test]
    fn an_opponent_that_never_repeats_is_soon_expected_not_to() {
        let mut r = Recollection::default();
        for g in 0..6u32 {
            let k = |i: u32| Some(1 << ((i + g) % 4));
            r.add(seen(&[k(0), k(1), k(0), k(1)]));
        }
        // Each game contradicted the ones before, so a fresh setup starts well ahead.
        let p = r.posterior(&seen(&[Some(ALL); 4]), &uniform);
        assert!(p.fresh > 0.3, "{p:?}");
        let mut same = Recollection::default();
        for _ in 0..6 {
            same.add(seen(&[Some(1), Some(2), Some(1), Some(2)]));
        }
        let q = same.posterior(&seen(&[Some(ALL); 4]), &uniform);
        assert!(q.fresh < 0.2 && p.fresh > 2.0 * q.fresh, "{q:?}");
    }

    #[test]
    fn memory_keeps_games_per_opponent_and_ends_a_game_when_another_begins() {
        let mut m = Memory::default();
        let observe = |m: &mut Memory, who: &str, game: &str, squares: &[Option<KindSet>]| {
            m.observe(who, "classic", game, seen(squares)).unwrap()
        };
        observe(&mut m, "a", "game 1", &[Some(1), None, None, None]);
        observe(&mut m, "a", "game 1", &[Some(1), Some(2), None, None]);
        assert!(m.recall("a", "classic").is_none());
        observe(&mut m, "a", "game 2", &[Some(4), None, None, None]);
        let r = m.recall("a", "classic").unwrap();
        assert_eq!(r.games, vec![seen(&[Some(1), Some(2), None, None])]);
        observe(&mut m, "b", "game 1", &[Some(8), None, None, None]);
        m.end_game().unwrap();
        assert_eq!(m.recall("a", "classic").unwrap().games(), 2);
        assert_eq!(m.recall("b", "classic").unwrap().games(), 1);
        assert!(m.recall("b", "barrage").is_none());
        m.end_game().unwrap();
        assert_eq!(m.recall("b", "classic").unwrap().games(), 1);
        // A game that identified nothing teaches nothing.
        observe(&mut m, "c", "game 1", &[Some(ALL), None, None, None]);
        m.end_game().unwrap();
        assert!(m.recall("c", "classic").is_none());
    }

    #[test]
    fn seen_setups_round_trip_through_text() {
        for s in [
            seen(&[Some(1), None, Some(0xfff), Some(0)]),
            seen(&[None; 4]),
            SeenSetup {
                width: 3,
                squares: vec![Some(0x8000), None, Some(7)],
            },
        ] {
            let text = s.to_string();
            assert_eq!(text.parse::<SeenSetup>(), Ok(s.clone()), "{text}");
        }
        assert_eq!(
            seen(&[Some(1), None, Some(0xfff), Some(0)]).to_string(),
            "2:1,-,fff,0"
        );
        for bad in ["", "2", "0:1", "x:1", "2:1", "2:1,g", "2:1,,2", "2:10000,1"] {
            assert!(bad.parse::<SeenSetup>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_memory_file_keeps_games_between_runs() {
        let path =
            std::env::temp_dir().join(format!("stratagem-memory-unit-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut m = Memory::default();
        assert_eq!(m.use_file(Some(path.clone())), Ok(0));
        m.observe(
            "bot one",
            "classic x=y",
            "g",
            seen(&[Some(1), None, None, None]),
        )
        .unwrap();
        m.end_game().unwrap();
        m.observe(
            "bot one",
            "classic x=y",
            "g",
            seen(&[Some(2), Some(4), None, None]),
        )
        .unwrap();
        m.end_game().unwrap();
        // Another run reads both games back, and skips a line it cannot read.
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("garbage\n2:zz\tbot one\tclassic x=y\n");
        std::fs::write(&path, text).unwrap();
        let mut again = Memory::default();
        assert_eq!(again.use_file(Some(path.clone())), Ok(2));
        assert_eq!(
            again
                .recall("bot one", "classic x=y")
                .map(|r| r.games.clone()),
            m.recall("bot one", "classic x=y").map(|r| r.games.clone())
        );
        let _ = std::fs::remove_file(&path);
    }
}
