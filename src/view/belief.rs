//! Soft beliefs about the enemy's hidden ranks: a weight for every kind each enemy piece can
//! still be, from where people put each kind (the Gravon setups) and from how the piece
//! behaved, and whole armies drawn in proportion to the product of those weights.
//!
//! Marginals are never multiplied independently: every draw is a complete assignment that
//! fits the piece counts, and a Markov chain of swaps between two pieces (which keep the
//! counts) mixes it toward the distribution
//! `P(assignment) ∝ Π weight(piece, kind) × Π link(neighbours' kinds)`.
//!
//! The links are there because people do not place kinds square by square: Bombs stand
//! around the Flag and next to each other. With the squares alone, the belief put 0.29 on
//! Bombs that were Bombs 43 % of the time, and 0.50 on Flags that were Flags 22 % of the time
//! (the pieces the engine attacked in 60 games against `classic`). Each pair of neighbouring
//! setup squares carries how much more (or less) often two letters stood on it together in
//! the corpus than the squares alone would say.

use std::sync::OnceLock;

use super::memory::{Posterior, SeenSetup};
use super::{KindSet, View};
use crate::board::{Color, Setup};
use crate::rng::Rng;
use crate::rules::{Outcome, Rules};
use crate::search::params::{
    APPROACH_WEIGHT, DECLINE_TURNS, DECLINE_WEIGHT, DRAWS_PER_CHAIN, FLEE_WEIGHT, LINK_SMOOTHING,
    LINK_STRENGTH, MOVER_ODDS, PRIOR_SMOOTHING, SAMPLE_SWEEPS, SHARPNESS, STALK_BOUNDS, STALK_ODDS,
    STILL_POWER, STILL_SCALE, SWAP_SWEEPS,
};

/// Most kinds any variant has (a [`KindSet`] holds 16).
pub const MAX_KINDS: usize = 16;

/// How often each letter stood on each setup square in the human corpus, both orientations.
struct SetupPrior {
    width: usize,
    rows: usize,
    letters: Vec<char>,
    /// `counts[square][letter]`, squares as `row_from_front * width + column`.
    counts: Vec<Vec<u32>>,
    /// Every pair of neighbouring squares (the second to the right of or behind the first)
    /// and `joint[first letter * letters + second letter]`: how often they stood together.
    pairs: Vec<(usize, usize, Vec<u32>)>,
}

impl SetupPrior {
    fn from_setups(setups: &[Setup]) -> Option<SetupPrior> {
        let first = setups.first()?;
        let rows = first.rows().len();
        let width = first.rows().first()?.len();
        let mut letters: Vec<char> = first.rows().iter().flatten().flatten().copied().collect();
        letters.sort_unstable();
        letters.dedup();
        let n = letters.len();
        let mut counts = vec![vec![0u32; n]; rows * width];
        let mut pairs: Vec<(usize, usize, Vec<u32>)> = (0..rows * width)
            .flat_map(|a| {
                let right = (a % width + 1 < width).then_some(a + 1);
                let behind = (a + width < rows * width).then_some(a + width);
                [right, behind].into_iter().flatten().map(move |b| (a, b))
            })
            .map(|(a, b)| (a, b, vec![0u32; n * n]))
            .collect();
        let mut at = vec![None; rows * width];
        for s in setups {
            for setup in [s.clone(), s.mirrored()] {
                at.iter_mut().for_each(|x| *x = None);
                for (r, row) in setup.rows().iter().enumerate().take(rows) {
                    for (c, letter) in row.iter().enumerate().take(width) {
                        if let Some(l) = letter.and_then(|l| letters.iter().position(|&x| x == l)) {
                            counts[r * width + c][l] += 1;
                            at[r * width + c] = Some(l);
                        }
                    }
                }
                for (a, b, joint) in &mut pairs {
                    if let (Some(la), Some(lb)) = (at[*a], at[*b]) {
                        joint[la * n + lb] += 1;
                    }
                }
            }
        }
        Some(SetupPrior {
            width,
            rows,
            letters,
            counts,
            pairs,
        })
    }

    /// Each kind's letter among the corpus's, `None` for a kind the corpus never has.
    fn kind_letters(&self, rules: &Rules) -> Vec<Option<usize>> {
        (0..rules.kinds().len().min(MAX_KINDS))
            .map(|k| self.letters.iter().position(|&l| l == rules.kind(k).letter))
            .collect()
    }

    /// The index (`row_from_front * width + column`) of the setup square where `owner`'s
    /// piece started on `start`, when the prior covers it.
    fn square(&self, rules: &Rules, owner: Color, start: crate::board::Square) -> Option<usize> {
        let (r, c) = setup_coordinates(rules, owner, start)?;
        (r < self.rows && c < self.width).then_some(r * self.width + c)
    }

    /// The link of one pair of squares in kinds, `factor[kind a][kind b]`: the ratio of the
    /// pair's smoothed joint frequency to the product of its two marginals, raised to
    /// [`LINK_STRENGTH`]. 1 where the pair tells nothing (a kind missing from the corpus).
    fn link(&self, joint: &[u32], kind_letters: &[Option<usize>]) -> LinkTable {
        let n = self.letters.len();
        let smoothed = |a: usize, b: usize| joint[a * n + b] as f64 + LINK_SMOOTHING;
        let total: f64 = (0..n * n).map(|i| smoothed(i / n, i % n)).sum();
        let first: Vec<f64> = (0..n)
            .map(|a| (0..n).map(|b| smoothed(a, b)).sum::<f64>() / total)
            .collect();
        let second: Vec<f64> = (0..n)
            .map(|b| (0..n).map(|a| smoothed(a, b)).sum::<f64>() / total)
            .collect();
        let mut factor = [[1.0f32; MAX_KINDS]; MAX_KINDS];
        for (ka, la) in kind_letters.iter().enumerate() {
            for (kb, lb) in kind_letters.iter().enumerate() {
                if let (Some(a), Some(b)) = (*la, *lb) {
                    let ratio = smoothed(a, b) / total / (first[a] * second[b]);
                    factor[ka][kb] = ratio.powf(LINK_STRENGTH) as f32;
                }
            }
        }
        factor
    }
}

/// Reads the human setups and counts the prior for `rules` now, so that the first search of
/// a game does not spend its time on it (about 40 ms). The engine calls it on `isready` and
/// `newgame`.
pub fn prepare(rules: &Rules) {
    let _ = prior_for(rules);
}

/// The prior that fits `rules`, when the human corpus fits it.
fn prior_for(rules: &Rules) -> Option<&'static SetupPrior> {
    static PRIORS: OnceLock<Vec<(usize, Option<SetupPrior>)>> = OnceLock::new();
    let setups = crate::setups::human_setups(rules);
    if setups.is_empty() {
        return None;
    }
    let priors = PRIORS.get_or_init(|| {
        ["classic", "barrage"]
            .iter()
            .filter_map(|v| Rules::preset(v).ok())
            .map(|r| {
                let book = crate::setups::human_setups(&r);
                (book.as_ptr() as usize, SetupPrior::from_setups(book))
            })
            .collect()
    });
    priors
        .iter()
        .find(|(p, _)| *p == setups.as_ptr() as usize)
        .and_then(|(_, prior)| prior.as_ref())
}

/// How much more often two kinds stand together on a pair of neighbouring squares than the
/// squares' own frequencies would have them by chance.
type LinkTable = [[f32; MAX_KINDS]; MAX_KINDS];

/// What the evidence says of every enemy piece: `weights[piece][kind]`, zero for the kinds it
/// cannot be. Only ratios between the weights of one piece matter.
#[derive(Clone, Debug)]
pub struct Belief {
    pub weights: Vec<[f64; MAX_KINDS]>,
    /// The tables of the neighbouring setup squares that enemy pieces started on.
    tables: Vec<LinkTable>,
    /// For every enemy piece, its neighbours at the start: `(other piece, table, whether
    /// this piece is the table's first square)`.
    links: Vec<Vec<(usize, usize, bool)>>,
    /// How likely the enemy's setup is each one remembered from earlier games, when the
    /// belief used memory.
    pub recalled: Option<Posterior>,
    /// How likely each [`SHARPNESS`] level of the enemy's Bomb placement is, when the belief
    /// judged it.
    pub sharpness: Option<[f64; SHARPNESS.len()]>,
}

/// Which evidence a belief uses (the measurement compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// Where people put each kind.
    pub setups: bool,
    /// Which kinds people put next to each other (needs `setups`).
    pub neighbours: bool,
    /// Approach, flight, and which kinds move while hidden ([`MOVER_ODDS`]).
    pub behaviour: bool,
    /// What earlier games against the same opponent showed of its setup (the view's
    /// [`Recollection`](super::Recollection), when it has one).
    pub memory: bool,
    /// How predictably this opponent puts its Bombs where people most often do, judged from
    /// the pieces it has shown (see [`SHARPNESS`]; needs `setups`).
    pub sharpness: bool,
    /// Whether a hidden piece's moves around our identified pieces that only a striker
    /// beats speak for it being that striker (see [`STALK_ODDS`]; needs `behaviour`).
    pub stalking: bool,
    /// Whether a hidden piece that stood beside our identified pieces without attacking them
    /// speaks against the kinds that beat them (see [`DECLINE_WEIGHT`]; needs `behaviour`).
    pub declines: bool,
}

impl Evidence {
    pub const ALL: Evidence = Evidence {
        setups: true,
        neighbours: true,
        behaviour: true,
        memory: true,
        sharpness: true,
        stalking: true,
        declines: true,
    };
    pub const NONE: Evidence = Evidence {
        setups: false,
        neighbours: false,
        behaviour: false,
        memory: false,
        sharpness: false,
        stalking: false,
        declines: false,
    };

    /// The same evidence, with the judgement of the opponent's Bomb habits on or off (the
    /// option `Bomb Habits`).
    pub const fn with_sharpness(self, sharpness: bool) -> Evidence {
        Evidence { sharpness, ..self }
    }

    /// The same evidence, with the Spy's hunt on or off (the option `Spy Hunt`).
    pub const fn with_stalking(self, stalking: bool) -> Evidence {
        Evidence { stalking, ..self }
    }

    /// The same evidence, with the declined attacks read or not (the option `Declined
    /// Attacks`).
    pub const fn with_declines(self, declines: bool) -> Evidence {
        Evidence { declines, ..self }
    }
}

impl Belief {
    /// The belief of `view`'s player about the enemy, from the evidence chosen.
    pub fn new(view: &View, evidence: Evidence) -> Belief {
        let rules = view.rules();
        let kinds = rules.kinds().len().min(MAX_KINDS);
        let them = view.me().opponent();
        let prior = if evidence.setups {
            prior_for(rules)
        } else {
            None
        };
        let kind_letters = prior.map(|pr| pr.kind_letters(rules)).unwrap_or_default();
        let in_play: Vec<usize> = (0..kinds).filter(|&k| rules.kind(k).count > 0).collect();
        let army: f64 = in_play.iter().map(|&k| rules.kind(k).count as f64).sum();
        // The fresh-setup prior of kind `k` on setup square `square`, before normalising.
        let fresh = |square: Option<usize>, k: usize| -> f64 {
            match (prior, square) {
                (Some(pr), Some(sq)) => {
                    kind_letters[k].map_or(0, |i| pr.counts[sq][i]) as f64 + PRIOR_SMOOTHING
                }
                _ => rules.kind(k).count as f64 / army.max(1.0),
            }
        };
        let g = rules.geometry();
        let width = g.width() as usize;
        // The prior's square of each setup square, in the coordinates of `SeenSetup`.
        let prior_square = |index: usize| {
            prior.and_then(|pr| {
                let (r, c) = (index / width, index % width);
                (r < pr.rows && c < pr.width).then_some(r * pr.width + c)
            })
        };
        // The fresh-setup prior of every setup square, normalised, for the memory's sums.
        let shares: Vec<[f64; MAX_KINDS]> = (0..width * g.home_rows() as usize)
            .map(|index| {
                let sq = prior_square(index);
                let total: f64 = in_play.iter().map(|&k| fresh(sq, k)).sum();
                let mut share = [0.0; MAX_KINDS];
                for &k in &in_play {
                    share[k] = fresh(sq, k) / total.max(1e-12);
                }
                share
            })
            .collect();
        let mass = |index: usize, set: KindSet| -> f64 {
            shares.get(index).map_or(0.0, |share| {
                in_play
                    .iter()
                    .filter(|&&k| set & (1 << k) != 0)
                    .map(|&k| share[k])
                    .sum()
            })
        };
        let recalled = view
            .recollection
            .as_ref()
            .filter(|r| evidence.memory && r.games() > 0)
            .map(|r| r.posterior(&SeenSetup::of(view), &mass));
        let setup_index = |p: &super::EnemyPiece| {
            p.start.and_then(|sq| {
                let (r, c) = setup_coordinates(rules, them, sq)?;
                Some(r * width + c)
            })
        };
        // Each setup square's prior at each sharpness: the odds of a Bomb there raised to the
        // power `beta` and scaled so that the setup still holds as many Bombs in all, the
        // other kinds kept in their proportions. (Sharpening the Flag's odds as well
        // measured worse against `peternlewis`.)
        let bomb = rules
            .kind_by_letter('B')
            .filter(|_| prior.is_some() && evidence.sharpness);
        let odds = |index: usize| {
            let q = bomb
                .map_or(0.0, |b| shares[index][b])
                .clamp(1e-9, 1.0 - 1e-9);
            q / (1.0 - q)
        };
        let scale: [f64; SHARPNESS.len()] = SHARPNESS.map(|(beta, _)| match bomb {
            Some(_) => bomb_scale(shares.len(), &odds, beta),
            None => 1.0,
        });
        let sharpened = |index: usize, level: usize| -> [f64; MAX_KINDS] {
            let mut share = shares.get(index).copied().unwrap_or([0.0; MAX_KINDS]);
            if let Some(b) = bomb.filter(|_| SHARPNESS[level].0 != 1.0) {
                let q = share[b].clamp(1e-9, 1.0 - 1e-9);
                let o = scale[level] * odds(index).powf(SHARPNESS[level].0);
                let sharp = o / (1.0 + o);
                for (k, x) in share.iter_mut().enumerate() {
                    *x *= if k == b {
                        sharp / q
                    } else {
                        (1.0 - sharp) / (1.0 - q)
                    };
                }
            }
            share
        };
        let judged = bomb.is_some().then(|| {
            sharpness_posterior(view.enemy.iter().filter_map(|p| {
                let index = setup_index(p)?;
                let shown = match p.known_kind() {
                    Some(k) => 1 << k,
                    None if p.moved => p.possible,
                    None => return None,
                };
                Some(std::array::from_fn(|level| {
                    let share = sharpened(index, level);
                    in_play
                        .iter()
                        .filter(|&&k| shown & (1 << k) != 0)
                        .map(|&k| share[k])
                        .sum::<f64>()
                }))
            }))
        });
        let sharpness = judged
            .unwrap_or_else(|| SHARPNESS.map(|(beta, _)| if beta == 1.0 { 1.0 } else { 0.0 }));
        // The ratios were measured with the classic army, in the variants the human setups
        // fit; elsewhere the same letters name other pieces (the rank duel's 2 is no Scout).
        let mover = match prior_for(rules) {
            Some(_) => mover_odds(rules),
            None => [1.0; MAX_KINDS],
        };
        let weights = view
            .enemy
            .iter()
            .map(|p| {
                let mut w = [0.0; MAX_KINDS];
                let index = setup_index(p);
                let square = index.and_then(prior_square);
                // The prior of this piece's square, mixed over the sharpnesses.
                let mut mixed = [0.0; MAX_KINDS];
                if let (Some(i), Some(_)) = (index, square) {
                    for (level, chance) in sharpness.into_iter().enumerate() {
                        if chance > 0.0 {
                            let share = sharpened(i, level);
                            for (m, s) in mixed.iter_mut().zip(share) {
                                *m += chance * s;
                            }
                        }
                    }
                }
                for (k, weight) in w.iter_mut().enumerate().take(kinds) {
                    if p.possible & (1 << k) == 0 {
                        continue;
                    }
                    // `square` is `None` without a prior: then every kind starts equal.
                    *weight = if square.is_some() { mixed[k] } else { 1.0 };
                    if let (Some(post), Some(i)) = (&recalled, index) {
                        *weight *= post.factor(i, k, &mass);
                    }
                    if evidence.behaviour {
                        *weight *= behaviour_factor(rules, k, p.approached, p.fled);
                        if evidence.declines {
                            *weight *= decline_factor(rules, k, &p.declined);
                        }
                        if evidence.stalking && p.stalked & (1 << k) != 0 {
                            *weight *= stalk_factor(&p.stalking);
                        }
                        if p.moved {
                            *weight *= mover[k];
                        } else if rules.kind_moves(k).movable {
                            *weight *= still_factor(p.idle);
                        }
                    }
                }
                w
            })
            .collect();
        let mut belief = Belief {
            weights,
            tables: Vec::new(),
            links: vec![Vec::new(); view.enemy.len()],
            recalled,
            sharpness: judged,
        };
        if let Some(pr) = prior.filter(|_| evidence.neighbours) {
            belief.link_neighbours(view, pr, &kind_letters);
        }
        belief
    }

    /// Fills the links between enemy pieces that started on neighbouring squares.
    fn link_neighbours(&mut self, view: &View, prior: &SetupPrior, kind_letters: &[Option<usize>]) {
        let rules = view.rules();
        let them = view.me().opponent();
        let mut piece_at = vec![None; prior.rows * prior.width];
        for (i, p) in view.enemy.iter().enumerate() {
            if let Some(square) = p.start.and_then(|sq| prior.square(rules, them, sq)) {
                piece_at[square] = Some(i);
            }
        }
        for (a, b, joint) in &prior.pairs {
            if let (Some(i), Some(j)) = (piece_at[*a], piece_at[*b]) {
                let table = self.tables.len();
                self.tables.push(prior.link(joint, kind_letters));
                self.links[i].push((j, table, true));
                self.links[j].push((i, table, false));
            }
        }
    }

    /// How much the links of pieces `i` and `j` change when they swap kinds: the ratio of the
    /// product of their link factors after to before. (The chain's inner loop: one division,
    /// no allocation.)
    fn swap_link_ratio(&self, i: usize, j: usize, kinds: &[usize]) -> f64 {
        let (ki, kj) = (kinds[i], kinds[j]);
        let (mut after, mut before) = (1.0f32, 1.0f32);
        for (piece, from, to) in [(i, ki, kj), (j, kj, ki)] {
            for &(other, table, first) in &self.links[piece] {
                let t = &self.tables[table];
                if other == i || other == j {
                    // The link between the two themselves: the pair's kinds trade places.
                    // Counted once, from `i`'s side.
                    if piece == i {
                        let (b, a) = if first {
                            (t[ki][kj], t[kj][ki])
                        } else {
                            (t[kj][ki], t[ki][kj])
                        };
                        after *= a;
                        before *= b;
                    }
                    continue;
                }
                let k = kinds[other];
                if k >= MAX_KINDS {
                    continue;
                }
                if first {
                    after *= t[to][k];
                    before *= t[from][k];
                } else {
                    after *= t[k][to];
                    before *= t[k][from];
                }
            }
        }
        f64::from(after) / f64::from(before)
    }

    /// Kinds for every enemy piece (captured ones included), consistent with the counts and
    /// drawn in proportion to the weights, after [`SAMPLE_SWEEPS`] sweeps of the chain.
    pub fn sample(&self, view: &View, rng: &mut Rng) -> Vec<usize> {
        self.sample_after(view, rng, SAMPLE_SWEEPS)
    }

    /// [`Belief::sample`] after `sweeps` sweeps from the chain's start: too few, and the
    /// draw still leans toward the start (`tests/view.rs` measures how many are enough for
    /// a kind held by one piece).
    pub fn sample_after(&self, view: &View, rng: &mut Rng, sweeps: usize) -> Vec<usize> {
        let mut chain = Chain::start(view, self, rng);
        chain.sweep(self, rng, sweeps);
        chain.kinds
    }

    /// The probability of each kind for each enemy piece, from `draws` draws spread over
    /// independent chains of [`DRAWS_PER_CHAIN`] draws: the draws of one chain are
    /// correlated, and 200 of them put one square's Bomb anywhere from 40 % to 62 % across
    /// seeds.
    pub fn marginals(&self, view: &View, rng: &mut Rng, draws: usize) -> Vec<[f64; MAX_KINDS]> {
        let mut sums = vec![[0.0; MAX_KINDS]; self.weights.len()];
        let mut chain = Chain::start(view, self, rng);
        chain.sweep(self, rng, SWAP_SWEEPS);
        for draw in 0..draws.max(1) {
            if draw > 0 && draw % DRAWS_PER_CHAIN == 0 {
                chain = Chain::start(view, self, rng);
                chain.sweep(self, rng, SWAP_SWEEPS);
            }
            chain.sweep(self, rng, 2);
            for (s, &k) in sums.iter_mut().zip(&chain.kinds) {
                if k < MAX_KINDS {
                    s[k] += 1.0;
                }
            }
        }
        for s in &mut sums {
            let total: f64 = s.iter().sum();
            if total > 0.0 {
                s.iter_mut().for_each(|x| *x /= total);
            }
        }
        sums
    }
}

/// Likelihood of the behaviour seen if the piece is of kind `k`: walking up to an identified
/// piece it beats, running from one that beats it.
fn behaviour_factor(rules: &Rules, k: usize, approached: KindSet, fled: KindSet) -> f64 {
    let mut f = 1.0;
    for a in (0..rules.kinds().len()).filter(|a| approached & (1 << a) != 0) {
        if rules.battle(k, a) == Outcome::AttackerWins {
            f *= APPROACH_WEIGHT;
        }
    }
    for a in (0..rules.kinds().len()).filter(|a| fled & (1 << a) != 0) {
        if rules.battle(a, k) == Outcome::AttackerWins {
            f *= FLEE_WEIGHT;
        }
    }
    f
}

/// Likelihood, if the piece is of kind `k`, that it stood beside our identified pieces on
/// the enemy turns `declined` counts by their kind and did not attack them:
/// [`DECLINE_WEIGHT`] for each such turn beside a kind that a `k` would beat attacking and
/// that is worth at least half a `k`, for at most [`DECLINE_TURNS`] turns.
fn decline_factor(rules: &Rules, k: usize, declined: &[u8; MAX_KINDS]) -> f64 {
    if !rules.kind_moves(k).movable {
        return 1.0;
    }
    // A piece worth far more than ours may spare it rather than show its rank for it.
    let worth = crate::eval::kind_value(rules, k);
    let turns: u32 = (0..rules.kinds().len().min(MAX_KINDS))
        .filter(|&a| rules.battle(k, a) == Outcome::AttackerWins)
        .filter(|&a| 2 * crate::eval::kind_value(rules, a) >= worth)
        .map(|a| u32::from(declined[a]))
        .sum();
    DECLINE_WEIGHT.powi(turns.min(DECLINE_TURNS) as i32)
}

/// Likelihood that a piece of a movable kind stood `idle` enemy turns with a free square
/// beside it and did not move, against an immovable one ([`STILL_SCALE`]).
fn still_factor(idle: u16) -> f64 {
    (1.0 + f64::from(idle) / STILL_SCALE).powf(-STILL_POWER)
}

/// Likelihood of a piece's moves around our identified pieces that only a striker beats,
/// counted by band ([`STALK_ODDS`]), if the piece is that striker.
fn stalk_factor(stalking: &[u16; 4]) -> f64 {
    let f: f64 = stalking
        .iter()
        .zip(STALK_ODDS)
        .map(|(&n, odds)| odds.powi(i32::from(n)))
        .product();
    f.clamp(STALK_BOUNDS.0, STALK_BOUNDS.1)
}

/// [`MOVER_ODDS`] by kind index: the likelihood ratio of each kind for a piece seen to move
/// while hidden, 1 for the kinds the table does not name.
fn mover_odds(rules: &Rules) -> [f64; MAX_KINDS] {
    let mut odds = [1.0; MAX_KINDS];
    for &(letter, ratio) in &MOVER_ODDS {
        if let Some(k) = rules.kind_by_letter(letter).filter(|&k| k < MAX_KINDS) {
            odds[k] = ratio;
        }
    }
    odds
}

/// The factor on every square's Bomb odds, once raised to the power `beta`, that keeps the
/// expected number of Bombs over the `squares` setup squares what it was: without it a
/// sharper placement would also be a placement with fewer Bombs (every chance below one
/// half shrinks), and pieces seen to move would argue for it.
fn bomb_scale(squares: usize, odds: &dyn Fn(usize) -> f64, beta: f64) -> f64 {
    let bombs = |scale: f64| -> f64 {
        (0..squares)
            .map(|i| {
                let o = scale * odds(i).powf(beta);
                o / (1.0 + o)
            })
            .sum()
    };
    let target = (0..squares).map(|i| odds(i) / (1.0 + odds(i))).sum::<f64>();
    // The expected count grows with the scale: bisect on its logarithm.
    let (mut low, mut high) = (-40.0f64, 40.0f64);
    for _ in 0..60 {
        let mid = (low + high) / 2.0;
        if bombs(mid.exp()) < target {
            low = mid;
        } else {
            high = mid;
        }
    }
    ((low + high) / 2.0).exp()
}

/// How likely each of the [`SHARPNESS`] levels is, from every piece whose square the enemy
/// has shown something about: for each, the chance that the piece's square held a kind it
/// could be (the one it is, or any that moves), at each level. The product of those chances
/// is the likelihood of a level, times its chance beforehand.
fn sharpness_posterior(
    shown: impl Iterator<Item = [f64; SHARPNESS.len()]>,
) -> [f64; SHARPNESS.len()] {
    let mut log = SHARPNESS.map(|(_, before)| before.ln());
    for chances in shown {
        for (l, c) in log.iter_mut().zip(chances) {
            *l += c.max(1e-300).ln();
        }
    }
    let top = log.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut post = log.map(|l| (l - top).exp());
    let total: f64 = post.iter().sum();
    post.iter_mut().for_each(|p| *p /= total);
    post
}

/// Where `sq` lies in `owner`'s setup: row from the front, column from the owner's left.
pub(super) fn setup_coordinates(
    rules: &Rules,
    owner: Color,
    sq: crate::board::Square,
) -> Option<(usize, usize)> {
    let g = rules.geometry();
    (0..g.home_rows()).find_map(|r| {
        (0..g.width()).find_map(|c| {
            (g.home_square(owner, r, c) == Some(sq)).then_some((r as usize, c as usize))
        })
    })
}

/// One assignment of kinds, and which pieces the swaps may touch.
struct Chain {
    kinds: Vec<usize>,
    free: Vec<usize>,
    /// The kinds exactly one free piece holds, which [`Chain::relocate`] moves in turn
    /// (swaps keep the counts, so this never changes).
    lone: Vec<usize>,
    /// Which of `lone` the next relocation moves.
    turn: usize,
    /// The swap ratios of one relocation, kept to spare an allocation per move.
    ratios: Vec<f64>,
}

impl Chain {
    /// A first assignment: the view's sequential draw, weighted.
    fn start(view: &View, belief: &Belief, rng: &mut Rng) -> Chain {
        let (kinds, free) = view.draw_kinds(rng, &|i, k| belief.weights[i][k]);
        let mut held = [0usize; MAX_KINDS];
        for &i in &free {
            if let Some(h) = held.get_mut(kinds[i]) {
                *h += 1;
            }
        }
        let lone = (0..MAX_KINDS).filter(|&k| held[k] == 1).collect();
        Chain {
            kinds,
            free,
            lone,
            turn: 0,
            ratios: Vec::new(),
        }
    }

    /// `sweeps` sweeps, each of `free` proposals to swap the kinds of two free pieces, each
    /// accepted with the Metropolis ratio (swaps keep the counts, so the chain stays
    /// consistent), then one [`Chain::relocate`] of the next lone kind.
    fn sweep(&mut self, belief: &Belief, rng: &mut Rng, sweeps: usize) {
        let n = self.free.len();
        if n < 2 {
            return;
        }
        let w = &belief.weights;
        for _ in 0..sweeps {
            for _ in 0..n {
                let i = self.free[rng.below(n)];
                let j = self.free[rng.below(n)];
                let (ki, kj) = (self.kinds[i], self.kinds[j]);
                if ki == kj || ki >= MAX_KINDS || kj >= MAX_KINDS {
                    continue;
                }
                let mut after = w[i][kj] * w[j][ki];
                if after <= 0.0 {
                    continue;
                }
                let before = w[i][ki] * w[j][kj];
                after *= belief.swap_link_ratio(i, j, &self.kinds);
                if after >= before || rng.unit() * before < after {
                    self.kinds.swap(i, j);
                }
            }
            if !self.lone.is_empty() && std::env::var("NORELOC").is_err() {
                let kind = self.lone[self.turn % self.lone.len()];
                self.turn += 1;
                self.relocate(belief, rng, kind);
            }
        }
    }

    /// Moves the one free piece's lone `kind` to a partner drawn in proportion to how
    /// likely the swap with each makes the assignment, accepted with the Metropolis–Hastings
    /// correction for the two neighbourhoods' totals. A random swap reaches the one piece
    /// where the kind belongs only when that very pair is proposed, among 24 hidden pieces
    /// once in 12 sweeps; this draws its place in one move, at the cost of two sweeps.
    fn relocate(&mut self, belief: &Belief, rng: &mut Rng, kind: usize) {
        let Some(&i) = self.free.iter().find(|&&p| self.kinds[p] == kind) else {
            return;
        };
        let mut ratios = std::mem::take(&mut self.ratios);
        let total = self.swap_ratios(belief, i, &mut ratios);
        let pick = total.and_then(|_| rng.weighted(&ratios));
        if let (Some(total), Some(pick)) = (total, pick) {
            let (j, ratio) = (self.free[pick], ratios[pick]);
            if j != i {
                self.kinds.swap(i, j);
                // Back where it was unless accepted with min(1, S(x) / (r · S(y))).
                match self.swap_ratios(belief, j, &mut ratios) {
                    Some(back) if rng.unit() * ratio * back < total => {}
                    _ => self.kinds.swap(i, j),
                }
            }
        }
        self.ratios = ratios;
    }

    /// For each free piece, how much likelier the assignment becomes if it swaps kinds with
    /// piece `i` (1 for `i` itself), into `ratios`; their sum, or `None` where the present
    /// assignment has no weight to compare with.
    fn swap_ratios(&self, belief: &Belief, i: usize, ratios: &mut Vec<f64>) -> Option<f64> {
        let w = &belief.weights;
        let ki = self.kinds[i];
        ratios.clear();
        let mut total = 0.0;
        for &j in &self.free {
            let kj = self.kinds[j];
            let ratio = if kj == ki {
                1.0
            } else if kj >= MAX_KINDS {
                0.0
            } else {
                let before = w[i][ki] * w[j][kj];
                if before <= 0.0 {
                    return None;
                }
                let after = w[i][kj] * w[j][ki];
                if after > 0.0 {
                    after / before * belief.swap_link_ratio(i, j, &self.kinds)
                } else {
                    0.0
                }
            };
            ratios.push(ratio);
            total += ratio;
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Setup;
    use std::sync::Arc;

    fn classic_view() -> View {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let setup: Setup = "B25424222B/64X8592745/363FS36B22/7B837B63B5"
            .parse()
            .unwrap();
        View::new(rules, Color::Red, &setup, None, Color::Red).unwrap()
    }

    /// The unnormalised probability of a whole assignment: the product of the pieces'
    /// weights and of every link's factor (each link counted once, from its first square).
    fn assignment_weight(belief: &Belief, kinds: &[usize]) -> f64 {
        let mut p: f64 = kinds
            .iter()
            .enumerate()
            .map(|(i, &k)| belief.weights[i][k])
            .product();
        for (i, links) in belief.links.iter().enumerate() {
            for &(j, table, _) in links.iter().filter(|l| l.2) {
                p *= f64::from(belief.tables[table][kinds[i]][kinds[j]]);
            }
        }
        p
    }

    /// Adds the weight of every completion of `kinds` (one kind per enemy piece, in order)
    /// from the counts `left` to the sums of the kinds it gives each piece.
    fn enumerate(
        belief: &Belief,
        kinds: &mut Vec<usize>,
        left: &mut [usize],
        sums: &mut Vec<[f64; MAX_KINDS]>,
    ) {
        if kinds.len() == belief.weights.len() {
            let p = assignment_weight(belief, kinds);
            for (s, &k) in sums.iter_mut().zip(kinds.iter()) {
                s[k] += p;
            }
            return;
        }
        for k in 0..left.len() {
            if left[k] > 0 {
                left[k] -= 1;
                kinds.push(k);
                enumerate(belief, kinds, left, sums);
                kinds.pop();
                left[k] += 1;
            }
        }
    }

    /// The chain, swaps and relocations of lone kinds together, against the exact
    /// marginals of a Barrage army (8 pieces, 6 of them lone kinds: 20,160 assignments),
    /// with uneven weights and links between neighbours. A relocation accepted without its
    /// Hastings correction misses by about 0.03; swaps alone, by 0.009.
    #[test]
    fn the_chain_draws_each_kind_where_the_exact_sum_over_assignments_puts_it() {
        let rules = Arc::new(Rules::preset("barrage").unwrap());
        let setup = crate::setups::generate(&rules, &mut Rng::new(1));
        let theirs = crate::setups::generate(&rules, &mut Rng::new(2));
        let g = rules.geometry();
        let squares = (0..theirs.rows().len())
            .flat_map(|r| (0..theirs.rows()[r].len()).map(move |c| (r, c)))
            .filter(|&(r, c)| theirs.rows()[r][c].is_some())
            .filter_map(|(r, c)| g.home_square(Color::Blue, r as u8, c as u8))
            .collect();
        let view = View::new(
            Arc::clone(&rules),
            Color::Red,
            &setup,
            Some(squares),
            Color::Red,
        )
        .unwrap();
        let mut belief = Belief::new(&view, Evidence::ALL);
        let n = belief.weights.len();
        let kinds = rules.kinds().len();
        let mut rng = Rng::new(11);
        for w in &mut belief.weights {
            for x in w.iter_mut().take(kinds) {
                *x = 0.05 + 4.0 * rng.unit() * rng.unit();
            }
        }
        for (a, b) in [(0, 1), (1, 2), (3, 4), (5, 7)] {
            let mut table = [[1.0f32; MAX_KINDS]; MAX_KINDS];
            for row in table.iter_mut().take(kinds) {
                for x in row.iter_mut().take(kinds) {
                    *x = 0.2 + 3.0 * rng.unit() as f32;
                }
            }
            belief.tables.push(table);
            belief.links[a].push((b, belief.tables.len() - 1, true));
            belief.links[b].push((a, belief.tables.len() - 1, false));
        }
        let mut left: Vec<usize> = rules.kinds().iter().map(|k| k.count as usize).collect();
        let mut exact = vec![[0.0; MAX_KINDS]; n];
        enumerate(&belief, &mut Vec::new(), &mut left, &mut exact);
        let total: f64 = exact[0].iter().sum();
        let drawn = belief.marginals(&view, &mut Rng::new(5), 40_000);
        let mut worst = 0.0f64;
        for (e, d) in exact.iter().zip(&drawn) {
            for k in 0..kinds {
                worst = worst.max((e[k] / total - d[k]).abs());
            }
        }
        assert!(worst < 0.015, "{worst}");
    }

    #[test]
    fn every_draw_fits_the_counts() {
        let view = classic_view();
        let belief = Belief::new(&view, Evidence::ALL);
        let marginals = belief.marginals(&view, &mut Rng::new(3), 300);
        for (k, kind) in view.rules().kinds().iter().enumerate() {
            let expected: f64 = marginals.iter().map(|m| m[k]).sum();
            assert!(
                (expected - kind.count as f64).abs() < 1e-6,
                "{}: {expected}",
                kind.name
            );
        }
    }

    #[test]
    fn the_setup_prior_puts_the_flag_behind_and_it_can_be_switched_off() {
        let view = classic_view();
        let flag = view.rules().kind_by_letter('F').unwrap();
        let g = view.rules().geometry();
        let flag_row = |evidence, row_from_front: u8| -> f64 {
            let marginals = Belief::new(&view, evidence).marginals(&view, &mut Rng::new(5), 2000);
            (0..g.width())
                .filter_map(|c| g.home_square(Color::Blue, row_from_front, c))
                .map(|sq| {
                    let i = view
                        .enemy_pieces()
                        .iter()
                        .position(|p| p.square == Some(sq))
                        .unwrap();
                    marginals[i][flag]
                })
                .sum()
        };
        assert!(
            flag_row(Evidence::ALL, 3) > 0.6,
            "{}",
            flag_row(Evidence::ALL, 3)
        );
        assert!(flag_row(Evidence::ALL, 0) < 0.05);
        let uniform = flag_row(Evidence::NONE, 3);
        assert!((uniform - 0.25).abs() < 0.08, "{uniform}");
    }

    /// `view` after the enemy showed Bombs on the 1st, 3rd, 5th and 7th of its setup squares
    /// by how often people put Bombs there (most often first, or least often when `habitual`
    /// is false) and moved the pieces of the 12 squares at the other end; the squares in
    /// that order; and how likely each sharpness level is then.
    fn shown(habitual: bool) -> (View, Vec<usize>, [f64; SHARPNESS.len()]) {
        let mut view = classic_view();
        let bomb = view.rules().kind_by_letter('B').unwrap();
        let flag = view.rules().kind_by_letter('F').unwrap();
        let people = Belief::new(
            &view,
            Evidence {
                setups: true,
                ..Evidence::NONE
            },
        );
        let share = |i: usize| people.weights[i][bomb] / people.weights[i].iter().sum::<f64>();
        let mut order: Vec<usize> = (0..view.enemy.len()).collect();
        order.sort_by(|&a, &b| share(b).total_cmp(&share(a)));
        if !habitual {
            order.reverse();
        }
        for &i in order.iter().take(8).step_by(2) {
            view.enemy[i].possible = 1 << bomb;
        }
        for &i in &order[order.len() - 12..] {
            view.enemy[i].moved = true;
            view.enemy[i].possible &= !(1 << bomb | 1 << flag);
        }
        let post = Belief::new(&view, Evidence::ALL).sharpness.unwrap();
        (view, order, post)
    }

    /// The mean sharpness level of a distribution over the levels.
    fn mean_level(chances: impl Iterator<Item = f64>) -> f64 {
        SHARPNESS.iter().zip(chances).map(|((s, _), p)| s * p).sum()
    }

    #[test]
    fn bombs_where_people_most_often_put_them_make_the_placement_look_sharp() {
        let before = mean_level(SHARPNESS.iter().map(|(_, p)| *p));
        let (view, order, post) = shown(true);
        assert!(mean_level(post.into_iter()) > before + 0.3, "{post:?}");
        assert!(post[0] < SHARPNESS[0].1 / 2.0, "{post:?}");
        // And the unmoved pieces where people put Bombs most often are more likely Bombs
        // than people's frequencies alone would say.
        let bomb = view.rules().kind_by_letter('B').unwrap();
        let chance = |evidence: Evidence| {
            let belief = Belief::new(&view, evidence);
            let marginals = belief.marginals(&view, &mut Rng::new(9), 2000);
            marginals[order[1]][bomb]
        };
        let flat = chance(Evidence {
            sharpness: false,
            ..Evidence::ALL
        });
        let sharp = chance(Evidence::ALL);
        assert!(sharp > flat + 0.03, "{sharp} against {flat}");
    }

    #[test]
    fn bombs_where_people_seldom_put_them_keep_the_placement_as_people_have_it() {
        let (_, _, post) = shown(false);
        assert!(post[0] > 0.9, "{post:?}");
        let (_, _, sharp) = shown(true);
        assert!(
            post[0] > sharp[0] && post[1] < sharp[1],
            "{post:?} {sharp:?}"
        );
    }

    #[test]
    fn with_nothing_shown_the_levels_keep_their_chances_beforehand() {
        let post = Belief::new(&classic_view(), Evidence::ALL)
            .sharpness
            .unwrap();
        for ((_, before), after) in SHARPNESS.iter().zip(post) {
            assert!((before - after).abs() < 1e-12);
        }
        let off = Evidence {
            sharpness: false,
            ..Evidence::ALL
        };
        assert!(Belief::new(&classic_view(), off).sharpness.is_none());
    }

    /// The share of the Flag's neighbours (in its owner's setup) that are Bombs.
    fn bombs_around_the_flag(grids: impl Iterator<Item = Vec<Vec<Option<char>>>>) -> f64 {
        let (mut bombs, mut neighbours) = (0usize, 0usize);
        for grid in grids {
            let at = |r: usize, c: usize| grid.get(r).and_then(|row| row.get(c)).copied();
            for (r, row) in grid.iter().enumerate() {
                for (c, _) in row.iter().enumerate().filter(|(_, l)| **l == Some('F')) {
                    let around = [
                        (r + 1, c),
                        (r, c + 1),
                        (r.wrapping_sub(1), c),
                        (r, c.wrapping_sub(1)),
                    ];
                    for letter in around.iter().filter_map(|&(r, c)| at(r, c).flatten()) {
                        neighbours += 1;
                        bombs += usize::from(letter == 'B');
                    }
                }
            }
        }
        bombs as f64 / neighbours.max(1) as f64
    }

    #[test]
    fn the_links_put_bombs_around_the_flag_as_often_as_people_do() {
        let view = classic_view();
        let rules = view.rules();
        let people = bombs_around_the_flag(
            crate::setups::human_setups(rules)
                .iter()
                .map(|s| s.rows().to_vec()),
        );
        // The enemy's setups as the chain draws them, read back into grids by start square.
        let drawn = |evidence| {
            let belief = Belief::new(&view, evidence);
            let mut rng = Rng::new(9);
            let mut chain = Chain::start(&view, &belief, &mut rng);
            chain.sweep(&belief, &mut rng, SWAP_SWEEPS);
            let grids: Vec<Vec<Vec<Option<char>>>> = (0..1500)
                .map(|_| {
                    chain.sweep(&belief, &mut rng, 20);
                    let mut grid = vec![vec![None; 10]; 4];
                    for (p, &k) in view.enemy_pieces().iter().zip(&chain.kinds) {
                        let start = p.start.unwrap();
                        let (r, c) = setup_coordinates(rules, Color::Blue, start).unwrap();
                        grid[r][c] = Some(rules.kind(k).letter);
                    }
                    grid
                })
                .collect();
            bombs_around_the_flag(grids.into_iter())
        };
        let squares_alone = drawn(Evidence {
            neighbours: false,
            ..Evidence::ALL
        });
        let linked = drawn(Evidence::ALL);
        // People: 0.57; the squares alone: 0.25; with the links: 0.66. The links overshoot:
        // their product counts some evidence twice (see `LINK_STRENGTH`). One chain's 1,500
        // draws 2 sweeps apart read 0.64 to 0.67 over three seeds with swaps alone, 0.65 to
        // 0.72 with relocations; 20 sweeps apart, 0.66 to 0.67 with either.
        assert!(people > 0.4, "{people}");
        assert!(
            squares_alone < people - 0.2,
            "{squares_alone} against {people}"
        );
        assert!((linked - people).abs() < 0.12, "{linked} against {people}");
    }

    /// Marks the enemy piece on the fourth square of the front row from its owner's left
    /// (beside a lake, where people put the Spy about 4 % of the time) as moved,
    /// unidentified (no Bomb nor Flag), and gives its index. (In the middle of the row the
    /// Spy's chance is about 0.0003, too small for a few thousand draws to measure.)
    fn moved_front_piece(view: &mut View, rules: &Rules) -> usize {
        let i = view
            .enemy_pieces()
            .iter()
            .position(|p| p.square == rules.geometry().home_square(Color::Blue, 0, 3))
            .unwrap();
        let k = |l| rules.kind_by_letter(l).unwrap();
        view.enemy[i].moved = true;
        view.enemy[i].possible &= !(1 << k('B') | 1 << k('F'));
        i
    }

    #[test]
    fn a_piece_seen_to_move_unseen_is_less_often_a_scout_or_spy_and_more_often_a_marshal() {
        let mut view = classic_view();
        let rules = Rules::preset("classic").unwrap();
        let k = |l| rules.kind_by_letter(l).unwrap();
        let i = moved_front_piece(&mut view, &rules);
        let chance = |evidence: Evidence, l: char| {
            let marginals = Belief::new(&view, evidence).marginals(&view, &mut Rng::new(4), 3000);
            marginals[i][k(l)]
        };
        let without = Evidence {
            behaviour: false,
            ..Evidence::ALL
        };
        for (l, less) in [('2', true), ('S', true), ('X', false)] {
            let (before, after) = (chance(without, l), chance(Evidence::ALL, l));
            assert!(
                if less {
                    after < before * 0.8
                } else {
                    after > before * 1.2
                },
                "{l}: {before} without the mover's odds, {after} with them"
            );
        }
    }

    #[test]
    fn a_piece_that_hovers_around_our_identified_marshal_is_likely_the_spy() {
        let mut view = classic_view();
        let rules = Rules::preset("classic").unwrap();
        let k = |l| rules.kind_by_letter(l).unwrap();
        let sq = |name: &str| name.parse::<crate::board::Square>().unwrap();
        let i = moved_front_piece(&mut view, &rules);
        // Our Marshal stands on c3; until the enemy knows it, moves near it say nothing.
        assert_eq!(view.stalk_band(i, sq("d5"), sq("c5")), None);
        let marshal = view.own.iter().position(|p| p.kind == k('X')).unwrap();
        assert_eq!(view.own[marshal].square, Some(sq("c3")));
        view.own[marshal].revealed = true;
        let spy = k('S');
        for (from, to, band) in [
            ("d5", "c5", 0), // two steps away, one closer
            ("c5", "d4", 1), // still two steps away
            ("c5", "d5", 2), // three steps away
            ("h7", "h8", 3), // far
        ] {
            assert_eq!(
                view.stalk_band(i, sq(from), sq(to)),
                Some((band, spy)),
                "{from}{to}"
            );
        }
        let chance = |view: &View| {
            Belief::new(view, Evidence::ALL).marginals(view, &mut Rng::new(5), 3000)[i][spy]
        };
        let before = chance(&view);
        view.enemy[i].stalking = [2, 0, 1, 0];
        view.enemy[i].stalked = 1 << spy;
        let near = chance(&view);
        let unheeded = Belief::new(&view, Evidence::ALL.with_stalking(false)).marginals(
            &view,
            &mut Rng::new(5),
            3000,
        )[i][spy];
        assert_eq!(unheeded, before, "without the option the moves say nothing");
        view.enemy[i].stalking = [0, 0, 0, 3];
        let far = chance(&view);
        assert!(
            near > before * 5.0,
            "{before} before, {near} after two close moves"
        );
        assert!(
            far < before * 0.5,
            "{before} before, {far} after three far moves"
        );
        assert_eq!(stalk_factor(&[9, 0, 0, 0]), STALK_BOUNDS.1);
    }

    /// Standing still with a free square beside it speaks against a movable kind, more
    /// the longer it lasts, and not at all before the first such turn.
    #[test]
    fn stillness_weighs_ever_more_against_the_movable_kinds() {
        assert_eq!(still_factor(0), 1.0);
        let factors: Vec<f64> = [1, 5, 25, 100, 400].map(still_factor).to_vec();
        assert!(factors.windows(2).all(|w| w[1] < w[0]), "{factors:?}");
        assert!(factors[0] < 1.0 && factors[4] > 0.0, "{factors:?}");
    }

    /// A front-row piece that stood still for 100 free turns is more likely a Bomb than the
    /// same piece fresh, with the counts still kept, and not at all without behaviour.
    #[test]
    fn a_piece_that_never_moved_is_more_likely_a_bomb() {
        let mut view = classic_view();
        let bomb = view.rules().kind_by_letter('B').unwrap();
        let front = view
            .enemy
            .iter()
            .position(|p| p.square.is_some_and(|sq| sq.row() == 6))
            .unwrap();
        let chance = |view: &View, evidence| {
            Belief::new(view, evidence).marginals(view, &mut Rng::new(6), 3000)[front][bomb]
        };
        let fresh = chance(&view, Evidence::ALL);
        view.enemy[front].idle = 100;
        let still = chance(&view, Evidence::ALL);
        assert!(still > 2.0 * fresh, "fresh {fresh}, still {still}");
        let blind = Evidence {
            behaviour: false,
            ..Evidence::ALL
        };
        let unheeded = chance(&view, blind);
        view.enemy[front].idle = 0;
        assert_eq!(unheeded, chance(&view, blind));
    }

    #[test]
    fn behaviour_favours_the_kinds_that_beat_what_was_approached() {
        let rules = Rules::preset("classic").unwrap();
        let k = |l| rules.kind_by_letter(l).unwrap();
        let approached = 1 << k('8');
        assert_eq!(
            behaviour_factor(&rules, k('9'), approached, 0),
            APPROACH_WEIGHT
        );
        assert_eq!(behaviour_factor(&rules, k('7'), approached, 0), 1.0);
        let fled = 1 << k('8');
        assert_eq!(behaviour_factor(&rules, k('7'), 0, fled), FLEE_WEIGHT);
        assert_eq!(behaviour_factor(&rules, k('X'), 0, fled), 1.0);
    }

    /// A piece that left our identified Colonel and Spy alone beside it is less likely each
    /// kind that would have won attacking them, by [`DECLINE_WEIGHT`] a turn, for at most
    /// [`DECLINE_TURNS`] turns, unless ours is worth less than half that kind; Bombs and
    /// the Flag cannot attack.
    #[test]
    fn declining_speaks_against_the_kinds_that_would_have_won() {
        let rules = Rules::preset("classic").unwrap();
        let k = |l| rules.kind_by_letter(l).unwrap();
        let mut declined = [0u8; MAX_KINDS];
        declined[k('8')] = 1;
        declined[k('S')] = 2;
        let weight = |turns: u32| DECLINE_WEIGHT.powi(turns as i32);
        let near = |a: f64, b: f64| assert!((a - b).abs() < 1e-12, "{a} against {b}");
        // A General beats both, but would not show itself for a Spy (120 against 320).
        near(decline_factor(&rules, k('9'), &declined), weight(1));
        // A Marshal (450) would not for either; a Major beats the Spy alone.
        assert_eq!(decline_factor(&rules, k('X'), &declined), 1.0);
        near(decline_factor(&rules, k('7'), &declined), weight(2));
        assert_eq!(decline_factor(&rules, k('B'), &declined), 1.0);
        assert_eq!(decline_factor(&rules, k('F'), &declined), 1.0);
        declined[k('8')] = 40;
        near(
            decline_factor(&rules, k('9'), &declined),
            weight(DECLINE_TURNS),
        );
        assert_eq!(decline_factor(&rules, k('9'), &[0; MAX_KINDS]), 1.0);
    }
}
