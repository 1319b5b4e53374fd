//! Zobrist keys for piece placement and the side to move.

use super::MAILBOX;

/// Number of piece identities (owner × kind).
const IDENTITIES: usize = 32;

/// SplitMix64, run at compile time so the keys are fixed and the same on every build.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; MAILBOX]; IDENTITIES] {
    let mut keys = [[0u64; MAILBOX]; IDENTITIES];
    let mut state = 0x5354_5241_5441_4745; // "STRATAGE"
    let mut id = 0;
    while id < IDENTITIES {
        let mut sq = 0;
        while sq < MAILBOX {
            let (s, k) = splitmix(state);
            state = s;
            keys[id][sq] = k;
            sq += 1;
        }
        id += 1;
    }
    keys
}

const fn make_side_key() -> u64 {
    splitmix(0x424C_5545).1
}

/// Key of a piece identity on a square.
pub(crate) static PIECE_KEYS: [[u64; MAILBOX]; IDENTITIES] = make_keys();
/// Key toggled when Blue is to move.
pub(crate) const SIDE_KEY: u64 = make_side_key();
