//! A first player: determinized alpha-beta.
//!
//! The enemy's hidden ranks are sampled (whole armies, consistent with everything the view
//! knows), each sample is searched as a perfect-information game with alpha-beta and a
//! quiescence over attacks, and the root moves are scored by their mean over the samples.
//! Iterative deepening keeps a complete answer at every moment; the clock, a node limit or
//! `stop` end the search, and the last complete iteration decides.

pub mod baselines;
pub mod params;
pub mod tt;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::board::{GameEnd, Position};
use crate::eval::{evaluate, kind_value};
use crate::movegen::Move;
use crate::rng::Rng;
use crate::rules::Outcome;
use crate::view::{Belief, Evidence, View};
use params::*;
use tt::{Bound, Entry, Table};

/// What limits one search. Unset fields do not limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Time after which no new iteration starts.
    pub soft_time: Option<Duration>,
    /// Time at which the search stops, whatever it is doing.
    pub hard_time: Option<Duration>,
}

/// Which player chooses the moves: the search, or a baseline to measure it against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    Search,
    /// A uniformly random legal move (drawn from the seed and the ply).
    Random,
    /// Takes the attack it most expects to win, when it expects to win one; otherwise a
    /// random move.
    Greedy,
    /// Rules of thumb in the manner of the bots of the 2000s (see [`baselines`]).
    Classic,
}

impl PlayerKind {
    pub const NAMES: [&'static str; 4] = ["search", "random", "greedy", "classic"];

    pub fn parse(name: &str) -> Option<PlayerKind> {
        match name {
            "search" => Some(PlayerKind::Search),
            "random" => Some(PlayerKind::Random),
            "greedy" => Some(PlayerKind::Greedy),
            "classic" => Some(PlayerKind::Classic),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Search => "search",
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
            PlayerKind::Classic => "classic",
        }
    }
}

/// How the search plays: its size and its strength.
#[derive(Clone, Debug)]
pub struct Config {
    pub seed: u64,
    pub threads: usize,
    /// 1 (weakest) to 100 (full strength).
    pub strength: u32,
    pub player: PlayerKind,
    /// The transposition table, kept between searches by its owner; `None`: each search
    /// makes a small one of its own.
    pub table: Option<Arc<Table>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 0,
            threads: 1,
            strength: 100,
            player: PlayerKind::Search,
            table: None,
        }
    }
}

impl Config {
    fn samples(&self) -> usize {
        (SAMPLES * self.strength as usize / 100).max(2)
    }

    fn max_depth(&self) -> u32 {
        if self.strength >= 100 {
            MAX_DEPTH
        } else {
            1 + self.strength / 25
        }
    }

    /// The evidence the belief about hidden ranks uses: the weakest levels read only the
    /// hard facts.
    fn evidence(&self) -> Evidence {
        if self.strength >= 50 {
            Evidence::ALL
        } else {
            Evidence::NONE
        }
    }

    /// The temperature of the final choice, in centi-Scouts: below full strength the move is
    /// drawn with probability `exp(score / T)`, so a weaker level plays moves that look
    /// plausible but are worse, more often the weaker it is (not random junk).
    fn temperature(&self) -> f64 {
        f64::from(100 - self.strength.min(100)) * TEMPERATURE_PER_STRENGTH
    }
}

/// A progress report after each completed iteration.
#[derive(Clone, Debug)]
pub struct Progress {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub best: Move,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// Searches the view's position for the side to move (which must be the view's own side).
pub fn search(
    view: &View,
    limits: &Limits,
    config: &Config,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Progress),
) -> SearchResult {
    let start = Instant::now();
    let root_moves: Vec<Move> = view.legal_moves().iter().copied().collect();
    let mut result = SearchResult {
        best: root_moves.first().copied(),
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if root_moves.len() <= 1 {
        return result;
    }
    let mut rng = Rng::new(config.seed ^ (view.ply() as u64).wrapping_mul(0x9E37_79B9));
    let baseline = match config.player {
        PlayerKind::Search => None,
        PlayerKind::Random => Some(baselines::random_move(&root_moves, &mut rng)),
        PlayerKind::Greedy => Some(baselines::greedy_move(view, &root_moves, &mut rng)),
        PlayerKind::Classic => Some(baselines::classic_move(view, &root_moves, &mut rng)),
    };
    if baseline.is_some() {
        result.best = baseline;
        return result;
    }
    let belief = Belief::new(view, config.evidence());
    let samples: Vec<Position> = (0..config.samples())
        .map(|_| view.sample(&belief, &mut rng))
        .collect();
    let mut last_scores: Vec<i32> = Vec::new();
    let table = config
        .table
        .clone()
        .unwrap_or_else(|| Arc::new(Table::new(OWN_TABLE_MB)));
    let nodes = AtomicU64::new(0);
    let deadline = limits.hard_time.map(|t| start + t);
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(config.max_depth());
    let threads = config.threads.clamp(1, samples.len());
    for depth in 1..=max_depth {
        let shared = Shared {
            stop,
            nodes: &nodes,
            deadline,
            node_limit: limits.nodes,
            table: &table,
        };
        let totals = if threads == 1 {
            score_samples(&samples, &root_moves, depth, &shared)
        } else {
            let chunk = samples.len().div_ceil(threads);
            std::thread::scope(|scope| {
                let handles: Vec<_> = samples
                    .chunks(chunk)
                    .map(|part| {
                        let (moves, shared) = (&root_moves, &shared);
                        scope.spawn(move || score_samples(part, moves, depth, shared))
                    })
                    .collect();
                let mut sum: Option<Vec<i64>> = Some(vec![0; root_moves.len()]);
                for h in handles {
                    match (h.join().ok().flatten(), sum.as_mut()) {
                        (Some(part), Some(s)) => {
                            for (a, b) in s.iter_mut().zip(part) {
                                *a += b;
                            }
                        }
                        _ => sum = None,
                    }
                }
                sum
            })
        };
        let Some(totals) = totals else { break };
        let n = samples.len() as i64;
        last_scores = totals.iter().map(|&t| (t / n) as i32).collect();
        let (index, score) = last_scores
            .iter()
            .copied()
            .enumerate()
            .max_by_key(|&(i, s)| (s, std::cmp::Reverse(i)))
            .unwrap_or((0, 0));
        result = SearchResult {
            best: Some(root_moves[index]),
            score,
            depth,
            nodes: nodes.load(Ordering::Relaxed),
        };
        report(&Progress {
            depth,
            score,
            nodes: result.nodes,
            elapsed: start.elapsed(),
            best: root_moves[index],
        });
        let soft_over = limits.soft_time.is_some_and(|t| start.elapsed() >= t);
        if soft_over || score.abs() >= WIN_BOUND || stop.load(Ordering::Relaxed) {
            break;
        }
    }
    result.nodes = nodes.load(Ordering::Relaxed);
    let temperature = config.temperature();
    if temperature > 0.0 && !last_scores.is_empty() && result.score.abs() < WIN_BOUND {
        let top = last_scores.iter().copied().max().unwrap_or(0);
        let weights: Vec<f64> = last_scores
            .iter()
            .map(|&s| (f64::from(s - top) / temperature).exp())
            .collect();
        let mut pick = rng.unit() * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                result.best = Some(root_moves[i]);
                result.score = last_scores[i];
                break;
            }
            pick -= w;
        }
    }
    result
}

/// What the threads of one search share.
struct Shared<'a> {
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    table: &'a Table,
}

/// The sum over `samples` of each root move's score at `depth`, or `None` when the search
/// was stopped before it finished.
fn score_samples(
    samples: &[Position],
    moves: &[Move],
    depth: u32,
    shared: &Shared,
) -> Option<Vec<i64>> {
    let mut totals = vec![0i64; moves.len()];
    let mut s = Searcher {
        shared,
        local: 0,
        aborted: false,
    };
    for sample in samples {
        let mut pos = sample.clone();
        for (i, &m) in moves.iter().enumerate() {
            pos.play_unchecked(m);
            let v = -s.alphabeta(&mut pos, depth - 1, -WIN, WIN, 1);
            pos.undo();
            if s.aborted {
                return None;
            }
            totals[i] += v as i64;
        }
    }
    s.flush();
    Some(totals)
}

struct Searcher<'a> {
    shared: &'a Shared<'a>,
    /// Nodes not yet added to the shared count.
    local: u64,
    aborted: bool,
}

impl Searcher<'_> {
    fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.local, Ordering::Relaxed);
        self.local = 0;
    }

    /// Counts a node; every few nodes looks at the stop flag, the clock and the node limit.
    fn tick(&mut self) -> bool {
        self.local += 1;
        if self.local >= CHECK_EVERY {
            self.flush();
            let total = self.shared.nodes.load(Ordering::Relaxed);
            if self.shared.stop.load(Ordering::Relaxed)
                || self.shared.deadline.is_some_and(|d| Instant::now() >= d)
                || self.shared.node_limit.is_some_and(|n| total >= n)
            {
                self.aborted = true;
            }
        }
        !self.aborted
    }

    fn alphabeta(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if !self.tick() {
            return 0;
        }
        if let Some(end) = pos.quick_end() {
            return terminal(pos, end, ply);
        }
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        let key = pos.hash();
        let stored = self.shared.table.probe(key);
        if let Some(e) = stored.filter(|e| e.depth as u32 >= depth) {
            let s = score_from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return s;
            }
        }
        let moves = ordered_moves(pos, stored);
        if moves.is_empty() {
            return no_moves(pos, ply);
        }
        let alpha_before = alpha;
        let mut best = -WIN;
        let mut best_move = moves[0];
        for &(m, _, index) in &moves {
            pos.play_unchecked(m);
            let v = -self.alphabeta(pos, depth - 1, -beta, -alpha, ply + 1);
            pos.undo();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = (m, 0, index);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.table.store(
            key,
            Entry {
                move_index: best_move.2,
                from: best_move.0.from.index() as u8,
                to: best_move.0.to.index() as u8,
                score: score_to_table(best, ply),
                depth: depth.min(255) as u8,
                bound,
            },
        );
        best
    }

    /// Stand pat, or an attack that does not lose material.
    fn quiescence(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        left: u32,
    ) -> i32 {
        if !self.tick() {
            return 0;
        }
        if let Some(end) = pos.quick_end() {
            return terminal(pos, end, ply);
        }
        let stand = evaluate(pos);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for (m, gain, _) in ordered_moves(pos, None) {
            if gain < 0 || !pos.cell(m.to).is_piece() {
                continue;
            }
            pos.play_unchecked(m);
            let v = -self.quiescence(pos, -beta, -alpha, ply + 1, left - 1);
            pos.undo();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// The score of an ended game for the side to move.
fn terminal(pos: &Position, end: GameEnd, ply: i32) -> i32 {
    match end.winner() {
        None => 0,
        Some(w) if w == pos.side_to_move() => WIN - ply,
        Some(_) => -(WIN - ply),
    }
}

/// The score when the side to move has no legal move.
fn no_moves(pos: &Position, ply: i32) -> i32 {
    if pos.can_move_ignoring_repetition(pos.side_to_move().opponent()) {
        -(WIN - ply)
    } else {
        0
    }
}

/// A score as the table keeps it: a win or loss counted from this node, not from the root.
fn score_to_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_BOUND {
        score + ply
    } else if score <= -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn score_from_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_BOUND {
        score - ply
    } else if score <= -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

/// The legal moves with the material each attack wins (known in a determinized position)
/// and their index in the generated list, best first: the table's move, winning attacks,
/// quiet moves, losing attacks.
fn ordered_moves(pos: &Position, stored: Option<Entry>) -> Vec<(Move, i32, u16)> {
    let rules = pos.rules();
    let mut moves: Vec<(Move, i32, u16)> = pos
        .legal_moves()
        .iter()
        .enumerate()
        .map(|(index, &m)| {
            let (a, d) = (pos.cell(m.from), pos.cell(m.to));
            let gain = if d.is_piece() {
                let (va, vd) = (kind_value(rules, a.kind()), kind_value(rules, d.kind()));
                match rules.battle(a.kind(), d.kind()) {
                    Outcome::AttackerWins => vd,
                    Outcome::DefenderWins => -va,
                    Outcome::BothRemoved => vd - va,
                }
            } else {
                0
            };
            let from_table = stored.is_some_and(|e| {
                e.move_index as usize == index
                    && e.from as usize == m.from.index()
                    && e.to as usize == m.to.index()
            });
            (m, if from_table { i32::MAX } else { gain }, index as u16)
        })
        .collect();
    moves.sort_by_key(|&(_, g, _)| std::cmp::Reverse(g));
    if let Some(first) = moves.first_mut().filter(|m| m.1 == i32::MAX) {
        first.1 = 0;
    }
    moves
}
