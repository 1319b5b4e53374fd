//! The referee: the only place that holds both armies.
//!
//! It asks each [`Player`] for a setup and for moves, giving it a [`PlayerState`] built from
//! the truth that holds only what that side may see: its own setup, which enemy squares were
//! occupied at the start, and the public history (squares of every move, and for a battle
//! the two ranks and the outcome, which both sides see). It enforces every rule and the
//! clock, and records how the game ended.

mod clock;

use std::sync::Arc;
use std::time::{Duration, Instant};

pub use clock::{Clock, TimeControl};

use crate::board::{Color, GameEnd, Position, Setup};
use crate::rules::{FirstMover, Rules};
use crate::view::PublicMove;

/// What a player may know when it is asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerState {
    pub color: Color,
    /// Who moved first.
    pub first: Color,
    pub setup: Setup,
    /// The squares the opponent occupied at the start, as the opponent sees its zone
    /// (`?` occupied, `.` empty, front row first).
    pub opponent_occupancy: String,
    pub history: Vec<PublicMove>,
}

/// How a player failed to answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerFault {
    #[error("crashed ({0})")]
    Crashed(String),
    #[error("did not answer in time")]
    TimedOut,
    #[error("sent garbage ({0})")]
    Garbage(String),
    #[error("resigns")]
    Resigned,
}

/// A participant in a game: an engine process, a built-in player, or a person.
pub trait Player: Send {
    fn name(&self) -> &str;
    /// The player's setup as text (`protocol.md`, `go setup`), within `limit`.
    fn setup(
        &mut self,
        rules: &Rules,
        color: Color,
        limit: Duration,
    ) -> Result<String, PlayerFault>;
    /// The player's move as text, within what `clock` allows.
    fn play(
        &mut self,
        rules: &Rules,
        state: &PlayerState,
        clock: &Clock,
    ) -> Result<String, PlayerFault>;
    /// The game is over (a chance to say goodbye; errors are ignored).
    fn game_over(&mut self, _rules: &Rules, _state: &PlayerState, _result: &GameResult) {}
    /// A new game against `opponent` (its name) is about to begin, to be played with
    /// `seed` where the player takes one. A match keeps its players from game to game.
    fn new_game(&mut self, _opponent: &str, _seed: u64) {}
    /// Whether the player always chooses its own setup, even where the referee would impose
    /// one (the second game of a pair replays the first game's setups). A UCC bot must be
    /// asked for its setup before it plays, and goes on from the setup it sent.
    fn chooses_own_setup(&self) -> bool {
        false
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules.
    Rules(GameEnd),
    IllegalSetup {
        loser: Color,
        why: String,
    },
    IllegalMove {
        loser: Color,
        why: String,
    },
    TimeForfeit {
        loser: Color,
    },
    Fault {
        loser: Color,
        fault: PlayerFault,
    },
}

/// The result of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub winner: Option<Color>,
    pub termination: Termination,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`, Red's score first.
    pub fn score_text(&self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Blue) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Why the game ended, in words (`Red captures the flag`).
    pub fn reason(&self) -> String {
        let cap = |c: Color| match c {
            Color::Red => "Red",
            Color::Blue => "Blue",
        };
        match &self.termination {
            Termination::Rules(GameEnd::FlagCaptured { loser }) => {
                format!("{} captures the flag", cap(loser.opponent()))
            }
            Termination::Rules(GameEnd::NoMoves { loser }) => {
                format!("{} cannot move", cap(*loser))
            }
            Termination::Rules(GameEnd::NeitherCanMove) => "neither side can move".into(),
            Termination::Rules(GameEnd::PlyLimit) => "ply limit".into(),
            Termination::Rules(GameEnd::PoolEmpty { loser }) => {
                format!("{} has no points left", cap(*loser))
            }
            Termination::Rules(GameEnd::NoPieces { loser }) => {
                format!("{} has no pieces left", cap(*loser))
            }
            Termination::Rules(GameEnd::BothOut) => "both sides are out".into(),
            Termination::Rules(GameEnd::SuddenDeath { winner }) => {
                format!("{} wins in sudden death", cap(*winner))
            }
            Termination::IllegalSetup { loser, why } => {
                format!("{} illegal setup: {why}", cap(*loser))
            }
            Termination::IllegalMove { loser, why } => {
                format!("{} illegal move: {why}", cap(*loser))
            }
            Termination::TimeForfeit { loser } => format!("{} loses on time", cap(*loser)),
            Termination::Fault { loser, fault } => format!("{} {fault}", cap(*loser)),
        }
    }
}

/// Everything about a finished game: enough to write its record and to replay it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub names: [String; 2],
    pub variant: String,
    pub settings: Vec<String>,
    pub setups: [Option<Setup>; 2],
    pub first: Color,
    pub time_control: TimeControl,
    pub moves: Vec<PublicMove>,
    pub result: GameResult,
}

/// How one game is to be played.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub rules: Arc<Rules>,
    /// Setups imposed on the players (`None`: each player chooses its own).
    pub setups: [Option<Setup>; 2],
    pub first: Color,
    pub time_control: TimeControl,
}

impl GameSpec {
    /// The side that moves first under the rule set, drawing from `seed` when it says
    /// `random`.
    pub fn first_mover(rules: &Rules, seed: u64) -> Color {
        match rules.options().first_mover {
            FirstMover::Red => Color::Red,
            FirstMover::Blue => Color::Blue,
            FirstMover::Random => {
                if crate::rng::Rng::new(seed).below(2) == 0 {
                    Color::Red
                } else {
                    Color::Blue
                }
            }
        }
    }
}

/// The occupancy string of `color`'s zone in `pos`, as `color` sees its zone.
pub fn occupancy(pos: &Position, color: Color) -> String {
    let g = pos.rules().geometry();
    (0..g.home_rows())
        .map(|r| {
            (0..g.width())
                .map(|c| match g.home_square(color, r, c) {
                    Some(sq) if pos.cell(sq).is_piece() => '?',
                    _ => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Plays one game between `players[0]` (Red) and `players[1]` (Blue).
pub fn play_game(spec: &GameSpec, players: [&mut dyn Player; 2]) -> GameRecord {
    let rules = &spec.rules;
    let names = [players[0].name().to_string(), players[1].name().to_string()];
    let mut record = GameRecord {
        names,
        variant: rules.name().to_string(),
        settings: rules.settings(),
        setups: spec.setups.clone(),
        first: spec.first,
        time_control: spec.time_control,
        moves: Vec::new(),
        result: GameResult {
            winner: None,
            termination: Termination::Rules(GameEnd::PlyLimit),
        },
    };

    // Setups: imposed, or asked for and checked.
    let setup_limit = spec.time_control.setup_limit();
    for color in Color::BOTH {
        let i = color.index();
        if record.setups[i].is_some() && !players[i].chooses_own_setup() {
            continue;
        }
        let lose = |why: String| GameResult {
            winner: Some(color.opponent()),
            termination: Termination::IllegalSetup { loser: color, why },
        };
        let answer = match players[i].setup(rules, color, setup_limit) {
            Ok(text) => text,
            Err(fault) => {
                record.result = GameResult {
                    winner: Some(color.opponent()),
                    termination: Termination::Fault {
                        loser: color,
                        fault,
                    },
                };
                return record;
            }
        };
        match answer.parse::<Setup>() {
            Ok(s) => match s.check(rules, color) {
                Ok(()) => record.setups[i] = Some(s),
                Err(problems) => {
                    let why = problems
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join("; ");
                    record.result = lose(format!("'{answer}': {why}"));
                    return record;
                }
            },
            Err(e) => {
                record.result = lose(e.to_string());
                return record;
            }
        }
    }
    let (Some(red_setup), Some(blue_setup)) = (record.setups[0].clone(), record.setups[1].clone())
    else {
        unreachable!("both setups are set above or the game returned");
    };
    let mut truth =
        match Position::from_setups(Arc::clone(rules), &red_setup, &blue_setup, spec.first) {
            Ok(p) => p,
            Err(e) => {
                // Imposed setups that do not fit: nobody's fault; call it a draw.
                record.result = GameResult {
                    winner: None,
                    termination: Termination::IllegalSetup {
                        loser: Color::Red,
                        why: e.to_string(),
                    },
                };
                return record;
            }
        };
    let occupancies = [
        occupancy(&truth, Color::Red),
        occupancy(&truth, Color::Blue),
    ];
    let setups = [red_setup, blue_setup];
    let state_for = |color: Color, history: &[PublicMove]| PlayerState {
        color,
        first: spec.first,
        setup: setups[color.index()].clone(),
        opponent_occupancy: occupancies[color.opponent().index()].clone(),
        history: history.to_vec(),
    };
    let mut clocks = [Clock::new(spec.time_control), Clock::new(spec.time_control)];

    record.result = loop {
        if let Some(end) = truth.game_end() {
            break GameResult {
                winner: end.winner(),
                termination: Termination::Rules(end),
            };
        }
        let color = truth.side_to_move();
        let i = color.index();
        let state = state_for(color, &record.moves);
        let started = Instant::now();
        let answer = players[i].play(rules, &state, &clocks[i]);
        let used = started.elapsed();
        let answer = match answer {
            Ok(a) => a,
            Err(PlayerFault::TimedOut) => {
                break GameResult {
                    winner: Some(color.opponent()),
                    termination: Termination::TimeForfeit { loser: color },
                }
            }
            Err(fault) => {
                break GameResult {
                    winner: Some(color.opponent()),
                    termination: Termination::Fault {
                        loser: color,
                        fault,
                    },
                }
            }
        };
        if !clocks[i].spend(used) {
            break GameResult {
                winner: Some(color.opponent()),
                termination: Termination::TimeForfeit { loser: color },
            };
        }
        let m = match truth.parse_move(answer.trim()) {
            Ok(m) => m,
            Err(e) => {
                break GameResult {
                    winner: Some(color.opponent()),
                    termination: Termination::IllegalMove {
                        loser: color,
                        why: e.to_string(),
                    },
                }
            }
        };
        record.moves.push(PublicMove::observe(&truth, m));
        truth.play_unchecked(m);
    };
    for color in Color::BOTH {
        let state = state_for(color, &record.moves);
        players[color.index()].game_over(rules, &state, &record.result);
    }
    record
}

/// Replays a record through the rules: the result the moves lead to, or why they cannot
/// be replayed. A game that ended by the rules must end the same way; one that ended by a
/// fault must replay cleanly up to its last move.
pub fn replay(record: &GameRecord, rules: Arc<Rules>) -> Result<Option<GameEnd>, String> {
    let (Some(red), Some(blue)) = (&record.setups[0], &record.setups[1]) else {
        return Ok(None);
    };
    let mut pos =
        Position::from_setups(rules, red, blue, record.first).map_err(|e| e.to_string())?;
    for m in &record.moves {
        let text = m.action_text();
        let legal = pos.parse_move(&text).map_err(|e| format!("{text}: {e}"))?;
        if PublicMove::observe(&pos, legal) != *m {
            return Err(format!("{text}: the outcome differs"));
        }
        pos.play_unchecked(legal);
    }
    Ok(pos.game_end())
}
