//! How the multi-byte indexes (<https://encoding.spec.whatwg.org/#indexes>) are packed: the model
//! shared by `build.rs`, which encodes them, and `tables.rs`, which decodes them. Written once, for
//! both directions: a [`BitCoder`] either codes the bit it is given and returns it (encoding) or
//! ignores it and returns the bit it reads (decoding), so every `Model` method takes the value to
//! code and returns the value coded.
//!
//! An index is its entries in pointer order. Each entry is coded as the gap from the previous
//! pointer, the class of its code point (a range of Unicode, see [`CLASS_START`]) and a [`Step`]
//! from that class's cursor, the code point of the class's previous entry. Steps count only code
//! points no earlier entry has used, so the runs and sort orders of the indexes (radical and
//! stroke order is close to Unicode order) make them small. Every decision is a binary one,
//! coded with an adaptive probability chosen by context; numbers are Elias-gamma shaped: the
//! length in unary, then the two leading bits modelled, the rest at even odds.

/// Where each class of code points starts: symbols, CJK radicals to Bopomofo, CJK Extension A,
/// the CJK Unified Ideographs, Yi to Hangul, compatibility and forms, the planes above.
pub const CLASS_START: [u32; 7] = [0, 0x2E80, 0x3400, 0x4E00, 0xA000, 0xF900, 0x1_0000];

/// A binary decision with probability `prob / 65536` of 0 (see the module doc).
pub trait BitCoder {
    fn bit(&mut self, prob: &mut u16, bit: u32) -> u32;
    /// `n` (at most 16) bits at even odds, at once.
    fn raw_chunk(&mut self, bits: u32, n: u32) -> u32;

    /// `n` (at most 32) bits at even odds.
    fn raw(&mut self, bits: u32, n: u32) -> u32 {
        if n > 16 {
            let high = self.raw_chunk(bits >> 16, n - 16);
            high << 16 | self.raw_chunk(bits & 0xFFFF, 16)
        } else {
            self.raw_chunk(bits, n)
        }
    }
}

/// The starting probability: even odds.
const EVEN: u16 = 0x8000;

/// Moves `prob` towards the bit just coded, by 1/16 of the distance.
pub fn adapt(prob: &mut u16, bit: u32) {
    if bit == 0 {
        *prob += (0xFFFF - *prob) >> 4;
    } else {
        *prob -= *prob >> 4;
    }
}

/// How an entry's code point is reached from its class's cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Skip this many unused code points from the cursor upward (the cursor included) and take
    /// the next unused one.
    Up(u32),
    /// The unused code point that many + 1 places below the cursor.
    Down(u32),
    /// A code point an earlier entry used: its plain difference from the cursor.
    Again(i32),
}

impl Default for Step {
    fn default() -> Step {
        Step::Up(0)
    }
}

/// One entry: its pointer's gap from the previous pointer + 1, its class and its step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub gap: u32,
    pub class: usize,
    pub step: Step,
}

/// Longest unary length of a number: values below 2^22 - 1 (every code point fits).
const MAX_LEN: usize = 22;

/// The contexts of one kind of number.
#[derive(Clone)]
struct Gamma {
    len: [u16; MAX_LEN],
    /// The two bits after the leading 1, as a binary tree (nodes 1..=3) per length.
    top: [[u16; 4]; MAX_LEN + 1],
}

impl Gamma {
    const NEW: Gamma = Gamma {
        len: [EVEN; MAX_LEN],
        top: [[EVEN; 4]; MAX_LEN + 1],
    };

    /// Codes `v`, returns it and the length of `v + 1` in bits, minus one.
    fn code(&mut self, c: &mut impl BitCoder, v: u32) -> (u32, usize) {
        let v1 = v + 1;
        let want = (31 - v1.leading_zeros()) as usize;
        let mut len = 0;
        while len < MAX_LEN && c.bit(&mut self.len[len], u32::from(len < want)) == 1 {
            len += 1;
        }
        // The two bits after the leading 1 modelled, the rest at even odds.
        let (mut x, mut node) = (1u32, 1usize);
        let top = len.min(2);
        for i in (len - top..len).rev() {
            let b = c.bit(&mut self.top[len][node], (v1 >> i) & 1);
            node = node * 2 + b as usize;
            x = x * 2 + b;
        }
        let rest = (len - top) as u32;
        let x = x << rest | c.raw(v1 & ((1 << rest) - 1), rest);
        (x - 1, len)
    }
}

/// Kinds of step, for contexts.
const KINDS: usize = 3;
/// Lengths of the previous step that the step kind's contexts tell apart: 0, 1, 2, 3 or more
/// (more contexts, each learning from fewer steps, pack the indexes bigger).
const STEP_LENS: usize = 4;
/// Contexts for the step kind: previous kind × previous length (capped) × same class or not.
const KIND_CONTEXTS: usize = KINDS * STEP_LENS * 2;

/// The adaptive state of the model for one index, and the class cursors.
pub struct Model {
    gap: [Gamma; 4],
    prev_gap_len: usize,
    class: [[u16; 8]; CLASS_START.len()],
    prev_class: usize,
    /// Up (0) or not; then down (0) or again.
    kind: [[u16; 2]; KIND_CONTEXTS],
    sign: u16,
    magnitude: [Gamma; KINDS],
    prev_kind: usize,
    prev_len: usize,
    cursor: [u32; CLASS_START.len()],
}

impl Default for Model {
    fn default() -> Model {
        Model {
            gap: [Gamma::NEW; 4],
            prev_gap_len: 0,
            class: [[EVEN; 8]; CLASS_START.len()],
            prev_class: 3,
            kind: [[EVEN; 2]; KIND_CONTEXTS],
            sign: EVEN,
            magnitude: [Gamma::NEW; KINDS],
            prev_kind: 0,
            prev_len: 0,
            cursor: CLASS_START,
        }
    }
}

impl Model {
    /// The entry count, 24 bits at even odds.
    pub fn count(c: &mut impl BitCoder, n: u32) -> u32 {
        c.raw(n, 24)
    }

    /// Codes an entry (see the module doc) and returns it.
    pub fn entry(&mut self, c: &mut impl BitCoder, e: Entry) -> Entry {
        let (gap, len) = self.gap[self.prev_gap_len].code(c, e.gap);
        self.prev_gap_len = len.min(3);

        // Mostly the previous entry's class: one decision, else the class in three.
        let probs = &mut self.class[self.prev_class];
        let class = if c.bit(&mut probs[0], u32::from(e.class != self.prev_class)) == 0 {
            self.prev_class
        } else {
            let mut node = 1;
            for i in (0..3).rev() {
                node = node * 2 + c.bit(&mut probs[node], (e.class as u32 >> i) & 1) as usize;
            }
            (node - 8).min(CLASS_START.len() - 1)
        };
        let context = (self.prev_kind * STEP_LENS + self.prev_len) * 2
            + usize::from(class == self.prev_class);
        let (kind, v) = match e.step {
            Step::Up(n) => (0, n),
            Step::Down(n) => (1, n),
            Step::Again(d) => (2, d.unsigned_abs()),
        };
        let probs = &mut self.kind[context];
        let kind = match c.bit(&mut probs[0], u32::from(kind != 0)) {
            0 => 0,
            _ => 1 + c.bit(&mut probs[1], u32::from(kind == 2)) as usize,
        };
        let sign = u32::from(matches!(e.step, Step::Again(d) if d < 0));
        let negative = kind == 2 && c.bit(&mut self.sign, sign) == 1;
        let (v, len) = self.magnitude[kind].code(c, v);
        let step = match kind {
            0 => Step::Up(v),
            1 => Step::Down(v),
            _ => Step::Again(if negative { -(v as i32) } else { v as i32 }),
        };
        self.prev_kind = kind;
        self.prev_len = len.min(STEP_LENS - 1);
        self.prev_class = class;
        Entry { gap, class, step }
    }

    /// The cursor of `class`: where its steps start.
    pub fn cursor(&self, class: usize) -> u32 {
        self.cursor[class]
    }

    /// Records the code point an entry of `class` landed on.
    pub fn landed(&mut self, class: usize, code_point: u32) {
        self.cursor[class] = code_point;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes bits as they are given, keeping them, or gives back the bits kept, in order.
    #[derive(Default)]
    struct Tape {
        bits: Vec<u32>,
        at: Option<usize>,
    }

    impl Tape {
        fn next(&mut self, bit: u32) -> u32 {
            match &mut self.at {
                None => {
                    self.bits.push(bit);
                    bit
                }
                Some(at) => {
                    *at += 1;
                    self.bits[*at - 1]
                }
            }
        }
    }

    impl BitCoder for Tape {
        fn bit(&mut self, prob: &mut u16, bit: u32) -> u32 {
            let bit = self.next(bit);
            adapt(prob, bit);
            bit
        }

        fn raw_chunk(&mut self, bits: u32, n: u32) -> u32 {
            // As the range coders: `raw` splits longer runs.
            assert!(n <= 16, "{n} bits in one chunk");
            (0..n)
                .rev()
                .fold(0, |v, i| v << 1 | self.next(bits >> i & 1))
        }
    }

    #[test]
    fn entries_of_every_size_code_and_decode_to_themselves() {
        // Up to the largest number the model takes (below 2^22 - 1), beyond what today's indexes
        // need: a count over 16 bits, gaps and steps over 17.
        let big = (1 << 22) - 2;
        let steps = [
            Step::Up(0),
            Step::Up(big),
            Step::Down(0),
            Step::Down(70_000),
            Step::Again(-(big as i32)),
            Step::Again(1),
            Step::Up(300_000),
        ];
        let entries: Vec<Entry> = (0..70)
            .map(|i| Entry {
                gap: [0, 1, 5, 200_000, big][i % 5],
                class: i % CLASS_START.len(),
                step: steps[i % steps.len()],
            })
            .collect();
        let mut tape = Tape::default();
        let mut model = Model::default();
        assert_eq!(Model::count(&mut tape, 70_000), 70_000);
        for &e in &entries {
            assert_eq!(model.entry(&mut tape, e), e);
        }
        tape.at = Some(0);
        let mut model = Model::default();
        assert_eq!(Model::count(&mut tape, 0), 70_000);
        for &e in &entries {
            assert_eq!(model.entry(&mut tape, Entry::default()), e);
        }
        assert_eq!(tape.at, Some(tape.bits.len()));
    }
}
