//! Soft beliefs about the enemy's hidden ranks: a weight for every kind each enemy piece can
//! still be, from where people put each kind (the Gravon setups) and from how the piece
//! behaved, and whole armies drawn in proportion to the product of those weights.
//!
//! Marginals are never multiplied independently: every draw is a complete assignment that
//! fits the piece counts, and a Markov chain of swaps between two pieces (which keep the
//! counts) mixes it toward the distribution `P(assignment) ∝ Π weight(piece, kind)`.

use std::sync::OnceLock;

use super::{KindSet, View};
use crate::board::{Color, Setup};
use crate::rng::Rng;
use crate::rules::{Outcome, Rules};
use crate::search::params::{
    APPROACH_WEIGHT, DRAWS_PER_CHAIN, FLEE_WEIGHT, PRIOR_SMOOTHING, SWAP_SWEEPS,
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
}

impl SetupPrior {
    fn from_setups(setups: &[Setup]) -> Option<SetupPrior> {
        let first = setups.first()?;
        let rows = first.rows().len();
        let width = first.rows().first()?.len();
        let mut letters: Vec<char> = first.rows().iter().flatten().flatten().copied().collect();
        letters.sort_unstable();
        letters.dedup();
        let mut counts = vec![vec![0u32; letters.len()]; rows * width];
        for s in setups {
            for setup in [s.clone(), s.mirrored()] {
                for (r, row) in setup.rows().iter().enumerate().take(rows) {
                    for (c, letter) in row.iter().enumerate().take(width) {
                        if let Some(l) = letter.and_then(|l| letters.iter().position(|&x| x == l)) {
                            counts[r * width + c][l] += 1;
                        }
                    }
                }
            }
        }
        Some(SetupPrior {
            width,
            rows,
            letters,
            counts,
        })
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

/// What the evidence says of every enemy piece: `weights[piece][kind]`, zero for the kinds it
/// cannot be. Only ratios between the weights of one piece matter.
#[derive(Clone, Debug)]
pub struct Belief {
    pub weights: Vec<[f64; MAX_KINDS]>,
}

/// Which evidence a belief uses (the measurement compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// Where people put each kind.
    pub setups: bool,
    /// Approach and flight.
    pub behaviour: bool,
}

impl Evidence {
    pub const ALL: Evidence = Evidence {
        setups: true,
        behaviour: true,
    };
    pub const NONE: Evidence = Evidence {
        setups: false,
        behaviour: false,
    };
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
        let weights = view
            .enemy
            .iter()
            .map(|p| {
                let mut w = [0.0; MAX_KINDS];
                let cell = prior.and_then(|pr| {
                    let (r, c) = setup_coordinates(rules, them, p.start?)?;
                    (r < pr.rows && c < pr.width).then(|| &pr.counts[r * pr.width + c])
                });
                for (k, weight) in w.iter_mut().enumerate().take(kinds) {
                    if p.possible & (1 << k) == 0 {
                        continue;
                    }
                    *weight = match (cell, prior) {
                        (Some(counts), Some(pr)) => {
                            let letter = rules.kind(k).letter;
                            let n = pr
                                .letters
                                .iter()
                                .position(|&l| l == letter)
                                .map_or(0, |i| counts[i]);
                            n as f64 + PRIOR_SMOOTHING
                        }
                        _ => 1.0,
                    };
                    if evidence.behaviour {
                        *weight *= behaviour_factor(rules, k, p.approached, p.fled);
                    }
                }
                w
            })
            .collect();
        Belief { weights }
    }

    /// Kinds for every enemy piece (captured ones included), consistent with the counts and
    /// drawn in proportion to the weights.
    pub fn sample(&self, view: &View, rng: &mut Rng) -> Vec<usize> {
        let mut chain = Chain::start(view, self, rng);
        chain.sweep(self, rng, SWAP_SWEEPS);
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

/// Where `sq` lies in `owner`'s setup: row from the front, column from the owner's left.
fn setup_coordinates(
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
}

impl Chain {
    /// A first assignment: the view's sequential draw, weighted.
    fn start(view: &View, belief: &Belief, rng: &mut Rng) -> Chain {
        let (kinds, free) = view.draw_kinds(rng, &|i, k| belief.weights[i][k]);
        Chain { kinds, free }
    }

    /// `sweeps × free` proposals to swap the kinds of two free pieces, each accepted with the
    /// Metropolis ratio (swaps keep the counts, so the chain stays consistent).
    fn sweep(&mut self, belief: &Belief, rng: &mut Rng, sweeps: usize) {
        let n = self.free.len();
        if n < 2 {
            return;
        }
        let w = &belief.weights;
        for _ in 0..sweeps * n {
            let i = self.free[rng.below(n)];
            let j = self.free[rng.below(n)];
            let (ki, kj) = (self.kinds[i], self.kinds[j]);
            if ki == kj || ki >= MAX_KINDS || kj >= MAX_KINDS {
                continue;
            }
            let after = w[i][kj] * w[j][ki];
            if after <= 0.0 {
                continue;
            }
            let before = w[i][ki] * w[j][kj];
            if after >= before || rng.unit() * before < after {
                self.kinds.swap(i, j);
            }
        }
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
}
