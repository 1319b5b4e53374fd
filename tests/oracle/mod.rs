//! Independent reference move generator (test oracle) for the Stratego rules of
//! `docs/rules.md`, reading the text formats of `protocol.md`.
//!
//! This module shares no code with the `stratagem` crate and does not import it. It is
//! written to be obviously right rather than fast: the board is a 2D `Vec`, every move is
//! played on a clone of the whole state, and every rule is checked in the words of
//! `docs/rules.md`.
//!
//! Public API:
//! - [`perft`]: leaf count of the full-information game tree.
//! - [`legal_moves`]: the legal moves of a position as sorted `<from><to>` strings.
//!
//! Decisions taken where the written rules leave room (see also the comments at each spot):
//! - A history move (from the position text) that is neither a straight orthogonal line
//!   nor a move between two Power Squares is given one pseudo-boundary {from, to}, like a
//!   diagonal step.
//! - A move between two Power Squares of the board crosses the pseudo-boundary, whatever the
//!   `power-squares` option (the presets never let another rule connect two Power Squares).
//! - Moved (`+`) and revealed (`*`) marks are parsed and checked for syntax only; they do not
//!   change which moves are legal.
//! - The ply limit ends the game when `ply >= N`.

#![allow(dead_code)]
#![allow(clippy::needless_range_loop)]

use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------

/// Piece kinds are indices 0..12 into these tables.
const FLAG: usize = 0;
const BOMB: usize = 1;
const SPY: usize = 2;
const SCOUT: usize = 3;
const MINER: usize = 4;
const SERGEANT: usize = 5;
const LIEUTENANT: usize = 6;
const CAPTAIN: usize = 7;
const MARSHAL: usize = 11;

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

/// Modern rank: Spy 1, Scout 2, ..., Marshal 10. Only for movable kinds.
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
struct HMove {
    from: Sq,
    to: Sq,
    attack: bool,
}

// ---------------------------------------------------------------------------------------
// Rules (preset + options)
// ---------------------------------------------------------------------------------------

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
}

impl Rules {
    fn is_impassable(&self, sq: Sq) -> bool {
        self.impassable.contains(&sq)
    }
    fn is_power_square(&self, sq: Sq) -> bool {
        self.power_squares.contains(&sq)
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

fn rules_for(variant: &str, sets: &[(&str, &str)]) -> Result<Rules, String> {
    let classic_lakes = ["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"];
    // counts in the order F B S 2 3 4 5 6 7 8 9 X
    let mut rules = match variant {
        "classic" | "barrage" | "duel" | "probe-classic" | "probe-blitz" => {
            let counts = match variant {
                "classic" | "probe-classic" => [1, 6, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1],
                "barrage" => [1, 1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1],
                "duel" => [1, 2, 1, 2, 2, 0, 0, 0, 0, 0, 1, 1],
                _ => [1, 3, 1, 3, 2, 2, 2, 2, 1, 1, 1, 1], // probe-blitz
            };
            let probe = variant.starts_with("probe");
            Rules {
                width: 10,
                height: 10,
                impassable: fixed_squares(&classic_lakes),
                power_squares: Vec::new(),
                counts,
                scout_multi: true,
                scout_range_attack: true,
                two_squares: Some(if probe { 5 } else { 3 }),
                more_squares: if probe {
                    MoreSquares::NoRepetition
                } else {
                    MoreSquares::Chase
                },
                equal_ranks_attacker_wins: false,
                bombs_explode: false,
                power: PowerMode::Off,
                captain_diagonal: false,
                lieutenant_jump: false,
                sergeant_crossing: false,
                ply_limit: Some(2000),
            }
        }
        "probe-enhanced" => Rules {
            width: 11,
            height: 11,
            impassable: fixed_squares(&[
                "c5", "d5", "c6", "d6", "c7", "d7", "h5", "i5", "h6", "i6", "h7", "i7",
            ]),
            power_squares: fixed_squares(&["a6", "f6", "k6"]),
            counts: [1, 7, 1, 8, 6, 5, 5, 4, 3, 2, 1, 1],
            scout_multi: true,
            scout_range_attack: true,
            two_squares: Some(5),
            more_squares: MoreSquares::NoRepetition,
            equal_ranks_attacker_wins: false,
            bombs_explode: false,
            power: PowerMode::Full,
            captain_diagonal: true,
            lieutenant_jump: true,
            sergeant_crossing: true,
            ply_limit: Some(2000),
        },
        _ => return Err(format!("unknown variant '{}'", variant)),
    };

    for &(name, value) in sets {
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
            _ => {
                let piece = match name.strip_prefix("count.") {
                    Some(p) => p,
                    None => return Err(format!("unknown option '{}'", name)),
                };
                let kind = (0..12)
                    .find(|&k| NAMES[k] == piece || LETTERS[k].to_string() == piece)
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
}

fn cell(board: &[Vec<Cell>], sq: Sq) -> Cell {
    board[sq.1][sq.0]
}

/// The position in the sense of the repetition rules: owner and kind of every square,
/// plus the side to move. Marks are not part of it (they are not even stored).
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

/// `from-square to-square ["x"]`, e.g. `a4a5`, `a10a9x`.
fn parse_hmove(rules: &Rules, text: &str) -> Result<HMove, String> {
    let (body, attack) = match text.strip_suffix('x') {
        Some(b) => (b, true),
        None => (text, false),
    };
    // The to-square starts at the second lower-case letter.
    let bytes = body.as_bytes();
    let split = (1..bytes.len())
        .find(|&i| bytes[i].is_ascii_lowercase())
        .ok_or_else(|| format!("bad history move '{}'", text))?;
    let from_text = &body[..split];
    let to_text = &body[split..];
    let from = check_square(rules, parse_square_name(from_text)?, from_text)?;
    let to = check_square(rules, parse_square_name(to_text)?, to_text)?;
    Ok(HMove { from, to, attack })
}

fn parse_letter(c: char) -> Option<usize> {
    LETTERS.iter().position(|&l| l == c)
}

/// Parses one board row of the full-information format.
fn parse_row(text: &str) -> Result<Vec<Cell>, String> {
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
                let kind = parse_letter(letter)
                    .ok_or_else(|| format!("row '{}': bad piece letter '{}'", text, letter))?;
                i += 2;
                // optional marks: "+" then "*"
                if i < chars.len() && chars[i] == '+' {
                    i += 1;
                }
                if i < chars.len() && chars[i] == '*' {
                    i += 1;
                }
                cells.push(Cell::Occupied(Piece { owner, kind }));
            }
            other => return Err(format!("row '{}': unexpected character '{}'", text, other)),
        }
    }
    Ok(cells)
}

/// Checks what both position formats share: the impassable squares are exactly the
/// variant's, and no side has more pieces of a kind than the variant gives it.
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
                Cell::Occupied(p) => counts[p.owner as usize][p.kind] += 1,
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
                    LETTERS[kind],
                    rules.counts[kind]
                ));
            }
        }
    }
    Ok(())
}

/// Gravon field: 100 characters, rank 1 first, files a-j; `A` empty, `_` lake,
/// Red `B`..`M`, Blue `N`..`Y` in the order Bomb Spy Scout Miner Sergeant Lieutenant
/// Captain Major Colonel General Marshal Flag.
fn parse_gravon(rules: &Rules, field: &str, side_text: &str) -> Result<State, String> {
    if rules.width != 10 || rules.height != 10 {
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
            'B'..='M' => Cell::Occupied(Piece {
                owner: RED,
                kind: order[(c as u8 - b'B') as usize],
            }),
            'N'..='Y' => Cell::Occupied(Piece {
                owner: BLUE,
                kind: order[(c as u8 - b'N') as usize],
            }),
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
    })
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
        let cells = parse_row(row_text)?;
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

    let mut hist = Vec::new();
    if tokens.len() > 3 {
        if tokens[3] != "history" {
            return Err(format!("expected 'history', got '{}'", tokens[3]));
        }
        for t in &tokens[4..] {
            hist.push(parse_hmove(rules, t)?);
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
        keys[j] = Some(position_key(&undo_board, mover));
    }

    Ok(State {
        board,
        side,
        ply,
        hist,
        keys,
    })
}

// ---------------------------------------------------------------------------------------
// Move generation (rules 1-6 of "Moves")
// ---------------------------------------------------------------------------------------

const ORTHOGONAL: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

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

/// All (from, to) pairs that rules 1-6 give the side to move, before repetition rules.
fn candidate_moves(rules: &Rules, board: &[Vec<Cell>], side: u8) -> BTreeSet<(Sq, Sq)> {
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
            if piece.kind == CAPTAIN && rules.captain_diagonal {
                for &(dx, dy) in &DIAGONAL {
                    if let Some(to) = offset(rules, from, dx, dy) {
                        if empty_or_enemy(board, to, side) {
                            moves.insert((from, to));
                        }
                    }
                }
            }

            // 4. Lieutenant jump over an adjacent piece of either side.
            if piece.kind == LIEUTENANT && rules.lieutenant_jump {
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
            if piece.kind == SERGEANT && rules.sergeant_crossing {
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
            if rules.power != PowerMode::Off && rules.is_power_square(from) {
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
        }
    }
    moves
}

// ---------------------------------------------------------------------------------------
// Battles and playing a move
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    AttackerWins,
    DefenderWins,
    BothRemoved,
}

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

/// The board after `from`→`to` (a plain move or an attack).
fn board_after(rules: &Rules, board: &[Vec<Cell>], from: Sq, to: Sq) -> Vec<Vec<Cell>> {
    let mut next = board.to_vec();
    let attacker = match cell(board, from) {
        Cell::Occupied(p) => p,
        _ => panic!("board_after: no piece on the from square"),
    };
    match cell(board, to) {
        Cell::Empty => {
            next[to.1][to.0] = Cell::Occupied(attacker);
            next[from.1][from.0] = Cell::Empty;
        }
        Cell::Occupied(defender) => {
            next[from.1][from.0] = Cell::Empty;
            match battle(rules, attacker.kind, defender.kind) {
                Outcome::AttackerWins => next[to.1][to.0] = Cell::Occupied(attacker),
                Outcome::DefenderWins => {}
                Outcome::BothRemoved => next[to.1][to.0] = Cell::Empty,
            }
        }
        Cell::Blocked => panic!("board_after: move onto an impassable square"),
    }
    next
}

fn play(rules: &Rules, state: &State, from: Sq, to: Sq) -> State {
    let attack = matches!(cell(&state.board, to), Cell::Occupied(_));
    let board = board_after(rules, &state.board, from, to);
    let side = other(state.side);
    let mut hist = state.hist.clone();
    hist.push(HMove { from, to, attack });
    let mut keys = state.keys.clone();
    keys.push(Some(position_key(&board, side)));
    State {
        board,
        side,
        ply: state.ply + 1,
        hist,
        keys,
    }
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
    candidate.iter().any(|b| {
        last.iter()
            .all(|m| boundaries(rules, m.from, m.to).contains(b))
    })
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
    from == own_last.to && to == own_last.from
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
// End of game and legal moves
// ---------------------------------------------------------------------------------------

fn game_over_before_moving(rules: &Rules, state: &State) -> bool {
    // 1. a side whose last Flag was captured has lost (only where the variant has Flags)
    if rules.counts[FLAG] > 0 {
        for side in [RED, BLUE] {
            let flags = state
                .board
                .iter()
                .flatten()
                .filter(|c| {
                    **c == Cell::Occupied(Piece {
                        owner: side,
                        kind: FLAG,
                    })
                })
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

fn legal(rules: &Rules, state: &State) -> Vec<(Sq, Sq)> {
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
        result.push((from, to));
    }
    result
}

fn perft_state(rules: &Rules, state: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal(rules, state);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&(from, to)| perft_state(rules, &play(rules, state, from, to), depth - 1))
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

/// Perft split by first move: `(move, count)` sorted by move text.
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
        .map(|&(from, to)| {
            let count = if depth == 0 {
                1
            } else {
                perft_state(&rules, &play(&rules, &state, from, to), depth - 1)
            };
            (format!("{}{}", square_name(from), square_name(to)), count)
        })
        .collect();
    result.sort();
    Ok(result)
}

/// The legal moves as `<from><to>` strings, sorted, without duplicates.
pub fn legal_moves(
    variant: &str,
    sets: &[(&str, &str)],
    position: &str,
) -> Result<Vec<String>, String> {
    let rules = rules_for(variant, sets)?;
    let state = parse_position(&rules, position)?;
    let mut moves: Vec<String> = legal(&rules, &state)
        .iter()
        .map(|&(from, to)| format!("{}{}", square_name(from), square_name(to)))
        .collect();
    moves.sort();
    moves.dedup();
    Ok(moves)
}
