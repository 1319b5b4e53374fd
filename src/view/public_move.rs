//! The public record of one move: its squares and, for a battle, the two ranks revealed and
//! who won. Both players receive exactly this.

use std::fmt;

use crate::board::Square;
use crate::movegen::parse_squares;
use crate::rules::{Outcome, Rules};

/// The revealed part of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Battle {
    /// Kind index of the attacker.
    pub attacker: usize,
    /// Kind index of the defender.
    pub defender: usize,
    pub outcome: Outcome,
}

/// One move of the public history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicMove {
    pub from: Square,
    pub to: Square,
    pub battle: Option<Battle>,
}

/// Why a move token could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{token}' is not a move: {reason}")]
pub struct MoveTokenError {
    pub token: String,
    pub reason: String,
}

impl PublicMove {
    /// Reads `e4e5`, or a battle `b4b8x2X<` (attacker's letter, defender's letter, then `>`
    /// attacker won, `<` defender won, `=` both removed).
    pub fn parse(token: &str, rules: &Rules) -> Result<PublicMove, MoveTokenError> {
        let bad = |reason: &str| MoveTokenError {
            token: token.to_string(),
            reason: reason.to_string(),
        };
        let (from, to, rest) =
            parse_squares(token).ok_or_else(|| bad("expected two squares like e4e5"))?;
        if rest.is_empty() {
            return Ok(PublicMove {
                from,
                to,
                battle: None,
            });
        }
        let mut chars = rest.chars();
        let (Some('x'), Some(a), Some(d), Some(o), None) = (
            chars.next(),
            chars.next(),
            chars.next(),
            chars.next(),
            chars.next(),
        ) else {
            return Err(bad("a battle is written like b4b8x2X<"));
        };
        let kind = |c: char| {
            rules
                .kind_by_letter(c)
                .ok_or_else(|| bad(&format!("unknown piece letter '{c}'")))
        };
        let outcome = match o {
            '>' => Outcome::AttackerWins,
            '<' => Outcome::DefenderWins,
            '=' => Outcome::BothRemoved,
            _ => return Err(bad("the outcome is one of > < =")),
        };
        Ok(PublicMove {
            from,
            to,
            battle: Some(Battle {
                attacker: kind(a)?,
                defender: kind(d)?,
                outcome,
            }),
        })
    }

    /// What both players learn when `m` is played in the referee's position `pos` (before it
    /// is played): the squares, and for an attack both kinds and the outcome.
    pub fn observe(pos: &crate::board::Position, m: crate::movegen::Move) -> PublicMove {
        let (a, d) = (pos.cell(m.from), pos.cell(m.to));
        let battle = d.is_piece().then(|| Battle {
            attacker: a.kind(),
            defender: d.kind(),
            outcome: pos.rules().battle(a.kind(), d.kind()),
        });
        PublicMove {
            from: m.from,
            to: m.to,
            battle,
        }
    }

    /// The text form, given the rule set that names the kinds.
    pub fn display<'a>(&'a self, rules: &'a Rules) -> impl fmt::Display + 'a {
        PublicMoveText { m: self, rules }
    }
}

struct PublicMoveText<'a> {
    m: &'a PublicMove,
    rules: &'a Rules,
}

impl fmt::Display for PublicMoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.m.from, self.m.to)?;
        if let Some(b) = self.m.battle {
            let o = match b.outcome {
                Outcome::AttackerWins => '>',
                Outcome::DefenderWins => '<',
                Outcome::BothRemoved => '=',
            };
            write!(
                f,
                "x{}{}{o}",
                self.rules.kind(b.attacker).letter,
                self.rules.kind(b.defender).letter
            )?;
        }
        Ok(())
    }
}
