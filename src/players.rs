//! Players that run inside the process: the engine's own search, and a random mover.
//! Both see the game only through the [`PlayerState`] the referee gives them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::board::Color;
use crate::engine::time_limits;
use crate::protocol::GoLimits;
use crate::referee::{Clock, Player, PlayerFault, PlayerState, TimeControl};
use crate::rng::Rng;
use crate::rules::Rules;
use crate::search::{self, Config};
use crate::view::View;

/// Rebuilds a player's view from its state.
pub fn view_of(rules: &Rules, state: &PlayerState) -> Result<View, PlayerFault> {
    let rules = Arc::new(rules.clone());
    let occupied =
        crate::view::parse_occupancy(&state.opponent_occupancy, &rules, state.color.opponent())
            .map_err(|e| PlayerFault::Garbage(e.to_string()))?;
    let mut view = View::new(
        rules,
        state.color,
        &state.setup,
        Some(occupied),
        state.first,
    )
    .map_err(|e| PlayerFault::Garbage(e.to_string()))?;
    for m in &state.history {
        view.apply(m)
            .map_err(|e| PlayerFault::Garbage(e.to_string()))?;
    }
    Ok(view)
}

/// The `go` limits a clock stands for.
pub fn go_limits(clock: &Clock, color: Color) -> GoLimits {
    let mut go = GoLimits::default();
    match clock.control {
        TimeControl::Increment { inc, .. } => {
            go.time[color.index()] = Some(clock.remaining.as_millis() as u64);
            go.inc[color.index()] = Some(inc.as_millis() as u64);
        }
        TimeControl::MoveTime { per_move, .. } => go.movetime = Some(per_move.as_millis() as u64),
    }
    go
}

/// The engine's search, in process.
pub struct SearchPlayer {
    name: String,
    config: Config,
    /// Extra limit on depth (for fast tests), if any.
    depth: Option<u32>,
    move_overhead_ms: u64,
    setups: u64,
}

impl SearchPlayer {
    pub fn new(name: &str, config: Config, depth: Option<u32>) -> SearchPlayer {
        SearchPlayer {
            name: name.to_string(),
            config,
            depth,
            move_overhead_ms: crate::search::params::MOVE_OVERHEAD_MS,
            setups: 0,
        }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn setup(&mut self, rules: &Rules, _: Color, _: Duration) -> Result<String, PlayerFault> {
        self.setups += 1;
        let mut rng = Rng::new(self.config.seed ^ self.setups.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        Ok(crate::setups::generate_walled(rules, &mut rng).to_string())
    }

    fn play(
        &mut self,
        rules: &Rules,
        state: &PlayerState,
        clock: &Clock,
    ) -> Result<String, PlayerFault> {
        let view = view_of(rules, state)?;
        let mut limits = time_limits(
            &go_limits(clock, state.color),
            state.color,
            self.move_overhead_ms,
        );
        limits.depth = self.depth;
        let stop = AtomicBool::new(false);
        let result = search::search(&view, &limits, &self.config, &stop, &mut |_| {});
        result
            .best
            .map(|m| m.to_string())
            .ok_or_else(|| PlayerFault::Garbage("no move".into()))
    }
}

/// Plays a uniformly random legal move; sets up at random with the Flag behind.
pub struct RandomPlayer {
    name: String,
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(name: &str, seed: u64) -> RandomPlayer {
        RandomPlayer {
            name: name.to_string(),
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn setup(&mut self, rules: &Rules, _: Color, _: Duration) -> Result<String, PlayerFault> {
        Ok(crate::setups::random_with_flag_behind(rules, &mut self.rng).to_string())
    }

    fn play(
        &mut self,
        rules: &Rules,
        state: &PlayerState,
        _: &Clock,
    ) -> Result<String, PlayerFault> {
        let view = view_of(rules, state)?;
        let moves = view.legal_moves();
        if moves.is_empty() {
            return Err(PlayerFault::Garbage("no move".into()));
        }
        Ok(moves.as_slice()[self.rng.below(moves.len())].to_string())
    }
}
