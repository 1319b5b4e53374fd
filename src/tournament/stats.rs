//! Match statistics as cutechess and fastchess print them: score, Elo with its error
//! margin, likelihood of superiority, pentanomial counts of game pairs, and SPRT.

use std::fmt;

/// Results from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// Pairs (the two games with the same setups) scoring 0, 0.5, 1, 1.5 and 2 points.
    pub pentanomial: [u64; 5],
}

impl Score {
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// Adds one game (points for the first engine: 0, 1 or 2 half-points).
    pub fn add_game(&mut self, half_points: u8) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Adds a finished pair (half-points of its two games together, 0 to 4).
    pub fn add_pair(&mut self, half_points: u8) {
        self.pentanomial[half_points.min(4) as usize] += 1;
    }

    /// Merges another shard's counts.
    pub fn merge(&mut self, other: &Score) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
        for (a, b) in self.pentanomial.iter_mut().zip(other.pentanomial) {
            *a += b;
        }
    }

    /// The mean score per game, 0 to 1.
    pub fn ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Elo difference and its 95% error margin, from the game results.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let s = self.ratio();
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let margin = 1.959_964 * (var / n).sqrt();
        let (lo, hi) = (elo_of(s - margin), elo_of(s + margin));
        (elo_of(s), (hi - lo) / 2.0)
    }

    /// Likelihood of superiority, 0 to 1.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            self.draws as f64 / n as f64
        }
    }
}

/// Elo difference for a mean score.
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The mean score of an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

/// A sequential probability ratio test between two Elo hypotheses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// The SPRT's variance of the pair scores is the measured one shrunk toward
/// [`PRIOR_VARIANCE`] as if [`PRIOR_PAIRS`] pairs more had shown it. Measured alone, a few
/// pairs that scored alike have a variance near 0 and the ratio explodes (two pairs lost
/// 0-2 accepted H0 of `elo0=-25 elo1=5`), and pairs that all scored the same have none, so
/// that an engine that crashed in every game kept the match going to its last game.
const PRIOR_PAIRS: f64 = 2.0;
/// Near what matches between engines show (self-play at 50 ms a move: 0.126).
const PRIOR_VARIANCE: f64 = 0.125;

/// What an SPRT says now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtState {
    Continue,
    H0,
    H1,
}

impl Sprt {
    /// Parses `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any order, all four needed).
    pub fn parse<S: AsRef<str>>(tokens: &[S]) -> Result<Sprt, String> {
        let mut v = [None; 4];
        for t in tokens {
            let t = t.as_ref();
            let (k, x) = t
                .split_once('=')
                .ok_or_else(|| format!("'{t}' is not key=value"))?;
            let x: f64 = x.parse().map_err(|_| format!("'{t}': not a number"))?;
            let i = ["elo0", "elo1", "alpha", "beta"]
                .iter()
                .position(|&n| n == k)
                .ok_or_else(|| format!("unknown SPRT parameter '{k}'"))?;
            v[i] = Some(x);
        }
        match v {
            [Some(elo0), Some(elo1), Some(alpha), Some(beta)]
                if elo0 < elo1 && alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5 =>
            {
                Ok(Sprt {
                    elo0,
                    elo1,
                    alpha,
                    beta,
                })
            }
            _ => Err(
                "SPRT needs elo0<elo1 and 0<alpha,beta<0.5: elo0=… elo1=… alpha=… beta=…".into(),
            ),
        }
    }

    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio from the pentanomial pair counts (the normal approximation
    /// fishtest uses: N·(s1−s0)·(2·m − s0 − s1) / (2·v), m and v the mean and variance of the
    /// pair scores).
    pub fn llr(&self, score: &Score) -> f64 {
        let pairs: u64 = score.pentanomial.iter().sum();
        if pairs == 0 {
            return 0.0;
        }
        let n = pairs as f64;
        let xs = [0.0, 0.25, 0.5, 0.75, 1.0];
        let mean: f64 = score
            .pentanomial
            .iter()
            .zip(xs)
            .map(|(&c, x)| c as f64 * x)
            .sum::<f64>()
            / n;
        let var: f64 = score
            .pentanomial
            .iter()
            .zip(xs)
            .map(|(&c, x)| c as f64 * (x - mean).powi(2))
            .sum::<f64>()
            / n;
        let var = (n * var + PRIOR_PAIRS * PRIOR_VARIANCE) / (n + PRIOR_PAIRS);
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    pub fn state(&self, score: &Score) -> SprtState {
        let llr = self.llr(score);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::H1
        } else if llr <= lo {
            SprtState::H0
        } else {
            SprtState::Continue
        }
    }
}

/// The lines printed after every game.
pub struct Report<'a> {
    pub names: [&'a str; 2],
    pub score: &'a Score,
    pub sprt: Option<&'a Sprt>,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.score;
        writeln!(
            f,
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.names[0],
            self.names[1],
            s.wins,
            s.losses,
            s.draws,
            s.ratio(),
            s.games()
        )?;
        let (elo, margin) = s.elo();
        writeln!(
            f,
            "Elo difference: {elo:.1} +/- {margin:.1}, LOS: {:.1} %, DrawRatio: {:.1} %",
            s.los() * 100.0,
            s.draw_ratio() * 100.0
        )?;
        write!(
            f,
            "Ptnml(0-2): [{}, {}, {}, {}, {}]",
            s.pentanomial[0],
            s.pentanomial[1],
            s.pentanomial[2],
            s.pentanomial[3],
            s.pentanomial[4]
        )?;
        if let Some(sprt) = self.sprt {
            let llr = sprt.llr(s);
            let (lo, hi) = sprt.bounds();
            let verdict = match sprt.state(s) {
                SprtState::H1 => " - H1 was accepted",
                SprtState::H0 => " - H0 was accepted",
                SprtState::Continue => "",
            };
            write!(
                f,
                "\nSPRT: llr {llr:.2} ({:.1}%), lbound {lo:.2}, ubound {hi:.2}{verdict}",
                llr / hi * 100.0
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_los_are_symmetric_and_sane() {
        let mut s = Score::default();
        for _ in 0..60 {
            s.add_game(2);
        }
        for _ in 0..40 {
            s.add_game(0);
        }
        let (elo, margin) = s.elo();
        assert!((elo - 70.4).abs() < 0.1, "{elo}");
        assert!(margin > 50.0 && margin < 90.0, "{margin}");
        assert!(s.los() > 0.97 && s.los() < 0.99, "{}", s.los());
        assert!((elo_of(score_of(123.0)) - 123.0).abs() < 1e-9);
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
    }

    #[test]
    fn sprt_accepts_the_right_hypothesis() {
        let sprt = Sprt::parse(&["elo0=0", "elo1=10", "alpha=0.05", "beta=0.05"]).unwrap();
        let (lo, hi) = sprt.bounds();
        assert!((hi - 2.944).abs() < 0.01 && (lo + 2.944).abs() < 0.01);
        let strong = Score {
            pentanomial: [50, 200, 400, 300, 150],
            ..Score::default()
        };
        assert_eq!(sprt.state(&strong), SprtState::H1);
        let weak = Score {
            pentanomial: [150, 300, 400, 200, 50],
            ..Score::default()
        };
        assert_eq!(sprt.state(&weak), SprtState::H0);
        // Pairs that all scored the same still decide, though not after a few.
        let same = |bin: usize, pairs: u64| {
            let mut pentanomial = [0; 5];
            pentanomial[bin] = pairs;
            sprt.state(&Score {
                pentanomial,
                ..Score::default()
            })
        };
        assert_eq!(same(0, 5), SprtState::Continue);
        assert_eq!(same(0, 12), SprtState::H0);
        assert_eq!(same(4, 5), SprtState::Continue);
        assert_eq!(same(4, 12), SprtState::H1);
        let wide = Sprt::parse(&["elo0=-25", "elo1=5", "alpha=0.05", "beta=0.05"]).unwrap();
        let lost = |pairs| Score {
            pentanomial: [pairs, 0, 0, 0, 0],
            ..Score::default()
        };
        assert_eq!(wide.state(&lost(2)), SprtState::Continue);
        assert!(Sprt::parse(&["elo0=5", "elo1=0", "alpha=0.05", "beta=0.05"]).is_err());
    }
}
