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

mod belief;
mod memory;
mod public_move;

use std::fmt::Write as _;
use std::sync::Arc;

pub use belief::{prepare, Belief, Evidence, MAX_KINDS};
pub use memory::{Memory, Posterior, Recollection, Remembered, SeenSetup};
pub use public_move::{ActionRecord, Battle, MoveTokenError, ProbeAnswer, PublicMove};

use crate::board::{Cell, Color, HistoryEntry, Position, Setup, Square, MAILBOX};
use crate::movegen::Move;
use crate::rng::{fingerprint, Rng};
use crate::rules::{GameKind, Outcome, Rules};

/// A set of kind indices.
pub type KindSet = u16;

/// An enemy attack on a piece of ours whose rank it had not seen, won or lost: what the
/// search weighs to tell an enemy that attacks only what it knows it beats from one that
/// gambles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlindAttack {
    /// The attacker's kind.
    pub attacker: usize,
    /// The kinds the attacked piece could have been, as far as the enemy could know: those
    /// of our pieces not yet revealed, only the movable ones if it had moved.
    pub could_be: KindSet,
    /// The attacked piece had never moved.
    pub unmoved: bool,
}

/// One of the player's own pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnPiece {
    pub kind: usize,
    /// `None` once captured.
    pub square: Option<Square>,
    pub moved: bool,
    /// The opponent knows its kind.
    pub revealed: bool,
    /// It came over from the enemy by hypnosis.
    pub hypnotised: bool,
}

/// What the player knows of one enemy piece.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// It was one of ours, turned by hypnosis: it does not count in the enemy's army.
    pub hypnotised: bool,
    /// Behaviour, the soft evidence: the kinds of our identified pieces it walked up to
    /// (it probably beats them, or bluffs) ...
    pub approached: KindSet,
    /// ... and of those it ran from when they came next to it (it probably loses to them) ...
    pub fled: KindSet,
    /// ... and, by their kind, the enemy turns it stood beside them without attacking (it
    /// probably does not beat them: pieces that do, take them) ...
    pub declined: [u8; MAX_KINDS],
    /// ... and its quiet moves around our identified pieces that only a striker beats (see
    /// [`Rules::striker`]), counted by the bands of `STALK_ODDS` in the search's parameters:
    /// a Spy that knows our Marshal stays near it ...
    pub stalking: [u16; 4],
    /// ... and the striker kinds those moves speak for.
    pub stalked: KindSet,
    /// The enemy turns it stood unmoved with an empty square beside it: it could have
    /// moved and did not, which speaks for a Bomb or the Flag (see `STILL_SCALE` in the
    /// search's parameters).
    pub idle: u16,
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

/// Every kind of `rules` that can move.
pub fn movable_kinds(rules: &Rules) -> KindSet {
    (0..rules.kinds().len())
        .filter(|&k| rules.kind_moves(k).movable)
        .fold(0, |s, k| s | 1 << k)
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

/// Our piece number `index`, of `kind`, on `sq`, for [`View::placement_key`].
fn own_print(index: usize, kind: usize, sq: Square) -> u64 {
    fingerprint(1 << 40 | (index as u64) << 24 | (kind as u64) << 16 | sq.index() as u64)
}

/// The enemy's piece number `index` on `sq`, for [`View::placement_key`].
fn enemy_print(index: usize, sq: Square) -> u64 {
    fingerprint(2 << 40 | (index as u64) << 16 | sq.index() as u64)
}

/// `side` to move, for [`View::placement_key`].
fn side_print(side: Color) -> u64 {
    fingerprint(3 << 40 | side.index() as u64)
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
    /// Rank duel: each side's pool and probes left, and the file where each side's rank-3
    /// piece started when known (ours always; the enemy's once a promotion shows it).
    points: [i32; 2],
    probes: [u8; 2],
    lanes: [Option<u8>; 2],
    /// Rank duel: decided by sudden death.
    decided: bool,
    /// The enemy's attacks on pieces of ours whose rank it had not seen, in order.
    blind_attacks: Vec<BlindAttack>,
    /// The ply after which the enemy last lost a piece (0 when it never has).
    enemy_lost_at: u32,
    /// What earlier games against this opponent showed of its setups (the belief weighs it).
    recollection: Option<Arc<Recollection>>,
    /// [`View::placement_key`] of every placement the game has been through, the current one
    /// last: how the search tells a move that repeats one (see [`View::times_seen_after`]).
    placements: Vec<u64>,
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
            points: [rules.options().points as i32; 2],
            probes: [rules.options().probes; 2],
            lanes: [None; 2],
            decided: false,
            blind_attacks: Vec::new(),
            enemy_lost_at: 0,
            recollection: None,
            placements: Vec::new(),
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
                    hypnotised: false,
                });
                if rules
                    .kinds()
                    .iter()
                    .any(|k| k.promoted_from == Some(*letter))
                {
                    view.lanes[me.index()] = Some(sq.file());
                }
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
                hypnotised: false,
                ..EnemyPiece::default()
            });
        }
        view.propagate();
        view.placements.push(view.placement_key());
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
            points: pos.points(),
            probes: pos.probes_left(),
            lanes: pos.lanes(),
            decided: false,
            blind_attacks: Vec::new(),
            enemy_lost_at: pos.ply(),
            recollection: None,
            placements: Vec::new(),
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
                    hypnotised: c.is_hypnotised(),
                });
            } else if c.is_piece() {
                on_board[c.kind()] += 1;
                view.slots[sq.index()] = Slot::Enemy(view.enemy.len() as u8);
                let possible = if c.is_revealed() {
                    1 << c.kind()
                } else if c.has_moved() {
                    all & movable_kinds(&rules)
                } else {
                    all
                };
                view.enemy.push(EnemyPiece {
                    square: Some(sq),
                    possible,
                    moved: c.has_moved(),
                    revealed: c.is_revealed(),
                    start: None,
                    hypnotised: c.is_hypnotised(),
                    ..EnemyPiece::default()
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
                    hypnotised: false,
                    ..EnemyPiece::default()
                });
            }
        }
        view.propagate();
        view.placements.push(view.placement_key());
        view
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

    /// Our pieces on the board whose kind the enemy has not seen.
    pub fn hidden_own(&self) -> impl Iterator<Item = &OwnPiece> {
        self.own
            .iter()
            .filter(|p| p.square.is_some() && !p.revealed)
    }

    /// The enemy's attacks on pieces of ours it had not identified, in the order they
    /// happened.
    pub fn blind_attacks(&self) -> &[BlindAttack] {
        &self.blind_attacks
    }

    /// Gives the belief what earlier games against this opponent showed.
    pub fn recall(&mut self, recollection: Option<Arc<Recollection>>) {
        self.recollection = recollection;
    }

    pub fn recollection(&self) -> Option<&Recollection> {
        self.recollection.as_deref()
    }

    /// Plies played since the enemy last lost a piece (since the start when it never has;
    /// a view made from a position counts from there).
    pub fn plies_since_enemy_loss(&self) -> u32 {
        self.ply.saturating_sub(self.enemy_lost_at)
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
        let duel_over = self.rules.game() == GameKind::RankDuel
            && (self.decided
                || self.points.iter().any(|&p| p <= 0)
                || self.own.iter().all(|p| p.square.is_none())
                || self.enemy.iter().all(|p| p.square.is_none()));
        self.flag_captured || duel_over || (limit != 0 && self.ply >= limit)
    }

    /// Rank duel: each side's pool of points (Red first).
    pub fn points(&self) -> [i32; 2] {
        self.points
    }

    /// Rank duel: each side's probes left (Red first).
    pub fn probes_left(&self) -> [u8; 2] {
        self.probes
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

    /// Reads and applies each move of a public history written as tokens (`e4e5`,
    /// `b4b8x2X<`), stopping at the first that does not parse or cannot have happened: the
    /// moves before it stay applied.
    pub fn replay<'a>(&mut self, tokens: impl IntoIterator<Item = &'a str>) -> Result<(), String> {
        for token in tokens {
            let m = PublicMove::parse(token, &self.rules).map_err(|e| e.to_string())?;
            self.apply(&m).map_err(|e| e.to_string())?;
        }
        Ok(())
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
        let fail = |reason: &str| ViewError::Move {
            token: token.clone(),
            reason: reason.to_string(),
        };
        if self.game_over() {
            return Err(fail("the game is over"));
        }
        let g = self.rules.geometry();
        if !g.contains(m.from) || !g.contains(m.to) {
            return Err(fail("a square is off the board"));
        }
        let mine = self.to_move == self.me;
        let text = m.action_text();
        // The acting piece (none for a probe or a pass) and the kinds it can be.
        let acts_alone = matches!(
            m.action,
            Some(ActionRecord::Pass) | Some(ActionRecord::Probe { .. })
        );
        let actor = if acts_alone {
            Slot::Empty
        } else {
            self.slots[m.from.index()]
        };
        let (found, actor_kinds) = match (acts_alone, mine, actor) {
            (true, _, _) => (
                self.legal_text(&text, None, None)
                    .ok_or_else(|| fail("not a legal action"))?,
                0,
            ),
            (false, true, Slot::Own(i)) => {
                let kind = self.own[i as usize].kind;
                let found = self
                    .legal_text(&text, Some(m.from), Some(kind))
                    .ok_or_else(|| fail("not a legal move"))?;
                (found, 1 << kind)
            }
            (false, false, Slot::Enemy(i)) => {
                let possible = self.enemy[i as usize].possible;
                let mut kinds: KindSet = 0;
                let mut found = None;
                for k in (0..self.rules.kinds().len()).filter(|k| possible & (1 << k) != 0) {
                    if let Some(f) = self.legal_text(&text, Some(m.from), Some(k)) {
                        kinds |= 1 << k;
                        found.get_or_insert(f);
                    }
                }
                (
                    found.ok_or_else(|| fail("no piece it can be may do this"))?,
                    kinds,
                )
            }
            _ => {
                return Err(fail(&format!(
                    "{} holds no {} piece",
                    m.from,
                    self.to_move.name()
                )))
            }
        };
        let index = match actor {
            Slot::Own(i) | Slot::Enemy(i) => i as usize,
            _ => usize::MAX,
        };
        let enemy_on_board = self.enemy.iter().filter(|p| p.square.is_some()).count();
        if self.to_move != self.me {
            self.count_idle();
            self.note_declines(m);
        }
        // The actor is one of the kinds that can do this; a revealing move shows it.
        if let Slot::Enemy(i) = actor {
            let p = &mut self.enemy[i as usize];
            p.possible &= actor_kinds;
        }
        if let (Slot::Enemy(i), None, None) = (actor, m.battle, &m.action) {
            self.note_behaviour(i as usize, m.from, m.to);
        }
        match &m.action {
            None => self
                .apply_move(m, found, actor, index, actor_kinds)
                .map_err(|e| fail(&e))?,
            Some(action) => self.apply_action(m, action, actor).map_err(|e| fail(&e))?,
        }
        self.history.push(HistoryEntry {
            from: m.from,
            to: m.to,
            kind: found.kind,
            attack: m.battle.is_some() || m.action.is_some(),
        });
        self.public.push(m.clone());
        self.ply += 1;
        if self.enemy.iter().filter(|p| p.square.is_some()).count() < enemy_on_board {
            self.enemy_lost_at = self.ply;
        }
        self.to_move = self.to_move.opponent();
        if !self.propagate() {
            return Err(fail("the ranks revealed do not fit the piece counts"));
        }
        self.placements.push(self.placement_key());
        Ok(())
    }

    /// A fingerprint of the placement as this player sees it, and of the side to move: each
    /// piece on the board by its identity (ours with its kind) and square. Two placements
    /// with the same key are the same position for all either player can tell.
    pub fn placement_key(&self) -> u64 {
        let own = self
            .own
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.square.map(|sq| own_print(i, p.kind, sq)));
        let enemy = self
            .enemy
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.square.map(|sq| enemy_print(i, sq)));
        own.chain(enemy)
            .fold(side_print(self.to_move), |h, p| h ^ p)
    }

    /// How many times the placement after our move `m` stood before in this game; 0 for a
    /// move that attacks or acts (a piece gone never comes back, so nothing it leads to can
    /// have stood before).
    pub fn times_seen_after(&self, m: Move) -> usize {
        let (Some(Slot::Own(i)), Some(Slot::Empty)) =
            (self.slots.get(m.from.index()), self.slots.get(m.to.index()))
        else {
            return 0;
        };
        let (Some(p), Some(&now)) = (self.own.get(*i as usize), self.placements.last()) else {
            return 0;
        };
        if m.kind.is_action() || self.to_move != self.me {
            return 0;
        }
        let after = now
            ^ own_print(*i as usize, p.kind, m.from)
            ^ own_print(*i as usize, p.kind, m.to)
            ^ side_print(self.me)
            ^ side_print(self.me.opponent());
        self.placements.iter().filter(|&&k| k == after).count()
    }

    /// Before an enemy turn: each unmoved enemy piece with an empty square beside it stands
    /// idle once more (the one that moves now stops counting, being moved).
    fn count_idle(&mut self) {
        for i in 0..self.enemy.len() {
            let p = &self.enemy[i];
            let Some(sq) = p.square.filter(|_| !p.moved) else {
                continue;
            };
            let free = crate::board::ORTHOGONAL
                .iter()
                .any(|&d| self.slots[sq.offset(d).index()] == Slot::Empty);
            if free {
                self.enemy[i].idle = self.enemy[i].idle.saturating_add(1);
            }
        }
    }

    /// Before the enemy's move `m`: every enemy piece of unknown kind beside identified
    /// pieces of ours that `m` does not attack with it declines their kinds once more (once
    /// a turn for each kind).
    fn note_declines(&mut self, m: &PublicMove) {
        for i in 0..self.enemy.len() {
            let p = &self.enemy[i];
            let Some(sq) = p.square.filter(|_| p.known_kind().is_none()) else {
                continue;
            };
            let mut declined: KindSet = 0;
            for &d in crate::board::ORTHOGONAL.iter() {
                let next = sq.offset(d);
                if let Slot::Own(j) = self.slots[next.index()] {
                    let own = &self.own[j as usize];
                    let attacked = m.from == sq && m.to == next && m.action.is_none();
                    if own.revealed && !attacked && own.kind < MAX_KINDS {
                        declined |= 1 << own.kind;
                    }
                }
            }
            for k in (0..MAX_KINDS).filter(|k| declined & (1 << k) != 0) {
                let n = &mut self.enemy[i].declined[k];
                *n = n.saturating_add(1);
            }
        }
    }

    /// Soft evidence from an enemy piece's quiet move from `from` to `to`: which of our
    /// identified pieces it walks up to, and whether it runs from the one we just brought
    /// next to it. Only identified pieces count: the enemy cannot react to a rank it does
    /// not know.
    fn note_behaviour(&mut self, index: usize, from: Square, to: Square) {
        let adjacent = |a: Square, b: Square| crate::eval::distance(a, b) == 1;
        let known_own = |slot: Slot| match slot {
            Slot::Own(j) if self.own[j as usize].revealed => Some(self.own[j as usize].kind),
            _ => None,
        };
        let mut fled = 0;
        if let Some(last) = self.history.last() {
            if let Some(k) = known_own(self.slots[last.to.index()]) {
                if adjacent(last.to, from) && !adjacent(last.to, to) {
                    fled |= 1 << k;
                }
            }
        }
        let mut approached = 0;
        for p in self.own.iter().filter(|p| p.revealed) {
            if let Some(sq) = p.square {
                if adjacent(sq, to) && !adjacent(sq, from) && sq != from {
                    approached |= 1 << p.kind;
                }
            }
        }
        let stalk = self.stalk_band(index, from, to);
        let p = &mut self.enemy[index];
        p.fled |= fled;
        p.approached |= approached;
        if let Some((band, striker)) = stalk {
            p.stalking[band] = p.stalking[band].saturating_add(1);
            p.stalked |= 1 << striker;
        }
    }

    /// For a quiet move of the enemy piece `index` from `from` to `to`: the band of
    /// `STALK_ODDS` it falls in, by its distance to our nearest identified piece that a kind
    /// it may be strikes, and that kind. `None` when no such piece of ours stands.
    fn stalk_band(&self, index: usize, from: Square, to: Square) -> Option<(usize, usize)> {
        use crate::eval::distance;
        use crate::search::params::{STALK_MIDDLE, STALK_NEAR};
        let possible = self.enemy[index].possible;
        let (target, striker) = self
            .own
            .iter()
            .filter(|p| p.revealed)
            .filter_map(|p| {
                let sq = p.square?;
                let striker = self.rules.striker(p.kind)?;
                (striker < MAX_KINDS && possible & (1 << striker) != 0).then_some((sq, striker))
            })
            .min_by_key(|&(sq, _)| distance(to, sq))?;
        let (before, after) = (distance(from, target), distance(to, target));
        let band = match after {
            d if d <= STALK_NEAR && d < before => 0,
            d if d <= STALK_NEAR => 1,
            d if d <= STALK_MIDDLE => 2,
            _ => 3,
        };
        Some((band, striker))
    }

    /// A move or an attack from square to square.
    fn apply_move(
        &mut self,
        m: &PublicMove,
        found: Move,
        mover: Slot,
        index: usize,
        attacker_kinds: KindSet,
    ) -> Result<(), String> {
        let mover_side = self.to_move;
        let target = self.slots[m.to.index()];
        let defender_present = matches!(
            (mover_side == self.me, target),
            (true, Slot::Enemy(_)) | (false, Slot::Own(_))
        );
        if defender_present != m.battle.is_some() {
            return Err(if defender_present {
                "an attack must give the battle's ranks and outcome (like e4e5x2X<)".into()
            } else {
                "no piece to attack there".into()
            });
        }
        if let Some(b) = m.battle {
            if b.outcome != self.rules.battle(b.attacker, b.defender) {
                return Err("that is not how this battle ends".into());
            }
            if attacker_kinds & (1 << b.attacker) == 0 {
                return Err("the attacker cannot be that rank".into());
            }
            let def_ok = match target {
                Slot::Enemy(d) => self.enemy[d as usize].possible & (1 << b.defender) != 0,
                Slot::Own(d) => self.own[d as usize].kind == b.defender,
                _ => false,
            };
            if !def_ok {
                return Err("the defender cannot be that rank".into());
            }
        }
        let reveals = found.reveals() || m.battle.is_some();
        match mover {
            Slot::Own(i) => {
                let p = &mut self.own[i as usize];
                p.moved = true;
                p.revealed |= reveals;
            }
            Slot::Enemy(i) => {
                let p = &mut self.enemy[i as usize];
                p.moved = true;
                if let Some(b) = m.battle {
                    p.possible = 1 << b.attacker;
                }
                p.revealed |= reveals;
            }
            _ => {}
        }
        if let (Some(b), Slot::Own(d)) = (m.battle, target) {
            let piece = &self.own[d as usize];
            if !piece.revealed {
                let hidden = self.hidden_own().fold(0 as KindSet, |s, p| s | 1 << p.kind);
                let could_be = if piece.moved {
                    hidden & movable_kinds(&self.rules)
                } else {
                    hidden
                };
                self.blind_attacks.push(BlindAttack {
                    attacker: b.attacker,
                    could_be,
                    unmoved: !piece.moved,
                });
            }
        }
        if let Some(b) = m.battle {
            self.set_kind(target, b.defender);
            match b.outcome {
                Outcome::AttackerWins => {
                    self.capture(target);
                    self.relocate(mover, index, m.from, Some(m.to));
                }
                Outcome::DefenderWins => self.relocate(mover, index, m.from, None),
                Outcome::BothRemoved => {
                    self.capture(target);
                    self.relocate(mover, index, m.from, None);
                }
            }
            if self.rules.is_flag(b.defender) && b.outcome != Outcome::DefenderWins {
                self.flag_captured = true;
            }
        } else {
            self.relocate(mover, index, m.from, Some(m.to));
        }
        if self.rules.game() == GameKind::RankDuel {
            match m.battle {
                None => self.points[mover_side.index()] -= 1,
                Some(b) => {
                    let value = |k: usize| self.rules.kind(k).rank as i32;
                    let (winner, v) = match b.outcome {
                        Outcome::AttackerWins => (mover_side, value(b.defender)),
                        Outcome::DefenderWins => (mover_side.opponent(), value(b.attacker)),
                        Outcome::BothRemoved => (mover_side, 0),
                    };
                    self.points[winner.index()] += v;
                    self.points[winner.opponent().index()] -= v;
                    if b.outcome == Outcome::AttackerWins && self.in_sudden_death() {
                        self.decided = true;
                    }
                }
            }
        }
        if m.promoted {
            self.promote(mover, m.to)?;
        }
        Ok(())
    }

    /// A duel promotion: the piece on `sq` became the promoted kind.
    fn promote(&mut self, mover: Slot, sq: Square) -> Result<(), String> {
        let Some(six) = self
            .rules
            .kinds()
            .iter()
            .position(|k| k.promoted_from.is_some())
        else {
            return Err("this variant has no promotion".into());
        };
        let from_letter = self.rules.kind(six).promoted_from;
        let from_kind = from_letter.and_then(|l| self.rules.kind_by_letter(l));
        match (mover, self.slots[sq.index()]) {
            (Slot::Own(i), Slot::Own(_)) if Some(self.own[i as usize].kind) == from_kind => {
                self.own[i as usize].kind = six;
                self.own[i as usize].revealed = true;
                self.lanes[self.me.opponent().index()] = Some(sq.file());
                Ok(())
            }
            (Slot::Enemy(i), Slot::Enemy(_)) => {
                let p = &mut self.enemy[i as usize];
                if from_kind.is_none_or(|k| p.possible & (1 << k) == 0) {
                    return Err("that piece cannot be promoted".into());
                }
                p.possible = 1 << six;
                p.revealed = true;
                self.lanes[self.me.opponent().index()] = p.start.map(|s| s.file());
                Ok(())
            }
            _ => Err("only a surviving mover can be promoted".into()),
        }
    }

    /// Records that the piece in `slot` is of `kind` (an enemy's kind is then known).
    fn set_kind(&mut self, slot: Slot, kind: usize) {
        match slot {
            Slot::Enemy(i) => {
                let p = &mut self.enemy[i as usize];
                p.possible = 1 << kind;
                p.revealed = true;
            }
            Slot::Own(i) => self.own[i as usize].revealed = true,
            _ => {}
        }
    }

    /// Checks that the piece in `slot` can be of `kind`.
    fn can_be(&self, slot: Slot, kind: usize) -> bool {
        match slot {
            Slot::Enemy(i) => self.enemy[i as usize].possible & (1 << kind) != 0,
            Slot::Own(i) => self.own[i as usize].kind == kind,
            _ => false,
        }
    }

    /// Keeps of an enemy piece only the kinds `keep` allows; an own piece must pass it.
    fn narrow(&mut self, slot: Slot, keep: impl Fn(usize) -> bool) -> Result<(), String> {
        match slot {
            Slot::Enemy(i) => {
                let p = &mut self.enemy[i as usize];
                for k in 0..self.rules.kinds().len() {
                    if !keep(k) {
                        p.possible &= !(1 << k);
                    }
                }
                Ok(())
            }
            Slot::Own(i) if keep(self.own[i as usize].kind) => Ok(()),
            _ => Err("that result does not fit the piece".into()),
        }
    }

    /// A power, a probe or a pass.
    fn apply_action(
        &mut self,
        m: &PublicMove,
        action: &ActionRecord,
        actor: Slot,
    ) -> Result<(), String> {
        let side = self.to_move;
        let target = self.slots[m.to.index()];
        let rank = |rules: &Rules, k: usize| rules.kind(k).rank;
        let plain = |rules: &Rules, k: usize| rules.kind(k).role == crate::rules::BattleRole::Plain;
        let actor_kind = match actor {
            Slot::Own(i) => Some(self.own[i as usize].kind),
            Slot::Enemy(i) => self.enemy[i as usize].known_kind(),
            _ => None,
        };
        // Using a power shows the piece.
        match actor {
            Slot::Own(i) => self.own[i as usize].revealed = true,
            Slot::Enemy(i) => self.enemy[i as usize].revealed = true,
            _ => {}
        }
        let actor_rank = actor_kind.map_or(0, |k| rank(&self.rules, k));
        let rules = Arc::clone(&self.rules);
        match action {
            ActionRecord::Pass => self.points[side.index()] -= 1,
            ActionRecord::Reveal { kind } => {
                if !self.can_be(target, *kind) {
                    return Err("the revealed rank does not fit the piece".into());
                }
                self.set_kind(target, *kind);
            }
            ActionRecord::Hypnotise { kind: Some(kind) } => {
                if !self.can_be(target, *kind) || rank(&rules, *kind) >= actor_rank {
                    return Err("that piece cannot have changed sides".into());
                }
                self.set_kind(target, *kind);
                self.convert(target, *kind);
            }
            ActionRecord::Hypnotise { kind: None } => {
                self.narrow(target, |k| {
                    !plain(&rules, k) || rank(&rules, k) >= actor_rank
                })?;
            }
            ActionRecord::Shoot { kind: Some(kind) } => {
                if !self.can_be(target, *kind)
                    || !plain(&rules, *kind)
                    || rank(&rules, *kind) >= actor_rank
                {
                    return Err("that piece cannot have been shot".into());
                }
                self.set_kind(target, *kind);
                self.capture(target);
            }
            ActionRecord::Shoot { kind: None } => {
                self.narrow(target, |k| {
                    !plain(&rules, k) || rank(&rules, k) >= actor_rank
                })?;
            }
            ActionRecord::Strike { battles } => {
                let Some(elemental) = actor_kind else {
                    return Err("the striking piece is not known".into());
                };
                let them = if side == self.me {
                    Slot::Enemy(0)
                } else {
                    Slot::Own(0)
                };
                let neighbours: Vec<Square> = crate::board::ALL_DIRECTIONS
                    .iter()
                    .map(|&d| m.from.offset(d))
                    .filter(|sq| {
                        std::mem::discriminant(&self.slots[sq.index()])
                            == std::mem::discriminant(&them)
                    })
                    .collect();
                if neighbours.len() != battles.len()
                    || battles.iter().any(|(sq, _, _)| !neighbours.contains(sq))
                {
                    return Err("a strike fights every enemy neighbour once".into());
                }
                let mut dies = false;
                for &(sq, kind, outcome) in battles {
                    let slot = self.slots[sq.index()];
                    if !self.can_be(slot, kind) || rules.battle(elemental, kind) != outcome {
                        return Err(format!("the battle on {sq} does not end that way"));
                    }
                    self.set_kind(slot, kind);
                    if outcome != Outcome::DefenderWins {
                        self.capture(slot);
                        if rules.is_flag(kind) {
                            self.flag_captured = true;
                        }
                    }
                    dies |= outcome != Outcome::AttackerWins;
                }
                if dies {
                    self.capture(actor);
                }
            }
            ActionRecord::Probe { guess, answer } => {
                let g = *guess;
                self.probes[side.index()] = self.probes[side.index()].saturating_sub(1);
                let value = g as i32;
                match answer {
                    ProbeAnswer::Right => {
                        let Some(kind) = (0..rules.kinds().len())
                            .find(|&k| rank(&rules, k) == g && rules.kind(k).count > 0)
                        else {
                            return Err("no piece has that rank".into());
                        };
                        if !self.can_be(target, kind) {
                            return Err("the probed piece cannot be that rank".into());
                        }
                        self.set_kind(target, kind);
                        self.capture(target);
                        self.points[side.index()] += value;
                        self.points[side.opponent().index()] -= value;
                        if self.in_sudden_death() {
                            self.decided = true;
                        }
                    }
                    ProbeAnswer::Higher => {
                        self.narrow(target, |k| rank(&rules, k) > g)?;
                        self.points[side.index()] -= 1;
                    }
                    ProbeAnswer::Lower => {
                        self.narrow(target, |k| rank(&rules, k) < g)?;
                        self.points[side.index()] -= 1;
                    }
                }
            }
        }
        Ok(())
    }

    /// A hypnotised piece changes sides: it leaves its list (staying counted in its
    /// army) and joins the other as a known piece of `kind`.
    fn convert(&mut self, slot: Slot, kind: usize) {
        match slot {
            Slot::Enemy(i) => {
                let p = &mut self.enemy[i as usize];
                let Some(sq) = p.square.take() else { return };
                let moved = p.moved;
                self.slots[sq.index()] = Slot::Own(self.own.len() as u8);
                self.own.push(OwnPiece {
                    kind,
                    square: Some(sq),
                    moved,
                    revealed: true,
                    hypnotised: true,
                });
            }
            Slot::Own(i) => {
                let p = &mut self.own[i as usize];
                let Some(sq) = p.square.take() else { return };
                let moved = p.moved;
                self.slots[sq.index()] = Slot::Enemy(self.enemy.len() as u8);
                self.enemy.push(EnemyPiece {
                    square: Some(sq),
                    possible: 1 << kind,
                    moved,
                    revealed: true,
                    start: None,
                    hypnotised: true,
                    ..EnemyPiece::default()
                });
            }
            _ => {}
        }
    }

    /// Rank duel: once both sides have played the turns before sudden death.
    fn in_sudden_death(&self) -> bool {
        let n = self.rules.options().sudden_death;
        n != 0 && self.ply >= 2 * n
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
                // A kind and the kinds promoted from it share its count (the duel's 6 is
                // the 3 that reached the far row).
                if self.rules.kind(k).promoted_from.is_some() {
                    continue;
                }
                let count = self.rules.kind(k).count as usize;
                let letter = self.rules.kind(k).letter;
                let group: KindSet = (0..kinds)
                    .filter(|&j| j == k || self.rules.kind(j).promoted_from == Some(letter))
                    .fold(0, |g, j| g | 1 << j);
                let fixed = self
                    .enemy
                    .iter()
                    .filter(|p| !p.hypnotised && p.possible & !group == 0)
                    .count();
                if fixed > count {
                    return false;
                }
                if fixed == count {
                    for p in self.enemy.iter_mut().filter(|p| !p.hypnotised) {
                        if p.possible & group != 0 && p.possible & !group != 0 {
                            p.possible &= !group;
                            changed = true;
                        }
                    }
                }
                // The other way round: when exactly as many pieces can be this kind as there
                // are pieces of it, they all are.
                let candidates: Vec<usize> = (0..self.enemy.len())
                    .filter(|&i| !self.enemy[i].hypnotised && self.enemy[i].possible & group != 0)
                    .collect();
                if candidates.len() < count {
                    return false;
                }
                if candidates.len() == count {
                    for i in candidates {
                        if self.enemy[i].possible & !group != 0 {
                            self.enemy[i].possible &= group;
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

    /// The legal move or action written `text` in this view, with the enemy piece on `at`
    /// (if any) taken to be of `kind` and every other unknown enemy piece given some kind it
    /// can be. The other guesses do not change what the piece on `at` may do.
    fn legal_text(&self, text: &str, at: Option<Square>, kind: Option<usize>) -> Option<Move> {
        let pos = self.position_with(|_, p| match (at, kind) {
            (Some(sq), Some(k)) if p.square == Some(sq) => k,
            _ => p.possible.trailing_zeros() as usize,
        });
        let mut list = crate::movegen::MoveList::new();
        pos.generate_ignoring_end(&mut list);
        list.iter().copied().find(|m| m.to_string() == text)
    }

    /// A full position with the enemy kinds chosen by `kind_of(index, piece)`.
    fn position_with(&self, kind_of: impl Fn(usize, &EnemyPiece) -> usize) -> Position {
        let them = self.me.opponent();
        let marked = |cell: Cell, moved: bool, revealed: bool, hypnotised: bool| {
            let mut cell = cell;
            if moved {
                cell = cell.with_moved();
            }
            if revealed {
                cell = cell.with_revealed();
            }
            if hypnotised {
                cell = cell.marked_hypnotised();
            }
            cell
        };
        let own = self.own.iter().filter_map(|p| {
            let cell = marked(
                Cell::piece(self.me, p.kind),
                p.moved,
                p.revealed,
                p.hypnotised,
            );
            p.square.map(|sq| (sq, cell))
        });
        let enemy = self.enemy.iter().enumerate().filter_map(|(i, p)| {
            let cell = marked(
                Cell::piece(them, kind_of(i, p)),
                p.moved,
                p.revealed,
                p.hypnotised,
            );
            p.square.map(|sq| (sq, cell))
        });
        let pieces: Vec<(Square, Cell)> = own.chain(enemy).collect();
        let mut pos = Position::from_parts(
            Arc::clone(&self.rules),
            pieces,
            self.to_move,
            self.ply,
            self.history.clone(),
        );
        // The duel's counters; the enemy's lane, when unknown, is where the piece guessed
        // to be its rank-3 (or promoted) piece started.
        pos.points = self.points;
        pos.probes = self.probes;
        pos.lanes = self.lanes;
        if pos.lanes[them.index()].is_none() {
            let promotable: Vec<usize> = (0..self.rules.kinds().len())
                .filter(|&k| {
                    let kind = self.rules.kind(k);
                    kind.promoted_from.is_some()
                        || self
                            .rules
                            .kinds()
                            .iter()
                            .any(|o| o.promoted_from == Some(kind.letter))
                })
                .collect();
            pos.lanes[them.index()] = self
                .enemy
                .iter()
                .enumerate()
                .find(|(i, p)| promotable.contains(&kind_of(*i, p)) && !p.hypnotised)
                .and_then(|(_, p)| p.start)
                .map(|s| s.file());
        }
        pos
    }

    /// A full position where every enemy piece has a kind drawn from `belief`, consistent
    /// with everything known and with the piece counts (a determinization for search).
    pub fn sample(&self, belief: &Belief, rng: &mut Rng) -> Position {
        let kinds = belief.sample(self, rng);
        self.position_with(|i, _| kinds[i])
    }

    /// Kinds for every enemy piece (captured ones included), consistent with the counts and
    /// with all the evidence (see [`Belief`]).
    pub fn sample_kinds(&self, rng: &mut Rng) -> Vec<usize> {
        Belief::new(self, Evidence::ALL).sample(self, rng)
    }

    /// One sequential draw of kinds for every enemy piece, each piece's kind chosen in
    /// proportion to the pieces of that kind left times `weight(piece, kind)`; also returns
    /// the pieces whose kind is drawn (not fixed by hypnosis or promotion). Pieces with the
    /// fewest possibilities are assigned first; after a dead end the draw is repeated, and as
    /// a last resort the remaining pieces take any kind they can be.
    fn draw_kinds(
        &self,
        rng: &mut Rng,
        weight: &dyn Fn(usize, usize) -> f64,
    ) -> (Vec<usize>, Vec<usize>) {
        let n = self.enemy.len();
        let kinds = self.rules.kinds().len();
        for _attempt in 0..32 {
            let mut left: Vec<usize> = self
                .rules
                .kinds()
                .iter()
                .map(|k| k.count as usize)
                .collect();
            let mut out: Vec<usize> = vec![usize::MAX; n];
            for (i, p) in self.enemy.iter().enumerate() {
                let known = p
                    .known_kind()
                    .filter(|&k| self.rules.kind(k).promoted_from.is_some());
                if p.hypnotised {
                    out[i] = p.possible.trailing_zeros() as usize;
                } else if let Some(k) = known {
                    // A promoted piece: its base kind is used up.
                    out[i] = k;
                    let base = self
                        .rules
                        .kind(k)
                        .promoted_from
                        .and_then(|l| self.rules.kind_by_letter(l));
                    if let Some(b) = base {
                        left[b] = left[b].saturating_sub(1);
                    }
                }
            }
            let mut order: Vec<usize> = (0..n).filter(|&i| out[i] == usize::MAX).collect();
            rng.shuffle(&mut order);
            order.sort_by_key(|&i| self.enemy[i].possible.count_ones());
            let mut ok = true;
            for &i in &order {
                let options: Vec<(usize, f64)> = (0..kinds)
                    .filter(|&k| self.enemy[i].possible & (1 << k) != 0 && left[k] > 0)
                    .map(|k| (k, left[k] as f64 * weight(i, k).max(1e-9)))
                    .collect();
                if options.is_empty() {
                    ok = false;
                    break;
                }
                let weights: Vec<f64> = options.iter().map(|&(_, w)| w).collect();
                let chosen = options[rng.weighted(&weights).unwrap_or(options.len() - 1)].0;
                left[chosen] -= 1;
                out[i] = chosen;
            }
            if ok {
                return (out, order);
            }
        }
        let kinds = self
            .enemy
            .iter()
            .map(|p| p.possible.trailing_zeros() as usize)
            .collect();
        (kinds, Vec::new())
    }

    /// The belief about every enemy piece on the board whose kind is not known, one line
    /// each: its square, whether it moved, and its four likeliest kinds with their
    /// probabilities in whole percents, or with `all` every kind any draw gave it, to a
    /// tenth of a percent (from 400 draws of the belief with the evidence given; see
    /// [`Belief`]). `all` serves scripts that measure the belief: a rare kind such as the
    /// Spy beside our Marshal is seldom among the four likeliest.
    pub fn belief_text(&self, rng: &mut Rng, evidence: Evidence, all: bool) -> String {
        let belief = Belief::new(self, evidence);
        let marginals = belief.marginals(self, rng, 400);
        let mut out = String::new();
        if let (Some(r), Some(post)) = (self.recollection(), &belief.recalled) {
            let _ = write!(
                out,
                "memory: {} earlier games against this opponent; a new setup {:.0}%",
                r.games(),
                post.fresh * 100.0
            );
            if let Some(best) = post.best() {
                let _ = write!(
                    out,
                    ", likeliest earlier setup {:.0}% (game {} of those{})",
                    best.chance * 100.0,
                    best.game + 1,
                    if best.mirrored { ", mirrored" } else { "" }
                );
            }
            out.push('\n');
        }
        if let Some(post) = belief.sharpness {
            let levels: Vec<String> = crate::search::params::SHARPNESS
                .iter()
                .zip(post)
                .map(|((level, _), p)| format!("{level} {:.0}%", p * 100.0))
                .collect();
            let _ = writeln!(out, "bomb placement sharpness: {}", levels.join(", "));
        }
        let mut pieces: Vec<(Square, usize)> = self
            .enemy
            .iter()
            .enumerate()
            .filter(|(_, p)| p.known_kind().is_none())
            .filter_map(|(i, p)| p.square.map(|sq| (sq, i)))
            .collect();
        pieces.sort_by_key(|&(sq, _)| (std::cmp::Reverse(sq.row()), sq.file()));
        for (sq, i) in pieces {
            let mut kinds: Vec<(usize, f64)> = marginals[i]
                .iter()
                .copied()
                .enumerate()
                .filter(|&(_, p)| if all { p > 0.0 } else { p >= 0.005 })
                .collect();
            kinds.sort_by(|a, b| b.1.total_cmp(&a.1));
            let list: Vec<String> = kinds
                .iter()
                .take(if all { kinds.len() } else { 4 })
                .map(|&(k, p)| {
                    let digits = usize::from(all);
                    format!("{} {:.digits$}%", self.rules.kind(k).letter, p * 100.0)
                })
                .collect();
            let moved = if self.enemy[i].moved { " (moved)" } else { "" };
            let _ = writeln!(out, "belief {sq}{moved}: {}", list.join(", "));
        }
        out
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
