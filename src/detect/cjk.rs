//! The CJK candidates: each follows its encoding's byte structure (a byte sequence the decoder
//! would find an error in rules the encoding out) and adds, for every character, the cost of its
//! frequency class in the language's text.

use super::model::CJK;
use super::tables::Cjk;
use crate::Encoding;

const JIS0208: usize = 0;
const EUC_KR: usize = 1;
const BIG5: usize = 2;
const GB18030: usize = 3;

/// The pointers that have a code point in index jis0212 (indexes/index-jis0212.txt), as runs
/// (first, last).
pub(super) const JIS0212_POINTERS: [(u16, u16); 23] = [
    (108, 118),
    (127, 129),
    (168, 174),
    (534, 538),
    (540, 540),
    (542, 543),
    (545, 545),
    (550, 561),
    (597, 609),
    (645, 657),
    (752, 753),
    (755, 755),
    (757, 757),
    (759, 760),
    (762, 764),
    (766, 767),
    (784, 799),
    (846, 869),
    (871, 932),
    (940, 966),
    (968, 974),
    (976, 1026),
    (1410, 7210),
];

/// The multi-byte encodings considered, in the order of `CjkCandidate::encoding`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    ShiftJis,
    EucJp,
    EucKr,
    Big5,
    Gbk,
}

#[derive(Clone)]
pub struct CjkCandidate {
    pub kind: Kind,
    /// Bytes of an unfinished character (0 when none).
    pub(super) pending: [u8; 3],
    pub(super) cost: u64,
    pub disqualified: bool,
}

impl CjkCandidate {
    pub fn new(kind: Kind) -> Self {
        CjkCandidate {
            kind,
            pending: [0; 3],
            cost: 0,
            disqualified: false,
        }
    }

    pub fn encoding(&self) -> Encoding {
        match self.kind {
            Kind::ShiftJis => Encoding::ShiftJis,
            Kind::EucJp => Encoding::EucJp,
            Kind::EucKr => Encoding::EucKr,
            Kind::Big5 => Encoding::Big5,
            Kind::Gbk => Encoding::Gbk,
        }
    }

    /// The input ends: an unfinished character is an error, as it is to the decoder.
    pub fn end(&mut self) {
        self.disqualified |= self.pending[0] != 0;
    }

    /// The cost so far, an unfinished character costing as a rare one (the input may yet end
    /// there).
    pub fn cost(&self) -> u64 {
        let unfinished = if self.pending[0] == 0 {
            0
        } else {
            self.table().rare()
        };
        self.cost + u64::from(unfinished)
    }

    /// Which of `CJK` models the encoding's characters.
    pub fn table_index(&self) -> usize {
        match self.kind {
            Kind::ShiftJis | Kind::EucJp => JIS0208,
            Kind::EucKr => EUC_KR,
            Kind::Big5 => BIG5,
            Kind::Gbk => GB18030,
        }
    }

    fn table(&self) -> &'static Cjk {
        &CJK[self.table_index()]
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        let table = self.table();
        let mut cost = 0u64;
        for &b in bytes {
            if self.disqualified {
                return;
            }
            if self.pending[0] == 0 && b < 0x80 {
                continue;
            }
            match self.step(table, b) {
                Some(c) => cost += u64::from(c),
                None => self.disqualified = true,
            }
        }
        self.cost += cost;
    }

    /// One byte of a character (after its first non-ASCII byte): the cost of a character it
    /// completes (0 while incomplete), or `None` where the decoder would find an error.
    #[inline]
    fn step(&mut self, table: &Cjk, b: u8) -> Option<u32> {
        let [lead, second, third] = self.pending;
        let done = |this: &mut Self, cost| {
            this.pending = [0; 3];
            cost
        };
        match self.kind {
            // https://encoding.spec.whatwg.org/#shift_jis-decoder
            Kind::ShiftJis => match (lead, b) {
                // U+0080 and the half-width katakana: single bytes, costed as rare characters.
                (0, 0x80 | 0xA1..=0xDF) => Some(table.rare()),
                (0, 0x81..=0x9F | 0xE0..=0xFC) => {
                    self.pending[0] = b;
                    Some(0)
                }
                (0, _) => None,
                (_, 0x40..=0x7E | 0x80..=0xFC) => {
                    let l = usize::from(lead - if lead < 0xA0 { 0x81 } else { 0xC1 });
                    let t = usize::from(b - if b < 0x7F { 0x40 } else { 0x41 });
                    let pointer = l * 188 + t;
                    // The decoder maps pointers 8836 to 10715 to private use: rare characters.
                    let cost = match pointer {
                        8836..=10715 => Some(table.rare()),
                        _ => table.cost(pointer),
                    };
                    done(self, cost)
                }
                _ => None,
            },
            // https://encoding.spec.whatwg.org/#euc-jp-decoder
            Kind::EucJp => match (lead, second, b) {
                (0, _, 0x8E | 0x8F | 0xA1..=0xFE) => {
                    self.pending[0] = b;
                    Some(0)
                }
                (0x8E, _, 0xA1..=0xDF) => done(self, Some(table.rare())),
                (0x8F, 0, 0xA1..=0xFE) => {
                    self.pending[1] = b;
                    Some(0)
                }
                // JIS X 0212: rare, and not in the frequency table; an error where its index has
                // no code point.
                (0x8F, _, 0xA1..=0xFE) => {
                    let pointer = u16::from(second - 0xA1) * 94 + u16::from(b - 0xA1);
                    let found = JIS0212_POINTERS
                        .iter()
                        .any(|&(first, last)| (first..=last).contains(&pointer));
                    done(self, found.then(|| table.rare()))
                }
                (0xA1..=0xFE, _, 0xA1..=0xFE) => {
                    let pointer = usize::from(lead - 0xA1) * 94 + usize::from(b - 0xA1);
                    done(self, table.cost(pointer))
                }
                _ => None,
            },
            // https://encoding.spec.whatwg.org/#euc-kr-decoder
            Kind::EucKr => match (lead, b) {
                (0, 0x81..=0xFE) => {
                    self.pending[0] = b;
                    Some(0)
                }
                (0, _) => None,
                (_, 0x41..=0xFE) => {
                    let pointer = usize::from(lead - 0x81) * 190 + usize::from(b - 0x41);
                    done(self, table.cost(pointer))
                }
                _ => None,
            },
            // https://encoding.spec.whatwg.org/#big5-decoder
            Kind::Big5 => match (lead, b) {
                (0, 0x81..=0xFE) => {
                    self.pending[0] = b;
                    Some(0)
                }
                (_, 0x40..=0x7E | 0xA1..=0xFE) => {
                    let t = usize::from(b - if b < 0x7F { 0x40 } else { 0x62 });
                    let pointer = usize::from(lead - 0x81) * 157 + t;
                    // The decoder's four pointers that give two code points each: rare ones.
                    let cost = match pointer {
                        1133 | 1135 | 1164 | 1166 => Some(table.rare()),
                        _ => table.cost(pointer),
                    };
                    done(self, cost)
                }
                _ => None,
            },
            // https://encoding.spec.whatwg.org/#gb18030-decoder
            Kind::Gbk => match (lead, second, third, b) {
                (0, _, _, 0x80) => Some(table.rare()),
                (0, _, _, 0x81..=0xFE) => {
                    self.pending[0] = b;
                    Some(0)
                }
                (_, 0, _, 0x30..=0x39) => {
                    self.pending[1] = b;
                    Some(0)
                }
                (_, 0, _, 0x40..=0x7E | 0x80..=0xFE) => {
                    let t = usize::from(b - if b < 0x7F { 0x40 } else { 0x41 });
                    done(self, table.cost(usize::from(lead - 0x81) * 190 + t))
                }
                (_, 0x30..=0x39, 0, 0x81..=0xFE) => {
                    self.pending[2] = b;
                    Some(0)
                }
                // A four-byte sequence: rare, and not in the frequency table; an error where the
                // index gb18030 ranges code point is null.
                (_, 0x30..=0x39, 0x81..=0xFE, 0x30..=0x39) => {
                    let pointer = ((u32::from(lead - 0x81) * 10 + u32::from(second - 0x30)) * 126
                        + u32::from(third - 0x81))
                        * 10
                        + u32::from(b - 0x30);
                    let null = (39420..189_000).contains(&pointer) || pointer > 1_237_575;
                    done(self, (!null).then(|| table.rare()))
                }
                _ => None,
            },
        }
    }
}
