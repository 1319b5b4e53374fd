//! Piece kinds: what a piece is called, how it is written, how it moves and fights.

/// How far a piece moves in one ordinary move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    /// Never moves (Bomb, Flag).
    Immobile,
    /// One square orthogonally.
    Step,
    /// Any number of empty squares in a straight orthogonal line (the Scout).
    Line,
    /// One square in any of the 8 directions, or two in a straight line over an empty
    /// square (the rank duel).
    Duel,
}

/// A power: what a fantasy piece may do instead of an ordinary move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Power {
    /// Over occupied squares to the first empty square beyond (the Dragon).
    Flight,
    /// Two squares straight through an empty square (the Knight, the Shifter).
    TwoStep,
    /// Makes an enemy piece within reach show its rank (the Sorceress).
    Reveal,
    /// Turns a lower enemy piece within reach to its side (the Mage).
    Hypnotise,
    /// Attacks every enemy neighbour at once (the Elemental).
    Strike,
    /// Removes a lower enemy piece in a clear line within reach (the Elf).
    Shoot,
}

/// The role a kind plays in a battle beyond its rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BattleRole {
    /// Rank decides.
    Plain,
    /// Loses to every attacker; its capture ends the game.
    Flag,
    /// Beats every attacker that does not defuse it.
    Bomb,
}

/// A special move a kind may make when the rule set enables it (Probe's Enhanced mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// One square diagonally (the Captain).
    Diagonal,
    /// Over an adjacent piece to the square beyond (the Lieutenant).
    Jump,
    /// Across a barrier to the first square beyond (the Sergeant).
    BarrierCross,
}

/// One kind of piece in a rule set.
///
/// Kinds are data: a preset is a list of them, and battles are resolved by a table computed
/// from their ranks and roles (see [`crate::rules::Rules`]). New kinds with powers (the fantasy
/// edition, the hidden-rank duel) add fields here and action kinds in
/// [`crate::movegen::MoveKind`]; the board and the battle table need no change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// Lower-case English name, also used by the `count.<name>` option.
    pub name: &'static str,
    /// The character every text format uses for this kind (`X`, `9` … `2`, `S`, `B`, `F`).
    pub letter: char,
    /// Modern rank (10 Marshal … 1 Spy); 0 for kinds without a rank (Bomb, Flag).
    pub rank: u8,
    /// How many pieces of this kind each side has.
    pub count: u8,
    pub mobility: Mobility,
    pub role: BattleRole,
    /// Removes Bombs when it attacks them (the Miner).
    pub defuses_bombs: bool,
    /// Wins when it attacks a piece of this letter, whatever the ranks (the Spy and the Marshal).
    pub assassinates: Option<char>,
    /// Its special move, if any; the rule set's options say whether it is enabled.
    pub special: Option<Special>,
    /// Its power, if any (the fantasy edition).
    pub power: Option<Power>,
    /// The kind this one is promoted from (the duel's 6 from the 3): a promoted piece takes
    /// the place of its original in the piece counts.
    pub promoted_from: Option<char>,
}

impl PieceKind {
    /// How the rank is shown to people in the old (Probe, American) numbering, where the
    /// Marshal is 1 and the Scout 9.
    pub fn old_rank_label(&self) -> String {
        match self.role {
            BattleRole::Flag => "F".into(),
            BattleRole::Bomb => "B".into(),
            BattleRole::Plain if self.rank == 1 => "S".into(),
            BattleRole::Plain => (11 - self.rank as i32).to_string(),
        }
    }

    /// How the rank is shown in the modern numbering (10 Marshal … 1 Spy).
    pub fn modern_rank_label(&self) -> String {
        match self.role {
            BattleRole::Flag => "F".into(),
            BattleRole::Bomb => "B".into(),
            BattleRole::Plain if self.rank == 1 => "S".into(),
            BattleRole::Plain => self.rank.to_string(),
        }
    }
}

const fn plain(name: &'static str, letter: char, rank: u8, count: u8) -> PieceKind {
    PieceKind {
        name,
        letter,
        rank,
        count,
        mobility: Mobility::Step,
        role: BattleRole::Plain,
        defuses_bombs: false,
        assassinates: None,
        special: None,
        power: None,
        promoted_from: None,
    }
}

/// The twelve kinds of classic Stratego with the classic counts (40 pieces).
pub fn classic_kinds() -> Vec<PieceKind> {
    vec![
        plain("marshal", 'X', 10, 1),
        plain("general", '9', 9, 1),
        plain("colonel", '8', 8, 2),
        plain("major", '7', 7, 3),
        PieceKind {
            special: Some(Special::Diagonal),
            ..plain("captain", '6', 6, 4)
        },
        PieceKind {
            special: Some(Special::Jump),
            ..plain("lieutenant", '5', 5, 4)
        },
        PieceKind {
            special: Some(Special::BarrierCross),
            ..plain("sergeant", '4', 4, 4)
        },
        PieceKind {
            defuses_bombs: true,
            ..plain("miner", '3', 3, 5)
        },
        PieceKind {
            mobility: Mobility::Line,
            ..plain("scout", '2', 2, 8)
        },
        PieceKind {
            assassinates: Some('X'),
            ..plain("spy", 'S', 1, 1)
        },
        PieceKind {
            mobility: Mobility::Immobile,
            role: BattleRole::Bomb,
            ..plain("bomb", 'B', 0, 6)
        },
        PieceKind {
            mobility: Mobility::Immobile,
            role: BattleRole::Flag,
            ..plain("flag", 'F', 0, 1)
        },
    ]
}

/// The fantasy edition's twelve kinds with the 40-piece counts (`docs/rules.md`).
pub fn fantasy_kinds() -> Vec<PieceKind> {
    let power = |p: Power, k: PieceKind| PieceKind {
        power: Some(p),
        ..k
    };
    vec![
        power(Power::Flight, plain("dragon", 'X', 10, 1)),
        power(Power::Reveal, plain("sorceress", '9', 9, 1)),
        power(Power::TwoStep, plain("knight", '8', 8, 2)),
        power(Power::TwoStep, plain("shifter", '7', 7, 3)),
        power(Power::Hypnotise, plain("mage", '6', 6, 4)),
        power(Power::Strike, plain("elemental", '5', 5, 4)),
        power(Power::Shoot, plain("elf", '4', 4, 4)),
        PieceKind {
            defuses_bombs: true,
            ..plain("dwarf", '3', 3, 5)
        },
        PieceKind {
            mobility: Mobility::Line,
            ..plain("scout", '2', 2, 8)
        },
        PieceKind {
            assassinates: Some('X'),
            ..plain("slayer", 'S', 1, 1)
        },
        PieceKind {
            mobility: Mobility::Immobile,
            role: BattleRole::Bomb,
            ..plain("trap", 'T', 0, 6)
        },
        PieceKind {
            mobility: Mobility::Immobile,
            role: BattleRole::Flag,
            ..plain("flag", 'F', 0, 1)
        },
    ]
}

/// The rank duel's kinds: ranks 1 to 5, one each, and the 6 that only promotion makes.
pub fn duel_kinds() -> Vec<PieceKind> {
    let duel = |name, letter, rank, count| PieceKind {
        mobility: Mobility::Duel,
        ..plain(name, letter, rank, count)
    };
    vec![
        duel("one", '1', 1, 1),
        duel("two", '2', 2, 1),
        duel("three", '3', 3, 1),
        duel("four", '4', 4, 1),
        duel("five", '5', 5, 1),
        PieceKind {
            promoted_from: Some('3'),
            ..duel("six", '6', 6, 0)
        },
    ]
}
