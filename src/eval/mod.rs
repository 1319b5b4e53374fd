//! Position evaluation: material by kind, the worth of staying unidentified, advancement,
//! and the race between each side's pieces and the other side's Flag. A Flag walled in by
//! Bombs is a race for the pieces that defuse them (Miners) alone, and makes the last of
//! them worth more.
//!
//! The search evaluates determinized positions (every enemy rank drawn from the belief), so
//! the enemy Flag has a square in each of them: rewarding pieces that come near it, averaged
//! over the draws, pulls the army toward where the Flag probably stands.

use crate::board::Color;
use crate::board::{Cell, Position, Square, MAILBOX, ORTHOGONAL};
use crate::movegen::{Move, MoveKind};
use crate::rules::GameKind;
use crate::rules::{BattleRole, Outcome, Rules};
use crate::search::params::{
    ADVANCE_PER_ROW, BOMB_VALUE, CHASE_ANSWERS, CHASE_LATE, CHASE_MAX_LATE, CHASE_PREY_CAP,
    CHASE_PREY_STEPS, DEFUSERS_LEFT, DOMINANT_PIECE, DUEL_POINT, FLAG_CLOSE, FLAG_CLOSE_STEPS,
    FLAG_NEAR_PER_STEP, FLAG_NEAR_STEPS, FLAG_VALUE, GUARD_LATE, GUARD_MAX_LATE, GUARD_WATCH_STEPS,
    HIDDEN_BONUS, HIDDEN_SHARE, HUNT_FLIGHT, HUNT_PERCENT, HUNT_STEPS, RANK_VALUE,
    SPY_WITHOUT_PREY, STILL_PIECE, STILL_STRIKER,
};
use crate::view::MAX_KINDS;

/// The material value of a kind.
pub fn kind_value(rules: &Rules, kind: usize) -> i32 {
    let k = rules.kind(kind);
    match k.role {
        BattleRole::Flag => FLAG_VALUE,
        BattleRole::Bomb => BOMB_VALUE,
        BattleRole::Plain => RANK_VALUE[(k.rank as usize).min(RANK_VALUE.len() - 1)],
    }
}

/// The worth of a piece of `kind` that the opponent has not identified: a base, and a share
/// of its value (a hidden Marshal is worth far more than a hidden Scout).
pub fn hidden_value(rules: &Rules, kind: usize) -> i32 {
    let k = rules.kind(kind);
    match k.role {
        BattleRole::Plain => HIDDEN_BONUS + kind_value(rules, kind) / HIDDEN_SHARE,
        _ => HIDDEN_BONUS,
    }
}

/// Orthogonal steps between two squares, ignoring what stands between.
pub fn distance(a: Square, b: Square) -> i32 {
    (a.file().abs_diff(b.file()) + a.row().abs_diff(b.row())) as i32
}

/// The score of `pos` for the side to move, in centi-Scouts.
pub fn evaluate(pos: &Position) -> i32 {
    Incremental::new(pos).score(pos)
}

/// The evaluation kept up to date move by move, for the search: about half of its time went
/// to evaluating from scratch. A step or a Scout's move changes two squares, so only those
/// are counted again; any other move or action, and the capture of a Bomb, is counted from
/// scratch.
///
/// The search plays moves through [`Incremental::play`] and takes them back by restoring
/// the copy it kept and undoing the move on the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Incremental {
    /// Each side's material, hidden bonus and advancement (Red, Blue).
    pieces: [i32; 2],
    /// Each side's Flag (the last found, where a side has several).
    flags: [Option<Square>; 2],
    /// Whether each side's Flag is walled in: a Bomb of its own on every neighbouring square
    /// of the board. Only a piece that defuses Bombs can then reach it.
    walled: [bool; 2],
    /// Whether each side's Flag is walled in no longer: a Bomb of its own still stands
    /// beside it, but not on every neighbouring square (a Miner took one, or the setup
    /// left a gap). Only a Bomb's capture changes it, as it does `walled`.
    breached: [bool; 2],
    /// The kinds that take a Bomb when they attack it (the Miners of the classic army).
    defusers: u32,
    /// A fingerprint of the squares of each side's Bombs and Flag, the walls of
    /// [`steps_to`]'s walk: [`Walks`] keeps the walks while it stays the same.
    walls: [u64; 2],
    /// The steps from each side's nearest piece that can reach the other side's Flag (any
    /// movable piece, or only one that defuses Bombs when the Flag is walled in).
    nearest: [Option<i32>; 2],
    /// Each side's pieces of each kind.
    counts: [[u8; MAX_KINDS]; 2],
    /// Per side, the other side's movable kinds on the board that few of its pieces beat
    /// (see [`Incremental::unanswered`]), as a bit set, and what its material is worth
    /// beyond its fixed values (see [`Incremental::count_dynamic`]). Only a battle changes
    /// them: counted at every leaf, they took a fifth of the search's time.
    loose: [u32; 2],
    dynamic: [i32; 2],
}

impl Incremental {
    /// Counts everything from scratch.
    pub fn new(pos: &Position) -> Incremental {
        let rules = pos.rules();
        // No list of the Bomb kinds: this runs at every capture in the search.
        let kinds = rules.kinds().len().min(32);
        let is_bomb = |k: usize| rules.is_bomb(k);
        let any_bomb = (0..kinds).any(is_bomb);
        let defusers = (0..kinds)
            .filter(|&k| {
                any_bomb
                    && (0..kinds)
                        .filter(|&b| is_bomb(b))
                        .all(|b| rules.battle(k, b) == Outcome::AttackerWins)
            })
            .fold(0u32, |set, k| set | 1 << k);
        let mut inc = Incremental {
            pieces: [0; 2],
            flags: [None; 2],
            walled: [false; 2],
            breached: [false; 2],
            defusers,
            walls: [0; 2],
            nearest: [None; 2],
            counts: [[0; MAX_KINDS]; 2],
            loose: [0; 2],
            dynamic: [0; 2],
        };
        for side in [Color::Red, Color::Blue] {
            for sq in pos.occupied_squares(side) {
                let c = pos.cell(sq);
                inc.counts[side.index()][c.kind()] += 1;
                inc.pieces[side.index()] += piece_term(pos, sq, c);
                if rules.is_flag(c.kind()) {
                    inc.flags[side.index()] = Some(sq);
                }
                if rules.is_flag(c.kind()) || rules.is_bomb(c.kind()) {
                    inc.walls[side.index()] ^= square_print(sq);
                }
            }
        }
        for side in [Color::Red, Color::Blue] {
            let flag = inc.flags[side.index()];
            inc.walled[side.index()] = flag.is_some_and(|f| walled_in(pos, f, side));
            inc.breached[side.index()] =
                !inc.walled[side.index()] && flag.is_some_and(|f| bomb_beside(pos, f, side));
        }
        for side in [Color::Red, Color::Blue] {
            inc.nearest[side.index()] = inc.count_nearest(pos, side);
        }
        inc.count_material(rules);
        inc
    }

    /// Counts again what depends only on the pieces each side has: [`Incremental::loose`]
    /// and [`Incremental::dynamic`].
    fn count_material(&mut self, rules: &Rules) {
        self.loose = [Color::Red, Color::Blue].map(|side| self.loose_kinds(rules, side));
        self.dynamic = [Color::Red, Color::Blue].map(|side| self.count_dynamic(rules, side));
    }

    /// The other side's movable kinds on the board that at most [`CHASE_ANSWERS`] of
    /// `side`'s movable pieces beat when they attack, as a bit set.
    fn loose_kinds(&self, rules: &Rules, side: Color) -> u32 {
        let (s, t) = (side.index(), side.opponent().index());
        let mut loose = 0u32;
        for e in (0..rules.kinds().len().min(MAX_KINDS))
            .filter(|&e| self.counts[t][e] > 0 && rules.kind_moves(e).movable)
        {
            let mut stoppers = rules.beaten_by(e);
            let mut answers = 0u32;
            while stoppers != 0 {
                answers += u32::from(self.counts[s][stoppers.trailing_zeros() as usize]);
                stoppers &= stoppers - 1;
            }
            if answers <= CHASE_ANSWERS {
                loose |= 1 << e;
            }
        }
        loose
    }

    /// Whether a piece of `kind` of `side` can reach the other side's Flag: it moves, and
    /// defuses Bombs when the Flag is walled in.
    fn reaches(&self, rules: &Rules, side: usize, kind: usize) -> bool {
        rules.kind_moves(kind).movable
            && (!self.walled[side ^ 1] || (kind < 32 && self.defusers & (1 << kind) != 0))
    }

    /// Plays `m` on `pos` and brings the counts up to date.
    pub fn play(&mut self, pos: &mut Position, m: Move) {
        // A Bomb taken may open a walled Flag: that too is counted again (it is rare).
        let target = pos.cell(m.to);
        let takes_bomb = target.is_piece() && pos.rules().is_bomb(target.kind());
        // So is a Bomb or Flag that moves (no rule set of ours has one; the walls would
        // change).
        let mover = pos.cell(m.from);
        let wall_moves = pos.rules().is_bomb(mover.kind()) || pos.rules().is_flag(mover.kind());
        if takes_bomb || wall_moves || !matches!(m.kind, MoveKind::Step | MoveKind::Line) {
            pos.play_unchecked(m);
            *self = Incremental::new(pos);
            return;
        }
        let squares = [m.from, m.to];
        let before = squares.map(|sq| pos.cell(sq));
        pos.play_unchecked(m);
        let after = squares.map(|sq| pos.cell(sq));
        let rules = pos.rules();
        let mut rescan = [false; 2];
        for (sq, (old, new)) in squares.into_iter().zip(before.into_iter().zip(after)) {
            if old.is_piece() {
                let side = old.owner().index();
                self.pieces[side] -= piece_term(pos, sq, old);
                self.counts[side][old.kind()] -= 1;
                if rules.is_flag(old.kind()) && !(new.is_piece() && rules.is_flag(new.kind())) {
                    // A Flag was taken (the game ends, or a side with several lost one).
                    *self = Incremental::new(pos);
                    return;
                }
                let target = self.flags[side ^ 1];
                if self.reaches(rules, side, old.kind())
                    && target.is_some_and(|f| Some(distance(sq, f)) == self.nearest[side])
                {
                    rescan[side] = true;
                }
            }
            if new.is_piece() {
                let side = new.owner().index();
                self.pieces[side] += piece_term(pos, sq, new);
                self.counts[side][new.kind()] += 1;
                if let (true, Some(f)) =
                    (self.reaches(rules, side, new.kind()), self.flags[side ^ 1])
                {
                    let d = distance(sq, f);
                    self.nearest[side] = Some(self.nearest[side].map_or(d, |n| n.min(d)));
                }
            }
        }
        for side in [Color::Red, Color::Blue] {
            if rescan[side.index()] {
                self.nearest[side.index()] = self.count_nearest(pos, side);
            }
        }
        // A battle changes the counts, and so does a piece promoted by its move (the rank
        // duel's).
        let promoted = after[1].is_piece() && after[1].kind() != before[0].kind();
        if before[1].is_piece() || promoted {
            self.count_material(rules);
        }
    }

    /// The steps from `side`'s nearest piece that can reach the other side's Flag.
    fn count_nearest(&self, pos: &Position, side: Color) -> Option<i32> {
        let rules = pos.rules();
        let flag = self.flags[side.opponent().index()]?;
        pos.occupied_squares(side)
            .filter(|&sq| self.reaches(rules, side.index(), pos.cell(sq).kind()))
            .map(|sq| distance(sq, flag))
            .min()
    }

    /// How many pieces `side` has on the board.
    pub fn army(&self, side: Color) -> u32 {
        self.counts[side.index()]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }

    /// The score for the side to move.
    pub fn score(&self, pos: &Position) -> i32 {
        let rules = pos.rules();
        let us = pos.side_to_move();
        let (u, t) = (us.index(), us.opponent().index());
        let mut score = self.pieces[u] - self.pieces[t];
        if rules.game() == GameKind::RankDuel {
            let p = pos.points();
            score += DUEL_POINT * (p[u] - p[t]);
        }
        // Each side's nearest movable piece to the other's Flag.
        if rules.game() == GameKind::Stratego {
            let near = |n: Option<i32>| n.map_or(0, flag_nearness);
            score += near(self.nearest[u]) - near(self.nearest[t]);
            score += self.dynamic[us.index()] - self.dynamic[us.opponent().index()];
        }
        score
    }

    /// What `side` risks when its walled Flag's guard is late: a piece of the other side
    /// that defuses Bombs (a Miner), or a moved piece of it whose rank no battle has shown,
    /// comes within [`GUARD_WATCH_STEPS`] of a Bomb of the wall (a door), and no piece of
    /// `side` that beats a Miner stands as near that door. A moved hidden piece counts
    /// whatever the sampled army made it: the belief spreads a Miner over many such
    /// pieces, so in most samples the one that raids is drawn as something else, and a
    /// guard kept only against the drawn Miners arrives late (self-play, 50 ms a move:
    /// Flags lost to a Miner's raid fell from 65 to 38 in 196 games). The
    /// raid takes two moves once the Miner is beside the door, so only a guard already
    /// there can take it back before it takes the Flag. Each step our nearest guard is
    /// later than the Miner costs [`GUARD_LATE`] per step the Miner stands inside the
    /// watch, for at most [`GUARD_MAX_LATE`] steps; the door where the guard is latest
    /// counts. Steps are walked around lakes and `side`'s own Bombs and Flag
    /// (`steps_to`). 0 when no Bomb stands beside the Flag: every piece can then reach it,
    /// and the material terms already weigh the race.
    ///
    /// A breached wall (a Bomb beside the Flag, but not on every square beside it) counts
    /// too, its gaps as doors. Against celsius (seed 437) a Miner took a Bomb beside our
    /// Flag, wandered off, and six moves later took a second Bomb of the wall and then the
    /// Flag, while our nearest guard, five steps away, never moved: with the wall breached
    /// the term was 0, the Miner took the Flag in every sampled army, the search played on
    /// in hope, and no step of a guard ended the threat within its horizon. Self-play
    /// against the term stopping at a breach (50 ms a move, elo0 −25, elo1 5): H1 accepted
    /// after 259 games (131-110-18, seed 351), though the Flags lost to a Miner that had
    /// taken a Bomb beside them did not fall (69 against 65 over 262 games); the games lost
    /// with nothing left to move did (36 against 56).
    ///
    /// The search adds it for its own Flag only: on the enemy's side it would reward
    /// taking whatever a sampled army made the guards of a Flag that is only a guess.
    pub fn unguarded(&self, pos: &Position, side: Color, walks: &mut Walks) -> i32 {
        let (s, t) = (side.index(), side.opponent().index());
        let Some(flag) = self.flags[s].filter(|_| self.walled[s] || self.breached[s]) else {
            return 0;
        };
        let rules = pos.rules();
        let kinds = rules.kinds().len().min(32);
        let is_defuser = |k: usize| k < kinds && self.defusers & (1 << k) != 0;
        if !(0..kinds).any(|k| is_defuser(k) && self.counts[t][k] > 0) {
            return 0;
        }
        // A guard beats every kind that defuses Bombs.
        let guards = (0..kinds)
            .filter(|&d| is_defuser(d))
            .fold(u32::MAX, |g, d| g & rules.beaten_by(d));
        // The doors: the squares of the board beside the Flag (the Bombs of the wall, and
        // the gaps of a breached one). Each door's nearest raider and nearest guard, in one
        // pass over each army.
        let doors = crate::board::ORTHOGONAL.map(|dir| {
            let door = flag.offset(dir);
            (!pos.cell(door).is_wall()).then_some(door)
        });
        // Only a raider within the watch of a door counts, and such a raider stands at most
        // one step more from the Flag: the pieces outside that zone are not looked at.
        let zone = walks.zone(pos, flag);
        let (found, count) = gather(pos.occupied_in_mask(side.opponent(), &zone), |sq| {
            let c = pos.cell(sq);
            is_defuser(c.kind()) || (c.has_moved() && !c.is_revealed())
        });
        let raiders = &found[..count];
        // The steps around the wall are never fewer than the steps as the crow flies: a
        // door no raider is near that way needs no walk.
        let doors = doors.map(|door| {
            door.filter(|&door| {
                raiders
                    .iter()
                    .any(|&sq| distance(sq, door) <= GUARD_WATCH_STEPS)
            })
        });
        if doors.iter().all(Option::is_none) {
            return 0;
        }
        // Our guards, gathered once for all the doors.
        let (posts, guard_count) = gather(pos.occupied_squares(side), |sq| {
            guards & (1 << pos.cell(sq).kind()) != 0
        });
        let posts = &posts[..guard_count];
        let mut worst = 0;
        for door in doors.iter().flatten() {
            let steps = walks
                .doors
                .steps_to(pos, *door, side, self.walls[s], DOOR_WALK_LIMIT);
            let at = |sq: Square| i32::from(steps[sq.index()]);
            let Some(raider) = raiders.iter().map(|&sq| at(sq)).min() else {
                continue;
            };
            if raider > GUARD_WATCH_STEPS {
                continue;
            }
            let guard = posts.iter().map(|&sq| at(sq)).min().unwrap_or(i32::MAX);
            let late = guard.saturating_sub(raider).clamp(0, GUARD_MAX_LATE);
            worst = worst.max(GUARD_LATE * late * (GUARD_WATCH_STEPS + 1 - raider));
        }
        worst
    }

    /// What `side` risks from enemy pieces it has identified that few of its own beat (at
    /// most [`CHASE_ANSWERS`] of its movable pieces win attacking such a kind: with full
    /// armies the enemy General, beaten by our Marshal alone, and the enemy Marshal, by our
    /// Spy) when one stands in `side`'s half within [`CHASE_PREY_STEPS`] of pieces of
    /// `side` it beats: left alone it takes one after another, each capture a few plies
    /// apart and so beyond the search's horizon as a whole. Each step beyond the next square
    /// that `side`'s nearest piece that beats it stands (walked around lakes and `side`'s
    /// Bombs and Flag: against peternlewis our Marshal stood four steps from the enemy
    /// General as the crow flies, eight around the lakes and our Bomb, while the General
    /// took six of our pieces) costs [`CHASE_LATE`] per prey (at
    /// most [`CHASE_PREY_CAP`]), for at most [`CHASE_MAX_LATE`] steps, so that the search
    /// brings that piece back or takes the prey away. When no piece of `side` beats it, a
    /// piece that trades with it (the same rank) is the answer; nothing when none does
    /// either. A revealed rank only: in a sampled army the other pieces' kinds are guesses.
    ///
    /// The search adds it for its own pieces only, as [`Incremental::unguarded`].
    pub fn unanswered(&self, pos: &Position, side: Color, walks: &mut Walks) -> i32 {
        let rules = pos.rules();
        if rules.game() != GameKind::Stratego {
            return 0;
        }
        let loose = self.loose[side.index()];
        if loose == 0 {
            return 0;
        }
        // Our half: the rows less than half the board's height from our home row.
        let height = rules.geometry().height();
        let half = match side {
            Color::Red => 0..height.div_ceil(2),
            Color::Blue => height / 2..height,
        };
        // Most positions have no such raider in our half: the stoppers are worked out only
        // for one.
        let mut raiders = pos.occupied_in_rows(side.opponent(), half).filter(|&sq| {
            let cell = pos.cell(sq);
            cell.is_revealed() && loose & (1 << cell.kind()) != 0
        });
        let Some(first) = raiders.next() else {
            return 0;
        };
        // The kinds of `side` that stop an `e`: those that beat it, or, when `side` has none
        // left, those that trade with it (with both Marshals and Generals gone, their
        // Colonel took twelve of our pieces in 90 plies while our Colonel stood far off:
        // nothing of ours beat it, so nothing was brought back).
        let counts = &self.counts[side.index()];
        let kinds = rules.kinds().len().min(MAX_KINDS);
        let present = (0..kinds)
            .filter(|&k| counts[k] > 0 && rules.kind_moves(k).movable)
            .fold(0u32, |set, k| set | 1 << k);
        let stoppers = |e: usize| {
            let beat = rules.beaten_by(e) & present;
            if beat != 0 {
                return beat;
            }
            (0..kinds)
                .filter(|&k| present & (1 << k) != 0)
                .filter(|&k| rules.battle(k, e) == Outcome::BothRemoved)
                .fold(0u32, |set, k| set | 1 << k)
        };
        let mut total = 0;
        for sq in std::iter::once(first).chain(raiders) {
            let e = pos.cell(sq).kind();
            let (mut prey, mut answer) = (0, None::<i32>);
            let stops = stoppers(e);
            let steps =
                walks
                    .raids
                    .steps_to(pos, sq, side, self.walls[side.index()], RAID_WALK_LIMIT);
            for ours in pos.occupied_squares(side) {
                let k = pos.cell(ours).kind();
                if k < MAX_KINDS && stops & (1 << k) != 0 {
                    let d = i32::from(steps[ours.index()]);
                    answer = Some(answer.map_or(d, |a| a.min(d)));
                } else if distance(ours, sq) <= CHASE_PREY_STEPS
                    && rules.battle(e, k) == Outcome::AttackerWins
                {
                    prey += 1;
                }
            }
            if let Some(a) = answer.filter(|_| prey > 0) {
                total += CHASE_LATE * (a - 1).clamp(0, CHASE_MAX_LATE) * prey.min(CHASE_PREY_CAP);
            }
        }
        total
    }

    /// What `side` stands to lose in pieces the other side has cornered: each piece of
    /// `side` whose rank the other side knows, with at most [`HUNT_FLIGHT`] empty squares
    /// beside it, while a piece of the other side that we know beats it stands at most
    /// [`HUNT_STEPS`] away, costs [`HUNT_PERCENT`] of its value. A piece in a dead end
    /// is lost a few moves before the search sees it: against peternlewis (80 games,
    /// seed 431) its identified Marshal took our identified General 30 times, and 14 more
    /// of our Generals died on a Bomb, most of them attacked as the last way out of a
    /// corner of the enemy's back row that its Marshal had closed. Both ranks must be
    /// revealed: in a sampled army the others are guesses. Option `Cornered` (off by
    /// default: no gain over 482 games of self-play, see [`HUNT_PERCENT`]).
    pub fn cornered(&self, pos: &Position, side: Color) -> i32 {
        let rules = pos.rules();
        let known_mover = |sq: Square| {
            let c = pos.cell(sq);
            c.is_revealed() && rules.kind_moves(c.kind()).movable
        };
        let mut total = 0;
        for sq in pos.occupied_squares(side).filter(|&sq| known_mover(sq)) {
            let kind = pos.cell(sq).kind();
            let hunted = pos.occupied_squares(side.opponent()).any(|h| {
                distance(h, sq) <= HUNT_STEPS
                    && known_mover(h)
                    && rules.battle(pos.cell(h).kind(), kind) == Outcome::AttackerWins
            });
            if !hunted {
                continue;
            }
            let flight = ORTHOGONAL
                .iter()
                .filter(|&&d| pos.cell(sq.offset(d)).is_empty())
                .count();
            if flight <= HUNT_FLIGHT {
                total += kind_value(rules, kind) * HUNT_PERCENT / 100;
            }
        }
        total
    }

    /// What `side`'s material is worth beyond its fixed values, by what the other side has
    /// left: holding the strongest piece on the board (nothing but a Bomb or an upset can
    /// stop it), a Spy (a piece that beats the strongest kind when it attacks) whose prey is
    /// gone, and the last Miners while the other side's Flag is walled in.
    fn count_dynamic(&self, rules: &Rules, side: Color) -> i32 {
        let (mine, theirs) = (
            &self.counts[side.index()],
            &self.counts[side.opponent().index()],
        );
        let top = |counts: &[u8; MAX_KINDS]| {
            (0..rules.kinds().len().min(MAX_KINDS))
                .filter(|&k| counts[k] > 0 && rules.kind_moves(k).movable)
                .filter(|&k| rules.kind(k).role == BattleRole::Plain)
                .map(|k| rules.kind(k).rank)
                .max()
        };
        let mut v = 0;
        if let (Some(a), b) = (top(mine), top(theirs)) {
            if b.is_none_or(|b| a > b) {
                v += DOMINANT_PIECE;
            }
        }
        // The strongest kind of the rules, and the Spies that beat it.
        let strongest = (0..rules.kinds().len().min(MAX_KINDS))
            .filter(|&k| rules.kind(k).role == BattleRole::Plain)
            .max_by_key(|&k| rules.kind(k).rank);
        if let Some(target) = strongest.filter(|&t| theirs[t] == 0) {
            for (k, &n) in mine.iter().enumerate().take(rules.kinds().len()) {
                if n > 0
                    && rules.kind(k).rank < rules.kind(target).rank
                    && rules.battle(k, target) == Outcome::AttackerWins
                {
                    v -= SPY_WITHOUT_PREY * i32::from(n);
                }
            }
        }
        if self.walled[side.opponent().index()] {
            let defusers: usize = (0..rules.kinds().len().min(MAX_KINDS))
                .filter(|&k| self.defusers & (1 << k) != 0)
                .map(|k| usize::from(mine[k]))
                .sum();
            v += DEFUSERS_LEFT[defusers.min(DEFUSERS_LEFT.len() - 1)];
        }
        v
    }
}

/// At most this many raiders, and as many guards, count in [`Incremental::unguarded`],
/// which gathers them on the stack (a classic army has 40 pieces).
const MAX_PIECES: usize = 128;

/// The first [`MAX_PIECES`] of `squares` that `keep` keeps, and how many: on the stack,
/// for [`Incremental::unguarded`] runs at every leaf while our Flag is walled in.
fn gather(
    squares: impl Iterator<Item = Square>,
    keep: impl Fn(Square) -> bool,
) -> ([Square; MAX_PIECES], usize) {
    let mut found = [Square::from_index(0); MAX_PIECES];
    let mut count = 0;
    for sq in squares.filter(|&sq| keep(sq)).take(MAX_PIECES) {
        found[count] = sq;
        count += 1;
    }
    (found, count)
}

/// The walk of [`steps_to`] from a door as far as [`Incremental::unguarded`] looks.
const DOOR_WALK_LIMIT: i32 = GUARD_WATCH_STEPS + GUARD_MAX_LATE + 1;

/// The walks (the steps from every square around lakes and a side's own Bombs and Flag)
/// from the doors of a walled Flag, and from enemy raiders, kept from one evaluation to the
/// next: the walls change only when a Bomb is taken, yet the walk, done afresh at every
/// leaf, took a third of the search's time in self-play.
#[derive(Clone, Debug, Default)]
pub struct Walks {
    /// From the doors, as far as [`DOOR_WALK_LIMIT`] ([`Incremental::unguarded`]).
    doors: WalkCache,
    /// From the raiders, as far as [`RAID_WALK_LIMIT`] ([`Incremental::unanswered`]).
    raids: WalkCache,
    /// The squares within [`GUARD_WATCH_STEPS`] + 1 steps of a Flag, as the crow flies,
    /// as bits by [`Square::index`], and that Flag's square: the pieces further away need
    /// not be looked at one by one.
    zone: Option<(Square, [u64; 4])>,
}

/// The walk of [`steps_to`] from a raider as far as [`Incremental::unanswered`] looks.
const RAID_WALK_LIMIT: i32 = CHASE_MAX_LATE + 2;

/// Walks kept with the square they start from, the side whose walls they go around and the
/// fingerprint of those walls; the oldest makes way when all [`WalkCache::CAPACITY`] are in
/// use.
#[derive(Clone, Debug, Default)]
struct WalkCache {
    walks: Vec<(Square, Color, u64, [u8; MAILBOX])>,
    /// The entry the next new walk replaces, once the list is full.
    next: usize,
}

impl WalkCache {
    /// Four doors at most per Flag (or a few squares a raider stands on), and a few sets of
    /// walls along the lines searched.
    const CAPACITY: usize = 16;

    /// The steps from every square to `start` around `side`'s walls, `walls` being their
    /// fingerprint ([`Incremental`] keeps it), as far as `limit`.
    fn steps_to(
        &mut self,
        pos: &Position,
        start: Square,
        side: Color,
        walls: u64,
        limit: i32,
    ) -> &[u8; MAILBOX] {
        let found = self
            .walks
            .iter()
            .position(|w| w.0 == start && w.1 == side && w.2 == walls);
        let i = match found {
            Some(i) => i,
            None => {
                let walk = (start, side, walls, steps_to(pos, start, side, limit));
                if self.walks.len() < Self::CAPACITY {
                    self.walks.push(walk);
                    self.walks.len() - 1
                } else {
                    let i = self.next;
                    self.walks[i] = walk;
                    self.next = (i + 1) % Self::CAPACITY;
                    i
                }
            }
        };
        &self.walks[i].3
    }
}

impl Walks {
    /// The squares of the board within [`GUARD_WATCH_STEPS`] + 1 steps of `flag` as the
    /// crow flies (so within the watch of a door beside it), as bits by [`Square::index`].
    fn zone(&mut self, pos: &Position, flag: Square) -> [u64; 4] {
        if let Some((_, mask)) = self.zone.filter(|z| z.0 == flag) {
            return mask;
        }
        let mut mask = [0u64; 4];
        for index in 0..MAILBOX {
            let sq = Square::from_index(index);
            if !pos.cell(sq).is_off_board() && distance(sq, flag) <= GUARD_WATCH_STEPS + 1 {
                mask[index / 64] |= 1 << (index % 64);
            }
        }
        self.zone = Some((flag, mask));
        mask
    }
}

/// A fingerprint of one square, for [`Incremental::walls`]: the squares' fingerprints are
/// combined by exclusive or.
fn square_print(sq: Square) -> u64 {
    crate::rng::fingerprint(sq.index() as u64)
}

/// The steps from every square to `door`, a Bomb of `side`'s wall, walking around what
/// never moves out of the way: lakes, the board's edge, and `side`'s Bombs and Flag;
/// `limit` for a square `limit` or more steps away. A guard behind its own wall is further
/// from the door than it looks: against ramen, whose Miners raided our Flag on a1 by c1
/// and b1 (Bombs on b1, a2 and b2), our General walked down the b file toward b1, two steps
/// away as the crow flies and four around b2, and came too late in three games of 40.
fn steps_to(pos: &Position, door: Square, side: Color, limit: i32) -> [u8; MAILBOX] {
    let limit = limit.clamp(0, i32::from(u8::MAX)) as u8;
    let rules = pos.rules();
    let mut steps = [limit; MAILBOX];
    // Breadth first: each square joins the queue once, at its fewest steps.
    let mut queue = [door; MAILBOX];
    let (mut next, mut end) = (0, 1);
    steps[door.index()] = 0;
    while next < end {
        let sq = queue[next];
        next += 1;
        let d = steps[sq.index()] + 1;
        if d >= limit {
            continue;
        }
        for &dir in &ORTHOGONAL {
            let to = sq.offset(dir);
            let c = pos.cell(to);
            let blocked = c.is_wall()
                || (c.is_of(side) && (rules.is_bomb(c.kind()) || rules.is_flag(c.kind())));
            if !blocked && steps[to.index()] > d {
                steps[to.index()] = d;
                queue[end] = to;
                end += 1;
            }
        }
    }
    steps
}

/// Whether a Bomb of `side`'s own stands beside its Flag on `flag`.
fn bomb_beside(pos: &Position, flag: Square, side: Color) -> bool {
    let rules = pos.rules();
    crate::board::ORTHOGONAL.iter().any(|&d| {
        let c = pos.cell(flag.offset(d));
        c.is_piece() && c.is_of(side) && rules.is_bomb(c.kind())
    })
}

/// Whether `side`'s Flag on `flag` has a Bomb of its own on every neighbouring square of the
/// board (lakes and the edge need none).
fn walled_in(pos: &Position, flag: Square, side: Color) -> bool {
    let rules = pos.rules();
    crate::board::ORTHOGONAL.iter().all(|&d| {
        let c = pos.cell(flag.offset(d));
        c.is_wall() || (c.is_piece() && c.is_of(side) && rules.is_bomb(c.kind()))
    })
}

/// The worth of a side's nearest piece that can reach the other side's Flag, standing `d`
/// steps from it: a gentle pull from afar, and a steep one for the last steps, where a Miner
/// next to the Flag's Bombs is two moves from winning.
fn flag_nearness(d: i32) -> i32 {
    let close = (FLAG_CLOSE_STEPS - d).max(0);
    FLAG_NEAR_PER_STEP * (FLAG_NEAR_STEPS - d).max(0) + FLAG_CLOSE * close * close
}

/// How many rows `sq` stands in front of `side`'s back row.
fn rows_from_home(rules: &Rules, side: Color, sq: Square) -> i32 {
    match side {
        Color::Red => sq.row() as i32,
        Color::Blue => rules.geometry().height() as i32 - 1 - sq.row() as i32,
    }
}

/// What one piece adds to its side: its value, the worth of being unidentified (more while
/// it has not moved), and how far it has advanced when it can move.
fn piece_term(pos: &Position, sq: Square, c: Cell) -> i32 {
    let rules = pos.rules();
    let kind = c.kind();
    let mut v = kind_value(rules, kind);
    if !c.is_revealed() {
        v += hidden_value(rules, kind);
        if !c.has_moved() && rules.strikes_up(kind) {
            v += STILL_STRIKER;
        }
        if !c.has_moved() && rules.kind_moves(kind).movable {
            v += STILL_PIECE;
        }
    }
    if rules.kind_moves(kind).movable {
        v += ADVANCE_PER_ROW * rows_from_home(rules, c.owner(), sq);
    }
    v
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board::Setup;
    use crate::rng::Rng;
    use crate::rules::Rules;

    /// The classic position with these pieces (square, token), Red to move.
    fn classic(pieces: &[(&str, &str)]) -> Position {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let mut rows = Vec::new();
        for row in (0..10u8).rev() {
            let mut text = String::new();
            for file in 0..10u8 {
                let name = format!("{}{}", (b'a' + file) as char, row + 1);
                match pieces.iter().find(|(sq, _)| *sq == name) {
                    Some((_, token)) => text.push_str(token),
                    None if (4..6).contains(&row) && [2, 3, 6, 7].contains(&file) => text.push('_'),
                    None => text.push('.'),
                }
            }
            rows.push(text);
        }
        Position::from_text(rules, &format!("{} r 0", rows.join("/"))).unwrap()
    }

    /// Losing the Marshal while the enemy keeps its own costs more than the Marshal's value,
    /// and a Spy is worth less once the enemy Marshal is gone.
    #[test]
    fn material_is_worth_what_the_other_side_has_left() {
        let base = [("j10", "bF"), ("e8", "bX+*"), ("a1", "rF"), ("h1", "rS")];
        let both = evaluate(&classic(&[&base[..], &[("e4", "rX+*")]].concat()));
        let theirs = evaluate(&classic(&base));
        let rules = Rules::preset("classic").unwrap();
        let marshal = kind_value(&rules, rules.kind_by_letter('X').unwrap());
        assert!(both - theirs >= marshal + DOMINANT_PIECE, "{both} {theirs}");
        // The Spy's worth, with the enemy Marshal on the board and without it.
        let spy = |enemy_marshal: bool, spy: bool| {
            let mut pieces = vec![("j10", "bF"), ("e7", "b8+*"), ("a1", "rF"), ("e3", "r9+*")];
            if enemy_marshal {
                pieces.push(("e8", "bX+*"));
            }
            if spy {
                pieces.push(("h1", "rS"));
            }
            evaluate(&classic(&pieces))
        };
        let with_prey = spy(true, true) - spy(true, false);
        let without_prey = spy(false, true) - spy(false, false);
        assert_eq!(with_prey - without_prey, SPY_WITHOUT_PREY);
    }

    /// A hidden movable piece that has not moved counts [`STILL_PIECE`] more than one that
    /// has, a hidden Spy [`STILL_STRIKER`] more again; once identified, whether it moved
    /// changes nothing.
    #[test]
    fn a_hidden_piece_that_has_not_moved_counts_more() {
        let with = |token: &str| {
            let pieces = [("j10", "bF"), ("e8", "bX"), ("a1", "rF"), ("h2", token)];
            evaluate(&classic(&pieces))
        };
        assert_eq!(with("rS") - with("rS+"), STILL_STRIKER + STILL_PIECE);
        assert_eq!(with("rS*") - with("rS+*"), 0);
        assert_eq!(with("rX") - with("rX+"), STILL_PIECE);
        assert_eq!(with("rX*") - with("rX+*"), 0);
    }

    /// Behind a wall of Bombs only a piece that defuses them threatens the Flag: an enemy
    /// General next to the wall counts for nothing, a Miner as much as anything next to an
    /// open Flag.
    #[test]
    fn only_a_miner_threatens_a_walled_flag() {
        let flag = [("a1", "rF"), ("j1", "r4"), ("j10", "bF")];
        // How much worse for Red the enemy `piece` is on a4 (3 steps from the Flag) than on
        // j7 (too far to count), with `guard` on a2 and a Bomb on b1.
        let threat = |piece: &str, guard: &str| {
            let at = |sq| {
                let walls = [("b1", "rB"), ("a2", guard), (sq, piece)];
                evaluate(&classic(&[&flag[..], &walls[..]].concat()))
            };
            at("j7") - at("a4")
        };
        let close = flag_nearness(3);
        assert!(close > 0);
        assert_eq!(threat("b3", "rB"), threat("b9", "rB") + close);
        assert_eq!(threat("b9", "r2"), threat("b9", "rB") + close);
        assert_eq!(threat("b3", "r2"), threat("b3", "rB"));
    }

    /// Our walled Flag's guard is late when an enemy Miner is nearer a Bomb of the wall than
    /// any piece of ours that beats a Miner; a Scout guards nothing, and a Miner out of
    /// the watch threatens nothing yet. A breached wall's gaps are doors too.
    #[test]
    fn a_late_guard_of_a_walled_flag_costs() {
        let late = |guard: (&str, &str), miner: &str| {
            let pieces = [
                ("a1", "rF"),
                ("b1", "rB"),
                ("a2", "rB"),
                guard,
                ("j10", "bF"),
                (miner, "b3"),
            ];
            let pos = classic(&pieces);
            Incremental::new(&pos).unguarded(&pos, Color::Red, &mut Walks::default())
        };
        assert_eq!(late(("b2", "r4"), "a4"), 0);
        // From j1 the Sergeant is 10 steps from a2, the Miner 2: 4 late steps (the most
        // that count), with the Miner 5 steps inside the watch.
        let far = late(("j1", "r4"), "a4");
        assert_eq!(
            far,
            GUARD_LATE * GUARD_MAX_LATE * (GUARD_WATCH_STEPS + 1 - 2)
        );
        assert_eq!(late(("b2", "r2"), "a4"), far);
        assert_eq!(late(("j1", "r4"), "a9"), 0);
        // A moved piece whose rank is hidden may be the Miner; one shown to be a Major is not.
        let raider = |token: &str| {
            let pos = classic(&[
                ("a1", "rF"),
                ("b1", "rB"),
                ("a2", "rB"),
                ("j1", "r4"),
                ("j10", "bF"),
                ("j9", "b3"),
                ("a4", token),
            ]);
            Incremental::new(&pos).unguarded(&pos, Color::Red, &mut Walks::default())
        };
        assert_eq!(raider("b7+"), far);
        assert_eq!(raider("b7+*"), 0);
        // Steps are walked around our own Bombs: from b3 a General is two steps from b1 as
        // the crow flies, but with a Bomb on b2 four (by c3, c2 and c1), three later than a
        // Miner on c1.
        let behind = |b2: &str| {
            let pos = general_behind(b2);
            Incremental::new(&pos).unguarded(&pos, Color::Red, &mut Walks::default())
        };
        assert_eq!(behind("rB"), GUARD_LATE * 3 * GUARD_WATCH_STEPS);
        assert_eq!(behind("r2"), GUARD_LATE * GUARD_WATCH_STEPS);
        // A breached wall counts too, its gap a door: with the Bomb on a2 gone, the Miner is
        // as near a2 as it was.
        let flag_with = |pieces: &[(&str, &str)]| {
            let base = [("a1", "rF"), ("j1", "r4"), ("j10", "bF"), ("a4", "b3")];
            let pos = classic(&[&base[..], pieces].concat());
            Incremental::new(&pos).unguarded(&pos, Color::Red, &mut Walks::default())
        };
        assert_eq!(flag_with(&[("b1", "rB")]), far);
        // ... and a guard beside the gap is in time.
        assert_eq!(flag_with(&[("b1", "rB"), ("a3", "r4")]), 0);
        // With no Bomb beside it the Flag is not this term's business.
        assert_eq!(flag_with(&[("c1", "rB")]), 0);
    }

    /// Our Flag on a1 walled by Bombs on b1 and a2, `b2` on b2, our General on b3 and an
    /// enemy Miner on c1.
    fn general_behind(b2: &str) -> Position {
        classic(&[
            ("a1", "rF"),
            ("b1", "rB"),
            ("a2", "rB"),
            ("b2", b2),
            ("b3", "r9"),
            ("j10", "bF"),
            ("c1", "b3"),
        ])
    }

    /// The walks kept between evaluations serve a position only while its walls are the
    /// ones they went around: with the Bomb on b2 gone (a Scout there instead) the same
    /// door is walked afresh, and both positions keep their own answers, in either order.
    #[test]
    fn kept_door_walks_are_used_only_while_the_walls_stand() {
        let (walled, open) = (general_behind("rB"), general_behind("r2"));
        let (w, o) = (Incremental::new(&walled), Incremental::new(&open));
        assert_ne!(w.walls, o.walls);
        let mut walks = Walks::default();
        for _ in 0..2 {
            assert_eq!(
                w.unguarded(&walled, Color::Red, &mut walks),
                GUARD_LATE * 3 * GUARD_WATCH_STEPS
            );
            assert_eq!(
                o.unguarded(&open, Color::Red, &mut walks),
                GUARD_LATE * GUARD_WATCH_STEPS
            );
        }
    }

    /// An identified enemy General among three of our pieces it beats, in our half, costs
    /// by how far our Marshal, the one piece that beats it, stands from it; a hidden one,
    /// one in its own half, or one nothing of ours beats or trades with costs nothing; with
    /// no Marshal of ours, our General, which trades with it, is the answer.
    #[test]
    fn an_identified_raider_far_from_its_answer_costs() {
        let cost = |pieces: &[(&str, &str)]| {
            let base = [
                ("a1", "rF"),
                ("e2", "r5"),
                ("d3", "r6"),
                ("f3", "r4"),
                ("g1", "r2"),
                ("j10", "bF"),
            ];
            let pos = classic(&[&base[..], pieces].concat());
            Incremental::new(&pos).unanswered(&pos, Color::Red, &mut Walks::default())
        };
        // The Scout on g1 is 5 steps away: three prey count; the Marshal is 10 steps away.
        let far = cost(&[("e4", "b9+*"), ("a10", "rX")]);
        assert_eq!(far, CHASE_LATE * 9 * 3);
        assert_eq!(cost(&[("e4", "b9+*"), ("e5", "rX")]), 0);
        // Three steps away: two steps beyond the next square.
        assert_eq!(cost(&[("e4", "b9+*"), ("e7", "rX")]), CHASE_LATE * 2 * 3);
        assert_eq!(cost(&[("e4", "b9+"), ("a10", "rX")]), 0);
        assert_eq!(cost(&[("e4", "b9+*")]), 0);
        assert_eq!(cost(&[("e4", "b9+*"), ("a10", "r9")]), far);
        assert_eq!(
            cost(&[("e4", "b9+*"), ("a10", "r9"), ("e7", "rX")]),
            CHASE_LATE * 2 * 3
        );
        // In its own half (row 6 and up for Red's enemy), next to our Scout.
        assert_eq!(cost(&[("f6", "b9+*"), ("f5", "r2"), ("a10", "rX")]), 0);
        // In our half: the Scout on f4 and the Sergeant on f3 are its prey, the Marshal 10
        // steps off.
        assert_eq!(
            cost(&[("f5", "b9+*"), ("f4", "r2"), ("a10", "rX")]),
            CHASE_LATE * 9 * 2
        );
        // Steps are walked around our Bombs and Flag: the Marshal on b1 is six steps off,
        // and walled in by Bombs on b2 and c1 (the Flag on a1) it cannot come at all.
        let open = cost(&[("e4", "b9+*"), ("b1", "rX"), ("c1", "rB")]);
        assert_eq!(open, CHASE_LATE * 5 * 3);
        let walled = cost(&[("e4", "b9+*"), ("b1", "rX"), ("c1", "rB"), ("b2", "rB")]);
        assert_eq!(walled, CHASE_LATE * CHASE_MAX_LATE * 3);
    }

    /// A piece the enemy knows, in a dead end, with a known enemy piece that beats it near,
    /// counts as a share of it lost; not when either rank is hidden, the hunter is far or
    /// does not beat it, or the piece has room to run.
    #[test]
    fn a_known_piece_cornered_by_one_that_beats_it_costs() {
        let cost = |pieces: &[(&str, &str)]| {
            let base = [("a1", "rF"), ("a10", "bF")];
            let pos = classic(&[&base[..], pieces].concat());
            Incremental::new(&pos).cornered(&pos, Color::Red)
        };
        let rules = Rules::preset("classic").unwrap();
        let general = kind_value(&rules, rules.kind_by_letter('9').unwrap());
        // Our known General in the corner j10, a Bomb on i10: j9 is its one way out.
        let corner = [("j10", "r9+*"), ("i10", "bB")];
        let cornered = cost(&[&corner[..], &[("j8", "bX+*")]].concat());
        assert_eq!(cornered, general * HUNT_PERCENT / 100);
        assert!(cornered > 0);
        assert_eq!(cost(&[&corner[..], &[("j8", "bX+")]].concat()), 0);
        assert_eq!(cost(&[("j10", "r9+"), ("i10", "bB"), ("j8", "bX+*")]), 0);
        assert_eq!(cost(&[&corner[..], &[("j6", "bX+*")]].concat()), 0);
        assert_eq!(cost(&[&corner[..], &[("j8", "b9+*")]].concat()), 0);
        assert_eq!(cost(&[("j10", "r9+*"), ("j8", "bX+*")]), 0);
        // However many other known enemy pieces stand on the board.
        let crowd = [
            ("a7", "b2+*"),
            ("b7", "b2+*"),
            ("c7", "b2+*"),
            ("d7", "b2+*"),
            ("e7", "b3+*"),
            ("f7", "b3+*"),
            ("g7", "b3+*"),
            ("h7", "b4+*"),
            ("i7", "b4+*"),
        ];
        assert_eq!(
            cost(&[&corner[..], &crowd, &[("j8", "bX+*")]].concat()),
            cornered
        );
        // The enemy's own cornered pieces are its cost, not ours.
        let theirs = classic(&[
            ("a1", "rF"),
            ("a10", "bF"),
            ("j10", "b9+*"),
            ("i10", "rB"),
            ("j8", "rX+*"),
        ]);
        assert_eq!(Incremental::new(&theirs).cornered(&theirs, Color::Red), 0);
        assert_eq!(
            Incremental::new(&theirs).cornered(&theirs, Color::Blue),
            general * HUNT_PERCENT / 100
        );
    }

    /// While the enemy Flag is walled in, the last Miner is worth more than its rank.
    #[test]
    fn the_last_miner_counts_more_against_a_walled_flag() {
        let last_miner = |wall: &str| {
            let base = [
                ("a1", "rF"),
                ("b1", "r4"),
                ("j10", "bF"),
                ("i10", "bB"),
                ("j9", wall),
            ];
            let with = evaluate(&classic(&[&base[..], &[("a2", "r3")]].concat()));
            with - evaluate(&classic(&base))
        };
        assert_eq!(last_miner("bB") - last_miner("b2"), DEFUSERS_LEFT[1]);
    }

    /// Along random games of every preset, the evaluation kept move by move equals the one
    /// counted from scratch, after each move and after taking it back, and the risks
    /// measured with walks kept from move to move equal those with fresh walks.
    #[test]
    fn incremental_evaluation_matches_a_fresh_count() {
        for name in crate::rules::PRESETS {
            let rules = Arc::new(Rules::preset(name).unwrap());
            let mut rng = Rng::new(7);
            let walled = crate::setups::walled_setups(&rules);
            for game in 0..4 {
                // Human setups with walled Flags where the variant has them, so that Bombs
                // beside a Flag get taken; random ones otherwise.
                let mut setup = || match walled.len() {
                    n if n > 0 && game < 2 => walled[rng.below(n)].clone(),
                    _ => Setup::random(&rules, &mut rng),
                };
                let (red, blue) = (setup(), setup());
                let mut pos =
                    Position::from_setups(Arc::clone(&rules), &red, &blue, Color::Red).unwrap();
                let mut inc = Incremental::new(&pos);
                // Kept across the whole game, as the search keeps it.
                let mut walks = Walks::default();
                for _ply in 0..300 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves.as_slice()[rng.below(moves.len())];
                    let kept = inc;
                    inc.play(&mut pos, m);
                    assert_eq!(inc, Incremental::new(&pos), "{name}: after {m}");
                    assert_eq!(inc.score(&pos), evaluate(&pos));
                    for side in [Color::Red, Color::Blue] {
                        let fresh = inc.unguarded(&pos, side, &mut Walks::default());
                        assert_eq!(inc.unguarded(&pos, side, &mut walks), fresh, "{name}");
                        let fresh = inc.unanswered(&pos, side, &mut Walks::default());
                        assert_eq!(inc.unanswered(&pos, side, &mut walks), fresh, "{name}");
                    }
                    if rng.below(4) == 0 {
                        pos.undo();
                        inc = kept;
                        assert_eq!(inc, Incremental::new(&pos), "{name}: after undoing {m}");
                    }
                }
            }
        }
    }

    /// A rank duel piece promoted by a quiet move changes the counts, and the kinds that
    /// depend on them are counted again (they were left as before the promotion).
    #[test]
    fn a_promotion_counts_the_material_again() {
        let rules = Arc::new(Rules::preset("rankduel").unwrap());
        // Red's 3 on c4 steps to c5, Blue's back row in the file its own 3 started on.
        let text = "....b5+/..r3+../...../...../r1+.... r 10 points 50 50 probes 0 0 lanes a c";
        let mut pos = Position::from_text(rules, text).unwrap();
        let before = pos.cell(Square::new(2, 3).unwrap()).kind();
        let mut moves: Vec<Move> = Vec::new();
        pos.generate(&mut moves);
        let m = *moves.iter().find(|m| m.to_string() == "c4c5").unwrap();
        let mut inc = Incremental::new(&pos);
        inc.play(&mut pos, m);
        assert_ne!(pos.cell(m.to).kind(), before, "the move promotes");
        assert_eq!(inc, Incremental::new(&pos));
    }
}
