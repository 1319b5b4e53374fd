//! Independent reference move generator (test oracle) for the Stratego rules of
//! `docs/rules.md`, reading the text formats of `protocol.md`.
//!
//! This module shares no code with the `stratagem` crate and does not import it. It is
//! written to be obviously right rather than fast: the board is a 2D `Vec`, every action is
//! played on a clone of the whole state, and every rule is checked in the words of
//! `docs/rules.md`.
//!
//! Public API:
//! - [`perft`]: leaf count of the full-information game tree.
//! - [`legal_moves`]: the legal actions of a position as sorted strings (`e4e5`,
//!   `e4e6:reveal`, `e4e6:hypnotise`, `e4:strike`, `e4e7:shoot`, `c5:probe3`, `pass`).
//! - [`divide`]: perft split by first action.
//!
//! Three families of presets: the classic family (`classic`, `barrage`, `duel`,
//! `probe-classic`, `probe-blitz`, `probe-enhanced`), the fantasy edition (`fantasy`,
//! `fantasy-30`) and the hidden-rank duel (`rankduel`).
//!
//! Decisions taken where the written rules leave room (see also the comments at each spot):
//! - A history move (from the position text) that is neither a straight orthogonal line
//!   nor a move between two Power Squares is given one pseudo-boundary {from, to}, like a
//!   diagonal step. The same holds for a diagonal Dragon flight.
//! - A move between two Power Squares of the board crosses the pseudo-boundary, whatever the
//!   `power-squares` option (the presets never let another rule connect two Power Squares).
//! - Moved (`+`) and revealed (`*`) marks do not change which moves are legal in the classic
//!   family. In the fantasy edition the revealed mark decides the targets of the Sorceress
//!   and the `~` mark those of the Mage; in the rank duel both marks decide probe targets.
//! - The ply limit ends the game when `ply >= N`.
//! - Fantasy: the Captain/Lieutenant/Sergeant options and Power Squares name classic
//!   pieces and squares that the fantasy edition does not have; they are accepted and have
//!   no effect there. Battles are exactly the classic ones (Slayer = Spy, Trap = Bomb,
//!   Dwarf = Miner, Dragon = Marshal), so a Slayer attacking the Flag captures it and two
//!   Slayers remove each other.
//! - Fantasy: a shot that misses and a hypnosis that fails do not reveal the target
//!   ("nothing happens"). A hypnotised piece counts, for the per-kind limits of a position,
//!   in its original army (the side opposite to its current owner).
//! - Fantasy: a power in `history` is written as `legal_moves` writes it (`e4e6:reveal`, …);
//!   it crosses no boundary and counts as an attack (nothing before it is replayed).
//! - Fantasy: a Gravon field is read on the `fantasy` board (same size and lakes) with the
//!   pieces of the same rank (Bomb = Trap, Spy = Slayer, …). A `~` mark is accepted only on a
//!   piece a Mage can take (rank below 6, not a Trap or Flag); `*` is not required with it.
//! - Rank duel: sudden death applies to a turn made in a position whose ply is at least
//!   2·N (both sides have played N turns before it). Points move in full (a pool may go
//!   below 0). A wrong probe changes no mark. The rank duel takes only its own options and
//!   `first-mover`, `ply-limit`, `two-squares=off`, `more-squares=none`: repetition rules
//!   are not defined for its actions. In `history` a probe counts as an attack and a pass
//!   moves nothing.

#![allow(dead_code)]
#![allow(clippy::needless_range_loop)]

use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------

/// Piece kinds are indices 0..12 into these tables. The fantasy edition uses the same
/// indices (same ranks): Trap = Bomb, Slayer = Spy, Dwarf = Miner, Dragon = Marshal. The
/// rank duel uses indices 1..=6 for its ranks 1..=6.
const FLAG: usize = 0;
const BOMB: usize = 1;
const SPY: usize = 2;
const SCOUT: usize = 3;
const MINER: usize = 4;
const SERGEANT: usize = 5;
const LIEUTENANT: usize = 6;
const CAPTAIN: usize = 7;
const MARSHAL: usize = 11;

// fantasy names for the same indices
const TRAP: usize = 1;
const SLAYER: usize = 2;
const ELF: usize = 5;
const ELEMENTAL: usize = 6;
const MAGE: usize = 7;
const SHIFTER: usize = 8;
const KNIGHT: usize = 9;
const SORCERESS: usize = 10;
const DRAGON: usize = 11;

const LETTERS: [char; 12] = ['F', 'B', 'S', '2', '3', '4', '5', '6', '7', '8', '9', 'X'];
const NAMES: [&str; 12] = [
    "flag",
    "bomb",
    "spy",
    "scout",
    "miner",
    "sergeant",
    "lieutenant",
    "captain",
    "major",
    "colonel",
    "general",
    "marshal",
];
const FANTASY_LETTERS: [char; 12] = ['F', 'T', 'S', '2', '3', '4', '5', '6', '7', '8', '9', 'X'];
const FANTASY_NAMES: [&str; 12] = [
    "flag",
    "trap",
    "slayer",
    "scout",
    "dwarf",
    "elf",
    "elemental",
    "mage",
    "shifter",
    "knight",
    "sorceress",
    "dragon",
];

/// Modern rank: Spy 1, Scout 2, ..., Marshal 10. Only for movable kinds (classic and
/// fantasy families).
fn rank(kind: usize) -> u32 {
    kind as u32 - 1
}

fn movable(kind: usize) -> bool {
    kind != FLAG && kind != BOMB
}

const RED: u8 = 0;
const BLUE: u8 = 1;

fn other(side: u8) -> u8 {
    1 - side
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    owner: u8,
    kind: usize,
    /// `+`
    moved: bool,
    /// `*`
    revealed: bool,
    /// `~` (fantasy): has changed sides by hypnosis.
    changed: bool,
}

impl Piece {
    fn new(owner: u8, kind: usize) -> Piece {
        Piece {
            owner,
            kind,
            moved: false,
            revealed: false,
            changed: false,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    Blocked,
    Occupied(Piece),
}

/// (file, row), both counted from 0: `a1` is (0, 0).
type Sq = (usize, usize);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum HKind {
    /// A move from one square to another (step, line, jump, flight, duel move or strike).
    Move,
    /// A fantasy power or a duel probe: crosses no boundary, counts as an attack.
    Power,
    /// A duel pass: moves nothing, crosses no boundary.
    Pass,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct HMove {
    from: Sq,
    to: Sq,
    attack: bool,
    kind: HKind,
}

/// One legal action of the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
enum Action {
    /// Ordinary move or attack, Scout line, special move, flight, two-square move, duel
    /// move or strike: `<from><to>`.
    Move(Sq, Sq),
    /// `<from><to>:reveal`
    Reveal(Sq, Sq),
    /// `<from><to>:hypnotise`
    Hypnotise(Sq, Sq),
    /// `<from>:strike`
    Strike(Sq),
    /// `<from><to>:shoot`
    Shoot(Sq, Sq),
    /// `<target>:probe<g>`
    Probe(Sq, u32),
    /// `pass`
    Pass,
}

fn action_text(action: &Action) -> String {
    match *action {
        Action::Move(f, t) => format!("{}{}", square_name(f), square_name(t)),
        Action::Reveal(f, t) => format!("{}{}:reveal", square_name(f), square_name(t)),
        Action::Hypnotise(f, t) => format!("{}{}:hypnotise", square_name(f), square_name(t)),
        Action::Strike(f) => format!("{}:strike", square_name(f)),
        Action::Shoot(f, t) => format!("{}{}:shoot", square_name(f), square_name(t)),
        Action::Probe(t, g) => format!("{}:probe{}", square_name(t), g),
        Action::Pass => "pass".to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// Rules (preset + options)
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Family {
    Classic,
    Fantasy,
    Duel,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MoreSquares {
    None,
    Chase,
    NoRepetition,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PowerMode {
    Full,
    Vacant,
    Off,
}

#[derive(Clone, Debug)]
struct Rules {
    family: Family,
    width: usize,
    height: usize,
    impassable: Vec<Sq>,
    power_squares: Vec<Sq>,
    counts: [u32; 12],
    scout_multi: bool,
    scout_range_attack: bool,
    two_squares: Option<usize>,
    more_squares: MoreSquares,
    equal_ranks_attacker_wins: bool,
    bombs_explode: bool,
    power: PowerMode,
    captain_diagonal: bool,
    lieutenant_jump: bool,
    sergeant_crossing: bool,
    ply_limit: Option<u64>,
    // fantasy
    dragon_diagonal: bool,
    sorceress_range: usize,
    mage_range: usize,
    elf_range: usize,
    // rank duel
    points: i64,
    probes: u32,
    sudden_death: Option<u64>,
}

impl Rules {
    fn is_impassable(&self, sq: Sq) -> bool {
        self.impassable.contains(&sq)
    }
    fn is_power_square(&self, sq: Sq) -> bool {
        self.power_squares.contains(&sq)
    }
}

/// The letter of a kind in the variant's text formats.
fn letter_of(rules: &Rules, kind: usize) -> char {
    match rules.family {
        Family::Classic => LETTERS[kind],
        Family::Fantasy => FANTASY_LETTERS[kind],
        Family::Duel => (b'0' + kind as u8) as char,
    }
}

/// The kind of a letter in the variant's text formats.
fn kind_of_letter(rules: &Rules, c: char) -> Option<usize> {
    match rules.family {
        Family::Classic => LETTERS.iter().position(|&l| l == c),
        Family::Fantasy => FANTASY_LETTERS.iter().position(|&l| l == c),
        Family::Duel => match c {
            '1'..='6' => Some((c as u8 - b'0') as usize),
            _ => None,
        },
    }
}

/// Parses a square name like `a1` or `k11` (no leading zero) into 0-based coordinates.
fn parse_square_name(text: &str) -> Result<(usize, usize), String> {
    let mut chars = text.chars();
    let letter = chars
        .next()
        .ok_or_else(|| "empty square name".to_string())?;
    if !letter.is_ascii_lowercase() {
        return Err(format!("bad file letter in square '{}'", text));
    }
    let digits: &str = &text[1..];
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
        return Err(format!("bad row number in square '{}'", text));
    }
    let row: usize = digits
        .parse()
        .map_err(|_| format!("bad row number in square '{}'", text))?;
    Ok(((letter as u8 - b'a') as usize, row - 1))
}

fn square_name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

fn fixed_squares(names: &[&str]) -> Vec<Sq> {
    // Only called with the literal preset tables below; they are well formed.
    names
        .iter()
        .map(|n| parse_square_name(n).expect("preset square"))
        .collect()
}

fn parse_on_off(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!(
            "option {}: expected on or off, got '{}'",
            name, value
        )),
    }
}

/// `off` or a decimal number N >= 1.
fn parse_off_or_positive(name: &str, value: &str) -> Result<Option<u64>, String> {
    if value == "off" {
        return Ok(None);
    }
    if value.is_empty() || !value.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "option {}: expected off or a number, got '{}'",
            name, value
        ));
    }
    let n: u64 = value
        .parse()
        .map_err(|_| format!("option {}: bad number '{}'", name, value))?;
    if n < 1 {
        return Err(format!("option {}: must be at least 1", name));
    }
    Ok(Some(n))
}

/// A decimal number in `lo..=hi`.
fn parse_in_range(name: &str, value: &str, lo: u64, hi: u64) -> Result<u64, String> {
    if value.is_empty() || value.len() > 6 || !value.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "option {}: expected a number, got '{}'",
            name, value
        ));
    }
    let n: u64 = value
        .parse()
        .map_err(|_| format!("option {}: bad number '{}'", name, value))?;
    if n < lo || n > hi {
        return Err(format!("option {}: must be {} to {}", name, lo, hi));
    }
    Ok(n)
}

fn rules_for(variant: &str, sets: &[(&str, &str)]) -> Result<Rules, String> {
    let classic_lakes = ["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"];
    // the classic options' defaults of `classic`, shared by the fantasy presets
    let base = |family: Family,
                width: usize,
                height: usize,
                impassable: Vec<Sq>,
                counts: [u32; 12]|
     -> Rules {
        Rules {
            family,
            width,
            height,
            impassable,
            power_squares: Vec::new(),
            counts,
            scout_multi: true,
            scout_range_attack: true,
            two_squares: Some(3),
            more_squares: MoreSquares::Chase,
            equal_ranks_attacker_wins: false,
            bombs_explode: false,
            power: PowerMode::Off,
            captain_diagonal: false,
            lieutenant_jump: false,
            sergeant_crossing: false,
            ply_limit: Some(2000),
            dragon_diagonal: false,
            sorceress_range: 2,
            mage_range: 2,
            elf_range: 3,
            points: 25,
            probes: 3,
            sudden_death: Some(20),
        }
    };
    // counts in the order F B S 2 3 4 5 6 7 8 9 X (fantasy: F T S 2 3 4 5 6 7 8 9 X)
    let mut rules = match variant {
        "classic" | "barrage" | "duel" | "probe-classic" | "probe-blitz" => {
            let counts = match variant {
                "classic" | "probe-classic" => [1, 6, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1],
                "barrage" => [1, 1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1],
                "duel" => [1, 2, 1, 2, 2, 0, 0, 0, 0, 0, 1, 1],
                _ => [1, 3, 1, 3, 2, 2, 2, 2, 1, 1, 1, 1], // probe-blitz
            };
            let mut r = base(
                Family::Classic,
                10,
                10,
                fixed_squares(&classic_lakes),
                counts,
            );
            if variant.starts_with("probe") {
                r.two_squares = Some(5);
                r.more_squares = MoreSquares::NoRepetition;
            }
            r
        }
        "probe-enhanced" => {
            let mut r = base(
                Family::Classic,
                11,
                11,
                fixed_squares(&[
                    "c5", "d5", "c6", "d6", "c7", "d7", "h5", "i5", "h6", "i6", "h7", "i7",
                ]),
                [1, 7, 1, 8, 6, 5, 5, 4, 3, 2, 1, 1],
            );
            r.power_squares = fixed_squares(&["a6", "f6", "k6"]);
            r.two_squares = Some(5);
            r.more_squares = MoreSquares::NoRepetition;
            r.power = PowerMode::Full;
            r.captain_diagonal = true;
            r.lieutenant_jump = true;
            r.sergeant_crossing = true;
            r
        }
        "fantasy" => base(
            Family::Fantasy,
            10,
            10,
            fixed_squares(&classic_lakes),
            [1, 6, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1],
        ),
        "fantasy-30" => base(
            Family::Fantasy,
            10,
            8,
            fixed_squares(&["c4", "d4", "c5", "d5", "g4", "h4", "g5", "h5"]),
            [1, 6, 1, 4, 5, 2, 2, 2, 3, 2, 1, 1],
        ),
        "rankduel" => {
            // kinds 1..=5 one each; kind 6 only by promotion (at most one, instead of the 3)
            let mut r = base(
                Family::Duel,
                5,
                5,
                Vec::new(),
                [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
            );
            r.two_squares = None;
            r.more_squares = MoreSquares::None;
            r.ply_limit = Some(200);
            r
        }
        _ => return Err(format!("unknown variant '{}'", variant)),
    };
    let family = rules.family;

    for &(name, value) in sets {
        // which family an option belongs to
        let classic_option = matches!(
            name,
            "numbering"
                | "scout-moves"
                | "scout-range-attack"
                | "equal-ranks"
                | "bombs"
                | "power-squares"
                | "captain-diagonal"
                | "lieutenant-jump"
                | "sergeant-crossing"
        ) || name.starts_with("count.");
        let fantasy_option = matches!(
            name,
            "dragon-diagonal" | "sorceress-range" | "mage-range" | "elf-range"
        );
        let duel_option = matches!(name, "rows" | "points" | "probes" | "sudden-death");
        if (classic_option && family == Family::Duel)
            || (fantasy_option && family != Family::Fantasy)
            || (duel_option && family != Family::Duel)
        {
            return Err(format!("option {} does not apply to {}", name, variant));
        }
        match name {
            "first-mover" => match value {
                "red" | "blue" | "random" => {}
                _ => return Err(format!("option first-mover: bad value '{}'", value)),
            },
            "numbering" => match value {
                "modern" | "old" => {}
                _ => return Err(format!("option numbering: bad value '{}'", value)),
            },
            "scout-moves" => {
                rules.scout_multi = match value {
                    "multi" => true,
                    "single" => false,
                    _ => return Err(format!("option scout-moves: bad value '{}'", value)),
                }
            }
            "scout-range-attack" => rules.scout_range_attack = parse_on_off(name, value)?,
            "two-squares" => {
                rules.two_squares = parse_off_or_positive(name, value)?.map(|n| n as usize)
            }
            "more-squares" => {
                rules.more_squares = match value {
                    "none" => MoreSquares::None,
                    "chase" => MoreSquares::Chase,
                    "no-repetition" => MoreSquares::NoRepetition,
                    _ => return Err(format!("option more-squares: bad value '{}'", value)),
                }
            }
            "equal-ranks" => {
                rules.equal_ranks_attacker_wins = match value {
                    "both-removed" => false,
                    "attacker-wins" => true,
                    _ => return Err(format!("option equal-ranks: bad value '{}'", value)),
                }
            }
            "bombs" => {
                rules.bombs_explode = match value {
                    "stay" => false,
                    "explode" => true,
                    _ => return Err(format!("option bombs: bad value '{}'", value)),
                }
            }
            "power-squares" => {
                rules.power = match value {
                    "full" => PowerMode::Full,
                    "vacant" => PowerMode::Vacant,
                    "off" => PowerMode::Off,
                    _ => return Err(format!("option power-squares: bad value '{}'", value)),
                }
            }
            "captain-diagonal" => rules.captain_diagonal = parse_on_off(name, value)?,
            "lieutenant-jump" => rules.lieutenant_jump = parse_on_off(name, value)?,
            "sergeant-crossing" => rules.sergeant_crossing = parse_on_off(name, value)?,
            "ply-limit" => rules.ply_limit = parse_off_or_positive(name, value)?,
            "dragon-diagonal" => rules.dragon_diagonal = parse_on_off(name, value)?,
            "sorceress-range" => {
                rules.sorceress_range = parse_in_range(name, value, 1, 9)? as usize
            }
            "mage-range" => rules.mage_range = parse_in_range(name, value, 1, 9)? as usize,
            "elf-range" => rules.elf_range = parse_in_range(name, value, 1, 9)? as usize,
            "rows" => rules.height = parse_in_range(name, value, 3, 13)? as usize,
            "points" => rules.points = parse_in_range(name, value, 1, 999)? as i64,
            "probes" => rules.probes = parse_in_range(name, value, 0, 99)? as u32,
            "sudden-death" => rules.sudden_death = parse_off_or_positive(name, value)?,
            _ => {
                let piece = match name.strip_prefix("count.") {
                    Some(p) => p,
                    None => return Err(format!("unknown option '{}'", name)),
                };
                let (names, letters) = if family == Family::Fantasy {
                    (&FANTASY_NAMES, &FANTASY_LETTERS)
                } else {
                    (&NAMES, &LETTERS)
                };
                let kind = (0..12)
                    .find(|&k| names[k] == piece || letters[k].to_string() == piece)
                    .ok_or_else(|| format!("unknown piece in option '{}'", name))?;
                if value.is_empty() || !value.chars().all(|c| c.is_ascii_digit()) {
                    return Err(format!("option {}: bad count '{}'", name, value));
                }
                rules.counts[kind] = value
                    .parse()
                    .map_err(|_| format!("option {}: bad count '{}'", name, value))?;
            }
        }
    }
    if family == Family::Duel
        && (rules.two_squares.is_some() || rules.more_squares != MoreSquares::None)
    {
        return Err(
            "rankduel: the repetition rules are not defined for its actions (two-squares=off, more-squares=none only)"
                .to_string(),
        );
    }
    Ok(rules)
}

// ---------------------------------------------------------------------------------------
// Game state
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct State {
    /// `board[row][file]`, row 0 is Red's back row (row 1 in the notation).
    board: Vec<Vec<Cell>>,
    side: u8,
    ply: u64,
    /// Moves played, oldest first: `hist[j]` led from p(j) to p(j+1).
    hist: Vec<HMove>,
    /// `keys[i]` is p(i) (placement + side to move); `None` where it is unknown.
    /// Always `keys.len() == hist.len() + 1`; the last entry is the current position.
    keys: Vec<Option<Vec<u8>>>,
    /// Rank duel: each side's pool (Red, Blue).
    pools: [i64; 2],
    /// Rank duel: probes left (Red, Blue).
    probes_left: [u32; 2],
    /// Rank duel: the file where each side's rank-3 piece started (Red, Blue).
    lanes: [Option<usize>; 2],
    /// Rank duel: the last turn won the game by sudden death.
    sudden_death_won: bool,
}

fn cell(board: &[Vec<Cell>], sq: Sq) -> Cell {
    board[sq.1][sq.0]
}

/// The position in the sense of the repetition rules: owner and kind of every square,
/// plus the side to move. Marks are not part of it.
fn position_key(board: &[Vec<Cell>], side: u8) -> Vec<u8> {
    let mut key = Vec::new();
    for row in board {
        for c in row {
            key.push(match c {
                Cell::Empty => 0,
                Cell::Blocked => 255,
                Cell::Occupied(p) => 1 + p.owner * 12 + p.kind as u8,
            });
        }
    }
    key.push(side);
    key
}

// ---------------------------------------------------------------------------------------
// Parsing positions
// ---------------------------------------------------------------------------------------

fn parse_side(text: &str) -> Result<u8, String> {
    match text {
        "r" => Ok(RED),
        "b" => Ok(BLUE),
        _ => Err(format!("bad side '{}'", text)),
    }
}

fn check_square(rules: &Rules, sq: (usize, usize), text: &str) -> Result<Sq, String> {
    if sq.0 >= rules.width || sq.1 >= rules.height {
        return Err(format!("square '{}' is off the board", text));
    }
    Ok(sq)
}

/// Splits `<from><to>` at the second lower-case letter into two checked squares.
fn parse_two_squares(rules: &Rules, body: &str, text: &str) -> Result<(Sq, Sq), String> {
    let bytes = body.as_bytes();
    let split = (1..bytes.len())
        .find(|&i| bytes[i].is_ascii_lowercase())
        .ok_or_else(|| format!("bad history move '{}'", text))?;
    let from_text = &body[..split];
    let to_text = &body[split..];
    let from = check_square(rules, parse_square_name(from_text)?, from_text)?;
    let to = check_square(rules, parse_square_name(to_text)?, to_text)?;
    Ok((from, to))
}

/// One history token: `from-square to-square ["x"]`, e.g. `a4a5`, `a10a9x`; in the
/// fantasy edition also a power as `legal_moves` writes it (`e4e6:reveal`,
/// `e4e6:hypnotise`, `e4:strike`, `e4e7:shoot`); in the rank duel also `c5:probe3` and
/// `pass`.
fn parse_hmove(rules: &Rules, text: &str) -> Result<HMove, String> {
    if text == "pass" && rules.family == Family::Duel {
        return Ok(HMove {
            from: (0, 0),
            to: (0, 0),
            attack: false,
            kind: HKind::Pass,
        });
    }
    if let Some((body, suffix)) = text.split_once(':') {
        let power = |from: Sq, to: Sq| HMove {
            from,
            to,
            attack: true,
            kind: HKind::Power,
        };
        return match (rules.family, suffix) {
            (Family::Fantasy, "reveal")
            | (Family::Fantasy, "hypnotise")
            | (Family::Fantasy, "shoot") => {
                let (from, to) = parse_two_squares(rules, body, text)?;
                Ok(power(from, to))
            }
            (Family::Fantasy, "strike") => {
                let from = check_square(rules, parse_square_name(body)?, body)?;
                Ok(power(from, from))
            }
            (Family::Duel, s)
                if s.len() == 6
                    && s.starts_with("probe")
                    && matches!(s.as_bytes()[5], b'1'..=b'5') =>
            {
                let target = check_square(rules, parse_square_name(body)?, body)?;
                Ok(power(target, target))
            }
            _ => Err(format!("bad history move '{}'", text)),
        };
    }
    let (body, attack) = match text.strip_suffix('x') {
        Some(b) => (b, true),
        None => (text, false),
    };
    let (from, to) = parse_two_squares(rules, body, text)?;
    Ok(HMove {
        from,
        to,
        attack,
        kind: HKind::Move,
    })
}

/// Parses one board row of the full-information format.
fn parse_row(rules: &Rules, text: &str) -> Result<Vec<Cell>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut cells = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '.' => {
                cells.push(Cell::Empty);
                i += 1;
            }
            '_' => {
                cells.push(Cell::Blocked);
                i += 1;
            }
            'r' | 'b' => {
                let owner = if chars[i] == 'r' { RED } else { BLUE };
                let letter = *chars
                    .get(i + 1)
                    .ok_or_else(|| format!("row '{}': owner without a piece letter", text))?;
                let kind = kind_of_letter(rules, letter)
                    .ok_or_else(|| format!("row '{}': bad piece letter '{}'", text, letter))?;
                i += 2;
                let mut piece = Piece::new(owner, kind);
                // optional marks, in this order: "+" "*" "~"
                if i < chars.len() && chars[i] == '+' {
                    piece.moved = true;
                    i += 1;
                }
                if i < chars.len() && chars[i] == '*' {
                    piece.revealed = true;
                    i += 1;
                }
                if i < chars.len() && chars[i] == '~' {
                    // only a fantasy piece that a Mage can hypnotise (rank below the Mage's,
                    // not a Trap or Flag) can have changed sides
                    if rules.family != Family::Fantasy || !movable(kind) || rank(kind) >= rank(MAGE)
                    {
                        return Err(format!(
                            "row '{}': '{}' cannot have changed sides",
                            text, letter
                        ));
                    }
                    piece.changed = true;
                    i += 1;
                }
                cells.push(Cell::Occupied(piece));
            }
            other => return Err(format!("row '{}': unexpected character '{}'", text, other)),
        }
    }
    Ok(cells)
}

/// Checks what both position formats share: the impassable squares are exactly the
/// variant's, and no side has more pieces of a kind than the variant gives it (a piece
/// that changed sides counts in the army it came from).
fn validate_board(rules: &Rules, board: &[Vec<Cell>]) -> Result<(), String> {
    let mut counts = [[0u32; 12]; 2];
    for y in 0..rules.height {
        for x in 0..rules.width {
            let c = board[y][x];
            let should_block = rules.is_impassable((x, y));
            match c {
                Cell::Blocked if !should_block => {
                    return Err(format!(
                        "'_' on {} which is not impassable",
                        square_name((x, y))
                    ))
                }
                Cell::Empty | Cell::Occupied(_) if should_block => {
                    return Err(format!("{} must be written '_'", square_name((x, y))))
                }
                Cell::Occupied(p) => {
                    let army = if p.changed { other(p.owner) } else { p.owner };
                    counts[army as usize][p.kind] += 1
                }
                _ => {}
            }
        }
    }
    for side in 0..2 {
        for kind in 0..12 {
            if counts[side][kind] > rules.counts[kind] {
                return Err(format!(
                    "{} has {} pieces '{}', the variant allows {}",
                    if side == 0 { "red" } else { "blue" },
                    counts[side][kind],
                    letter_of(rules, kind),
                    rules.counts[kind]
                ));
            }
        }
        // rank duel: a 6 is a promoted 3
        if rules.family == Family::Duel && counts[side][3] + counts[side][6] > 1 {
            return Err(format!(
                "{} has both a 3 and a 6 (a 6 is its promoted 3)",
                if side == 0 { "red" } else { "blue" }
            ));
        }
    }
    Ok(())
}

/// Gravon field: 100 characters, rank 1 first, files a-j; `A` empty, `_` lake,
/// Red `B`..`M`, Blue `N`..`Y` in the order Bomb Spy Scout Miner Sergeant Lieutenant
/// Captain Major Colonel General Marshal Flag (on the fantasy board: Trap Slayer Scout
/// Dwarf Elf Elemental Mage Shifter Knight Sorceress Dragon Flag, by the same ranks).
fn parse_gravon(rules: &Rules, field: &str, side_text: &str) -> Result<State, String> {
    if rules.width != 10 || rules.height != 10 || rules.family == Family::Duel {
        return Err("a Gravon field needs the 10x10 board".to_string());
    }
    // kinds in Gravon order
    let order = [
        BOMB, SPY, SCOUT, MINER, SERGEANT, LIEUTENANT, CAPTAIN, 8, 9, 10, MARSHAL, FLAG,
    ];
    let chars: Vec<char> = field.chars().collect();
    if chars.len() != 100 {
        return Err("a Gravon field has 100 characters".to_string());
    }
    let mut board = vec![vec![Cell::Empty; 10]; 10];
    for (i, &c) in chars.iter().enumerate() {
        let (x, y) = (i % 10, i / 10);
        board[y][x] = match c {
            'A' => Cell::Empty,
            '_' => Cell::Blocked,
            'B'..='M' => Cell::Occupied(Piece::new(RED, order[(c as u8 - b'B') as usize])),
            'N'..='Y' => Cell::Occupied(Piece::new(BLUE, order[(c as u8 - b'N') as usize])),
            _ => return Err(format!("bad Gravon field character '{}'", c)),
        };
    }
    validate_board(rules, &board)?;
    let side = parse_side(side_text)?;
    let keys = vec![Some(position_key(&board, side))];
    Ok(State {
        board,
        side,
        ply: 0,
        hist: Vec::new(),
        keys,
        pools: [rules.points; 2],
        probes_left: [rules.probes; 2],
        lanes: [None; 2],
        sudden_death_won: false,
    })
}

/// A signed decimal number (a pool may have gone below 0).
fn parse_signed(text: &str) -> Result<i64, String> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || digits.len() > 9 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("bad number '{}'", text));
    }
    text.parse().map_err(|_| format!("bad number '{}'", text))
}

fn parse_position(rules: &Rules, text: &str) -> Result<State, String> {
    // Tokens are separated by one or more spaces (tabs are accepted too).
    let tokens: Vec<&str> = text.split([' ', '\t']).filter(|t| !t.is_empty()).collect();
    if tokens.is_empty() {
        return Err("empty position".to_string());
    }
    if tokens[0].len() == 100 && !tokens[0].contains('/') {
        if tokens.len() != 2 {
            return Err("a Gravon field is followed by the side to move only".to_string());
        }
        return parse_gravon(rules, tokens[0], tokens[1]);
    }
    if tokens.len() < 3 {
        return Err("a position needs board, side and ply".to_string());
    }

    // board, top row (Blue's back row) first
    let row_texts: Vec<&str> = tokens[0].split('/').collect();
    if row_texts.len() != rules.height {
        return Err(format!(
            "board has {} rows, the variant has {}",
            row_texts.len(),
            rules.height
        ));
    }
    let mut board = vec![Vec::new(); rules.height];
    for (i, row_text) in row_texts.iter().enumerate() {
        let cells = parse_row(rules, row_text)?;
        if cells.len() != rules.width {
            return Err(format!(
                "row '{}' has {} squares, the variant has {} files",
                row_text,
                cells.len(),
                rules.width
            ));
        }
        board[rules.height - 1 - i] = cells;
    }
    validate_board(rules, &board)?;

    let side = parse_side(tokens[1])?;
    if tokens[2].is_empty() || !tokens[2].chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("bad ply '{}'", tokens[2]));
    }
    let ply: u64 = tokens[2]
        .parse()
        .map_err(|_| format!("bad ply '{}'", tokens[2]))?;

    // rank duel clauses, in this order, each optional: points, probes, lanes
    let mut pools = [rules.points; 2];
    let mut probes_left = [rules.probes; 2];
    let mut lanes = [None; 2];
    let mut t = 3;
    if rules.family == Family::Duel {
        let pair = |t: usize| -> Result<(&str, &str), String> {
            match (tokens.get(t + 1), tokens.get(t + 2)) {
                (Some(a), Some(b)) => Ok((a, b)),
                _ => Err(format!("'{}' needs two values", tokens[t])),
            }
        };
        if tokens.get(t) == Some(&"points") {
            let (a, b) = pair(t)?;
            pools = [parse_signed(a)?, parse_signed(b)?];
            t += 3;
        }
        if tokens.get(t) == Some(&"probes") {
            let (a, b) = pair(t)?;
            for (i, v) in [a, b].iter().enumerate() {
                if v.is_empty() || v.len() > 4 || !v.chars().all(|c| c.is_ascii_digit()) {
                    return Err(format!("bad probe count '{}'", v));
                }
                probes_left[i] = v.parse().map_err(|_| format!("bad probe count '{}'", v))?;
            }
            t += 3;
        }
        if tokens.get(t) == Some(&"lanes") {
            let (a, b) = pair(t)?;
            for (i, v) in [a, b].iter().enumerate() {
                lanes[i] = match v.as_bytes() {
                    [b'-'] => None,
                    [c] if c.is_ascii_lowercase() && ((c - b'a') as usize) < rules.width => {
                        Some((c - b'a') as usize)
                    }
                    _ => return Err(format!("bad lane '{}'", v)),
                };
            }
            t += 3;
        }
    }

    let mut hist = Vec::new();
    if tokens.len() > t {
        if tokens[t] != "history" {
            return Err(format!("expected 'history', got '{}'", tokens[t]));
        }
        for tok in &tokens[t + 1..] {
            hist.push(parse_hmove(rules, tok)?);
        }
    }

    // Reconstruct the positions after the last attack by undoing moves, newest first.
    let n = hist.len();
    let first_known = match hist.iter().rposition(|m| m.attack) {
        Some(j) => j + 1, // p(j+1) is the position right after the attack hist[j]
        None => 0,
    };
    let mut keys: Vec<Option<Vec<u8>>> = vec![None; n + 1];
    keys[n] = Some(position_key(&board, side));
    let mut undo_board = board.clone();
    for j in (first_known..n).rev() {
        // hist[n-1] was made by the side not to move; sides alternate going back.
        let mover = if (n - 1 - j) % 2 == 0 {
            other(side)
        } else {
            side
        };
        let m = hist[j];
        if m.kind == HKind::Move {
            match cell(&undo_board, m.to) {
                Cell::Occupied(p) if p.owner == mover => {}
                _ => {
                    return Err(format!(
                        "history move {}{}: no piece of the mover on {}",
                        square_name(m.from),
                        square_name(m.to),
                        square_name(m.to)
                    ))
                }
            }
            if cell(&undo_board, m.from) != Cell::Empty {
                return Err(format!(
                    "history move {}{}: {} is not empty",
                    square_name(m.from),
                    square_name(m.to),
                    square_name(m.from)
                ));
            }
            undo_board[m.from.1][m.from.0] = cell(&undo_board, m.to);
            undo_board[m.to.1][m.to.0] = Cell::Empty;
        }
        // (a pass moves nothing; powers count as attacks and are never undone)
        keys[j] = Some(position_key(&undo_board, mover));
    }

    Ok(State {
        board,
        side,
        ply,
        hist,
        keys,
        pools,
        probes_left,
        lanes,
        sudden_death_won: false,
    })
}

// ---------------------------------------------------------------------------------------
// Move generation (rules 1-6 of "Moves", fantasy flights and two-square moves, duel moves)
// ---------------------------------------------------------------------------------------

const ORTHOGONAL: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const EIGHT: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn offset(rules: &Rules, sq: Sq, dx: i64, dy: i64) -> Option<Sq> {
    let x = sq.0 as i64 + dx;
    let y = sq.1 as i64 + dy;
    if x < 0 || y < 0 || x >= rules.width as i64 || y >= rules.height as i64 {
        None
    } else {
        Some((x as usize, y as usize))
    }
}

/// True when `sq` is empty or holds a piece of the opponent of `side`.
fn empty_or_enemy(board: &[Vec<Cell>], sq: Sq, side: u8) -> bool {
    match cell(board, sq) {
        Cell::Empty => true,
        Cell::Occupied(p) => p.owner != side,
        Cell::Blocked => false,
    }
}

fn is_enemy(board: &[Vec<Cell>], sq: Sq, side: u8) -> bool {
    matches!(cell(board, sq), Cell::Occupied(p) if p.owner != side)
}

/// King-walk distance: the larger of the file distance and the row distance.
fn king_distance(a: Sq, b: Sq) -> usize {
    let dx = (a.0 as i64 - b.0 as i64).unsigned_abs() as usize;
    let dy = (a.1 as i64 - b.1 as i64).unsigned_abs() as usize;
    dx.max(dy)
}

/// All (from, to) pairs that the movement rules give the side to move, before repetition
/// rules: classic rules 1-6; in the fantasy edition the step, the Scout line, the Dragon's
/// flight and the Knight's and Shifter's two-square move; in the rank duel its moves and
/// strikes.
fn candidate_moves(rules: &Rules, board: &[Vec<Cell>], side: u8) -> BTreeSet<(Sq, Sq)> {
    if rules.family == Family::Duel {
        return duel_moves(rules, board, side);
    }
    let classic = rules.family == Family::Classic;
    let fantasy = rules.family == Family::Fantasy;
    let mut moves = BTreeSet::new();
    for y in 0..rules.height {
        for x in 0..rules.width {
            let from = (x, y);
            let piece = match cell(board, from) {
                Cell::Occupied(p) if p.owner == side && movable(p.kind) => p,
                _ => continue,
            };

            // 1. Step.
            for &(dx, dy) in &ORTHOGONAL {
                if let Some(to) = offset(rules, from, dx, dy) {
                    if empty_or_enemy(board, to, side) {
                        moves.insert((from, to));
                    }
                }
            }

            // 2. Scout line.
            if piece.kind == SCOUT && rules.scout_multi {
                for &(dx, dy) in &ORTHOGONAL {
                    let mut distance = 1;
                    let mut current = from;
                    while let Some(to) = offset(rules, current, dx, dy) {
                        match cell(board, to) {
                            Cell::Empty => {
                                moves.insert((from, to));
                            }
                            Cell::Occupied(p) => {
                                if p.owner != side && (rules.scout_range_attack || distance == 1) {
                                    moves.insert((from, to));
                                }
                                break;
                            }
                            Cell::Blocked => break,
                        }
                        current = to;
                        distance += 1;
                    }
                }
            }

            // 3. Captain diagonal.
            if classic && piece.kind == CAPTAIN && rules.captain_diagonal {
                for &(dx, dy) in &DIAGONAL {
                    if let Some(to) = offset(rules, from, dx, dy) {
                        if empty_or_enemy(board, to, side) {
                            moves.insert((from, to));
                        }
                    }
                }
            }

            // 4. Lieutenant jump over an adjacent piece of either side.
            if classic && piece.kind == LIEUTENANT && rules.lieutenant_jump {
                for &(dx, dy) in &ORTHOGONAL {
                    if let Some(over) = offset(rules, from, dx, dy) {
                        if let Cell::Occupied(_) = cell(board, over) {
                            if let Some(to) = offset(rules, over, dx, dy) {
                                if empty_or_enemy(board, to, side) {
                                    moves.insert((from, to));
                                }
                            }
                        }
                    }
                }
            }

            // 5. Sergeant crossing of adjacent impassable squares.
            if classic && piece.kind == SERGEANT && rules.sergeant_crossing {
                for &(dx, dy) in &ORTHOGONAL {
                    let mut current = match offset(rules, from, dx, dy) {
                        Some(sq) if cell(board, sq) == Cell::Blocked => sq,
                        _ => continue,
                    };
                    // walk over the impassable squares
                    loop {
                        match offset(rules, current, dx, dy) {
                            Some(next) if cell(board, next) == Cell::Blocked => current = next,
                            Some(next) => {
                                if empty_or_enemy(board, next, side) {
                                    moves.insert((from, next));
                                }
                                break;
                            }
                            None => break, // the line runs off the board
                        }
                    }
                }
            }

            // 6. Power Squares.
            if classic && rules.power != PowerMode::Off && rules.is_power_square(from) {
                for &to in &rules.power_squares {
                    if to == from {
                        continue;
                    }
                    match cell(board, to) {
                        Cell::Empty => {
                            moves.insert((from, to));
                        }
                        Cell::Occupied(p) if p.owner != side && rules.power == PowerMode::Full => {
                            moves.insert((from, to));
                        }
                        _ => {}
                    }
                }
            }

            // Fantasy 1. Flight: over one or more occupied squares (either side) to the first
            // empty square beyond; a lake or the edge stops the line; never an attack.
            if fantasy && piece.kind == DRAGON {
                let directions: &[(i64, i64)] = if rules.dragon_diagonal {
                    &EIGHT
                } else {
                    &ORTHOGONAL
                };
                for &(dx, dy) in directions {
                    let mut current = match offset(rules, from, dx, dy) {
                        Some(sq) if matches!(cell(board, sq), Cell::Occupied(_)) => sq,
                        _ => continue, // nothing to fly over next to the Dragon
                    };
                    // over the occupied squares; the board's edge ends the loop
                    while let Some(next) = offset(rules, current, dx, dy) {
                        match cell(board, next) {
                            Cell::Occupied(_) => current = next,
                            Cell::Empty => {
                                moves.insert((from, next));
                                break;
                            }
                            Cell::Blocked => break,
                        }
                    }
                }
            }

            // Fantasy 2. Two-square move: the middle square empty, the end square empty or
            // an enemy piece.
            if fantasy && (piece.kind == KNIGHT || piece.kind == SHIFTER) {
                for &(dx, dy) in &ORTHOGONAL {
                    if let Some(middle) = offset(rules, from, dx, dy) {
                        if cell(board, middle) == Cell::Empty {
                            if let Some(to) = offset(rules, middle, dx, dy) {
                                if empty_or_enemy(board, to, side) {
                                    moves.insert((from, to));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    moves
}

/// Rank duel: one square in any of the 8 directions, or two in a straight line over an
/// empty middle square; the end square empty (a move) or an enemy piece (a strike).
fn duel_moves(rules: &Rules, board: &[Vec<Cell>], side: u8) -> BTreeSet<(Sq, Sq)> {
    let mut moves = BTreeSet::new();
    for y in 0..rules.height {
        for x in 0..rules.width {
            let from = (x, y);
            match cell(board, from) {
                Cell::Occupied(p) if p.owner == side => {}
                _ => continue,
            }
            for &(dx, dy) in &EIGHT {
                if let Some(one) = offset(rules, from, dx, dy) {
                    if empty_or_enemy(board, one, side) {
                        moves.insert((from, one));
                    }
                    if cell(board, one) == Cell::Empty {
                        if let Some(two) = offset(rules, one, dx, dy) {
                            if empty_or_enemy(board, two, side) {
                                moves.insert((from, two));
                            }
                        }
                    }
                }
            }
        }
    }
    moves
}

/// Fantasy powers 3-6 of the side to move (reveal, hypnosis, strike, shot).
fn power_actions(rules: &Rules, board: &[Vec<Cell>], side: u8) -> Vec<Action> {
    let mut actions = Vec::new();
    for y in 0..rules.height {
        for x in 0..rules.width {
            let from = (x, y);
            let piece = match cell(board, from) {
                Cell::Occupied(p) if p.owner == side => p,
                _ => continue,
            };
            match piece.kind {
                SORCERESS => {
                    // an enemy piece within sorceress-range, not revealed yet
                    for ty in 0..rules.height {
                        for tx in 0..rules.width {
                            let to = (tx, ty);
                            if king_distance(from, to) > rules.sorceress_range {
                                continue;
                            }
                            if let Cell::Occupied(t) = cell(board, to) {
                                if t.owner != side && !t.revealed {
                                    actions.push(Action::Reveal(from, to));
                                }
                            }
                        }
                    }
                }
                MAGE => {
                    // an enemy piece within mage-range that never changed sides (a Trap or
                    // Flag may be targeted: the attempt fails, as the Mage cannot know)
                    for ty in 0..rules.height {
                        for tx in 0..rules.width {
                            let to = (tx, ty);
                            if king_distance(from, to) > rules.mage_range {
                                continue;
                            }
                            if let Cell::Occupied(t) = cell(board, to) {
                                if t.owner != side && !t.changed {
                                    actions.push(Action::Hypnotise(from, to));
                                }
                            }
                        }
                    }
                }
                ELEMENTAL => {
                    // at least one enemy piece on the eight squares around
                    let any = EIGHT.iter().any(|&(dx, dy)| {
                        offset(rules, from, dx, dy).is_some_and(|sq| is_enemy(board, sq, side))
                    });
                    if any {
                        actions.push(Action::Strike(from));
                    }
                }
                ELF => {
                    // the first piece in each of the 8 directions within elf-range, if an
                    // enemy; an impassable square blocks
                    for &(dx, dy) in &EIGHT {
                        let mut current = from;
                        for _ in 0..rules.elf_range {
                            match offset(rules, current, dx, dy) {
                                Some(next) => match cell(board, next) {
                                    Cell::Empty => current = next,
                                    Cell::Blocked => break,
                                    Cell::Occupied(t) => {
                                        if t.owner != side {
                                            actions.push(Action::Shoot(from, next));
                                        }
                                        break;
                                    }
                                },
                                None => break,
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    actions
}

/// Rank duel probes and the pass.
fn duel_extra_actions(rules: &Rules, state: &State) -> Vec<Action> {
    let board = &state.board;
    let side = state.side;
    let mut actions = Vec::new();
    if state.probes_left[side as usize] > 0 {
        // targets: unmoved, unrevealed enemy pieces that one of our pieces sees along one
        // of the 8 directions with only empty squares between
        let mut targets = BTreeSet::new();
        for y in 0..rules.height {
            for x in 0..rules.width {
                let from = (x, y);
                match cell(board, from) {
                    Cell::Occupied(p) if p.owner == side => {}
                    _ => continue,
                }
                for &(dx, dy) in &EIGHT {
                    let mut current = from;
                    while let Some(next) = offset(rules, current, dx, dy) {
                        match cell(board, next) {
                            Cell::Empty => current = next,
                            Cell::Blocked => break,
                            Cell::Occupied(t) => {
                                if t.owner != side && !t.moved && !t.revealed {
                                    targets.insert(next);
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
        for target in targets {
            for guess in 1..=5 {
                actions.push(Action::Probe(target, guess));
            }
        }
    }
    actions.push(Action::Pass);
    actions
}

// ---------------------------------------------------------------------------------------
// Battles and playing an action
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    AttackerWins,
    DefenderWins,
    BothRemoved,
}

/// Classic battles; in the fantasy edition the same indices stand for Trap (Bomb),
/// Slayer (Spy), Dwarf (Miner) and Dragon (Marshal).
fn battle(rules: &Rules, attacker: usize, defender: usize) -> Outcome {
    if defender == FLAG {
        return Outcome::AttackerWins;
    }
    if defender == BOMB {
        if attacker == MINER {
            return Outcome::AttackerWins;
        }
        return if rules.bombs_explode {
            Outcome::BothRemoved
        } else {
            Outcome::DefenderWins
        };
    }
    if attacker == SPY && defender == MARSHAL {
        return Outcome::AttackerWins;
    }
    let (a, d) = (rank(attacker), rank(defender));
    if a > d {
        Outcome::AttackerWins
    } else if a < d {
        Outcome::DefenderWins
    } else if rules.equal_ranks_attacker_wins {
        Outcome::AttackerWins
    } else {
        Outcome::BothRemoved
    }
}

/// Rank duel combat: cyclic for ranks 1-5; a 6 beats every rank 1-5 in either role, 6
/// against 6 destroys both.
fn duel_battle(attacker: usize, defender: usize) -> Outcome {
    if attacker == 6 && defender == 6 {
        return Outcome::BothRemoved;
    }
    if attacker == 6 {
        return Outcome::AttackerWins;
    }
    if defender == 6 {
        return Outcome::DefenderWins;
    }
    match (attacker + 5 - defender) % 5 {
        0 => Outcome::BothRemoved,
        1 | 2 => Outcome::AttackerWins,
        _ => Outcome::DefenderWins,
    }
}

/// Whether a from-to move reveals the piece that makes it (only one kind could make it):
/// a Scout line of more than one square, the classic special moves, a flight, a
/// two-square move. (Only the fantasy edition reads the revealed mark.)
fn move_reveals(rules: &Rules, kind: usize, from: Sq, to: Sq) -> bool {
    let far = king_distance(from, to) > 1;
    match rules.family {
        Family::Fantasy => far && matches!(kind, SCOUT | DRAGON | KNIGHT | SHIFTER),
        Family::Classic => {
            if rules.is_power_square(from) && rules.is_power_square(to) && kind != SCOUT {
                return false;
            }
            let diagonal = from.0 != to.0 && from.1 != to.1;
            match kind {
                SCOUT | LIEUTENANT | SERGEANT => far,
                CAPTAIN => diagonal,
                _ => false,
            }
        }
        Family::Duel => false,
    }
}

/// The board after `from`→`to` (a plain move or an attack) in the classic and fantasy
/// families, with the marks: the mover is moved; both pieces of a battle are revealed.
fn board_after(rules: &Rules, board: &[Vec<Cell>], from: Sq, to: Sq) -> Vec<Vec<Cell>> {
    let mut next = board.to_vec();
    let mut attacker = match cell(board, from) {
        Cell::Occupied(p) => p,
        _ => panic!("board_after: no piece on the from square"),
    };
    attacker.moved = true;
    if move_reveals(rules, attacker.kind, from, to) {
        attacker.revealed = true;
    }
    match cell(board, to) {
        Cell::Empty => {
            next[to.1][to.0] = Cell::Occupied(attacker);
            next[from.1][from.0] = Cell::Empty;
        }
        Cell::Occupied(mut defender) => {
            next[from.1][from.0] = Cell::Empty;
            attacker.revealed = true;
            defender.revealed = true;
            match battle(rules, attacker.kind, defender.kind) {
                Outcome::AttackerWins => next[to.1][to.0] = Cell::Occupied(attacker),
                Outcome::DefenderWins => next[to.1][to.0] = Cell::Occupied(defender),
                Outcome::BothRemoved => next[to.1][to.0] = Cell::Empty,
            }
        }
        Cell::Blocked => panic!("board_after: move onto an impassable square"),
    }
    next
}

/// Rank duel: once both sides have played N turns each, i.e. for a turn made at ply >= 2N.
fn sudden_death_active(rules: &Rules, state: &State) -> bool {
    match rules.sudden_death {
        Some(n) => state.ply >= 2 * n,
        None => false,
    }
}

/// Rank duel promotion: a 3 of `side` on `sq`, on the far row, in the file where the
/// opponent's 3 started, becomes a revealed 6.
fn promote(rules: &Rules, next: &mut State, side: u8, sq: Sq) {
    let far_row = if side == RED { rules.height - 1 } else { 0 };
    if let Cell::Occupied(mut p) = cell(&next.board, sq) {
        if p.owner == side
            && p.kind == 3
            && sq.1 == far_row
            && next.lanes[other(side) as usize] == Some(sq.0)
        {
            p.kind = 6;
            p.revealed = true;
            next.board[sq.1][sq.0] = Cell::Occupied(p);
        }
    }
}

fn piece_at(board: &[Vec<Cell>], sq: Sq) -> Piece {
    match cell(board, sq) {
        Cell::Occupied(p) => p,
        _ => panic!("no piece on {}", square_name(sq)),
    }
}

fn play(rules: &Rules, state: &State, action: Action) -> State {
    let side = state.side;
    let (me, them) = (side as usize, other(side) as usize);
    let mut next = state.clone();
    let power = |from: Sq, to: Sq| HMove {
        from,
        to,
        attack: true,
        kind: HKind::Power,
    };
    let hmove = match action {
        Action::Move(from, to) if rules.family == Family::Duel => {
            let mut mover = piece_at(&state.board, from);
            mover.moved = true;
            next.board[from.1][from.0] = Cell::Empty;
            let attack = match cell(&state.board, to) {
                Cell::Empty => {
                    // a move: 1 point of upkeep
                    next.board[to.1][to.0] = Cell::Occupied(mover);
                    next.pools[me] -= 1;
                    promote(rules, &mut next, side, to);
                    false
                }
                Cell::Occupied(mut defender) => {
                    // a strike: no upkeep; both revealed; points to the winner's side
                    mover.revealed = true;
                    defender.revealed = true;
                    match duel_battle(mover.kind, defender.kind) {
                        Outcome::AttackerWins => {
                            next.board[to.1][to.0] = Cell::Occupied(mover);
                            next.pools[me] += defender.kind as i64;
                            next.pools[them] -= defender.kind as i64;
                            promote(rules, &mut next, side, to);
                            if sudden_death_active(rules, state) {
                                next.sudden_death_won = true;
                            }
                        }
                        Outcome::DefenderWins => {
                            next.board[to.1][to.0] = Cell::Occupied(defender);
                            next.pools[them] += mover.kind as i64;
                            next.pools[me] -= mover.kind as i64;
                        }
                        Outcome::BothRemoved => next.board[to.1][to.0] = Cell::Empty,
                    }
                    true
                }
                Cell::Blocked => panic!("duel move onto an impassable square"),
            };
            HMove {
                from,
                to,
                attack,
                kind: HKind::Move,
            }
        }
        Action::Move(from, to) => {
            let attack = matches!(cell(&state.board, to), Cell::Occupied(_));
            next.board = board_after(rules, &state.board, from, to);
            HMove {
                from,
                to,
                attack,
                kind: HKind::Move,
            }
        }
        Action::Reveal(from, to) => {
            let mut user = piece_at(&state.board, from);
            user.revealed = true;
            next.board[from.1][from.0] = Cell::Occupied(user);
            let mut target = piece_at(&state.board, to);
            target.revealed = true;
            next.board[to.1][to.0] = Cell::Occupied(target);
            power(from, to)
        }
        Action::Hypnotise(from, to) => {
            let mut user = piece_at(&state.board, from);
            user.revealed = true;
            next.board[from.1][from.0] = Cell::Occupied(user);
            let mut target = piece_at(&state.board, to);
            if movable(target.kind) && rank(target.kind) < rank(user.kind) {
                target.owner = side;
                target.revealed = true;
                target.changed = true;
                next.board[to.1][to.0] = Cell::Occupied(target);
            }
            power(from, to)
        }
        Action::Strike(from) => {
            let mut user = piece_at(&state.board, from);
            user.revealed = true;
            user.moved = true; // "the attacker as moved"
            let mut user_removed = false;
            for &(dx, dy) in &EIGHT {
                let sq = match offset(rules, from, dx, dy) {
                    Some(sq) if is_enemy(&state.board, sq, side) => sq,
                    _ => continue,
                };
                let mut defender = piece_at(&state.board, sq);
                defender.revealed = true;
                match battle(rules, user.kind, defender.kind) {
                    Outcome::AttackerWins => next.board[sq.1][sq.0] = Cell::Empty,
                    Outcome::DefenderWins => {
                        next.board[sq.1][sq.0] = Cell::Occupied(defender);
                        user_removed = true;
                    }
                    Outcome::BothRemoved => {
                        next.board[sq.1][sq.0] = Cell::Empty;
                        user_removed = true;
                    }
                }
            }
            next.board[from.1][from.0] = if user_removed {
                Cell::Empty
            } else {
                Cell::Occupied(user)
            };
            power(from, from)
        }
        Action::Shoot(from, to) => {
            let mut user = piece_at(&state.board, from);
            user.revealed = true;
            next.board[from.1][from.0] = Cell::Occupied(user);
            let target = piece_at(&state.board, to);
            if movable(target.kind) && rank(target.kind) < rank(user.kind) {
                next.board[to.1][to.0] = Cell::Empty;
            }
            power(from, to)
        }
        Action::Probe(target, guess) => {
            next.probes_left[me] -= 1;
            let t = piece_at(&state.board, target);
            if t.kind == guess as usize {
                next.board[target.1][target.0] = Cell::Empty;
                next.pools[them] -= guess as i64;
                next.pools[me] += guess as i64;
                if sudden_death_active(rules, state) {
                    next.sudden_death_won = true;
                }
            } else {
                next.pools[me] -= 1;
            }
            power(target, target)
        }
        Action::Pass => {
            next.pools[me] -= 1;
            HMove {
                from: (0, 0),
                to: (0, 0),
                attack: false,
                kind: HKind::Pass,
            }
        }
    };
    next.side = other(side);
    next.ply = state.ply + 1;
    next.hist.push(hmove);
    next.keys.push(Some(position_key(&next.board, next.side)));
    next
}

// ---------------------------------------------------------------------------------------
// Repetition rules
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Boundary {
    /// The edge between two orthogonally adjacent squares (smaller square first).
    Edge(Sq, Sq),
    /// The pseudo-boundary {from, to} of a diagonal step or Power Square move.
    Pseudo(Sq, Sq),
}

fn boundaries(rules: &Rules, from: Sq, to: Sq) -> Vec<Boundary> {
    let lo = from.min(to);
    let hi = from.max(to);
    if rules.is_power_square(from) && rules.is_power_square(to) {
        return vec![Boundary::Pseudo(lo, hi)];
    }
    let mut result = Vec::new();
    if from.1 == to.1 {
        // same row: edges between consecutive files
        let y = from.1;
        for x in lo.0..hi.0 {
            result.push(Boundary::Edge((x, y), (x + 1, y)));
        }
    } else if from.0 == to.0 {
        let x = from.0;
        for y in lo.1..hi.1 {
            result.push(Boundary::Edge((x, y), (x, y + 1)));
        }
    } else {
        result.push(Boundary::Pseudo(lo, hi));
    }
    result
}

/// The boundaries a history entry crossed: a power (fantasy) or a probe or pass (rank
/// duel) crosses none.
fn hmove_boundaries(rules: &Rules, m: &HMove) -> Vec<Boundary> {
    match m.kind {
        HKind::Move => boundaries(rules, m.from, m.to),
        HKind::Power | HKind::Pass => Vec::new(),
    }
}

fn adjacent(a: Sq, b: Sq) -> bool {
    let dx = (a.0 as i64 - b.0 as i64).abs();
    let dy = (a.1 as i64 - b.1 as i64).abs();
    dx + dy == 1
}

/// Two-squares rule: true when the candidate is forbidden.
fn two_squares_forbids(rules: &Rules, state: &State, from: Sq, to: Sq) -> bool {
    let n_limit = match rules.two_squares {
        Some(n) => n,
        None => return false,
    };
    let n = state.hist.len();
    // P's own moves are hist[n-2], hist[n-4], ... (newest first)
    let own: Vec<HMove> = (0..n)
        .rev()
        .skip(1)
        .step_by(2)
        .take(n_limit)
        .map(|j| state.hist[j])
        .collect();
    if own.len() < n_limit {
        return false;
    }
    let last = &own[..n_limit]; // last[0] is P's most recent move
                                // the same piece: each move starts where P's move before it ended
    if from != last[0].to {
        return false;
    }
    for i in 0..n_limit - 1 {
        if last[i].from != last[i + 1].to {
            return false;
        }
    }
    // one boundary crossed by all of them and by the candidate
    let candidate = boundaries(rules, from, to);
    candidate
        .iter()
        .any(|b| last.iter().all(|m| hmove_boundaries(rules, m).contains(b)))
}

/// Index of the first position p(i) that has no attack among the moves after it.
fn first_position_after_last_attack(state: &State) -> usize {
    match state.hist.iter().rposition(|m| m.attack) {
        Some(j) => j + 1,
        None => 0,
    }
}

fn return_exemption(state: &State, from: Sq, to: Sq) -> bool {
    let n = state.hist.len();
    if n < 2 {
        return false;
    }
    let own_last = state.hist[n - 2];
    // a power or pass takes no piece anywhere
    own_last.kind == HKind::Move && from == own_last.to && to == own_last.from
}

/// True when p(n+1) equals some known p(i) with i in `lo..=n`.
fn repeats(state: &State, next_key: &[u8], lo: usize) -> bool {
    let n = state.hist.len();
    (lo..=n).any(|i| match &state.keys[i] {
        Some(k) => k.as_slice() == next_key,
        None => false,
    })
}

/// Number of pairs of the chase at the end of the history (k in docs/rules.md).
fn chase_pairs(state: &State) -> usize {
    let n = state.hist.len();
    let mut k = 0;
    loop {
        // pair k+1 counted from the end: P's move hist[n-2-2k], O's reply hist[n-1-2k]
        if n < 2 * k + 2 {
            break;
        }
        let p_move = state.hist[n - 2 - 2 * k];
        let o_reply = state.hist[n - 1 - 2 * k];
        if p_move.attack || o_reply.attack {
            break;
        }
        if !adjacent(p_move.to, o_reply.from) {
            break;
        }
        if k > 0 {
            let newer_reply = state.hist[n - 1 - 2 * (k - 1)];
            if o_reply.to != newer_reply.from {
                break;
            }
        }
        k += 1;
    }
    k
}

/// More-squares rule: true when the candidate is forbidden.
fn more_squares_forbids(rules: &Rules, state: &State, from: Sq, to: Sq, attack: bool) -> bool {
    if attack || rules.more_squares == MoreSquares::None {
        return false;
    }
    if return_exemption(state, from, to) {
        return false;
    }
    let n = state.hist.len();
    match rules.more_squares {
        MoreSquares::None => false,
        MoreSquares::NoRepetition => {
            let next_key = position_key(
                &board_after(rules, &state.board, from, to),
                other(state.side),
            );
            repeats(state, &next_key, first_position_after_last_attack(state))
        }
        MoreSquares::Chase => {
            let k = chase_pairs(state);
            if k == 0 {
                return false;
            }
            // a chasing move ends next to the square where O's last move ended
            let o_last = state.hist[n - 1];
            if !adjacent(to, o_last.to) {
                return false;
            }
            let s = n - 2 * k;
            let next_key = position_key(
                &board_after(rules, &state.board, from, to),
                other(state.side),
            );
            repeats(
                state,
                &next_key,
                s.max(first_position_after_last_attack(state)),
            )
        }
    }
}

// ---------------------------------------------------------------------------------------
// End of game and legal actions
// ---------------------------------------------------------------------------------------

fn game_over_before_moving(rules: &Rules, state: &State) -> bool {
    if rules.family == Family::Duel {
        // checked after every turn; a given position is judged the same way (its last turn
        // is unknown, so it cannot have been won by sudden death)
        if state.sudden_death_won {
            return true;
        }
        for side in [RED, BLUE] {
            let pieces = state
                .board
                .iter()
                .flatten()
                .filter(|c| matches!(c, Cell::Occupied(p) if p.owner == side))
                .count();
            if state.pools[side as usize] <= 0 || pieces == 0 {
                return true;
            }
        }
    } else if rules.counts[FLAG] > 0 {
        // 1. a side whose last Flag was captured has lost (only where the variant has Flags)
        for side in [RED, BLUE] {
            let flags = state
                .board
                .iter()
                .flatten()
                .filter(|c| matches!(c, Cell::Occupied(p) if p.owner == side && p.kind == FLAG))
                .count();
            if flags == 0 {
                return true;
            }
        }
    }
    // 2. ply limit
    if let Some(limit) = rules.ply_limit {
        if state.ply >= limit {
            return true;
        }
    }
    // 3. (no legal move) needs no test here: it gives no moves anyway.
    false
}

fn legal(rules: &Rules, state: &State) -> Vec<Action> {
    if game_over_before_moving(rules, state) {
        return Vec::new();
    }
    let mut result = Vec::new();
    for (from, to) in candidate_moves(rules, &state.board, state.side) {
        let attack = matches!(cell(&state.board, to), Cell::Occupied(_));
        if two_squares_forbids(rules, state, from, to) {
            continue;
        }
        if more_squares_forbids(rules, state, from, to, attack) {
            continue;
        }
        result.push(Action::Move(from, to));
    }
    // powers cross no boundary and count as attacks: no repetition rule forbids them
    match rules.family {
        Family::Classic => {}
        Family::Fantasy => result.extend(power_actions(rules, &state.board, state.side)),
        Family::Duel => result.extend(duel_extra_actions(rules, state)),
    }
    result
}

fn perft_state(rules: &Rules, state: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = legal(rules, state);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|&a| perft_state(rules, &play(rules, state, a), depth - 1))
        .sum()
}

// ---------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------

/// Leaf count of the full-information game tree `depth` plies deep.
pub fn perft(
    variant: &str,
    sets: &[(&str, &str)],
    position: &str,
    depth: u32,
) -> Result<u64, String> {
    let rules = rules_for(variant, sets)?;
    let state = parse_position(&rules, position)?;
    Ok(perft_state(&rules, &state, depth))
}

/// Perft split by first action: `(action, count)` sorted by action text.
pub fn divide(
    variant: &str,
    sets: &[(&str, &str)],
    position: &str,
    depth: u32,
) -> Result<Vec<(String, u64)>, String> {
    let rules = rules_for(variant, sets)?;
    let state = parse_position(&rules, position)?;
    let mut result: Vec<(String, u64)> = legal(&rules, &state)
        .iter()
        .map(|&a| {
            let count = if depth == 0 {
                1
            } else {
                perft_state(&rules, &play(&rules, &state, a), depth - 1)
            };
            (action_text(&a), count)
        })
        .collect();
    result.sort();
    Ok(result)
}

/// The legal actions as strings (`e4e5`, `e4e6:reveal`, `e4:strike`, `c5:probe3`, `pass`,
/// …), sorted, without duplicates.
pub fn legal_moves(
    variant: &str,
    sets: &[(&str, &str)],
    position: &str,
) -> Result<Vec<String>, String> {
    let rules = rules_for(variant, sets)?;
    let state = parse_position(&rules, position)?;
    let mut moves: Vec<String> = legal(&rules, &state).iter().map(action_text).collect();
    moves.sort();
    moves.dedup();
    Ok(moves)
}
