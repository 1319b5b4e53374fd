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
use std::sync::Arc;

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

    /// The same setup seen the other way round (columns from the owner's right).
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

    /// The setup square of each piece, in the coordinates of [`SeenSetup`].
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recollection {
    games: Vec<SeenSetup>,
}

/// How likely the current game's setup is each remembered one, or a fresh one.
#[derive(Clone, Debug)]
pub struct Posterior {
    /// The chance the setup is one not seen before.
    pub fresh: f64,
    /// Each remembered setup, both ways round, with its chance.
    pub setups: Vec<(f64, SeenSetup)>,
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
    }

    /// How likely each remembered setup is, given what the current game has shown (`now`).
    ///
    /// A remembered setup `h` says the piece on a square is one of `S`; the current game
    /// says it is one of `O`. Against a fresh setup, that is evidence for `h` in the ratio
    /// `(1 − ε)·p(O ∩ S) / (p(S)·p(O)) + ε`, with `p` the fresh-setup prior and ε
    /// ([`MEMORY_NOISE`]) the chance the opponent changed that square. Before any evidence
    /// a fresh setup weighs one more than the number of earlier games that were themselves
    /// fresh, and each remembered game weighs one (half each way round): an opponent that
    /// always brings a new setup soon stops being expected to repeat one.
    pub fn posterior(&self, now: &SeenSetup, mass: &SetupMass) -> Posterior {
        let fresh_games = (1..self.games.len())
            .filter(|&j| Self::weigh(&self.games[..j], &self.games[j], 1.0, mass).fresh > 0.5)
            .count();
        Self::weigh(&self.games, now, 1.0 + fresh_games as f64, mass)
    }

    fn weigh(games: &[SeenSetup], now: &SeenSetup, fresh: f64, mass: &SetupMass) -> Posterior {
        let eps = MEMORY_NOISE;
        let mut logs = Vec::with_capacity(games.len() * 2);
        let mut setups = Vec::with_capacity(games.len() * 2);
        for g in games {
            for h in [g.clone(), g.mirrored()] {
                if h.squares.len() != now.squares.len() {
                    continue;
                }
                let mut log = 0.5f64.ln();
                for (i, o) in now.squares() {
                    let Some(s) = h.squares[i] else { continue };
                    let (po, ps, both) = (mass(i, o), mass(i, s), mass(i, o & s));
                    let ratio = (1.0 - eps) * both / (po * ps).max(1e-12) + eps;
                    log += ratio.ln();
                }
                logs.push(log);
                setups.push(h);
            }
        }
        let top = logs.iter().copied().fold(fresh.ln(), f64::max);
        let mut weights: Vec<f64> = logs.iter().map(|l| (l - top).exp()).collect();
        let mut fresh = (fresh.ln() - top).exp();
        let total = fresh + weights.iter().sum::<f64>();
        fresh /= total;
        weights.iter_mut().for_each(|w| *w /= total);
        Posterior {
            fresh,
            setups: weights.into_iter().zip(setups).collect(),
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
                .map(|(w, h)| {
                    w * match h.squares.get(square).copied().flatten() {
                        Some(s) if s & (1 << kind) != 0 => {
                            (1.0 - eps) / mass(square, s).max(1e-12) + eps
                        }
                        Some(_) => eps,
                        None => 1.0,
                    }
                })
                .sum::<f64>()
    }

    /// The likeliest remembered setup's chance, and which game it was (0 the oldest) and
    /// whether mirrored.
    pub fn best(&self) -> Option<(f64, usize, bool)> {
        self.setups
            .iter()
            .enumerate()
            .max_by(|a, b| a.1 .0.total_cmp(&b.1 .0))
            .map(|(i, (w, _))| (*w, i / 2, i % 2 == 1))
    }
}

/// The engine's memory: a [`Recollection`] per opponent and rule set, and the game in
/// progress.
#[derive(Debug, Default)]
pub struct Memory {
    known: HashMap<String, Arc<Recollection>>,
    /// The game in progress: whom against, which game (what tells it from the next one),
    /// and what it has shown so far.
    current: Option<(String, String, SeenSetup)>,
}

impl Memory {
    /// What is remembered of `opponent` (a name and the rule set: the caller's key).
    pub fn recall(&self, opponent: &str) -> Option<Arc<Recollection>> {
        self.known.get(opponent).cloned()
    }

    /// Notes what game `game` against `opponent` has shown so far. Another game than the
    /// one in progress ends that one first.
    pub fn observe(&mut self, opponent: &str, game: &str, seen: SeenSetup) {
        if self
            .current
            .as_ref()
            .is_some_and(|(o, g, _)| o != opponent || g != game)
        {
            self.end_game();
        }
        self.current = Some((opponent.to_string(), game.to_string(), seen));
    }

    /// The game in progress is over: remember what it showed, if it identified any piece.
    pub fn end_game(&mut self) {
        if let Some((opponent, _, seen)) = self.current.take() {
            if seen.identified() > 0 {
                let r = self.known.entry(opponent).or_default();
                Arc::make_mut(r).add(seen);
            }
        }
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
        let (w, game, mirrored) = p.best().unwrap();
        assert!(w > 0.6 && game == 0 && !mirrored, "{p:?}");
        assert!(p.factor(1, 1, &uniform) > 2.0 * p.factor(1, 2, &uniform));
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
        m.observe("a", "game 1", seen(&[Some(1), None, None, None]));
        m.observe("a", "game 1", seen(&[Some(1), Some(2), None, None]));
        assert!(m.recall("a").is_none());
        m.observe("a", "game 2", seen(&[Some(4), None, None, None]));
        let r = m.recall("a").unwrap();
        assert_eq!(r.games, vec![seen(&[Some(1), Some(2), None, None])]);
        m.observe("b", "game 1", seen(&[Some(8), None, None, None]));
        m.end_game();
        assert_eq!(m.recall("a").unwrap().games(), 2);
        assert_eq!(m.recall("b").unwrap().games(), 1);
        m.end_game();
        assert_eq!(m.recall("b").unwrap().games(), 1);
        // A game that identified nothing teaches nothing.
        m.observe("c", "game 1", seen(&[Some(ALL), None, None, None]));
        m.end_game();
        assert!(m.recall("c").is_none());
    }
}
