//! Matches between engines: engine processes, the schedule, statistics and records.

pub mod engines;
pub mod process;
pub mod record;
pub mod runner;
pub mod stats;
