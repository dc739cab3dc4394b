//! Shift_JIS (<https://encoding.spec.whatwg.org/#shift_jis>): its decoder and encoder.

use std::sync::OnceLock;

use super::{jis0208_code_point, shift_jis_bytes};
use crate::handler::{encode_char_by_bmp, BmpTable, Encode};
use crate::handler::{Decode, DecoderResult, Pending};
use crate::sink::Sink;
use crate::tables;

/// Shift_JIS decoder state (<https://encoding.spec.whatwg.org/#shift_jis-decoder>): Shift_JIS
/// leading (0x00 = none).
#[derive(Clone, Debug, Default)]
pub(crate) struct ShiftJisDecoder {
    leading: u8,
}

impl Decode for ShiftJisDecoder {
    fn pending(&self) -> Option<Pending> {
        Some(Pending::of(
            &[self.leading][..usize::from(self.leading != 0)],
        ))
    }

    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        let pairs = pairs();
        let mut i = 0;
        loop {
            if self.leading == 0 {
                i = write_fast(pairs, src, i, dst);
            }
            if !dst.has_room() {
                return (DecoderResult::OutputFull, i);
            }
            let Some(&byte) = src.get(i) else {
                if last && self.leading != 0 {
                    *self = ShiftJisDecoder::default();
                    return (DecoderResult::Malformed, i);
                }
                return (DecoderResult::InputEmpty, i);
            };
            i += 1;
            if self.leading != 0 {
                let leading = std::mem::take(&mut self.leading);
                match pair(pairs, leading, byte) {
                    // An ASCII byte is restored to the queue: not read, so an error never swallows
                    // ASCII (https://encoding.spec.whatwg.org/#shift_jis-decoder, and
                    // https://encoding.spec.whatwg.org/#security-background).
                    0 if byte < 0x80 => return (DecoderResult::Malformed, i - 1),
                    0 => return (DecoderResult::Malformed, i),
                    c => dst.write_bmp(c),
                }
                continue;
            }
            match byte {
                0x00..=0x80 => write_byte(dst, byte),
                0xA1..=0xDF => dst.write_bmp(0xFF61 - 0xA1 + u16::from(byte)),
                0x81..=0x9F | 0xE0..=0xFC => self.leading = byte,
                _ => return (DecoderResult::Malformed, i),
            }
        }
    }
}

/// Fast path, valid only between sequences: the ASCII runs, single bytes and pairs from `src[i..]`
/// on that the handler turns into a code point, with the same output, written while `dst` has
/// room; returns the index after them (an index, not a slice: the code the decoder had inline).
#[inline(always)]
fn write_fast<S: Sink>(pairs: &[u16], src: &[u8], mut i: usize, dst: &mut S) -> usize {
    while dst.has_room() {
        match src[i..] {
            [0x00..=0x7F, ..] => i += dst.copy_ascii(&src[i..]),
            [0x80, ..] => {
                dst.write_bmp(0x80);
                i += 1;
            }
            [b @ 0xA1..=0xDF, ..] => {
                dst.write_bmp(0xFF61 - 0xA1 + u16::from(b));
                i += 1;
            }
            [l @ (0x81..=0x9F | 0xE0..=0xFC), b, ..] => match pair(pairs, l, b) {
                0 => break,
                c => {
                    dst.write_bmp(c);
                    i += 2;
                }
            },
            _ => break,
        }
    }
    i
}

/// The code point for a Shift_JIS leading byte and the byte after it, or 0 (an error).
#[inline(always)]
fn pair(pairs: &[u16], leading: u8, byte: u8) -> u16 {
    let row = if leading < 0xA0 {
        leading - 0x81
    } else {
        leading - 0xC1
    };
    tables::lead_trail(pairs, row, byte)
}

/// The code point of every pair of a leading byte and a byte
/// (<https://encoding.spec.whatwg.org/#shift_jis-decoder>), 0 for an error: at (leading − (0x81 or
/// 0xC1)) × 256 + byte, leading bytes 0x81–0x9F and 0xE0–0xFC, built once.
fn pairs() -> &'static [u16] {
    static PAIRS: OnceLock<Box<[u16]>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        let jis0208 = tables::jis0208();
        tables::lead_trail_table((0x81..=0x9F).chain(0xE0..=0xFC), |leading, byte| {
            pointer_code_point(jis0208, leading, byte)
        })
    })
}

/// Writes a byte that is its own code point: an ASCII byte or 0x80.
#[inline(always)]
fn write_byte<S: Sink>(dst: &mut S, b: u8) {
    if b < 0x80 {
        dst.write_ascii(b);
    } else {
        dst.write_bmp(u16::from(b));
    }
}

/// The code point for a leading byte and the byte after it, or `None` (an error): the pointer steps
/// of <https://encoding.spec.whatwg.org/#shift_jis-decoder> for a non-zero Shift_JIS leading.
fn pointer_code_point(jis0208: &[u16], leading: u8, byte: u8) -> Option<u16> {
    let offset = if byte < 0x7F { 0x40 } else { 0x41 };
    let leading_offset = if leading < 0xA0 { 0x81 } else { 0xC1 };
    if !matches!(byte, 0x40..=0x7E | 0x80..=0xFC) {
        return None;
    }
    let pointer = usize::from(leading - leading_offset) * 188 + usize::from(byte - offset);
    if (8836..=10715).contains(&pointer) {
        // EUDC: the Private Use Area.
        return Some((0xE000 - 8836 + pointer) as u16);
    }
    jis0208_code_point(jis0208, pointer)
}

/// Shift_JIS encoder (<https://encoding.spec.whatwg.org/#shift_jis-encoder>): stateless; it holds
/// its bytes for each BMP code point.
#[derive(Clone, Debug)]
pub(crate) struct ShiftJisEncoder {
    bytes: &'static BmpTable,
}

impl Default for ShiftJisEncoder {
    fn default() -> Self {
        ShiftJisEncoder {
            bytes: shift_jis_bytes(),
        }
    }
}

impl Encode for ShiftJisEncoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        encode_char_by_bmp(self, c, out)
    }

    const BULK: bool = true;

    #[inline(always)]
    fn encode_bmp(&self, c: u16) -> u16 {
        self.bytes[usize::from(c)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::Utf16Sink;

    // Worked by hand from https://encoding.spec.whatwg.org/#shift_jis-decoder: 0x80 and
    // 0xA1..=0xDF are single bytes; a pair's pointer, (leading − 0x81 or 0xC1) × 188 + byte −
    // (0x40 or 0x41), is looked up in index-jis0208.txt, or 8836..=10715 is the EUDC. The
    // decoder's own tests cannot see a fast path that writes nothing: its steps give the same.
    #[test]
    fn the_fast_path_writes_ascii_single_bytes_and_pairs() {
        let pairs = pairs();
        let mut out = [0u16; 16];
        let mut dst = Utf16Sink::new(&mut out);
        // ab, 80, A1, DF, 81 7E (pointer 62), 81 80 (63), 82 A0 (283), F0 40 (8836, EUDC),
        // FA 40 (10716), E0 40 (5828), c, then 0xA0, which is no byte of Shift_JIS.
        let src = b"ab\x80\xA1\xDF\x81\x7E\x81\x80\x82\xA0\xF0\x40\xFA\x40\xE0\x40c\xA0";
        assert_eq!(write_fast(pairs, src, 0, &mut dst), 18);
        assert_eq!(dst.written(), 12);
        let expected = [
            0x61, 0x62, 0x80, 0xFF61, 0xFF9F, 0xD7, 0xF7, 0x3042, 0xE000, 0x2170, 0x6F3E, 0x63,
        ];
        assert_eq!(out[..12], expected);
        // A cut pair, no byte of Shift_JIS, a byte 0x7F after a leading one, pointer 752 (not in
        // the index).
        let none: [&[u8]; 6] = [b"", b"\x81", b"\xA0", b"\xFD", b"\x81\x7F", b"\x85\x40"];
        for src in none {
            let mut dst = Utf16Sink::new(&mut out);
            assert_eq!(write_fast(pairs, src, 0, &mut dst), 0, "{src:X?}");
        }
    }
}
