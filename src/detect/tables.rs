//! Reading the trained tables in `model.bin` (see `detect/train.mjs` for how they are made).

use super::model::DATA;

/// A class no character of the encoding has: an unmapped byte or a C1 control.
pub const IMPOSSIBLE: u8 = 63;

/// A single-byte language group: its number of character classes and of languages, and where
/// its languages' tables start in `DATA`, one after the other. Each language's table holds its
/// pair costs (`classes` × `classes`), its letter-case pair costs (3 × 3) and its ASCII pair
/// costs (3 × 3 little-endian u16).
pub struct Group {
    pub classes: usize,
    pub languages: usize,
    pub at: usize,
}

impl Group {
    /// Where language `language`'s table starts.
    #[inline]
    pub fn table(&self, language: usize) -> usize {
        self.at + language * (self.classes * self.classes + 9 + 18)
    }

    /// Where, in a language's table, the cost of class `b` (with case `cb`) after class `a`
    /// (with case `ca`) is, and the cost of the pair of cases.
    #[inline]
    pub fn offsets(&self, a: u8, ca: u8, b: u8, cb: u8) -> (usize, usize) {
        let pair = usize::from(a) * self.classes + usize::from(b);
        let case = self.classes * self.classes + usize::from(ca) * 3 + usize::from(cb);
        (pair, case)
    }

    /// Where language `language`'s ASCII pair costs start.
    pub fn ascii_table(&self, language: usize) -> usize {
        self.table(language) + self.classes * self.classes + 9
    }
}

/// A CJK index's 2-bit frequency classes by pointer (0: no character there), the cost of a
/// character of classes 1 to 3, and where its ASCII pair costs start.
pub struct Cjk {
    pub pointers: usize,
    pub costs: [u8; 3],
    pub table: usize,
    pub ascii: usize,
}

impl Cjk {
    /// The frequency class of the character at `pointer`, 0 where the index has none.
    #[inline]
    pub fn class(&self, pointer: usize) -> u8 {
        if pointer >= self.pointers {
            return 0;
        }
        (byte(self.table + pointer / 4) >> ((pointer % 4) * 2)) & 3
    }

    /// The cost of the character at `pointer`, or `None` where the index has none.
    #[inline]
    pub fn cost(&self, pointer: usize) -> Option<u32> {
        match self.class(pointer) {
            0 => None,
            c => Some(u32::from(self.costs[usize::from(c) - 1])),
        }
    }

    /// The cost of a rare character (class 1).
    pub fn rare(&self) -> u32 {
        u32::from(self.costs[0])
    }
}

/// The cost, in units of 1/`ASCII_SCALE` nat, of every ASCII byte after an ASCII byte in text
/// that has `counts` such pairs (by ASCII class, then ASCII class), from the table at `at`.
pub fn ascii_cost(at: usize, counts: &[u64; 9]) -> u64 {
    (0..9)
        .map(|k| {
            counts[k] * u64::from(u16::from_le_bytes([byte(at + 2 * k), byte(at + 2 * k + 1)]))
        })
        .sum()
}

/// A byte of the model; the generated offsets are all in range, and 255 (the highest cost)
/// stands in should one not be.
#[inline]
pub fn byte(i: usize) -> u8 {
    DATA.get(i).copied().unwrap_or(u8::MAX)
}
