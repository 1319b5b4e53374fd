//! The command line: subcommands that run once and exit.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

use crate::board::Position;
use crate::rules::Rules;

#[derive(Parser, Debug)]
#[command(
    name = "stratagem",
    version,
    about = "An engine, referee and match manager for Stratego and its family"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the full-information game tree below a position.
    Perft(PerftArgs),
    /// Fixed seeded searches (a signature of the search), or with --perft the speed of
    /// move generation.
    Bench(BenchArgs),
    /// Play a match between two engines (cutechess-style options).
    Match(MatchArgs),
    /// Add up the 'Totals:' lines of match shards into one report.
    Merge(MergeArgs),
    /// Play a game against the engine in the terminal.
    Play(PlayArgs),
}

/// The variant and its rule options, shared by every subcommand that needs rules.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Rule set preset: classic, barrage, duel, probe-classic, probe-enhanced, probe-blitz.
    #[arg(long, default_value = "classic")]
    pub variant: String,
    /// A rule option or piece count, OPTION=VALUE (repeatable), e.g. two-squares=off.
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub settings: Vec<String>,
}

impl RulesArgs {
    pub fn rules(&self) -> Result<Rules, String> {
        Rules::with_settings(&self.variant, &self.settings).map_err(|e| e.to_string())
    }

    /// The rules, for a command that plays games through the protocol.
    pub fn playable_rules(&self) -> Result<Rules, String> {
        if !crate::rules::PLAYABLE.contains(&self.variant.as_str()) {
            return Err(format!(
                "'{}' cannot be played through the protocol yet (its actions have no public notation); playable: {}",
                self.variant,
                crate::rules::PLAYABLE.join(", ")
            ));
        }
        self.rules()
    }
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Print the count below each legal first move.
    #[arg(long)]
    pub divide: bool,
    /// Play every leaf move instead of counting the last ply in bulk.
    #[arg(long)]
    pub full: bool,
    /// A full-information position (see protocol.md) or a Gravon field and side.
    pub position: String,
    /// Plies to search.
    pub depth: u32,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth (default 3), or perft depth with --perft (default 5).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Measure perft speed (leaves per second, bulk and full) instead of searching.
    #[arg(long)]
    pub perft: bool,
    /// Search threads (the node count is a fixed signature with 1 only).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// An engine: cmd=PATH [name=N] [dir=D] [arg=A]... [proto=sei|ucc] [option.NAME=VALUE]...
    /// (give it twice).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub engine: Vec<String>,
    /// Settings for both engines, in the form of --engine.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub each: Vec<String>,
    /// Games in the match (rounded up to pairs with the same setups and colours swapped).
    #[arg(long, default_value_t = 2)]
    pub games: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Time control BASE+INC in seconds (e.g. 10+0.1).
    #[arg(long, conflicts_with = "movetime")]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds (default 100 when --tc is not given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Milliseconds an engine may overstep its time before it forfeits.
    #[arg(long, default_value_t = 100)]
    pub tolerance: u64,
    /// A file of setups (the format of the Gravon corpus, or ours one a line).
    #[arg(long)]
    pub setups: Option<std::path::PathBuf>,
    /// Each engine chooses its own setup in every game (the pair's second game does not
    /// replay the first game's setups), so that the setups count in the score.
    #[arg(long, conflicts_with = "setups")]
    pub own_setups: bool,
    /// SPRT: elo0=… elo1=… alpha=… beta=…
    #[arg(long, num_args = 4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Append every game's record to this file.
    #[arg(long)]
    pub records: Option<std::path::PathBuf>,
    /// Seed for setups and first movers.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play only shard I of N (I/N, 1-based); merge the outputs with 'stratagem merge'.
    #[arg(long, default_value = "1/1")]
    pub shard: String,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Your colour.
    #[arg(long, default_value = "red", value_parser = ["red", "blue"])]
    pub color: String,
    /// The engine's time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// The engine's strength, 1 to 100.
    #[arg(long, default_value_t = 100)]
    pub strength: u32,
    /// Seed for setups and the first mover.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Play an engine process instead of the built-in one: cmd=PATH [name=N] [proto=sei|ucc] ...
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub engine: Vec<String>,
    /// Append the game's record to this file.
    #[arg(long)]
    pub records: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Names of the two engines, for the report.
    #[arg(long, num_args = 2, default_values = ["A", "B"])]
    pub names: Vec<String>,
    /// Files holding the output of each shard.
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
}

/// Runs the command line; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    let result = match cli.command {
        Some(Command::Perft(args)) => run_perft(&args),
        Some(Command::Match(args)) => run_match(&args),
        Some(Command::Merge(args)) => run_merge(&args),
        Some(Command::Play(args)) => run_play(&args),
        Some(Command::Bench(args)) if args.perft => crate::bench::run(args.depth.unwrap_or(5)),
        Some(Command::Bench(args)) => {
            let depth = args.depth.unwrap_or(crate::engine::BENCH_DEPTH);
            let (nodes, nps) =
                crate::engine::bench(depth, args.threads.max(1), |l| println!("{l}"));
            println!("{nodes} nodes {nps} nps");
            Ok(())
        }
        None => {
            let stdin = std::io::stdin();
            crate::engine::run(stdin.lock(), Box::new(std::io::stdout()));
            Ok(())
        }
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

fn run_perft(args: &PerftArgs) -> Result<(), String> {
    let rules = Arc::new(args.rules.rules()?);
    let mut pos = Position::from_text(rules, &args.position).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let out = std::io::stdout();
    let mut out = out.lock();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in crate::perft::divide(&mut pos, args.depth) {
            writeln!(out, "{m}: {n}").map_err(|e| e.to_string())?;
            total += n;
        }
        writeln!(out).map_err(|e| e.to_string())?;
        total
    } else if args.full {
        crate::perft::perft_full(&mut pos, args.depth)
    } else {
        crate::perft::perft(&mut pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    log::info!(
        "{nodes} leaves in {secs:.3} s, {:.0} leaves/s",
        nodes as f64 / secs.max(1e-9)
    );
    writeln!(out, "Nodes searched: {nodes}").map_err(|e| e.to_string())?;
    Ok(())
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    use crate::referee::TimeControl;
    use crate::tournament::process::EngineSpec;
    use crate::tournament::runner::{read_setups, run_match, MatchConfig};
    use std::time::Duration;

    // clap flattens the values of repeated options; the groups come from the raw arguments.
    let raw: Vec<String> = std::env::args().collect();
    let groups = occurrences(&raw, "--engine");
    if groups.len() != 2 {
        return Err(format!("a match needs two --engine, got {}", groups.len()));
    }
    let spec = |tokens: &Vec<String>| {
        let mut all = args.each.clone();
        all.extend(tokens.iter().cloned());
        EngineSpec::parse(&all)
    };
    let mut engines = [spec(&groups[0])?, spec(&groups[1])?];
    if engines[0].name == engines[1].name {
        engines[1].name.push_str("-2");
    }
    let rules = Arc::new(args.rules.playable_rules()?);
    let tolerance = Duration::from_millis(args.tolerance);
    let time_control = match (&args.tc, args.movetime) {
        (Some(tc), _) => TimeControl::parse_increment(tc, tolerance)?,
        (None, ms) => TimeControl::MoveTime {
            per_move: Duration::from_millis(ms.unwrap_or(100)),
            tolerance,
        },
    };
    let setups = match &args.setups {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(read_setups(&text, &rules)?)
        }
        None => None,
    };
    let sprt = args
        .sprt
        .as_ref()
        .map(|t| crate::tournament::stats::Sprt::parse(t))
        .transpose()?;
    let shard = args
        .shard
        .split_once('/')
        .and_then(|(i, n)| Some((i.parse::<u64>().ok()?, n.parse::<u64>().ok()?)))
        .filter(|&(i, n)| n >= 1 && (1..=n).contains(&i))
        .ok_or_else(|| format!("--shard '{}' is not I/N with 1 <= I <= N", args.shard))?;
    let cfg = MatchConfig {
        engines,
        games: args.games.max(1),
        concurrency: args.concurrency.max(1),
        rules,
        time_control,
        setups,
        own_setups: args.own_setups,
        sprt,
        records: args.records.clone(),
        seed: args.seed,
        shard,
    };
    let stdout = std::io::stdout();
    run_match(&cfg, &mut stdout.lock()).map(|_| ())
}

fn run_merge(args: &MergeArgs) -> Result<(), String> {
    use crate::tournament::runner::merge_totals;
    use crate::tournament::stats::Report;
    let mut texts = Vec::new();
    for f in &args.files {
        texts.push(std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?);
    }
    let score = merge_totals(&texts)?;
    let report = Report {
        names: [&args.names[0], &args.names[1]],
        score: &score,
        sprt: None,
    };
    println!("{report}");
    Ok(())
}

/// The values of each occurrence of `flag` in raw arguments: the tokens after it up to the
/// next token that starts with `--`.
pub fn occurrences(raw: &[String], flag: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == flag {
            let values: Vec<String> = raw[i + 1..]
                .iter()
                .take_while(|t| !t.starts_with("--"))
                .cloned()
                .collect();
            i += values.len();
            out.push(values);
        }
        i += 1;
    }
    out
}

fn run_play(args: &PlayArgs) -> Result<(), String> {
    use crate::board::Color;
    use crate::human::HumanPlayer;
    use crate::players::SearchPlayer;
    use crate::referee::{play_game, GameSpec, Player, TimeControl};
    use crate::search::Config;
    use crate::tournament::process::{EngineSpec, Proto};
    use std::time::Duration;

    let rules = Arc::new(args.rules.playable_rules()?);
    let human_color = if args.color == "blue" {
        Color::Blue
    } else {
        Color::Red
    };
    let stdin = std::io::stdin();
    let mut human = HumanPlayer::new(
        "you",
        std::io::BufReader::new(stdin),
        std::io::stdout(),
        args.seed,
    );
    let raw: Vec<String> = std::env::args().collect();
    let mut engine: Box<dyn Player> = match occurrences(&raw, "--engine").first() {
        Some(tokens) => {
            let spec = EngineSpec::parse(tokens)?;
            match spec.proto {
                Proto::Sei => Box::new(crate::tournament::engines::SeiPlayer::new(spec)),
                Proto::Ucc => Box::new(crate::tournament::engines::UccPlayer::new(spec)),
            }
        }
        None => Box::new(SearchPlayer::new(
            "stratagem",
            Config {
                seed: args.seed,
                strength: args.strength.clamp(1, 100),
                ..Config::default()
            },
            None,
        )),
    };
    let spec = GameSpec {
        first: GameSpec::first_mover(&rules, args.seed),
        rules: Arc::clone(&rules),
        setups: [None, None],
        time_control: TimeControl::MoveTime {
            per_move: Duration::from_millis(args.movetime.max(1)),
            // People take their time; the limit applies to the engine only in spirit.
            tolerance: Duration::from_secs(365 * 24 * 3600),
        },
    };
    let record = if human_color == Color::Red {
        play_game(&spec, [&mut human, engine.as_mut()])
    } else {
        play_game(&spec, [engine.as_mut(), &mut human])
    };
    if let Some(path) = &args.records {
        let text = crate::tournament::record::write_record(&record, 1, &rules);
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_options_keep_their_groups() {
        let raw: Vec<String> =
            "x match --engine cmd=a name=A --games 2 --engine name=B cmd=b --each option.Hash=4"
                .split(' ')
                .map(String::from)
                .collect();
        assert_eq!(
            occurrences(&raw, "--engine"),
            vec![
                vec!["cmd=a".to_string(), "name=A".into()],
                vec!["name=B".into(), "cmd=b".into()]
            ]
        );
        assert_eq!(
            occurrences(&raw, "--each"),
            vec![vec!["option.Hash=4".to_string()]]
        );
    }
}
