//! A single-byte candidate: each byte is a character class of its language group, and the text's
//! cost is the sum of the group's costs for each adjacent pair of classes that holds non-ASCII.

use super::model::{GROUPS, SINGLE_BYTE};
use super::tables::{byte, IMPOSSIBLE};

/// The cost, in model units, of a byte the encoding maps to no character or to a C1 control:
/// about a character of a foreign script, so rare stray bytes do not rule the encoding out.
const IMPOSSIBLE_COST: u32 = 320;

/// An ASCII byte's class: 1 for a letter (case 1 lower, 2 upper), 0 for anything else.
#[inline]
fn ascii_class(b: u8) -> u8 {
    match b {
        b'a'..=b'z' => 1 | (1 << 6),
        b'A'..=b'Z' => 1 | (2 << 6),
        _ => 0,
    }
}

pub struct SingleByte {
    /// Index into `SINGLE_BYTE`.
    pub which: usize,
    /// The previous byte's class and case.
    prev: u8,
    pub cost: u64,
}

impl SingleByte {
    pub fn new(which: usize) -> Self {
        SingleByte {
            which,
            prev: 0,
            cost: 0,
        }
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        let Some(&(_, group, classes)) = SINGLE_BYTE.get(self.which) else {
            return;
        };
        let Some(group) = GROUPS.get(group) else {
            return;
        };
        let mut prev = self.prev;
        let mut cost = 0u64;
        for &b in bytes {
            let class = if b < 0x80 {
                if prev & 63 < 2 {
                    // ASCII after ASCII: the same for every candidate, so not counted.
                    prev = ascii_class(b);
                    continue;
                }
                ascii_class(b)
            } else {
                byte(classes + usize::from(b - 0x80))
            };
            if class & 63 == IMPOSSIBLE {
                cost += u64::from(IMPOSSIBLE_COST);
                prev = 0;
                continue;
            }
            cost += u64::from(group.cost(prev & 63, prev >> 6, class & 63, class >> 6));
            prev = class;
        }
        self.prev = prev;
        self.cost += cost;
    }
}
