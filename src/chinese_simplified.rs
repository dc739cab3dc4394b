//! Legacy multi-byte Chinese (simplified) encodings
//! (<https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings>):
//! gb18030's decoder (<https://encoding.spec.whatwg.org/#gb18030-decoder>), which is also GBK's
//! (<https://encoding.spec.whatwg.org/#gbk-decoder>), and gb18030's encoder
//! (<https://encoding.spec.whatwg.org/#gb18030-encoder>), which with "is GBK" set is GBK's
//! (<https://encoding.spec.whatwg.org/#gbk-encoder>). Index gb18030
//! (<https://encoding.spec.whatwg.org/#index-gb18030>) and index gb18030 ranges
//! (<https://encoding.spec.whatwg.org/#index-gb18030-ranges>) are GB18030-2022's, as the standard's
//! current text has them.

use std::sync::OnceLock;

use crate::handler::{pack_reverse, write_packed, BmpTable, Encode};
use crate::handler::{Decode, DecoderResult, Pending};
use crate::sink::Sink;
use crate::tables::{self, GB18030_RANGES};

/// The index gb18030 ranges code point for `pointer`
/// (<https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point>).
fn ranges_code_point(pointer: u32) -> Option<u32> {
    if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
        return None;
    }
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    // The last range whose pointer is <= `pointer`; the first range starts at pointer 0.
    let i = GB18030_RANGES.partition_point(|&(p, _)| p <= pointer) - 1;
    let (offset, code_point_offset) = GB18030_RANGES[i];
    Some(code_point_offset + pointer - offset)
}

/// The index gb18030 ranges pointer for `code_point`
/// (<https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer>); `code_point` is at least
/// U+0080.
fn ranges_pointer(code_point: u32) -> u32 {
    if code_point == 0xE7C7 {
        return 7457;
    }
    // The last range whose code point is <= `code_point`; the first range starts at U+0080.
    let i = GB18030_RANGES.partition_point(|&(_, c)| c <= code_point) - 1;
    let (pointer_offset, offset) = GB18030_RANGES[i];
    pointer_offset + code_point - offset
}

/// The code point of a two-byte sequence (<https://encoding.spec.whatwg.org/#gb18030-decoder>,
/// gb18030 first set, `byte` not 0x30..=0x39).
fn two_byte_code_point(index: &[u16], leading: u8, byte: u8) -> Option<u16> {
    // The standard's offset: 0x40 if byte is less than 0x7F, otherwise 0x41.
    let offset = match byte {
        0x40..=0x7E => 0x40,
        0x80..=0xFE => 0x41,
        _ => return None,
    };
    let pointer = usize::from(leading - 0x81) * 190 + usize::from(byte - offset);
    tables::code_point(index, pointer).map(|c| c as u16)
}

/// The code point of every two-byte sequence (see [`two_byte_code_point`]) as a
/// [`tables::lead_trail_table`] with a row per leading byte from 0x81, 0 where there is none (an
/// error, or a byte 0x30..=0x39 that starts a four-byte sequence), built once.
fn pairs() -> &'static [u16] {
    static PAIRS: OnceLock<Box<[u16]>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        let index = tables::gb18030();
        tables::lead_trail_table(0x81..=0xFE, |leading, byte| {
            two_byte_code_point(index, leading, byte)
        })
    })
}

/// The index gb18030 ranges code point of a four-byte sequence
/// (<https://encoding.spec.whatwg.org/#gb18030-decoder>, gb18030 third set).
#[inline]
fn four_byte_code_point(first: u8, second: u8, third: u8, byte: u8) -> Option<u32> {
    let pointer = u32::from(first - 0x81) * (10 * 126 * 10)
        + u32::from(second - 0x30) * (10 * 126)
        + u32::from(third - 0x81) * 10
        + u32::from(byte - 0x30);
    ranges_code_point(pointer)
}

/// Up to three bytes the handler restored to the queue that were read in earlier calls; they are
/// read again before the caller's input.
#[derive(Clone, Debug, Default)]
struct Restored {
    bytes: [u8; 3],
    len: u8,
}

impl Restored {
    fn pop_front(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        let byte = self.bytes[0];
        self.bytes.copy_within(1.., 0);
        self.len -= 1;
        Some(byte)
    }

    /// Puts `bytes` in front. The held bytes and the decoder's state bytes never exceed three
    /// together, so there is always room.
    fn push_front(&mut self, bytes: &[u8]) {
        let (n, len) = (bytes.len(), usize::from(self.len));
        self.bytes.copy_within(..len, n);
        self.bytes[..n].copy_from_slice(bytes);
        self.len += n as u8;
    }
}

/// What one run of the handler did with a byte.
enum Step {
    Continue,
    CodePoint(u32),
    /// Error, restoring `restore[..len]` to the queue: the last bytes read, `byte` last.
    Error {
        restore: [u8; 3],
        len: usize,
    },
}

/// gb18030's decoder (<https://encoding.spec.whatwg.org/#gb18030-decoder>), which is also GBK's
/// (<https://encoding.spec.whatwg.org/#gbk-decoder>): gb18030 first, second and third (0x00 =
/// unset), and the restored bytes it holds from earlier calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct Gb18030Decoder {
    first: u8,
    second: u8,
    third: u8,
    restored: Restored,
}

impl Gb18030Decoder {
    /// The handler for a byte (end-of-queue is handled by the caller).
    fn handle(&mut self, pairs: &[u16], byte: u8) -> Step {
        if self.third != 0 {
            let (first, second, third) = (self.first, self.second, self.third);
            self.first = 0;
            self.second = 0;
            self.third = 0;
            if !(0x30..=0x39).contains(&byte) {
                return Step::Error {
                    restore: [second, third, byte],
                    len: 3,
                };
            }
            return match four_byte_code_point(first, second, third, byte) {
                Some(c) => Step::CodePoint(c),
                None => Step::Error {
                    restore: [0; 3],
                    len: 0,
                },
            };
        }
        if self.second != 0 {
            if (0x81..=0xFE).contains(&byte) {
                self.third = byte;
                return Step::Continue;
            }
            let second = self.second;
            self.first = 0;
            self.second = 0;
            return Step::Error {
                restore: [second, byte, 0],
                len: 2,
            };
        }
        if self.first != 0 {
            if (0x30..=0x39).contains(&byte) {
                self.second = byte;
                return Step::Continue;
            }
            let leading = self.first;
            self.first = 0;
            let c = tables::lead_trail(pairs, leading - 0x81, byte);
            if c != 0 {
                return Step::CodePoint(u32::from(c));
            }
            let len = usize::from(byte.is_ascii()); // an ASCII byte is restored
            return Step::Error {
                restore: [byte, 0, 0],
                len,
            };
        }
        match byte {
            0x00..=0x7F => Step::CodePoint(u32::from(byte)),
            0x80 => Step::CodePoint(0x20AC),
            0x81..=0xFE => {
                self.first = byte;
                Step::Continue
            }
            0xFF => Step::Error {
                restore: [0; 3],
                len: 0,
            },
        }
    }
}

// Restored bytes held: see Decoder::discard_queue and Decoder::restored_len.
impl Gb18030Decoder {
    pub(crate) fn discard_restored(&mut self) {
        self.restored = Restored::default();
    }

    #[cfg(any(target_arch = "wasm32", test))]
    pub(crate) fn restored_len(&self) -> usize {
        usize::from(self.restored.len)
    }
}

impl Decode for Gb18030Decoder {
    /// gb18030 first, second and third, those set (second only with first, third with second).
    fn pending(&self) -> Option<Pending> {
        let bytes = [self.first, self.second, self.third];
        let len = bytes.iter().take_while(|&&b| b != 0).count();
        (self.restored.len == 0).then(|| Pending::of(&bytes[..len]))
    }

    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        let pairs = pairs();
        let mut i = 0;
        loop {
            if self.first == 0 && self.restored.len == 0 {
                i += fast_path(pairs, &src[i..], dst);
            }
            if !dst.has_room() {
                return (DecoderResult::OutputFull, i);
            }
            // Restored bytes are at the front of the queue; `src` is read only once they are gone.
            let byte = match self.restored.pop_front() {
                Some(byte) => byte,
                None => match src.get(i) {
                    Some(&byte) => {
                        i += 1;
                        byte
                    }
                    None => {
                        // End-of-queue: gb18030 second and third are only set with first.
                        if last && self.first != 0 {
                            *self = Gb18030Decoder::default();
                            return (DecoderResult::Malformed, i);
                        }
                        return (DecoderResult::InputEmpty, i);
                    }
                },
            };
            match self.handle(pairs, byte) {
                Step::Continue => {}
                Step::CodePoint(c) => dst.write_scalar(c),
                Step::Error { restore, len } => {
                    // The restored bytes end the bytes read so far. Those read in this call are
                    // left unread; the rest (only when `i` drops to 0) are held for later.
                    let unread = len.min(i);
                    i -= unread;
                    self.restored.push_front(&restore[..len - unread]);
                    return (DecoderResult::Malformed, i);
                }
            }
        }
    }
}

/// Decodes ASCII runs and whole well-formed two- and four-byte sequences from the initial state,
/// exactly as the handler would, while there is room; returns the bytes read. Stops before
/// anything else (an error, or a sequence cut by the end of `src`) for the handler to take.
#[inline(always)]
fn fast_path<S: Sink>(pairs: &[u16], src: &[u8], dst: &mut S) -> usize {
    let mut i = 0;
    while dst.has_room() {
        let Some(&leading) = src.get(i) else { break };
        if leading < 0x80 {
            i += dst.copy_ascii(&src[i..]);
            continue;
        }
        if !(0x81..=0xFE).contains(&leading) {
            break;
        }
        let Some(&byte) = src.get(i + 1) else { break };
        let c = tables::lead_trail(pairs, leading - 0x81, byte);
        if c != 0 {
            dst.write_bmp(c);
            i += 2;
        } else if (0x30..=0x39).contains(&byte) {
            let Some(&[third, fourth]) = src.get(i + 2..i + 4) else {
                break;
            };
            if !(0x81..=0xFE).contains(&third) || !(0x30..=0x39).contains(&fourth) {
                break;
            }
            let Some(c) = four_byte_code_point(leading, byte, third, fourth) else {
                break;
            };
            dst.write_scalar(c);
            i += 4;
        } else {
            break;
        }
    }
    i
}

/// The encoder's one- and two-byte results for each BMP code point (all of
/// <https://encoding.spec.whatwg.org/#gb18030-encoder>'s but GBK's euro sign), packed, built once:
/// ASCII, nothing for U+E5E5 (an error), `PUA_BYTES`, then the index gb18030 pointer (first pointer
/// for each code point) as two bytes.
fn reverse() -> &'static BmpTable {
    static REVERSE: OnceLock<Box<BmpTable>> = OnceLock::new();
    REVERSE.get_or_init(|| {
        let pointers = tables::reverse_bmp(tables::gb18030(), |_| true);
        let mut bytes = pack_reverse(pointers, true, |pointer| {
            let (leading, trailing) = (pointer / 190 + 0x81, pointer % 190);
            let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
            leading << 8 | (trailing + offset)
        });
        bytes[0xE5E5] = 0;
        for (c, pair) in PUA_BYTES {
            bytes[usize::from(c)] = u16::from_be_bytes(pair);
        }
        bytes
    })
}

/// The encoder's table of Private Use code points and their two bytes
/// (<https://encoding.spec.whatwg.org/#gb18030-encoder>), which keeps their GB18030-2005 encoding.
const PUA_BYTES: [(u16, [u8; 2]); 18] = [
    (0xE78D, [0xA6, 0xD9]),
    (0xE78E, [0xA6, 0xDA]),
    (0xE78F, [0xA6, 0xDB]),
    (0xE790, [0xA6, 0xDC]),
    (0xE791, [0xA6, 0xDD]),
    (0xE792, [0xA6, 0xDE]),
    (0xE793, [0xA6, 0xDF]),
    (0xE794, [0xA6, 0xEC]),
    (0xE795, [0xA6, 0xED]),
    (0xE796, [0xA6, 0xF3]),
    (0xE81E, [0xFE, 0x59]),
    (0xE826, [0xFE, 0x61]),
    (0xE82B, [0xFE, 0x66]),
    (0xE82C, [0xFE, 0x67]),
    (0xE832, [0xFE, 0x6D]),
    (0xE843, [0xFE, 0x7E]),
    (0xE854, [0xFE, 0x90]),
    (0xE864, [0xFE, 0xA0]),
];

/// gb18030's encoder (<https://encoding.spec.whatwg.org/#gb18030-encoder>) and its "is GBK", set
/// for GBK's encoder (<https://encoding.spec.whatwg.org/#gbk-encoder>); it holds the reverse map.
#[derive(Clone, Debug)]
pub(crate) struct Gb18030Encoder {
    is_gbk: bool,
    reverse: &'static BmpTable,
}

impl Gb18030Encoder {
    pub(crate) fn new(is_gbk: bool) -> Self {
        Gb18030Encoder {
            is_gbk,
            reverse: reverse(),
        }
    }
}

impl Encode for Gb18030Encoder {
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        let code_point = u32::from(c);
        if code_point < 0x80 {
            out[0] = code_point as u8;
            return Ok(1);
        }
        if let Ok(packed @ 1..) = u16::try_from(code_point).map(|c| self.encode_bmp(c)) {
            return Ok(write_packed(packed, out));
        }
        // What is left: U+E5E5, astral code points and those of the four-byte ranges.
        if code_point == 0xE5E5 || self.is_gbk {
            return Err(0);
        }
        let mut pointer = ranges_pointer(code_point);
        let byte1 = pointer / (10 * 126 * 10);
        pointer %= 10 * 126 * 10;
        let byte2 = pointer / (10 * 126);
        pointer %= 10 * 126;
        let byte3 = pointer / 10;
        let byte4 = pointer % 10;
        out[..4].copy_from_slice(&[
            (byte1 + 0x81) as u8,
            (byte2 + 0x30) as u8,
            (byte3 + 0x81) as u8,
            (byte4 + 0x30) as u8,
        ]);
        Ok(4)
    }

    const BULK: bool = true;

    /// The handler's one- and two-byte results: the table's, and GBK's U+20AC.
    #[inline(always)]
    fn encode_bmp(&self, c: u16) -> u16 {
        if self.is_gbk && c == 0x20AC {
            return 0x80;
        }
        self.reverse[usize::from(c)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::Utf16Sink;

    // The fast path's sequences, worked by hand from https://encoding.spec.whatwg.org/#gb18030-decoder:
    // a pair's pointer (leading − 0x81) × 190 + (byte − 0x41 or 0x40) looked up in
    // index-gb18030.txt; a four-byte sequence's pointer in index-gb18030-ranges.txt, or from
    // 189000 up the standard's U+10000 + (pointer − 189000). The decoder's own tests cannot see a
    // fast path that does nothing: its steps give the same.
    #[test]
    fn the_fast_path_writes_ascii_pairs_and_four_byte_sequences() {
        let pairs = pairs();
        let mut out = [0u16; 16];
        let mut dst = Utf16Sink::new(&mut out);
        // a, 81 40 (pointer 0: U+4E02), 81 30 81 30 (ranges pointer 0: U+0080), B0 A1 (9026:
        // U+554A), 90 30 81 30 (189000: U+10000), b; then 0x80, the handler's U+20AC.
        let src = b"a\x81\x40\x81\x30\x81\x30\xB0\xA1\x90\x30\x81\x30b\x80";
        assert_eq!(fast_path(pairs, src, &mut dst), 14);
        assert_eq!(dst.written(), 7);
        assert_eq!(out[..7], [0x61, 0x4E02, 0x80, 0x554A, 0xD800, 0xDC00, 0x62]);
        // A cut pair, 0x7F (no pair's trailing byte), a cut four-byte sequence, a third byte below
        // 0x81, a fourth above 0x39, pointer 39420 (between the ranges), 0xFF.
        let none: [&[u8]; 7] = [
            b"\x81",
            b"\x81\x7F",
            b"\x81\x30\x81",
            b"\x81\x30\x7F\x30",
            b"\x81\x30\x81\x3A",
            b"\x84\x31\xA5\x30",
            b"\xFF",
        ];
        for src in none {
            let mut dst = Utf16Sink::new(&mut out);
            assert_eq!(fast_path(pairs, src, &mut dst), 0, "{src:X?}");
        }
    }
}
