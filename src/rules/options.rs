//! The named options of a rule set, each with its values and its text form.

use std::fmt;

/// Who moves first when a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstMover {
    Red,
    Blue,
    /// Drawn from the game's seed (Probe).
    Random,
}

/// The more-squares rule (continuous chasing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoreSquares {
    None,
    /// ISF: a chasing move may not recreate a position of the current chase.
    Chase,
    /// Probe: no move may recreate an earlier position (back-and-forth aside).
    NoRepetition,
}

/// What happens when equal ranks meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EqualRanks {
    BothRemoved,
    AttackerWins,
}

/// What happens to a Bomb that wins a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bombs {
    Stay,
    /// Removed together with the attacker it destroyed.
    Explode,
}

/// Power Square moves (Probe's Enhanced mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerSquares {
    /// To any other Power Square, attacking an enemy there.
    Full,
    /// Only to a vacant Power Square.
    Vacant,
    Off,
}

/// How ranks are shown to people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// 10 Marshal … 1 Spy (ISF).
    Modern,
    /// 1 Marshal … 9 Scout, S Spy (Probe, older American sets).
    Old,
}

/// Every option of a rule set except the piece counts, which live with the piece kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub first_mover: FirstMover,
    /// Scouts move any distance (`true`) or one square.
    pub scout_multi: bool,
    pub scout_range_attack: bool,
    /// N of the two-squares rule; 0 means off.
    pub two_squares: u8,
    pub more_squares: MoreSquares,
    pub equal_ranks: EqualRanks,
    pub bombs: Bombs,
    pub power_squares: PowerSquares,
    pub captain_diagonal: bool,
    pub lieutenant_jump: bool,
    pub sergeant_crossing: bool,
    /// Plies after which the game is drawn; 0 means no limit.
    pub ply_limit: u32,
    pub numbering: Numbering,
    /// Fantasy: the Dragon may also fly diagonally.
    pub dragon_diagonal: bool,
    /// Fantasy: reach of the Sorceress, the Mage and the Elf.
    pub sorceress_range: u8,
    pub mage_range: u8,
    pub elf_range: u8,
    /// Rank duel: board rows, starting pool, probes per side, turns each before sudden
    /// death (0: never).
    pub rows: u8,
    pub points: u32,
    pub probes: u8,
    pub sudden_death: u32,
}

impl Options {
    /// ISF / Gravon classic defaults.
    pub fn classic() -> Options {
        Options {
            first_mover: FirstMover::Red,
            scout_multi: true,
            scout_range_attack: true,
            two_squares: 3,
            more_squares: MoreSquares::Chase,
            equal_ranks: EqualRanks::BothRemoved,
            bombs: Bombs::Stay,
            power_squares: PowerSquares::Off,
            captain_diagonal: false,
            lieutenant_jump: false,
            sergeant_crossing: false,
            ply_limit: 2000,
            numbering: Numbering::Modern,
            dragon_diagonal: false,
            sorceress_range: 2,
            mage_range: 2,
            elf_range: 3,
            rows: 5,
            points: 25,
            probes: 3,
            sudden_death: 20,
        }
    }

    /// The rank duel's defaults.
    pub fn duel() -> Options {
        Options {
            first_mover: FirstMover::Random,
            two_squares: 0,
            more_squares: MoreSquares::None,
            ply_limit: 200,
            ..Options::classic()
        }
    }

    /// Probe's defaults for its Classic and Blitz modes.
    pub fn probe() -> Options {
        Options {
            first_mover: FirstMover::Random,
            two_squares: 5,
            more_squares: MoreSquares::NoRepetition,
            numbering: Numbering::Old,
            ..Options::classic()
        }
    }

    /// Probe's Enhanced mode: Probe's defaults with every special move on.
    pub fn probe_enhanced() -> Options {
        Options {
            power_squares: PowerSquares::Full,
            captain_diagonal: true,
            lieutenant_jump: true,
            sergeant_crossing: true,
            ..Options::probe()
        }
    }

    /// The names of every option, in the order they are listed to users.
    pub const NAMES: [&'static str; 21] = [
        "first-mover",
        "scout-moves",
        "scout-range-attack",
        "two-squares",
        "more-squares",
        "equal-ranks",
        "bombs",
        "power-squares",
        "captain-diagonal",
        "lieutenant-jump",
        "sergeant-crossing",
        "ply-limit",
        "numbering",
        "dragon-diagonal",
        "sorceress-range",
        "mage-range",
        "elf-range",
        "rows",
        "points",
        "probes",
        "sudden-death",
    ];

    /// The values an option accepts, as shown to users (`N` for a number).
    pub fn values(name: &str) -> Option<&'static [&'static str]> {
        Some(match name {
            "first-mover" => &["red", "blue", "random"],
            "scout-moves" => &["multi", "single"],
            "scout-range-attack" | "captain-diagonal" | "lieutenant-jump" | "sergeant-crossing"
            | "dragon-diagonal" => &["on", "off"],
            "two-squares" | "ply-limit" | "sudden-death" => &["off", "N"],
            "sorceress-range" | "mage-range" | "elf-range" | "rows" | "points" | "probes" => &["N"],
            "more-squares" => &["none", "chase", "no-repetition"],
            "equal-ranks" => &["both-removed", "attacker-wins"],
            "bombs" => &["stay", "explode"],
            "power-squares" => &["full", "vacant", "off"],
            "numbering" => &["modern", "old"],
            _ => return None,
        })
    }

    /// The current value of an option in its text form.
    pub fn get(&self, name: &str) -> Option<String> {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        let number = |n: u32| {
            if n == 0 {
                "off".to_string()
            } else {
                n.to_string()
            }
        };
        Some(match name {
            "first-mover" => match self.first_mover {
                FirstMover::Red => "red",
                FirstMover::Blue => "blue",
                FirstMover::Random => "random",
            }
            .into(),
            "scout-moves" => if self.scout_multi { "multi" } else { "single" }.into(),
            "scout-range-attack" => on(self.scout_range_attack),
            "two-squares" => number(self.two_squares as u32),
            "more-squares" => match self.more_squares {
                MoreSquares::None => "none",
                MoreSquares::Chase => "chase",
                MoreSquares::NoRepetition => "no-repetition",
            }
            .into(),
            "equal-ranks" => match self.equal_ranks {
                EqualRanks::BothRemoved => "both-removed",
                EqualRanks::AttackerWins => "attacker-wins",
            }
            .into(),
            "bombs" => match self.bombs {
                Bombs::Stay => "stay",
                Bombs::Explode => "explode",
            }
            .into(),
            "power-squares" => match self.power_squares {
                PowerSquares::Full => "full",
                PowerSquares::Vacant => "vacant",
                PowerSquares::Off => "off",
            }
            .into(),
            "captain-diagonal" => on(self.captain_diagonal),
            "lieutenant-jump" => on(self.lieutenant_jump),
            "sergeant-crossing" => on(self.sergeant_crossing),
            "ply-limit" => number(self.ply_limit),
            "numbering" => match self.numbering {
                Numbering::Modern => "modern",
                Numbering::Old => "old",
            }
            .into(),
            "dragon-diagonal" => on(self.dragon_diagonal),
            "sorceress-range" => self.sorceress_range.to_string(),
            "mage-range" => self.mage_range.to_string(),
            "elf-range" => self.elf_range.to_string(),
            "rows" => self.rows.to_string(),
            "points" => self.points.to_string(),
            "probes" => self.probes.to_string(),
            "sudden-death" => number(self.sudden_death),
            _ => return None,
        })
    }

    /// Sets an option from its text form.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let bad = || OptionError::BadValue {
            name: name.to_string(),
            value: value.to_string(),
            expected: Options::values(name)
                .map(|v| v.join("|"))
                .unwrap_or_default(),
        };
        let on_off = |v: &str| match v {
            "on" | "true" => Ok(true),
            "off" | "false" => Ok(false),
            _ => Err(bad()),
        };
        let number = |v: &str, max: u32| -> Result<u32, OptionError> {
            if v == "off" {
                return Ok(0);
            }
            match v.parse::<u32>() {
                Ok(n) if (1..=max).contains(&n) => Ok(n),
                _ => Err(bad()),
            }
        };
        let range = |v: &str, min: u32, max: u32| -> Result<u32, OptionError> {
            match v.parse::<u32>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(bad()),
            }
        };
        match name {
            "first-mover" => {
                self.first_mover = match value {
                    "red" => FirstMover::Red,
                    "blue" => FirstMover::Blue,
                    "random" => FirstMover::Random,
                    _ => return Err(bad()),
                }
            }
            "scout-moves" => {
                self.scout_multi = match value {
                    "multi" => true,
                    "single" => false,
                    _ => return Err(bad()),
                }
            }
            "scout-range-attack" => self.scout_range_attack = on_off(value)?,
            "two-squares" => self.two_squares = number(value, 64)? as u8,
            "more-squares" => {
                self.more_squares = match value {
                    "none" => MoreSquares::None,
                    "chase" => MoreSquares::Chase,
                    "no-repetition" => MoreSquares::NoRepetition,
                    _ => return Err(bad()),
                }
            }
            "equal-ranks" => {
                self.equal_ranks = match value {
                    "both-removed" => EqualRanks::BothRemoved,
                    "attacker-wins" => EqualRanks::AttackerWins,
                    _ => return Err(bad()),
                }
            }
            "bombs" => {
                self.bombs = match value {
                    "stay" => Bombs::Stay,
                    "explode" => Bombs::Explode,
                    _ => return Err(bad()),
                }
            }
            "power-squares" => {
                self.power_squares = match value {
                    "full" => PowerSquares::Full,
                    "vacant" => PowerSquares::Vacant,
                    "off" => PowerSquares::Off,
                    _ => return Err(bad()),
                }
            }
            "captain-diagonal" => self.captain_diagonal = on_off(value)?,
            "lieutenant-jump" => self.lieutenant_jump = on_off(value)?,
            "sergeant-crossing" => self.sergeant_crossing = on_off(value)?,
            "ply-limit" => self.ply_limit = number(value, 1_000_000)?,
            "numbering" => {
                self.numbering = match value {
                    "modern" => Numbering::Modern,
                    "old" => Numbering::Old,
                    _ => return Err(bad()),
                }
            }
            "dragon-diagonal" => self.dragon_diagonal = on_off(value)?,
            "sorceress-range" => self.sorceress_range = range(value, 1, 9)? as u8,
            "mage-range" => self.mage_range = range(value, 1, 9)? as u8,
            "elf-range" => self.elf_range = range(value, 1, 9)? as u8,
            "rows" => self.rows = range(value, 3, 13)? as u8,
            "points" => self.points = range(value, 1, 999)?,
            "probes" => self.probes = range(value, 0, 99)? as u8,
            "sudden-death" => self.sudden_death = number(value, 10_000)?,
            _ => return Err(OptionError::Unknown(name.to_string())),
        }
        Ok(())
    }
}

/// Why an option could not be set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("unknown rule option '{0}'")]
    Unknown(String),
    #[error("rule option '{name}' cannot be '{value}' (expected {expected})")]
    BadValue {
        name: String,
        value: String,
        expected: String,
    },
    #[error("unknown variant '{0}' (expected one of {1})")]
    UnknownVariant(String, String),
    #[error("'{0}' is not OPTION=VALUE")]
    NotAssignment(String),
    #[error("{0}")]
    Invalid(String),
}

impl fmt::Display for Options {
    /// All options as `name=value` pairs separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for name in Options::NAMES {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{name}={}", self.get(name).unwrap_or_default())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_round_trips_through_text() {
        for base in [
            Options::classic(),
            Options::probe(),
            Options::probe_enhanced(),
        ] {
            for name in Options::NAMES {
                let value = base.get(name).unwrap();
                let mut copy = Options::classic();
                copy.set(name, &value).unwrap();
                assert_eq!(copy.get(name), Some(value), "{name}");
            }
        }
    }

    #[test]
    fn bad_option_values_are_refused() {
        let mut o = Options::classic();
        assert!(matches!(
            o.set("bombs", "maybe"),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("two-squares", "0"),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("nonsense", "1"),
            Err(OptionError::Unknown(_))
        ));
        assert_eq!(o, Options::classic());
    }
}
