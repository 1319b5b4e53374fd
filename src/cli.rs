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
}

/// Runs the command line; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    let result = match cli.command {
        Some(Command::Perft(args)) => run_perft(&args),
        Some(Command::Bench(args)) if args.perft => crate::bench::run(args.depth.unwrap_or(5)),
        Some(Command::Bench(args)) => {
            let depth = args.depth.unwrap_or(crate::engine::BENCH_DEPTH);
            let (nodes, nps) = crate::engine::bench(depth, |l| println!("{l}"));
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
