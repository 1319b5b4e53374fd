//! Text forms of the full-information position (`protocol.md`, "Full-information position")
//! and Gravon's 100-character field.

use std::fmt;
use std::sync::Arc;

use super::cell::{MOVED, REVEALED};
use super::position::HistoryEntry;
use super::{Cell, Color, Position, Square};
use crate::movegen::{parse_squares, MoveKind};
use crate::rules::{GameKind, Geometry, Rules};

/// Reads an action in the notation of [`crate::movegen::Move`]'s `Display`: its squares and
/// kind; `None` when the token is not an action.
pub(crate) fn parse_action(token: &str) -> Option<(Square, Square, MoveKind)> {
    if token == "pass" {
        let a1 = Square::new(0, 0)?;
        return Some((a1, a1, MoveKind::Pass));
    }
    let (head, action) = token.split_once(':')?;
    let (from, to) = match parse_squares(head) {
        Some((from, to, "")) => (from, to),
        _ => {
            let sq: Square = head.parse().ok()?;
            (sq, sq)
        }
    };
    let two = from != to;
    let kind = match action {
        "reveal" if two => MoveKind::Reveal,
        "hypnotise" if two => MoveKind::Hypnotise,
        "shoot" if two => MoveKind::Shoot,
        "strike" if !two => MoveKind::StrikeAll,
        _ if !two => {
            let g: u8 = action.strip_prefix("probe")?.parse().ok()?;
            MoveKind::Probe(g)
        }
        _ => return None,
    };
    Some((from, to, kind))
}

/// Why a position text was refused. Each variant names the offending token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionParseError {
    #[error("empty position")]
    Empty,
    #[error("the board has {found} rows, the variant has {expected}")]
    RowCount { expected: usize, found: usize },
    #[error("row {row} ('{text}'): {reason}")]
    BadRow {
        row: usize,
        text: String,
        reason: String,
    },
    #[error("{color} has {found} pieces '{letter}', the variant gives {max}")]
    TooMany {
        color: Color,
        letter: char,
        found: usize,
        max: usize,
    },
    #[error("'{0}' is not a side to move (expected r or b)")]
    BadSide(String),
    #[error("'{0}' is not a ply count")]
    BadPly(String),
    #[error("missing {0}")]
    Missing(&'static str),
    #[error("unexpected '{0}' (expected 'history')")]
    Unexpected(String),
    #[error("history move '{token}': {reason}")]
    BadHistory { token: String, reason: String },
    #[error("Gravon field: {0}")]
    Gravon(String),
}

/// The letters of Gravon's alphabet after `A` (empty), Bomb first and Flag last, mapped to
/// the classic letters of this project (`../shared/data/setups/README.md`).
pub(crate) const GRAVON_ORDER: [char; 12] =
    ['B', 'S', '2', '3', '4', '5', '6', '7', '8', '9', 'X', 'F'];

impl MoveKind {
    /// The kind of a history move known only by its squares: enough for the repetition rules,
    /// which only ask which boundaries it crossed.
    pub(crate) fn infer(geometry: &Geometry, from: Square, to: Square) -> MoveKind {
        let (df, dr) = from.distance_parts(to);
        if geometry.is_power_square(from) && geometry.is_power_square(to) {
            MoveKind::Teleport
        } else if df != 0 && dr != 0 {
            MoveKind::Diagonal
        } else if df + dr == 1 {
            MoveKind::Step
        } else {
            MoveKind::Line
        }
    }
}

impl Position {
    /// Reads a full-information position, or a Gravon field on the classic board.
    pub fn from_text(rules: Arc<Rules>, text: &str) -> Result<Position, PositionParseError> {
        let mut tokens = text.split_whitespace();
        let board = tokens.next().ok_or(PositionParseError::Empty)?;
        if board.len() == 100 && !board.contains('/') {
            let side = tokens
                .next()
                .ok_or(PositionParseError::Missing("side to move"))?;
            if let Some(extra) = tokens.next() {
                return Err(PositionParseError::Unexpected(extra.to_string()));
            }
            return Position::from_gravon(rules, board, side);
        }
        let side_text = tokens
            .next()
            .ok_or(PositionParseError::Missing("side to move"))?;
        let side = parse_side(side_text)?;
        let mut pos = Position::empty(rules, side);
        pos.read_board(board)?;
        let ply_text = tokens
            .next()
            .ok_or(PositionParseError::Missing("ply count"))?;
        let ply: u32 = ply_text
            .parse()
            .map_err(|_| PositionParseError::BadPly(ply_text.to_string()))?;
        pos.ply = ply;
        let mut tokens = tokens.peekable();
        let duel = pos.rules.game() == GameKind::RankDuel;
        while let Some(&key) = tokens.peek() {
            if !duel || !["points", "probes", "lanes"].contains(&key) {
                break;
            }
            tokens.next();
            let mut two = || -> Result<[&str; 2], PositionParseError> {
                match (tokens.next(), tokens.next()) {
                    (Some(a), Some(b)) => Ok([a, b]),
                    _ => Err(PositionParseError::Missing(
                        "two values after points, probes or lanes",
                    )),
                }
            };
            let values = two()?;
            for (i, v) in values.iter().enumerate() {
                let bad = || PositionParseError::Unexpected(v.to_string());
                match key {
                    "points" => pos.points[i] = v.parse().map_err(|_| bad())?,
                    "probes" => pos.probes[i] = v.parse().map_err(|_| bad())?,
                    _ => {
                        pos.lanes[i] = match v.as_bytes() {
                            [b'-'] => None,
                            [c @ b'a'..=b'z'] if c - b'a' < pos.rules.geometry().width() => {
                                Some(c - b'a')
                            }
                            _ => return Err(bad()),
                        }
                    }
                }
            }
        }
        match tokens.next() {
            None => {}
            Some("history") => {
                let moves: Vec<&str> = tokens.collect();
                pos.read_history(&moves)?;
            }
            Some(other) => return Err(PositionParseError::Unexpected(other.to_string())),
        }
        if (pos.history.len() as u64) > ply as u64 {
            return Err(PositionParseError::BadPly(format!(
                "{ply} (the history has {} moves)",
                pos.history.len()
            )));
        }
        Ok(pos)
    }

    fn read_board(&mut self, board: &str) -> Result<(), PositionParseError> {
        let rules = Arc::clone(&self.rules);
        let g = rules.geometry();
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != g.height() as usize {
            return Err(PositionParseError::RowCount {
                expected: g.height() as usize,
                found: rows.len(),
            });
        }
        let mut counts = [[0usize; crate::rules::MAX_KINDS]; 2];
        for (i, text) in rows.iter().enumerate() {
            let row = g.height() - 1 - i as u8;
            let bad = |reason: String| PositionParseError::BadRow {
                row: row as usize + 1,
                text: text.to_string(),
                reason,
            };
            let mut chars = text.chars().peekable();
            let mut file = 0u8;
            while let Some(c) = chars.next() {
                let sq = Square::new(file, row)
                    .filter(|&s| g.contains(s))
                    .ok_or_else(|| bad(format!("more than {} squares", g.width())))?;
                let impassable = g.is_impassable(sq);
                match c {
                    '.' | '_' if (c == '_') != impassable => {
                        return Err(bad(if impassable {
                            format!("{sq} is impassable and must be written '_'")
                        } else {
                            format!("{sq} is not impassable")
                        }))
                    }
                    '.' | '_' => {}
                    'r' | 'b' => {
                        let color = if c == 'r' { Color::Red } else { Color::Blue };
                        let letter = chars
                            .next()
                            .ok_or_else(|| bad(format!("a piece letter must follow '{c}'")))?;
                        let kind = rules
                            .kind_by_letter(letter)
                            .ok_or_else(|| bad(format!("unknown piece letter '{letter}'")))?;
                        if impassable {
                            return Err(bad(format!("a piece on impassable {sq}")));
                        }
                        let mut cell = Cell::piece(color, kind);
                        if chars.peek() == Some(&'+') {
                            chars.next();
                            cell = cell.with_moved();
                        }
                        if chars.peek() == Some(&'*') {
                            chars.next();
                            cell = cell.with_revealed();
                        }
                        if chars.peek() == Some(&'~') {
                            chars.next();
                            cell = Cell(cell.0 | super::cell::HYPNOTISED);
                        }
                        // A piece counts for the side it started with, and a promoted piece
                        // in the place of its original.
                        let original = if cell.is_hypnotised() {
                            color.opponent()
                        } else {
                            color
                        };
                        let counted = rules.kinds()[kind]
                            .promoted_from
                            .and_then(|l| rules.kind_by_letter(l))
                            .unwrap_or(kind);
                        counts[original.index()][counted] += 1;
                        self.put(sq, cell);
                    }
                    _ => return Err(bad(format!("unexpected character '{c}'"))),
                }
                file += 1;
            }
            if file != g.width() {
                return Err(bad(format!("{file} squares, expected {}", g.width())));
            }
        }
        for color in Color::BOTH {
            for (kind, k) in rules.kinds().iter().enumerate() {
                let found = counts[color.index()][kind];
                if found > k.count as usize {
                    return Err(PositionParseError::TooMany {
                        color,
                        letter: k.letter,
                        found,
                        max: k.count as usize,
                    });
                }
            }
        }
        Ok(())
    }

    /// Reads the history tokens and checks the moves after the last attack by retracting
    /// them: each must take a piece of the side that made it back to an empty square.
    fn read_history(&mut self, tokens: &[&str]) -> Result<(), PositionParseError> {
        let g = self.rules.geometry().clone();
        let mut entries = Vec::with_capacity(tokens.len());
        for token in tokens {
            let bad = |reason: &str| PositionParseError::BadHistory {
                token: token.to_string(),
                reason: reason.to_string(),
            };
            if let Some((from, to, kind)) = parse_action(token) {
                if !g.contains(from) || !g.contains(to) {
                    return Err(bad("a square off the board"));
                }
                entries.push(HistoryEntry {
                    from,
                    to,
                    kind,
                    attack: true,
                });
                continue;
            }
            let (from, to, rest) = parse_squares(token).ok_or_else(|| bad("not a move"))?;
            let attack = match rest {
                "" => false,
                "x" => true,
                _ => return Err(bad("only 'x' may follow the squares")),
            };
            if !g.contains(from) || !g.contains(to) || from == to {
                return Err(bad("squares off the board or equal"));
            }
            entries.push(HistoryEntry {
                from,
                to,
                kind: MoveKind::infer(&g, from, to),
                attack,
            });
        }
        let n = entries.len();
        let last_attack = entries.iter().rposition(|e| e.attack);
        let known_from = last_attack.map_or(0, |i| i + 1);
        let mut scratch = self.clone();
        let mut mover = self.side.opponent();
        for i in (known_from..n).rev() {
            let e = &entries[i];
            let c = scratch.cells[e.to.index()];
            let reason = if !c.is_of(mover) {
                Some(format!("no {mover} piece stands on {}", e.to))
            } else if !self.rules.kind_moves(c.kind()).movable {
                Some(format!("the piece on {} cannot move", e.to))
            } else if !scratch.cells[e.from.index()].is_empty() {
                Some(format!("{} is not empty", e.from))
            } else {
                None
            };
            if let Some(reason) = reason {
                return Err(PositionParseError::BadHistory {
                    token: tokens[i].to_string(),
                    reason,
                });
            }
            scratch.retract(e.from, e.to);
            mover = mover.opponent();
        }
        self.history = entries;
        self.last_attack = last_attack;
        Ok(())
    }

    /// Reads Gravon's 100-character field: rank 1 first, files a–j, `A` empty, `_` lake,
    /// Red `B`–`M`, Blue `N`–`Y`.
    fn from_gravon(
        rules: Arc<Rules>,
        field: &str,
        side: &str,
    ) -> Result<Position, PositionParseError> {
        let side = parse_side(side)?;
        let g = rules.geometry();
        if g.width() != 10 || g.height() != 10 {
            return Err(PositionParseError::Gravon(
                "only the classic 10×10 board has a Gravon field".into(),
            ));
        }
        let mut pos = Position::empty(Arc::clone(&rules), side);
        let mut counts = [[0usize; crate::rules::MAX_KINDS]; 2];
        for (i, c) in field.chars().enumerate() {
            let sq = Square::new((i % 10) as u8, (i / 10) as u8)
                .ok_or_else(|| PositionParseError::Gravon(format!("character {}", i + 1)))?;
            let impassable = g.is_impassable(sq);
            let bad = |what: String| PositionParseError::Gravon(format!("{sq} ('{c}'): {what}"));
            match c {
                'A' | '_' if (c == '_') != impassable => {
                    return Err(bad("lakes must be '_' and only lakes".into()))
                }
                'A' | '_' => {}
                'B'..='Y' => {
                    let (color, index) = if c <= 'M' {
                        (Color::Red, c as usize - 'B' as usize)
                    } else {
                        (Color::Blue, c as usize - 'N' as usize)
                    };
                    let letter = GRAVON_ORDER[index];
                    let kind = rules
                        .kind_by_letter(letter)
                        .ok_or_else(|| bad(format!("the variant has no '{letter}'")))?;
                    if impassable {
                        return Err(bad("a piece on a lake".into()));
                    }
                    counts[color.index()][kind] += 1;
                    if counts[color.index()][kind] > rules.kind(kind).count as usize {
                        return Err(bad(format!("too many '{letter}' for {color}")));
                    }
                    pos.put(sq, Cell::piece(color, kind));
                }
                _ => return Err(bad("not a Gravon letter".into())),
            }
        }
        Ok(pos)
    }

    /// Writes the board part of the text form.
    fn write_board(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let g = self.rules.geometry();
        for row in (0..g.height()).rev() {
            for file in 0..g.width() {
                let Some(sq) = Square::new(file, row) else {
                    continue;
                };
                let c = self.cells[sq.index()];
                if c.is_impassable() {
                    f.write_char('_')?;
                } else if c.is_piece() {
                    f.write_char(c.owner().code())?;
                    f.write_char(self.rules.kind(c.kind()).letter)?;
                    if c.0 & MOVED != 0 {
                        f.write_char('+')?;
                    }
                    if c.0 & REVEALED != 0 {
                        f.write_char('*')?;
                    }
                    if c.is_hypnotised() {
                        f.write_char('~')?;
                    }
                } else {
                    f.write_char('.')?;
                }
            }
            if row > 0 {
                f.write_char('/')?;
            }
        }
        Ok(())
    }
}

fn parse_side(text: &str) -> Result<Color, PositionParseError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Color::from_code), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(PositionParseError::BadSide(text.to_string())),
    }
}

impl fmt::Display for Position {
    /// The full-information text form; reading it back gives an equal position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_board(f)?;
        write!(f, " {} {}", self.side.code(), self.ply)?;
        if self.rules.game() == GameKind::RankDuel {
            let lane = |l: Option<u8>| l.map_or('-', |f| (b'a' + f) as char);
            write!(
                f,
                " points {} {} probes {} {} lanes {} {}",
                self.points[0],
                self.points[1],
                self.probes[0],
                self.probes[1],
                lane(self.lanes[0]),
                lane(self.lanes[1])
            )?;
        }
        let tail = &self.history[self.history.len() - self.relevant_history_len()..];
        if !tail.is_empty() {
            f.write_str(" history")?;
            for e in tail {
                if e.kind.is_action() {
                    let m = crate::movegen::Move {
                        from: e.from,
                        to: e.to,
                        kind: e.kind,
                    };
                    write!(f, " {m}")?;
                } else {
                    write!(f, " {}{}{}", e.from, e.to, if e.attack { "x" } else { "" })?;
                }
            }
        }
        Ok(())
    }
}
