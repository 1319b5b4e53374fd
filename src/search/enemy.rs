//! How the search plays the enemy's attacks on our pieces it has not identified.
//!
//! A cautious enemy ([`Caution`]) attacks only what it could attack knowing what it knows;
//! one that has shown it attacks blindly ([`reckless_enemy`]) is searched as gambling, each
//! such attack weighed by what our hidden pieces give on average ([`BlindEnemy`]).

use super::battle_gain;
use super::params::*;
use crate::board::{Color, Position};
use crate::eval::kind_value;
use crate::movegen::Move;
use crate::rules::Outcome;
use crate::view::{KindSet, View, MAX_KINDS};

/// The enemy as a player who knows only what it has seen: in a sampled army the enemy would
/// otherwise see all our ranks and attack exactly the pieces it beats, so the search would
/// fear for every weak piece of ours next to an enemy and never expect a hidden strong one to
/// surprise anything. At the enemy's nodes, an attack on a piece of ours it has not
/// identified is searched only when the enemy could make it knowing what it knows: the
/// attacker beats (or trades evenly with) every kind the piece can be, or it defuses the
/// Bombs we still hide and the piece has never moved, or it is cheap enough to probe with.
/// Our Flag is no exception: a cautious enemy does not know where it stands.
///
/// The kinds a hidden piece can be are those of our pieces still hidden at the root (a kind
/// whose every piece is identified is ruled out), only the movable ones once it has moved.
/// They are fixed for the whole tree, which errs on the cautious side.
#[derive(Clone, Copy, Debug)]
pub(super) struct Caution {
    /// The side the search plays.
    pub(super) me: Color,
    /// The enemy kinds that may attack a hidden piece of ours that has moved, and one that
    /// has not.
    against_moved: KindSet,
    against_unmoved: KindSet,
}

/// Whether the enemy has shown that it attacks our pieces without knowing what they are:
/// [`RECKLESS_ATTACKS`] attacks on pieces of ours it had not identified that it could not
/// have made knowingly ([`knowing_attack`]), won or lost. Such an enemy may attack any
/// piece of ours in the sampled armies, each attack on a hidden one weighed by what it
/// gives on average ([`BlindEnemy`]); it still finds our Flag, which keeps it guarded.
///
/// Counting only the attacks it lost, celsius's Colonel took seven of our hidden pieces in
/// a row along our back rows while the search, sure it would not touch them, stepped more
/// of them beside it. Under that count (Scouts' losses too), `classic` lost one in 14 of
/// 120 games and two or more in 4, `greedy` two or more in 112 of 120; with a threshold of
/// 3, `greedy`'s Colonel once walked through four of our hidden pieces to our Flag.
fn reckless_enemy(view: &View) -> bool {
    blind_attack_count(view) >= RECKLESS_ATTACKS
}

/// Whether the search plays the enemy as a [`Caution`]s one (see [`reckless_enemy`]).
pub(super) fn cautious_enemy(view: &View) -> bool {
    CAUTIOUS_OPPONENT && !reckless_enemy(view)
}

/// How many of the enemy's attacks on our unidentified pieces it could not have made
/// knowingly ([`knowing_attack`]).
fn blind_attack_count(view: &View) -> usize {
    let rules = view.rules();
    view.blind_attacks()
        .iter()
        .filter(|a| !knowing_attack(rules, a.attacker, a.could_be, a.unmoved))
        .count()
}

/// One line for `d`: how the search plays the enemy's attacks on our unidentified pieces,
/// and the count of blind ones it goes by.
pub fn enemy_model_text(view: &View) -> String {
    let blind = blind_attack_count(view);
    let model = if cautious_enemy(view) {
        format!("searched as attacking only knowingly (blindly from {RECKLESS_ATTACKS})")
    } else {
        "searched as attacking blindly".to_string()
    };
    format!("enemy attacks made blindly: {blind}, {model}")
}

/// Whether an enemy `attacker` may attack a piece of ours it has not identified, knowing
/// only that it is one of `could_be` (and has never moved, when `unmoved`): it beats (or
/// trades evenly with) every one of them, or it defuses every Bomb among them and the piece
/// has never moved, or it is cheap enough to probe with ([`CAUTIOUS_PROBE_VALUE`]).
fn knowing_attack(
    rules: &crate::rules::Rules,
    attacker: usize,
    could_be: KindSet,
    unmoved: bool,
) -> bool {
    let kinds = rules.kinds().len().min(MAX_KINDS);
    let in_set = || (0..kinds).filter(move |k| could_be & (1 << k) != 0);
    let safe = in_set().all(|k| rules.battle(attacker, k) != Outcome::DefenderWins);
    let mut bombs = in_set().filter(|&k| rules.is_bomb(k)).peekable();
    let defuses = unmoved
        && bombs.peek().is_some()
        && bombs.all(|k| rules.battle(attacker, k) == Outcome::AttackerWins);
    kind_value(rules, attacker) <= CAUTIOUS_PROBE_VALUE || safe || defuses
}

impl Caution {
    pub(super) fn new(pos: &Position) -> Caution {
        let me = pos.side_to_move();
        let rules = pos.rules();
        let kinds = rules.kinds().len().min(MAX_KINDS);
        let hidden = pos
            .occupied_squares(me)
            .filter(|&sq| !pos.cell(sq).is_revealed())
            .fold(0 as KindSet, |s, sq| s | 1 << pos.cell(sq).kind());
        let movable = crate::view::movable_kinds(rules);
        let allowed = |could_be: KindSet, unmoved: bool| {
            (0..kinds)
                .filter(|&a| knowing_attack(rules, a, could_be, unmoved))
                .fold(0 as KindSet, |s, a| s | 1 << a)
        };
        Caution {
            me,
            against_moved: allowed(hidden & movable, false),
            against_unmoved: allowed(hidden, true),
        }
    }

    /// Whether the enemy, to move in `pos`, would play `m` knowing what it knows. Our Flag
    /// gets no exception: an enemy that always found it would make every sampled army where
    /// it stands next to our Flag a lost game, and the search threw pieces away in despair
    /// (a Marshal into a 96 % Bomb) against `classic`, which never knew where it was. An
    /// enemy that does attack blindly loses the [`Caution`] altogether (see
    /// [`reckless_enemy`]).
    fn allows(&self, pos: &Position, m: Move) -> bool {
        let (a, d) = (pos.cell(m.from), pos.cell(m.to));
        if m.kind.is_action() || !d.is_of(self.me) || d.is_revealed() {
            return true;
        }
        let allowed = if d.has_moved() {
            self.against_moved
        } else {
            self.against_unmoved
        };
        a.kind() < MAX_KINDS && allowed & (1 << a.kind()) != 0
    }

    /// Keeps the enemy's moves in `pos` that it would play. A full list keeps them all when
    /// it would play none, so that no side is left without moves; the attacks of the
    /// quiescence (`attacks_only`) do not, and there the enemy stands pat instead. Keeping
    /// them there too made every leaf with an enemy piece next to our Flag a lost game, and
    /// the search kept a Miner shuffling beside its Flag for 1,500 plies against `classic`.
    /// (Before [`reckless_enemy`], that leniency was what kept `greedy` off our Flag.)
    pub(super) fn filter(&self, pos: &Position, moves: &mut Vec<Move>, attacks_only: bool) {
        if attacks_only || moves.iter().any(|&m| self.allows(pos, m)) {
            moves.retain(|&m| self.allows(pos, m));
        }
    }
}

/// A reckless enemy's attacks below the root on pieces of ours it has not identified,
/// weighed by what it could know of them instead of what the sampled army shows it: the
/// mirror of [`BlindBattles`](super::chances::BlindBattles). An enemy searched as seeing our
/// ranks attacked exactly the pieces it beats, so the search feared for every weak piece of
/// ours beside it and never counted on a strong one of ours taking the attacker, while an
/// enemy that gambles meets whatever stands there. Such an attack scores, for the enemy,
/// what the sampled army makes of it less the material the battle gives there, plus what it
/// gives on average over the kinds our hidden pieces have (each as often as we hide it; only
/// the movable ones for a piece that has moved). Taking our Flag still ends the game: its
/// guard does not rest on the enemy's luck.
///
/// The mean is also what the attack is worth to us, though we know the piece: an enemy
/// choosing by the mean but paying what the battle truly gives played far worse in
/// self-play at 50 ms a move, 17-43 (H0 after 60 games, seed 362). The search seemed to
/// wait for the enemy's identified pieces to walk into our hidden strong ones: our hidden
/// pieces attacked identified ones 2.8 times a game, against 5.6 in self-play without it
/// (seed 360). Paying the truth only where it is worse for us than the mean (a weak piece
/// cornered): 53-60-4 after 117 games (seed 363, stopped). Choosing and paying by half the
/// mean and half the truth: 28-38-3 after 69 games (seed 371, stopped).
pub(super) struct BlindEnemy {
    /// Per enemy attacker kind: the mean gain of attacking a hidden piece of ours that has
    /// never moved, and one that has.
    unmoved: [i32; MAX_KINDS],
    moved: [i32; MAX_KINDS],
}

impl BlindEnemy {
    pub(super) fn new(view: &View) -> BlindEnemy {
        let rules = view.rules();
        let kinds = rules.kinds().len().min(MAX_KINDS);
        let mut hidden = [0u32; MAX_KINDS];
        for p in view.hidden_own().filter(|p| p.kind < MAX_KINDS) {
            hidden[p.kind] += 1;
        }
        let movable = crate::view::movable_kinds(rules);
        let mean = |attacker: usize, moved: bool| {
            let (mut sum, mut count) = (0i64, 0i64);
            for (k, &n) in hidden.iter().enumerate().take(kinds) {
                if n == 0 || (moved && movable & (1 << k) == 0) {
                    continue;
                }
                sum += i64::from(n) * i64::from(battle_gain(rules, attacker, k));
                count += i64::from(n);
            }
            if count == 0 {
                0
            } else {
                (sum as f64 / count as f64).round() as i32
            }
        };
        let mut b = BlindEnemy {
            unmoved: [0; MAX_KINDS],
            moved: [0; MAX_KINDS],
        };
        for a in 0..kinds {
            b.unmoved[a] = mean(a, false);
            b.moved[a] = mean(a, true);
        }
        b
    }

    /// For the enemy's move `m` in `pos` (the enemy to move), an attack on a piece of ours
    /// it has not identified: what the battle gives it on average, and in this army.
    pub(super) fn gains(&self, pos: &Position, m: Move) -> Option<(i32, i32)> {
        let (a, d) = (pos.cell(m.from), pos.cell(m.to));
        let ours = d.is_of(pos.side_to_move().opponent());
        if m.kind.is_action() || !ours || d.is_revealed() || a.kind() >= MAX_KINDS {
            return None;
        }
        let mean = if d.has_moved() {
            self.moved[a.kind()]
        } else {
            self.unmoved[a.kind()]
        };
        Some((mean, battle_gain(pos.rules(), a.kind(), d.kind())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use std::sync::Arc;

    /// The enemy attacks a piece of ours it has not identified only when what it knows
    /// allows: with a piece that cannot lose to whatever ours can be, a Miner against a piece
    /// that never moved, or a Scout; an identified piece is fair game.
    #[test]
    fn a_cautious_enemy_attacks_only_what_it_knows_it_can() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let position = |r5: &str, to_move: &str| {
            let text = format!(
                "bF........./........../........../........../..__..__../..__..__../\
                 b6+{r5}.b3+.b2+.bX+r8+./...rB.r4.r9+../.........rX+/.........rF {to_move} 0"
            );
            Position::from_text(Arc::clone(&rules), &text).unwrap()
        };
        let caution = Caution::new(&position("r5+", "r"));
        assert_eq!(caution.me, Color::Red);
        let allowed = |pos: &Position, attack: &str| {
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            let m = moves.iter().find(|m| m.to_string() == attack).unwrap();
            caution.allows(pos, *m)
        };
        let pos = position("r5+", "b");
        // Our moved 5 could be our 8, 9 or Marshal to the enemy's eyes.
        assert!(!allowed(&pos, "a4b4"));
        // Its Miner may try the piece that never moved, its Scout may probe.
        assert!(allowed(&pos, "d4d3"));
        assert!(allowed(&pos, "f4f3"));
        // Its Marshal loses to nothing that moves.
        assert!(allowed(&pos, "h4i4"));
        assert!(allowed(&pos, "h4h3"));
        // Once our 5 is identified, the 6 takes it.
        assert!(allowed(&position("r5+*", "b"), "a4b4"));
        // A forbidden attack goes when the enemy has an attack it would make, and stays in a
        // full list when it has none.
        let attacks = |wanted: &[&str]| {
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            moves.retain(|m| wanted.contains(&m.to_string().as_str()));
            moves
        };
        let mut both = attacks(&["a4b4", "h4h3"]);
        caution.filter(&pos, &mut both, false);
        assert_eq!(both, attacks(&["h4h3"]));
        let mut alone = attacks(&["a4b4"]);
        caution.filter(&pos, &mut alone, false);
        assert_eq!(alone, attacks(&["a4b4"]));
        // Among the quiescence's attacks it goes even then.
        caution.filter(&pos, &mut alone, true);
        assert!(alone.is_empty());

        // The enemy does not know where our Flag is: its 6 leaves it alone.
        let flag = Position::from_text(
            Arc::clone(&rules),
            "bF........./........../........../........../..__..__../..__..__../\
             b6+r5+.b3+.b2+.bX+r8+./...rB.r4.r9+../.........rX+/........b6+rF b 0",
        )
        .unwrap();
        assert!(!allowed(&flag, "i1j1"));
        // With no Bomb left hidden, a Miner has no reason to try a piece that never moved;
        // with our Marshal identified, a General fears none of our moved hidden pieces.
        let text = "bF........./........../........../........../..__..__../..__..__../\
                    b3+r4.b9+r8+...../........../.........rX+*/.........rF";
        let caution =
            Caution::new(&Position::from_text(Arc::clone(&rules), &format!("{text} r 0")).unwrap());
        let pos = Position::from_text(Arc::clone(&rules), &format!("{text} b 0")).unwrap();
        let allowed = |attack: &str| {
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            let m = moves.iter().find(|m| m.to_string() == attack).unwrap();
            caution.allows(&pos, *m)
        };
        assert!(!allowed("a4b4"));
        assert!(allowed("d4e4"));
    }

    /// Attacks on pieces of ours the enemy had not identified, won or lost, make it reckless
    /// when it could not have made them knowingly; one against an identified piece, a
    /// Scout's probe or a Miner's try at a piece that never moved does not count.
    #[test]
    fn an_enemy_that_attacks_blindly_is_reckless() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let setup: crate::board::Setup = "62X862B4B2/827S927B4B/72653265B4/335F52343B"
            .parse()
            .unwrap();
        let mut view = View::new(Arc::clone(&rules), Color::Red, &setup, None, Color::Red).unwrap();
        // The count of blind attacks after `tokens`.
        let play = |view: &mut View, tokens: &str| {
            for t in tokens.split_whitespace() {
                let m = crate::view::PublicMove::parse(t, &rules).unwrap();
                view.apply(&m).unwrap();
            }
            blind_attack_count(view)
        };
        assert_eq!(play(&mut view, "a4a5 a7a6 e4e5"), 0);
        assert!(!reckless_enemy(&view));
        // Its 5 runs into our moved 6 at a5 (one), its Scout into our 6 at e5 (a probe).
        assert_eq!(play(&mut view, "a6a5x56< b4b5 e7e6 j4j5 e6e5x26<"), 1);
        // Its 4 attacks our 6 at e5, now identified.
        assert_eq!(play(&mut view, "b5b6 f7f6 j5j6 f6f5 a5a4 f5e5x46<"), 1);
        assert_eq!(view.blind_attacks().len(), 2);
        assert_eq!(view.plies_since_enemy_loss(), 0);
        assert_eq!(play(&mut view, "a4a5 i7i6 b6b5 i6i5 j6j5"), 1);
        assert_eq!(view.plies_since_enemy_loss(), 5);
        // A Miner takes our Bomb at i4, then loses to our 4 at h4: both pieces had never
        // moved, and it defuses every Bomb we hide.
        assert_eq!(play(&mut view, "i5i4x3B> f4f5 i4h4x34<"), 1);
        assert_eq!(view.plies_since_enemy_loss(), 0);
        assert_eq!(view.blind_attacks().len(), 4);
        // A 7 takes our moved Scout at j5: it won, but our Marshal could have stood there.
        assert_eq!(play(&mut view, "f5f6 j7j6 f6f5 j6j5x72>"), 2);
        assert!(reckless_enemy(&view));
    }

    /// Below the root, our attack on an unmoved piece we have not identified is worth what
    /// the belief expects of it, whatever the sampled army holds there.
    /// A reckless enemy's attack on a hidden piece of ours is weighed over the kinds we
    /// hide, each as often as we hide it (the movable ones for a piece that has moved); an
    /// attack on an identified piece is left to the sample.
    #[test]
    fn a_blind_enemy_attack_counts_what_our_hidden_kinds_give_on_average() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let text = |side: &str| {
            format!(
                "bF........./........../........../........../..__..__../..__..__../\
                 ........../....r4+b8+r9+*.../.....r2..../rXr2r2.....rBrF {side} 0"
            )
        };
        let view =
            View::from_position(&Position::from_text(Arc::clone(&rules), &text("r")).unwrap());
        let blind = BlindEnemy::new(&view);
        let letter = |c: char| rules.kind_by_letter(c).unwrap();
        let colonel = letter('8');
        let mean = |hidden: &str| {
            let total: i32 = hidden
                .chars()
                .map(|c| battle_gain(&rules, colonel, letter(c)))
                .sum();
            (f64::from(total) / hidden.len() as f64).round() as i32
        };
        assert_eq!(blind.unmoved[colonel], mean("X2224BF"));
        assert_eq!(blind.moved[colonel], mean("X2224"));
        let pos = Position::from_text(Arc::clone(&rules), &text("b")).unwrap();
        let attack = |to: &str| Move {
            from: "f3".parse().unwrap(),
            to: to.parse().unwrap(),
            kind: crate::movegen::MoveKind::Step,
        };
        assert_eq!(
            blind.gains(&pos, attack("e3")),
            Some((
                blind.moved[colonel],
                battle_gain(&rules, colonel, letter('4'))
            ))
        );
        assert_eq!(
            blind.gains(&pos, attack("f2")),
            Some((
                blind.unmoved[colonel],
                battle_gain(&rules, colonel, letter('2'))
            ))
        );
        assert_eq!(blind.gains(&pos, attack("g3")), None);
    }
}
