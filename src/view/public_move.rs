//! The public record of one move or action: what both players learn of it. For a move its
//! squares; for a battle the two ranks and who won; for a power or a probe its target and
//! result; for the duel a promotion. Both players receive exactly this.

use std::fmt;

use crate::board::{Position, Square, ALL_DIRECTIONS};
use crate::movegen::{parse_squares, Move, MoveKind};
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

/// What a probe learns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeAnswer {
    Right,
    /// The piece's rank is higher than the guess.
    Higher,
    /// The piece's rank is lower than the guess.
    Lower,
}

/// The public result of an action that is not a plain move (`docs/rules.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionRecord {
    Pass,
    /// The Sorceress showed the target's kind.
    Reveal {
        kind: usize,
    },
    /// The Mage's hypnosis: the target's kind when it changed sides, `None` when nothing
    /// happened.
    Hypnotise {
        kind: Option<usize>,
    },
    /// The Elemental's battles: each enemy neighbour's square, kind and the outcome.
    Strike {
        battles: Vec<(Square, usize, Outcome)>,
    },
    /// The Elf's shot: the target's kind when it was removed, `None` when nothing happened.
    Shoot {
        kind: Option<usize>,
    },
    /// The duel's probe.
    Probe {
        guess: u8,
        answer: ProbeAnswer,
    },
}

/// One move or action of the public history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicMove {
    pub from: Square,
    pub to: Square,
    /// For an attack: the ranks and the outcome.
    pub battle: Option<Battle>,
    /// For a power, a probe or a pass: what it did.
    pub action: Option<ActionRecord>,
    /// Rank duel: the moving piece was promoted.
    pub promoted: bool,
}

/// Why a move token could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{token}' is not a move: {reason}")]
pub struct MoveTokenError {
    pub token: String,
    pub reason: String,
}

fn outcome_char(o: Outcome) -> char {
    match o {
        Outcome::AttackerWins => '>',
        Outcome::DefenderWins => '<',
        Outcome::BothRemoved => '=',
    }
}

fn outcome_of(c: char) -> Option<Outcome> {
    match c {
        '>' => Some(Outcome::AttackerWins),
        '<' => Some(Outcome::DefenderWins),
        '=' => Some(Outcome::BothRemoved),
        _ => None,
    }
}

impl PublicMove {
    /// A plain move with nothing more to tell.
    pub fn plain(from: Square, to: Square) -> PublicMove {
        PublicMove {
            from,
            to,
            battle: None,
            action: None,
            promoted: false,
        }
    }

    /// The move or action this record stands for, as its text before the result (`e4e5`,
    /// `e4e6:reveal`, `c5:probe3`, `pass`): what the rules core generates.
    pub fn action_text(&self) -> String {
        let kind = match &self.action {
            None => return format!("{}{}", self.from, self.to),
            Some(ActionRecord::Pass) => MoveKind::Pass,
            Some(ActionRecord::Reveal { .. }) => MoveKind::Reveal,
            Some(ActionRecord::Hypnotise { .. }) => MoveKind::Hypnotise,
            Some(ActionRecord::Strike { .. }) => MoveKind::StrikeAll,
            Some(ActionRecord::Shoot { .. }) => MoveKind::Shoot,
            Some(ActionRecord::Probe { guess, .. }) => MoveKind::Probe(*guess),
        };
        Move {
            from: self.from,
            to: self.to,
            kind,
        }
        .to_string()
    }

    /// Reads a record: `e4e5`; a battle `b4b8x2X<` (attacker's letter, defender's letter,
    /// then `>` attacker won, `<` defender won, `=` both removed); `^` after either when the
    /// piece was promoted; `pass`; `e4e6:reveal=7`; `e4e6:hypnotise=5` or `e4e6:hypnotise-`;
    /// `e4:strike=e5:3>,f5:7<`; `e4e7:shoot=2` or `e4e7:shoot-`; `c5:probe3=` (right),
    /// `c5:probe3>` (higher) or `c5:probe3<` (lower).
    pub fn parse(token: &str, rules: &Rules) -> Result<PublicMove, MoveTokenError> {
        let bad = |reason: &str| MoveTokenError {
            token: token.to_string(),
            reason: reason.to_string(),
        };
        let kind = |c: char| {
            rules
                .kind_by_letter(c)
                .ok_or_else(|| bad(&format!("unknown piece letter '{c}'")))
        };
        if token == "pass" {
            let a1 = Square::new(0, 0).ok_or_else(|| bad("no square a1"))?;
            let mut m = PublicMove::plain(a1, a1);
            m.action = Some(ActionRecord::Pass);
            return Ok(m);
        }
        if let Some((head, tail)) = token.split_once(':') {
            let (from, to) = match parse_squares(head) {
                Some((f, t, "")) => (f, t),
                _ => {
                    let sq: Square = head
                        .parse()
                        .map_err(|_| bad("expected a square before ':'"))?;
                    (sq, sq)
                }
            };
            let mut m = PublicMove::plain(from, to);
            let single = |v: &str| -> Result<Option<usize>, MoveTokenError> {
                match v {
                    "-" => Ok(None),
                    _ => match v.strip_prefix('=').map(|l| l.chars().collect::<Vec<_>>()) {
                        Some(c) if c.len() == 1 => Ok(Some(kind(c[0])?)),
                        _ => Err(bad("expected =<letter> or -")),
                    },
                }
            };
            m.action = Some(if let Some(rest) = tail.strip_prefix("reveal") {
                ActionRecord::Reveal {
                    kind: single(rest)?.ok_or_else(|| bad("a reveal shows a letter"))?,
                }
            } else if let Some(rest) = tail.strip_prefix("hypnotise") {
                ActionRecord::Hypnotise {
                    kind: single(rest)?,
                }
            } else if let Some(rest) = tail.strip_prefix("shoot") {
                ActionRecord::Shoot {
                    kind: single(rest)?,
                }
            } else if let Some(rest) = tail.strip_prefix("strike") {
                let list = rest
                    .strip_prefix('=')
                    .ok_or_else(|| bad("expected strike=<battles>"))?;
                let mut battles = Vec::new();
                for item in list.split(',') {
                    let (sq, res) = item
                        .split_once(':')
                        .ok_or_else(|| bad("a battle is <square>:<letter><outcome>"))?;
                    let sq: Square = sq.parse().map_err(|_| bad("bad square in a strike"))?;
                    let c: Vec<char> = res.chars().collect();
                    let &[l, o] = c
                        .as_slice()
                        .try_into()
                        .map_err(|_| bad("a battle is <square>:<letter><outcome>"))?;
                    battles.push((
                        sq,
                        kind(l)?,
                        outcome_of(o).ok_or_else(|| bad("outcome is > < or ="))?,
                    ));
                }
                ActionRecord::Strike { battles }
            } else if let Some(rest) = tail.strip_prefix("probe") {
                let mut c = rest.chars();
                let guess = c
                    .next()
                    .and_then(|g| g.to_digit(10))
                    .ok_or_else(|| bad("probe<rank>"))? as u8;
                let answer = match (c.next(), c.next()) {
                    (Some('='), None) => ProbeAnswer::Right,
                    (Some('>'), None) => ProbeAnswer::Higher,
                    (Some('<'), None) => ProbeAnswer::Lower,
                    _ => return Err(bad("a probe ends with = > or <")),
                };
                ActionRecord::Probe { guess, answer }
            } else {
                return Err(bad("unknown action"));
            });
            return Ok(m);
        }
        let (from, to, rest) =
            parse_squares(token).ok_or_else(|| bad("expected two squares like e4e5"))?;
        let (rest, promoted) = match rest.strip_suffix('^') {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let mut m = PublicMove::plain(from, to);
        m.promoted = promoted;
        if rest.is_empty() {
            return Ok(m);
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
        m.battle = Some(Battle {
            attacker: kind(a)?,
            defender: kind(d)?,
            outcome: outcome_of(o).ok_or_else(|| bad("the outcome is one of > < ="))?,
        });
        Ok(m)
    }

    /// What both players learn when `m` is played in the referee's position `pos` (before it
    /// is played).
    pub fn observe(pos: &Position, m: Move) -> PublicMove {
        let rules = pos.rules();
        let (a, d) = (pos.cell(m.from), pos.cell(m.to));
        let mut after = pos.clone();
        after.play_unchecked(m);
        let mut record = PublicMove::plain(m.from, m.to);
        let rank = |k: usize| rules.kind(k).rank;
        record.action = match m.kind {
            MoveKind::Pass => Some(ActionRecord::Pass),
            MoveKind::Reveal => Some(ActionRecord::Reveal { kind: d.kind() }),
            MoveKind::Hypnotise => Some(ActionRecord::Hypnotise {
                kind: (after.cell(m.to).owner() != d.owner()).then_some(d.kind()),
            }),
            MoveKind::Shoot => Some(ActionRecord::Shoot {
                kind: after.cell(m.to).is_empty().then_some(d.kind()),
            }),
            MoveKind::StrikeAll => Some(ActionRecord::Strike {
                battles: ALL_DIRECTIONS
                    .iter()
                    .map(|&delta| m.from.offset(delta))
                    .filter(|&sq| pos.cell(sq).is_of(a.owner().opponent()))
                    .map(|sq| {
                        let k = pos.cell(sq).kind();
                        (sq, k, rules.battle(a.kind(), k))
                    })
                    .collect(),
            }),
            MoveKind::Probe(g) => Some(ActionRecord::Probe {
                guess: g,
                answer: match rank(d.kind()).cmp(&g) {
                    std::cmp::Ordering::Equal => ProbeAnswer::Right,
                    std::cmp::Ordering::Greater => ProbeAnswer::Higher,
                    std::cmp::Ordering::Less => ProbeAnswer::Lower,
                },
            }),
            _ => None,
        };
        if record.action.is_none() {
            record.battle = d.is_piece().then(|| Battle {
                attacker: a.kind(),
                defender: d.kind(),
                outcome: rules.battle(a.kind(), d.kind()),
            });
            let landed = after.cell(m.to);
            record.promoted = landed.is_of(a.owner()) && landed.kind() != a.kind();
        }
        record
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
        let letter = |k: usize| self.rules.kind(k).letter;
        let m = self.m;
        f.write_str(&m.action_text())?;
        let single = |f: &mut fmt::Formatter<'_>, k: Option<usize>| match k {
            Some(k) => write!(f, "={}", letter(k)),
            None => f.write_str("-"),
        };
        match &m.action {
            None => {
                if let Some(b) = m.battle {
                    write!(
                        f,
                        "x{}{}{}",
                        letter(b.attacker),
                        letter(b.defender),
                        outcome_char(b.outcome)
                    )?;
                }
                if m.promoted {
                    f.write_str("^")?;
                }
                Ok(())
            }
            Some(ActionRecord::Pass) => Ok(()),
            Some(ActionRecord::Reveal { kind }) => write!(f, "={}", letter(*kind)),
            Some(ActionRecord::Hypnotise { kind }) | Some(ActionRecord::Shoot { kind }) => {
                single(f, *kind)
            }
            Some(ActionRecord::Strike { battles }) => {
                f.write_str("=")?;
                for (i, (sq, k, o)) in battles.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{sq}:{}{}", letter(*k), outcome_char(*o))?;
                }
                Ok(())
            }
            Some(ActionRecord::Probe { answer, .. }) => f.write_str(match answer {
                ProbeAnswer::Right => "=",
                ProbeAnswer::Higher => ">",
                ProbeAnswer::Lower => "<",
            }),
        }
    }
}
