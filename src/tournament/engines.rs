//! Engines in other processes as [`Player`]s: [`SeiPlayer`] speaks our protocol,
//! [`UccPlayer`] the UCC 2012 competition's (`docs/ucc.md`).

use std::time::{Duration, Instant};

use super::process::{EngineSpec, Process};
use crate::board::{Color, Setup, Square};
use crate::players::{go_limits, view_of};
use crate::referee::{Clock, GameResult, Player, PlayerFault, PlayerState};
use crate::rules::{Outcome, Rules};
use crate::view::PublicMove;

/// Time an engine gets to start and answer `sei` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// Extra time allowed after the clock for the line to arrive.
const GRACE: Duration = Duration::from_millis(50);

/// An engine speaking our protocol. The process is started on first use and then kept from
/// game to game, as cutechess does: each game begins with `setoption name Seed`,
/// `setoption name Opponent` (when the engine has that option) and `newgame`, and ends with
/// the game's final `position`, so an engine can learn from one game for the next. A
/// process that crashed, hung or answered late is dropped, and the next game starts a
/// fresh one.
pub struct SeiPlayer {
    spec: EngineSpec,
    process: Option<Process>,
    /// The engine declared an `Opponent` option.
    takes_opponent: bool,
    /// What the next game begins with: the opponent's name and the seed.
    pending: Option<(String, u64)>,
}

impl SeiPlayer {
    pub fn new(spec: EngineSpec) -> SeiPlayer {
        SeiPlayer {
            spec,
            process: None,
            takes_opponent: false,
            pending: None,
        }
    }

    fn ready(&mut self, rules: &Rules) -> Result<&mut Process, PlayerFault> {
        let started = self.process.is_none();
        if started {
            let mut p = Process::start(&self.spec)?;
            p.send("sei")?;
            let mut takes_opponent = false;
            p.read_until(Instant::now() + HANDSHAKE, |l| {
                takes_opponent |= l.starts_with("option name Opponent ");
                (l == "seiok").then_some(())
            })?;
            self.takes_opponent = takes_opponent;
            p.send(&format!("setoption name Variant value {}", rules.name()))?;
            for s in rules.settings() {
                if let Some((name, value)) = s.split_once('=') {
                    p.send(&format!("setoption name {name} value {value}"))?;
                }
            }
            for (name, value) in &self.spec.options {
                p.send(&format!("setoption name {name} value {value}"))?;
            }
            self.process = Some(p);
        }
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| PlayerFault::Crashed("not started".into()))?;
        let next_game = self.pending.take();
        if let Some((opponent, seed)) = &next_game {
            // What the user set with `option.Seed=…` or `option.Opponent=…` stands.
            let user_set = |name: &str| {
                self.spec
                    .options
                    .iter()
                    .any(|(n, _)| n.eq_ignore_ascii_case(name))
            };
            if !user_set("seed") {
                p.send(&format!("setoption name Seed value {seed}"))?;
            }
            if self.takes_opponent && !user_set("opponent") {
                p.send(&format!("setoption name Opponent value {opponent}"))?;
            }
            p.send("newgame")?;
        }
        if started || next_game.is_some() {
            p.send("isready")?;
            p.read_until(Instant::now() + HANDSHAKE, |l| {
                (l == "readyok").then_some(())
            })?;
        }
        Ok(p)
    }

    /// Runs `f` on the engine; a fault drops the process, so that an engine still searching
    /// or in a bad state does not carry into the next game.
    fn with<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, PlayerFault>,
    ) -> Result<T, PlayerFault> {
        let result = f(self);
        if result.is_err() {
            self.process = None;
        }
        result
    }
}

/// The `position` command that gives `state` to an engine.
fn position_line(rules: &Rules, state: &PlayerState) -> String {
    let moves: Vec<String> = state
        .history
        .iter()
        .map(|m| m.display(rules).to_string())
        .collect();
    format!(
        "position {} first {} setup {} opponent {}{}{}",
        state.color.name(),
        state.first.name(),
        state.setup,
        state.opponent_occupancy,
        if moves.is_empty() { "" } else { " moves " },
        moves.join(" ")
    )
}

impl Player for SeiPlayer {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn new_game(&mut self, opponent: &str, seed: u64) {
        self.pending = Some((opponent.to_string(), seed));
    }

    fn setup(&mut self, rules: &Rules, _: Color, limit: Duration) -> Result<String, PlayerFault> {
        self.with(|me| {
            let deadline = Instant::now() + limit + HANDSHAKE;
            let p = me.ready(rules)?;
            p.send("go setup")?;
            p.read_until(deadline, |l| {
                l.strip_prefix("bestsetup ").map(|s| s.trim().to_string())
            })
        })
    }

    fn play(
        &mut self,
        rules: &Rules,
        state: &PlayerState,
        clock: &Clock,
    ) -> Result<String, PlayerFault> {
        self.with(|me| {
            let p = me.ready(rules)?;
            let deadline = Instant::now() + clock.limit() + GRACE;
            p.send(&position_line(rules, state))?;
            let go = go_limits(clock, state.color);
            let mut line = String::from("go");
            for (i, c) in ["r", "b"].iter().enumerate() {
                if let Some(t) = go.time[i] {
                    line.push_str(&format!(" {c}time {t}"));
                }
                if let Some(t) = go.inc[i] {
                    line.push_str(&format!(" {c}inc {t}"));
                }
            }
            if let Some(t) = go.movetime {
                line.push_str(&format!(" movetime {t}"));
            }
            p.send(&line)?;
            p.read_until(deadline, |l| {
                l.strip_prefix("bestmove ").map(|s| s.trim().to_string())
            })
        })
    }

    /// Shows the engine how the game ended: its last `position` holds every move.
    fn game_over(&mut self, rules: &Rules, state: &PlayerState, _: &GameResult) {
        if let Some(p) = self.process.as_mut() {
            if p.send(&position_line(rules, state)).is_err() {
                self.process = None;
            }
        }
    }
}

/// The UCC letter of a kind (old numbering: `1` Marshal … `9` Scout, `s` Spy, `B`, `F`).
fn ucc_letter(rules: &Rules, kind: usize) -> char {
    match rules.kind(kind).letter {
        'X' => '1',
        'S' => 's',
        d @ '2'..='9' => (b'0' + 11 - (d as u8 - b'0')) as char,
        other => other,
    }
}

/// Our letter for a UCC letter.
fn from_ucc_letter(c: char) -> Option<char> {
    match c {
        '1' => Some('X'),
        's' => Some('S'),
        'B' | 'F' | '.' => Some(c),
        '2'..='9' => Some((b'0' + 11 - (c as u8 - b'0')) as char),
        _ => None,
    }
}

/// A UCC 2012 bot. It knows only the classic army on the classic board and no repetition
/// rules: run such matches with `--set two-squares=off --set more-squares=none`.
pub struct UccPlayer {
    spec: EngineSpec,
    process: Option<Process>,
    /// Moves of the history already confirmed to the bot.
    confirmed: usize,
    started: bool,
}

impl UccPlayer {
    pub fn new(spec: EngineSpec) -> UccPlayer {
        UccPlayer {
            spec,
            process: None,
            confirmed: 0,
            started: false,
        }
    }

    fn process(&mut self) -> Result<&mut Process, PlayerFault> {
        if self.process.is_none() {
            self.process = Some(Process::start(&self.spec)?);
        }
        self.process
            .as_mut()
            .ok_or_else(|| PlayerFault::Crashed("not started".into()))
    }

    /// Sends the confirmations of the moves the bot has not heard of yet.
    fn confirm(&mut self, rules: &Rules, history: &[PublicMove]) -> Result<(), PlayerFault> {
        let pending: Vec<String> = history[self.confirmed.min(history.len())..]
            .iter()
            .map(|m| confirmation(rules, m))
            .collect();
        let p = self.process()?;
        for line in pending {
            p.send(&line)?;
        }
        self.confirmed = history.len();
        Ok(())
    }
}

/// `X Y DIR [N] OUTCOME` for a move of the public history.
pub fn confirmation(rules: &Rules, m: &PublicMove) -> String {
    let (fx, fy, tx, ty) = (
        m.from.file() as i32,
        m.from.row() as i32,
        m.to.file() as i32,
        m.to.row() as i32,
    );
    let (dir, n) = if tx == fx {
        (if ty < fy { "UP" } else { "DOWN" }, (ty - fy).abs())
    } else {
        (if tx < fx { "LEFT" } else { "RIGHT" }, (tx - fx).abs())
    };
    let mut line = format!("{fx} {fy} {dir}");
    if n > 1 {
        line.push_str(&format!(" {n}"));
    }
    match m.battle {
        None => line.push_str(" OK"),
        Some(b) => {
            let word = match b.outcome {
                Outcome::AttackerWins => "KILLS",
                Outcome::DefenderWins => "DIES",
                Outcome::BothRemoved => "BOTHDIE",
            };
            line.push_str(&format!(
                " {word} {} {}",
                ucc_letter(rules, b.attacker),
                ucc_letter(rules, b.defender)
            ));
        }
    }
    line
}

/// Reads a bot's `X Y DIR [N]` into our `<from><to>`; anything else comes back unchanged
/// (the referee then refuses it as an illegal move).
pub fn read_ucc_move(line: &str) -> String {
    let t: Vec<&str> = line.split_whitespace().collect();
    let parsed = (|| {
        let x: i32 = t.first()?.parse().ok()?;
        let y: i32 = t.get(1)?.parse().ok()?;
        let n: i32 = match t.get(3) {
            Some(n) => n.parse().ok()?,
            None => 1,
        };
        let (dx, dy) = match *t.get(2)? {
            "UP" => (0, -1),
            "DOWN" => (0, 1),
            "LEFT" => (-1, 0),
            "RIGHT" => (1, 0),
            _ => return None,
        };
        let square = |x: i32, y: i32| -> Option<Square> {
            Square::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?)
        };
        Some(format!(
            "{}{}",
            square(x, y)?,
            square(x + dx * n, y + dy * n)?
        ))
    })();
    parsed.unwrap_or_else(|| line.to_string())
}

impl Player for UccPlayer {
    fn name(&self) -> &str {
        &self.spec.name
    }

    /// The UCC protocol has no way to hand a bot a setup: it sends its own and keeps track
    /// of its pieces from there.
    fn chooses_own_setup(&self) -> bool {
        true
    }

    /// A UCC bot plays one game per process.
    fn new_game(&mut self, _: &str, _: u64) {
        self.process = None;
        self.confirmed = 0;
        self.started = false;
    }

    fn setup(
        &mut self,
        rules: &Rules,
        color: Color,
        limit: Duration,
    ) -> Result<String, PlayerFault> {
        let g = rules.geometry();
        if g.width() != 10 || g.height() != 10 || g.home_rows() != 4 {
            return Err(PlayerFault::Garbage(
                "UCC bots play only on the classic board".into(),
            ));
        }
        let deadline = Instant::now() + limit;
        let word = if color == Color::Red { "RED" } else { "BLUE" };
        let p = self.process()?;
        p.send(&format!("{word} opponent 10 10"))?;
        let mut lines = Vec::new();
        for _ in 0..4 {
            lines.push(p.read_line(deadline)?);
        }
        // Red's first line is its back row; Blue's first line is its front row, and Blue's
        // left is file j.
        let ordered: Vec<String> = match color {
            Color::Red => lines.iter().rev().cloned().collect(),
            Color::Blue => lines.iter().map(|l| l.chars().rev().collect()).collect(),
        };
        let mut rows = Vec::new();
        for l in &ordered {
            let row: Option<String> = l.trim().chars().map(from_ucc_letter).collect();
            rows.push(row.ok_or_else(|| PlayerFault::Garbage(format!("setup line '{l}'")))?);
        }
        let text = rows.join("/");
        // Let the referee check it against the rules.
        Ok(text.parse::<Setup>().map(|s| s.to_string()).unwrap_or(text))
    }

    fn play(
        &mut self,
        rules: &Rules,
        state: &PlayerState,
        clock: &Clock,
    ) -> Result<String, PlayerFault> {
        let deadline = Instant::now() + clock.limit() + GRACE;
        self.confirm(rules, &state.history)?;
        if !self.started && state.history.is_empty() {
            self.process()?.send("START")?;
        }
        self.started = true;
        let view = view_of(rules, state)?;
        let g = rules.geometry();
        let mut board = Vec::new();
        for y in 0..g.height() {
            let mut line = String::new();
            for x in 0..g.width() {
                let Some(sq) = Square::new(x, y) else {
                    continue;
                };
                line.push(if g.is_impassable(sq) {
                    '+'
                } else if let Some(p) = view.own_at(sq) {
                    ucc_letter(rules, p.kind)
                } else if view.enemy_at(sq).is_some() {
                    '#'
                } else {
                    '.'
                });
            }
            board.push(line);
        }
        let p = self.process()?;
        for line in board {
            p.send(&line)?;
        }
        let answer = p.read_line(deadline)?;
        // peternlewis gives up so when it finds no move; the manager's results call it a
        // surrender, and the record should say so rather than "illegal move".
        if answer.trim() == "SURRENDER" {
            return Err(PlayerFault::Resigned);
        }
        Ok(read_ucc_move(&answer))
    }

    fn game_over(&mut self, rules: &Rules, state: &PlayerState, result: &GameResult) {
        if self.process.is_none() {
            return;
        }
        let _ = self.confirm(rules, &state.history);
        let outcome = match result.winner {
            Some(w) if w == state.color => "VICTORY",
            Some(_) => "DEFEAT",
            None => "DRAW",
        };
        let colour = if state.color == Color::Red {
            "RED"
        } else {
            "BLUE"
        };
        let name = self.spec.name.clone();
        if let Ok(p) = self.process() {
            let _ = p.send(&format!(
                "QUIT {name} {colour} {outcome} {}",
                state.history.len()
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ucc_letters_round_trip() {
        let rules = Rules::preset("classic").unwrap();
        for k in 0..rules.kinds().len() {
            let u = ucc_letter(&rules, k);
            assert_eq!(from_ucc_letter(u), Some(rules.kind(k).letter));
        }
        assert_eq!(ucc_letter(&rules, rules.kind_by_letter('3').unwrap()), '8');
    }

    #[test]
    fn ucc_moves_read_and_write() {
        assert_eq!(read_ucc_move("0 3 DOWN"), "a4a5");
        assert_eq!(read_ucc_move("4 6 UP 3"), "e7e4");
        assert_eq!(read_ucc_move("9 0 LEFT 2"), "j1h1");
        assert_eq!(read_ucc_move("0 0 LEFT"), "0 0 LEFT");
        assert_eq!(read_ucc_move("NO_MOVE"), "NO_MOVE");
        let rules = Rules::preset("classic").unwrap();
        let m = PublicMove::parse("e7e4x27<", &rules).unwrap();
        assert_eq!(confirmation(&rules, &m), "4 6 UP 3 DIES 9 4");
    }
}
