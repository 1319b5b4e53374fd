//! The transposition table: what earlier searches found about a position, keyed by its
//! Zobrist hash, so that iterative deepening and the many sampled armies (which share most
//! of their positions) reuse it for cutoffs and move ordering.
//!
//! Each slot is two atomic words, the key xored with the data and the data itself, so that
//! threads share the table without locks: a slot torn by two writers fails its key check
//! and is ignored.

use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a cutoff).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Index of the best move in the position's generated move list, with its squares to
    /// check it (the list can differ where the repetition rules differ).
    pub move_index: u16,
    pub from: u8,
    pub to: u8,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
}

impl Entry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.move_index as u64 & 0x3FF)
            | (self.from as u64) << 10
            | (self.to as u64) << 18
            | ((self.score as i16) as u16 as u64) << 26
            | (self.depth as u64) << 42
            | bound << 50
            | 1 << 52
    }

    fn unpack(data: u64) -> Option<Entry> {
        if data >> 52 & 1 == 0 {
            return None;
        }
        let bound = match data >> 50 & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            move_index: (data & 0x3FF) as u16,
            from: (data >> 10) as u8,
            to: (data >> 18) as u8,
            score: (data >> 26) as u16 as i16 as i32,
            depth: (data >> 42) as u8,
            bound,
        })
    }
}

/// A table of `2^n` slots.
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} slots)", self.slots.len())
    }
}

impl Table {
    /// A table of at most `megabytes` MiB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let mut n = 1usize;
        while n * 2 * 16 <= bytes {
            n *= 2;
        }
        Table {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: n - 1,
        }
    }

    /// Empties every slot.
    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let (k, data) = (
            slot[0].load(Ordering::Relaxed),
            slot[1].load(Ordering::Relaxed),
        );
        if k ^ data != key {
            return None;
        }
        Entry::unpack(data)
    }

    /// Stores `entry`, replacing what was there unless that was deeper for the same key.
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        if let Some(old) = self.probe(key) {
            if old.depth > entry.depth && entry.bound != Bound::Exact {
                return;
            }
        }
        let data = entry.pack();
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_keys_are_checked() {
        let table = Table::new(1);
        let e = Entry {
            move_index: 513,
            from: 200,
            to: 17,
            score: -29_950,
            depth: 12,
            bound: Bound::Upper,
        };
        table.store(0xDEAD_BEEF, e);
        assert_eq!(table.probe(0xDEAD_BEEF), Some(e));
        assert_eq!(table.probe(0xDEAD_BEEF ^ (1 << 40)), None);
        table.clear();
        assert_eq!(table.probe(0xDEAD_BEEF), None);
    }
}
