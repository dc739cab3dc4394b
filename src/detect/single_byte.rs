//! A single-byte candidate: each byte is a character class of its language group, and the text's
//! cost in each of the group's languages is the sum of that language's costs for each adjacent
//! pair of classes that holds non-ASCII (the ASCII pairs, the same for every candidate, are
//! counted once by the detector).

use super::model::{GROUPS, SINGLE_BYTE};
use super::tables::{byte, Group, IMPOSSIBLE};

/// The most languages a group has.
pub const MAX_LANGUAGES: usize = 17;

/// The cost, in model units, of a byte the encoding maps to no character or to a C1 control:
/// about a character of a foreign script, so rare stray bytes do not rule the encoding out.
pub(super) const IMPOSSIBLE_COST: u64 = 320;

/// ASCII's classes: 0 non-letters, 1 vowels, 2 consonants.
pub const ASCII_CLASSES: u8 = 3;

/// Every ASCII byte's class without its case.
const ASCII_KINDS: [u8; 128] = {
    let mut kinds = [0; 128];
    let mut b = 0;
    while b < 128 {
        kinds[b] = match (b as u8).to_ascii_lowercase() {
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y' => 1,
            b'a'..=b'z' => 2,
            _ => 0,
        };
        b += 1;
    }
    kinds
};

/// An ASCII byte's class without its case (`ASCII_CLASSES` for a non-ASCII byte).
#[inline]
pub fn ascii_kind(b: u8) -> u8 {
    ASCII_KINDS
        .get(usize::from(b))
        .copied()
        .unwrap_or(ASCII_CLASSES)
}

/// An ASCII byte's class and case (bits 6-7: 1 lower, 2 upper).
#[inline]
fn ascii_class(b: u8) -> u8 {
    let case = match b {
        b'a'..=b'z' => 1 << 6,
        b'A'..=b'Z' => 2 << 6,
        _ => 0,
    };
    ascii_kind(b) | case
}

#[derive(Clone)]
pub struct SingleByte {
    /// Index into `SINGLE_BYTE`.
    pub which: usize,
    /// The previous byte's class and case.
    pub(super) prev: u8,
    /// The cost so far in each of the group's languages.
    pub costs: [u64; MAX_LANGUAGES],
    /// The languages no longer scored (bit i for language i).
    pub pruned: u32,
    /// The group's index (bits 56-63) and the sum of the non-ASCII bytes' classes: the group's
    /// alphabet is in order of frequency in all its languages, so the lower the sum, the commoner
    /// the text's letters in the group as a whole.
    pub rarity: u64,
}

impl SingleByte {
    pub fn new(which: usize) -> Self {
        SingleByte {
            which,
            prev: 0,
            costs: [0; MAX_LANGUAGES],
            pruned: 0,
            rarity: (SINGLE_BYTE[which].1 as u64) << 56,
        }
    }

    pub fn group(&self) -> &'static Group {
        &GROUPS[SINGLE_BYTE[self.which].1]
    }

    /// The languages it is scored in: its group's, at most `MAX_LANGUAGES`.
    pub fn languages(&self) -> usize {
        self.group().languages.min(MAX_LANGUAGES)
    }

    /// Whether every language of the group is pruned.
    pub fn out(&self) -> bool {
        self.pruned.count_ones() as usize >= self.languages()
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        let classes = SINGLE_BYTE[self.which].2;
        let group = self.group();
        // The languages still scored, by where their tables start.
        let mut active = [(0usize, 0usize); MAX_LANGUAGES];
        let mut n = 0;
        for l in 0..self.languages() {
            if self.pruned & (1 << l) == 0 {
                active[n] = (l, group.table(l));
                n += 1;
            }
        }
        let active = &active[..n];
        let mut prev = self.prev;
        let mut costs = [0u64; MAX_LANGUAGES];
        for &b in bytes {
            let class = if b < 0x80 {
                if prev & 63 < ASCII_CLASSES {
                    prev = ascii_class(b);
                    continue;
                }
                ascii_class(b)
            } else {
                let class = byte(classes + usize::from(b - 0x80));
                self.rarity += u64::from(class & 63);
                class
            };
            if class & 63 == IMPOSSIBLE {
                for cost in &mut costs[..n] {
                    *cost += IMPOSSIBLE_COST;
                }
                prev = 0;
                continue;
            }
            let (pair, case) = group.offsets(prev & 63, prev >> 6, class & 63, class >> 6);
            for (cost, &(_, table)) in costs.iter_mut().zip(active) {
                *cost += u64::from(byte(table + pair)) + u64::from(byte(table + case));
            }
            prev = class;
        }
        self.prev = prev;
        for (cost, &(l, _)) in costs.iter().zip(active) {
            self.costs[l] += cost;
        }
    }
}
