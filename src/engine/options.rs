//! The engine's options as `setoption` sees them, and their `option` lines for `sei`.

use crate::rules::{Options, Rules, PLAYABLE};

/// Probe-like levels and the strength each stands for.
pub const LEVELS: [(&str, u32); 4] = [
    ("Beginner", 20),
    ("Intermediate", 50),
    ("Expert", 80),
    ("Max", 100),
];

/// A string option's value: UCI writes the empty string `<empty>`.
fn string(value: &str) -> String {
    if value == "<empty>" {
        String::new()
    } else {
        value.to_string()
    }
}

/// Everything `setoption` can change.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub variant: String,
    /// Rule options and counts set on top of the preset, in order.
    pub rule_settings: Vec<String>,
    pub hash_mb: u64,
    pub threads: usize,
    pub seed: u64,
    pub move_overhead_ms: u64,
    /// 1–100; set directly (`Strength`) or through `Level`.
    pub strength: u32,
    /// Who chooses the moves: the search or a baseline.
    pub player: crate::search::PlayerKind,
    /// Who the engine plays: what earlier games showed is remembered per opponent.
    pub opponent: String,
    /// Whether the belief uses what earlier games against the opponent showed.
    pub memory: bool,
    /// Where the memory is kept between runs (empty: nowhere).
    pub memory_file: String,
    /// Whether the belief judges how predictably the opponent places its Bombs.
    pub bomb_habits: bool,
    /// Whether the belief reads a hidden piece's moves around our identified Marshal as
    /// evidence about whether it is the Spy.
    pub spy_hunt: bool,
    /// Whether the belief reads a hidden piece that stood beside our identified pieces
    /// without attacking them as evidence that it does not beat them.
    pub declined_attacks: bool,
    /// Whether the search keeps a guard near our walled Flag while enemy Miners come near.
    pub flag_guard: bool,
    /// Whether the search brings back the one piece of ours that beats an identified enemy
    /// raider in our half.
    pub chase_raiders: bool,
    /// Whether a known piece of either side that a known stronger one has cornered counts
    /// as partly lost.
    pub cornered: bool,
}

impl EngineOptions {
    /// The evidence the engine's belief reads at full strength (what `d` and `eval` show).
    pub fn evidence(&self) -> crate::view::Evidence {
        crate::view::Evidence::ALL
            .with_sharpness(self.bomb_habits)
            .with_stalking(self.spy_hunt)
            .with_declines(self.declined_attacks)
    }
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            variant: "classic".into(),
            rule_settings: Vec::new(),
            hash_mb: 16,
            threads: 1,
            seed: 0,
            move_overhead_ms: crate::search::params::MOVE_OVERHEAD_MS,
            strength: 100,
            player: crate::search::PlayerKind::Search,
            opponent: String::new(),
            memory: true,
            memory_file: String::new(),
            bomb_habits: true,
            spy_hunt: false,
            declined_attacks: true,
            flag_guard: true,
            chase_raiders: true,
            cornered: false,
        }
    }
}

/// What changed after a `setoption`.
#[derive(Debug, PartialEq, Eq)]
pub enum Changed {
    /// The rules changed: the game must be set up again.
    Rules,
    /// The memory file changed: it must be read.
    MemoryFile,
    Other,
}

impl EngineOptions {
    /// The rule set these options describe.
    pub fn rules(&self) -> Result<Rules, String> {
        Rules::with_settings(&self.variant, &self.rule_settings).map_err(|e| e.to_string())
    }

    /// Applies `setoption name <name> value <value>`. Names are case-insensitive.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Changed, String> {
        let lower = name.to_ascii_lowercase();
        let value = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| {
                    format!("option '{name}': '{value}' is not a number from {min} to {max}")
                })
        };
        let check = |title: &str| -> Result<bool, String> {
            match value {
                "true" | "on" => Ok(true),
                "false" | "off" => Ok(false),
                _ => Err(format!("option '{title}': '{value}' is not true or false")),
            }
        };
        match lower.as_str() {
            "variant" => {
                if !PLAYABLE.contains(&value) {
                    return Err(format!(
                        "option 'Variant': unknown variant '{value}' (expected one of {})",
                        PLAYABLE.join(", ")
                    ));
                }
                self.variant = value.to_string();
                self.rule_settings.clear();
                return Ok(Changed::Rules);
            }
            "hash" => self.hash_mb = spin(1, 4096)?,
            "threads" => self.threads = spin(1, 64)? as usize,
            "seed" => self.seed = spin(0, u64::MAX)?,
            "move overhead" => self.move_overhead_ms = spin(0, 10_000)?,
            "strength" => self.strength = spin(1, 100)? as u32,
            "player" => {
                self.player = crate::search::PlayerKind::parse(value).ok_or_else(|| {
                    format!(
                        "option 'Player': unknown player '{value}' (expected {})",
                        crate::search::PlayerKind::NAMES.join(", ")
                    )
                })?
            }
            "opponent" => self.opponent = string(value),
            "memory file" => {
                self.memory_file = string(value);
                return Ok(Changed::MemoryFile);
            }
            "memory" => self.memory = check("Memory")?,
            "bomb habits" => self.bomb_habits = check("Bomb Habits")?,
            "spy hunt" => self.spy_hunt = check("Spy Hunt")?,
            "declined attacks" => self.declined_attacks = check("Declined Attacks")?,
            "flag guard" => self.flag_guard = check("Flag Guard")?,
            "chase raiders" => self.chase_raiders = check("Chase Raiders")?,
            "cornered" => self.cornered = check("Cornered")?,
            "level" => {
                let level = LEVELS
                    .iter()
                    .find(|(l, _)| l.eq_ignore_ascii_case(value))
                    .ok_or_else(|| format!("option 'Level': unknown level '{value}'"))?;
                self.strength = level.1;
            }
            _ => {
                // A rule option: check it on a copy of the rules first.
                let mut rules = self.rules()?;
                let value = match value {
                    "true" => "on",
                    "false" => "off",
                    "0" if lower == "two-squares" || lower == "ply-limit" => "off",
                    v => v,
                };
                // Piece letters keep their case (`count.X`); option names do not matter.
                let key = match name.split_once('.') {
                    Some((head, kind)) if head.eq_ignore_ascii_case("count") => {
                        format!("count.{kind}")
                    }
                    _ => lower.clone(),
                };
                rules.set(&key, value).map_err(|e| e.to_string())?;
                self.rule_settings.push(format!("{key}={value}"));
                return Ok(Changed::Rules);
            }
        }
        Ok(Changed::Other)
    }

    /// The `option` lines of the `sei` answer, with the current values as defaults.
    pub fn option_lines(&self, rules: &Rules) -> Vec<String> {
        let mut lines = vec![format!(
            "option name Variant type combo default {} {}",
            self.variant,
            PLAYABLE
                .iter()
                .map(|p| format!("var {p}"))
                .collect::<Vec<_>>()
                .join(" ")
        )];
        for name in rules.option_names() {
            let current = rules.get(name).unwrap_or_default();
            let line = match name {
                "two-squares" | "ply-limit" => format!(
                    "option name {name} type spin default {} min 0 max {}",
                    if current == "off" {
                        "0".into()
                    } else {
                        current
                    },
                    if name == "two-squares" { 64 } else { 1_000_000 }
                ),
                _ => {
                    let values = Options::values(name).unwrap_or(&[]);
                    if values == ["on", "off"] {
                        format!("option name {name} type check default {}", current == "on")
                    } else {
                        format!(
                            "option name {name} type combo default {current} {}",
                            values
                                .iter()
                                .map(|v| format!("var {v}"))
                                .collect::<Vec<_>>()
                                .join(" ")
                        )
                    }
                }
            };
            lines.push(line);
        }
        for kind in rules.kinds() {
            lines.push(format!(
                "option name count.{} type spin default {} min 0 max 99",
                kind.name, kind.count
            ));
        }
        lines.push(format!(
            "option name Hash type spin default {} min 1 max 4096",
            self.hash_mb
        ));
        lines.push(format!(
            "option name Threads type spin default {} min 1 max 64",
            self.threads
        ));
        lines.push(format!(
            "option name Seed type spin default {} min 0 max 18446744073709551615",
            self.seed
        ));
        lines.push(format!(
            "option name Move Overhead type spin default {} min 0 max 10000",
            self.move_overhead_ms
        ));
        let level = LEVELS
            .iter()
            .rev()
            .find(|(_, s)| *s <= self.strength)
            .map_or("Beginner", |l| l.0);
        lines.push(format!(
            "option name Level type combo default {level} {}",
            LEVELS
                .iter()
                .map(|(l, _)| format!("var {l}"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        lines.push(format!(
            "option name Strength type spin default {} min 1 max 100",
            self.strength
        ));
        lines.push(format!(
            "option name Player type combo default {} {}",
            self.player.name(),
            crate::search::PlayerKind::NAMES
                .iter()
                .map(|p| format!("var {p}"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        let shown = |s: &str| {
            if s.is_empty() {
                "<empty>".to_string()
            } else {
                s.to_string()
            }
        };
        lines.push(format!(
            "option name Opponent type string default {}",
            shown(&self.opponent)
        ));
        lines.push(format!(
            "option name Memory type check default {}",
            self.memory
        ));
        lines.push(format!(
            "option name Memory File type string default {}",
            shown(&self.memory_file)
        ));
        lines.push(format!(
            "option name Bomb Habits type check default {}",
            self.bomb_habits
        ));
        lines.push(format!(
            "option name Spy Hunt type check default {}",
            self.spy_hunt
        ));
        lines.push(format!(
            "option name Declined Attacks type check default {}",
            self.declined_attacks
        ));
        lines.push(format!(
            "option name Flag Guard type check default {}",
            self.flag_guard
        ));
        lines.push(format!(
            "option name Chase Raiders type check default {}",
            self.chase_raiders
        ));
        lines.push(format!(
            "option name Cornered type check default {}",
            self.cornered
        ));
        lines
    }
}
