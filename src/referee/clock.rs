//! Time controls and the clock of one side.

use std::fmt;
use std::time::Duration;

/// How much time a side has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A base time and an increment after every move (Fischer).
    Increment {
        base: Duration,
        inc: Duration,
        tolerance: Duration,
    },
    /// A fixed time for every move.
    MoveTime {
        per_move: Duration,
        tolerance: Duration,
    },
}

impl TimeControl {
    /// Time a player gets to choose its setup.
    pub fn setup_limit(&self) -> Duration {
        Duration::from_secs(10)
    }

    /// Parses `BASE+INC` in seconds (`10+0.1`, `60`).
    pub fn parse_increment(text: &str, tolerance: Duration) -> Result<TimeControl, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |t: &str| {
            t.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0 && *v < 1e7)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| format!("'{text}' is not BASE+INC in seconds (like 10+0.1)"))
        };
        Ok(TimeControl::Increment {
            base: secs(base)?,
            inc: secs(inc)?,
            tolerance,
        })
    }
}

impl fmt::Display for TimeControl {
    /// `10+0.1` or `movetime=100ms`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Increment { base, inc, .. } => {
                write!(f, "{}+{}", base.as_secs_f64(), inc.as_secs_f64())
            }
            TimeControl::MoveTime { per_move, .. } => {
                write!(f, "movetime={}ms", per_move.as_millis())
            }
        }
    }
}

/// One side's clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub control: TimeControl,
    /// Time left (for increment controls).
    pub remaining: Duration,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        let remaining = match control {
            TimeControl::Increment { base, .. } => base,
            TimeControl::MoveTime { per_move, .. } => per_move,
        };
        Clock { control, remaining }
    }

    /// The longest a move may take before it is a time forfeit.
    pub fn limit(&self) -> Duration {
        match self.control {
            TimeControl::Increment { tolerance, .. } => self.remaining + tolerance,
            TimeControl::MoveTime {
                per_move,
                tolerance,
            } => per_move + tolerance,
        }
    }

    /// Charges a move that took `used`; false when that was a time forfeit.
    pub fn spend(&mut self, used: Duration) -> bool {
        if used > self.limit() {
            return false;
        }
        if let TimeControl::Increment { inc, .. } = self.control {
            self.remaining = self.remaining.saturating_sub(used) + inc;
        }
        true
    }
}
