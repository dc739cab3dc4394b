//! Guessing the encoding of unlabeled bytes, as a browser does for legacy content (after
//! chardetng's design): every candidate encoding reads the bytes at once, in one pass; a
//! byte sequence an encoding's decoder would reject rules a multi-byte encoding out; the rest are
//! ranked by how plausible the text they decode to is, by statistics trained on real text
//! (`detect/train.mjs`): for the single-byte encodings, how likely each character class is after
//! the one before in each language of the encoding's group; for the CJK ones, how frequent each
//! character is. The candidates considered: UTF-8; Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR, Big5,
//! GBK; windows-1250 to windows-1258 and windows-874; ISO-8859-2, -4, -5, -6, -7, -13 and -15
//! (the ones whose letters sit elsewhere than in the windows encoding of their script; ISO-8859-1
//! and -9 are windows-1252 and -1254 in the Encoding Standard, ISO-8859-8 reads as windows-1255);
//! KOI8-U (reported as KOI8-R without KOI8-U's own letters), IBM866 and x-mac-cyrillic.
//!
//! Never guessed: UTF-16 without a byte order mark, x-user-defined and replacement, which no
//! browser guesses either. A BOM decides outright.
//!
//! ```
//! use encoding_wasm::{detect, Encoding};
//! // "Привет" in windows-1251.
//! let guess = detect::detect(b"\xCF\xF0\xE8\xE2\xE5\xF2", None, false);
//! assert_eq!(guess[0].0, Encoding::Windows1251);
//! ```

mod cjk;
mod model;
mod single_byte;
mod state;
mod tables;
mod tld;

use crate::Encoding;
use cjk::{CjkCandidate, Kind};
use model::{ASCII_SCALE, CJK, SCALE, SINGLE_BYTE};
use single_byte::{ascii_kind, SingleByte, ASCII_CLASSES};
use tables::ascii_cost;

pub use state::STATE_LEN;
pub use tld::fallback;

/// How far behind the best candidate (in nats) one may fall before it stops being scored:
/// its confidence is then below e^-200, and dropping it keeps long inputs fast.
const PRUNE_NATS: u64 = 200;
/// Bytes scored between two prunings.
const PRUNE_EVERY: usize = 4096;
/// The bias, in nats, for the encodings of the content's top-level domain.
const TLD_BONUS_NATS: u64 = 4;
/// Fewer than this many candidates share what is left of the confidence.
const MIN_CONFIDENCE: f32 = 1e-4;
/// ASCII pairs that count in full; each one beyond them counts `ASCII_TAIL_EIGHTHS`/8. The
/// ASCII pairs tell the language, not the encoding, and a few hundred tell it; in a long text,
/// many more mostly measure how much of it is in another language (English passages in a
/// Slovenian manual), and should not outweigh the non-ASCII letters that read right in one
/// encoding only. Both chosen on the training text (`examples/detect_accuracy.rs train`).
const ASCII_FULL_PAIRS: u64 = 512;
const ASCII_TAIL_EIGHTHS: u64 = 3;

/// KOI8-U's letters that KOI8-R has box-drawing characters for: without them, the text is
/// KOI8-R's too, under the name it usually has.
const KOI8_U_ONLY: [u8; 10] = [0xA4, 0xA6, 0xA7, 0xAD, 0xAE, 0xB4, 0xB6, 0xB7, 0xBD, 0xBE];

/// A streaming detector: feed it the bytes, in pieces of any size, and ask for its guess at any
/// time. Its state has a fixed size, whatever the input's length.
#[derive(Clone)]
pub struct Detector {
    /// The first three bytes, for the byte order mark.
    head: [u8; 3],
    head_len: u8,
    /// Bytes read so far.
    fed: u64,
    non_ascii: bool,
    /// ASCII bytes after ASCII bytes, by ASCII class then ASCII class: the same for every
    /// candidate, so counted once, and costed by each candidate's model.
    ascii_pairs: [u64; 9],
    /// The last byte's ASCII class, or `ASCII_CLASSES` for a non-ASCII byte.
    last_kind: u8,
    utf8: Utf8,
    iso_2022_jp: Iso2022Jp,
    single_byte: [SingleByte; SINGLE_BYTE.len()],
    cjk: [CjkCandidate; 5],
    koi8_u_only: bool,
}

impl Default for Detector {
    fn default() -> Self {
        Self::new()
    }
}

impl Detector {
    pub fn new() -> Self {
        Detector {
            head: [0; 3],
            head_len: 0,
            fed: 0,
            non_ascii: false,
            ascii_pairs: [0; 9],
            last_kind: 0,
            utf8: Utf8::default(),
            iso_2022_jp: Iso2022Jp::default(),
            single_byte: core::array::from_fn(SingleByte::new),
            cjk: [
                Kind::ShiftJis,
                Kind::EucJp,
                Kind::EucKr,
                Kind::Big5,
                Kind::Gbk,
            ]
            .map(CjkCandidate::new),
            koi8_u_only: false,
        }
    }

    /// Reads the next piece of the input; `last` says it ends the input.
    pub fn feed(&mut self, bytes: &[u8], last: bool) {
        for &b in bytes.iter().take(3 - usize::from(self.head_len.min(3))) {
            self.head[usize::from(self.head_len)] = b;
            self.head_len += 1;
        }
        // Pruned at fixed offsets of the input, so the pieces it comes in change nothing.
        let mut rest = bytes;
        while !rest.is_empty() {
            let room = PRUNE_EVERY - (self.fed % PRUNE_EVERY as u64) as usize;
            let (chunk, after) = rest.split_at(room.min(rest.len()));
            rest = after;
            self.fed += chunk.len() as u64;
            self.score(chunk);
            if self.fed % PRUNE_EVERY as u64 == 0 {
                self.prune();
            }
        }
        if last {
            self.utf8.end();
            for candidate in self.cjk.iter_mut() {
                candidate.end();
            }
        }
    }

    fn score(&mut self, chunk: &[u8]) {
        let ascii = chunk.is_ascii();
        for &b in chunk {
            let kind = ascii_kind(b);
            if self.last_kind < ASCII_CLASSES && kind < ASCII_CLASSES {
                self.ascii_pairs[usize::from(self.last_kind * ASCII_CLASSES + kind)] += 1;
            }
            self.last_kind = kind;
        }
        self.utf8.feed(chunk);
        self.iso_2022_jp.feed(chunk);
        // Before the first non-ASCII byte, only the last byte matters (to the pair it starts).
        let chunk = match chunk.last() {
            Some(last) if ascii && !self.non_ascii => core::slice::from_ref(last),
            _ => chunk,
        };
        self.non_ascii |= !ascii;
        for candidate in self.single_byte.iter_mut() {
            if !candidate.out() {
                candidate.feed(chunk);
                if SINGLE_BYTE[candidate.which].0 == Encoding::Koi8U && !self.koi8_u_only {
                    self.koi8_u_only = chunk.iter().any(|b| KOI8_U_ONLY.contains(b));
                }
            }
        }
        for candidate in self.cjk.iter_mut() {
            candidate.feed(chunk);
        }
    }

    /// Stops scoring the candidates (single-byte ones by language) too far behind the best one.
    fn prune(&mut self) {
        let best = self.costs(None).map(|(_, cost, _)| cost).min().unwrap_or(0);
        let limit = best + PRUNE_NATS * u64::from(ASCII_SCALE);
        for i in 0..self.single_byte.len() {
            for l in 0..self.single_byte[i].languages() {
                if self.language_cost(i, l) > limit {
                    self.single_byte[i].pruned |= 1 << l;
                }
            }
        }
        let unit = u64::from(ASCII_SCALE / SCALE);
        for i in 0..self.cjk.len() {
            let ascii = self.ascii_cost(CJK[self.cjk[i].table_index()].ascii);
            let c = &mut self.cjk[i];
            c.disqualified |= c.cost() * unit + ascii > limit;
        }
    }

    /// The cost of the ASCII pairs by the table of ASCII pair costs at `at`, as if there were
    /// `ASCII_FULL_PAIRS` of them and `ASCII_TAIL_EIGHTHS`/8 of each one more (all pairs
    /// weighed alike, so the order they came in changes nothing).
    fn ascii_cost(&self, at: usize) -> u64 {
        let cost = ascii_cost(at, &self.ascii_pairs);
        let pairs: u64 = self.ascii_pairs.iter().sum();
        if pairs <= ASCII_FULL_PAIRS {
            return cost;
        }
        // The parts of the cost, without overflow: cost × ASCII_FULL_PAIRS / pairs, the rest.
        let full = cost / pairs * ASCII_FULL_PAIRS + cost % pairs * ASCII_FULL_PAIRS / pairs;
        let tail = cost - full;
        full + tail / 8 * ASCII_TAIL_EIGHTHS + tail % 8 * ASCII_TAIL_EIGHTHS / 8
    }

    /// Single-byte candidate `i`'s cost in its group's language `l`, in 1/`ASCII_SCALE` nat.
    fn language_cost(&self, i: usize, l: usize) -> u64 {
        let candidate = &self.single_byte[i];
        let unit = u64::from(ASCII_SCALE / SCALE);
        candidate.costs[l] * unit + self.ascii_cost(candidate.group().ascii_table(l))
    }

    /// Every candidate still in the running with its cost in 1/`ASCII_SCALE` nat (lower is
    /// likelier), the encodings of `tld` (if any) favoured, and its group and letters' rarity
    /// (`SingleByte::rarity`; `u64::MAX` for a CJK one). A single-byte candidate's cost is its
    /// cost in the language of its group that fits the text best.
    fn costs(&self, tld: Option<&[u8]>) -> impl Iterator<Item = (Encoding, u64, u64)> + '_ {
        let native = tld.map(|tld| fallback(Some(tld)));
        let bonus = move |encoding: Encoding| match native {
            Some(n) if same_group(n, encoding) => TLD_BONUS_NATS * u64::from(ASCII_SCALE),
            _ => 0,
        };
        let unit = u64::from(ASCII_SCALE / SCALE);
        let single = self
            .single_byte
            .iter()
            .enumerate()
            .filter_map(move |(i, c)| {
                let languages = c.languages();
                let best = (0..languages)
                    .filter(|l| c.pruned & (1 << l) == 0)
                    .map(|l| self.language_cost(i, l))
                    .min()?;
                Some((SINGLE_BYTE[c.which].0, best, c.rarity))
            });
        let cjk = self.cjk.iter().filter(|c| !c.disqualified).map(move |c| {
            let ascii = self.ascii_cost(CJK[c.table_index()].ascii);
            (c.encoding(), c.cost() * unit + ascii, u64::MAX)
        });
        single
            .chain(cjk)
            .map(move |(e, cost, rarity)| (e, cost.saturating_sub(bonus(e)), rarity))
    }

    /// The encoding a BOM at the start says, if any.
    fn bom(&self) -> Option<Encoding> {
        match &self.head[..usize::from(self.head_len)] {
            [0xEF, 0xBB, 0xBF] => Some(Encoding::Utf8),
            [0xFE, 0xFF, ..] => Some(Encoding::Utf16Be),
            [0xFF, 0xFE, ..] => Some(Encoding::Utf16Le),
            _ => None,
        }
    }

    /// The candidates ranked, best first, each with a confidence (together at most 1); only
    /// those with a confidence of at least 1e-4, and always one. `tld` is the last label of the
    /// host name the bytes came from, if known (it decides for ASCII-only input and favours its
    /// encodings otherwise); UTF-8 is guessed only if `allow_utf8`.
    pub fn ranked(&self, tld: Option<&[u8]>, allow_utf8: bool) -> Vec<(Encoding, f32)> {
        if let Some(encoding) = self.bom() {
            return vec![(encoding, 1.0)];
        }
        if !self.non_ascii {
            if self.iso_2022_jp.plausible() {
                return vec![(Encoding::Iso2022Jp, 1.0)];
            }
            return vec![(fallback(tld), 1.0)];
        }
        if allow_utf8 && self.utf8.valid() {
            return vec![(Encoding::Utf8, 1.0)];
        }
        // By cost: a tie between encodings of a group goes to the one whose
        // letters the group's languages write more often (letters the best language never has
        // cost the same in it, whichever they are); other ties stay in the candidates' order
        // (the usual encoding of a group first). An insertion sort of the few candidates, which
        // keeps the wasm module smaller than std's.
        let mut ranked: Vec<(Encoding, u64, u64)> = Vec::new();
        for (encoding, cost, rarity) in self.costs(tld) {
            let at = ranked
                .iter()
                .position(|&(_, c, r)| {
                    c > cost || (c == cost && r >> 56 == rarity >> 56 && r > rarity)
                })
                .unwrap_or(ranked.len());
            ranked.insert(at, (encoding, cost, rarity));
        }
        let best = ranked.first().map_or(0, |&(_, cost, _)| cost);
        let weight = |cost: u64| (-((cost - best) as f32) / ASCII_SCALE as f32).exp();
        let total: f32 = ranked.iter().map(|&(_, cost, _)| weight(cost)).sum();
        let mut out: Vec<(Encoding, f32)> = ranked
            .iter()
            .map(|&(e, cost, _)| (self.name(e), weight(cost) / total))
            .filter(|&(_, confidence)| confidence >= MIN_CONFIDENCE)
            .collect();
        if out.is_empty() {
            // Only when every candidate was ruled out, which the single-byte ones never are.
            out.push((fallback(tld), 0.0));
        }
        out
    }

    /// The best guess (see `ranked`).
    pub fn guess(&self, tld: Option<&[u8]>, allow_utf8: bool) -> Encoding {
        self.ranked(tld, allow_utf8)[0].0
    }

    /// The name a candidate is reported under: KOI8-R for KOI8-U text without KOI8-U's letters.
    fn name(&self, encoding: Encoding) -> Encoding {
        match encoding {
            Encoding::Koi8U if !self.koi8_u_only => Encoding::Koi8R,
            e => e,
        }
    }
}

/// Detects the encoding of `bytes`, a whole input, as `Detector::ranked` does.
pub fn detect(bytes: &[u8], tld: Option<&[u8]>, allow_utf8: bool) -> Vec<(Encoding, f32)> {
    let mut detector = Detector::new();
    detector.feed(bytes, true);
    detector.ranked(tld, allow_utf8)
}

/// Whether two candidates are of one language group (the top-level domain bias favours a group).
fn same_group(a: Encoding, b: Encoding) -> bool {
    let group = |e: Encoding| match e {
        Encoding::ShiftJis | Encoding::EucJp => Some(usize::MAX),
        _ => SINGLE_BYTE.iter().find(|s| s.0 == e).map(|s| s.1),
    };
    a == b || group(a).is_some_and(|g| group(b) == Some(g))
}

/// UTF-8's validity (<https://encoding.spec.whatwg.org/#utf-8-decoder>).
#[derive(Default, Clone)]
struct Utf8 {
    needed: u8,
    lower: u8,
    upper: u8,
    invalid: bool,
}

impl Utf8 {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.invalid {
                return;
            }
            if self.needed == 0 {
                (self.needed, self.lower, self.upper) = match b {
                    0x00..=0x7F => continue,
                    0xC2..=0xDF => (1, 0x80, 0xBF),
                    0xE0 => (2, 0xA0, 0xBF),
                    0xED => (2, 0x80, 0x9F),
                    0xE1..=0xEF => (2, 0x80, 0xBF),
                    0xF0 => (3, 0x90, 0xBF),
                    0xF4 => (3, 0x80, 0x8F),
                    0xF1..=0xF3 => (3, 0x80, 0xBF),
                    _ => {
                        self.invalid = true;
                        return;
                    }
                };
            } else if (self.lower..=self.upper).contains(&b) {
                (self.needed, self.lower, self.upper) = (self.needed - 1, 0x80, 0xBF);
            } else {
                self.invalid = true;
            }
        }
    }

    /// The input ends: an unfinished sequence is an error.
    fn end(&mut self) {
        self.invalid |= self.needed != 0;
    }

    fn valid(&self) -> bool {
        !self.invalid
    }
}

/// ISO-2022-JP's plausibility: ASCII only, every escape sequence one the decoder knows
/// (<https://encoding.spec.whatwg.org/#iso-2022-jp-decoder>), and at least one to a Japanese set.
#[derive(Default, Clone)]
struct Iso2022Jp {
    /// Bytes of an escape sequence so far (ESC, then its second byte).
    escape: [u8; 2],
    escape_len: u8,
    japanese: bool,
    invalid: bool,
}

impl Iso2022Jp {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.invalid {
                return;
            }
            match (self.escape_len, self.escape[1], b) {
                (0, _, 0x1B) => {
                    self.escape_len = 1;
                }
                (0, _, 0x0E | 0x0F | 0x80..=0xFF) => self.invalid = true,
                (0, _, _) => {}
                (1, _, b'$' | b'(') => {
                    self.escape = [0x1B, b];
                    self.escape_len = 2;
                }
                (2, b'$', b'@' | b'B') | (2, b'(', b'J' | b'I') => {
                    self.japanese = true;
                    self.escape_len = 0;
                }
                (2, b'(', b'B') => self.escape_len = 0,
                _ => self.invalid = true,
            }
        }
    }

    fn plausible(&self) -> bool {
        self.japanese && !self.invalid
    }
}

#[cfg(test)]
mod tests;
