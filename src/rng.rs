//! A small seeded random number generator.
//!
//! Every random choice in Stratagem flows from a seed. The generator is written here rather
//! than taken from `rand` so that a seed gives the same sequence on every platform and every
//! version of every dependency: games, setups and `bench` counts must be reproducible.

/// SplitMix64's mixing of `x` on its own, with no generator: unrelated outputs for distinct
/// inputs, so that the exclusive or of a few dozen of them (squares, pieces on squares) tells
/// sets apart without a table of keys.
pub fn fingerprint(x: u64) -> u64 {
    let mut z = x.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast and good enough for games.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), by Lemire's multiply-shift (bias below 2^-32 for the
    /// sizes used here).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A uniform number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index drawn with probability proportional to its weight (weights not negative);
    /// `None` when they sum to zero.
    pub fn weighted(&mut self, weights: &[f64]) -> Option<usize> {
        let mut pick = self.unit() * weights.iter().sum::<f64>();
        for (i, &w) in weights.iter().enumerate() {
            if pick < w {
                return Some(i);
            }
            pick -= w;
        }
        None
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_values_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..1000 {
            let x = a.below(13);
            assert_eq!(x, b.below(13));
            assert!(x < 13);
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn weighted_draws_follow_the_weights() {
        let mut rng = Rng::new(3);
        let mut counts = [0usize; 3];
        for _ in 0..30_000 {
            counts[rng.weighted(&[1.0, 0.0, 3.0]).unwrap()] += 1;
        }
        assert_eq!(counts[1], 0);
        let share = counts[2] as f64 / 30_000.0;
        assert!((share - 0.75).abs() < 0.02, "{counts:?}");
        assert_eq!(rng.weighted(&[0.0, 0.0]), None);
        assert_eq!(rng.weighted(&[]), None);
    }
}
