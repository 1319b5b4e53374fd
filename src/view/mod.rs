//! What one player knows: its own pieces, where the enemy pieces are, and for each of them
//! the kinds it can still be.
//!
//! A [`View`] is built only from what the protocol gives a player (its own setup, which
//! enemy squares are occupied at the start, and the public history with battle outcomes),
//! so nothing in it can hold a hidden enemy rank: the referee's [`Position`] never reaches
//! the engine side. Hard facts are kept exactly: piece counts, a piece that moved is not a
//! Bomb or Flag, a move only one kind can make reveals that kind (a Scout's long move),
//! battles reveal both ranks, and a kind whose pieces are all accounted for is removed from
//! every other piece.

mod public_move;

use std::fmt::Write as _;
use std::sync::Arc;

pub use public_move::{ActionRecord, Battle, MoveTokenError, ProbeAnswer, PublicMove};

use crate::board::{Cell, Color, HistoryEntry, Position, Setup, Square, MAILBOX};
use crate::movegen::{Move, MoveSink};
use crate::rng::Rng;
use crate::rules::{Outcome, Rules};

/// A set of kind indices.
pub type KindSet = u16;

/// One of the player's own pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnPiece {
    pub kind: usize,
    /// `None` once captured.
    pub square: Option<Square>,
    pub moved: bool,
    /// The opponent knows its kind.
    pub revealed: bool,
}

/// What the player knows of one enemy piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnemyPiece {
    /// `None` once captured.
    pub square: Option<Square>,
    /// The kinds it can still be.
    pub possible: KindSet,
    pub moved: bool,
    /// Its kind was shown (a battle, or a move only one kind makes).
    pub revealed: bool,
    /// Where it stood at the start (unknown for pieces captured before a full position).
    pub start: Option<Square>,
}

impl EnemyPiece {
    /// The kind, when only one is possible.
    pub fn known_kind(&self) -> Option<usize> {
        (self.possible.count_ones() == 1).then(|| self.possible.trailing_zeros() as usize)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Empty,
    Wall,
    Own(u8),
    Enemy(u8),
}

/// Why a view could not be built or a move not applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    #[error("own setup: {0}")]
    Setup(String),
    #[error("opponent occupancy '{0}': {1}")]
    Occupancy(String, String),
    #[error("move '{token}' cannot have happened: {reason}")]
    Move { token: String, reason: String },
}

/// Every kind the variant has at least one piece of.
fn kinds_in_play(rules: &Rules) -> KindSet {
    rules
        .kinds()
        .iter()
        .enumerate()
        .filter(|(_, k)| k.count > 0)
        .fold(0, |set, (i, _)| set | 1 << i)
}

/// One player's knowledge of the game.
#[derive(Clone, Debug)]
pub struct View {
    rules: Arc<Rules>,
    me: Color,
    to_move: Color,
    ply: u32,
    slots: [Slot; MAILBOX],
    own: Vec<OwnPiece>,
    enemy: Vec<EnemyPiece>,
    history: Vec<HistoryEntry>,
    public: Vec<PublicMove>,
    /// A Flag was captured: no move may follow.
    flag_captured: bool,
}

/// Reads an occupancy string: rows as the opponent sees them, front row first, `?` an
/// occupied square, `.` an empty one. Returns the occupied squares.
pub fn parse_occupancy(text: &str, rules: &Rules, owner: Color) -> Result<Vec<Square>, ViewError> {
    let g = rules.geometry();
    let bad = |why: String| ViewError::Occupancy(text.to_string(), why);
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != g.home_rows() as usize {
        return Err(bad(format!(
            "{} rows, expected {}",
            rows.len(),
            g.home_rows()
        )));
    }
    let mut squares = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != g.width() as usize {
            return Err(bad(format!(
                "row {} is not {} squares long",
                r + 1,
                g.width()
            )));
        }
        for (c, ch) in row.chars().enumerate() {
            let sq = g
                .home_square(owner, r as u8, c as u8)
                .ok_or_else(|| bad("outside the home zone".into()))?;
            match ch {
                '?' if g.is_impassable(sq) => return Err(bad(format!("{sq} is impassable"))),
                '?' => squares.push(sq),
                '.' => {}
                _ => return Err(bad(format!("unexpected '{ch}' (expected ? or .)"))),
            }
        }
    }
    if squares.len() != rules.army_size() {
        return Err(bad(format!(
            "{} occupied squares for an army of {}",
            squares.len(),
            rules.army_size()
        )));
    }
    Ok(squares)
}

impl View {
    /// The view at the start of a game: the player's own setup, the squares the enemy
    /// occupies (`None`: every square of a zone the army fills) and who moves first.
    pub fn new(
        rules: Arc<Rules>,
        me: Color,
        setup: &Setup,
        opponent: Option<Vec<Square>>,
        first: Color,
    ) -> Result<View, ViewError> {
        setup.check(&rules, me).map_err(|problems| {
            ViewError::Setup(
                problems
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join("; "),
            )
        })?;
        let g = rules.geometry();
        let them = me.opponent();
        let enemy_squares = match opponent {
            Some(squares) => squares,
            None => {
                let zone: Vec<Square> = g
                    .all_squares()
                    .filter(|&s| g.in_home_zone(them, s) && !g.is_impassable(s))
                    .collect();
                if zone.len() != rules.army_size() {
                    return Err(ViewError::Occupancy(
                        String::new(),
                        "this variant does not fill the home zone: say which squares are occupied"
                            .into(),
                    ));
                }
                zone
            }
        };
        let mut view = View {
            slots: [Slot::Wall; MAILBOX],
            own: Vec::new(),
            enemy: Vec::new(),
            history: Vec::new(),
            public: Vec::new(),
            me,
            to_move: first,
            ply: 0,
            flag_captured: false,
            rules: Arc::clone(&rules),
        };
        for sq in g.all_squares().filter(|&s| !g.is_impassable(s)) {
            view.slots[sq.index()] = Slot::Empty;
        }
        for (r, row) in setup.rows().iter().enumerate() {
            for (c, letter) in row.iter().enumerate() {
                let (Some(letter), Some(sq)) = (letter, g.home_square(me, r as u8, c as u8)) else {
                    continue;
                };
                let Some(kind) = rules.kind_by_letter(*letter) else {
                    continue;
                };
                view.slots[sq.index()] = Slot::Own(view.own.len() as u8);
                view.own.push(OwnPiece {
                    kind,
                    square: Some(sq),
                    moved: false,
                    revealed: false,
                });
            }
        }
        let all = kinds_in_play(&rules);
        for sq in enemy_squares {
            view.slots[sq.index()] = Slot::Enemy(view.enemy.len() as u8);
            view.enemy.push(EnemyPiece {
                square: Some(sq),
                possible: all,
                moved: false,
                revealed: false,
                start: Some(sq),
            });
        }
        view.propagate();
        Ok(view)
    }

    /// The view of the side to move in a full-information position (analysis mode): its
    /// own pieces, and of the enemy what the marks say (revealed ranks, moved pieces).
    pub fn from_position(pos: &Position) -> View {
        let rules = Arc::clone(pos.rules_arc());
        let me = pos.side_to_move();
        let g = rules.geometry();
        let mut view = View {
            slots: [Slot::Wall; MAILBOX],
            own: Vec::new(),
            enemy: Vec::new(),
            history: pos.history().to_vec(),
            public: Vec::new(),
            me,
            to_move: me,
            ply: pos.ply(),
            flag_captured: pos.flag_lost(Color::Red) || pos.flag_lost(Color::Blue),
            rules: Arc::clone(&rules),
        };
        let all = kinds_in_play(&rules);
        let mut on_board = vec![0usize; rules.kinds().len()];
        for sq in g.all_squares() {
            let c = pos.cell(sq);
            if c.is_impassable() {
                continue;
            }
            view.slots[sq.index()] = Slot::Empty;
            if c.is_of(me) {
                view.slots[sq.index()] = Slot::Own(view.own.len() as u8);
                view.own.push(OwnPiece {
                    kind: c.kind(),
                    square: Some(sq),
                    moved: c.has_moved(),
                    revealed: c.is_revealed(),
                });
            } else if c.is_piece() {
                on_board[c.kind()] += 1;
                view.slots[sq.index()] = Slot::Enemy(view.enemy.len() as u8);
                let possible = if c.is_revealed() {
                    1 << c.kind()
                } else if c.has_moved() {
                    all & view.movable_kinds()
                } else {
                    all
                };
                view.enemy.push(EnemyPiece {
                    square: Some(sq),
                    possible,
                    moved: c.has_moved(),
                    revealed: c.is_revealed(),
                    start: None,
                });
            }
        }
        // The enemy pieces no longer on the board were captured; their kinds are known by
        // counting (every battle revealed them).
        for (kind, k) in rules.kinds().iter().enumerate() {
            let lost = (k.count as usize).saturating_sub(on_board[kind]);
            for _ in 0..lost {
                view.enemy.push(EnemyPiece {
                    square: None,
                    possible: 1 << kind,
                    moved: false,
                    revealed: true,
                    start: None,
                });
            }
        }
        view.propagate();
        view
    }

    fn movable_kinds(&self) -> KindSet {
        (0..self.rules.kinds().len())
            .filter(|&k| self.rules.kind_moves(k).movable)
            .fold(0, |s, k| s | 1 << k)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn me(&self) -> Color {
        self.me
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn own_pieces(&self) -> &[OwnPiece] {
        &self.own
    }

    pub fn enemy_pieces(&self) -> &[EnemyPiece] {
        &self.enemy
    }

    pub fn public_history(&self) -> &[PublicMove] {
        &self.public
    }

    /// True when no move can follow: a Flag was captured or the ply limit reached. (A side
    /// without legal moves is seen by [`View::legal_moves`] being empty.)
    pub fn game_over(&self) -> bool {
        let limit = self.rules.options().ply_limit;
        self.flag_captured || (limit != 0 && self.ply >= limit)
    }

    /// The legal moves of the side to move. For the player's own moves this is exact; for
    /// the opponent's it is what its pieces could do if they were the kinds guessed first.
    pub fn legal_moves(&self) -> crate::movegen::MoveList {
        let mut list = crate::movegen::MoveList::new();
        if !self.game_over() {
            self.position_with(|_, p| p.possible.trailing_zeros() as usize)
                .generate_ignoring_end(&mut list);
        }
        list
    }

    /// The enemy piece on a square, if any.
    pub fn enemy_at(&self, sq: Square) -> Option<&EnemyPiece> {
        match self.slots.get(sq.index()) {
            Some(Slot::Enemy(i)) => self.enemy.get(*i as usize),
            _ => None,
        }
    }

    /// The own piece on a square, if any.
    pub fn own_at(&self, sq: Square) -> Option<&OwnPiece> {
        match self.slots.get(sq.index()) {
            Some(Slot::Own(i)) => self.own.get(*i as usize),
            _ => None,
        }
    }

    /// Applies one move of the public history, checking that it could have happened.
    /// On error the view is unchanged.
    pub fn apply(&mut self, m: &PublicMove) -> Result<(), ViewError> {
        let mut next = self.clone();
        next.apply_in_place(m)?;
        *self = next;
        Ok(())
    }

    fn apply_in_place(&mut self, m: &PublicMove) -> Result<(), ViewError> {
        let token = m.display(&self.rules).to_string();
        let fail = |reason: String| ViewError::Move {
            token: token.clone(),
            reason,
        };
        if self.flag_captured {
            return Err(fail("the game is over: a Flag was captured".into()));
        }
        let limit = self.rules.options().ply_limit;
        if limit != 0 && self.ply >= limit {
            return Err(fail("the game is over: the ply limit was reached".into()));
        }
        let g = self.rules.geometry();
        if !g.contains(m.from) || !g.contains(m.to) {
            return Err(fail("a square is off the board".into()));
        }
        let mine = self.to_move == self.me;
        let mover = self.slots[m.from.index()];
        let target = self.slots[m.to.index()];
        let defender_present = match (mine, target) {
            (true, Slot::Enemy(_)) | (false, Slot::Own(_)) => true,
            (_, Slot::Empty) => false,
            _ => return Err(fail(format!("{} cannot be entered", m.to))),
        };
        if defender_present != m.battle.is_some() {
            return Err(fail(if defender_present {
                "an attack must give the battle's ranks and outcome (like e4e5x2X<)".into()
            } else {
                "no piece to attack there".into()
            }));
        }
        // Which kinds could make this move, as a legal move of the full game.
        let (move_kind, attacker_kinds) = match (mine, mover) {
            (true, Slot::Own(i)) => {
                let kind = self.own[i as usize].kind;
                let found = self
                    .legal_for(m.from, m.to, Some(kind))
                    .ok_or_else(|| fail("not a legal move".into()))?;
                (found, 1 << kind)
            }
            (false, Slot::Enemy(i)) => {
                let piece = &self.enemy[i as usize];
                let mut kinds: KindSet = 0;
                let mut move_kind = None;
                for k in 0..self.rules.kinds().len() {
                    if piece.possible & (1 << k) != 0 {
                        if let Some(found) = self.legal_for(m.from, m.to, Some(k)) {
                            kinds |= 1 << k;
                            move_kind.get_or_insert(found);
                        }
                    }
                }
                (
                    move_kind
                        .ok_or_else(|| fail("no piece it can be may make this move".into()))?,
                    kinds,
                )
            }
            _ => {
                return Err(fail(format!(
                    "{} holds no {} piece",
                    m.from,
                    self.to_move.name()
                )))
            }
        };
        let attacker_index = match mover {
            Slot::Own(i) | Slot::Enemy(i) => i as usize,
            _ => unreachable!("checked above"),
        };
        if let Some(b) = m.battle {
            let expected = self.rules.battle(b.attacker, b.defender);
            if b.outcome != expected {
                return Err(fail("that is not how this battle ends".into()));
            }
            let (att_ok, def_ok) = match target {
                Slot::Enemy(d) => (
                    attacker_kinds & (1 << b.attacker) != 0,
                    self.enemy[d as usize].possible & (1 << b.defender) != 0,
                ),
                Slot::Own(d) => (
                    attacker_kinds & (1 << b.attacker) != 0,
                    self.own[d as usize].kind == b.defender,
                ),
                _ => unreachable!("a battle has a defender"),
            };
            if !att_ok {
                return Err(fail("the attacker cannot be that rank".into()));
            }
            if !def_ok {
                return Err(fail("the defender cannot be that rank".into()));
            }
        }
        // The move happened: update what is known.
        let reveals = move_kind.reveals() || m.battle.is_some();
        let attack = m.battle.is_some();
        match mover {
            Slot::Own(i) => {
                let p = &mut self.own[i as usize];
                p.moved = true;
                p.revealed |= reveals;
            }
            Slot::Enemy(i) => {
                let p = &mut self.enemy[i as usize];
                p.moved = true;
                p.possible &= attacker_kinds;
                if let Some(b) = m.battle {
                    p.possible = 1 << b.attacker;
                }
                p.revealed |= reveals;
            }
            _ => {}
        }
        if let (Some(b), Slot::Enemy(d)) = (m.battle, target) {
            let p = &mut self.enemy[d as usize];
            p.possible = 1 << b.defender;
            p.revealed = true;
        }
        if let (Some(_), Slot::Own(d)) = (m.battle, target) {
            self.own[d as usize].revealed = true;
        }
        match m.battle.map(|b| b.outcome) {
            None => self.relocate(mover, attacker_index, m.from, Some(m.to)),
            Some(Outcome::AttackerWins) => {
                self.capture(target);
                self.relocate(mover, attacker_index, m.from, Some(m.to));
            }
            Some(Outcome::DefenderWins) => self.relocate(mover, attacker_index, m.from, None),
            Some(Outcome::BothRemoved) => {
                self.capture(target);
                self.relocate(mover, attacker_index, m.from, None);
            }
        }
        if let Some(b) = m.battle {
            if self.rules.is_flag(b.defender) && b.outcome != Outcome::DefenderWins {
                self.flag_captured = true;
            }
        }
        self.history.push(HistoryEntry {
            from: m.from,
            to: m.to,
            kind: move_kind.kind,
            attack,
        });
        self.public.push(m.clone());
        self.ply += 1;
        self.to_move = self.to_move.opponent();
        if !self.propagate() {
            return Err(fail(
                "the ranks revealed do not fit the piece counts".into(),
            ));
        }
        Ok(())
    }

    fn relocate(&mut self, slot: Slot, index: usize, from: Square, to: Option<Square>) {
        self.slots[from.index()] = Slot::Empty;
        if let Some(to) = to {
            self.slots[to.index()] = slot;
        }
        match slot {
            Slot::Own(_) => self.own[index].square = to,
            Slot::Enemy(_) => self.enemy[index].square = to,
            _ => {}
        }
    }

    fn capture(&mut self, slot: Slot) {
        match slot {
            Slot::Own(i) => {
                if let Some(sq) = self.own[i as usize].square.take() {
                    self.slots[sq.index()] = Slot::Empty;
                }
            }
            Slot::Enemy(i) => {
                if let Some(sq) = self.enemy[i as usize].square.take() {
                    self.slots[sq.index()] = Slot::Empty;
                }
            }
            _ => {}
        }
    }

    /// Removes from every enemy piece the kinds whose pieces are all accounted for, until
    /// nothing changes. Returns false when the knowledge is contradictory.
    fn propagate(&mut self) -> bool {
        let kinds = self.rules.kinds().len();
        loop {
            let mut changed = false;
            for k in 0..kinds {
                let count = self.rules.kind(k).count as usize;
                let bit: KindSet = 1 << k;
                let fixed = self.enemy.iter().filter(|p| p.possible == bit).count();
                if fixed > count {
                    return false;
                }
                if fixed == count {
                    for p in self.enemy.iter_mut() {
                        if p.possible & bit != 0 && p.possible != bit {
                            p.possible &= !bit;
                            changed = true;
                        }
                    }
                }
                // The other way round: when exactly as many pieces can be this kind as there
                // are pieces of it, they all are.
                let candidates: Vec<usize> = (0..self.enemy.len())
                    .filter(|&i| self.enemy[i].possible & bit != 0)
                    .collect();
                if candidates.len() < count {
                    return false;
                }
                if candidates.len() == count {
                    for i in candidates {
                        if self.enemy[i].possible != bit {
                            self.enemy[i].possible = bit;
                            changed = true;
                        }
                    }
                }
            }
            if self.enemy.iter().any(|p| p.possible == 0) {
                return false;
            }
            if !changed {
                return true;
            }
        }
    }

    /// The legal move from `from` to `to` in this view, with the piece on `from` taken to be
    /// of `kind` (`None`: as it is) and every other unknown enemy piece given some kind it
    /// can be. The other guesses do not change which moves the piece on `from` has.
    fn legal_for(&self, from: Square, to: Square, kind: Option<usize>) -> Option<Move> {
        let pos = self.position_with(|i, p| {
            if p.square == Some(from) {
                kind.unwrap_or(p.possible.trailing_zeros() as usize)
            } else {
                let _ = i;
                p.possible.trailing_zeros() as usize
            }
        });
        let mut found = FindMove {
            from,
            to,
            found: None,
        };
        pos.generate_ignoring_end(&mut found);
        found.found
    }

    /// A full position with the enemy kinds chosen by `kind_of(index, piece)`.
    fn position_with(&self, kind_of: impl Fn(usize, &EnemyPiece) -> usize) -> Position {
        let them = self.me.opponent();
        let mut pieces = Vec::with_capacity(self.own.len() + self.enemy.len());
        for p in &self.own {
            if let Some(sq) = p.square {
                let mut cell = Cell::piece(self.me, p.kind);
                if p.moved {
                    cell = cell.with_moved();
                }
                if p.revealed {
                    cell = cell.with_revealed();
                }
                pieces.push((sq, cell));
            }
        }
        for (i, p) in self.enemy.iter().enumerate() {
            if let Some(sq) = p.square {
                let mut cell = Cell::piece(them, kind_of(i, p));
                if p.moved {
                    cell = cell.with_moved();
                }
                if p.revealed {
                    cell = cell.with_revealed();
                }
                pieces.push((sq, cell));
            }
        }
        Position::from_parts(
            Arc::clone(&self.rules),
            pieces,
            self.to_move,
            self.ply,
            self.history.clone(),
        )
    }

    /// A full position where every enemy piece has a kind drawn at random, consistent with
    /// everything known and with the piece counts (a determinization for search).
    pub fn sample(&self, rng: &mut Rng) -> Position {
        let kinds = self.sample_kinds(rng);
        self.position_with(|i, _| kinds[i])
    }

    /// Kinds for every enemy piece (captured ones included), consistent with the counts.
    /// Pieces with the fewest possibilities are assigned first; after a dead end the draw is
    /// repeated, and as a last resort the remaining pieces take any kind they can be.
    pub fn sample_kinds(&self, rng: &mut Rng) -> Vec<usize> {
        let n = self.enemy.len();
        let kinds = self.rules.kinds().len();
        for _attempt in 0..32 {
            let mut left: Vec<usize> = self
                .rules
                .kinds()
                .iter()
                .map(|k| k.count as usize)
                .collect();
            let mut order: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut order);
            order.sort_by_key(|&i| self.enemy[i].possible.count_ones());
            let mut out = vec![usize::MAX; n];
            let mut ok = true;
            for &i in &order {
                let options: Vec<usize> = (0..kinds)
                    .filter(|&k| self.enemy[i].possible & (1 << k) != 0 && left[k] > 0)
                    .collect();
                let total: usize = options.iter().map(|&k| left[k]).sum();
                if total == 0 {
                    ok = false;
                    break;
                }
                let mut pick = rng.below(total);
                let mut chosen = options[0];
                for &k in &options {
                    if pick < left[k] {
                        chosen = k;
                        break;
                    }
                    pick -= left[k];
                }
                left[chosen] -= 1;
                out[i] = chosen;
            }
            if ok {
                return out;
            }
        }
        self.enemy
            .iter()
            .map(|p| p.possible.trailing_zeros() as usize)
            .collect()
    }

    /// The board as this side sees it, for people, in the tokens of the full-information
    /// format (`rX+*`: owner, letter, moved, revealed) with `?` for an enemy piece whose kind
    /// is not known; then one line per enemy piece that is neither known nor unconstrained,
    /// with the kinds it can still be.
    pub fn render(&self) -> String {
        let g = self.rules.geometry();
        let mut out = String::new();
        let them = self.me.opponent();
        for row in (0..g.height()).rev() {
            let _ = write!(out, "{:>3} ", row + 1);
            for file in 0..g.width() {
                let Some(sq) = Square::new(file, row) else {
                    continue;
                };
                let (owner, letter, moved, revealed) = match self.slots[sq.index()] {
                    Slot::Wall => {
                        out.push_str(" _   ");
                        continue;
                    }
                    Slot::Empty => {
                        out.push_str(" .   ");
                        continue;
                    }
                    Slot::Own(i) => {
                        let p = &self.own[i as usize];
                        (self.me, self.rules.kind(p.kind).letter, p.moved, p.revealed)
                    }
                    Slot::Enemy(i) => {
                        let p = &self.enemy[i as usize];
                        let letter = p.known_kind().map_or('?', |k| self.rules.kind(k).letter);
                        (them, letter, p.moved, p.revealed)
                    }
                };
                let marks = format!(
                    "{}{}",
                    if moved { "+" } else { "" },
                    if revealed { "*" } else { "" }
                );
                let _ = write!(out, " {}{letter}{marks:<2}", owner.code());
            }
            out.push('\n');
        }
        out.push_str("    ");
        for file in 0..g.width() {
            let _ = write!(out, " {}   ", (b'a' + file) as char);
        }
        out.push('\n');
        // What an unknown piece can be when nothing is known of it in particular.
        let anything = self
            .enemy
            .iter()
            .filter(|p| p.square.is_some() && p.known_kind().is_none())
            .fold(0, |set: KindSet, p| set | p.possible);
        for p in self.enemy.iter().filter(|p| p.square.is_some()) {
            if p.known_kind().is_some() || p.possible == anything {
                continue;
            }
            let kinds: String = (0..self.rules.kinds().len())
                .filter(|&k| p.possible & (1 << k) != 0)
                .map(|k| self.rules.kind(k).letter)
                .collect();
            if let Some(sq) = p.square {
                let _ = writeln!(
                    out,
                    "{sq}: one of {kinds}{}",
                    if p.moved { " (moved)" } else { "" }
                );
            }
        }
        out
    }
}

/// Finds one from-to pair among generated moves.
struct FindMove {
    from: Square,
    to: Square,
    found: Option<Move>,
}

impl MoveSink for FindMove {
    fn push(&mut self, m: Move) {
        if m.from == self.from && m.to == self.to && self.found.is_none() {
            self.found = Some(m);
        }
    }
}
