//! The built-in baselines the search is measured against: a random mover, a greedy attacker,
//! and `classic`, a rule-based player in the manner of the Stratego bots of the 2000s.
//!
//! All three see only the [`View`]; their random choices flow from the seed and the ply.

use crate::board::Square;
use crate::eval::{distance, kind_value};
use crate::movegen::Move;
use crate::rng::Rng;
use crate::rules::{BattleRole, Outcome, Rules};
use crate::view::{KindSet, View};

/// The kinds in `set`.
fn kinds_of(rules: &Rules, set: KindSet) -> impl Iterator<Item = usize> + '_ {
    (0..rules.kinds().len()).filter(move |k| set & (1 << k) != 0)
}

/// The chance that the own piece on `m.from` wins its attack on the enemy piece on `m.to`,
/// with each kind the defender can be weighted by its count.
pub fn win_chance(view: &View, m: Move) -> Option<f64> {
    let rules = view.rules();
    let attacker = view.own_at(m.from)?.kind;
    let defender = view.enemy_at(m.to)?;
    let (mut wins, mut total) = (0.0, 0.0);
    for k in kinds_of(rules, defender.possible) {
        let weight = rules.kind(k).count.max(1) as f64;
        total += weight;
        if rules.battle(attacker, k) == Outcome::AttackerWins {
            wins += weight;
        }
    }
    (total > 0.0).then(|| wins / total)
}

/// A uniformly random legal move.
pub fn random_move(moves: &[Move], rng: &mut Rng) -> Move {
    moves[rng.below(moves.len())]
}

/// The attack it most expects to win, when that chance is above one half; otherwise a
/// random move.
pub fn greedy_move(view: &View, moves: &[Move], rng: &mut Rng) -> Move {
    moves
        .iter()
        .filter(|m| !m.kind.is_action())
        .filter_map(|&m| win_chance(view, m).map(|p| (m, p)))
        .filter(|&(_, p)| p > 0.5)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or_else(|| random_move(moves, rng), |(m, _)| m)
}

/// Orthogonal neighbours of `sq` on the board.
fn neighbours(rules: &Rules, sq: Square) -> impl Iterator<Item = Square> + '_ {
    let (f, r) = (sq.file() as i32, sq.row() as i32);
    [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(move |(df, dr)| {
            let (nf, nr) = (f + df, r + dr);
            (nf >= 0 && nr >= 0)
                .then(|| Square::new(nf as u8, nr as u8))
                .flatten()
        })
        .filter(|&s| rules.geometry().contains(s) && !rules.geometry().is_impassable(s))
}

/// What `classic` knows of the enemy around one square, for its rules of thumb.
struct Classic<'a> {
    view: &'a View,
    rules: &'a Rules,
}

impl Classic<'_> {
    /// The enemy piece on `sq` surely beats an own `kind` that it attacks: it can move, and
    /// every kind it can be that moves wins.
    fn surely_beats(&self, sq: Square, kind: usize) -> bool {
        let Some(e) = self.view.enemy_at(sq) else {
            return false;
        };
        let mut movers = kinds_of(self.rules, e.possible)
            .filter(|&k| self.rules.kind_moves(k).movable)
            .peekable();
        movers.peek().is_some()
            && movers.all(|k| self.rules.battle(k, kind) == Outcome::AttackerWins)
    }

    /// An own `kind` standing on `sq` would be next to an enemy piece that surely beats it.
    fn threatened(&self, sq: Square, kind: usize, ignore: Option<Square>) -> bool {
        neighbours(self.rules, sq)
            .filter(|&n| Some(n) != ignore)
            .any(|n| self.surely_beats(n, kind))
    }

    /// The score of a move by the rules of thumb; the best is played.
    fn score(&self, m: Move) -> i32 {
        let Some(own) = self.view.own_at(m.from) else {
            return -10_000;
        };
        let kind = own.kind;
        let value = kind_value(self.rules, kind);
        let mut score = 0;
        if let Some(target) = self.view.enemy_at(m.to) {
            let outcomes: Vec<Outcome> = kinds_of(self.rules, target.possible)
                .map(|k| self.rules.battle(kind, k))
                .collect();
            let sure_win = outcomes.iter().all(|&o| o == Outcome::AttackerWins);
            let worth: i32 = kinds_of(self.rules, target.possible)
                .map(|k| kind_value(self.rules, k))
                .max()
                .unwrap_or(0);
            let bomb_possible =
                kinds_of(self.rules, target.possible).any(|k| self.rules.is_bomb(k));
            if sure_win {
                score += 2_000 + worth;
            } else if self.rules.kind(kind).defuses_bombs && bomb_possible && !target.moved {
                // A Miner at what may be a bomb.
                score += 300;
            } else if value <= kind_value(self.rules, self.scout_kind()) && !target.revealed {
                // Cheap pieces probe unknown ones.
                score += 60;
            } else {
                // Attacks only what it knows it beats.
                return -5_000;
            }
        }
        // Runs from what beats it, and does not walk into it.
        let now_threatened = self.threatened(m.from, kind, None);
        let then_threatened = self.threatened(m.to, kind, Some(m.from));
        if now_threatened && !then_threatened {
            score += 500 + value;
        }
        if then_threatened && self.view.enemy_at(m.to).is_none() {
            score -= 400 + value;
        }
        // Guards its Flag: the pieces next to it stay.
        if self.next_to_own_flag(m.from) && !now_threatened {
            score -= 200;
        }
        // Miners head for the unmoved pieces of the enemy's back rows once mid-game.
        if self.rules.kind(kind).defuses_bombs {
            if let Some(d) = self.nearest_unmoved_back_piece(m.from) {
                let d2 = self.nearest_unmoved_back_piece(m.to).unwrap_or(d);
                score += 20 * (d - d2);
            }
        }
        // Otherwise forward, high pieces toward known weaker ones.
        let forward = match self.view.me() {
            crate::board::Color::Red => m.to.row() as i32 - m.from.row() as i32,
            crate::board::Color::Blue => m.from.row() as i32 - m.to.row() as i32,
        };
        score += 8 * forward;
        if let Some(d) = self.nearest_prey(m.from, kind) {
            let d2 = self.nearest_prey(m.to, kind).unwrap_or(d);
            score += 15 * (d - d2);
        }
        // The best pieces stay back until something is known to be theirs.
        if value >= kind_value(self.rules, self.top_kind())
            && self.nearest_prey(m.from, kind).is_none()
        {
            score -= 30;
        }
        score
    }

    fn scout_kind(&self) -> usize {
        (0..self.rules.kinds().len())
            .filter(|&k| self.rules.kind(k).role == BattleRole::Plain)
            .min_by_key(|&k| kind_value(self.rules, k))
            .unwrap_or(0)
    }

    fn top_kind(&self) -> usize {
        (0..self.rules.kinds().len())
            .max_by_key(|&k| {
                if self.rules.kind(k).role == BattleRole::Plain {
                    kind_value(self.rules, k)
                } else {
                    0
                }
            })
            .unwrap_or(0)
    }

    fn next_to_own_flag(&self, sq: Square) -> bool {
        neighbours(self.rules, sq).any(|n| {
            self.view
                .own_at(n)
                .is_some_and(|p| self.rules.is_flag(p.kind))
        })
    }

    /// Distance to the nearest enemy piece known to lose to an own `kind`.
    fn nearest_prey(&self, from: Square, kind: usize) -> Option<i32> {
        self.view
            .enemy_pieces()
            .iter()
            .filter(|e| {
                e.possible != 0
                    && kinds_of(self.rules, e.possible)
                        .all(|k| self.rules.battle(kind, k) == Outcome::AttackerWins)
            })
            .filter_map(|e| e.square)
            .map(|sq| distance(from, sq))
            .min()
    }

    /// Distance to the nearest enemy piece that never moved and stands in its two back rows.
    fn nearest_unmoved_back_piece(&self, from: Square) -> Option<i32> {
        let g = self.rules.geometry();
        let them = self.view.me().opponent();
        self.view
            .enemy_pieces()
            .iter()
            .filter(|e| !e.moved)
            .filter_map(|e| e.square)
            .filter(|&sq| {
                g.home_square(them, g.home_rows().saturating_sub(1), 0)
                    .is_some_and(|back| sq.row().abs_diff(back.row()) <= 1)
            })
            .map(|sq| distance(from, sq))
            .min()
    }
}

/// `classic`: keeps the kinds each enemy piece can still be (the view does), attacks only
/// what it knows it beats (Scouts probe, Miners go for likely bombs), runs from what it knows
/// beats it, keeps the pieces around its Flag home, and otherwise advances, toward known
/// prey when there is some. Ties are broken at random.
pub fn classic_move(view: &View, moves: &[Move], rng: &mut Rng) -> Move {
    let judge = Classic {
        view,
        rules: view.rules(),
    };
    moves
        .iter()
        .map(|&m| {
            let s = if m.kind.is_action() {
                -1_000
            } else {
                judge.score(m)
            };
            (m, s * 16 + rng.below(16) as i32)
        })
        .max_by_key(|&(_, s)| s)
        .map_or_else(|| random_move(moves, rng), |(m, _)| m)
}
