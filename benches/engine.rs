//! `cargo bench`: the speed of each layer the engine's move time goes to, on the fixed
//! positions and views of `stratagem bench` ([`stratagem::bench::POSITIONS`],
//! [`stratagem::bench::VIEWS`]).
//!
//! A plain `main` (`harness = false` in `Cargo.toml`): the standard bench harness needs a
//! nightly compiler, and these measurements want only a clock. Each timing is the best of
//! [`ROUNDS`] runs, which sheds most of what other work on the machine adds. The counts
//! (nodes, leaves) are fixed by the seeds; the times are this machine's. `stratagem bench`
//! remains the search's signature (its node count) and the number to quote in commits.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use stratagem::bench::{POSITIONS, VIEWS};
use stratagem::board::Position;
use stratagem::eval::evaluate;
use stratagem::perft::perft;
use stratagem::rng::Rng;
use stratagem::rules::Rules;
use stratagem::view::{Belief, Evidence, View};

/// Runs per measurement; the fastest counts.
const ROUNDS: usize = 5;

fn main() {
    // `cargo bench -- NAME` runs the groups whose name contains NAME (Cargo's own flags,
    // such as `--bench`, are not filters).
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    let positions: Vec<(&str, Position)> = POSITIONS
        .iter()
        .filter_map(|bp| {
            let rules = Arc::new(Rules::preset(bp.variant).ok()?);
            Some((bp.name, Position::from_text(rules, bp.text).ok()?))
        })
        .collect();
    if wanted("search") {
        search();
    }
    if wanted("movegen") {
        movegen(&positions);
    }
    if wanted("eval") {
        eval(&positions);
    }
    if wanted("belief") {
        let views: Vec<(&str, View)> = positions
            .iter()
            .map(|(name, pos)| (*name, View::from_position(pos)))
            .chain(
                VIEWS
                    .iter()
                    .filter_map(|bv| Some((bv.name, bv.view().ok()?))),
            )
            .collect();
        belief(&views);
    }
}

/// The fastest of [`ROUNDS`] runs of `f`, and its last result.
fn best_of<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        let r = black_box(f());
        best = best.min(start.elapsed());
        out = Some(r);
    }
    (best, out.expect("ROUNDS is not 0"))
}

fn per_second(count: u64, time: Duration) -> f64 {
    count as f64 / time.as_secs_f64().max(1e-9)
}

/// The whole search (sampled armies, root chances, alpha-beta) to fixed depths, one thread:
/// what `stratagem bench` runs.
fn search() {
    for depth in [3, 5] {
        let (time, (nodes, _)) = best_of(|| stratagem::engine::bench(depth, 1, |_| {}));
        println!(
            "search   depth {depth}: {nodes:>10} nodes {:>8.1} ms {:>10.0} nodes/s",
            time.as_secs_f64() * 1e3,
            per_second(nodes, time)
        );
    }
}

/// Move generation: perft to depth 4 with the last ply counted in bulk.
fn movegen(positions: &[(&str, Position)]) {
    for (name, pos) in positions {
        let mut pos = pos.clone();
        let (time, leaves) = best_of(|| perft(&mut pos, 4));
        println!(
            "movegen  {name:<22} {leaves:>10} leaves {:>8.1} ms {:>10.0} leaves/s",
            time.as_secs_f64() * 1e3,
            per_second(leaves, time)
        );
    }
}

/// The static evaluation from scratch (the search keeps it up to date move by move, and
/// counts from scratch only after the moves that change more than two squares).
fn eval(positions: &[(&str, Position)]) {
    const CALLS: u64 = 10_000;
    for (name, pos) in positions {
        let (time, _) = best_of(|| (0..CALLS).map(|_| evaluate(black_box(pos))).sum::<i32>());
        println!(
            "eval     {name:<22} {:>8.2} µs a call",
            time.as_secs_f64() * 1e6 / CALLS as f64
        );
    }
}

/// The belief about the hidden enemy ranks that each search starts from: building it from
/// the view, drawing one whole army, and the marginals of 800 draws
/// (`search::params::MARGINAL_DRAWS`) that weigh the root's battles.
fn belief(views: &[(&str, View)]) {
    for (name, view) in views {
        let (build, belief) = best_of(|| Belief::new(view, Evidence::ALL));
        let mut rng = Rng::new(1);
        let (draw, _) = best_of(|| belief.sample(view, &mut rng));
        let (marginals, _) = best_of(|| belief.marginals(view, &mut rng, 800));
        println!(
            "belief   {name:<22} new {:>7.2} ms  one army {:>7.1} µs  800 draws {:>7.2} ms",
            build.as_secs_f64() * 1e3,
            draw.as_secs_f64() * 1e6,
            marginals.as_secs_f64() * 1e3
        );
    }
}
