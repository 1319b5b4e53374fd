//! Setups: one side's placement in its home zone, as its owner sees it.

use std::fmt;
use std::sync::Arc;

use super::notation::GRAVON_ORDER;
use super::{Cell, Color, Position};
use crate::rules::Rules;

/// A setup as written: rows from the front row (nearest the enemy) to the back row, squares
/// from the owner's left to its right, a piece letter or `None` for an empty square.
///
/// A `Setup` is only syntax; [`Setup::check`] checks it against a rule set and lists every
/// problem. The same setup serves either colour: Blue's left is Red's right.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    rows: Vec<Vec<Option<char>>>,
}

/// One thing wrong with a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    RowCount {
        expected: usize,
        found: usize,
    },
    RowLength {
        row: usize,
        expected: usize,
        found: usize,
    },
    UnknownLetter(char),
    Count {
        letter: char,
        expected: usize,
        found: usize,
    },
    OnImpassable {
        row: usize,
        column: usize,
    },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::RowCount { expected, found } => {
                write!(f, "{found} rows, expected {expected}")
            }
            SetupProblem::RowLength {
                row,
                expected,
                found,
            } => {
                write!(f, "row {row} has {found} squares, expected {expected}")
            }
            SetupProblem::UnknownLetter(c) => write!(f, "unknown piece letter '{c}'"),
            SetupProblem::Count {
                letter,
                expected,
                found,
            } => {
                write!(f, "{found} × '{letter}', expected {expected}")
            }
            SetupProblem::OnImpassable { row, column } => {
                write!(
                    f,
                    "a piece on an impassable square (row {row}, column {column})"
                )
            }
        }
    }
}

/// Every problem found in a setup, or a syntax error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("setup '{text}': unexpected character '{found}'")]
    Syntax { text: String, found: char },
    #[error("setup does not fit the rules: {}", list(.0))]
    Invalid(Vec<SetupProblem>),
    #[error("{color}'s setup does not fit the rules: {}", list(.problems))]
    InvalidFor {
        color: Color,
        problems: Vec<SetupProblem>,
    },
}

fn list(problems: &[SetupProblem]) -> String {
    problems
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

impl Setup {
    /// A setup from rows of optional piece letters, front row first.
    pub fn from_rows(rows: Vec<Vec<Option<char>>>) -> Setup {
        Setup { rows }
    }

    pub fn rows(&self) -> &[Vec<Option<char>>] {
        &self.rows
    }

    /// Reads a line of the Gravon setup corpus (`../shared/data/setups/`): 40 letters, four
    /// rows of ten, front row first, `A` for an empty square.
    pub fn from_gravon(line: &str) -> Result<Setup, SetupError> {
        let line = line.trim();
        let syntax = |found| SetupError::Syntax {
            text: line.to_string(),
            found,
        };
        let letters: Vec<Option<char>> = line
            .chars()
            .map(|c| match c {
                'A' => Ok(None),
                'B'..='M' => Ok(Some(GRAVON_ORDER[c as usize - 'B' as usize])),
                _ => Err(syntax(c)),
            })
            .collect::<Result<_, _>>()?;
        if letters.len() % 10 != 0 || letters.is_empty() {
            return Err(SetupError::Invalid(vec![SetupProblem::RowLength {
                row: 1,
                expected: 10,
                found: letters.len() % 10,
            }]));
        }
        Ok(Setup {
            rows: letters.chunks(10).map(|r| r.to_vec()).collect(),
        })
    }

    /// Checks the setup against the rule set for `color`: the shape of the home zone, the
    /// count of every kind, nothing on an impassable square. Lists every problem found.
    pub fn check(&self, rules: &Rules, color: Color) -> Result<(), Vec<SetupProblem>> {
        let g = rules.geometry();
        let mut problems = Vec::new();
        if self.rows.len() != g.home_rows() as usize {
            problems.push(SetupProblem::RowCount {
                expected: g.home_rows() as usize,
                found: self.rows.len(),
            });
        }
        let mut counts = vec![0usize; rules.kinds().len()];
        for (r, row) in self.rows.iter().enumerate() {
            if row.len() != g.width() as usize {
                problems.push(SetupProblem::RowLength {
                    row: r + 1,
                    expected: g.width() as usize,
                    found: row.len(),
                });
            }
            for (c, letter) in row.iter().enumerate() {
                let Some(letter) = letter else { continue };
                match rules.kind_by_letter(*letter) {
                    Some(k) => counts[k] += 1,
                    None => {
                        if !problems.contains(&SetupProblem::UnknownLetter(*letter)) {
                            problems.push(SetupProblem::UnknownLetter(*letter));
                        }
                    }
                }
                let on_impassable = g
                    .home_square(color, r as u8, c as u8)
                    .is_some_and(|sq| g.is_impassable(sq));
                if on_impassable {
                    problems.push(SetupProblem::OnImpassable {
                        row: r + 1,
                        column: c + 1,
                    });
                }
            }
        }
        for (k, kind) in rules.kinds().iter().enumerate() {
            if counts[k] != kind.count as usize {
                problems.push(SetupProblem::Count {
                    letter: kind.letter,
                    expected: kind.count as usize,
                    found: counts[k],
                });
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    /// A random setup that fits the rule set: every piece shuffled over the home zone's
    /// passable squares, empty squares where the army does not fill it.
    pub fn random(rules: &Rules, rng: &mut crate::rng::Rng) -> Setup {
        let g = rules.geometry();
        let mut pieces: Vec<Option<char>> = rules
            .kinds()
            .iter()
            .flat_map(|k| std::iter::repeat_n(Some(k.letter), k.count as usize))
            .collect();
        // Both colours see the same zone shape on the preset boards; Red's decides here.
        let free: Vec<(usize, usize)> = (0..g.home_rows())
            .flat_map(|r| (0..g.width()).map(move |c| (r, c)))
            .filter(|&(r, c)| {
                g.home_square(Color::Red, r, c)
                    .is_some_and(|sq| !g.is_impassable(sq))
            })
            .map(|(r, c)| (r as usize, c as usize))
            .collect();
        pieces.resize(free.len().max(pieces.len()), None);
        rng.shuffle(&mut pieces);
        let mut rows = vec![vec![None; g.width() as usize]; g.home_rows() as usize];
        for (&(r, c), piece) in free.iter().zip(pieces) {
            rows[r][c] = piece;
        }
        Setup { rows }
    }

    /// The same setup mirrored left to right.
    pub fn mirrored(&self) -> Setup {
        Setup {
            rows: self
                .rows
                .iter()
                .map(|r| r.iter().rev().copied().collect())
                .collect(),
        }
    }
}

impl std::str::FromStr for Setup {
    type Err = SetupError;

    /// Reads `row/row/...`, front row first, `.` for an empty square, a piece letter
    /// otherwise. Letters are checked against a rule set by [`Setup::check`], not here.
    fn from_str(text: &str) -> Result<Setup, SetupError> {
        let rows = text
            .split('/')
            .map(|row| {
                row.chars()
                    .map(|c| match c {
                        '.' => Ok(None),
                        c if c.is_ascii_alphanumeric() => Ok(Some(c)),
                        c => Err(SetupError::Syntax {
                            text: text.to_string(),
                            found: c,
                        }),
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Setup { rows })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in self.rows.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for c in row {
                write!(f, "{}", c.unwrap_or('.'))?;
            }
        }
        Ok(())
    }
}

impl Position {
    /// The start of a game: both setups checked and placed, `first` to move.
    pub fn from_setups(
        rules: Arc<Rules>,
        red: &Setup,
        blue: &Setup,
        first: Color,
    ) -> Result<Position, SetupError> {
        for (color, setup) in [(Color::Red, red), (Color::Blue, blue)] {
            setup
                .check(&rules, color)
                .map_err(|problems| SetupError::InvalidFor { color, problems })?;
        }
        let mut pos = Position::empty(Arc::clone(&rules), first);
        let g = rules.geometry();
        for (color, setup) in [(Color::Red, red), (Color::Blue, blue)] {
            for (r, row) in setup.rows.iter().enumerate() {
                for (c, letter) in row.iter().enumerate() {
                    let (Some(letter), Some(sq)) = (letter, g.home_square(color, r as u8, c as u8))
                    else {
                        continue;
                    };
                    if let Some(kind) = rules.kind_by_letter(*letter) {
                        pos.put(sq, Cell::piece(color, kind));
                        // The rank duel's lanes: where the piece others are promoted from
                        // started.
                        if rules
                            .kinds()
                            .iter()
                            .any(|k| k.promoted_from == Some(*letter))
                        {
                            pos.lanes[color.index()] = Some(sq.file());
                        }
                    }
                }
            }
        }
        Ok(pos)
    }
}
