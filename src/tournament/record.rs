//! Game records: a PGN-like text (`docs/records.md`) that can be read back and replayed,
//! and Gravon's game format for classic games.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use crate::board::{Color, GameEnd, Position, Setup};
use crate::referee::{GameRecord, GameResult, Termination, TimeControl};
use crate::rules::Rules;
use crate::view::PublicMove;

/// Writes a record: tag pairs, a blank line, the numbered moves, the result.
pub fn write_record(r: &GameRecord, round: u64, rules: &Rules) -> String {
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        let _ = writeln!(
            out,
            "[{k} \"{}\"]",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        );
    };
    tag("Event", "stratagem match");
    tag("Round", &round.to_string());
    tag("Red", &r.names[0]);
    tag("Blue", &r.names[1]);
    tag("Variant", &r.variant);
    tag("Rules", &r.settings.join(" "));
    let setup = |s: &Option<Setup>| s.as_ref().map_or("-".to_string(), |s| s.to_string());
    tag("RedSetup", &setup(&r.setups[0]));
    tag("BlueSetup", &setup(&r.setups[1]));
    tag("First", r.first.name());
    tag("TimeControl", &r.time_control.to_string());
    tag("Plies", &r.moves.len().to_string());
    tag("Result", r.result.score_text());
    tag("Termination", &r.result.reason());
    out.push('\n');
    let mut line = String::new();
    for (i, m) in r.moves.iter().enumerate() {
        let mover_first = i % 2 == 0;
        if mover_first {
            let _ = write!(line, "{}. ", i / 2 + 1);
        }
        let _ = write!(line, "{} ", m.display(rules));
        if line.len() > 80 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    line.push_str(r.result.score_text());
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// A record read back: its tags, its moves, and the result it claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadRecord {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<PublicMove>,
    pub result: String,
}

impl ReadRecord {
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The rules the record was played under.
    pub fn rules(&self) -> Result<Rules, String> {
        let variant = self.tag("Variant").ok_or("no Variant tag")?;
        let settings: Vec<&str> = self.tag("Rules").unwrap_or("").split_whitespace().collect();
        Rules::with_settings(variant, &settings).map_err(|e| e.to_string())
    }

    /// Replays the moves from the recorded setups: how the rules end the game, or why the
    /// record cannot be replayed.
    pub fn replay(&self) -> Result<Option<GameEnd>, String> {
        let rules = Arc::new(self.rules()?);
        let setup = |k: &str| -> Result<Setup, String> {
            self.tag(k)
                .ok_or(format!("no {k} tag"))?
                .parse::<Setup>()
                .map_err(|e| e.to_string())
        };
        let first = match self.tag("First") {
            Some("blue") => Color::Blue,
            _ => Color::Red,
        };
        let record = GameRecord {
            names: [String::new(), String::new()],
            variant: rules.name().to_string(),
            settings: rules.settings(),
            setups: [Some(setup("RedSetup")?), Some(setup("BlueSetup")?)],
            first,
            time_control: TimeControl::MoveTime {
                per_move: Duration::ZERO,
                tolerance: Duration::ZERO,
            },
            moves: self.moves.clone(),
            result: GameResult {
                winner: None,
                termination: Termination::Rules(GameEnd::PlyLimit),
            },
        };
        crate::referee::replay(&record, rules)
    }
}

/// Reads every record of a file.
pub fn read_records(text: &str) -> Result<Vec<ReadRecord>, String> {
    let mut out = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut body = String::new();
    let finish = |tags: &mut Vec<(String, String)>,
                  body: &mut String,
                  out: &mut Vec<ReadRecord>|
     -> Result<(), String> {
        if tags.is_empty() {
            return Ok(());
        }
        let variant = tags
            .iter()
            .find(|(k, _)| k == "Variant")
            .map(|(_, v)| v.clone())
            .ok_or("a record without Variant")?;
        let settings: Vec<String> = tags
            .iter()
            .find(|(k, _)| k == "Rules")
            .map(|(_, v)| v.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        let rules = Rules::with_settings(&variant, &settings).map_err(|e| e.to_string())?;
        let mut moves = Vec::new();
        let mut result = String::new();
        for token in body.split_whitespace() {
            if token.ends_with('.') && token[..token.len() - 1].chars().all(|c| c.is_ascii_digit())
            {
                continue;
            }
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                result = token.to_string();
                continue;
            }
            moves.push(PublicMove::parse(token, &rules).map_err(|e| e.to_string())?);
        }
        out.push(ReadRecord {
            tags: std::mem::take(tags),
            moves,
            result,
        });
        body.clear();
        Ok(())
    };
    for line in text.lines() {
        let line = line.trim();
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if !body.trim().is_empty() {
                finish(&mut tags, &mut body, &mut out)?;
            }
            let (key, value) = inner
                .split_once(' ')
                .ok_or_else(|| format!("bad tag line '{line}'"))?;
            let value =
                unescape(value.trim()).ok_or_else(|| format!("bad tag value in '{line}'"))?;
            tags.push((key.to_string(), value));
        } else {
            body.push(' ');
            body.push_str(line);
        }
    }
    finish(&mut tags, &mut body, &mut out)?;
    Ok(out)
}

/// The text of a quoted tag value (`"a \"b\""` → `a "b"`).
fn unescape(quoted: &str) -> Option<String> {
    let inner = quoted.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' { chars.next()? } else { c });
    }
    Some(out)
}

/// Gravon's letters in order after `A` (empty): Bomb, Spy, Scout … Marshal, Flag.
const GRAVON: [char; 12] = ['B', 'S', '2', '3', '4', '5', '6', '7', '8', '9', 'X', 'F'];

/// Writes a classic game in Gravon's format: the 100-character start field, then one move a
/// line as `D4-D5` (upper-case files).
pub fn write_gravon(r: &GameRecord) -> Result<String, String> {
    if r.variant != "classic" {
        return Err("Gravon's format holds classic games only".into());
    }
    let rules = Arc::new(Rules::preset("classic").map_err(|e| e.to_string())?);
    let (Some(red), Some(blue)) = (&r.setups[0], &r.setups[1]) else {
        return Err("the game has no setups".into());
    };
    let pos =
        Position::from_setups(Arc::clone(&rules), red, blue, r.first).map_err(|e| e.to_string())?;
    let mut out = String::new();
    for sq in rules.geometry().all_squares() {
        let c = pos.cell(sq);
        out.push(if c.is_impassable() {
            '_'
        } else if c.is_piece() {
            let letter = rules.kind(c.kind()).letter;
            let i = GRAVON.iter().position(|&g| g == letter).unwrap_or(0) as u8;
            (if c.owner() == Color::Red { b'B' } else { b'N' } + i) as char
        } else {
            'A'
        });
    }
    out.push('\n');
    for m in &r.moves {
        let up = |s: crate::board::Square| s.to_string().to_uppercase();
        let _ = writeln!(out, "{}-{}", up(m.from), up(m.to));
    }
    Ok(out)
}

/// Reads a Gravon game: the start position and the moves as `<from><to>` texts, played
/// through the rules (so battles get their outcomes).
pub fn read_gravon(text: &str, first: Color) -> Result<(Position, Vec<PublicMove>), String> {
    let rules = Arc::new(Rules::preset("classic").map_err(|e| e.to_string())?);
    let mut tokens = text.split_whitespace();
    let field = tokens.next().ok_or("empty Gravon game")?;
    let start = Position::from_text(Arc::clone(&rules), &format!("{field} {}", first.code()))
        .map_err(|e| e.to_string())?;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for t in tokens {
        let plain = t.replace('-', "").to_lowercase();
        let m = pos.parse_move(&plain).map_err(|e| format!("'{t}': {e}"))?;
        moves.push(PublicMove::observe(&pos, m));
        pos.play_unchecked(m);
    }
    Ok((start, moves))
}
