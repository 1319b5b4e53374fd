//! Inbound commands of the engine protocol (`protocol.md`): parsing only.
//!
//! Each line becomes one [`Command`] or a [`ProtocolError`] that names the offending token.
//! Parsing knows nothing of the game: whether a setup fits the variant or a move is legal is
//! the engine's business.

use std::fmt;

use crate::board::Color;

/// Limits of a `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// Red's and Blue's remaining time, in milliseconds.
    pub time: [Option<u64>; 2],
    /// Red's and Blue's increment, in milliseconds.
    pub inc: [Option<u64>; 2],
    pub movestogo: Option<u64>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
}

/// The `position` command's two forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionCommand {
    /// A player's view: its side, who moved first, its own setup, the enemy occupancy and
    /// the public history.
    Play {
        side: Color,
        first: Option<Color>,
        setup: String,
        opponent: Option<String>,
        moves: Vec<String>,
    },
    /// A full-information position for analysis, then moves played from it.
    Full {
        position: String,
        moves: Vec<String>,
    },
}

/// One inbound command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Sei,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    NewGame,
    Position(PositionCommand),
    GoSetup,
    GoPerft(u32),
    Go(GoLimits),
    Stop,
    Quit,
    /// `d`, or `d all` for every kind the belief gives each hidden piece.
    Display {
        all: bool,
    },
    Eval,
    Legal,
    Bench(Option<u32>),
    /// An empty line.
    Nothing,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    UnknownCommand(String),
    BadArgument { token: String, expected: String },
    Missing { command: String, what: String },
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::UnknownCommand(c) => write!(f, "unknown command '{c}'"),
            ProtocolError::BadArgument { token, expected } => {
                write!(f, "bad argument '{token}': expected {expected}")
            }
            ProtocolError::Missing { command, what } => write!(f, "'{command}' needs {what}"),
        }
    }
}

impl std::error::Error for ProtocolError {}

fn bad(token: &str, expected: &str) -> ProtocolError {
    ProtocolError::BadArgument {
        token: token.to_string(),
        expected: expected.to_string(),
    }
}

fn missing(command: &str, what: &str) -> ProtocolError {
    ProtocolError::Missing {
        command: command.to_string(),
        what: what.to_string(),
    }
}

fn color(token: &str) -> Result<Color, ProtocolError> {
    match token {
        "red" => Ok(Color::Red),
        "blue" => Ok(Color::Blue),
        _ => Err(bad(token, "red or blue")),
    }
}

fn number<T: std::str::FromStr>(
    token: Option<&str>,
    command: &str,
    what: &str,
) -> Result<T, ProtocolError> {
    let token = token.ok_or_else(|| missing(command, what))?;
    token.parse().map_err(|_| bad(token, what))
}

/// Parses one line.
pub fn parse(line: &str) -> Result<Command, ProtocolError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = tokens.split_first() else {
        return Ok(Command::Nothing);
    };
    let no_args = |cmd: Command| match rest.first() {
        None => Ok(cmd),
        Some(t) => Err(bad(t, "nothing after the command")),
    };
    match first {
        "sei" => no_args(Command::Sei),
        "isready" => no_args(Command::IsReady),
        "newgame" => no_args(Command::NewGame),
        "stop" => no_args(Command::Stop),
        "quit" => no_args(Command::Quit),
        "d" => match rest {
            [] => Ok(Command::Display { all: false }),
            ["all"] => Ok(Command::Display { all: true }),
            ["all", extra, ..] => Err(bad(extra, "nothing after 'all'")),
            [t, ..] => Err(bad(t, "nothing, or 'all'")),
        },
        "eval" => no_args(Command::Eval),
        "legal" => no_args(Command::Legal),
        "bench" => match rest {
            [] => Ok(Command::Bench(None)),
            [d] => Ok(Command::Bench(Some(number(Some(d), "bench", "a depth")?))),
            [_, extra, ..] => Err(bad(extra, "at most a depth")),
        },
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest).map(Command::Position),
        "go" => parse_go(rest),
        other => Err(ProtocolError::UnknownCommand(other.to_string())),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, ProtocolError> {
    match rest.first() {
        Some(&"name") => {}
        Some(t) => return Err(bad(t, "'name'")),
        None => return Err(missing("setoption", "name <name> [value <value>]")),
    }
    let rest = &rest[1..];
    let split = rest.iter().position(|&t| t == "value");
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(missing("setoption", "an option name"));
    }
    if value.as_deref() == Some("") {
        return Err(missing("setoption", "a value after 'value'"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(rest: &[&str]) -> Result<PositionCommand, ProtocolError> {
    let split = rest.iter().position(|&t| t == "moves");
    let (head, moves) = match split {
        Some(i) => (
            &rest[..i],
            rest[i + 1..].iter().map(|s| s.to_string()).collect(),
        ),
        None => (rest, Vec::new()),
    };
    let Some((&kind, args)) = head.split_first() else {
        return Err(missing("position", "red, blue or full"));
    };
    if kind == "full" {
        if args.is_empty() {
            return Err(missing("position full", "a full-information position"));
        }
        return Ok(PositionCommand::Full {
            position: args.join(" "),
            moves,
        });
    }
    let side = color(kind).map_err(|_| bad(kind, "red, blue or full"))?;
    let mut first = None;
    let mut setup = None;
    let mut opponent = None;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1).copied();
        match (key, value) {
            ("first", Some(v)) => first = Some(color(v)?),
            ("setup", Some(v)) => setup = Some(v.to_string()),
            ("opponent", Some(v)) => opponent = Some(v.to_string()),
            ("first" | "setup" | "opponent", None) => {
                return Err(missing("position", &format!("a value after '{key}'")))
            }
            _ => return Err(bad(key, "first, setup, opponent or moves")),
        }
        i += 2;
    }
    let setup = setup.ok_or_else(|| missing("position", "setup <own setup>"))?;
    Ok(PositionCommand::Play {
        side,
        first,
        setup,
        opponent,
        moves,
    })
}

fn parse_go(rest: &[&str]) -> Result<Command, ProtocolError> {
    match rest.first() {
        Some(&"setup") => {
            // Limits are accepted and ignored: a setup is chosen at once.
            parse_limits(&rest[1..])?;
            return Ok(Command::GoSetup);
        }
        Some(&"perft") => {
            let depth = number(rest.get(1).copied(), "go perft", "a depth")?;
            if let Some(extra) = rest.get(2) {
                return Err(bad(extra, "nothing after the depth"));
            }
            return Ok(Command::GoPerft(depth));
        }
        _ => {}
    }
    parse_limits(rest).map(Command::Go)
}

fn parse_limits(tokens: &[&str]) -> Result<GoLimits, ProtocolError> {
    let mut l = GoLimits::default();
    let mut it = tokens.iter().copied();
    while let Some(key) = it.next() {
        let ms = "milliseconds";
        match key {
            "rtime" => l.time[0] = Some(number(it.next(), "go rtime", ms)?),
            "btime" => l.time[1] = Some(number(it.next(), "go btime", ms)?),
            "rinc" => l.inc[0] = Some(number(it.next(), "go rinc", ms)?),
            "binc" => l.inc[1] = Some(number(it.next(), "go binc", ms)?),
            "movestogo" => l.movestogo = Some(number(it.next(), "go movestogo", "a move count")?),
            "movetime" => l.movetime = Some(number(it.next(), "go movetime", ms)?),
            "depth" => l.depth = Some(number(it.next(), "go depth", "a depth")?),
            "nodes" => l.nodes = Some(number(it.next(), "go nodes", "a node count")?),
            "infinite" => l.infinite = true,
            other => {
                return Err(bad(
                    other,
                    "rtime, btime, rinc, binc, movestogo, movetime, depth, nodes or infinite",
                ))
            }
        }
    }
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        assert_eq!(parse("  "), Ok(Command::Nothing));
        assert_eq!(parse("isready"), Ok(Command::IsReady));
        assert_eq!(parse("d"), Ok(Command::Display { all: false }));
        assert_eq!(parse("d all"), Ok(Command::Display { all: true }));
        assert_eq!(
            parse("setoption name Move Overhead value 50"),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into())
            })
        );
        assert_eq!(
            parse("go rtime 1000 btime 2000 rinc 10 movestogo 5"),
            Ok(Command::Go(GoLimits {
                time: [Some(1000), Some(2000)],
                inc: [Some(10), None],
                movestogo: Some(5),
                ..GoLimits::default()
            }))
        );
        let p =
            parse("position blue first red setup 2/F opponent ??/.. moves a1a2 b1b2x2X<").unwrap();
        assert_eq!(
            p,
            Command::Position(PositionCommand::Play {
                side: Color::Blue,
                first: Some(Color::Red),
                setup: "2/F".into(),
                opponent: Some("??/..".into()),
                moves: vec!["a1a2".into(), "b1b2x2X<".into()],
            })
        );
        assert_eq!(parse("go perft 3"), Ok(Command::GoPerft(3)));
    }

    #[test]
    fn errors_name_the_token() {
        assert_eq!(
            parse("fly"),
            Err(ProtocolError::UnknownCommand("fly".into()))
        );
        for (line, token) in [
            ("go depth x", "x"),
            ("go sideways", "sideways"),
            ("position green setup x", "green"),
            ("position red setup x banana 3", "banana"),
            ("isready now", "now"),
            ("d some", "some"),
            ("d all extra", "extra"),
            ("setoption nom x", "nom"),
        ] {
            match parse(line) {
                Err(ProtocolError::BadArgument { token: t, .. }) => assert_eq!(t, token, "{line}"),
                other => panic!("{line}: {other:?}"),
            }
        }
        assert!(matches!(
            parse("go depth"),
            Err(ProtocolError::Missing { .. })
        ));
        assert!(matches!(
            parse("position red"),
            Err(ProtocolError::Missing { .. })
        ));
    }
}
