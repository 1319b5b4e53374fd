//! The engine behind the protocol: its state, what each command does, and the search thread.
//!
//! The thread that reads input never searches: `go` starts a search thread, so `isready`
//! and `stop` are answered at once while it runs. Every line of output goes through one
//! [`Output`], written and flushed whole, so the threads' lines never interleave.

mod options;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use options::{EngineOptions, LEVELS};

use crate::board::{Color, Position, Setup};
use crate::eval::evaluate;
use crate::protocol::{parse, Command, GoLimits, PositionCommand};
use crate::rng::Rng;
use crate::rules::{FirstMover, Rules};
use crate::search::params::WIN_BOUND;
use crate::search::tt::Table;
use crate::search::{self, Config, Limits, Progress};
use crate::view::{parse_occupancy, Belief, Memory, PublicMove, SeenSetup, View};

/// Where protocol lines go: shared by the reader and the search thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(w)))
    }

    /// Writes one line and flushes it. A closed output is ignored: the reader will see
    /// the end of its input soon enough.
    pub fn line(&self, text: &str) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }

    pub fn error(&self, text: &str) {
        self.line(&format!("info string error: {text}"));
    }
}

/// The game the engine is in.
enum Game {
    None,
    /// A player's view, built from `position red|blue …`.
    Play(View),
    /// Analysis: the full position, and the view of its side to move.
    Full(Box<Position>, View),
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Set by the search thread just before it writes `bestmove`, so that a command sent
    /// after `bestmove` never finds the search still running.
    done: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// The engine's state between commands.
pub struct Engine {
    out: Output,
    opts: EngineOptions,
    rules: Arc<Rules>,
    game: Game,
    running: Option<Running>,
    /// How many setups this engine has chosen, so that each `go setup` differs.
    setups_chosen: u64,
    /// The last `position red|blue …` read, with its view: a GUI or referee sends the whole
    /// history before every move, and only the moves added since are applied again.
    last_play: Option<(PlayKey, Vec<String>, View)>,
    /// The transposition table and its size in MiB, made at the first `go`.
    table: Option<(u64, Arc<Table>)>,
    /// What earlier games showed of each opponent's setups.
    memory: Memory,
}

/// What must match for a cached view to be extended by new moves.
type PlayKey = (Color, Color, String, Option<String>, String);

/// Reads commands until `quit` or the end of input; answers on `output`.
pub fn run(mut input: impl BufRead, output: Box<dyn Write + Send>) {
    let mut engine = Engine::new(Output::new(output));
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if !engine.handle(&line) {
            break;
        }
    }
    engine.stop_search();
    // The game in progress counts too: the next run may read it from the memory file.
    if let Err(e) = engine.memory.end_game() {
        engine.out.error(&e);
    }
}

impl Engine {
    pub fn new(out: Output) -> Engine {
        let opts = EngineOptions::default();
        let rules = Arc::new(
            opts.rules()
                .unwrap_or_else(|_| unreachable!("the default rules are valid")),
        );
        Engine {
            out,
            opts,
            rules,
            game: Game::None,
            last_play: None,
            table: None,
            running: None,
            setups_chosen: 0,
            memory: Memory::default(),
        }
    }

    /// Handles one input line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.done.load(Ordering::Acquire) || r.handle.is_finished())
        {
            self.stop_search();
        }
        let command = match parse(line) {
            Ok(c) => c,
            Err(e) => {
                self.out.error(&e.to_string());
                return true;
            }
        };
        match command {
            Command::Nothing => {}
            Command::IsReady => {
                // The slow first-time work, here rather than on the clock of the first move.
                crate::view::prepare(&self.rules);
                let _ = self.table();
                self.out.line("readyok");
            }
            Command::Stop => self.stop_search(),
            Command::Quit => return false,
            Command::Sei => self.sei(),
            Command::Go(_)
            | Command::SetOption { .. }
            | Command::GoPerft(_)
            | Command::Bench(_)
                if self.running.is_some() =>
            {
                self.out.error("a search is running: send stop first");
            }
            Command::SetOption { name, value } => match self.opts.set(&name, value.as_deref()) {
                Ok(options::Changed::Rules) => match self.opts.rules() {
                    Ok(r) => {
                        self.rules = Arc::new(r);
                        self.game = Game::None;
                    }
                    Err(e) => self.out.error(&e),
                },
                Ok(options::Changed::MemoryFile) => {
                    let path = Some(&self.opts.memory_file)
                        .filter(|p| !p.is_empty())
                        .map(std::path::PathBuf::from);
                    match self.memory.use_file(path) {
                        Ok(n) => log::info!("memory: {n} games read"),
                        Err(e) => self.out.error(&e),
                    }
                }
                Ok(options::Changed::Other) => {}
                Err(e) => self.out.error(&e),
            },
            Command::NewGame => {
                if let Err(e) = self.memory.end_game() {
                    self.out.error(&e);
                }
                crate::view::prepare(&self.rules);
                self.game = Game::None;
                if let Some((_, t)) = &self.table {
                    t.clear();
                }
            }
            Command::Position(p) => match self.position(p) {
                Ok(game) => self.game = game,
                Err(e) => self.out.error(&e),
            },
            Command::GoSetup => self.go_setup(),
            Command::GoPerft(depth) => self.go_perft(depth),
            Command::Go(limits) => self.go(&limits),
            Command::Display { all } => self.display(all),
            Command::Eval => self.eval(),
            Command::Legal => self.legal(),
            Command::Bench(depth) => {
                let (nodes, nps) = bench(depth.unwrap_or(BENCH_DEPTH), 1, |l| {
                    self.out.line(&format!("info string {l}"))
                });
                self.out.line(&format!("{nodes} nodes {nps} nps"));
            }
        }
        true
    }

    fn sei(&self) {
        self.out
            .line(&format!("id name Stratagem {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the Stratagem developers");
        for l in self.opts.option_lines(&self.rules) {
            self.out.line(&l);
        }
        self.out.line("seiok");
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            let _ = r.handle.join();
        }
    }

    fn position(&mut self, p: PositionCommand) -> Result<Game, String> {
        match p {
            PositionCommand::Play {
                side,
                first,
                setup,
                opponent,
                moves,
            } => {
                let first =
                    match (first, self.rules.options().first_mover) {
                        (Some(c), _) => c,
                        (None, FirstMover::Red) => Color::Red,
                        (None, FirstMover::Blue) => Color::Blue,
                        (None, FirstMover::Random) => return Err(
                            "this variant lets either side begin: say 'first red' or 'first blue'"
                                .into(),
                        ),
                    };
                let key: PlayKey = (
                    side,
                    first,
                    setup.clone(),
                    opponent.clone(),
                    format!("{} {}", self.rules.name(), self.rules.settings().join(" ")),
                );
                let cached = self.last_play.as_ref().filter(|(k, done, _)| {
                    *k == key && done.len() <= moves.len() && moves.starts_with(done)
                });
                let (mut view, applied) = match cached {
                    Some((_, done, view)) => (view.clone(), done.len()),
                    None => {
                        let setup: Setup = setup
                            .parse()
                            .map_err(|e: crate::board::SetupError| e.to_string())?;
                        let occupied = opponent
                            .map(|o| parse_occupancy(&o, &self.rules, side.opponent()))
                            .transpose()
                            .map_err(|e| e.to_string())?;
                        let view =
                            View::new(Arc::clone(&self.rules), side, &setup, occupied, first)
                                .map_err(|e| e.to_string())?;
                        (view, 0)
                    }
                };
                view.replay(moves[applied..].iter().map(String::as_str))?;
                if self.opts.memory {
                    // One memory per opponent and rule set; a position of another game
                    // (another setup or side) ends the game in progress.
                    let (opponent, rules, game) =
                        (&self.opts.opponent, &key.4, format!("{:?}", &key));
                    if let Err(e) =
                        self.memory
                            .observe(opponent, rules, &game, SeenSetup::of(&view))
                    {
                        self.out.error(&e);
                    }
                    view.recall(self.memory.recall(opponent, rules));
                } else {
                    view.recall(None);
                }
                self.last_play = Some((key, moves, view.clone()));
                Ok(Game::Play(view))
            }
            PositionCommand::Full { position, moves } => {
                let mut pos = Position::from_text(Arc::clone(&self.rules), &position)
                    .map_err(|e| format!("position: {e}"))?;
                for token in &moves {
                    let m = PublicMove::parse(token, &self.rules).map_err(|e| e.to_string())?;
                    let legal = pos
                        .parse_move(&m.action_text())
                        .map_err(|_| format!("move '{token}' is not legal here"))?;
                    let told = m.battle.is_some() || m.action.is_some() || m.promoted;
                    if told && PublicMove::observe(&pos, legal) != m {
                        return Err(format!("move '{token}': it does not end that way here"));
                    }
                    pos.play_unchecked(legal);
                }
                let view = View::from_position(&pos);
                Ok(Game::Full(Box::new(pos), view))
            }
        }
    }

    fn go_setup(&mut self) {
        let mut rng =
            Rng::new(self.opts.seed ^ self.setups_chosen.wrapping_mul(0x2545_F491_4F6C_DD1D));
        self.setups_chosen += 1;
        // The baselines keep to the whole human book, as the bots they stand for would.
        let setup = if self.opts.player == crate::search::PlayerKind::Search {
            crate::setups::generate_walled(&self.rules, &mut rng)
        } else {
            crate::setups::generate(&self.rules, &mut rng)
        };
        self.out.line(&format!("bestsetup {setup}"));
    }

    fn go_perft(&mut self, depth: u32) {
        let Game::Full(pos, _) = &self.game else {
            self.out
                .error("go perft needs a full-information position ('position full …')");
            return;
        };
        let mut pos = Position::clone(pos);
        let mut total = 0;
        for (m, n) in crate::perft::divide(&mut pos, depth) {
            self.out.line(&format!("{m}: {n}"));
            total += n;
        }
        self.out.line(&format!(
            "Nodes searched: {}",
            if depth == 0 { 1 } else { total }
        ));
    }

    fn view(&self) -> Option<&View> {
        match &self.game {
            Game::None => None,
            Game::Play(v) | Game::Full(_, v) => Some(v),
        }
    }

    /// The transposition table, made (or remade at a new `Hash` size) when needed: making
    /// 16 MiB takes some milliseconds, which `isready` spends before a game rather than the
    /// first move.
    fn table(&mut self) -> Arc<Table> {
        match &self.table {
            Some((mb, t)) if *mb == self.opts.hash_mb => Arc::clone(t),
            _ => {
                let t = Arc::new(Table::new(self.opts.hash_mb as usize));
                self.table = Some((self.opts.hash_mb, Arc::clone(&t)));
                t
            }
        }
    }

    fn go(&mut self, go: &GoLimits) {
        // The clock runs from the command, not from the start of the search.
        let received = Instant::now();
        let Some(view) = self.view() else {
            self.out.error("go: no position (send 'position' first)");
            return;
        };
        if view.to_move() != view.me() {
            self.out.error("go: it is the opponent's turn");
            return;
        }
        let view = view.clone();
        let mut limits = time_limits(go, view.me(), self.opts.move_overhead_ms);
        let infinite = go.infinite
            || (go.time == [None, None]
                && go.movetime.is_none()
                && go.depth.is_none()
                && go.nodes.is_none());
        let table = self.table();
        let spent = received.elapsed();
        let left = |t: Duration| t.saturating_sub(spent).max(Duration::from_millis(1));
        limits.soft_time = limits.soft_time.map(left);
        limits.hard_time = limits.hard_time.map(left);
        let config = Config {
            seed: self.opts.seed,
            threads: self.opts.threads,
            strength: self.opts.strength,
            player: self.opts.player,
            table: Some(table),
            bomb_habits: self.opts.bomb_habits,
            spy_hunt: self.opts.spy_hunt,
            declined_attacks: self.opts.declined_attacks,
            flag_guard: self.opts.flag_guard,
            chase_raiders: self.opts.chase_raiders,
            cornered: self.opts.cornered,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let out = self.out.clone();
        let thread_stop = Arc::clone(&stop);
        let done = Arc::new(AtomicBool::new(false));
        let thread_done = Arc::clone(&done);
        let handle = std::thread::spawn(move || {
            let mut report = |p: &Progress| out.line(&info_line(p));
            let result = search::search(&view, &limits, &config, &thread_stop, &mut report);
            while infinite && !thread_stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            thread_done.store(true, Ordering::Release);
            match result.best {
                Some(m) => out.line(&format!("bestmove {m}")),
                None => out.line("bestmove none"),
            }
        });
        self.running = Some(Running { stop, done, handle });
    }

    fn display(&self, all: bool) {
        match &self.game {
            Game::None => self.out.error("d: no position"),
            Game::Play(v) | Game::Full(_, v) => {
                if let Game::Full(pos, _) = &self.game {
                    self.out.line(&format!("info string position full {pos}"));
                }
                self.out.line(&format!(
                    "info string {} plays {}, {} to move, ply {}",
                    self.rules.name(),
                    v.me(),
                    v.to_move(),
                    v.ply()
                ));
                for l in v.render().lines() {
                    self.out.line(&format!("info string {l}"));
                }
                let mut rng = Rng::new(self.opts.seed);
                for l in v.belief_text(&mut rng, self.opts.evidence(), all).lines() {
                    self.out.line(&format!("info string {l}"));
                }
                self.out
                    .line(&format!("info string {}", search::enemy_model_text(v)));
                if self.rules.game() == crate::rules::GameKind::RankDuel {
                    let (p, q) = (v.points(), v.probes_left());
                    self.out.line(&format!(
                        "info string points red {} blue {}, probes left red {} blue {}",
                        p[0], p[1], q[0], q[1]
                    ));
                }
            }
        }
    }

    fn eval(&self) {
        match &self.game {
            Game::None => self.out.error("eval: no position"),
            Game::Full(pos, _) => self.out.line(&format!(
                "info string eval {} cp for {} (full information)",
                evaluate(pos),
                pos.side_to_move()
            )),
            Game::Play(v) => {
                let mut rng = Rng::new(self.opts.seed);
                let n = 32;
                let belief = Belief::new(v, self.opts.evidence());
                let sum: i64 = (0..n)
                    .map(|_| evaluate(&v.sample(&belief, &mut rng)) as i64)
                    .sum();
                self.out.line(&format!(
                    "info string eval {} cp for {} (mean over {n} sampled enemy armies)",
                    sum / n,
                    v.to_move()
                ));
            }
        }
    }

    fn legal(&self) {
        let moves = match &self.game {
            Game::None => return self.out.error("legal: no position"),
            Game::Full(pos, _) => pos.legal_moves(),
            Game::Play(v) if v.to_move() != v.me() => {
                return self.out.error("legal: it is the opponent's turn")
            }
            Game::Play(v) => v.legal_moves(),
        };
        let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        self.out
            .line(format!("legal {}", list.join(" ")).trim_end());
    }
}

/// The `info` line for an iteration (see [`Progress`]).
fn info_line(p: &Progress) -> String {
    let ms = p.elapsed.as_millis().max(1) as u64;
    let score = if p.score >= WIN_BOUND {
        format!("win {}", crate::search::params::WIN - p.score)
    } else if p.score <= -WIN_BOUND {
        format!("loss {}", crate::search::params::WIN + p.score)
    } else {
        format!("cp {}", p.score)
    };
    format!(
        "info depth {} score {score} nodes {} nps {} time {ms} pv {}",
        p.depth,
        p.nodes,
        p.nodes * 1000 / ms,
        p.best
    )
}

/// Turns the clock of a `go` into search limits that never overstep it.
pub fn time_limits(go: &GoLimits, me: Color, overhead_ms: u64) -> Limits {
    let mut limits = Limits {
        depth: go.depth,
        nodes: go.nodes,
        ..Limits::default()
    };
    if go.infinite {
        return limits;
    }
    if let Some(mt) = go.movetime {
        let t = Duration::from_millis(mt.saturating_sub(overhead_ms).max(1));
        limits.soft_time = Some(t);
        limits.hard_time = Some(t);
    } else if let Some(time) = go.time[me.index()] {
        let left = time.saturating_sub(overhead_ms).max(1);
        let inc = go.inc[me.index()].unwrap_or(0);
        let to_go = go
            .movestogo
            .unwrap_or(crate::search::params::DEFAULT_MOVES_TO_GO)
            .max(1);
        let soft = (left / to_go + inc * 3 / 4).min(left / 2).max(1);
        let hard = (soft * 3).min(left / 2).max(1);
        limits.soft_time = Some(Duration::from_millis(soft / 2));
        limits.hard_time = Some(Duration::from_millis(hard));
    }
    limits
}

/// The depth `bench` searches to by default.
pub const BENCH_DEPTH: u32 = 3;

/// Fixed, seeded searches of the bench positions and views, with `threads` search threads;
/// returns the total nodes and the nodes per second. With one thread the node count is a
/// signature of the search: the same on every run of a build. With more, the threads share
/// the transposition table in whatever order they reach it, so the count varies a little.
pub fn bench(depth: u32, threads: usize, mut report: impl FnMut(&str)) -> (u64, u64) {
    let start = Instant::now();
    let mut total = 0;
    let positions = crate::bench::POSITIONS.iter().filter_map(|bp| {
        let rules = Rules::preset(bp.variant).ok()?;
        let pos = Position::from_text(Arc::new(rules), bp.text).ok()?;
        Some((bp.name, View::from_position(&pos)))
    });
    let views = crate::bench::VIEWS
        .iter()
        .filter_map(|bv| Some((bv.name, bv.view().ok()?)));
    for (name, view) in positions.chain(views) {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let config = Config {
            seed: 1,
            threads,
            ..Config::default()
        };
        let stop = AtomicBool::new(false);
        let r = search::search(&view, &limits, &config, &stop, &mut |_| {});
        total += r.nodes;
        report(&format!(
            "{}: depth {} nodes {} best {}",
            name,
            r.depth,
            r.nodes,
            r.best.map_or("none".into(), |m| m.to_string())
        ));
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    (total, total * 1000 / ms)
}
