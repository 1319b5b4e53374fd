//! The engine's own setups: drawn from human setups played on Gravon where the variant is
//! classic or Barrage with the standard counts, random with the Flag in the back rows
//! otherwise.

use std::sync::OnceLock;

use crate::board::{Color, Setup};
use crate::rng::Rng;
use crate::rules::{BattleRole, Rules};

/// Every 4th classic setup of the Gravon corpus (see the file's first line for its source).
const CLASSIC: &str = include_str!("../data/classic-setups.txt");
/// Every Barrage setup of the Gravon corpus.
const BARRAGE: &str = include_str!("../data/barrage-setups.txt");

/// The lines of a corpus that read as setups.
fn corpus(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

/// Each corpus, parsed once.
fn parsed(index: usize) -> &'static [Setup] {
    static PARSED: [OnceLock<Vec<Setup>>; 2] = [OnceLock::new(), OnceLock::new()];
    PARSED[index].get_or_init(|| {
        corpus([CLASSIC, BARRAGE][index])
            .filter_map(|l| Setup::from_gravon(l).ok())
            .collect()
    })
}

/// The human setups that fit `rules` (none when the board or the counts differ).
pub fn human_setups(rules: &Rules) -> &'static [Setup] {
    for index in 0..2 {
        let book = parsed(index);
        if book
            .first()
            .is_some_and(|s| s.check(rules, Color::Red).is_ok())
        {
            return book;
        }
    }
    &[]
}

/// A setup for `rules`: a human one when the corpus fits the variant (mirrored half of the
/// time), else a random one with the Flag in the two back rows.
pub fn generate(rules: &Rules, rng: &mut Rng) -> Setup {
    let book = human_setups(rules);
    if !book.is_empty() {
        let s = &book[rng.below(book.len())];
        return if rng.below(2) == 0 {
            s.clone()
        } else {
            s.mirrored()
        };
    }
    random_with_flag_behind(rules, rng)
}

/// A random setup whose Flags stand in the two back rows (as Probe's random setups).
pub fn random_with_flag_behind(rules: &Rules, rng: &mut Rng) -> Setup {
    let rows = rules.geometry().home_rows() as usize;
    for _ in 0..1000 {
        let s = Setup::random(rules, rng);
        let flags_behind = s.rows().iter().enumerate().all(|(r, row)| {
            r + 2 >= rows
                || row.iter().all(|c| {
                    c.and_then(|l| rules.kind_by_letter(l))
                        .is_none_or(|k| rules.kind(k).role != BattleRole::Flag)
                })
        });
        if flags_behind {
            return s;
        }
    }
    Setup::random(rules, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpus_setups_fit_their_variants_and_vary() {
        for variant in ["classic", "barrage", "probe-classic"] {
            let rules = Rules::preset(variant).unwrap();
            assert!(human_setups(&rules).len() > 1000, "{variant}");
            let mut rng = Rng::new(1);
            let a = generate(&rules, &mut rng);
            let b = generate(&rules, &mut rng);
            assert!(a.check(&rules, Color::Red).is_ok() && a != b);
        }
        for variant in ["duel", "probe-blitz", "probe-enhanced"] {
            let rules = Rules::preset(variant).unwrap();
            assert!(human_setups(&rules).is_empty());
            let s = generate(&rules, &mut Rng::new(2));
            assert!(s.check(&rules, Color::Blue).is_ok());
            let flag = rules.kind_by_letter('F').unwrap();
            let front: Vec<_> = s.rows()[..2].iter().flatten().collect();
            assert!(
                !front.contains(&&Some(rules.kind(flag).letter)),
                "{variant}: {s}"
            );
        }
    }
}
