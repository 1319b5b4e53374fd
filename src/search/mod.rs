//! A first player: determinized alpha-beta.
//!
//! The enemy's hidden ranks are sampled (whole armies, consistent with everything the view
//! knows), each sample is searched as a perfect-information game with alpha-beta and a
//! quiescence over attacks, and the root moves are scored by their mean over the samples.
//! Where a few samples would misjudge a rare outcome, the root weighs it by the belief's
//! chance in every sample instead: each outcome of a battle with a piece of unknown kind,
//! and a hidden Spy beside the square our Marshal reaches when the enemy knows it, from
//! before or from the battle the move wins. Below the root, our attacks on unmoved pieces
//! we have not identified count the material the belief expects of them, not what the
//! sampled army knows. Both take a hidden piece's odds of being a Bomb as
//! [`params::BOMB_DOUBT`] times the belief's ([`params::STRONG_BOMB_DOUBT`] for the Marshal
//! and the General): the search picks the attacks the belief thinks safest, whose Bomb
//! chance is therefore too low more often than too high. For the same reason the Spy
//! beside our Marshal counts with [`params::SPY_DOUBT`] times its odds.
//! Each sample's alpha-beta is a principal variation search: after the first move, the
//! others are tested with a null window, late quiet ones one ply shallower
//! ([`params::LMR_MIN_DEPTH`]), the latest of them two ([`params::LMR_DEEP_AFTER`]) or, at
//! the last ply, not at all ([`params::LMP_AFTER`]), and a node tested so whose static
//! score already reaches the bound first tries a pass, the null move
//! ([`params::NULL_MOVE`]): if the other side's reply, searched shallower, cannot bring it
//! down, the node is cut off at once. Iterative deepening keeps a complete answer at every
//! moment; the clock, a node limit or `stop` end the search. The last iteration decides:
//! over every sample when it finished, otherwise over the samples it finished and the
//! previous depth's scores of the others. When every move loses by force in every sample
//! (each shows the enemy our Flag), the search starts again as if the enemy may not find
//! our Flag, and plays the move that ends the threat soonest.

pub mod baselines;
mod chances;
mod enemy;
pub mod params;
pub mod tt;

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::board::{Color, Square, MAILBOX};
use crate::board::{GameEnd, Position};
use crate::eval::{kind_value, Incremental, Walks};
use crate::movegen::Move;
use crate::rng::Rng;
use crate::rules::{MoreSquares, Outcome};
use crate::view::{Belief, Evidence, View};
use chances::{root_chances, BlindBattles, Sample};
pub use enemy::enemy_model_text;
use enemy::{cautious_enemy, BlindEnemy, Caution};
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
    /// Whether the belief judges how predictably the opponent places its Bombs
    /// ([`Evidence::sharpness`]).
    pub bomb_habits: bool,
    /// Whether the belief reads the Spy's hunt for our identified Marshal
    /// ([`Evidence::stalking`], option `Spy Hunt`).
    pub spy_hunt: bool,
    /// Whether the belief reads the attacks the enemy's hidden pieces declined
    /// ([`Evidence::declines`], option `Declined Attacks`).
    pub declined_attacks: bool,
    /// Whether the evaluation makes the guard of our walled (or breached) Flag keep up with
    /// enemy Miners that come near it ([`Incremental::unguarded`], option `Flag Guard`).
    pub flag_guard: bool,
    /// Whether the search brings back the one piece of ours that beats an identified enemy
    /// raider in our half ([`Incremental::unanswered`], option `Chase Raiders`).
    pub chase_raiders: bool,
    /// Whether a known piece that a known piece beating it has cornered counts as partly
    /// lost, for either side ([`Incremental::cornered`], option `Cornered`).
    pub cornered: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 0,
            threads: 1,
            strength: 100,
            player: PlayerKind::Search,
            table: None,
            bomb_habits: true,
            spy_hunt: false,
            declined_attacks: true,
            flag_guard: true,
            chase_raiders: true,
            cornered: false,
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
                .with_sharpness(self.bomb_habits)
                .with_stalking(self.spy_hunt)
                .with_declines(self.declined_attacks)
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

/// A progress report after each iteration (the last one may have finished only some
/// samples).
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
    let positions: Vec<Position> = (0..config.samples())
        .map(|_| view.sample(&belief, &mut rng))
        .collect();
    let (battles, exposures, blind) = root_chances(view, &belief, &root_moves, &mut rng);
    let samples: Vec<Sample> = positions
        .into_iter()
        .map(|pos| Sample::new(pos, view, &battles, &exposures, &mut rng))
        .collect();
    let mut last_scores: Vec<i32> = Vec::new();
    let repeats = looping_moves(view, &root_moves);
    let table = config
        .table
        .clone()
        .unwrap_or_else(|| Arc::new(Table::new(OWN_TABLE_MB)));
    let nodes = AtomicU64::new(0);
    let deadline = limits.hard_time.map(|t| start + t);
    let cautious = cautious_enemy(view);
    let flag_known = view
        .enemy_pieces()
        .iter()
        .any(|p| p.square.is_some() && p.known_kind().is_some_and(|k| view.rules().is_flag(k)));
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(config.max_depth());
    let threads = config.threads.clamp(1, samples.len());
    // Each sample's tallies (one per root move) at the deepest iteration it finished.
    let mut deepest: Vec<Option<Vec<Tally>>> = vec![None; samples.len()];
    // Whether every move lost by force in every army: then the search starts again, in
    // hope that the enemy does not find our Flag (see `Searcher::hoping`).
    let mut hope = false;
    let mut depth = 0;
    while depth < max_depth {
        depth += 1;
        // The moves in the order of the last iteration's scores, best first.
        let mut order: Vec<usize> = (0..root_moves.len()).collect();
        if !last_scores.is_empty() {
            order.sort_by_key(|&i| std::cmp::Reverse(last_scores[i]));
        }
        let shared = Shared {
            stop,
            nodes: &nodes,
            deadline,
            node_limit: limits.nodes,
            table: &table,
            cautious,
            me: view.me(),
            flag_known,
            stale: view.plies_since_enemy_loss(),
            blind: &blind,
            blind_enemy: (!cautious).then(|| BlindEnemy::new(view)),
            flag_guard: config.flag_guard,
            chase_raiders: config.chase_raiders,
            cornered: config.cornered,
            hope,
        };
        // The threads take the samples one at a time from a common counter, so that one
        // that drew quick samples does not wait idle for the others.
        let next = AtomicUsize::new(0);
        let scored: Vec<(usize, Vec<Tally>)> = if threads == 1 {
            score_samples(&samples, &root_moves, &order, depth, &shared, &next)
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        let (samples, moves, order) = (&samples, &root_moves, &order);
                        let (shared, next) = (&shared, &next);
                        scope.spawn(move || {
                            score_samples(samples, moves, order, depth, shared, next)
                        })
                    })
                    .collect();
                // A thread that panicked loses its samples: they count as unfinished.
                handles
                    .into_iter()
                    .flat_map(|h| h.join().unwrap_or_default())
                    .collect()
            })
        };
        let mut finished: Vec<Option<Vec<Tally>>> = vec![None; samples.len()];
        for (k, tallies) in scored {
            finished[k] = Some(tallies);
        }
        // A sample this iteration finished counts at this depth; one it did not keeps its
        // last depth. When the time runs out in the middle of an iteration, the samples it
        // got through still tell their deeper scores, rather than being thrown away.
        let complete = finished.iter().all(Option::is_some);
        let deeper = finished.iter().filter(|f| f.is_some()).count();
        for (d, f) in deepest.iter_mut().zip(finished) {
            if f.is_some() {
                *d = f;
            }
        }
        if deepest.iter().any(Option::is_none) || deeper == 0 {
            break;
        }
        let mut totals = vec![Tally::default(); root_moves.len()];
        for tallies in deepest.iter().flatten() {
            for (t, s) in totals.iter_mut().zip(tallies) {
                t.merge(s);
            }
        }
        last_scores = totals
            .iter()
            .zip(&repeats)
            .map(|(t, &again)| {
                let score = t.score(samples.len());
                if again {
                    score.min(0)
                } else {
                    score
                }
            })
            .collect();
        if log::log_enabled!(log::Level::Debug) {
            let mut listed: Vec<String> = root_moves
                .iter()
                .zip(&last_scores)
                .map(|(m, s)| format!("{m} {s}"))
                .collect();
            listed.sort_by_key(|t| {
                std::cmp::Reverse(t.rsplit(' ').next().and_then(|s| s.parse::<i32>().ok()))
            });
            log::debug!("depth {depth}: {}", listed.join(", "));
        }
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
        if !hope && complete && !soft_over && score <= -WIN_BOUND && flag_hidden(view) {
            log::info!("every move loses if the enemy finds our Flag: searching in hope");
            hope = true;
            depth = 0;
            deepest = vec![None; samples.len()];
            last_scores.clear();
            continue;
        }
        if !complete || soft_over || score.abs() >= WIN_BOUND || stop.load(Ordering::Relaxed) {
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
        if let Some(i) = rng.weighted(&weights) {
            result.best = Some(root_moves[i]);
            result.score = last_scores[i];
        }
    }
    result
}

/// Whether our Flag stands on the board unrevealed: only then can the enemy miss it.
fn flag_hidden(view: &View) -> bool {
    let rules = view.rules();
    view.own_pieces()
        .iter()
        .any(|p| rules.is_flag(p.kind) && p.square.is_some() && !p.revealed)
}

/// For each of `moves`, whether it scores no better than a draw because it goes round a loop:
/// under rules with no repetition limit, it leads back into a placement that stood
/// [`REPEAT_DRAW_SEEN`] times before. Going round the same loop again is what ends in a draw
/// at the ply limit; the repetition rules, where they hold, end loops themselves.
fn looping_moves(view: &View, moves: &[Move]) -> Vec<bool> {
    let o = view.rules().options();
    let unruled = o.two_squares == 0 && o.more_squares == MoreSquares::None;
    moves
        .iter()
        .map(|&m| unruled && view.times_seen_after(m) >= REPEAT_DRAW_SEEN)
        .collect()
}

/// What the threads of one search share.
struct Shared<'a> {
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    table: &'a Table,
    /// Whether the enemy in the sampled armies is a [`Caution`]s one.
    cautious: bool,
    /// The side the search plays, and whether it knows where the enemy's Flag stands.
    me: Color,
    flag_known: bool,
    /// Plies since the enemy last lost a piece, at the root.
    stale: u32,
    /// What our attacks below the root on the enemy's unmoved hidden pieces win on average.
    blind: &'a BlindBattles,
    /// What a reckless enemy's attacks on our hidden pieces win on average (none while the
    /// enemy is [`Caution`]s).
    blind_enemy: Option<BlindEnemy>,
    /// Whether a late guard of our walled Flag costs ([`Config::flag_guard`]).
    flag_guard: bool,
    /// Whether an unanswered enemy raider costs ([`Config::chase_raiders`]).
    chase_raiders: bool,
    /// Whether cornered known pieces count ([`Config::cornered`]).
    cornered: bool,
    /// Whether the enemy takes our unrevealed Flag only with a chance ([`Searcher::hoping`]).
    hope: bool,
}

/// A root move's scores over the sampled armies.
///
/// The scores are averaged as win chances, not as centi-Scouts: a won game is worth
/// [`WIN`], so a plain mean would let one army in eight where a Flag lies in reach outweigh
/// a Marshal lost to a Bomb in all the others. Through [`chance_of_score`] a won sample counts as
/// one certain win and no more.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// The sum of the win chances.
    chance: f64,
    /// Samples won and lost by force, and the slowest win and the slowest loss among them.
    wins: usize,
    losses: usize,
    slowest_win: Option<i32>,
    slowest_loss: Option<i32>,
}

/// Both, or the one that is there, through `pick`.
fn either(a: Option<i32>, b: Option<i32>, pick: fn(i32, i32) -> i32) -> Option<i32> {
    match (a, b) {
        (Some(x), Some(y)) => Some(pick(x, y)),
        (x, y) => x.or(y),
    }
}

impl Tally {
    fn add(&mut self, score: i32) {
        self.chance += chance_of_score(score);
        if score >= WIN_BOUND {
            self.wins += 1;
            self.slowest_win = either(self.slowest_win, Some(score), i32::min);
        } else if score <= -WIN_BOUND {
            self.losses += 1;
            self.slowest_loss = either(self.slowest_loss, Some(score), i32::max);
        }
    }

    /// A battle's outcomes in one sample: their chances (summing to one) and scores.
    fn add_outcomes(&mut self, outcomes: &[(f64, i32)]) {
        let chance: f64 = outcomes.iter().map(|&(c, s)| c * chance_of_score(s)).sum();
        let scores = outcomes.iter().map(|o| o.1);
        if outcomes.iter().all(|o| o.1 >= WIN_BOUND) {
            self.add(scores.min().unwrap_or(WIN));
        } else if outcomes.iter().all(|o| o.1 <= -WIN_BOUND) {
            self.add(scores.max().unwrap_or(-WIN));
        } else {
            self.chance += chance;
        }
    }

    fn merge(&mut self, other: &Tally) {
        self.chance += other.chance;
        self.wins += other.wins;
        self.losses += other.losses;
        self.slowest_win = either(self.slowest_win, other.slowest_win, i32::min);
        self.slowest_loss = either(self.slowest_loss, other.slowest_loss, i32::max);
    }

    /// The move's score over `samples` armies: a forced result when every army gives one,
    /// otherwise the mean win chance told back in centi-Scouts.
    fn score(&self, samples: usize) -> i32 {
        if self.wins == samples {
            self.slowest_win.unwrap_or(WIN)
        } else if self.losses == samples {
            self.slowest_loss.unwrap_or(-WIN)
        } else {
            score_of_chance(self.chance / samples as f64)
        }
    }
}

/// What a battle below the root gives the attacker, both kinds known: the defender's value
/// if it wins, minus its own if it loses. Taking a Flag we did not know for one counts as
/// [`Searcher::terminal`] scores it.
fn battle_gain(rules: &crate::rules::Rules, attacker: usize, defender: usize) -> i32 {
    let (va, vd) = (kind_value(rules, attacker), kind_value(rules, defender));
    let vd = if rules.is_flag(defender) {
        vd - GUESSED_FLAG
    } else {
        vd
    };
    match rules.battle(attacker, defender) {
        Outcome::AttackerWins => vd,
        Outcome::DefenderWins => -va,
        Outcome::BothRemoved => vd - va,
    }
}

/// The chance to win that a score stands for: a logistic curve of scale [`SCORE_SCALE`],
/// reaching 0 and 1 at forced losses and wins.
pub fn chance_of_score(score: i32) -> f64 {
    1.0 / (1.0 + (-f64::from(score) / SCORE_SCALE).exp())
}

/// The inverse of [`chance_of_score`], kept short of the forced results.
fn score_of_chance(chance: f64) -> i32 {
    let c = chance.clamp(1e-12, 1.0 - 1e-12);
    let s = SCORE_SCALE * (c / (1.0 - c)).ln();
    (s.round() as i32).clamp(-(WIN_BOUND - 1), WIN_BOUND - 1)
}

/// Scores the samples whose indices `next` hands out, one at a time, until it has handed
/// out all of them or the search is stopped: the index and the root moves' tallies at
/// `depth` of each sample finished.
fn score_samples(
    samples: &[Sample],
    moves: &[Move],
    order: &[usize],
    depth: u32,
    shared: &Shared,
    next: &AtomicUsize,
) -> Vec<(usize, Vec<Tally>)> {
    let mut finished = Vec::new();
    let mut s = Searcher {
        shared,
        local: 0,
        aborted: false,
        generated: Vec::new(),
        lists: Vec::new(),
        keys: Vec::new(),
        sorted: Vec::new(),
        history: vec![0; HISTORY_SIZE],
        eval: Incremental::default(),
        walks: Walks::default(),
        caution: None,
        stale: shared.stale,
        our_flag: None,
        barred: None,
        no_null: -1,
    };
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some(sample) = samples.get(index) else {
            break;
        };
        let mut totals = vec![Tally::default(); moves.len()];
        let mut pos = sample.pos.clone();
        s.caution = shared.cautious.then(|| Caution::new(&pos));
        s.our_flag = shared.hope.then(|| hidden_flag(&pos, shared.me)).flatten();
        s.stale = shared.stale;
        let start = Incremental::new(&pos);
        // The best score of this sample so far: a move more than ROOT_MARGIN below it is
        // only bounded (its score is an upper bound), which it tells apart as well.
        let mut best = -WIN;
        for &i in order {
            let m = moves[i];
            let floor = if best > -WIN_BOUND {
                best - ROOT_MARGIN
            } else {
                -WIN
            };
            let Some(outcomes) = sample.battles.iter().find(|b| b.0 == i).map(|b| &b.1) else {
                s.eval = start;
                let v = s.root_move(&mut pos, m, depth, floor);
                if s.aborted {
                    s.flush();
                    return finished;
                }
                best = best.max(v);
                totals[i].add(v);
                continue;
            };
            let mut scores = Vec::with_capacity(outcomes.len());
            for (chance, changes) in outcomes {
                let undo: Vec<(Square, usize)> = changes
                    .iter()
                    .map(|&(sq, _)| (sq, pos.cell(sq).kind()))
                    .collect();
                for &(sq, kind) in changes {
                    pos.set_kind(sq, kind);
                }
                s.eval = Incremental::new(&pos);
                let v = s.root_move(&mut pos, m, depth, floor);
                for &(sq, kind) in undo.iter().rev() {
                    pos.set_kind(sq, kind);
                }
                if s.aborted {
                    s.flush();
                    return finished;
                }
                scores.push((*chance, v));
            }
            totals[i].add_outcomes(&scores);
        }
        // Each army and what each root move scored in it (`RUST_LOG=trace`): the one way
        // to see that a search missed a threat because no sample held it.
        if log::log_enabled!(log::Level::Trace) {
            let army: Vec<String> = pos
                .occupied_squares(shared.me.opponent())
                .map(|sq| format!("{sq}{}", pos.rules().kind(pos.cell(sq).kind()).letter))
                .collect();
            let scores: Vec<String> = order
                .iter()
                .map(|&i| format!("{} {:.3}", moves[i], totals[i].chance))
                .collect();
            log::trace!(
                "sample {index} depth {depth}: {} | {}",
                army.join(" "),
                scores.join(", ")
            );
        }
        finished.push((index, totals));
    }
    s.flush();
    finished
}

struct Searcher<'a> {
    shared: &'a Shared<'a>,
    /// Nodes not yet added to the shared count.
    local: u64,
    aborted: bool,
    /// Reused move buffers, so that a node allocates nothing: the generator's output, and
    /// the ordered lists of the nodes on the current path.
    generated: Vec<Move>,
    lists: Vec<Vec<Scored>>,
    /// Reused buffers for sorting a list: each move's place in the order, and the list
    /// in that order.
    keys: Vec<u64>,
    sorted: Vec<Scored>,
    /// How often (weighted by depth²) each quiet move made a cut, per side, from and to:
    /// the history heuristic that orders quiet moves. Killer moves on top of it (the last
    /// two quiet cuts of a ply tried first) were measured and left out: 5.34 M nodes
    /// instead of 5.82 M at `bench --depth 6`, but 126-137-8 (−14 ± 41) after 271 games of
    /// self-play at 50 ms a move (seed 306; commit 25ac342 holds that code).
    history: Vec<u32>,
    /// The evaluation of the position being searched, kept up to date move by move.
    eval: Incremental,
    /// What the enemy knows of our army, when it is to attack only what that allows.
    caution: Option<Caution>,
    /// Plies since the enemy last lost a piece, along the line being searched.
    stale: u32,
    /// The walks around our walls that [`Incremental::unguarded`] and
    /// [`Incremental::unanswered`] measure by.
    walks: Walks,
    /// In a search in hope, our unrevealed Flag's square, and the ply of the node (if any)
    /// on the current path where the enemy is barred from taking it ([`Searcher::hoping`]).
    our_flag: Option<Square>,
    barred: Option<i32>,
    /// The ply of the node that a null move reached, which may not pass again.
    no_null: i32,
}

/// Where `side`'s Flag stands in `pos` while the other side has not seen it.
fn hidden_flag(pos: &Position, side: Color) -> Option<Square> {
    let rules = pos.rules();
    pos.occupied_squares(side).find(|&sq| {
        let c = pos.cell(sq);
        rules.is_flag(c.kind()) && !c.is_revealed()
    })
}

/// What the table's keys of a search in hope, and of a node in it where the enemy is
/// barred from our Flag, are changed by: their scores mean something else.
const HOPE_KEY: u64 = 0x6A09_E667_F3BC_C908;
const BARRED_KEY: u64 = 0xBB67_AE85_84CA_A73B;

/// The share (in percent) of a lead kept after `plies` plies in which the enemy lost
/// nothing: all of it up to [`STALE_FREE_PLIES`], then less and less, down to
/// [`STALE_FLOOR_PERCENT`] after [`STALE_SPAN_PLIES`] more.
fn stale_percent(plies: u32) -> i32 {
    let over = plies.saturating_sub(STALE_FREE_PLIES).min(STALE_SPAN_PLIES) as i32;
    100 - over * (100 - STALE_FLOOR_PERCENT) / STALE_SPAN_PLIES as i32
}

impl Searcher<'_> {
    /// The score of a finished game, from the side to move. A Flag of the enemy's that we
    /// take below the root, without knowing it was the Flag, was found by the sampled army
    /// and not by us: every army holds it somewhere else, and each would show a forced win
    /// by a different path, so that every root move looked won and the search stopped at
    /// depth 4 and waited, for 1,700 plies, against `classic`. Such a capture scores as the
    /// position before it, with the Flag standing, plus [`GUESSED_FLAG`]; the root's own
    /// battles weigh the Flag by its chance under the belief.
    fn terminal(&self, pos: &Position, end: GameEnd, ply: i32) -> i32 {
        match end {
            GameEnd::FlagCaptured { loser }
                if ply > 1 && loser != self.shared.me && !self.shared.flag_known =>
            {
                let s = self.eval.score(pos) + FLAG_VALUE - GUESSED_FLAG;
                self.stale_adjusted(pos, s)
            }
            _ => terminal(pos, end, ply),
        }
    }

    /// Whether the enemy, to move at `ply` in a search in hope, could take our unrevealed
    /// Flag with an attack its [`Caution`] allows, at a node not already barred from it.
    fn flag_in_reach(&mut self, pos: &Position, ply: i32) -> bool {
        let Some(flag) = self.our_flag else {
            return false;
        };
        if pos.side_to_move() == self.shared.me || self.barred == Some(ply) {
            return false;
        }
        self.generated.clear();
        pos.generate_attacks_ignoring_end(&mut self.generated);
        if let Some(c) = self.caution {
            c.filter(pos, &mut self.generated, true);
        }
        self.generated.iter().any(|m| m.to == flag)
    }

    /// An enemy node at `ply` where the enemy could take our unrevealed Flag, in a search in
    /// hope: `inner` searches it with the capture barred, and the node scores the enemy's
    /// best other move, less [`HOPE_COST`] for us. Each enemy turn our Flag stands in reach
    /// costs that much, so the moves that end the threat soonest score best, where the
    /// enemy that always finds the Flag made every move an equal loss.
    fn hoping(
        &mut self,
        alpha: i32,
        beta: i32,
        ply: i32,
        inner: impl FnOnce(&mut Self, i32, i32) -> i32,
    ) -> i32 {
        let kept = self.barred.replace(ply);
        let v = inner(self, alpha - HOPE_COST, beta - HOPE_COST);
        self.barred = kept;
        shifted(v, HOPE_COST)
    }

    /// What the table's key of a node at `ply` is changed by (see [`HOPE_KEY`]).
    fn key_change(&self, ply: i32) -> u64 {
        let mut change = 0;
        if self.shared.hope {
            change ^= HOPE_KEY;
        }
        if self.barred == Some(ply) {
            change ^= BARRED_KEY;
        }
        change
    }

    fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.local, Ordering::Relaxed);
        self.local = 0;
    }

    /// The score of the root move `m` for the side to move: exact above `floor`, an upper
    /// bound at or below it.
    fn root_move(&mut self, pos: &mut Position, m: Move, depth: u32, floor: i32) -> i32 {
        let kept = self.play(pos, m);
        let v = -self.alphabeta(pos, depth - 1, -WIN, -floor, 1);
        self.undo(pos, kept);
        v
    }

    /// Plays `m` and updates the evaluation; returns what [`Searcher::undo`] restores.
    fn play(&mut self, pos: &mut Position, m: Move) -> (Incremental, u32) {
        let kept = (self.eval, self.stale);
        let them = self.shared.me.opponent();
        let before = self.eval.army(them);
        self.eval.play(pos, m);
        // Taking a Flag we did not know for one is a guess the sampled army made for us
        // (see `terminal`): it is no progress of ours.
        let guessed = !self.shared.flag_known && pos.flag_lost(them);
        self.stale = if self.eval.army(them) < before && !guessed {
            0
        } else {
            self.stale + 1
        };
        kept
    }

    fn undo(&mut self, pos: &mut Position, kept: (Incremental, u32)) {
        pos.undo();
        (self.eval, self.stale) = kept;
    }

    /// The evaluation for the side to move, with a lead of ours shrunk by
    /// [`stale_percent`] when the enemy has lost nothing for long: a lead that is never
    /// turned into anything is a draw at the ply limit. Against `classic`, 10 games of 60
    /// went to the limit, several with our army far ahead and the enemy's Flag among a few
    /// pieces that never moved, which no sampled army gave a reason to attack. A lead of the
    /// enemy's is left whole, so that we never shun winning material back.
    fn static_score(&mut self, pos: &Position) -> i32 {
        let mut s = self.eval.score(pos);
        let mut risk = 0;
        if self.shared.flag_guard {
            risk += self.eval.unguarded(pos, self.shared.me, &mut self.walks);
        }
        if self.shared.chase_raiders {
            risk += self.eval.unanswered(pos, self.shared.me, &mut self.walks);
        }
        if self.shared.cornered {
            risk += self.eval.cornered(pos, self.shared.me);
            risk -= self.eval.cornered(pos, self.shared.me.opponent());
        }
        s += if pos.side_to_move() == self.shared.me {
            -risk
        } else {
            risk
        };
        self.stale_adjusted(pos, s)
    }

    /// `s`, a score for the side to move in `pos`, with a lead of ours shrunk by
    /// [`stale_percent`], and ours lowered by up to [`STALE_CONTEMPT`] as it shrinks: with
    /// even armies there is no lead to shrink, and three games of 60 against `classic`
    /// still went to the ply limit with nearly every piece on the board.
    fn stale_adjusted(&self, pos: &Position, s: i32) -> i32 {
        let sign = if pos.side_to_move() == self.shared.me {
            1
        } else {
            -1
        };
        let ours = sign * s;
        let kept = stale_percent(self.stale);
        let lead = if ours > 0 { ours * kept / 100 } else { ours };
        let contempt = STALE_CONTEMPT * (100 - kept) / (100 - STALE_FLOOR_PERCENT);
        sign * (lead - contempt)
    }

    /// What [`BlindBattles`] adds to the score of our move `m` in `pos` below the root, and
    /// [`BlindEnemy`] to the enemy's: the mean gain of the battle less the sampled army's
    /// (0 for any other move).
    fn blind_shift(&self, pos: &Position, m: Move) -> i32 {
        self.blind_gains(pos, m)
            .map_or(0, |(mean, sampled)| mean - sampled)
    }

    /// The mean and the sampled army's gain of a battle the side to move in `pos` begins
    /// with `m` against a piece it has not identified, where the search weighs it by its
    /// mean (see [`Searcher::blind_shift`]).
    fn blind_gains(&self, pos: &Position, m: Move) -> Option<(i32, i32)> {
        if pos.side_to_move() == self.shared.me {
            self.shared.blind.gains(pos, m)
        } else {
            self.shared.blind_enemy.as_ref()?.gains(pos, m)
        }
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
            return self.terminal(pos, end, ply);
        }
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        if self.flag_in_reach(pos, ply) {
            return self.hoping(alpha, beta, ply, |s, a, b| {
                s.alphabeta(pos, depth, a, b, ply)
            });
        }
        let key = pos.hash() ^ self.key_change(ply);
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
        if let Some(v) = self.null_move(pos, depth, alpha, beta, ply) {
            return v;
        }
        let moves = self.ordered_moves(pos, stored, false, ply);
        if moves.is_empty() {
            self.lists.push(moves);
            return no_moves(pos, ply);
        }
        let alpha_before = alpha;
        let mut best = -WIN;
        let mut best_move = moves[0];
        for (n, &(m, _, index)) in moves.iter().enumerate() {
            let quiet = !pos.cell(m.to).is_piece();
            if prunable(depth, n, quiet, beta - alpha == 1) && best > -WIN_BOUND {
                continue;
            }
            let shift = self.blind_shift(pos, m);
            let kept = self.play(pos, m);
            // The child searched between `lo` and `hi` (our side's bounds).
            let search = |s: &mut Self, pos: &mut Position, d: u32, lo: i32, hi: i32| {
                shifted(-s.alphabeta(pos, d, shift - hi, shift - lo, ply + 1), shift)
            };
            let v = if n == 0 {
                search(self, pos, depth - 1, alpha, beta)
            } else {
                // Principal variation search: a later move is first only tested against
                // alpha (a null window), at a reduced depth when it is a late quiet one,
                // and searched again in full only when the test says it may be better.
                let reduced = depth - 1 - reduction(depth, n, quiet);
                let mut v = search(self, pos, reduced, alpha, alpha + 1);
                if v > alpha && reduced < depth - 1 {
                    v = search(self, pos, depth - 1, alpha, alpha + 1);
                }
                if v > alpha && v < beta {
                    v = search(self, pos, depth - 1, alpha, beta);
                }
                v
            };
            self.undo(pos, kept);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = (m, 0, index);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if !pos.cell(m.to).is_piece() {
                            let slot = &mut self.history[history_slot(pos.side_to_move(), m)];
                            *slot = slot.saturating_add(depth * depth);
                        }
                        break;
                    }
                }
            }
        }
        self.lists.push(moves);
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

    /// The null move: at a node tested with a null window (`alpha` is `beta − 1`) at depth
    /// [`NULL_MIN_DEPTH`] or more, whose static score already reaches `beta`, the side to
    /// move passes and the other side's best reply is searched [`NULL_REDUCTION`] plies
    /// shallower than a move would be. When even that does not bring the score below
    /// `beta`, a real move would not either (a side in Stratego is seldom worse off for
    /// having to move), and the node fails high at once. Two passes in a row are not
    /// tried, and a pass never proves a win.
    fn null_move(
        &mut self,
        pos: &mut Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Option<i32> {
        // A full window's node is on the principal variation: it gets searched.
        if !NULL_MOVE
            || depth < NULL_MIN_DEPTH
            || beta - alpha != 1
            || ply == self.no_null
            || beta.abs() >= WIN_BOUND
            || self.static_score(pos) < beta
        {
            return None;
        }
        let stale = self.stale;
        self.stale += 1;
        pos.pass();
        let saved = std::mem::replace(&mut self.no_null, ply + 1);
        let reply = depth.saturating_sub(1 + NULL_REDUCTION);
        let v = -self.alphabeta(pos, reply, -beta, -alpha, ply + 1);
        self.no_null = saved;
        pos.unpass();
        self.stale = stale;
        (!self.aborted && v >= beta).then_some(v.min(WIN_BOUND - 1))
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
            return self.terminal(pos, end, ply);
        }
        if self.flag_in_reach(pos, ply) {
            return self.hoping(alpha, beta, ply, |s, a, b| {
                s.quiescence(pos, a, b, ply, left)
            });
        }
        let stand = self.static_score(pos);
        debug_assert_eq!(self.eval, Incremental::new(pos), "incremental evaluation");
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let attacks = self.ordered_moves(pos, None, true, ply);
        for &(m, gain, _) in &attacks {
            if gain < 0 {
                break;
            }
            let shift = self.blind_shift(pos, m);
            let kept = self.play(pos, m);
            let v = -self.quiescence(pos, shift - beta, shift - alpha, ply + 1, left - 1);
            let v = shifted(v, shift);
            self.undo(pos, kept);
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
        self.lists.push(attacks);
        best
    }

    /// The legal moves (only the attacks when `attacks_only`) with the material each
    /// attack wins (known in a determinized position) and their index in the generated
    /// list, best first: the table's move, winning attacks, quiet moves, losing attacks.
    /// The list comes from the reused buffers; give it back to `lists` when done.
    fn ordered_moves(
        &mut self,
        pos: &Position,
        stored: Option<Entry>,
        attacks_only: bool,
        ply: i32,
    ) -> Vec<Scored> {
        let mut list = self.lists.pop().unwrap_or_default();
        list.clear();
        self.generated.clear();
        if attacks_only {
            pos.generate_attacks_ignoring_end(&mut self.generated);
        } else {
            pos.generate(&mut self.generated);
        }
        if let Some(c) = self.caution.filter(|c| pos.side_to_move() != c.me) {
            c.filter(pos, &mut self.generated, attacks_only);
        }
        if let Some(flag) = self.our_flag.filter(|_| self.barred == Some(ply)) {
            // A full list keeps the capture when it is the only move.
            if attacks_only || self.generated.iter().any(|m| m.to != flag) {
                self.generated.retain(|m| m.to != flag);
            }
        }
        let rules = pos.rules();
        let generated = std::mem::take(&mut self.generated);
        list.extend(generated.iter().enumerate().map(|(index, &m)| {
            let (a, d) = (pos.cell(m.from), pos.cell(m.to));
            let gain = match self.blind_gains(pos, m) {
                Some((mean, _)) => mean,
                None if d.is_piece() => battle_gain(rules, a.kind(), d.kind()),
                None => 0,
            };
            let from_table = stored.is_some_and(|e| {
                e.move_index as usize == index
                    && e.from as usize == m.from.index()
                    && e.to as usize == m.to.index()
            });
            (m, if from_table { i32::MAX } else { gain }, index as u16)
        }));
        self.generated = generated;
        // Quiet moves (and even trades) after the winning attacks, those that cut off most
        // often elsewhere in the tree first. Each move's key is worked out once, as one
        // number that sorts the moves best first and, among equals, in the order they were
        // generated (`list[i]` has index `i`): a sort that looked the history up at every
        // comparison took a tenth of the search's time.
        let side = pos.side_to_move();
        let history = &self.history;
        self.keys.clear();
        self.keys.extend(list.iter().map(|&(m, g, index)| {
            let rank: u64 = if g == 0 {
                1 << 32 | u64::from(history[history_slot(side, m)])
            } else if g > 0 {
                2 << 32 | g as u64
            } else {
                (i64::from(g) + (1 << 31)) as u64
            };
            rank << 16 | u64::from(u16::MAX - index)
        }));
        self.keys.sort_unstable_by(|a, b| b.cmp(a));
        self.sorted.clear();
        self.sorted.extend(
            self.keys
                .iter()
                .map(|&k| list[usize::from(u16::MAX - (k & 0xFFFF) as u16)]),
        );
        std::mem::swap(&mut list, &mut self.sorted);
        if let Some(first) = list.first_mut().filter(|m| m.1 == i32::MAX) {
            first.1 = 0;
        }
        list
    }
}

/// Plies beyond the one a move takes by which the null-window test of the `n`th move
/// (from 0) of a node at `depth` is shallower: late quiet moves are tested shallower, the
/// latest shallower still (late move reductions).
fn reduction(depth: u32, n: usize, quiet: bool) -> u32 {
    if quiet && depth >= LMR_DEEP_MIN_DEPTH && n >= LMR_DEEP_AFTER {
        2
    } else if quiet && depth >= LMR_MIN_DEPTH.max(2) && n >= LMR_AFTER {
        1
    } else {
        0
    }
}

/// Whether the `n`th move (from 0) of a node at `depth`, tested with a null window
/// (`scout`), is not searched at all (late move pruning): at the last ply before the
/// horizon a quiet move can only lift the score by what it changes in the evaluation, and
/// the history heuristic has put the quiet moves likeliest to do so first.
fn prunable(depth: u32, n: usize, quiet: bool, scout: bool) -> bool {
    quiet && scout && depth == 1 && n >= LMP_AFTER
}

// The deeper reduction must leave a depth to search, and start no earlier than the first.
const _: () = assert!(LMR_DEEP_MIN_DEPTH >= 3 && LMR_DEEP_AFTER >= LMR_AFTER);

/// A child's score `v`, negated to the parent's side, plus the parent's `shift` (see
/// [`Searcher::blind_shift`]); a forced result is left as it is.
fn shifted(v: i32, shift: i32) -> i32 {
    if v.abs() >= WIN_BOUND {
        v
    } else {
        v + shift
    }
}

/// Entries of the history heuristic's table: per side, from and to.
const HISTORY_SIZE: usize = 2 * MAILBOX * MAILBOX;

/// The history heuristic's entry for `side` playing `m`.
fn history_slot(side: Color, m: Move) -> usize {
    (side.index() * MAILBOX + m.from.index()) * MAILBOX + m.to.index()
}

/// A move, the material it wins, and its index in the generated list.
type Scored = (Move, i32, u16);

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn late_quiet_moves_are_tested_shallower_the_later_the_more() {
        let deep = LMR_DEEP_MIN_DEPTH.max(LMR_MIN_DEPTH);
        assert_eq!(
            reduction(deep, 0, true),
            0,
            "the first move is searched in full"
        );
        assert_eq!(reduction(deep, LMR_AFTER, true), 1);
        assert_eq!(reduction(deep, LMR_DEEP_AFTER, true), 2);
        assert_eq!(
            reduction(deep, LMR_DEEP_AFTER, false),
            0,
            "attacks are not reduced"
        );
        assert_eq!(reduction(LMR_DEEP_MIN_DEPTH - 1, LMR_DEEP_AFTER, true), 1);
        assert_eq!(
            reduction(1, LMR_DEEP_AFTER, true),
            0,
            "depth 1 leaves nothing to cut"
        );
    }

    #[test]
    fn late_quiet_moves_at_the_last_ply_of_a_scout_search_are_pruned() {
        assert!(prunable(1, LMP_AFTER, true, true));
        assert!(
            !prunable(1, LMP_AFTER - 1, true, true),
            "the early moves are searched"
        );
        assert!(!prunable(1, LMP_AFTER, false, true), "attacks are searched");
        assert!(
            !prunable(1, LMP_AFTER, true, false),
            "a full window's node is searched"
        );
        assert!(!prunable(2, LMP_AFTER, true, true), "only at the last ply");
    }

    #[test]
    fn scores_and_win_chances_convert_both_ways() {
        for s in [-5000, -450, -1, 0, 1, 37, 450, 5000] {
            assert!((score_of_chance(chance_of_score(s)) - s).abs() <= 1, "{s}");
        }
        assert!(chance_of_score(WIN - 3) > 0.999_999);
        assert!(chance_of_score(-(WIN - 3)) < 0.000_001);
    }

    /// One army in twelve where a Flag lies in reach does not outweigh a Marshal lost in
    /// all the others, as a plain mean of scores would have it.
    #[test]
    fn a_rare_win_does_not_outweigh_a_likely_loss() {
        let (mut gamble, mut quiet) = (Tally::default(), Tally::default());
        for i in 0..12 {
            gamble.add(if i == 0 { WIN - 5 } else { -450 });
            quiet.add(0);
        }
        assert!(gamble.score(12) < quiet.score(12));
        let plain_mean = (WIN - 5 - 11 * 450) / 12;
        assert!(plain_mean > 0, "the case a plain mean gets wrong");
        // Forced results are kept when every sample agrees.
        let mut won = Tally::default();
        for s in [WIN - 7, WIN - 3] {
            won.add(s);
        }
        assert_eq!(won.score(2), WIN - 7);
        let mut merged = Tally::default();
        merged.merge(&won);
        merged.merge(&won);
        assert_eq!(merged.score(4), WIN - 7);
    }

    /// When the node limit falls in the middle of an iteration, the samples it finished
    /// still count at the deeper depth, and the search does not lose the move.
    #[test]
    fn an_unfinished_iteration_counts_the_samples_it_finished() {
        let bench = &crate::bench::POSITIONS[1];
        let rules = Arc::new(Rules::preset(bench.variant).unwrap());
        let pos = Position::from_text(rules, bench.text).unwrap();
        let view = View::from_position(&pos);
        let config = Config {
            seed: 1,
            ..Config::default()
        };
        let run = |limits: Limits| {
            let stop = AtomicBool::new(false);
            search(&view, &limits, &config, &stop, &mut |_| {})
        };
        let two = run(Limits {
            depth: Some(2),
            ..Limits::default()
        });
        let three = run(Limits {
            depth: Some(3),
            ..Limits::default()
        });
        assert_eq!((two.depth, three.depth), (2, 3));
        let partial = run(Limits {
            nodes: Some((two.nodes + three.nodes) / 2),
            ..Limits::default()
        });
        assert_eq!(
            partial.depth, 3,
            "{} {} {}",
            two.nodes, three.nodes, partial.nodes
        );
        assert!(partial.nodes < three.nodes);
        assert!(partial.best.is_some());
    }

    /// Threads that take the samples from a common counter finish every iteration with
    /// every sample scored, about as much work as one thread does.
    #[test]
    fn threads_share_out_every_sample() {
        let bench = &crate::bench::POSITIONS[1];
        let rules = Arc::new(Rules::preset(bench.variant).unwrap());
        let view = View::from_position(&Position::from_text(rules, bench.text).unwrap());
        let run = |threads: usize| {
            let config = Config {
                seed: 1,
                threads,
                ..Config::default()
            };
            let limits = Limits {
                depth: Some(3),
                ..Limits::default()
            };
            search(
                &view,
                &limits,
                &config,
                &AtomicBool::new(false),
                &mut |_| {},
            )
        };
        let one = run(1);
        for threads in [2, 5] {
            let many = run(threads);
            assert_eq!(many.depth, 3, "{threads} threads");
            assert!(many.best.is_some());
            assert!(
                many.nodes < one.nodes * 3 / 2 && many.nodes > one.nodes * 2 / 3,
                "{threads} threads: {} nodes against {}",
                many.nodes,
                one.nodes
            );
        }
    }

    /// An enemy Flag that every sampled army puts within reach below the root, each in a
    /// different place, is no forced win; once the Flag is identified, taking it is.
    #[test]
    fn a_flag_only_the_samples_know_is_no_forced_win() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let score = |flag: &str| {
            let text = format!(
                "{flag}.bB......./.rX+......../........../........../..__..__../..__..__../\
                 ........../........../........../rF........b9+ r 0"
            );
            let pos = Position::from_text(Arc::clone(&rules), &text).unwrap();
            let view = View::from_position(&pos);
            let limits = Limits {
                depth: Some(3),
                ..Limits::default()
            };
            let config = Config {
                seed: 1,
                ..Config::default()
            };
            let stop = AtomicBool::new(false);
            search(&view, &limits, &config, &stop, &mut |_| {}).score
        };
        assert!(score("bF") < WIN_BOUND);
        assert!(score("bF*") >= WIN_BOUND);
    }

    /// A lead counts whole for a while after the enemy last lost a piece, then less and less
    /// down to its floor.
    #[test]
    fn a_stale_lead_shrinks_evenly_to_its_floor() {
        assert_eq!(stale_percent(0), 100);
        assert_eq!(stale_percent(STALE_FREE_PLIES), 100);
        let half = STALE_FREE_PLIES + STALE_SPAN_PLIES / 2;
        assert_eq!(stale_percent(half), 100 - (100 - STALE_FLOOR_PERCENT) / 2);
        let end = STALE_FREE_PLIES + STALE_SPAN_PLIES;
        assert_eq!(stale_percent(end), STALE_FLOOR_PERCENT);
        assert_eq!(stale_percent(u32::MAX), STALE_FLOOR_PERCENT);
    }

    /// Our Marshal and their Sergeant each go round a square of four squares: the
    /// Marshal's first step the third time round leads into a placement that stood twice,
    /// and only that move, and only without repetition rules, is a loop.
    #[test]
    fn a_third_time_round_the_same_loop_is_a_loop_only_without_repetition_rules() {
        let looping = |settings: &[&str], plies: usize| {
            let rules = Arc::new(Rules::with_settings("classic", settings).unwrap());
            let text = "bF........b4/........../........../........../..__..__../\
                        ..__..__../....rX...../........../........../.........rF r 0";
            let mut truth = Position::from_text(Arc::clone(&rules), text).unwrap();
            let mut view = View::from_position(&truth);
            let round = [
                "e4e5", "j10j9", "e5f5", "j9i9", "f5f4", "i9i10", "f4e4", "i10j10",
            ];
            for text in round.iter().cycle().take(plies) {
                let m = truth.parse_move(text).unwrap();
                let public = crate::view::PublicMove::observe(&truth, m);
                truth.play(m).unwrap();
                view.apply(&public).unwrap();
            }
            let moves: Vec<Move> = view.legal_moves().iter().copied().collect();
            let loops: Vec<String> = looping_moves(&view, &moves)
                .iter()
                .zip(&moves)
                .filter(|(&l, _)| l)
                .map(|(_, m)| m.to_string())
                .collect();
            (loops, moves.len())
        };
        let free = ["two-squares=off", "more-squares=none"];
        let (loops, count) = looping(&free, 16);
        assert_eq!(loops, ["e4e5"]);
        assert!(count > 1);
        assert!(looping(&free, 8).0.is_empty());
        assert!(looping(&free, 0).0.is_empty());
        assert!(looping(&["two-squares=off"], 16).0.is_empty());
        assert!(looping(&[], 16).0.is_empty());
    }

    /// When the enemy's identified Miner stands beside our walled Flag, every move loses in
    /// two plies in every sampled army, where the enemy sees our Flag; the search then
    /// looks again as if it may not find it, and sends the piece that takes the Miner.
    #[test]
    fn when_every_move_loses_the_search_hopes_the_flag_is_not_found() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let text = "bFbB......../........../........../........../..__..__../..__..__../\
                    r6+r7+......../.......r4+../......rB.../.....rBrFb3+*.. r 0";
        let pos = Position::from_text(Arc::clone(&rules), text).unwrap();
        let view = View::from_position(&pos);
        assert!(flag_hidden(&view));
        let config = Config {
            seed: 1,
            ..Config::default()
        };
        let stop = AtomicBool::new(false);
        let mut reports = Vec::new();
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let result = search(&view, &limits, &config, &stop, &mut |p| {
            reports.push(p.score)
        });
        // The first iteration found every move lost, and the search started again.
        assert!(reports[0] <= -WIN_BOUND, "{reports:?}");
        assert!(reports.len() > 1 && reports[1..].iter().all(|&s| s > -WIN_BOUND));
        assert_eq!(result.best.map(|m| m.to_string()), Some("h3h2".to_string()));
    }
}
