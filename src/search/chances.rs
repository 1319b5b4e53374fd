//! What the root weighs by the belief's chances rather than by the sampled armies alone.
//!
//! A few sampled armies misjudge a rare outcome: a Bomb that one draw in twenty holds is
//! missed by four samples, or met by two of them. So each outcome of a root battle with a
//! piece of unknown kind ([`RootBattle`]), and each hidden striker beside a piece of ours
//! the enemy knows ([`RootExposure`]: the Spy beside our Marshal, a General beside our
//! Colonel), is searched in every
//! sample and weighted by its chance; and below the root, our attacks on unmoved pieces we
//! have not identified count what the belief expects of them ([`BlindBattles`]).

use super::battle_gain;
use super::params::*;
use crate::board::{Position, Square, MAILBOX};
use crate::movegen::Move;
use crate::rng::Rng;
use crate::rules::Outcome;
use crate::view::{Belief, KindSet, View, MAX_KINDS};

/// One sampled enemy army, and how to make each root battle with a piece of unknown kind
/// end each way it can.
pub(super) struct Sample {
    pub(super) pos: Position,
    /// Per root move (its index) that attacks a piece of unknown kind: each outcome of the
    /// battle with its chance, and the kinds to set in `pos` for the battle to end so.
    pub(super) battles: Vec<(usize, Vec<Ending>)>,
}

/// One outcome of a root battle in one sample: its chance, and the kinds to set (square,
/// kind) for the battle to end so.
type Ending = (f64, Vec<(Square, usize)>);

impl Sample {
    /// Settles, for each root battle, a kind for the defender in every outcome class: the
    /// sample's own where it falls in the class, otherwise one drawn from the class by the
    /// belief and given to the defender by [`give_kind`]. Each exposure's outcomes are
    /// settled likewise.
    pub(super) fn new(
        pos: Position,
        view: &View,
        battles: &[RootBattle],
        exposures: &[RootExposure],
        rng: &mut Rng,
    ) -> Sample {
        let mut planned = Vec::with_capacity(battles.len());
        for b in battles {
            let drawn = pos.cell(b.defender).kind();
            let mut outcomes = Vec::with_capacity(b.classes.len());
            for (class, (chance, kinds)) in b.classes.iter().enumerate() {
                let in_class = kinds.iter().any(|&(k, _)| k == drawn);
                let mut changes = Vec::new();
                if !in_class {
                    let weights: Vec<f64> = kinds.iter().map(|k| k.1).collect();
                    let kind = kinds[rng.weighted(&weights).unwrap_or(0)].0;
                    changes = give_kind(&pos, view, b.defender, kind, None);
                }
                let exposure = b.exposure.as_ref().filter(|_| b.won == Some(class));
                let Some(e) = exposure else {
                    outcomes.push((*chance, changes));
                    continue;
                };
                // The win splits by where a striker stands (none can stand where the
                // defender was the last of its kind).
                let mut won = pos.clone();
                for &(sq, kind) in &changes {
                    won.set_kind(sq, kind);
                }
                for (part, more) in e.endings(&won, view, rng) {
                    let mut all = changes.clone();
                    all.extend(more);
                    outcomes.push((chance * part, all));
                }
            }
            planned.push((b.move_index, outcomes));
        }
        for e in exposures {
            planned.push((e.move_index, e.endings(&pos, view, rng)));
        }
        Sample {
            pos,
            battles: planned,
        }
    }
}

/// The kinds to set in the sampled army `pos` for the hidden enemy piece on `sq` to be of
/// `kind`, keeping the army's counts: the piece's own kind goes to a hidden piece that has
/// `kind` and may be of it; failing that, around a ring of three, to a third hidden piece
/// whose kind the one with `kind` may take. Only if no such piece exists do the counts go
/// wrong, and then never by a Flag: a sampled army that lost its Flag so was a won game at
/// the root, and the moves with such an outcome looked far better than they were.
///
/// The piece on `keep`, if any, keeps its kind (the defender of a root battle whose
/// outcome is already settled).
fn give_kind(
    pos: &Position,
    view: &View,
    sq: Square,
    kind: usize,
    keep: Option<Square>,
) -> Vec<(Square, usize)> {
    let them = view.me().opponent();
    let old = pos.cell(sq).kind();
    if old == kind {
        return Vec::new();
    }
    // The hidden enemy pieces other than the one on `sq`: square, kind, kinds it may be.
    let others: Vec<(Square, usize, KindSet)> = view
        .enemy_pieces()
        .iter()
        .filter(|p| p.known_kind().is_none())
        .filter_map(|p| {
            let at = p.square.filter(|&at| at != sq && Some(at) != keep)?;
            let c = pos.cell(at);
            (c.is_of(them) && c.kind() < MAX_KINDS).then_some((at, c.kind(), p.possible))
        })
        .collect();
    let may = |set: KindSet, k: usize| k < MAX_KINDS && set & (1 << k) != 0;
    let holders = || others.iter().filter(|o| o.1 == kind);
    if let Some(h) = holders().find(|h| may(h.2, old)) {
        return vec![(sq, kind), (h.0, old)];
    }
    for h in holders() {
        if let Some(t) = others
            .iter()
            .find(|t| t.0 != h.0 && may(h.2, t.1) && may(t.2, old))
        {
            return vec![(sq, kind), (h.0, t.1), (t.0, old)];
        }
    }
    if pos.rules().is_flag(old) {
        return Vec::new();
    }
    vec![(sq, kind)]
}

/// A root move that attacks an enemy piece of unknown kind, whose battle can end in more
/// than one way (or, won for certain, exposes our piece): searched once per outcome in
/// every sample and weighted by the outcome's chance under the belief, so that a Bomb that
/// one draw in twenty holds is not missed by a few samples (or met by two of them).
pub(super) struct RootBattle {
    move_index: usize,
    defender: Square,
    /// Per outcome: its chance, and the kinds that give it with their probabilities.
    classes: Vec<(f64, Vec<(usize, f64)>)>,
    /// The class in which our piece wins and the game goes on, if the battle can end so.
    won: Option<usize>,
    /// What winning exposes our piece to, the battle having revealed it: a hidden striker
    /// beside the defender's square (the Spy beside our Marshal once it has taken a piece
    /// next to it, a General beside our Colonel). Each of its outcomes splits the class
    /// `won`.
    exposure: Option<RootExposure>,
}

/// A root move that brings a piece of ours the enemy knows (or will know, after the
/// battle the move wins) next to enemy pieces of unknown kind, one of which may be of a
/// kind that takes it ([`Threat`]): the Spy beside our Marshal, or any kind that beats our
/// Major, Colonel or General. Each neighbour that may be a striker is an outcome
/// with the belief's chance, doubted (more for a Spy that has moved; see
/// [`exposure_candidates`]), and so is "none of them", searched in every sample like the
/// outcomes of a [`RootBattle`]. An attack on a piece of unknown kind carries its exposure
/// in its [`RootBattle`], whose win it splits: in self-play most Marshals a Spy took had
/// just taken a hidden piece beside it.
///
/// Without it, the twelve samples of the time met a Spy with a chance of 3 % beside the
/// square in no sample at all in most searches: against peternlewis, which keeps its Spy
/// unmoved in its front row behind a lake, our identified Marshal stepped next to it in 7
/// to 12 games of 40, and the Spy took it.
///
/// The moves that leave such a Marshal where it already stands beside a possible Spy are
/// not weighed so. Putting the Spy beside it in as many sampled armies as the doubted
/// chance says (measured together with Chase Raiders counting a piece that trades with the
/// raider as an answer, session 35) was even: self-play 232-229-15 after 476 games at 50 ms
/// (seed 311, stopped), peternlewis 35-4-1 against 35-5-0 (seed 422), its Spy taking our
/// Marshal in 5 games of 40 either way (the belief gave it 0.5 % to 3 % there).
///
/// Weighing the enemy's Marshal beside our identified General likewise (the one kind that
/// beats a General, at the belief's chance) was not kept: self-play 64-71-6 after 141 games
/// at 50 ms (seed 317, stopped), the enemy's Marshal taking our General in 34 of them
/// against 32. (Against peternlewis, without memory, its Marshal took our General in 14
/// games of 40 at seed 423 with the build before.) Weighing every kind that beats our
/// Major, Colonel or General, doubted less ([`AVENGER_DOUBT`]), passed: see
/// [`AVENGED_VALUE`].
pub(super) struct RootExposure {
    move_index: usize,
    /// The kinds that take our piece.
    strikers: Vec<usize>,
    /// Each neighbouring enemy piece that may be a striker.
    candidates: Vec<Candidate>,
    /// The square of the enemy piece whose kind the outcomes leave alone: the defender of
    /// the root battle that reveals our piece, whose kind its outcome class settled.
    keep: Option<Square>,
}

/// A hidden enemy piece beside our exposed piece that may be of a kind that takes it.
#[derive(Debug)]
struct Candidate {
    square: Square,
    /// The chance, doubted, that it is a striker.
    chance: f64,
    /// The striking kinds it may be, each with the belief's chance.
    kinds: Vec<(usize, f64)>,
}

impl RootExposure {
    /// The outcomes in the sampled army `pos`: per candidate, its chance and the kinds to
    /// set for it to be a striker ([`give_kind`]; of the striking kinds some hidden piece
    /// of the army holds, one drawn by the belief); then "none of them", which moves each
    /// striker the sample put among the candidates to another piece that may be one.
    fn endings(&self, pos: &Position, view: &View, rng: &mut Rng) -> Vec<Ending> {
        let them = view.me().opponent();
        let hidden: Vec<(Square, usize, KindSet)> = view
            .enemy_pieces()
            .iter()
            .filter(|p| p.known_kind().is_none())
            .filter_map(|p| {
                let at = p.square.filter(|&at| Some(at) != self.keep)?;
                let c = pos.cell(at);
                (c.is_of(them) && c.kind() < MAX_KINDS).then_some((at, c.kind(), p.possible))
            })
            .collect();
        let held = |kind: usize| hidden.iter().any(|h| h.1 == kind);
        let striking = |kind: usize| self.strikers.contains(&kind);
        let mut none = 1.0 - self.candidates.iter().map(|c| c.chance).sum::<f64>();
        let mut endings: Vec<Ending> = Vec::with_capacity(self.candidates.len() + 1);
        for c in &self.candidates {
            let weights: Vec<f64> = c
                .kinds
                .iter()
                .map(|&(k, w)| if held(k) { w } else { 0.0 })
                .collect();
            // One kind is no draw: the Spy beside our Marshal costs the generator nothing.
            let pick = match weights[..] {
                [w] => (w > 0.0).then_some(0),
                _ => rng.weighted(&weights),
            };
            match pick {
                Some(i) => endings.push((
                    c.chance,
                    give_kind(pos, view, c.square, c.kinds[i].0, self.keep),
                )),
                None => none += c.chance,
            }
        }
        // None of them: each striker the sample put among them trades places with a
        // hidden piece elsewhere that may be one.
        let mut changes = Vec::new();
        let mut taken: Vec<Square> = Vec::new();
        for c in &self.candidates {
            let kind = pos.cell(c.square).kind();
            if !striking(kind) {
                continue;
            }
            let could = view.enemy_at(c.square).map_or(0, |p| p.possible);
            let partner = hidden.iter().find(|h| {
                !self.candidates.iter().any(|o| o.square == h.0)
                    && !taken.contains(&h.0)
                    && !striking(h.1)
                    && h.2 & (1 << kind) != 0
                    && could & (1 << h.1) != 0
            });
            if let Some(&(other, other_kind, _)) = partner {
                changes.extend([(c.square, other_kind), (other, kind)]);
                taken.push(other);
            }
        }
        // When a striker stands among them for certain, there is no such outcome.
        if none > 1e-9 {
            endings.push((none, changes));
        }
        endings
    }
}

/// The root moves whose outcome the belief's chances weigh: battles with pieces of unknown
/// kind, and the exposures of a piece of ours the enemy knows to a hidden striker; and
/// what our attacks on the enemy's unmoved hidden pieces win on average below the root.
pub(super) fn root_chances(
    view: &View,
    belief: &Belief,
    moves: &[Move],
    rng: &mut Rng,
) -> (Vec<RootBattle>, Vec<RootExposure>, BlindBattles) {
    let exposing = exposing_moves(view, moves);
    let hidden = view
        .enemy_pieces()
        .iter()
        .any(|p| p.square.is_some() && p.known_kind().is_none());
    if !hidden {
        return (Vec::new(), Vec::new(), BlindBattles::default());
    }
    let marginals = belief.marginals(view, rng, MARGINAL_DRAWS);
    let doubted = Doubted::new(view.rules(), &marginals);
    let mut battles = root_battles(view, &doubted, moves);
    for b in battles.iter_mut().filter(|b| b.won.is_some()) {
        let m = moves[b.move_index];
        let Some(threat) = view
            .own_at(m.from)
            .and_then(|own| Threat::to(view, own.kind))
        else {
            continue;
        };
        let neighbours = striker_neighbours(view, m, &threat);
        b.exposure = exposure_candidates(&marginals, &neighbours, &threat).map(|candidates| {
            log::debug!("root battle {m} then exposure: {candidates:?}");
            RootExposure {
                move_index: b.move_index,
                strikers: threat.kinds.clone(),
                candidates,
                keep: Some(m.to),
            }
        });
    }
    // A battle whose outcome is certain is weighed only for what its win exposes our piece
    // to: leaving such battles out altogether left our Marshal's capture of a moved piece
    // unweighed for the Spy beside it (self-play, seed 326, round 7: the Spy, 17 % to the
    // belief, took it at once).
    battles.retain(|b| b.classes.len() > 1 || b.exposure.is_some());
    let blind = BlindBattles::new(view, &doubted);
    let exposures = exposing
        .into_iter()
        .filter_map(|(move_index, threat, neighbours)| {
            let candidates = exposure_candidates(&marginals, &neighbours, &threat)?;
            log::debug!("root exposure {}: {candidates:?}", moves[move_index]);
            Some(RootExposure {
                move_index,
                strikers: threat.kinds,
                candidates,
                keep: None,
            })
        })
        .collect();
    (battles, exposures, blind)
}

/// The belief's chances for weighing our attacks, by attacker: each piece's odds of being
/// a Bomb multiplied by [`BOMB_DOUBT`] (by [`STRONG_BOMB_DOUBT`] for an attacker worth
/// [`STRONG_ATTACKER_VALUE`] or more), its other kinds scaled down to make room. Among many
/// attacks the search picks those whose Bomb chance the belief put lowest, so the chance of
/// the chosen ones is too low more often than too high; and the more an attacker loses to
/// a Bomb, the more its choice rides on that chance alone.
pub(super) struct Doubted {
    /// Per enemy piece (the belief's order), for an attacker worth less than
    /// [`STRONG_ATTACKER_VALUE`] ...
    plain: Vec<[f64; MAX_KINDS]>,
    /// ... and for one worth that or more.
    strong: Vec<[f64; MAX_KINDS]>,
}

impl Doubted {
    fn new(rules: &crate::rules::Rules, marginals: &[[f64; MAX_KINDS]]) -> Doubted {
        Doubted {
            plain: doubt_bombs(rules, marginals, BOMB_DOUBT),
            strong: doubt_bombs(rules, marginals, STRONG_BOMB_DOUBT),
        }
    }

    /// The chances our `attacker` kind weighs its attacks by.
    fn for_attacker(&self, rules: &crate::rules::Rules, attacker: usize) -> &[[f64; MAX_KINDS]] {
        if crate::eval::kind_value(rules, attacker) >= STRONG_ATTACKER_VALUE {
            &self.strong
        } else {
            &self.plain
        }
    }
}

/// Each piece's chances with its odds of being a Bomb multiplied by `factor`, its other
/// kinds scaled down to make room (see [`Doubted`]).
fn doubt_bombs(
    rules: &crate::rules::Rules,
    marginals: &[[f64; MAX_KINDS]],
    factor: f64,
) -> Vec<[f64; MAX_KINDS]> {
    let kinds = rules.kinds().len().min(MAX_KINDS);
    marginals
        .iter()
        .map(|m| {
            let bomb: f64 = (0..kinds).filter(|&k| rules.is_bomb(k)).map(|k| m[k]).sum();
            if bomb <= 0.0 || bomb >= 1.0 {
                return *m;
            }
            let raised = raise_odds(bomb, factor);
            let (up, down) = (raised / bomb, (1.0 - raised) / (1.0 - bomb));
            let mut out = *m;
            for (k, p) in out.iter_mut().enumerate().take(kinds) {
                *p *= if rules.is_bomb(k) { up } else { down };
            }
            out
        })
        .collect()
}

/// `chance` with its odds multiplied by `factor`.
fn raise_odds(chance: f64, factor: f64) -> f64 {
    factor * chance / (1.0 - chance + factor * chance)
}

/// Our attacks below the root on enemy pieces we have not identified, weighed by the
/// belief instead of the sampled army. In a sampled army our pieces know every enemy rank,
/// so a General among the enemy's unmoved pieces saw, in each army, which of them it beats
/// and which are Bombs: standing there looked like a feast whatever the belief said of
/// each piece (the fault of determinization called strategy fusion). Against peternlewis,
/// without memory, it walked deep into the enemy's back rows, was cornered there by the
/// enemy's Marshal and had to attack: in 40 games the engine lost 8 Marshals, 21 Generals
/// and 22 Colonels to Bombs, most of them at a Bomb chance of a third or more.
///
/// So such an attack scores what the sampled army makes of it, less the material the
/// battle gives in that army, plus the material it gives on average under the belief's
/// chances: the line after it is still searched, but no attack is worth more for the
/// sample's knowledge of the defender. Only pieces that have not moved are covered: they
/// are still on their square of the root, where their chances are looked up. (Covering
/// the pieces that moved as well, each known by its square at the root until a piece comes
/// there, played worse: −41 ± 62 Elo in self-play over 118 games. Following each piece from
/// square to square along the line searched did no better: 136-150-9, −17 ± 39, after 295
/// games at 50 ms a move (seed 350, stopped; branch `wip-blind-moved`), and it changed no
/// move of the searches where an enemy Marshal at 42 % chased our General into a corner
/// against peternlewis.) The root's own battles weigh each outcome by its chance (see
/// [`RootBattle`]).
#[derive(Default)]
pub(super) struct BlindBattles {
    /// Per square: for each kind of ours, what attacking the unmoved unidentified enemy
    /// piece standing there at the root wins on average; `None` where there is none.
    expected: Vec<Option<[i32; MAX_KINDS]>>,
}

impl BlindBattles {
    fn new(view: &View, doubted: &Doubted) -> BlindBattles {
        let rules = view.rules();
        let kinds = rules.kinds().len().min(MAX_KINDS);
        let mut expected = vec![None; MAILBOX];
        for (index, piece) in view.enemy_pieces().iter().enumerate() {
            let Some(sq) = piece.square else { continue };
            if piece.moved || piece.known_kind().is_some() {
                continue;
            }
            let mut gains = [0; MAX_KINDS];
            for (a, gain) in gains.iter_mut().enumerate().take(kinds) {
                let Some(marginal) = doubted.for_attacker(rules, a).get(index) else {
                    continue;
                };
                let mean: f64 = (0..kinds)
                    .map(|k| marginal[k] * f64::from(battle_gain(rules, a, k)))
                    .sum();
                *gain = mean.round() as i32;
            }
            expected[sq.index()] = Some(gains);
        }
        BlindBattles { expected }
    }

    /// For our move `m` in `pos`, an attack on an enemy piece that stood unmoved and
    /// unidentified on its square at the root and has not moved since: what the belief
    /// expects the battle to give, and what it gives in this sampled army.
    pub(super) fn gains(&self, pos: &Position, m: Move) -> Option<(i32, i32)> {
        let (a, d) = (pos.cell(m.from), pos.cell(m.to));
        if m.kind.is_action() || !d.is_piece() || d.has_moved() || d.is_revealed() {
            return None;
        }
        let expected = self.expected.get(m.to.index())?.as_ref()?;
        let mean = *expected.get(a.kind())?;
        Some((mean, battle_gain(pos.rules(), a.kind(), d.kind())))
    }
}

/// A root move that exposes a piece of ours: its index, what could strike it, and the
/// hidden neighbours that may.
type Exposing = (usize, Threat, Vec<Neighbour>);

/// A hidden enemy piece beside the square a root move brings our piece to, which may be of
/// a kind that strikes it.
#[derive(Clone, Copy, Debug)]
struct Neighbour {
    square: Square,
    /// Its index among the enemy pieces (and the belief's marginals).
    index: usize,
    /// Whether it has moved (see [`MOVED_STRIKER_ODDS`]).
    moved: bool,
}

/// The kinds that take a piece of ours the enemy knows by attacking it, and how far the
/// search doubts the belief's chances of them beside it.
#[derive(Debug)]
struct Threat {
    kinds: Vec<usize>,
    /// The factor on a moved neighbour's odds ([`MOVED_STRIKER_ODDS`] for the Spy).
    moved_odds: f64,
    /// The factor on the odds that a striker stands among the neighbours.
    doubt: f64,
    /// A neighbour whose odds so raised stay below this is no outcome of its own.
    min_chance: f64,
}

impl Threat {
    /// What threatens our `kind` once the enemy knows it: the kind that beats it only by
    /// striking first (the Spy, for the Marshal); or, if it is worth [`AVENGED_VALUE`] or
    /// more, every kind that beats it (see [`AVENGER_DOUBT`]).
    fn to(view: &View, kind: usize) -> Option<Threat> {
        let rules = view.rules();
        if let Some(striker) = rules.striker(kind).filter(|&k| k < MAX_KINDS) {
            return Some(Threat {
                kinds: vec![striker],
                moved_odds: MOVED_STRIKER_ODDS,
                doubt: SPY_DOUBT,
                min_chance: EXPOSURE_MIN_CHANCE,
            });
        }
        if crate::eval::kind_value(rules, kind) < AVENGED_VALUE {
            return None;
        }
        let kinds: Vec<usize> = (0..rules.kinds().len().min(MAX_KINDS))
            .filter(|&k| {
                rules.kind_moves(k).movable && rules.battle(k, kind) == Outcome::AttackerWins
            })
            .collect();
        (!kinds.is_empty()).then_some(Threat {
            kinds,
            moved_odds: 1.0,
            doubt: AVENGER_DOUBT,
            min_chance: AVENGER_MIN_CHANCE,
        })
    }

    fn may_be(&self, possible: KindSet) -> bool {
        self.kinds.iter().any(|&k| possible & (1 << k) != 0)
    }
}

/// The root moves that are no battle with a hidden piece and leave a piece of ours that the
/// enemy knows (or will know from the battle) beside hidden enemy pieces, with what could
/// strike it and those pieces.
fn exposing_moves(view: &View, moves: &[Move]) -> Vec<Exposing> {
    let rules = view.rules();
    moves
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.kind.is_action())
        .filter_map(|(i, &m)| {
            let own = view.own_at(m.from)?;
            let target = view.enemy_at(m.to);
            if target.is_some_and(|p| p.known_kind().is_none()) {
                return None;
            }
            if let Some(k) = target.and_then(|p| p.known_kind()) {
                if rules.battle(own.kind, k) != Outcome::AttackerWins {
                    return None;
                }
            } else if !own.revealed {
                return None;
            }
            let threat = Threat::to(view, own.kind)?;
            let neighbours = striker_neighbours(view, m, &threat);
            (!neighbours.is_empty()).then_some((i, threat, neighbours))
        })
        .collect()
}

/// The enemy pieces of unknown kind that may be of a kind of `threat` beside the square our
/// piece reaches by `m` (not the one it leaves).
fn striker_neighbours(view: &View, m: Move, threat: &Threat) -> Vec<Neighbour> {
    crate::board::ORTHOGONAL
        .iter()
        .map(|&d| m.to.offset(d))
        .filter(|&sq| sq != m.from)
        .filter_map(|square| {
            let (index, piece) = view.enemy_pieces().iter().enumerate().find(|(_, p)| {
                p.square == Some(square) && p.known_kind().is_none() && threat.may_be(p.possible)
            })?;
            Some(Neighbour {
                square,
                index,
                moved: piece.moved,
            })
        })
        .collect()
}

/// Each neighbour's chance of being a striker: the belief's, its odds multiplied by the
/// threat's `moved_odds` if the piece has moved; then the odds that a striker stands
/// among them multiplied by the threat's `doubt` and shared among them by those chances;
/// those whose own odds so multiplied stay below its `min_chance` left out. None when no
/// neighbour is left.
///
/// The odds are raised for the neighbours together, not one by one: a Spy with a chance of
/// 57 % beside a piece with 3 % made 0.89 and 0.16 one by one, more than certain between
/// them, and such an exposure was once left out altogether (self-play, seed 326, round 85:
/// our Marshal took a piece beside that 57 % Spy, which took it).
fn exposure_candidates(
    marginals: &[[f64; MAX_KINDS]],
    neighbours: &[Neighbour],
    threat: &Threat,
) -> Option<Vec<Candidate>> {
    let candidates: Vec<Candidate> = neighbours
        .iter()
        .filter_map(|n| {
            let marginal = marginals.get(n.index)?;
            let kinds: Vec<(usize, f64)> = threat
                .kinds
                .iter()
                .map(|&k| (k, marginal[k]))
                .filter(|k| k.1 > 0.0)
                .collect();
            let mut chance: f64 = kinds.iter().map(|k| k.1).sum::<f64>().min(1.0);
            if n.moved {
                chance = raise_odds(chance, threat.moved_odds);
            }
            (raise_odds(chance, threat.doubt) >= threat.min_chance).then_some(Candidate {
                square: n.square,
                chance,
                kinds,
            })
        })
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let sum: f64 = candidates.iter().map(|c| c.chance).sum();
    let scale = raise_odds(sum.min(1.0), threat.doubt) / sum;
    Some(
        candidates
            .into_iter()
            .map(|c| Candidate {
                chance: c.chance * scale,
                ..c
            })
            .collect(),
    )
}

/// The root battles with pieces of unknown kind, each with its outcomes; [`root_chances`]
/// keeps those whose outcome is in doubt or whose win exposes our piece.
fn root_battles(view: &View, doubted: &Doubted, moves: &[Move]) -> Vec<RootBattle> {
    let rules = view.rules();
    let attacks: Vec<(usize, Move, usize, usize)> = moves
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.kind.is_action())
        .filter_map(|(i, &m)| {
            let own = view.own_at(m.from)?;
            let index = view
                .enemy_pieces()
                .iter()
                .position(|p| p.square == Some(m.to) && p.known_kind().is_none())?;
            Some((i, m, own.kind, index))
        })
        .collect();
    attacks
        .into_iter()
        .filter_map(|(move_index, m, attacker, index)| {
            let marginal = doubted.for_attacker(rules, attacker).get(index)?;
            let mut classes: Vec<(f64, Vec<(usize, f64)>)> = Vec::new();
            // Taking a Flag ends the game, so it is an outcome of its own; after any other
            // win the defender is gone and the game goes on much the same whatever it was
            // (the rank duel's points differ: a kind drawn by its chance stands for them).
            let outcomes = [
                (Outcome::AttackerWins, true),
                (Outcome::AttackerWins, false),
                (Outcome::DefenderWins, false),
                (Outcome::BothRemoved, false),
            ];
            let mut won = None;
            for (outcome, flag) in outcomes {
                let kinds: Vec<(usize, f64)> = (0..rules.kinds().len().min(MAX_KINDS))
                    .filter(|&k| {
                        marginal[k] > 0.0
                            && rules.battle(attacker, k) == outcome
                            && rules.is_flag(k) == flag
                    })
                    .map(|k| (k, marginal[k]))
                    .collect();
                let chance: f64 = kinds.iter().map(|k| k.1).sum();
                if chance > 0.0 {
                    if outcome == Outcome::AttackerWins && !flag {
                        won = Some(classes.len());
                    }
                    classes.push((chance, kinds));
                }
            }
            let total: f64 = classes.iter().map(|c| c.0).sum();
            classes.iter_mut().for_each(|c| c.0 /= total);
            log::debug!("root battle {m}: {classes:?}");
            Some(RootBattle {
                move_index,
                defender: m.to,
                classes,
                won,
                exposure: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::rules::Rules;
    use crate::search::shifted;
    use crate::view::Evidence;
    use std::sync::Arc;

    /// A Scout attacking an unmoved piece: every outcome the belief allows has its chance,
    /// the chances sum to one, and taking the Flag is an outcome of its own.
    #[test]
    fn root_battles_weigh_every_outcome() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let text = "b2+.......bBbF/........../........../........../..__..__../..__b3.__../\
                    ....r2+...../........../........../rFr3........ r 0";
        let pos = Position::from_text(Arc::clone(&rules), text).unwrap();
        let view = View::from_position(&pos);
        let belief = Belief::new(&view, Evidence::ALL);
        let moves: Vec<Move> = view.legal_moves().iter().copied().collect();
        let marginals = belief.marginals(&view, &mut Rng::new(3), MARGINAL_DRAWS);
        let battles = root_battles(&view, &Doubted::new(&rules, &marginals), &moves);
        assert_eq!(battles.len(), 1);
        let b = &battles[0];
        assert_eq!(moves[b.move_index].to_string(), "e4e5");
        let total: f64 = b.classes.iter().map(|c| c.0).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let flag = rules.kind_by_letter('F').unwrap();
        let bomb = rules.kind_by_letter('B').unwrap();
        let flag_class = b.classes.iter().find(|c| c.1.iter().any(|k| k.0 == flag));
        assert!(flag_class.is_some_and(|c| c.1.len() == 1));
        assert!(b.classes.iter().any(|c| c.1.iter().any(|k| k.0 == bomb)));
        // Each sample sets the defender to a kind of every outcome in turn.
        let sample = Sample::new(
            view.sample(&belief, &mut Rng::new(5)),
            &view,
            &battles,
            &[],
            &mut Rng::new(6),
        );
        let (_, endings) = &sample.battles[0];
        assert_eq!(endings.len(), b.classes.len());
        for ((_, changes), (_, kinds)) in endings.iter().zip(&b.classes) {
            let pos = changed(&sample.pos, changes);
            let defender = pos.cell(b.defender).kind();
            assert!(kinds.iter().any(|k| k.0 == defender));
        }
    }

    /// Our identified Marshal stepping beside an enemy piece that may be the Spy: the
    /// step is an exposure with one outcome per such neighbour and one for none of them,
    /// and in every sampled army each outcome puts the Spy where it says, keeping the count.
    #[test]
    fn an_identified_marshal_beside_a_hidden_piece_weighs_the_spy() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let position = |marshal: &str| {
            let text = format!(
                "bF.......b3b4/........../........../........../..__..__../..__..__../\
                 ....{marshal}.bS.../........../........../.........rF r 0"
            );
            Position::from_text(Arc::clone(&rules), &text).unwrap()
        };
        let spy = rules.kind_by_letter('S').unwrap();
        let pos = position("rX+*");
        let view = View::from_position(&pos);
        let moves: Vec<Move> = view.legal_moves().iter().copied().collect();
        let exposing = exposing_moves(&view, &moves);
        assert_eq!(exposing.len(), 1);
        let (index, striker, neighbours) = &exposing[0];
        assert_eq!(moves[*index].to_string(), "e4f4");
        assert_eq!(striker.kinds, vec![spy]);
        assert_eq!(neighbours.len(), 1);
        assert_eq!(neighbours[0].square.to_string(), "g4");

        let belief = Belief::new(&view, Evidence::ALL);
        let mut rng = Rng::new(5);
        let (_, exposures, _) = root_chances(&view, &belief, &moves, &mut rng);
        assert_eq!(exposures.len(), 1);
        let chance = exposures[0].candidates[0].chance;
        assert!(chance > 0.0 && chance < 1.0, "{chance}");
        // The belief's chance, its odds multiplied by SPY_DOUBT (the marginals are the
        // first thing drawn from the generator).
        let marginals = belief.marginals(&view, &mut Rng::new(5), MARGINAL_DRAWS);
        let believed = marginals[neighbours[0].index][spy];
        assert!(SPY_DOUBT > 1.0 && chance > believed);
        assert!((chance - raise_odds(believed, SPY_DOUBT)).abs() < 1e-12);
        let g4 = exposures[0].candidates[0].square;
        for _ in 0..20 {
            let sample = view.sample(&belief, &mut rng);
            let endings = exposures[0].endings(&sample, &view, &mut rng);
            assert_eq!(endings.len(), 2);
            let total: f64 = endings.iter().map(|e| e.0).sum();
            assert!((total - 1.0).abs() < 1e-9);
            for (i, (_, changes)) in endings.iter().enumerate() {
                let p = changed(&sample, changes);
                assert_eq!(p.cell(g4).kind() == spy, i == 0);
                assert_eq!(blue_count(&p, spy), 1);
            }
        }

        // A Miner fears no Bomb beside it.
        let miner = View::from_position(&position("r3+*"));
        let moves: Vec<Move> = miner.legal_moves().iter().copied().collect();
        assert!(exposing_moves(&miner, &moves).is_empty());
        // A Marshal the enemy has not identified is no Spy's target.
        let hidden = View::from_position(&position("rX+"));
        let moves: Vec<Move> = hidden.legal_moves().iter().copied().collect();
        assert!(exposing_moves(&hidden, &moves).is_empty());
    }

    /// Our Marshal, not yet identified, taking a hidden piece beside another that may be
    /// the Spy: the battle reveals it, so its win splits into the Spy beside it and none,
    /// and every outcome keeps the army's counts and the defender's kind within its class.
    #[test]
    fn a_marshal_that_takes_a_piece_weighs_the_spy_beside_it() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let text = "bF.......b3b4/........../........../........../..__..__../..__..__../\
                    ....rX+b5bS.../........../........../.........rF r 0";
        let pos = Position::from_text(Arc::clone(&rules), text).unwrap();
        let view = View::from_position(&pos);
        let spy = rules.kind_by_letter('S').unwrap();
        let flag = rules.kind_by_letter('F').unwrap();
        let moves: Vec<Move> = view.legal_moves().iter().copied().collect();
        let belief = Belief::new(&view, Evidence::ALL);
        let mut rng = Rng::new(7);
        let (battles, exposures, _) = root_chances(&view, &belief, &moves, &mut rng);
        assert!(
            exposures.is_empty(),
            "a quiet step of a hidden Marshal exposes nothing"
        );
        let b = battles
            .iter()
            .find(|b| moves[b.move_index].to_string() == "e4f4")
            .unwrap();
        let won = b.won.unwrap();
        let e = b.exposure.as_ref().unwrap();
        assert_eq!(e.candidates[0].kinds[0].0, spy);
        assert_eq!(e.candidates.len(), 1);
        assert_eq!(e.candidates[0].square.to_string(), "g4");
        assert_eq!(e.keep, Some(b.defender));
        let class_of = |kind: usize| {
            b.classes
                .iter()
                .position(|c| c.1.iter().any(|k| k.0 == kind))
        };
        assert!(class_of(flag).is_some_and(|c| c != won));
        assert_eq!(class_of(spy), Some(won));
        let g4 = e.candidates[0].square;
        let mut split = 0;
        for _ in 0..30 {
            let sample = Sample::new(
                view.sample(&belief, &mut rng),
                &view,
                &battles,
                &exposures,
                &mut rng,
            );
            let (_, endings) = sample.battles.iter().find(|x| x.0 == b.move_index).unwrap();
            let total: f64 = endings.iter().map(|x| x.0).sum();
            assert!((total - 1.0).abs() < 1e-9);
            let mut wins = Vec::new();
            for (chance, changes) in endings {
                let p = changed(&sample.pos, changes);
                assert_eq!(blue_count(&p, spy), 1);
                let defender = p.cell(b.defender).kind();
                if class_of(defender) == Some(won) {
                    wins.push((*chance, defender, p.cell(g4).kind() == spy));
                }
            }
            // The defender is the Spy (no split), or the win is split in two with the
            // same defender, the Spy on g4 with the exposure's chance in the first.
            match wins[..] {
                [(_, defender, false)] => assert_eq!(defender, spy),
                [(first, d1, true), (second, d2, false)] => {
                    split += 1;
                    assert_eq!(d1, d2);
                    let c = e.candidates[0].chance;
                    assert!((first / (first + second) - c).abs() < 1e-9);
                    assert!((first + second - b.classes[won].0).abs() < 1e-9);
                }
                _ => panic!("the win's outcomes: {wins:?}"),
            }
        }
        assert!(split > 0);
    }

    /// Our Colonel taking a hidden piece beside another that may be the enemy's General or
    /// Marshal: the battle shows the enemy our Colonel, so its win splits into an avenger
    /// beside it (either kind, drawn by the belief) and none, each keeping the army's
    /// counts; a Captain's win is not split. The identified Colonel's step beside such a
    /// piece is weighed alike.
    #[test]
    fn a_colonel_that_takes_a_piece_weighs_the_avengers_beside_it() {
        let text = |attacker: &str| {
            format!(
                "bF.....b9bXb3b4/........../........../........../..__..__../..__..__../\
                 ....{attacker}b5bS.../........../........../.........rF r 0"
            )
        };
        let mut r = root_of(&text("r8"), 9);
        let rules = r.view.rules().clone();
        let general = rules.kind_by_letter('9').unwrap();
        let marshal = rules.kind_by_letter('X').unwrap();
        let b = r
            .battles
            .iter()
            .find(|b| r.moves[b.move_index].to_string() == "e4f4")
            .unwrap();
        let won = b.won.unwrap();
        let e = b.exposure.as_ref().unwrap();
        assert_eq!(e.candidates.len(), 1);
        let c = &e.candidates[0];
        assert_eq!(c.square.to_string(), "g4");
        let mut kinds: Vec<usize> = c.kinds.iter().map(|k| k.0).collect();
        kinds.sort_unstable();
        let mut expected = vec![general, marshal];
        expected.sort_unstable();
        assert_eq!(kinds, expected);
        // The belief's chance that it beats our Colonel, its odds doubled.
        let believed: f64 = c.kinds.iter().map(|k| k.1).sum();
        assert!((c.chance - raise_odds(believed, AVENGER_DOUBT)).abs() < 1e-12);
        let avenger = |kind: usize| kind == general || kind == marshal;
        let mut drawn = [0; 2];
        for _ in 0..40 {
            let sample = Sample::new(
                r.view.sample(&r.belief, &mut r.rng),
                &r.view,
                &r.battles,
                &r.exposures,
                &mut r.rng,
            );
            let (_, endings) = sample.battles.iter().find(|x| x.0 == b.move_index).unwrap();
            assert!((endings.iter().map(|x| x.0).sum::<f64>() - 1.0).abs() < 1e-9);
            let mut wins = Vec::new();
            for (chance, changes) in endings {
                let p = changed(&sample.pos, changes);
                assert_eq!(blue_count(&p, general), 1);
                assert_eq!(blue_count(&p, marshal), 1);
                let defender = p.cell(b.defender).kind();
                if b.classes[won].1.iter().any(|k| k.0 == defender) {
                    wins.push((*chance, p.cell(c.square).kind()));
                }
            }
            // The win splits in two: an avenger on g4 with the candidate's chance, and none.
            let [(first, k1), (second, k2)] = wins[..] else {
                panic!("the win's outcomes: {wins:?}");
            };
            assert!(avenger(k1) && !avenger(k2));
            drawn[usize::from(k1 == marshal)] += 1;
            assert!((first / (first + second) - c.chance).abs() < 1e-9);
            assert!((first + second - b.classes[won].0).abs() < 1e-9);
        }
        assert!(drawn[0] > 0 && drawn[1] > 0, "{drawn:?}");

        // A Captain is not worth the weighing.
        let r = root_of(&text("r6"), 9);
        let b = r
            .battles
            .iter()
            .find(|b| r.moves[b.move_index].to_string() == "e4f4")
            .unwrap();
        assert!(b.exposure.is_none());

        // Our identified Colonel stepping beside the hidden piece: the step is weighed alike.
        let step = |colonel: &str| {
            let r = root_of(
                &format!(
                    "bF.....b9bXb3b4/........../........../........../..__..__../..__..__../\
                     ...{colonel}.b5..../........../........../.........rF r 0"
                ),
                9,
            );
            let index = r.moves.iter().position(|m| m.to_string() == "d4e4");
            r.exposures
                .iter()
                .find(|e| Some(e.move_index) == index)
                .map(|e| e.candidates.iter().map(|c| c.square.to_string()).collect())
        };
        assert_eq!(step("r8+*"), Some(vec!["f4".to_string()]));
        // Not while the enemy does not know it.
        assert_eq!(step("r8+"), None);
    }

    /// `pos` with the kinds of an outcome set, its hash kept up to date.
    fn changed(pos: &Position, changes: &[(Square, usize)]) -> Position {
        let mut p = pos.clone();
        for &(sq, kind) in changes {
            p.set_kind(sq, kind);
        }
        assert_eq!(p.hash(), p.compute_hash());
        p
    }

    /// How many pieces of `kind` Blue has in `pos`.
    fn blue_count(pos: &Position, kind: usize) -> usize {
        pos.occupied_squares(Color::Blue)
            .filter(|&sq| pos.cell(sq).kind() == kind)
            .count()
    }

    /// A classic position given as text, Red to move, as Red sees it: its view, legal
    /// moves, belief, and what the root weighs (battles and exposures), drawn with `seed`.
    struct Root {
        view: View,
        moves: Vec<Move>,
        belief: Belief,
        rng: Rng,
        battles: Vec<RootBattle>,
        exposures: Vec<RootExposure>,
    }

    fn root_of(text: &str, seed: u64) -> Root {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let pos = Position::from_text(rules, text).unwrap();
        let view = View::from_position(&pos);
        let moves: Vec<Move> = view.legal_moves().iter().copied().collect();
        let belief = Belief::new(&view, Evidence::ALL);
        let mut rng = Rng::new(seed);
        let (battles, exposures, _) = root_chances(&view, &belief, &moves, &mut rng);
        Root {
            view,
            moves,
            belief,
            rng,
            battles,
            exposures,
        }
    }

    /// Our identified Marshal taking a moved piece it beats for certain (the enemy's Marshal
    /// is known elsewhere) beside a hidden piece that may be the Spy: a battle of one
    /// outcome, kept for its exposure, whose win splits into the Spy beside it and none.
    #[test]
    fn a_certain_win_beside_a_possible_spy_is_weighed() {
        let mut r = root_of(
            "bF........bX+*/........../........../........../..__..__../..__..__../\
             ....rX+*b5+bS.../........../........../.........rF r 0",
            7,
        );
        let b = r
            .battles
            .iter()
            .find(|b| r.moves[b.move_index].to_string() == "e4f4")
            .unwrap();
        assert_eq!((b.classes.len(), b.won), (1, Some(0)));
        let e = b.exposure.as_ref().unwrap();
        let spy = r.view.rules().kind_by_letter('S').unwrap();
        assert_eq!(e.candidates[0].kinds.len(), 1);
        assert_eq!(e.candidates[0].kinds[0].0, spy);
        assert_eq!(e.candidates.len(), 1);
        assert_eq!(e.candidates[0].square.to_string(), "g4");
        // The win splits, unless the sample made the defender the Spy.
        let mut split = 0;
        for _ in 0..20 {
            let sample = Sample::new(
                r.view.sample(&r.belief, &mut r.rng),
                &r.view,
                &r.battles,
                &[],
                &mut r.rng,
            );
            let (_, endings) = sample.battles.iter().find(|x| x.0 == b.move_index).unwrap();
            assert!((endings.iter().map(|x| x.0).sum::<f64>() - 1.0).abs() < 1e-9);
            if endings.len() == 2 {
                split += 1;
                assert!((endings[0].0 - e.candidates[0].chance).abs() < 1e-9);
            } else {
                assert_eq!(sample.pos.cell(b.defender).kind(), spy);
            }
        }
        assert!(split > 0);
    }

    /// Our identified Marshal stepping between the enemy's only two moved hidden pieces, one
    /// of which is the Spy for certain (the Flag never moves, the Marshal is known): two
    /// outcomes, the Spy on either side, and no "none of them".
    #[test]
    fn a_spy_certain_among_the_neighbours_leaves_no_other_outcome() {
        let mut r = root_of(
            "bF........bX+*/........../........../........../..__..__../..__..__../\
             ...b5+.bS+..../....rX+*...../........../.........rF r 0",
            11,
        );
        let e = r
            .exposures
            .iter()
            .find(|e| r.moves[e.move_index].to_string() == "e3e4")
            .unwrap();
        assert_eq!(e.candidates.len(), 2);
        let total: f64 = e.candidates.iter().map(|c| c.chance).sum();
        assert!((total - 1.0).abs() < 1e-9, "{:?}", e.candidates);
        let endings = e.endings(&r.view.sample(&r.belief, &mut r.rng), &r.view, &mut r.rng);
        assert_eq!(endings.len(), 2);
    }

    /// Giving a hidden piece another kind keeps the army's counts, around a ring of three
    /// where a plain swap cannot, and never loses the Flag.
    #[test]
    fn a_kind_given_to_a_piece_keeps_the_counts_and_the_flag() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let position = |sergeant: &str| {
            let text = format!(
                "bF........{sergeant}/........../........../....bS+...../..__..__../..__..__../\
                 ....rX+*...../........../........../.........rF r 0"
            );
            Position::from_text(Arc::clone(&rules), &text).unwrap()
        };
        let letter = |c: char| rules.kind_by_letter(c).unwrap();
        let square = |name: &str| name.parse::<Square>().unwrap();
        let pos = position("b4");
        let view = View::from_position(&pos);
        // The Spy has moved, so it cannot take the Flag: the Sergeant takes it.
        let changes = give_kind(&pos, &view, square("a10"), letter('S'), None);
        assert_eq!(
            changes,
            vec![
                (square("a10"), letter('S')),
                (square("e7"), letter('4')),
                (square("j10"), letter('F')),
            ]
        );
        // With no piece to take it, the Flag stays where it is.
        let pos = position(".");
        let view = View::from_position(&pos);
        assert!(give_kind(&pos, &view, square("a10"), letter('S'), None).is_empty());
    }

    #[test]
    fn a_blind_attack_below_the_root_counts_what_the_belief_expects() {
        let rules = Arc::new(Rules::preset("classic").unwrap());
        let text = "bBbFbB.b3b4..../r9...b5+...../....b6+*...../........../..__..__../\
                    ..__..__../........../........../........../r3........rF r 0";
        let pos = Position::from_text(Arc::clone(&rules), text).unwrap();
        let view = View::from_position(&pos);
        let belief = Belief::new(&view, Evidence::ALL);
        let mut rng = Rng::new(7);
        let marginals = belief.marginals(&view, &mut rng, MARGINAL_DRAWS);
        let doubted = Doubted::new(&rules, &marginals);
        let blind = BlindBattles::new(&view, &doubted);
        let square = |name: &str| name.parse::<Square>().unwrap();
        let covered = |name: &str| blind.expected[square(name).index()].is_some();
        for name in ["a10", "b10", "c10", "e10", "f10"] {
            assert!(covered(name), "{name}");
        }
        // A piece that moved, one identified, and an empty square are left to the sample.
        for name in ["e9", "e8", "d10"] {
            assert!(!covered(name), "{name}");
        }
        let letter = |c: char| rules.kind_by_letter(c).unwrap();
        let (general, miner) = (letter('9'), letter('3'));
        let index = view
            .enemy_pieces()
            .iter()
            .position(|p| p.square == Some(square("a10")))
            .unwrap();
        // Each attacker weighs the chances doubted for it.
        let mean = |attacker: usize| -> f64 {
            let marginal = doubted.for_attacker(&rules, attacker)[index];
            (0..rules.kinds().len())
                .map(|k| marginal[k] * f64::from(battle_gain(&rules, attacker, k)))
                .sum()
        };
        let a10 = blind.expected[square("a10").index()].unwrap();
        assert_eq!(a10[general], mean(general).round() as i32);
        assert_eq!(a10[miner], mean(miner).round() as i32);
        // Beside the Flag's likeliest square, a Miner expects more than the General does.
        assert!(a10[miner] > a10[general], "{a10:?}");
        // In every sampled army, the mean is the same and the sampled gain is the army's.
        let attack = Move {
            from: square("a9"),
            to: square("a10"),
            kind: crate::movegen::MoveKind::Step,
        };
        for _ in 0..10 {
            let sample = view.sample(&belief, &mut rng);
            let defender = sample.cell(attack.to).kind();
            assert_eq!(
                blind.gains(&sample, attack),
                Some((a10[general], battle_gain(&rules, general, defender)))
            );
        }
        assert_eq!(shifted(100, -30), 70);
        assert_eq!(shifted(WIN - 5, -30), WIN - 5);
    }

    /// Our attacks are weighed with each Bomb chance's odds multiplied by `BOMB_DOUBT` (by
    /// `STRONG_BOMB_DOUBT` for the strongest attackers) and the other kinds keeping their
    /// proportions; a piece that cannot be a Bomb, or must be one, keeps its chances.
    #[test]
    fn our_attacks_doubt_the_belief_about_bombs() {
        let rules = Rules::preset("classic").unwrap();
        let letter = |c: char| rules.kind_by_letter(c).unwrap();
        let (bomb, flag, scout) = (letter('B'), letter('F'), letter('2'));
        let mut maybe = [0.0; MAX_KINDS];
        (maybe[bomb], maybe[flag], maybe[scout]) = (0.2, 0.2, 0.6);
        let mut mover = [0.0; MAX_KINDS];
        (mover[scout], mover[letter('3')]) = (0.5, 0.5);
        let mut sure = [0.0; MAX_KINDS];
        sure[bomb] = 1.0;
        let doubted = doubt_bombs(&rules, &[maybe, mover, sure], BOMB_DOUBT);
        let odds = |p: f64| p / (1.0 - p);
        assert!((odds(doubted[0][bomb]) - BOMB_DOUBT * odds(0.2)).abs() < 1e-9);
        assert!((doubted[0].iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((doubted[0][flag] / doubted[0][scout] - 0.2 / 0.6).abs() < 1e-9);
        assert!(doubted[0][bomb] > 0.2 && doubted[0][flag] < 0.2);
        assert_eq!(doubted[1], mover);
        assert_eq!(doubted[2], sure);
        // The Marshal and the General, which lose the most to a Bomb, doubt it more.
        let by_attacker = Doubted::new(&rules, &[maybe]);
        let bomb_chance = |c: char| by_attacker.for_attacker(&rules, letter(c))[0][bomb];
        assert!(bomb_chance('X') > bomb_chance('8'));
        for (attacker, factor) in [('X', STRONG_BOMB_DOUBT), ('9', STRONG_BOMB_DOUBT)]
            .into_iter()
            .chain("8765432S".chars().map(|c| (c, BOMB_DOUBT)))
        {
            let chance = bomb_chance(attacker);
            assert!(
                (odds(chance) - factor * odds(0.2)).abs() < 1e-9,
                "{attacker}"
            );
        }
    }

    /// The kind index the chance tests below give the striker (any kind but 0 would do).
    const SPY: usize = 1;

    /// The Spy's threat to our Marshal, with the striker on [`SPY`].
    fn spy_threat() -> Threat {
        Threat {
            kinds: vec![SPY],
            moved_odds: MOVED_STRIKER_ODDS,
            doubt: SPY_DOUBT,
            min_chance: EXPOSURE_MIN_CHANCE,
        }
    }

    /// One marginal per chance: the striker with that chance, kind 0 with the rest.
    fn marginals(chances: &[f64]) -> Vec<[f64; MAX_KINDS]> {
        chances
            .iter()
            .map(|&c| {
                let mut m = [0.0; MAX_KINDS];
                m[SPY] = c;
                m[0] = 1.0 - c;
                m
            })
            .collect()
    }

    /// The `index`th hidden enemy piece as a neighbour, on a square of its own.
    fn neighbour(index: usize, moved: bool) -> Neighbour {
        Neighbour {
            square: Square::from_index(30 + index),
            index,
            moved,
        }
    }

    /// The striker's chances beside our piece are doubted together: a likely Spy beside an
    /// unlikely one is still an exposure, its share stays the larger, and "none of them"
    /// keeps a chance; a Spy certain to stand among them takes all of it.
    #[test]
    fn likely_strikers_side_by_side_are_doubted_together() {
        let neighbours = [neighbour(0, false), neighbour(1, false)];
        let both =
            exposure_candidates(&marginals(&[0.57, 0.03]), &neighbours, &spy_threat()).unwrap();
        assert_eq!(both.len(), 2);
        let total: f64 = both.iter().map(|c| c.chance).sum();
        assert!(
            (total - raise_odds(0.60, SPY_DOUBT)).abs() < 1e-9,
            "{both:?}"
        );
        assert!(total < 1.0 && both[0].chance > 0.57 && both[1].chance > 0.03);
        assert!((both[0].chance / both[1].chance - 19.0).abs() < 1e-9);
        // One alone is doubted as before.
        let one =
            exposure_candidates(&marginals(&[0.02]), &neighbours[..1], &spy_threat()).unwrap();
        assert!((one[0].chance - raise_odds(0.02, SPY_DOUBT)).abs() < 1e-12);
        // Too unlikely to count: no exposure.
        assert!(
            exposure_candidates(&marginals(&[0.0001]), &neighbours[..1], &spy_threat()).is_none()
        );
        // Certain between them: they share it all.
        let certain =
            exposure_candidates(&marginals(&[0.75, 0.25]), &neighbours, &spy_threat()).unwrap();
        let total: f64 = certain.iter().map(|c| c.chance).sum();
        assert!((total - 1.0).abs() < 1e-9, "{certain:?}");
    }

    /// A neighbour that has moved is doubted more than one that has not: its odds are
    /// multiplied by [`MOVED_STRIKER_ODDS`] before the neighbours' are raised together, so
    /// a moved piece too unlikely to count unmoved becomes an outcome of its own.
    #[test]
    fn a_moved_neighbour_is_doubted_more() {
        let rare = marginals(&[0.0005]);
        assert!(exposure_candidates(&rare, &[neighbour(0, false)], &spy_threat()).is_none());
        let moved = exposure_candidates(&rare, &[neighbour(0, true)], &spy_threat()).unwrap();
        let expected = raise_odds(raise_odds(0.0005, MOVED_STRIKER_ODDS), SPY_DOUBT);
        assert!((moved[0].chance - expected).abs() < 1e-12, "{moved:?}");
        // Beside an unmoved piece of the same chance, the moved one takes the larger share.
        let pair = [neighbour(0, true), neighbour(1, false)];
        let shared = exposure_candidates(&marginals(&[0.02, 0.02]), &pair, &spy_threat()).unwrap();
        let ratio = raise_odds(0.02, MOVED_STRIKER_ODDS) / 0.02;
        assert!(
            (shared[0].chance / shared[1].chance - ratio).abs() < 1e-9,
            "{shared:?}"
        );
    }
}
