//! A detector's state as bytes, so that its owner (the JS `Detector`) can keep it and the wasm
//! module holds none between calls: `Detector::save` writes every field, part by part, as
//! little-endian integers (bools as 0 or 1), and `Detector::restore` reads them back, refusing any
//! bytes `save` never writes, so that no index or shift made later from a field can go out of range,
//! and no cost or count beyond what the bytes fed can add, so that no sum made of them overflows.
//! (A detector fed more than `MAX_FED` bytes, 64 TiB, is not restored: its sums may overflow.)
//! Both go through each part's one `walk` over its fields, which says each field's place and the
//! values it may have: a field added to a part is added there, and its bytes to the part's length
//! here (the round trip in the tests fails until the two agree).

use super::cjk::CjkCandidate;
use super::model::{GROUPS, SINGLE_BYTE};
use super::single_byte::{SingleByte, ASCII_CLASSES, IMPOSSIBLE_COST, MAX_LANGUAGES};
use super::{Detector, Iso2022Jp, Utf8};

/// The bytes of a saved `Utf8`: needed, lower, upper, invalid.
const UTF8_LEN: usize = 4;
/// The bytes of a saved `Iso2022Jp`: escape (2), escape_len, japanese, invalid.
const ISO_2022_JP_LEN: usize = 5;
/// The bytes of a saved `CjkCandidate`: pending (3), cost (8), disqualified.
const CJK_LEN: usize = 12;

/// The bytes of a saved `SingleByte` of candidate `which`: prev, a cost for each of its group's
/// languages (8 each), pruned (4), rarity (8).
const fn single_byte_len(which: usize) -> usize {
    let languages = GROUPS[SINGLE_BYTE[which].1].languages;
    let languages = if languages < MAX_LANGUAGES {
        languages
    } else {
        MAX_LANGUAGES
    };
    1 + 8 * languages + 4 + 8
}

/// The bytes of a saved `Detector`: head (3), head_len, fed (8), non_ascii, ascii_pairs (9 × 8),
/// last_kind, then its parts, then koi8_u_only.
pub const STATE_LEN: usize = {
    let mut len = 3 + 1 + 8 + 1 + 9 * 8 + 1 + UTF8_LEN + ISO_2022_JP_LEN;
    let mut which = 0;
    while which < SINGLE_BYTE.len() {
        len += single_byte_len(which);
        which += 1;
    }
    len + 5 * CJK_LEN + 1
};

/// The most bytes fed a state may say, so that the detector's largest sum stays below 2^63: a
/// single-byte language's cost (at most `SINGLE_BYTE_MAX` a byte, times `ASCII_SCALE / SCALE` =
/// 32) plus its ASCII pairs' (at most 65,535 a byte), under 2^17 a byte.
const MAX_FED: u64 = 1 << 46;
/// The most a byte adds to a single-byte candidate's cost in a language: a pair's cost and a
/// case's (a byte of the model each), or `IMPOSSIBLE_COST`.
const SINGLE_BYTE_MAX: u64 = if IMPOSSIBLE_COST > 2 * 255 {
    IMPOSSIBLE_COST
} else {
    2 * 255
};
/// The most a byte adds to a single-byte candidate's rarity: its class (6 bits).
const RARITY_MAX: u64 = 63;
/// The most a character (of one byte or more) adds to a CJK candidate's cost: a byte of the model.
const CJK_MAX: u64 = 255;

/// A walk over a state's fields in order, each as its little-endian bytes: saving copies each
/// out (and writes back what it read: the detector stays as it was), restoring replaces each (and
/// notes whether all are values `save` gives). One walk for both, not a trait object: a table of
/// functions would keep std's panic formatting in the module. It runs twice at every call of a JS
/// `Detector` (src/wasm/detect.rs): it copies a field with a few loads and stores of its known
/// length, not `memmove` (without WebAssembly, a loop in JavaScript), and most fields go through
/// `u8` and `u64s`, not inlined (the wasm module is then as small as with one function for every
/// field), an array of u64 in one call.
enum Walk<'a> {
    /// Into the bytes left.
    Save(&'a mut [u8]),
    /// From the bytes left.
    Restore { from: &'a [u8], valid: bool },
}

impl Walk<'_> {
    /// Copies the field's bytes out, or replaces them.
    fn bytes<const N: usize>(&mut self, field: &mut [u8; N]) {
        match self {
            Walk::Save(to) => {
                if let Some((head, rest)) = core::mem::take(to).split_first_chunk_mut() {
                    *head = *field;
                    *to = rest;
                }
            }
            Walk::Restore { from, valid } => match from.split_first_chunk() {
                Some((head, rest)) => {
                    *field = *head;
                    *from = rest;
                }
                None => *valid = false,
            },
        }
    }

    /// Notes whether the fields walked so far hold values `save` gives, as `holds` says (asked
    /// only while restoring: a detector's own fields always do).
    fn check(&mut self, holds: impl FnOnce() -> bool) {
        if let Walk::Restore { valid, .. } = self {
            *valid &= holds();
        }
    }
}

#[inline(never)]
fn u8(w: &mut Walk, value: &mut u8) {
    w.bytes(core::array::from_mut(value));
}

/// A u8 of at most `max`: one out of range is restored as `max`, so that nothing done with it
/// before the state is refused can go out of range.
fn u8_to(w: &mut Walk, value: &mut u8, max: u8) {
    u8(w, value);
    w.check(|| *value <= max);
    *value = (*value).min(max);
}

fn bool(w: &mut Walk, value: &mut bool) {
    let mut b = u8::from(*value);
    u8_to(w, &mut b, 1);
    *value = b == 1;
}

fn u32(w: &mut Walk, value: &mut u32) {
    let mut bytes = value.to_le_bytes();
    w.bytes(&mut bytes);
    *value = u32::from_le_bytes(bytes);
}

fn u64(w: &mut Walk, value: &mut u64) {
    u64s(w, core::slice::from_mut(value));
}

/// Each of `values` in turn, as `u64`: one call for an array of them.
#[inline(never)]
fn u64s(w: &mut Walk, values: &mut [u64]) {
    for value in values {
        let mut bytes = value.to_le_bytes();
        w.bytes(&mut bytes);
        *value = u64::from_le_bytes(bytes);
    }
}

impl Detector {
    /// The detector's state, which `restore` turns back into this detector.
    pub fn save(&self) -> [u8; STATE_LEN] {
        let mut out = [0; STATE_LEN];
        self.clone().save_into(&mut out);
        out
    }

    /// Writes the detector's state (`save`) to `out`, without a copy of the detector: the walk,
    /// restore's too, borrows it mutably, but leaves every field as it was.
    pub fn save_into(&mut self, out: &mut [u8; STATE_LEN]) {
        self.walk(&mut Walk::Save(out));
    }

    /// The detector `save` gave `bytes` for; `None` for any bytes it never gives.
    pub fn restore(bytes: &[u8]) -> Option<Detector> {
        let mut detector = Detector::new();
        detector.restore_from(bytes).then_some(detector)
    }

    /// Makes this detector, whatever it was fed, the one `save` gave `bytes` for, in place: every
    /// field a state holds is replaced, and the others (which encoding each candidate is) are the
    /// same in every detector. False for any bytes `save` never gives, the detector then being
    /// none to use until restored again.
    #[must_use]
    pub(crate) fn restore_from(&mut self, bytes: &[u8]) -> bool {
        let walk = &mut Walk::Restore {
            from: bytes,
            valid: true,
        };
        self.walk(walk);
        matches!(
            walk,
            Walk::Restore {
                from: [],
                valid: true
            }
        )
    }

    fn walk(&mut self, w: &mut Walk) {
        w.bytes(&mut self.head);
        u8_to(w, &mut self.head_len, 3);
        u64(w, &mut self.fed);
        // The head is the first bytes fed, the rest zero.
        let head_len = usize::from(self.head_len);
        w.check(|| {
            head_len as u64 == self.fed.min(3) && self.head[head_len..].iter().all(|&b| b == 0)
        });
        bool(w, &mut self.non_ascii);
        u64s(w, &mut self.ascii_pairs);
        // Each pair ends at a byte fed (the first after a non-letter, as at the start of a text).
        w.check(|| {
            let pairs = self
                .ascii_pairs
                .iter()
                .try_fold(0u64, |sum, &n| sum.checked_add(n));
            pairs.is_some_and(|pairs| pairs <= self.fed)
        });
        u8_to(w, &mut self.last_kind, ASCII_CLASSES);
        self.utf8.walk(w);
        self.iso_2022_jp.walk(w);
        for candidate in &mut self.single_byte {
            candidate.walk(w);
        }
        for candidate in &mut self.cjk {
            candidate.walk(w);
        }
        bool(w, &mut self.koi8_u_only);
        // No more bytes fed than `MAX_FED`, and no cost more than they can add.
        w.check(|| {
            let fed = self.fed.min(MAX_FED);
            let single_byte = self.single_byte.iter().all(|c| {
                c.costs.iter().all(|&cost| cost <= SINGLE_BYTE_MAX * fed)
                    && c.rarity & ((1 << 56) - 1) <= RARITY_MAX * fed
            });
            let cjk = self.cjk.iter().all(|c| c.cost <= CJK_MAX * fed);
            self.fed <= MAX_FED && single_byte && cjk
        });
    }
}

impl Utf8 {
    fn walk(&mut self, w: &mut Walk) {
        u8(w, &mut self.needed);
        u8(w, &mut self.lower);
        u8(w, &mut self.upper);
        bool(w, &mut self.invalid);
        // What the decoder's lead byte sets (https://encoding.spec.whatwg.org/#utf-8-decoder),
        // each continuation after it, or nothing yet.
        w.check(|| {
            matches!(
                (self.needed, self.lower, self.upper),
                (0, 0, 0)
                    | (0..=3, 0x80, 0xBF)
                    | (2, 0xA0, 0xBF)
                    | (2, 0x80, 0x9F)
                    | (3, 0x90, 0xBF)
                    | (3, 0x80, 0x8F)
            )
        });
    }
}

impl Iso2022Jp {
    fn walk(&mut self, w: &mut Walk) {
        w.bytes(&mut self.escape);
        u8_to(w, &mut self.escape_len, 2);
        bool(w, &mut self.japanese);
        bool(w, &mut self.invalid);
        // Nothing yet, or ESC and the second byte of an escape sequence.
        w.check(|| {
            matches!(
                (self.escape, self.escape_len),
                ([0, 0], 0 | 1) | ([0x1B, b'$' | b'('], _)
            )
        });
    }
}

impl SingleByte {
    fn walk(&mut self, w: &mut Walk) {
        let (group, languages) = (SINGLE_BYTE[self.which].1, self.languages());
        u8(w, &mut self.prev);
        // A class of the group's (not `IMPOSSIBLE`) and a case (none, lower, upper).
        w.check(|| usize::from(self.prev & 63) < GROUPS[group].classes && self.prev >> 6 < 3);
        u64s(w, &mut self.costs[..languages]);
        u32(w, &mut self.pruned);
        u64(w, &mut self.rarity);
        // Only the group's languages; the group's index in the rarity's top byte.
        w.check(|| self.pruned >> languages == 0 && self.rarity >> 56 == group as u64);
    }
}

impl CjkCandidate {
    fn walk(&mut self, w: &mut Walk) {
        w.bytes(&mut self.pending);
        // An unfinished character is what a new candidate of the kind, fed its bytes, leaves
        // pending.
        w.check(|| {
            let mut new = CjkCandidate::new(self.kind);
            new.feed(self.pending.split(|&b| b == 0).next().unwrap_or_default());
            !new.disqualified && new.pending == self.pending
        });
        u64(w, &mut self.cost);
        bool(w, &mut self.disqualified);
    }
}

#[cfg(test)]
mod tests;
