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
